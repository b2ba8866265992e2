"""Hands and plays in counts of cards, and the choices the bots make on them, for the quick
playouts of Tycoon and President (engine.families.climbing.bots.playout).

In these two games a card's suit never matters in play but for Tycoon's low Spade, so a
hand is how many cards of each rank it holds, its Jokers, and whether it holds the low
Spade; a play is a rank, a number of natural cards and a number of Jokers. Normal's
choice (``normal_choice``) is made over those in the order the engine lists the sets, as
``policies.normal_move`` makes it over cards (tests/test_playout.py checks it against
its original, move for move); the learned policy's is in counts_learned.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.core.actions import Action, Play
from engine.core.cards import JOKER, JOKER_STRENGTH, Card
from engine.families.climbing.bots.house_tactics import LUCKY_HELD_SETS
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT

__all__ = [
    "FINISHING_SETS",
    "JOKERS",
    "JOKERS_ONLY",
    "NO_LUCKY_RANK",
    "NO_SEAT",
    "RANKS",
    "SIZE",
    "SPADE",
    "CountsGame",
    "Hand",
    "Reads",
    "Set",
    "beatable",
    "cards_out",
    "count_hand",
    "finishing_play",
    "finishing_set",
    "hard_choice",
    "normal_choice",
    "normal_gift",
    "normal_reads",
    "normal_v1_of",
    "set_of",
    "sets_to_play",
    "top_of",
]

RANKS = 13
# Hard looks for a finish once its hand is down to this many sets: with more, all but one
# are almost never unbeatable (5 of the 267 finishes in 300 of Tycoon's playouts had
# more), and counting the cards out at each of its moves slowed its playouts by half.
FINISHING_SETS = 4
JOKERS_ONLY = -1  # the rank of a play of Jokers alone
NO_SEAT = -1
NO_LUCKY_RANK = -2  # no rank, not even JOKERS_ONLY

Hand = list[int]
"""A hand: how many cards of each rank (weakest first in the natural order), then its
Jokers at ``JOKERS``, then 1 at ``SPADE`` if it holds Tycoon's low Spade, then its size at
``SIZE``."""
JOKERS, SPADE, SIZE = RANKS, RANKS + 1, RANKS + 2

Set = tuple[int, int, int]
"""A play: its rank (``JOKERS_ONLY`` for Jokers alone), natural cards, Jokers."""

# The plays without Jokers a leader holding ``count`` cards of ``rank`` has, smallest first.
_ALONE = [[[(rank, naturals, 0) for naturals in range(1, count + 1)] for count in range(5)]
          for rank in range(RANKS)]


@dataclass(frozen=True, slots=True)
class CountsGame:
    """The rules a playout in counts plays by."""

    slots: dict[Card, int]  # each card's place in a hand: its rank index (weakest 0), or JOKERS
    wild_jokers: bool  # Tycoon's Jokers: wild in sets, one or two alone; else a trump single
    low_spade: Card | None  # the one card that beats a lone wild Joker
    lucky: int  # the rank whose plays win the trick at once, or NO_LUCKY_RANK
    lucky_tactics: bool  # Normal plays the tactics of a lucky rank the table chose
    skip: bool  # a play matching the last one's rank skips the next player
    bankruptcy: bool  # the last Tycoon must go out first from the second round
    averages: tuple[float, float]  # the deck's mean strength without and with a revolution
    # Each rank's strength from 0 to 1 as the learned policy's features scale it, without
    # and with a revolution.
    scaled: tuple[tuple[float, ...], tuple[float, ...]]



# ---------------------------------------------------------------- Normal's choice


def sets_to_play(game: CountsGame, hand: Hand, top_rank: int, size: int, revolution: bool
                 ) -> list[Set]:
    """The legal sets, one of each kind, in the order the engine lists them first, to
    answer a play of ``size`` cards of ``top_rank`` (or to lead, when ``size`` is 0)."""
    plays: list[Set] = []
    jokers = hand[JOKERS]
    if game.wild_jokers:
        if not size:
            for rank in range(RANKS):
                count = hand[rank]
                if not count:
                    continue
                if not jokers:
                    plays.extend(_ALONE[rank][count])
                    continue
                for naturals in range(1, count + 1):
                    plays.append((rank, naturals, 0))
                    for wild in range(1, (jokers if jokers < 4 - naturals else 4 - naturals) + 1):
                        plays.append((rank, naturals, wild))
            for wild in range(1, (jokers if jokers < 2 else 2) + 1):
                plays.append((JOKERS_ONLY, 0, wild))
            return plays
        if top_rank == JOKERS_ONLY:
            return [(0, 1, 0)] if size == 1 and hand[SPADE] else []
        for rank in range(top_rank) if revolution else range(top_rank + 1, RANKS):
            count = hand[rank]
            if count:
                for wild in range(min(jokers, size - 1) + 1):
                    if count >= size - wild:
                        plays.append((rank, size - wild, wild))
        if size <= min(jokers, 2):
            plays.append((JOKERS_ONLY, 0, size))
        return plays
    if not size:
        for rank in range(RANKS):
            plays.extend(_ALONE[rank][hand[rank]])
    elif top_rank != JOKERS_ONLY:
        best = 0 if revolution else RANKS - 1
        for rank in range(RANKS):
            if hand[rank] >= size and (
                    (rank < top_rank if revolution else rank > top_rank)
                    or (game.skip and rank == top_rank and rank != best)):
                plays.append((rank, size, 0))
    if jokers and (not size or top_rank != JOKERS_ONLY):
        plays.append((JOKERS_ONLY, 0, 1))
    return plays


def normal_choice(game: CountsGame, hand: Hand, top_rank: int, size: int, revolution: bool,
                  fewest: int) -> Set | None:
    """``normal_move``'s choice in counts (None for a pass)."""
    plays = sets_to_play(game, hand, top_rank, size, revolution)
    lucky = game.lucky
    if plays and game.lucky_tactics and hand[lucky]:  # house_tactics' for a lucky rank
        kinds = sum(1 for rank in range(RANKS) if hand[rank]) + (hand[JOKERS] > 0)
        whole = (lucky, hand[lucky], 0)
        if kinds == 2 and not hand[JOKERS] and whole in plays:
            return whole  # it clears the trick, and the last set goes out on the lead
        if not size and kinds > LUCKY_HELD_SETS:
            plays = [p for p in plays if p[0] != lucky] or plays
    return normal_v1_of(game, hand, plays, size, revolution, fewest)


