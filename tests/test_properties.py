"""Properties of the climbing games that must hold in every game, found by Hypothesis.

A state machine plays random legal games of every climbing preset (Tycoon,
President, Matchstick Tycoon) at every player count the game allows, a few
rounds each, and checks after every step that cards and matchsticks are
conserved, that ``verify`` accepts exactly the legal actions, that chance
deals only the whole deck to the right leader, that the checked and unchecked
paths agree, that an observation tells nothing about unseen cards, that a
round ends within a bound, that every legal action's notation reads back, and
that the log replays to the same state. Notation of every game round trips
and never fails with anything but ``BadNotation``.
"""

import contextlib
import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from test_house_rules import HOUSE_RULES, PRESIDENT_HOUSE_RULES

from engine import (
    CHANCE,
    Action,
    BadNotation,
    Card,
    Deal,
    GameOver,
    Give,
    IllegalAction,
    NotYourTurn,
    Pass,
    Play,
    apply,
    chance_action,
    initial_state,
    legal_actions,
    make_rules,
    observe,
    parse_action,
    parse_card,
    parse_cards,
    step,
    verify,
)
from engine.catalogue import GAMES, PRESETS
from engine.core.actions import CARD_ORDER, Discard
from engine.core.evolve import evolve
from engine.families.climbing.rules.machine import PASSES_TO_END
from engine.families.climbing.rules.matchstick import VALUES, MatchstickRules, StickPlay, cost, fit
from engine.families.climbing.rules.sequences import runs_of_cards
from engine.families.climbing.rules.state import DISCARD_PILE, ClimbState, Phase, Transfer
from engine.log import GameRecord, read_log

CLIMBING_GAMES = ("tycoon", "president", "matchstick")
CASES = [(preset, players) for preset, rules in PRESETS.items() if rules.game in CLIMBING_GAMES
         for players in GAMES[rules.game].players]
