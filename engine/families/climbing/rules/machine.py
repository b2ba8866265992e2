"""The climbing core shared by Tycoon, President and Matchstick Tycoon: its transitions.

It owns what the climbing games have in common: dealing through chance,
exchanges and gifts of cards, turns, passing, tricks, revolutions, going out,
places, rounds and scores. What differs between games (which sets exist, what
beats what, what a play does, titles and points, bankruptcy) comes from the
game's ``Rules`` object, which implements :class:`ClimbingRules` (``state``).

``step`` is pure: a state is a frozen value and a new one is returned.
What a seat may see of each step is decided in one place, ``state.seen_by``.
"""
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core.actions import (
    CHANCE,
    Action,
    Deal,
    Discard,
    Give,
    Pass,
    Play,
)
from engine.core.cards import Card
from engine.core.errors import GameOver, IllegalAction, NotYourTurn
from engine.core.evolve import evolve
from engine.core.language import _, n_
from engine.core.outcome import Outcome
from engine.core.rng import below, derive_seed, shuffled
from engine.families.climbing.rules.state import (
    DISCARD_PILE,
    SEEN_AS_THEY_ARE,
    ClimbingRules,
    ClimbObservation,
    ClimbState,
    Event,
    Owed,
    Phase,
    Skipped,
    Transfer,
    seen_by,
    sort_cards,
    without,
)

__all__ = [
    "apply", "chance_action", "initial_state", "legal_actions", "moves_of_cards",
    "observe", "outcome", "rankings", "seats_to_act", "step", "verify",
]

# ---------------------------------------------------------------- creation


def initial_state(rules: ClimbingRules, players: int, seed: int) -> ClimbState:
    """The game before its first deal (chance acts first)."""
    rules.check_players(players)
    return ClimbState(rules=rules, players=players, seed=seed,
                      scores=(rules.starting_score,) * players, sticks=(0,) * players)


def chance_action(state: ClimbState) -> Deal | None:
    """The deal that the seed makes now, or None when chance is not to act.

    The leader is fixed by the rules when they name one before the deal
    (President's Beggar), drawn otherwise; the hand sizes may depend on it.
    A leader that depends on the cards (the 2 of Hearts) is found after.
    """
    if state.phase is not Phase.DEAL:
        return None
    rules, places = state.rules, state.last_places
    rng = random.Random(derive_seed(state.seed, "deal", state.round_no))
    leader = rules.leader(None, places)
    if leader is None:
        leader = below(rng, state.players)
    sizes = rules.hand_sizes(state.players, places, leader, rng)
    deck = shuffled(rng, rules.deck())
    starts = [sum(sizes[:seat]) for seat in range(state.players)]
    hands = [deck[start:start + size] for start, size in zip(starts, sizes, strict=True)]
    fixed = rules.leader(hands, places)
    return Deal(tuple(map(tuple, hands)), leader if fixed is None else fixed)


# ---------------------------------------------------------------- legality


def moves_of_cards(state: "ClimbState", seat: int, cards: Sequence[str]) -> list[Action]:
    """Every move a seat's selection of cards (in notation) could make now, legal or not:
    a give when the seat owes cards, else the plays (one per value the cards can act as,
    in Matchstick Tycoon). Raises ``BadNotation`` for text that is not cards and
    ``IllegalAction`` for no cards (a pass is a move of its own)."""
    chosen = state.rules.parse_cards(" ".join(cards))
    if not chosen:
        raise IllegalAction(_("choose the cards to give") if state.phase is Phase.GIVE
                            else _("choose the cards to play"))
    if state.phase is Phase.GIVE:
        return [Give(seat, chosen)]
    return list(state.rules.plays_of_cards(seat, chosen)) or [Play(seat, chosen)]


def seats_to_act(state: "ClimbState") -> tuple[int, ...]:
    """The seat to act (``CHANCE`` for a deal), or none at the end."""
    return () if state.actor is None else (state.actor,)