class Reads(NamedTuple):
    """What ``normal_choice`` read of a hand then to make a choice: the Jokers, and the
    counts of the ranks from ``low`` to ``high``, each only as far as whether it is under
    ``fewer``, each count from ``fewer`` to ``more``, over ``more``, or four; and of every
    other rank only whether it holds more than ``spare`` cards."""

    low: int
    high: int
    spare: int
    fewer: int
    more: int

    def keeps(self, gone: int, gone_left: int, come: int, come_held: int) -> bool:
        """Whether the choice stands after a trade that left the hand then ``gone_left``
        cards of slot ``gone`` and ``come_held`` of slot ``come`` (neither the Jokers'):
        it moved no count the choice read."""
        low, high, spare, fewer, more = self
        if low <= come <= high:
            if not (come_held < fewer or (more < come_held - 1 and come_held != 4)):
                return False
        elif come_held > spare:
            return False
        return not low <= gone <= high or gone_left + 1 < fewer or (
            more < gone_left and gone_left != 3)


_EVERY_RANK = Reads(0, RANKS, -1, 0, 4)
_ANY_COUNT = 4  # more cards than any rank holds


def normal_reads(game: CountsGame, hand: Hand, top_rank: int, size: int, revolution: bool,
                 choice: Set | None) -> Reads:
    """What ``normal_choice`` read of ``hand`` (the hand then) to choose ``choice``
    answering ``size`` cards of ``top_rank`` (or leading, when ``size`` is 0).

    Answering, it reads the ranks from the top's to its choice's (to the strongest where it
    passed or broke a set): a set no stronger than the top cannot answer, and a whole set
    never comes after a stronger one. Of those it reads only whether a rank can make the
    play with the Jokers it may add, with which naturals, and whether it splits a set or
    breaks a four. Leading with no set of four to make (a revolution weighs the whole
    hand), it leads its weakest rank whole, so it reads the ranks up to that one, and any
    rank that would make a four. A play of four, Jokers alone on top and the lucky rank's
    tactics (they count every kind held) read everything."""
    if game.lucky_tactics or size == 4 or (size and top_rank == JOKERS_ONLY):
        return _EVERY_RANK
    whole = (choice is not None and not choice[2] and choice[0] != JOKERS_ONLY
             and hand[choice[0]] == choice[1])
    strongest = 0 if revolution else RANKS - 1
    if size:
        last = choice[0] if choice is not None and whole else strongest
        low, high = (last, top_rank) if revolution else (top_rank, last)
        wild = min(hand[JOKERS], size - 1) if game.wild_jokers else 0
        return Reads(low, high, _ANY_COUNT, size - wild, size)
    if choice is None or not whole:
        return _EVERY_RANK
    spare = 3 - (hand[JOKERS] if game.wild_jokers else 0)
    if max(hand[:RANKS]) > spare:
        return _EVERY_RANK
    led = choice[0]
    return Reads(led, RANKS - 1, spare, 0, 4) if revolution else Reads(0, led, spare, 0, 4)


