"""Reading the round: worlds in which Normal would have made every decision the other seats
made this round, for Hard's search in Tycoon and President.

Normal draws nothing, so each of its plays and passes tells something true of its hand
then: its hand now with the cards it has played since. A world dealt at random explains
few of them; one that explains them all is a draw from what the round has shown. Rejection
would deal such a world almost never, so a dealt world is mended instead: two cards of two
other hands are swapped, and the swap is kept when it leaves no more of those two seats'
decisions unexplained. Only the two seats' decisions are weighed again, in counts of ranks
(``counts.normal_choice``), with the hands kept in counts as they change, and of those only
the choices that read a count the swap moved (``counts.normal_reads``): the others stand.

Mending costs the search budget several playouts a world, so it pays only where the budget
leaves enough worlds (``search.MEND_FROM``; docs/BOTS.md has the figures).
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from operator import add
from typing import NamedTuple

from engine.core.actions import Pass, Play
from engine.core.cards import Card
from engine.families.climbing.bots.counts import (
    JOKERS,
    JOKERS_ONLY,
    SPADE,
    CountsGame,
    Hand,
    Reads,
    Set,
    count_hand,
    normal_choice,
    normal_reads,
    set_of,
    top_of,
)
from engine.families.climbing.bots.search import fewest_cards
from engine.families.climbing.rules.machine import apply
from engine.families.climbing.rules.state import (
    ClimbObservation,
    ClimbState,
    Phase,
    Transfer,
    sort_cards,
)

__all__ = ["CHECK_MOVES", "REMEMBERED_MOVES", "SWAPS", "TARGETED", "Decision", "RoundReading",
           "read_round"]

SWAPS = 150
"""Swaps tried to mend a world (about three in four of Tycoon's worlds then explain every
decision)."""
TARGETED = 0.3
"""How often a swap gives away a card of the rank behind a seat's latest unexplained
decision, rather than any card: 0.3 mended 78% of worlds at 89% of the cost of swapping at
random (75%); always targeting mended 55%."""
CHECK_MOVES = 1.5
"""A decision weighed, in the search budget's simulated moves: Normal's choice in counts, as
a playout move makes it, and what it read of the hand then. With the swap tried around it,
a charged move of mending then takes about as long as a playout's
(``python bench/mending_cost.py``)."""
REMEMBERED_MOVES = 0.12
"""A decision whose choice is known without weighing it: weighed before with the same
hand in the same search (it is looked up), or with the hand before a swap of two ranks the
choice did not read (``counts.normal_reads``)."""


class Decision(NamedTuple):
    """A decision another seat made this round: the cards it has played since (its hand
    then was its hand now and these), the play it answered (rank and size, size 0 when it
    led), the revolution, the fewest cards another player held, and the set it played
    (None for a pass)."""

    seat: int
    since: Hand
    top_rank: int
    size: int
    revolution: bool
    fewest: int
    chosen: Set | None


def read_round(game: CountsGame, observation: ClimbObservation, world: ClimbState,
               fixed: Mapping[int, Sequence[Card]]) -> "RoundReading | None":
    """The other seats' decisions this round, replayed from its first play in ``world``
    (any world the observation allows: the replay reads the table, not the hands), to mend
    worlds in which the cards ``fixed`` in a seat's hand stay there; None where the replay
    cannot follow the round (a bankruptcy, a gift mid-round)."""
    me, rules = observation.seat, observation.rules
    if observation.bankrupt is not None:
        return None  # its unseen cards left the round: the hand sizes before are unknown
    events = observation.events
    first = next((i for i, e in enumerate(events) if isinstance(e, Play | Pass)), len(events))
    if any(isinstance(e, Transfer) for e in events[first:]):
        return None  # a gift mid-round (Tycoon's bankruptcy with three players)
    moves = [e for e in events[first:] if isinstance(e, Play | Pass)]
    if not moves:
        return RoundReading(game, observation, [], fixed)
    played: list[list[Card]] = [[] for _ in range(observation.players)]
    for move in moves:
        if isinstance(move, Play):
            played[move.seat].extend(move.cards)
    state = replace(
        world, hands=tuple(sort_cards(rules, [*world.hands[s], *played[s]])
                           for s in range(observation.players)),
        phase=Phase.PLAY, to_act=moves[0].seat, trick=(), passed=frozenset(),
        revolution=False, out=(), fouled=(), bankrupt=None, owed=(), events=(),
        discards=())
    decisions: list[tuple[int, int, int, int, bool, int, Set | None]] = []
    for index, move in enumerate(moves):
        if move.seat != state.to_act:
            return None  # the round went where the replay cannot follow
        if move.seat != me:
            top_rank, size = top_of(game, state.top)
            decisions.append((move.seat, index, top_rank, size, state.revolution,
                              fewest_cards([len(h) for h in state.hands], move.seat),
                              set_of(game, move) if isinstance(move, Play) else None))
        state = apply(state, move)
    if state.hands != world.hands:  # the round moved cards the replay did not
        return None
    return RoundReading(game, observation, [
        Decision(seat, count_hand(game, [c for later in moves[index:]
                                         if isinstance(later, Play) and later.seat == seat
                                         for c in later.cards]),
                 top_rank, size, revolution, fewest, chosen)
        for seat, index, top_rank, size, revolution, fewest, chosen in decisions], fixed)


NO_SLOT = -1
Weighed = tuple[Set | None, Reads]
"""Normal's choice at a decision (None for a pass), and what it read of the hand then."""