def legal_actions(state: ClimbState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when it is not that seat's turn."""
    if seat != state.actor:
        return []
    if state.phase is Phase.DEAL:
        deal = chance_action(state)
        return [deal] if deal else []
    hand = state.hands[seat]
    if state.phase is Phase.GIVE:
        count = state.owed[0].count
        return [Give(seat, cards) for cards in dict.fromkeys(combinations(hand, count))]
    if not hand:
        return [Discard(seat)]
    plays = state.rules.legal_plays(state, seat)
    if state.trick or state.rules.all_pass:
        plays.append(Pass(seat))
    return plays


def verify(state: ClimbState, action: Action) -> None:
    """Raise an ``IllegalAction`` that says why, unless ``action`` is legal now."""
    if state.phase is Phase.OVER:
        raise GameOver(_("the game is over"))
    actor = state.actor
    if action.seat != actor:
        if actor == CHANCE:
            raise NotYourTurn(_("the cards are being dealt"))
        raise NotYourTurn(_("it is seat {actor}'s turn, not seat {seat}'s").format(
            actor=actor, seat=action.seat))
    if isinstance(action, Deal):
        _verify_deal(state, action)
        return
    hand = state.hands[action.seat]
    if isinstance(action, Give):
        if state.phase is not Phase.GIVE:
            raise IllegalAction(_("there is nothing to give now"))
        owed = state.owed[0]
        if len(action.cards) != owed.count:
            raise IllegalAction(_owing(owed, exactly=True))
        _check_held(hand, action.cards)
        return
    if state.phase is Phase.GIVE:
        raise IllegalAction(_("first {owing}").format(owing=_owing(state.owed[0])))
    if isinstance(action, Discard):
        if hand:
            raise IllegalAction(_("only a player with no cards left discards a matchstick"))
        return
    if not hand:
        raise IllegalAction(_("you have no cards left: discard a matchstick"))
    if isinstance(action, Pass):
        if not state.trick and not state.rules.all_pass:
            raise IllegalAction(_("you lead this trick, so you must play"))
        return
    _check_held(hand, action.cards)
    state.rules.check_play(state, action)


def _owing(owed: Owed, *, exactly: bool = False) -> str:
    """ "give 2 cards to seat 3", "discard exactly 1 card"."""
    n, seat = owed.count, owed.receiver
    if seat == DISCARD_PILE:
        return (n_("discard exactly {n} card", "discard exactly {n} cards", n) if exactly
                else n_("discard {n} card", "discard {n} cards", n)).format(n=n)
    return (n_("give exactly {n} card to seat {seat}", "give exactly {n} cards to seat {seat}", n)
            if exactly else n_("give {n} card to seat {seat}", "give {n} cards to seat {seat}",
                               n)).format(n=n, seat=seat)


def _verify_deal(state: ClimbState, deal: Deal) -> None:
    rules = state.rules
    if len(deal.hands) != state.players:
        raise IllegalAction(_("a deal has one hand for each of the {players} seats").format(
            players=state.players))
    if Counter(c for hand in deal.hands for c in hand) != Counter(rules.deck()):
        raise IllegalAction(_("a deal must hand out exactly the deck"))
    if not 0 <= deal.leader < state.players:
        raise IllegalAction(_("there is no seat {seat}").format(seat=deal.leader))
    fixed = rules.leader(deal.hands, state.last_places)
    if fixed is not None and deal.leader != fixed:
        raise IllegalAction(_("seat {fixed} leads this round, not seat {seat}").format(
            fixed=fixed, seat=deal.leader))
    sizes = tuple(map(len, deal.hands))
    # Which seats get the odd cards of a first deal is chance's to choose.
    expected = rules.hand_sizes(state.players, state.last_places, deal.leader, random.Random(0))
    if state.last_places is None:
        sizes, expected = tuple(sorted(sizes)), tuple(sorted(expected))
    if sizes != expected:
        raise IllegalAction(_("the hands must have {sizes} cards").format(
            sizes="/".join(map(str, expected))))


def _check_held(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> None:
    held = Counter(hand)
    for card, n in Counter(cards).items():
        if held[card] < n:
            if held[card] == 0:
                raise IllegalAction(_("you don't hold the {card}").format(card=card.name))
            raise IllegalAction(n_("you hold only {n} card {card}",
                                   "you hold only {n} cards {card}", held[card]).format(
                n=held[card], card=card.name))


# ---------------------------------------------------------------- transition


def step(state: ClimbState, action: Action) -> ClimbState:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if illegal."""
    verify(state, action)
    return apply(state, action)


def apply(state: ClimbState, action: Action) -> ClimbState:
    """``step`` without the legality check, for actions taken from ``legal_actions``."""
    if isinstance(action, Play):
        return _apply_play(state, action)
    if isinstance(action, Pass | Discard):
        return _apply_pass(state, action)
    if isinstance(action, Give):
        return _apply_give(state, action)
    return _apply_deal(state, action)



def _apply_deal(state: ClimbState, deal: Deal) -> ClimbState:
    rules = state.rules
    hands = [sort_cards(rules, hand) for hand in deal.hands]
    events: list[Event] = []
    owed: list[Owed] = []
    if state.last_places is not None:
        for debt in rules.exchanges(state.last_places):
            # The loser's highest cards go over by rule; the winner then chooses what to return.
            taken = hands[debt.giver][-debt.count:]
            hands[debt.giver] = hands[debt.giver][: -debt.count]
            hands[debt.receiver] = sort_cards(rules, hands[debt.receiver] + taken)
            events.append(Transfer(debt.giver, debt.receiver, debt.count, taken, chosen=False))
            owed.append(Owed(debt.receiver, debt.giver, debt.count))
    return evolve(
        state, phase=Phase.GIVE if owed else Phase.PLAY, hands=tuple(hands), dealt=deal.hands,
        to_act=deal.leader, trick=(), passed=frozenset(), revolution=False, back=False,
        lock=frozenset(), anticlockwise=False, out=(), fouled=(),
        bankrupt=None, owed=tuple(owed),
        sticks=(rules.starting_sticks,) * state.players, discards=(), events=tuple(events),
    )


def _apply_give(state: ClimbState, give: Give) -> ClimbState:
    owed = state.owed[0]
    hands = list(state.hands)
    hands[owed.giver] = without(hands[owed.giver], give.cards)
    discards = state.discards
    if owed.receiver == DISCARD_PILE:
        discards += give.cards
    else:
        hands[owed.receiver] = sort_cards(state.rules, hands[owed.receiver] + give.cards)
    rest = state.owed[1:]
    state = evolve(
        state, hands=tuple(hands), owed=rest, phase=Phase.GIVE if rest else Phase.PLAY,
        discards=discards,
        events=(*state.events, Transfer(owed.giver, owed.receiver, owed.count, give.cards, True)),
    )
    if not rest and all(isinstance(event, Transfer) for event in state.events):
        # The exchange is done: a leader the cards name (UECda's lowest Diamond) may have
        # changed hands in it.
        leader = state.rules.leader(state.hands, state.last_places)
        if leader is not None:
            state = evolve(state, to_act=leader)
    if state.in_round(owed.giver) or state.to_act is None:
        return state
    # A gift of one's last card mid-round (a bankruptcy gift, a 7-pass) is going out.
    state = evolve(state, out=(*state.out, owed.giver))
    if not rest:
        state = state.rules.after_going_out(state, owed.giver)
    if _players_in(state) <= 1:
        return _finish_round(state)
    # The turn moves on if it was the giver's, or a seat bankrupt by its going out.
    to_act = state.to_act
    if to_act is None or (to_act != owed.giver and state.in_round(to_act)):
        return state
    following = _next_seat(state, to_act, skip_passed=bool(state.trick))
    if state.trick and following in (None, state.trick[-1].seat):
        return _clear_trick(state, state.trick[-1].seat)
    return evolve(state, to_act=following)


def _players_in(state: ClimbState) -> int:
    return sum(1 for s in range(state.players) if state.in_round(s))


def _apply_pass(state: ClimbState, action: Pass | Discard) -> ClimbState:
    """A pass, or a discarded matchstick, which counts as a pass for ending the trick."""
    seat = action.seat
    events = (*state.events, action)
    if isinstance(action, Discard) or state.rules.pass_takes_stick:
        sticks = list(state.sticks)
        sticks[seat] += 1 if isinstance(action, Pass) else -1
        state = evolve(state, sticks=tuple(sticks))
        if not state.in_round(seat):
            state = evolve(state, out=(*state.out, seat))
            if _players_in(state) <= 1:
                return _finish_round(evolve(state, events=events))
    if state.rules.all_pass and _passes_in_a_row(events) >= PASSES_TO_END:
        return _finish_round(evolve(state, events=events), rest_at_random=True)
    if not state.trick and not state.rules.all_pass:
        # A leader with only matchsticks discards: the next seat leads.
        return evolve(state, events=events, to_act=_next_seat(state, seat, skip_passed=False))
    if not state.trick:
        # A leader passes (UECda's tricks): it sits the trick out as any pass does, as the
        # contest's server has it, and the next seat leads; once every seat still in has
        # passed, the passes clear and the lead comes back round to the first to pass.
        passed = state.passed | {seat}
        following = _next_seat(state, seat, skip_passed=True, passed=passed)
        if following is None:
            return evolve(state, passed=frozenset(), events=events,
                          to_act=_next_seat(state, seat, skip_passed=False))
        return evolve(state, passed=passed, events=events, to_act=following)
    passed = state.passed | {seat}
    last = state.trick[-1].seat
    following = _next_seat(state, seat, skip_passed=True, passed=passed)
    if following is None or (following == last and not state.rules.all_pass):
        # Everyone else has passed (or lost the turn to a skip): the trick is won; where
        # every player must pass first, the last player may play on before that.
        return _clear_trick(state, last, events=events)
    return evolve(state, passed=passed, events=events, to_act=following)


PASSES_TO_END = 20
"""Passes in a row that end a round where a leader may pass (UECda's tricks), the players
still in ranked at random, as the contest's server does."""


def _passes_in_a_row(events: tuple[Event, ...]) -> int:
    count = 0
    for event in reversed(events):
        if not isinstance(event, Pass):
            break
        count += 1
    return count



def _apply_play(state: ClimbState, play: Play) -> ClimbState:
    """A play, then the cards its player owes for it (7-pass, 10-discard)."""
    state = _play(state, play)
    passing, discarding = state.rules.owed_after(play)
    held = len(state.hands[play.seat]) if state.phase is Phase.PLAY else 0
    if not (passing or discarding) or not held:
        return state
    owed = []
    receiver = _next_seat(state, play.seat, skip_passed=False)
    if passing and receiver is not None:
        owed.append(Owed(play.seat, receiver, min(passing, held)))
        held -= owed[-1].count
    if discarding and held:
        owed.append(Owed(play.seat, DISCARD_PILE, min(discarding, held)))
    return evolve(state, phase=Phase.GIVE, owed=tuple(owed)) if owed else state


def _play(state: ClimbState, play: Play) -> ClimbState:
    rules, seat = state.rules, play.seat
    effect = rules.effect(play, state.top, state.revolution)
    if effect.reverses_turns:  # the turn goes on the new way round
        state = evolve(state, anticlockwise=not state.anticlockwise)
    hands = list(state.hands)
    hands[seat] = without(hands[seat], play.cards)
    sticks = state.sticks
    cost = rules.play_cost(play)
    if cost:
        sticks = (*sticks[:seat], sticks[seat] - cost, *sticks[seat + 1:])
    passed = state.passed if rules.pass_locks_out else frozenset()
    events = (*state.events, play)
    after = {"hands": tuple(hands), "trick": (*state.trick, play), "sticks": sticks,
             "passed": passed, "revolution": state.revolution != effect.revolution,
             "discards": state.discards + play.cards, "events": events}
    if effect.reverses_trick:  # an 11-back
        after["revolution"] = not after["revolution"]
        after["back"] = not state.back
    lock = rules.lock_after(play, state.top, state.lock)
    if lock is not state.lock:
        after["lock"] = lock
    if hands[seat] or sticks[seat]:
        # Still in: every other seat is as it was, so the turn moves on from the state
        # before, and the new state is made in one copy.
        following = None if effect.wins_trick else _next_seat(state, seat, skip_passed=True,
                                                               passed=passed)
        if following is not None and effect.skips_next:
            after["events"] = (*events, Skipped(following))
            following = _next_seat(state, following, skip_passed=True, passed=passed)
        if following is not None and following != seat:
            return evolve(state, to_act=following, **after)
        if rules.all_pass and not effect.wins_trick:  # the player may play on their own
            return evolve(state, to_act=seat, **after)
        # A winning play, or everyone else has passed (or lost the turn to a skip).
        return _clear_trick(evolve(state, **after), seat)
    state = rules.after_going_out(evolve(state, out=(*state.out, seat), **after), seat)
    if _players_in(state) <= 1:
        return _finish_round(state)
    following = None if effect.wins_trick else _next_seat(state, seat, skip_passed=True)
    if following is not None and effect.skips_next:
        state = evolve(state, events=(*state.events, Skipped(following)))
        following = _next_seat(state, following, skip_passed=True)
    if following is None:
        return _clear_trick(state, seat)
    return evolve(state, to_act=following)


def _clear_trick(state: ClimbState, last: int, **changes: Any) -> ClimbState:
    """End the trick: its last player leads next, or the next seat if that player is out.
    An 11-back ends with it, and a suit lock."""
    leader = last if state.in_round(last) else _next_seat(state, last, skip_passed=False)
    if state.back or state.lock:
        changes.update(revolution=state.round_revolution, back=False, lock=frozenset())
    return evolve(state, trick=(), passed=frozenset(), to_act=leader, **changes)


def _next_seat(state: ClimbState, seat: int, *, skip_passed: bool,
               passed: frozenset[int] | None = None) -> int | None:
    """The next seat after ``seat`` (clockwise, unless a 9-reverse turned play the other
    way) still in the round (and not passed)."""
    n, hands, sticks = state.players, state.hands, state.sticks
    passed = state.passed if passed is None else passed
    way = -1 if state.anticlockwise else 1
    for k in range(1, n):
        s = (seat + way * k) % n
        if (hands[s] or sticks[s]) and not (skip_passed and s in passed):
            return s
    return None


def _finish_round(state: ClimbState, *, rest_at_random: bool = False) -> ClimbState:
    rules = state.rules
    remaining = [s for s in range(state.players) if state.in_round(s)]
    if rest_at_random:
        remaining = shuffled(random.Random(derive_seed(state.seed, "passes", state.round_no)),
                             remaining)
    clean = [s for s in state.out if s not in state.fouled]
    places = (*clean, *remaining, *reversed(state.fouled))
    if state.bankrupt is not None:
        places = (*places, state.bankrupt)
    scores = list(state.scores)
    for place, seat in enumerate(places):
        scores[seat] += rules.points(place, state.players)
    over = rules.game_over(tuple(scores), len(state.places) + 1)
    return evolve(
        state, phase=Phase.OVER if over else Phase.DEAL, to_act=None, trick=(),
        passed=frozenset(), places=(*state.places, places), scores=tuple(scores),
        round_no=state.round_no if over else state.round_no + 1,
    )


# ---------------------------------------------------------------- outcome


def outcome(state: ClimbState) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    # Equal scores are ranked by the last round's places.
    return Outcome.of(state.scores, state.places[-1].index)


def rankings(state: ClimbState) -> tuple[tuple[int, ...], ...]:
    """Each finished round's places, as each seat's place (0 is first)."""
    return tuple(tuple(places.index(seat) for seat in range(state.players))
                 for places in state.places)


# ---------------------------------------------------------------- observation



def observe(state: ClimbState, seat: int) -> ClimbObservation:
    # Only the steps seen_by may hide anything go through it: an observation is made
    # for every action, and a round holds about a hundred events.
    events = tuple(event if isinstance(event, SEEN_AS_THEY_ARE) else seen_by(event, seat)
                   for event in state.events)
    return ClimbObservation(
        rules=state.rules, players=state.players, seat=seat, round_no=state.round_no,
        phase=state.phase, actor=state.actor, hand=state.hands[seat] if state.hands else (),
        dealt=state.dealt[seat] if state.dealt else (),
        hand_sizes=tuple(map(len, state.hands)) if state.hands else (0,) * state.players,
        trick=state.trick, passed=state.passed, revolution=state.revolution, back=state.back,
        lock=state.lock, anticlockwise=state.anticlockwise, out=state.out, fouled=state.fouled,
        bankrupt=state.bankrupt, owed=state.owed, sticks=state.sticks,
        events=events,
        places=state.places,
        scores=state.scores, legal=tuple(legal_actions(state, seat)),
    )
