"""Tycoon's plays under its options: the sets and sequences a hand may play on a trick,
what is wrong with one it may not, and suit locks. ``TycoonRules`` (``tycoon``) answers
the climbing core with these, given its order of ranks as a table of strengths (each
rank's place in the order, Jokers above every rank)."""

from collections.abc import Sequence
from itertools import combinations

from engine.core.actions import Action, Play
from engine.core.cards import JOKER, Card, Rank, Suit, describe_set
from engine.core.errors import IllegalAction
from engine.core.language import _
from engine.families.climbing.rules.reasons import REVOLUTION_NOTE, not_beating, size_needed
from engine.families.climbing.rules.sequences import MIN_RUN, RunPlay, describe_run, run_plays
from engine.families.climbing.rules.state import ClimbState

__all__ = ["beats", "check_set", "fits_lock", "forbidden",
           "lock_after", "natural_rank", "run_end", "sequence_plays", "set_plays", "stronger",
           "suits_of", "why_not_beating"]

Strength = dict[Rank, int]


def set_plays(hand: tuple[Card, ...], top: Play | None, revolution: bool, seat: int,
              strength: Strength, low_spade: Card, largest: int = 4) -> list[Action]:
    """Every set of one rank (of ``largest`` cards at most) in ``hand`` that may be played
    on ``top`` now."""
    # A hand is sorted weakest first with the Jokers last, so each rank is a run.
    jokers = 0
    while jokers < len(hand) and hand[-1 - jokers] is JOKER:
        jokers += 1
    naturals = hand[:len(hand) - jokers]
    ordered = Play.ordered
    plays: list[Action] = []
    if top is None:
        for cards in _rank_groups(naturals):
            for chosen in _SUBSETS[len(cards)]:
                play = tuple(cards[i] for i in chosen)
                plays.append(ordered(seat, play))
                for wild in range(1, min(jokers, largest - len(play)) + 1):
                    plays.append(ordered(seat, play + (JOKER,) * wild))
        plays.extend(ordered(seat, (JOKER,) * wild) for wild in range(1, min(jokers, 2) + 1))
        return plays
    size = len(top.cards)
    top_rank = natural_rank(top.cards)
    if top_rank is None:
        return [ordered(seat, (low_spade,))] if size == 1 and low_spade in hand else []
    # Only the ranks stronger than the table's: the strong end of the hand, which in a
    # revolution is its weak end.
    bar = strength[top_rank]
    if revolution:
        cut = 0
        while cut < len(naturals) and strength[naturals[cut].rank] < bar:
            cut += 1
        stronger_cards = naturals[:cut]
    else:
        cut = len(naturals)
        while cut > 0 and strength[naturals[cut - 1].rank] > bar:
            cut -= 1
        stronger_cards = naturals[cut:]
    for cards in _rank_groups(stronger_cards):
        for wild in range(min(jokers, size - 1) + 1):
            plays.extend(ordered(seat, chosen + (JOKER,) * wild)
                         for chosen in combinations(cards, size - wild))
    if size <= min(jokers, 2):
        plays.append(ordered(seat, (JOKER,) * size))
    return plays


def sequence_plays(hand: tuple[Card, ...], top: Play | None, revolution: bool, seat: int,
                   ranks: tuple[Rank, ...], strength: Strength, lock: frozenset[Suit],
                   past_ends: bool = False) -> list[RunPlay]:
    """Every sequence in ``hand`` that may be played on ``top`` now, of the locked suit
    if the trick is locked, with a Joker past an end of the order where ``past_ends``."""
    suits = sorted(lock) if lock else tuple(Suit)
    if top is None:
        longest = len(ranks) + (2 if past_ends else 0)
        return run_plays(seat, hand, ranks, range(MIN_RUN, longest + 1),
                         lambda start, length: True, suits, past_ends)
    if not isinstance(top, RunPlay):
        return []
    low = run_end(top, strength, False, weakest=True)
    high = run_end(top, strength, False, weakest=False)

    def beats_top(start: int, length: int) -> bool:
        return start + length - 1 < low if revolution else start > high

    return run_plays(seat, hand, ranks, (len(top.cards),), beats_top, suits, past_ends)


def check_set(cards: Sequence[Card], sequences: bool, largest: int = 4) -> None:
    """Raise why ``cards`` are not a set of one rank (Jokers wild) of ``largest`` cards at
    most, if they are not."""
    if not 1 <= len(cards) <= largest:
        raise IllegalAction((_("a play is 1 to {largest} cards of one rank, or a sequence")
                             if sequences else _("a play is 1 to {largest} cards of one rank")
                             ).format(largest=largest))
    ranks = sorted({card.rank for card in cards if card.suit is not None})
    if len(ranks) > 1:
        raise IllegalAction(_("those cards are not all one rank (a Joker may stand in for any "
                              "rank)") if JOKER in cards else _("those cards are not all one rank"))
    if not ranks and len(cards) > 2:
        raise IllegalAction(_("Jokers alone make only a single or a pair"))