def normal_v1_of(game: CountsGame, hand: Hand, plays: list[Set], size: int, revolution: bool,
                 fewest: int) -> Set | None:
    """``policies.normal_v1_move``'s choice among ``plays``, the legal sets
    (``sets_to_play``): the rule text's Normal."""
    if not plays:
        return None

    def strength(play: Set) -> int:
        rank = play[0]
        if rank == JOKERS_ONLY:
            return JOKER_STRENGTH
        return -rank if revolution else rank

    choices = plays
    revolts = [p for p in plays if p[1] + p[2] == 4]
    if revolts:
        revolt = min(revolts, key=strength)
        total = count = 0
        for rank in range(RANKS):
            total += hand[rank] * rank
            count += hand[rank]
        total -= revolt[1] * revolt[0]
        count -= revolt[1]
        if revolution:
            total = -total
        if count and total / count < game.averages[revolution]:
            return revolt
        if hand[SIZE] > 4:  # a strong hand keeps its four of a kind
            choices = [p for p in plays if p[1] + p[2] != 4]
    move = _greedy(game, hand, choices, revolution, size > 0)
    if move is None and fewest <= ABOUT_TO_GO_OUT:
        return min(plays, key=lambda p: (strength(p), -p[1] - p[2]))
    return move


def normal_gift(hand: Hand, revolution: bool) -> int:
    """Normal's gift of one card: its first in hand order, the weakest (its rank, or
    ``JOKERS_ONLY`` for a Joker)."""
    return next((r for r in range(RANKS) if hand[r]), JOKERS_ONLY)


def _greedy(game: CountsGame, hand: Hand, plays: list[Set], revolution: bool, can_pass: bool
            ) -> Set | None:
    """``greedy_move``'s choice (None for a pass): the weakest set that splits nothing,
    biggest first; no Joker and no broken four of a kind but near the end."""
    endgame = hand[SIZE] <= 4
    best: tuple[int, int, int] | None = None
    chosen: Set | None = None
    cheapest: tuple[int, int, int] | None = None
    fallback: Set | None = None
    for play in plays:
        rank, naturals, wild = play
        if rank == JOKERS_ONLY:
            cost = (0, JOKER_STRENGTH, -wild)
            wasteful = True
        else:
            count = hand[rank]
            cost = (int(count > naturals), -rank if revolution else rank, -naturals - wild)
            wasteful = wild > 0 or (naturals + wild < 4 and count == 4)
        if endgame or not wasteful:
            if best is None or cost < best:
                best, chosen = cost, play
        elif cheapest is None or cost < cheapest:
            cheapest, fallback = cost, play
    if chosen is not None:
        return chosen
    return None if can_pass else fallback


