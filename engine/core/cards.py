"""Standard playing cards and their text notation.

>>> parse_card("Qh")
Card(rank=<Rank.QUEEN: 12>, suit=<Suit.HEARTS: 'h'>)
>>> str(parse_card("10s")), str(parse_card("X"))
('Ts', 'X')
>>> [str(c) for c in parse_cards("9c 9d X")]
['9c', '9d', 'X']
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache

from engine.core.contract import CardJson
from engine.core.errors import BadNotation
from engine.core.language import N_, _
from engine.core.words import article, join

__all__ = [
    "JOKER",
    "JOKER_STRENGTH",
    "NATURAL_RANKS",
    "RANK_CHARS",
    "RANK_NAMES",
    "SUIT_COLORS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "THREE_LOW",
    "TWO_LOW",
    "Card",
    "Rank",
    "Suit",
    "card_list",
    "describe_set",
    "format_cards",
    "parse_card",
    "parse_cards",
    "plural_rank",
    "rank_text",
    "sort_key",
    "standard_deck",
    "strength_table",
]


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15


class Suit(StrEnum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


RANK_CHARS = {Rank(r): ch for r, ch in zip(range(2, 15), "23456789TJQKA", strict=True)}
RANK_NAMES = {
    **{Rank(r): str(r) for r in range(2, 11)},
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
    Rank.ACE: N_("Ace"),
    Rank.JOKER: N_("Joker"),
}
"""Each rank's name in English, marked: said where shown with ``_`` (「J」, 「ジョーカー」)."""
SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"),
              Suit.SPADES: N_("spades")}
"""Each suit's name in English, marked: said where shown with ``_`` (「♣」 in Japanese)."""
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_COLORS = {Suit.CLUBS: "black", Suit.DIAMONDS: "red", Suit.HEARTS: "red",
               Suit.SPADES: "black"}
NATURAL_RANKS = tuple(Rank(r) for r in range(2, 15))
TWO_LOW = NATURAL_RANKS  # 2 < 3 < ... < K < A
THREE_LOW = (*NATURAL_RANKS[1:], Rank.TWO)  # 3 < ... < A < 2


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. A Joker has no suit; the two Jokers of a deck are equal.

    Cards are interned: ``Card(rank, suit)`` always returns the same object, so
    equality and hashing are identity, as fast as Python allows; the engine's
    hot loops compare and count cards millions of times.
    """

    rank: Rank
    suit: Suit | None = None
    order: int = field(init=False, repr=False)  # sorts by rank, then suit; Jokers last

    def __new__(cls, rank: Rank, suit: Suit | None = None) -> "Card":
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            _INTERNED[(rank, suit)] = card
        return card

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", self.rank * 4 + (0 if self.suit is None else
                                                           "cdhs".index(self.suit)))

    def __lt__(self, other: "Card") -> bool:
        return self.order < other.order

    def __reduce__(self) -> tuple[type["Card"], tuple[Rank, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        if self.suit is None:
            return "X"
        return RANK_CHARS[self.rank] + self.suit.value

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def name(self) -> str:
        """The card's name as a player says it, in the language in force: "Queen of
        hearts", "Joker" (「♥Q」, 「ジョーカー」)."""
        if self.suit is None:
            return _("Joker")
        return _("{rank} of {suit}").format(rank=_(RANK_NAMES[self.rank]),
                                            suit=_(SUIT_NAMES[self.suit]))

    def to_json(self) -> CardJson:
        """The card as a front end draws it: its notation (``id``), its corner's rank and
        suit, its colour and its name for screen readers."""
        if self.suit is None:
            return {"id": "X", "rank": "JOKER", "suit": "★", "color": "joker",
                    "name": self.name}
        return {"id": str(self), "rank": rank_text(self.rank),
                "suit": SUIT_SYMBOLS[self.suit], "color": SUIT_COLORS[self.suit],
                "name": self.name}


def rank_text(rank: Rank) -> str:
    """A rank as a card's corner shows it: "10", "Q", and "Joker"."""
    if rank == Rank.JOKER:
        return "Joker"
    return "10" if rank == Rank.TEN else RANK_CHARS[rank]