def run_end(run: RunPlay, strength: Strength, revolution: bool, *, weakest: bool) -> int:
    """The place of a sequence's weakest (or strongest) card in the order as it stands: a
    rank's ``strength``, and past the ends of the order, -1 for a Joker below its lowest
    rank and one more than the highest rank's for a Joker above it."""
    places = [strength[card.rank] for card in run.represented]
    if weakest != revolution:
        return min(places) - run.below
    return max(places) + run.above


def beats(play: Play, top: Play, revolution: bool, strength: Strength, low_spade: Card) -> bool:
    """Whether ``play`` beats ``top``: Tycoon's one test of strength."""
    if len(play.cards) != len(top.cards) or isinstance(play, RunPlay) != isinstance(top, RunPlay):
        return False
    if isinstance(play, RunPlay) and isinstance(top, RunPlay):  # stronger throughout
        mine = run_end(play, strength, revolution, weakest=True)
        theirs = run_end(top, strength, revolution, weakest=False)
        return mine < theirs if revolution else mine > theirs
    top_rank = natural_rank(top.cards)
    if top_rank is None:  # Jokers alone: only the low Spade on a lone Joker
        return len(play.cards) == 1 and play.cards[0] == low_spade
    rank = natural_rank(play.cards)
    return rank is None or stronger(strength, rank, top_rank, revolution)


def stronger(strength: Strength, rank: Rank, other: Rank, revolution: bool) -> bool:
    if revolution:
        return strength[rank] < strength[other]
    return strength[rank] > strength[other]


def why_not_beating(play: Play, top: Play, state: ClimbState, low_spade: Card) -> str:
    """Why ``play`` does not beat ``top`` (which it does not)."""
    size = len(top.cards)
    if isinstance(top, RunPlay) != isinstance(play, RunPlay):
        if isinstance(top, RunPlay):
            return _("only a sequence of {size} cards beats a sequence").format(size=size)
        return _("a sequence does not answer {cards}").format(cards=describe_set(top.cards))
    if len(play.cards) != size:
        return (_("a sequence answers only a sequence of as many cards ({size})").format(
            size=size) if isinstance(top, RunPlay) else size_needed(size))
    note = ""
    if state.revolution:
        note = (_(" (11-back: lower ranks are stronger until the trick clears)") if state.back
                else _(REVOLUTION_NOTE))
    if isinstance(top, RunPlay) and isinstance(play, RunPlay):
        return _("{mine} does not beat {theirs}: its weakest card must beat the other's "
                 "strongest{note}").format(mine=describe_run(play), theirs=describe_run(top),
                                           note=note)
    if natural_rank(top.cards) is None:
        if size == 1:
            return _("only the {card} beats a lone Joker").format(card=low_spade.name)
        return _("nothing beats a pair of Jokers")
    return not_beating(play.cards, top.cards, note)


def forbidden(play: Play, top_rank: Rank, lucky: Rank | None, low_spade: Card) -> bool:
    """Whether going out on ``play`` is a forbidden finish: it holds a Joker, a card of
    the top rank or the lucky rank, or the low Spade."""
    cards = play.represented if isinstance(play, RunPlay) else play.cards
    return JOKER in play.cards or low_spade in cards or any(
        card.rank in (top_rank, lucky) for card in cards)


def suits_of(play: Action) -> set[Suit]:
    """The suits of a play's natural cards (a sequence's, its stand-ins' too)."""
    cards = play.represented if isinstance(play, RunPlay) else play.cards
    return {card.suit for card in cards if card.suit is not None}


def fits_lock(play: Action, lock: frozenset[Suit]) -> bool:
    return suits_of(play) <= lock


def lock_after(play: Play, top: Play | None, lock: frozenset[Suit]) -> frozenset[Suit]:
    """The suit lock after ``play`` answers ``top``: a play whose suits match the play it
    answers locks the trick to them; the Jokers of either take whichever suits match, when
    that settles every suit. A Joker alone lifts the lock (as the UECda contest's server
    does), so the low Spade that beats it may follow."""
    if play.cards and all(card is JOKER for card in play.cards):
        return frozenset()
    if lock or top is None:
        return lock
    suits = suits_of(play) | suits_of(top)
    places = 1 if isinstance(play, RunPlay) else len(play.cards)
    return frozenset(suits) if len(suits) == places else lock


def natural_rank(cards: Sequence[Card]) -> Rank | None:
    """The rank a set stands for; None for Jokers alone."""
    for card in cards:
        if card.suit is not None:
            return card.rank
    return None


# The non-empty subsets of up to 4 cards of one rank, as index tuples, smallest first.
_SUBSETS = [[c for k in range(1, m + 1) for c in combinations(range(m), k)] for m in range(5)]


def _rank_groups(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Consecutive cards of equal rank, as groups."""
    groups: list[tuple[Card, ...]] = []
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i].rank is not cards[start].rank:
            groups.append(cards[start:i])
            start = i
    return groups