class Traded(NamedTuple):
    """A hand's choices before a trade (``RoundReading.choices``), the slot it gave and the
    slot it took (neither the Jokers', which every choice reads)."""

    before: list[Weighed | None]
    gone: int
    come: int


def _blamed(choice: Set | None) -> int:
    """The slot of the cards behind a choice Normal should not have made: a play it would
    have made holds them; one it would not have made (a four broken, say) holds too many."""
    if choice is None:
        return NO_SLOT
    rank, naturals, _wild = choice
    return JOKERS if rank == JOKERS_ONLY or not naturals else rank


class RoundReading:
    """The other seats' decisions this round, and worlds mended to explain them."""

    def __init__(self, game: CountsGame, observation: ClimbObservation,
                 decisions: list[Decision], fixed: Mapping[int, Sequence[Card]]) -> None:
        self.game = game
        self.observation = observation
        # Per seat and hand (hashed once a weighing), Normal's choice at each decision and
        # what it read of the hand then.
        self.remembered: dict[int, dict[tuple[int, ...], list[Weighed | None]]] = {}
        self.decisions: dict[int, list[Decision]] = {}
        for decision in reversed(decisions):  # the latest first: they fail most often
            self.decisions.setdefault(decision.seat, []).append(decision)
        # Cards this seat gave that are still in their receiver's hand: never swapped.
        self.fixed = {seat: Counter(cards) for seat, cards in fixed.items()}

    def misfits(self, seat: int, hand: Hand, enough: int = 1 << 30,
                traded: Traded | None = None) -> tuple[int, float, int]:
        """How many of ``seat``'s decisions Normal holding ``hand`` now would not have made
        (counting stops past ``enough``); what weighing them cost, in simulated moves (a
        decision weighed before with the same hand is remembered, and so is one the
        ``traded`` hand weighed where the trade moved only counts it did not read); and
        the slot of a card likely to blame for the latest misfit (``NO_SLOT`` where none
        is)."""
        game = self.game
        misfits, weighings, lookups, suspect = 0, 0, 0, NO_SLOT
        choices = self.choices(seat, hand)
        for index, (_, since, top_rank, size, revolution, fewest, chosen) in enumerate(
                self.decisions.get(seat, ())):
            weighed = choices[index]
            if weighed is None and traded is not None:
                kept, gone, come = traded.before[index], traded.gone, traded.come
                if kept is not None and kept[1].keeps(gone, hand[gone] + since[gone], come,
                                                      hand[come] + since[come]):
                    weighed = choices[index] = kept
            if weighed is None:
                weighings += 1
                then = list(map(add, hand, since))
                choice = normal_choice(game, then, top_rank, size, revolution, fewest)
                weighed = choices[index] = (
                    choice, normal_reads(game, then, top_rank, size, revolution, choice))
            else:
                lookups += 1
            choice = weighed[0]
            if choice != chosen:
                if not misfits:
                    suspect = _blamed(choice if choice is not None else chosen)
                misfits += 1
                if misfits > enough:
                    break
        return misfits, weighings * CHECK_MOVES + lookups * REMEMBERED_MOVES, suspect

    def choices(self, seat: int, hand: Hand) -> list[Weighed | None]:
        """Normal's choice at each of ``seat``'s decisions holding ``hand`` and what it read
        to make it, as far as weighed (None where not yet): remembered per seat and hand, a
        hand hashed once a weighing."""
        remembered = self.remembered.setdefault(seat, {})
        key = tuple(hand)
        choices = remembered.get(key)
        if choices is None:
            choices = remembered[key] = [None] * len(self.decisions.get(seat, []))
        return choices

    def mend(self, world: ClimbState, rng: random.Random) -> tuple[ClimbState, int]:
        """``world`` with cards swapped between the other hands until every decision is
        explained, or ``SWAPS`` swaps have been tried; and what it cost, in simulated
        moves (``CHECK_MOVES`` a decision weighed)."""
        world, cost = self.mended(world, rng)
        return world, round(cost)

    def mended(self, world: ClimbState, rng: random.Random, swaps: int = SWAPS
               ) -> tuple[ClimbState, float]:
        """``mend``'s world, and what it cost, in simulated moves."""
        if not self.decisions:
            return world, 0
        game, me = self.game, self.observation.seat
        # Every other seat still holding cards trades; those with decisions are weighed.
        pool = [s for s in range(world.players) if s != me and world.hands[s]]
        seats = [s for s in pool if s in self.decisions]
        hands = {s: list(world.hands[s]) for s in pool}
        counts = {s: count_hand(game, hands[s]) for s in pool}
        per: dict[int, int] = {}
        suspects: dict[int, int] = {}
        weighed = 0.0
        for s in seats:
            per[s], checked, suspects[s] = self.misfits(s, counts[s])
            weighed += checked
        # Each weighed hand's choices, for a trade's hand to take those it cannot change.
        current = {s: self.choices(s, counts[s]) for s in pool}
        if len(pool) < 2:
            return world, weighed
        slots, low_spade = game.slots, game.low_spade
        for _ in range(swaps):
            unexplained = [s for s in seats if per[s]]
            if not unexplained:
                break
            a = unexplained[rng.randrange(len(unexplained))]
            b = pool[rng.randrange(len(pool) - 1)]
            if b == a:
                b = pool[-1]
            hand_a, hand_b = hands[a], hands[b]
            suspect = suspects[a]
            if suspect != NO_SLOT and counts[a][suspect] and rng.random() < TARGETED:
                blamed = [k for k, card in enumerate(hand_a) if slots[card] == suspect]
                i = blamed[rng.randrange(len(blamed))]
            else:
                i = rng.randrange(len(hand_a))
            j = rng.randrange(len(hand_b))
            card_a, card_b = hand_a[i], hand_b[j]
            if (slots[card_a] == slots[card_b] and low_spade not in (card_a, card_b)) or (
                    self._fixed(a, card_a) or self._fixed(b, card_b)):
                continue
            count_a = _traded(game, counts[a], card_a, card_b)
            count_b = _traded(game, counts[b], card_b, card_a)
            before = per[a] + per.get(b, 0)
            slot_a, slot_b = slots[card_a], slots[card_b]
            jokers = JOKERS in (slot_a, slot_b)
            new_a, checked, suspect_a = self.misfits(
                a, count_a, before, None if jokers else Traded(current[a], slot_a, slot_b))
            weighed += checked
            new_b, suspect_b = 0, NO_SLOT
            if new_a <= before and b in per:
                new_b, checked, suspect_b = self.misfits(
                    b, count_b, before - new_a,
                    None if jokers else Traded(current[b], slot_b, slot_a))
                weighed += checked
            if new_a + new_b <= before:
                hand_a[i], hand_b[j] = card_b, card_a
                counts[a], counts[b] = count_a, count_b
                current[a], current[b] = self.choices(a, count_a), self.choices(b, count_b)
                per[a], suspects[a] = new_a, suspect_a
                if b in per:
                    per[b], suspects[b] = new_b, suspect_b
        rules = self.observation.rules
        mended = tuple(sort_cards(rules, hands[s]) if s in hands else hand
                       for s, hand in enumerate(world.hands))
        return replace(world, hands=mended), weighed

    def _fixed(self, seat: int, card: Card) -> bool:
        """Whether ``card`` in ``seat``'s hand may be one this seat gave it (so it stays)."""
        given = self.fixed.get(seat)
        return bool(given and given[card])


def _traded(game: CountsGame, hand: Hand, gone: Card, come: Card) -> Hand:
    """A hand in counts with one card given for another."""
    traded = hand.copy()
    traded[game.slots[gone]] -= 1
    traded[game.slots[come]] += 1
    if gone == game.low_spade:
        traded[SPADE] = 0
    elif come == game.low_spade:
        traded[SPADE] = 1
    return traded
