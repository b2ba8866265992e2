"""Sequences (kaidan), a Tycoon house rule: three or more cards of one suit in consecutive
ranks, Jokers filling any gap. A sequence answers only a sequence of its length, and only
one stronger throughout: its weakest card beats the other's strongest.

A sequence is written with each Joker's stand-in, so the text says which cards the run
stands for: ``0:5s 6s X=7s`` is the 5, 6 and 7 of spades, a Joker as the 7.

>>> from engine.core.cards import parse_cards
>>> str(RunPlay(0, parse_cards("6s X 5s"), parse_cards("7s")))
'0:5s 6s X=7s'
>>> parse_run(0, "X=4s 5s 6s") == RunPlay(0, parse_cards("5s 6s X"), parse_cards("4s"))
True
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.core.actions import CARD_ORDER, Play
from engine.core.cards import JOKER, SUIT_NAMES, Card, Rank, Suit, parse_card, rank_text
from engine.core.errors import BadNotation
from engine.core.words import counted, join

__all__ = ["MIN_RUN", "RunPlay", "describe_run", "in_run_order", "parse_run", "run_plays",
           "runs_of_cards", "why_not_a_run"]

MIN_RUN = 3
"""The fewest cards a sequence has."""


@dataclass(frozen=True, slots=True)
class RunPlay(Play):
    """A sequence: ``cards`` as played (Jokers included), and the card each Joker stands
    for (``stand_ins``, as many as there are Jokers in a well-formed run)."""

    stand_ins: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))
        object.__setattr__(self, "stand_ins", tuple(sorted(self.stand_ins, key=CARD_ORDER)))

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card is not JOKER)

    @property
    def represented(self) -> tuple[Card, ...]:
        """The cards the run stands for, its Jokers as their stand-ins, in card order."""
        return tuple(sorted(self.naturals + self.stand_ins, key=CARD_ORDER))

    @property
    def laid_out(self) -> tuple[Card, ...]:
        """The cards as the run lies on the table: in its order, each Joker in its place."""
        stand_ins = set(self.stand_ins)
        return tuple(JOKER if card in stand_ins else card
                     for card in in_run_order(self.represented))

    def __str__(self) -> str:
        stand_ins = set(self.stand_ins)
        words = [f"X={card}" if card in stand_ins else str(card)
                 for card in in_run_order(self.represented)]
        unnamed = self.cards.count(JOKER) - len(self.stand_ins)  # only in a malformed run
        return f"{self.seat}:{' '.join(words + ['X'] * unnamed)}"


def parse_run(seat: int, text: str) -> RunPlay:
    """Read a sequence: its cards, each Joker written with its stand-in (``X=7s``)."""
    cards: list[Card] = []
    stand_ins: list[Card] = []
    for word in text.replace(",", " ").split():
        joker, equals, stands_for = word.partition("=")
        if not equals:
            cards.append(parse_card(word))
            continue
        if parse_card(joker) is not JOKER:
            raise BadNotation(f"{word!r}: only a Joker stands for another card")
        stand_in = parse_card(stands_for)
        if stand_in is JOKER:
            raise BadNotation(f"{word!r}: a Joker stands for a card of a suit, like X=7s")
        cards.append(JOKER)
        stand_ins.append(stand_in)
    return RunPlay(seat, tuple(cards), tuple(stand_ins))


def why_not_a_run(play: RunPlay, ranks: Sequence[Rank]) -> str | None:
    """Why ``play`` is not a well-formed sequence under the order ``ranks`` (weakest
    first), or None when it is one."""
    if len(play.cards) < MIN_RUN:
        return f"a sequence is {MIN_RUN} or more cards of one suit in consecutive ranks"
    if not play.naturals:
        return "a sequence needs at least one card that is not a Joker"
    cards = play.represented
    if len({card.suit for card in cards}) > 1:
        return "a sequence is all one suit (a Joker may stand in for any card)"
    places = sorted(ranks.index(card.rank) for card in cards)
    if len(set(places)) < len(places) or places[-1] - places[0] >= len(play.cards):
        return "a sequence's cards are consecutive ranks, each once (" + " ".join(
            rank_text(rank) for rank in ranks) + ")"
    if play.cards.count(JOKER) != len(play.stand_ins):
        return "say which card each Joker of a sequence stands for (like X=7s)"
    return None


def run_plays(seat: int, hand: Sequence[Card], ranks: Sequence[Rank],
              lengths: Sequence[int], start_ok: Callable[[int, int], bool],
              suits: Sequence[Suit]) -> list[RunPlay]:
    """Every sequence ``hand`` makes of one of ``lengths`` in one of ``suits``, starting at
    a place of ``ranks`` that ``start_ok(start, length)`` allows; Jokers fill the gaps, and
    may stand for cards the hand holds (keeping them back)."""
    jokers = hand.count(JOKER)
    plays: list[RunPlay] = []
    for suit in suits:
        held = {card.rank for card in hand if card.suit == suit}
        if not held:
            continue
        for length in lengths:
            for start in range(len(ranks) - length + 1):
                if not start_ok(start, length):
                    continue
                cells = ranks[start:start + length]
                missing = [rank for rank in cells if rank not in held]
                if len(missing) > jokers:
                    continue
                present = [rank for rank in cells if rank in held]
                for extra in range(min(jokers - len(missing), len(present) - 1) + 1):
                    for kept in combinations(present, extra):
                        naturals = tuple(Card(rank, suit) for rank in present if rank not in kept)
                        stand_ins = tuple(Card(rank, suit) for rank in (*missing, *kept))
                        plays.append(RunPlay(seat, naturals + (JOKER,) * len(stand_ins),
                                             stand_ins))
    return plays


def runs_of_cards(seat: int, cards: Sequence[Card], ranks: Sequence[Rank]) -> list[RunPlay]:
    """Every sequence exactly these cards make, one per place their Jokers can take, in
    the order of ``ranks``."""
    naturals = [card for card in cards if card is not JOKER]
    if len(cards) < MIN_RUN or not naturals or len({card.suit for card in naturals}) > 1:
        return []
    suit = naturals[0].suit
    assert suit is not None
    places = sorted(ranks.index(card.rank) for card in naturals)
    if len(set(places)) < len(places):
        return []
    length = len(cards)
    plays = []
    for start in range(max(0, places[-1] - length + 1), min(places[0], len(ranks) - length) + 1):
        stand_ins = tuple(Card(rank, suit) for i, rank in enumerate(ranks[start:start + length],
                                                                    start) if i not in places)
        plays.append(RunPlay(seat, tuple(cards), stand_ins))
    return plays


def in_run_order(cards: Sequence[Card]) -> list[Card]:
    """A sequence's cards weakest rank first, as it runs: a 2 goes below the 3 (2 low, as
    Tycoon's rule text orders ranks) unless it follows an Ace (2 high, as UECda does)."""
    ordered = sorted(cards, key=CARD_ORDER)
    if len(ordered) > 1 and ordered[0].rank == Rank.TWO and ordered[-1].rank == Rank.ACE and (
            ordered[1].rank != Rank.THREE):
        return ordered[1:] + ordered[:1]
    return ordered


def describe_run(play: RunPlay, short: bool = False) -> str:
    """A sequence in words: "a 5-6-7 sequence of spades with a Joker as the 7"; ``short``
    for a button: "5-6-7 of spades, Joker as 7"."""
    ordered = in_run_order(play.represented)
    suit = ordered[0].suit
    assert suit is not None
    ranks = "-".join(rank_text(card.rank) for card in ordered)
    stand_ins = [rank_text(card.rank) for card in in_run_order(play.stand_ins)]
    if short:
        jokers = (f", {'Jokers' if len(stand_ins) > 1 else 'Joker'} as {join(stand_ins)}"
                  if stand_ins else "")
        return f"{ranks} of {SUIT_NAMES[suit]}{jokers}"
    text = f"a {ranks} sequence of {SUIT_NAMES[suit]}"
    if stand_ins:
        text += (f" with {counted(len(stand_ins), 'Joker')} as "
                 + join("the " + rank for rank in stand_ins))
    return text
