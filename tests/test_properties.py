"""Properties of the engine that must hold in every game, found by Hypothesis.

A state machine plays random legal Tycoon games (every preset, 3 and 4
players, a few rounds each) and checks after every step that cards are
conserved, that ``verify`` accepts exactly the legal actions, that the checked
and unchecked paths agree, that an observation tells nothing about unseen
cards, that the game moves on within a bound, and that the log replays to the
same state. Notation round trips and never fails with anything but
``BadNotation``.
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

from engine import (
    CHANCE,
    PRESETS,
    Action,
    BadNotation,
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
from engine.cards import standard_deck
from engine.climbing import ClimbState, Phase, Transfer, evolve
from engine.log import GameRecord, read_log

# When a Hypothesis test fails, its pytest plugin imports libcst (if installed) to suggest a
# patch, and libcst's import warns; under "warnings are errors" that aborts the whole run.
ALL_CARDS = sorted(set(standard_deck(2)))
PLAYER_COUNTS = [3, 4]
TYCOON_PRESETS = sorted(name for name, rules in PRESETS.items() if rules.game == "tycoon")


def actions_per_round_bound(state: ClimbState) -> int:
    """No round can take more actions than this.

    Every play removes at least one card, a seat passes at most once per
    trick and every trick holds at least one play, so a round is at most
    (deck size) plays, (deck size) x (players - 1) passes and a few gifts.
    """
    return len(state.rules.deck()) * state.players + 10


def cards_in(action: Action) -> int:
    """How many cards an action puts down or gives (0 for a pass)."""
    return len(action.cards) if isinstance(action, Play | Give) else 0


def describe(state: ClimbState) -> str:
    """The position in a line, for failure messages."""
    return (f"round {state.round_no}, phase {state.phase.value}, actor {state.actor}, "
            f"hand sizes {[len(h) for h in state.hands]}, trick {[str(p) for p in state.trick]}, "
            f"passed {sorted(state.passed)}, out {list(state.out)}, bankrupt {state.bankrupt}, "
            f"owed {list(state.owed)}, past places {list(state.places)}")


def redeal_unseen_cards(state: ClimbState, seat: int, rng: random.Random) -> ClimbState:
    """``state`` with everything ``seat`` cannot see dealt again at random.

    The other seats' hands are shuffled among themselves (each keeps its size),
    and the cards of exchanges ``seat`` took no part in are replaced by others.
    """
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]]
    dealt = rng.sample(pool, len(pool))
    hands = list(state.hands)
    start = 0
    for s in others:
        size = len(hands[s])
        hands[s] = tuple(sorted(dealt[start:start + size], key=state.rules.card_key))
        start += size
    events = tuple(
        replace(e, cards=tuple(rng.sample(pool, min(e.count, len(pool)))))
        if isinstance(e, Transfer) and seat not in (e.giver, e.receiver) else e
        for e in state.events
    )
    return evolve(state, hands=tuple(hands), events=events)


def actions_to_try(state: ClimbState, rng: random.Random) -> list[Action]:
    """Well-formed actions of the seat to act, legal or not: subsets of its hand
    as plays and gifts, a pass, a card it does not hold."""
    actor = state.actor
    assert actor is not None and actor != CHANCE
    hand = state.hands[actor]
    tries: list[Action] = [Pass(actor)]
    for _ in range(6 if hand else 0):
        cards = tuple(rng.sample(hand, rng.randint(1, min(5, len(hand)))))
        tries += [Play(actor, cards), Give(actor, cards)]
    not_held = [card for card in ALL_CARDS if card not in hand]
    if not_held:
        tries.append(Play(actor, (rng.choice(not_held),)))
    return tries


def corrupted_deals(deal: Deal) -> list[Deal]:
    """Deals that chance may never make: a card twice, or the wrong first leader."""
    hands = [list(hand) for hand in deal.hands]
    twice = next(card for card in hands[1] if card not in hands[0])
    hands[0][0] = twice
    return [Deal(tuple(map(tuple, hands)), deal.leader),
            Deal(deal.hands, (deal.leader + 1) % len(deal.hands))]


class TycoonGames(RuleBasedStateMachine):
    """Random legal games of Tycoon, one after another, checked after every step."""

    def start(self, preset: str, players: int, seed: int, rounds: int) -> None:
        rules = make_rules("tycoon", preset, {"rounds": rounds})
        self.state = initial_state(rules, players, seed)
        self.record = GameRecord(rules, players, seed)
        self.actions_this_round = 0

    @initialize(preset=st.sampled_from(TYCOON_PRESETS), players=st.sampled_from(PLAYER_COUNTS),
                seed=st.integers(0, 2**32), rounds=st.integers(1, 3))
    def first_game(self, preset: str, players: int, seed: int, rounds: int) -> None:
        self.start(preset, players, seed, rounds)

    @precondition(lambda self: self.state.phase is Phase.OVER)
    @rule(preset=st.sampled_from(TYCOON_PRESETS), players=st.sampled_from(PLAYER_COUNTS),
          seed=st.integers(0, 2**32), rounds=st.integers(1, 3))
    def next_game(self, preset: str, players: int, seed: int, rounds: int) -> None:
        self.check_the_log_replays()
        self.start(preset, players, seed, rounds)

    @precondition(lambda self: self.state.phase is not Phase.OVER)
    @rule(data=st.data())
    def take_a_legal_action(self, data: st.DataObject) -> None:
        state = self.state
        actor = state.actor
        assert actor is not None
        legal = legal_actions(state, actor)
        assert legal, f"no legal action: {describe(state)}"
        if actor == CHANCE:
            action: Action | None = chance_action(state)
            assert legal == [action]
        else:
            # First the number of cards (0 for a pass), so that the rare big plays
            # (revolutions) come up as often as singles.
            size = data.draw(st.sampled_from(sorted({cards_in(a) for a in legal})), label="size")
            action = data.draw(st.sampled_from([a for a in legal if cards_in(a) == size]),
                               label="action")
        assert action is not None
        checked = step(state, action)
        assert checked == apply(state, action), f"step and apply disagree on {action}"
        self.state = checked
        self.record = self.record.with_action(action)
        self.actions_this_round = 0 if checked.round_no != state.round_no else (
            self.actions_this_round + 1)

    # ------------------------------------------------------------ after every step

    def rng(self, *labels: object) -> random.Random:
        return random.Random("/".join(map(str, (self.state.seed, len(self.record.actions),
                                                  *labels))))

    @invariant()
    def the_seat_to_act_holds_cards_and_has_a_legal_action(self) -> None:
        state = self.state
        actor = state.actor
        if actor is None or actor == CHANCE:
            return
        assert state.hands[actor], f"seat {actor} is to act with no cards: {describe(state)}"
        assert legal_actions(state, actor), f"no legal action: {describe(state)}"

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        if not state.hands:
            return  # before the first deal
        held = Counter(card for hand in state.hands for card in hand)
        assert held + Counter(state.discards) == Counter(state.rules.deck())

    @invariant()
    def the_round_ends_within_a_bound(self) -> None:
        assert self.actions_this_round <= actions_per_round_bound(self.state), describe(self.state)

    @invariant()
    def verify_accepts_every_legal_action_and_its_notation_reads_back(self) -> None:
        state = self.state
        if state.actor is None:
            return
        for action in legal_actions(state, state.actor):
            verify(state, action)
            assert parse_action(str(action)) == action

    @invariant()
    def verify_rejects_other_actions_of_the_seat_to_act(self) -> None:
        state = self.state
        actor = state.actor
        if actor is None or actor == CHANCE:
            return
        legal = legal_actions(state, actor)
        for action in actions_to_try(state, self.rng("try")):
            if action in legal:
                verify(state, action)
            else:
                with pytest.raises(IllegalAction):
                    verify(state, action)

    @invariant()
    def chance_makes_only_deals_of_the_whole_deck_to_the_right_leader(self) -> None:
        deal = chance_action(self.state)
        if deal is None:
            return
        for bad in corrupted_deals(deal):
            with pytest.raises(IllegalAction):
                verify(self.state, bad)

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
                if isinstance(event, Transfer) and seat not in (event.giver, event.receiver):
                    assert event.cards == (), f"seat {seat} sees an exchange it took no part in"
            other = redeal_unseen_cards(state, seat, self.rng("redeal", seat))
            assert observe(other, seat) == seen

    @invariant()
    def finished_rounds_rank_every_seat_once_and_score_their_points(self) -> None:
        state = self.state
        per_round = sum(state.rules.points(p, state.players) for p in range(state.players))
        for places in state.places:
            assert sorted(places) == list(range(state.players)), (
                f"a round's places {places} do not rank every seat once: {describe(state)}")
        assert sum(state.scores) == per_round * len(state.places)

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


def test_random_legal_games_keep_every_invariant() -> None:
    # No shrinking: replaying hundreds of checked steps makes it take minutes. A
    # failure prints every step of the game and the position in its message.
    run_state_machine_as_test(TycoonGames, settings=settings(
        max_examples=40, stateful_step_count=300, deadline=None,
        phases=[Stage.explicit, Stage.reuse, Stage.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))


# ---------------------------------------------------------------- notation


@given(st.sampled_from(ALL_CARDS))
def test_every_card_reads_back_from_its_notation(card):
    assert parse_card(str(card)) == card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=8))
def test_card_lists_read_back_from_their_notation(cards):
    assert parse_cards(" ".join(map(str, cards))) == tuple(cards)


NOTATION_PIECES = st.sampled_from(
    ["0", "1", "3", "9", ":", "*", " ", "|", ",", "deal", "give", "pass", "9c", "Th", "10s",
     "X", "jk", "²", "٣", "-1", "\t", "\n"])
NOTATION_LIKE = st.lists(NOTATION_PIECES | st.characters(), max_size=14).map("".join)


@given(st.text() | NOTATION_LIKE, st.sampled_from([None, 0, 2]))
@example("²:pass", None)
@example("*:deal ² | 2c", None)
@settings(max_examples=300)
def test_bad_notation_raises_only_bad_notation(text, seat):
    for read in (parse_card, parse_cards, lambda t: parse_action(t, seat)):
        with contextlib.suppress(BadNotation):
            read(text)


@given(st.text() | NOTATION_LIKE)
def test_whatever_notation_reads_writes_back_to_the_same_action(text):
    try:
        action = parse_action(text, 0)
    except ValueError:  # BadNotation, or another type that the test above reports
        return
    assert parse_action(str(action)) == action