_INTERNED: dict[tuple[Rank, Suit | None], Card] = {}
JOKER = Card(Rank.JOKER)


@cache
def standard_deck(jokers: int) -> tuple[Card, ...]:
    """The 52 cards, plus ``jokers`` Jokers, in a fixed order."""
    naturals = tuple(Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit)
    return naturals + (JOKER,) * jokers


def _notation_table() -> dict[str, Card]:
    table: dict[str, Card] = {"x": JOKER, "jk": JOKER, "joker": JOKER}
    for card in standard_deck(0):
        table[str(card).lower()] = card
        if card.rank == Rank.TEN:
            table["10" + card.suit.value] = card  # type: ignore[union-attr]
    return table


_BY_TEXT = _notation_table()


def parse_card(text: str) -> Card:
    """Read one card: rank 2-9, T (or 10), J, Q, K, A and suit c, d, h, s; X is a Joker."""
    card = _BY_TEXT.get(text.strip().lower())
    if card is None:
        raise BadNotation(_("{word} is not a card (write it like {nine}, {ten}, {queen} or "
                            "{joker})").format(word=repr(text.strip()), nine="9c", ten="Th",
                                               queen="Qs", joker="X"))
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas."""
    words = text.replace(",", " ").split()
    return tuple(parse_card(word) for word in words)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


# Several cards of one rank, by count: English counts them in words up to ten.
_COUNTED = {2: N_("two {rank}s"), 3: N_("three {rank}s"), 4: N_("four {rank}s"),
            5: N_("five {rank}s"), 6: N_("six {rank}s"), 7: N_("seven {rank}s"),
            8: N_("eight {rank}s"), 9: N_("nine {rank}s"), 10: N_("ten {rank}s")}


def plural_rank(rank: Rank, count: int) -> str:
    """ "three 9s", "two Queens", "a Joker", "an Ace", in the language in force
    (「9の3枚」, 「ジョーカー1枚」)."""
    english = RANK_NAMES[rank]
    name = _(english)
    if count == 1:
        one = _("an {rank}") if article(english) == "an" else _("a {rank}")
        return one.format(rank=name)
    if count in _COUNTED:
        return _(_COUNTED[count]).format(rank=name)
    return _("{n} {rank}s").format(n=count, rank=name)


def describe_set(cards: Sequence[Card]) -> str:
    """A set of cards as one play puts them down, named by the rank the set stands for:
    "three 9s", "three 9s with a Joker", "the 2 of spades", "a Joker" (in the language in
    force: 「9の3枚」, 「♠2」)."""
    rank = next((card.rank for card in cards if card.suit is not None), None)
    wild = sum(1 for card in cards if card.suit is None)
    if rank is None:
        return plural_rank(Rank.JOKER, wild)
    if len(cards) == 1:
        return _("the {card}").format(card=cards[0].name)
    text = plural_rank(rank, len(cards))
    if wild:
        text = _("{cards} with {jokers}").format(cards=text,
                                                 jokers=plural_rank(Rank.JOKER, wild))
    return text


def card_list(cards: Iterable[Card]) -> str:
    """ "the 3 of clubs and a Joker" (its cards in the language in force)."""
    return join(plural_rank(Rank.JOKER, 1) if card.is_joker
                else _("the {card}").format(card=card.name) for card in cards)


JOKER_STRENGTH = 99
"""A Joker's strength in every order, above every rank (rank strengths are indexes in an
order of 13 ranks, negated in a revolution)."""


def strength_table(order: tuple[Rank, ...]) -> dict[Rank, int]:
    """Each rank's strength under ``order`` (weakest first); Jokers above every rank."""
    table = {rank: i for i, rank in enumerate(order)}
    table[Rank.JOKER] = JOKER_STRENGTH
    return table


def sort_key(strength: dict[Rank, int], card: Card) -> int:
    """Sorts a hand weakest first by ``strength``, suits in a fixed order, Jokers last."""
    return strength[card.rank] * 4 + (0 if card.suit is None else "cdhs".index(card.suit))