def top_of(game: CountsGame, top: Play | None) -> tuple[int, int]:
    """The rank and size of the play to beat (size 0 when leading)."""
    if top is None:
        return JOKERS_ONLY, 0
    natural = next((game.slots[c] for c in top.cards if c != JOKER), JOKERS_ONLY)
    return natural, len(top.cards)


def set_of(game: CountsGame, play: Play) -> Set:
    """A play in counts: its rank, natural cards and Jokers."""
    naturals = [c for c in play.cards if c != JOKER]
    rank = game.slots[naturals[0]] if naturals else JOKERS_ONLY
    return rank, len(naturals), len(play.cards) - len(naturals)


def count_hand(game: CountsGame, cards: Sequence[Card]) -> Hand:
    hand = [0] * (SIZE + 1)
    slots = game.slots
    for card in cards:
        hand[slots[card]] += 1
    if game.low_spade is not None and game.low_spade in cards:
        hand[SPADE] = 1
    hand[SIZE] = len(cards)
    return hand


# ---------------------------------------------------------------- Hard's own finish


def beatable(game: CountsGame, out: Hand, rank: int, size: int, revolution: bool) -> bool:
    """Whether the cards still out (``out``: every other hand together, as anyone counting
    the cards played knows them) hold a play that beats ``size`` cards of ``rank``. The
    lucky rank wins the trick at once, so nothing beats it; a revolution or a skip by
    another player is not foreseen."""
    return _beaten(game, out, _threats(game, out, revolution), rank, size, revolution)


def _threats(game: CountsGame, out: Hand, revolution: bool) -> list[int]:
    """For each size from 1 to 4, the strength (0 for the weakest rank in the order of the
    moment) of the strongest set of natural cards, Jokers wild where they are, the cards
    out can make; -1 where they make none."""
    jokers = out[JOKERS] if game.wild_jokers else 0
    strongest = [-1] * 5
    for rank in range(RANKS):
        held = out[rank]
        if held:
            strength = RANKS - 1 - rank if revolution else rank
            for size in range(1, min(held + jokers, 4) + 1):
                if strength > strongest[size]:
                    strongest[size] = strength
    return strongest


def _beaten(game: CountsGame, out: Hand, threats: list[int], rank: int, size: int,
            revolution: bool) -> bool:
    """``beatable``, with the cards out's ``_threats`` worked out once."""
    if rank == game.lucky:
        return False
    jokers = out[JOKERS]
    if rank == JOKERS_ONLY:
        return game.wild_jokers and size == 1 and out[SPADE] > 0
    if game.wild_jokers:
        if size <= 2 and jokers >= size:
            return True
    elif size == 1 and jokers:
        return True
    return threats[size] > (RANKS - 1 - rank if revolution else rank)


def _sets_held(game: CountsGame, hand: Hand) -> list[Set]:
    """A hand as the sets it would play whole: each rank's cards, and its Jokers (together
    where they are wild, else each a trump single)."""
    sets = [(rank, hand[rank], 0) for rank in range(RANKS) if hand[rank]]
    jokers = hand[JOKERS]
    if jokers:
        sets.extend([(JOKERS_ONLY, 0, jokers)] if game.wild_jokers
                     else [(JOKERS_ONLY, 0, 1)] * jokers)
    return sets