CASE_IDS = [f"{preset}-{players}p" for preset, players in CASES]
# Shared among the cases, so that more presets or player counts do not slow the file. Each
# case gets at least two games: Hypothesis' first is always its simplest (seed 0, fewest
# cards), the second is random.
TOTAL_EXAMPLES = 74
EXAMPLES_PER_CASE = max(2, TOTAL_EXAMPLES // len(CASES))
# Matchstick Tycoon's steps cost most (hundreds of legal plays to verify), so it takes fewer.
STEPS_PER_EXAMPLE = {"tycoon": 300, "president": 300, "matchstick": 175}
# Every card each game knows, in any of its presets (Jokers, the G and H faces), so that
# a preset without them is offered cards it cannot hold.
ALL_CARDS = {game: sorted({card for rules in PRESETS.values() if rules.game == game
                           for card in rules.deck()}, key=CARD_ORDER)
             for game in CLIMBING_GAMES}
MAX_PLAY = {"tycoon": 4, "president": 4, "matchstick": 5}
# The values each Matchstick Tycoon face can be played as, upright or turned.
MAKES = {face: frozenset(v for v in VALUES if fit(str(face), v) is not None)
         for face in ALL_CARDS["matchstick"]}


def actions_per_round_bound(state: ClimbState) -> int:
    """No round can take more actions than this.

    With D the cards dealt, P the players and s the matchsticks each starts with:

    - every play removes at least one card, so a round holds at most D plays;
    - a *wait* is a pass, or a matchstick discarded on a trick: between two plays
      each seat waits at most once (Tycoon and President: a pass locks the seat out
      until the trick ends, and every trick begins with a play; Matchstick Tycoon:
      a seat that waited is skipped until someone plays), so at most P x D waits;
    - a matchstick discarded, on a trick or leading one, spends a matchstick that
      either was dealt or was taken by a pass, so at most P x s + (passes, when
      passing takes a matchstick) <= P x s + P x D discards;
    - where a leader may pass (UECda's tricks), the passes on an empty table too: a run
      of passes ends the round at PASSES_TO_END, so at most PASSES_TO_END x (D + 1);
    - and a deal plus the gifts of the exchange and of a bankruptcy, under 10.

    Tycoon and President (s = 0, passes take nothing) get D + P x D + 10; Matchstick
    Tycoon D + 2 x P x D + P + 10.
    """
    rules, players = state.rules, state.players
    cards = len(rules.deck())
    discards = players * rules.starting_sticks + (players * cards if rules.pass_takes_stick
                                                    else 0)
    leader_passes = PASSES_TO_END * (cards + 1) if rules.all_pass else 0
    return cards + players * cards + discards + leader_passes + 10


def cards_in(action: Action) -> int:
    """How many cards an action puts down or gives (0 for a pass or a discard)."""
    return len(action.cards) if isinstance(action, Play | Give) else 0


def describe(state: ClimbState) -> str:
    """The position in a line, for failure messages."""
    return (f"{state.rules.game} {state.rules.options()}, {state.players} players, seed "
            f"{state.seed}, round {state.round_no}, phase {state.phase.value}, actor "
            f"{state.actor}, hand sizes {[len(h) for h in state.hands]}, matchsticks "
            f"{list(state.sticks)}, trick {[str(p) for p in state.trick]}, passed "
            f"{sorted(state.passed)}, out {list(state.out)}, bankrupt {state.bankrupt}, "
            f"owed {list(state.owed)}, past places {list(state.places)}")


def redeal_unseen_cards(state: ClimbState, seat: int, rng: random.Random) -> ClimbState:
    """``state`` with everything ``seat`` cannot see dealt again at random.

    The other seats' hands are shuffled among themselves (each keeps its size), so
    are the hands they were dealt (and in another order), and the cards of exchanges
    ``seat`` took no part in are replaced by others (cards given up to the discard pile
    are public).
    """
    others = [s for s in range(state.players) if s != seat]

    def shuffled_among_others(hands: tuple[tuple[Card, ...], ...]) -> list[tuple[Card, ...]]:
        pool = [card for s in others for card in hands[s]]
        cards = iter(rng.sample(pool, len(pool)))
        return [hand if s == seat else tuple(next(cards) for _ in hand)
                for s, hand in enumerate(hands)]

    hands = [hand if s == seat else tuple(sorted(hand, key=state.rules.card_key))
             for s, hand in enumerate(shuffled_among_others(state.hands))]
    pool = [card for s in others for card in state.hands[s]]
    events = tuple(
        replace(e, cards=tuple(rng.sample(pool, min(e.count, len(pool)))))
        if isinstance(e, Transfer) and seat not in (e.giver, e.receiver)
        and e.receiver != DISCARD_PILE else e
        for e in state.events
    )
    return evolve(state, hands=tuple(hands), dealt=tuple(shuffled_among_others(state.dealt)),
                  events=events)


def stick_plays_to_try(state: ClimbState, seat: int, cards: tuple[Card, ...],
                       rng: random.Random) -> list[Action]:
    """Matchstick plays of ``cards``: as a value drawn from all (which the cards may not
    make, or which may need the expansion), as a value every card can make, and as one
    every card can make but the seat cannot pay for."""
    rules = state.rules
    assert isinstance(rules, MatchstickRules)
    made = [v for v in rules.values if all(v in MAKES[c] for c in cards)]
    dear = [v for v in made if sum(cost(str(c), v) for c in cards) > state.sticks[seat]]
    values = [rng.choice(VALUES)] + [rng.choice(vs) for vs in (made, dear) if vs]
    return [StickPlay(seat, cards, value) for value in values]


def actions_to_try(state: ClimbState, rng: random.Random) -> list[Action]:
    """Well-formed actions of the seat to act, legal or not.

    Every game: a pass (illegal when leading), a matchstick discard (illegal while
    holding cards), random subsets of the hand as plays and gifts, one more copy of
    a card than the hand holds, and a card it does not hold. Matchstick Tycoon: the
    same cards as plays of chosen values (see ``stick_plays_to_try``); and with no
    cards left, plays and a pass, which a seat holding only matchsticks may not make.
    """
    actor = state.actor
    assert actor is not None and actor != CHANCE
    game = state.rules.game
    sticks = game == "matchstick"
    hand = state.hands[actor]
    tries: list[Action] = [Pass(actor), Discard(actor)]
    for _ in range(6 if hand else 0):
        cards = tuple(rng.sample(hand, rng.randint(1, min(MAX_PLAY[game] + 1, len(hand)))))
        tries += [Play(actor, cards), Give(actor, cards)]
        if getattr(state.rules, "sequences", False):
            tries += runs_of_cards(actor, cards, state.rules.ranks)  # type: ignore[attr-defined]
        if sticks:
            tries += stick_plays_to_try(state, actor, cards, rng)
    if hand:
        card = rng.choice(hand)
        extra = (card,) * (hand.count(card) + 1)
        tries.append(StickPlay(actor, extra, str(card)) if sticks else Play(actor, extra))
    not_held = [card for card in ALL_CARDS[game] if card not in hand]
    if not_held:  # a Matchstick Tycoon hand may hold every face
        card = rng.choice(not_held)
        tries += [Play(actor, (card,)), Give(actor, (card,))]
        if sticks:
            tries += [StickPlay(actor, (card,), str(card)),
                      StickPlay(actor, (card,), rng.choice(VALUES))]
    return tries


def corrupted_deal(deal: Deal) -> Deal:
    """A deal that chance may never make: one card more often than the deck holds it
    (and another card once less)."""
    hands = [list(hand) for hand in deal.hands]
    twice = next(card for hand in hands for card in hand if card != hands[0][0])
    hands[0][0] = twice
    return Deal(tuple(map(tuple, hands)), deal.leader)


def rotated_deal(deal: Deal, shift: int) -> Deal:
    """The same deal led by the seat ``shift`` places on, each hand moved with the lead
    (so that hand sizes that depend on the leader still fit)."""
    players = len(deal.hands)
    hands = [deal.hands[(seat - shift) % players] for seat in range(players)]
    return Deal(tuple(hands), (deal.leader + shift) % players)


class ClimbingGames(RuleBasedStateMachine):
    """Random legal games of one preset and player count, one after another, checked
    after every step. Subclasses (``machine_for``) name the preset and players."""

    preset: str
    players: int

    def __init__(self) -> None:
        super().__init__()
        self.notation_read_back: set[Action] = set()  # the same plays come up step after step
        self.legal_cache: tuple[ClimbState | None, list[Action]] = (None, [])

    def start(self, seed: int, rounds: int, house_rules: dict[str, object] | None = None
              ) -> None:
        game = PRESETS[self.preset].game
        # President has no number of rounds: its games end on the scores.
        options = {"rounds": rounds} if "rounds" in PRESETS[self.preset].options() else {}
        options |= house_rules or {}
        rules = make_rules(game, self.preset, options)
        self.state = initial_state(rules, self.players, seed)
        self.deck = Counter(rules.deck())
        self.bound = actions_per_round_bound(self.state)
        self.record = GameRecord(rules, self.players, seed)
        self.round_counts: Counter[str] = Counter()
        self.waits_since_a_play = 0
        self.passes_in_a_row = 0

    @initialize(seed=st.integers(0, 2**32), rounds=st.integers(1, 3))
    def first_game(self, seed: int, rounds: int) -> None:
        self.start(seed, rounds)

    @precondition(lambda self: self.state.phase is Phase.OVER)
    @rule(seed=st.integers(0, 2**32), rounds=st.integers(1, 3))
    def next_game(self, seed: int, rounds: int) -> None:
        self.check_the_log_replays()
        self.start(seed, rounds)

    @precondition(lambda self: self.state.phase is not Phase.OVER)
    @rule(data=st.data())
    def take_a_legal_action(self, data: st.DataObject) -> None:
        state = self.state
        actor = state.actor
        assert actor is not None
        legal = self.legal_now()
        assert legal, f"no legal action: {describe(state)}"
        if actor == CHANCE:
            action: Action | None = chance_action(state)
            assert legal == [action]
        else:
            # First the number of cards (0 for a pass or a discard), so that the rare big
            # plays (revolutions) come up as often as singles.
            size = data.draw(st.sampled_from(sorted({cards_in(a) for a in legal})), label="size")
            action = data.draw(st.sampled_from([a for a in legal if cards_in(a) == size]),
                               label="action")
        assert action is not None
        checked = step(state, action)
        assert checked == apply(state, action), f"step and apply disagree on {action}"
        self.state = checked
        self.record = self.record.with_action(action)
        self.count(state, action)
        if checked.round_no != state.round_no:
            self.round_counts = Counter()

    def count(self, before: ClimbState, action: Action) -> None:
        """Count the round's actions by kind, for ``actions_per_round_bound``."""
        if isinstance(action, Play):
            kind = "play"
            self.waits_since_a_play = 0
        elif isinstance(action, Pass | Discard) and before.trick:
            kind = "wait"
            self.waits_since_a_play += 1
        else:
            kind = "other"  # a deal, a gift, or a matchstick discarded by a leader
        self.round_counts[kind] += 1
        self.round_counts["all"] += 1
        self.round_counts["pass"] += isinstance(action, Pass)
        self.passes_in_a_row = self.passes_in_a_row + 1 if isinstance(action, Pass) else 0
        self.round_counts["discard"] += isinstance(action, Discard)

    # ------------------------------------------------------------ after every step

    def rng(self, *labels: object) -> random.Random:
        return random.Random("/".join(map(str, (self.state.seed, len(self.record.actions),
                                                  *labels))))

    def legal_now(self) -> list[Action]:
        """The legal actions of the seat to act now, computed once per state (Matchstick
        Tycoon lists hundreds of plays)."""
        state = self.state
        if self.legal_cache[0] is not state:
            actor = state.actor
            self.legal_cache = (state, [] if actor is None else legal_actions(state, actor))
        return self.legal_cache[1]

    @invariant()
    def the_seat_to_act_is_in_the_round_and_has_a_legal_action(self) -> None:
        state = self.state
        actor = state.actor
        if actor is None or actor == CHANCE:
            return
        legal = self.legal_now()
        assert legal, f"no legal action: {describe(state)}"
        if not state.hands[actor]:
            # Only a Matchstick Tycoon seat with matchsticks left stays in without cards.
            assert state.phase is Phase.PLAY and state.sticks[actor] > 0, (
                f"seat {actor} is to act with no cards: {describe(state)}")
            assert legal == [Discard(actor)]

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        if not state.hands:
            return  # before the first deal
        held = Counter(card for hand in state.hands for card in hand)
        assert held + Counter(state.discards) == self.deck, describe(state)

    @invariant()
    def matchsticks_are_never_negative_and_are_all_accounted_for(self) -> None:
        """Each seat starts the round with its matchsticks (none outside Matchstick
        Tycoon); a pass takes one from the supply, a discard spends one and a play its
        cost, so this round's events account for every seat's count."""
        state = self.state
        assert min(state.sticks) >= 0, describe(state)
        if not state.hands:
            assert state.sticks == (0,) * state.players
            return
        rules = state.rules
        expected = [rules.starting_sticks] * state.players
        for event in state.events:
            if isinstance(event, Play):
                expected[event.seat] -= rules.play_cost(event)
            elif isinstance(event, Discard):
                expected[event.seat] -= 1
            elif isinstance(event, Pass) and rules.pass_takes_stick:
                expected[event.seat] += 1
        assert list(state.sticks) == expected, describe(state)

    @invariant()
    def the_round_ends_within_a_bound(self) -> None:
        state, counts = self.state, self.round_counts
        cards, players = self.deck.total(), state.players
        assert counts["play"] <= cards, describe(state)
        assert counts["wait"] <= players * counts["play"], describe(state)
        assert self.waits_since_a_play <= players, describe(state)
        assert self.passes_in_a_row <= PASSES_TO_END, describe(state)
        assert counts["discard"] <= players * state.rules.starting_sticks + (
            counts["pass"] if state.rules.pass_takes_stick else 0), describe(state)
        assert counts["all"] <= self.bound, describe(state)

    @invariant()
    def verify_accepts_every_legal_action_and_its_notation_reads_back(self) -> None:
        state = self.state
        if state.actor is None:
            return
        legal = self.legal_now()
        assert len(set(legal)) == len(legal), f"an action listed twice: {describe(state)}"
        for action in legal:
            verify(state, action)
            if action not in self.notation_read_back:
                assert state.rules.parse_action(str(action)) == action, str(action)
                self.notation_read_back.add(action)

    @invariant()
    def verify_rejects_other_actions_of_the_seat_to_act(self) -> None:
        state = self.state
        actor = state.actor
        if actor is None or actor == CHANCE:
            return
        legal = set(self.legal_now())
        for action in actions_to_try(state, self.rng("try")):
            if action in legal:
                verify(state, action)
            else:
                with pytest.raises(IllegalAction):
                    verify(state, action)
                    pytest.fail(f"verify accepts {action} ({action!r}), which is not among "
                                f"the legal actions: {describe(state)}")

    @invariant()
    def chance_deals_the_whole_deck_and_fixes_the_leader_only_where_the_rules_do(self) -> None:
        state = self.state
        deal = chance_action(state)
        if deal is None:
            return
        with pytest.raises(IllegalAction):
            verify(state, corrupted_deal(deal))
        fixed = state.rules.leader(deal.hands, state.last_places)
        if fixed is not None:  # Tycoon's lowest Heart or Beggar, President's Beggar
            assert deal.leader == fixed, describe(state)
            with pytest.raises(IllegalAction):
                verify(state, Deal(deal.hands, (fixed + 1) % state.players))
        else:  # drawn by chance: any seat may lead
            for shift in range(1, state.players):
                verify(state, rotated_deal(deal, shift))

    @invariant()
    def only_the_seat_to_act_may_act(self) -> None:
        state = self.state
        for seat in range(state.players):
            if seat == state.actor:
                continue
            assert legal_actions(state, seat) == []
            wrong = GameOver if state.phase is Phase.OVER else NotYourTurn
            with pytest.raises(wrong):
                verify(state, Pass(seat))
            with pytest.raises(wrong):
                verify(state, Discard(seat))
            if state.hands and state.hands[seat]:
                with pytest.raises(wrong):
                    verify(state, Play(seat, state.hands[seat][:1]))
        if state.actor != CHANCE and state.phase is not Phase.OVER:
            with pytest.raises(NotYourTurn):
                verify(state, Deal(state.hands, 0))

    @invariant()
    def observations_do_not_change_when_unseen_cards_are_redealt(self) -> None:
        state = self.state
        if not state.hands:
            return
        for seat in range(state.players):
            seen = observe(state, seat)
            for event in seen.events:
                if (isinstance(event, Transfer) and seat not in (event.giver, event.receiver)
                        and event.receiver != DISCARD_PILE):
                    assert event.cards == (), f"seat {seat} sees an exchange it took no part in"
            other = redeal_unseen_cards(state, seat, self.rng("redeal", seat))
            assert observe(other, seat) == seen

    @invariant()
    def each_seat_sees_its_hand_in_the_order_it_came(self) -> None:
        """As dealt, then as handed over: every card of the hand, once; and while the
        seat has given and been given nothing, in the deal's order."""
        state = self.state
        for seat in range(state.players):
            seen = observe(state, seat)
            in_order = seen.hand_as_dealt()
            assert Counter(in_order) == Counter(seen.hand), describe(state)
            if state.dealt and not any(isinstance(e, Transfer) and seat in (e.giver, e.receiver)
                                       for e in state.events):
                dealt = iter(state.dealt[seat])
                assert all(card in dealt for card in in_order), describe(state)

    @invariant()
    def finished_rounds_rank_every_seat_once_and_score_their_points(self) -> None:
        state = self.state
        rules = state.rules
        per_round = sum(rules.points(p, state.players) for p in range(state.players))
        for places in state.places:
            assert sorted(places) == list(range(state.players)), (
                f"a round's places {places} do not rank every seat once: {describe(state)}")
        assert sum(state.scores) == (rules.starting_score * state.players
                                     + per_round * len(state.places))

    def check_the_log_replays(self) -> None:
        assert self.record.replay() == self.state
        text = json.dumps(self.record.to_json(self.state))
        record, state = read_log(text)
        assert record == self.record
        assert state == self.state

    @invariant()
    def the_log_replays_at_the_end_of_each_round(self) -> None:
        if self.state.phase in (Phase.DEAL, Phase.OVER) and self.record.actions:
            self.check_the_log_replays()

    def teardown(self) -> None:
        self.check_the_log_replays()


class TycoonHouseRuleGames(ClimbingGames):
    """Random legal games of Tycoon under a random set of its options."""

    preset = "tycoon-seed"
    players = 4

    @initialize(seed=st.integers(0, 2**32), rounds=st.integers(1, 3), house_rules=HOUSE_RULES,
                players=st.sampled_from([3, 4, 5]))
    def first_game(self, seed: int, rounds: int,  # type: ignore[override]
                   house_rules: dict[str, object], players: int) -> None:
        self.players = players
        self.start(seed, rounds, house_rules)

    @precondition(lambda self: self.state.phase is Phase.OVER)
    @rule(seed=st.integers(0, 2**32), rounds=st.integers(1, 3), house_rules=HOUSE_RULES)
    def next_game(self, seed: int, rounds: int,  # type: ignore[override]
                  house_rules: dict[str, object]) -> None:
        self.check_the_log_replays()
        self.start(seed, rounds, house_rules)


class PresidentHouseRuleGames(TycoonHouseRuleGames):
    """Random legal games of President under a random set of its options."""

    preset = "president-bga"

    @initialize(seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
                house_rules=PRESIDENT_HOUSE_RULES, players=st.sampled_from([4, 5, 8]))
    def first_game(self, seed: int, rounds: int,  # type: ignore[override]
                   house_rules: dict[str, object], players: int) -> None:
        self.players = players
        self.start(seed, rounds, house_rules)

    @precondition(lambda self: self.state.phase is Phase.OVER)
    @rule(seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
          house_rules=PRESIDENT_HOUSE_RULES)
    def next_game(self, seed: int, rounds: int,  # type: ignore[override]
                  house_rules: dict[str, object]) -> None:
        self.check_the_log_replays()
        self.start(seed, rounds, house_rules)


@pytest.mark.parametrize("machine", [TycoonHouseRuleGames, PresidentHouseRuleGames])
def test_random_legal_games_under_random_house_rules_keep_every_invariant(machine) -> None:
    run_state_machine_as_test(machine, settings=settings(
        max_examples=30, stateful_step_count=STEPS_PER_EXAMPLE["tycoon"],
        phases=[Stage.explicit, Stage.reuse, Stage.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.large_base_example]))


def machine_for(preset: str, players: int) -> type[ClimbingGames]:
    name = f"ClimbingGames_{preset.replace('-', '_')}_{players}p"
    return type(name, (ClimbingGames,), {"preset": preset, "players": players})


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_random_legal_games_keep_every_invariant(preset: str, players: int) -> None:
    # No shrinking: replaying hundreds of checked steps makes it take minutes. A
    # failure prints every step of the game and the position in its message.
    run_state_machine_as_test(machine_for(preset, players), settings=settings(
        max_examples=EXAMPLES_PER_CASE, stateful_step_count=STEPS_PER_EXAMPLE[PRESETS[preset].game],
        phases=[Stage.explicit, Stage.reuse, Stage.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.large_base_example]))


# ---------------------------------------------------------------- notation

ONE_RULES_PER_GAME = [PRESETS[next(p for p, _ in CASES if PRESETS[p].game == game)]
                      for game in CLIMBING_GAMES]


@given(st.sampled_from(ALL_CARDS["tycoon"]))
def test_every_card_reads_back_from_its_notation(card):
    assert parse_card(str(card)) == card


@pytest.mark.parametrize("game", CLIMBING_GAMES)
@given(data=st.data())
def test_every_games_card_lists_read_back_from_their_notation(game, data):
    cards = data.draw(st.lists(st.sampled_from(ALL_CARDS[game]), max_size=8))
    rules = ONE_RULES_PER_GAME[CLIMBING_GAMES.index(game)]
    assert rules.parse_cards(" ".join(map(str, cards))) == tuple(cards)


NOTATION_PIECES = st.sampled_from(
    ["0", "1", "3", "9", ":", "*", " ", "|", ",", "deal", "give", "pass", "discard", "9c",
     "Th", "10s", "X", "jk", "²", "٣", "-1", "\t", "\n", ">", "~", "1>7", "3~E", "8>1", "G",
     "h", "e"])
NOTATION_LIKE = st.lists(NOTATION_PIECES | st.characters(), max_size=14).map("".join)


@given(st.text() | NOTATION_LIKE, st.sampled_from([None, 0, 2]))
@example("²:pass", None)
@example("*:deal ² | 2c", None)
@settings(max_examples=300)
def test_bad_notation_raises_only_bad_notation(text, seat):
    readers = [parse_card, parse_cards, lambda t: parse_action(t, seat)]
    for rules in ONE_RULES_PER_GAME:
        readers += [rules.parse_cards, lambda t, rules=rules: rules.parse_action(t, seat)]
    for read in readers:
        with contextlib.suppress(BadNotation):
            read(text)


@given(st.text() | NOTATION_LIKE, st.sampled_from(ONE_RULES_PER_GAME))
def test_whatever_notation_reads_writes_back_to_the_same_action(text, rules):
    try:
        action = rules.parse_action(text, 0)
    except ValueError:  # BadNotation, or another type that the test above reports
        return
    assert rules.parse_action(str(action)) == action