def finishing_set(game: CountsGame, out: Hand, hand: Hand, top_rank: int, size: int,
                  revolution: bool) -> Set | None:
    """The play that sees the hand out, when counting the cards still out (``out``) shows
    one: a set nothing out can beat keeps the lead, so while at most one of the hand's
    sets could be beaten, the unbeatable ones go first and the last set after them. None
    when there is no such plan (or the hand is one set or more than ``FINISHING_SETS``,
    or it needs a revolution), and the usual judgement decides.

    Leading, it is the weakest unbeatable set; answering, the weakest play that nothing
    out can beat and after which at most one beatable set is left."""
    held = _sets_held(game, hand)
    if not 2 <= len(held) <= FINISHING_SETS:
        return None
    threats = _threats(game, out, revolution)
    beaten = [_beaten(game, out, threats, rank, naturals + wild, revolution)
              for rank, naturals, wild in held]
    # A play changes one rank's set and the Jokers' at most: with more than three sets
    # out there to beat, no play leaves one (checked first, since Hard asks every move).
    if sum(beaten) > (1 if not size else 3):
        return None

    def strength(play: Set) -> int:
        rank = play[0]
        if rank == JOKERS_ONLY:
            return RANKS
        return RANKS - 1 - rank if revolution else rank

    if not size:
        sure = [s for s, lost in zip(held, beaten, strict=True) if not lost and s[1] + s[2] < 4]
        return min(sure, key=strength) if sure else None
    rest = list(hand)
    for play in sorted(sets_to_play(game, hand, top_rank, size, revolution), key=strength):
        rank, naturals, wild = play
        if naturals + wild == 4 or _beaten(game, out, threats, rank, naturals + wild,
                                           revolution):
            continue
        rest[:] = hand
        if rank != JOKERS_ONLY:
            rest[rank] -= naturals
        rest[JOKERS] -= wild
        if sum(_beaten(game, out, threats, r, n + w, revolution)
               for r, n, w in _sets_held(game, rest)) <= 1:
            return play
    return None


def finishing_play(game: CountsGame, hand: Sequence[Card], out: Sequence[Card],
                   top: Play | None, revolution: bool, legal: Sequence[Action]
                   ) -> Action | None:
    """``finishing_set`` among a seat's legal moves, holding ``hand`` while ``out`` are
    the cards still out: the first legal play of that set, or None (also where ``legal``
    holds no play of it, as a search's remaining candidates may not)."""
    plays = [a for a in legal if isinstance(a, Play)]
    if len(plays) < len(legal) - 1:  # a gift or an exchange is owed, not a play
        return None
    top_rank, size = top_of(game, top)
    finish = finishing_set(game, count_hand(game, out), count_hand(game, hand), top_rank,
                           size, revolution)
    if finish is None:
        return None
    return next((a for a in plays if set_of(game, a) == finish), None)


def cards_out(hands: Sequence[Hand], seat: int) -> Hand:
    """The cards still out, as ``seat`` counts them: every other hand together."""
    return [sum(slot) for slot in zip(*(held for other, held in enumerate(hands)
                                          if other != seat), strict=True)]


def hard_choice(game: CountsGame, hands: Sequence[Hand], seat: int, top_rank: int, size: int,
                revolution: bool, fewest: int) -> Set | None:
    """Hard's own choice in its playouts, for ``seat`` among ``hands`` (None for a pass):
    its finish where the cards still out show one (``finishing_set``), else Normal's."""
    hand = hands[seat]
    sets = sum(1 for rank in range(RANKS) if hand[rank])
    if hand[JOKERS]:
        sets += 1 if game.wild_jokers else hand[JOKERS]
    if 2 <= sets <= FINISHING_SETS:  # else there is none, and the cards out need no count
        finish = finishing_set(game, cards_out(hands, seat), hand, top_rank, size,
                               revolution)
        if finish is not None:
            return finish
    return normal_choice(game, hand, top_rank, size, revolution, fewest)
