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
from engine.core.language import N_, _, p_, pN_
from engine.core.words import counted, join

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
    "suit_name",
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
# A rank's and a suit's names in English, translated where said (``_``, ``suit_name``):
# Japanese writes them as the cards' corners do, "Q", "♥" (docs/GLOSSARY.md).
RANK_NAMES = {
    **{Rank(r): str(r) for r in range(2, 11)},
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
    Rank.ACE: N_("Ace"),
    Rank.JOKER: N_("Joker"),
}
SUIT_NAMES = {Suit.CLUBS: pN_("suit", "clubs"), Suit.DIAMONDS: pN_("suit", "diamonds"),
              Suit.HEARTS: pN_("suit", "hearts"), Suit.SPADES: pN_("suit", "spades")}
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
        """The card's name as a player of the language in force says it: "Queen of
        hearts", "Joker"; 「♥Q」「ジョーカー」."""
        if self.suit is None:
            return _("Joker")
        return _("{rank} of {suit}").format(rank=_(RANK_NAMES[self.rank]),
                                            suit=suit_name(self.suit))

    def to_json(self) -> CardJson:
        """The card as a front end draws it: its notation (``id``), its corner's rank and
        suit, its colour and its name for screen readers."""
        if self.suit is None:
            return {"id": "X", "rank": "JOKER", "suit": "★", "color": "joker", "name": self.name}
        return {"id": str(self), "rank": rank_text(self.rank),
                "suit": SUIT_SYMBOLS[self.suit], "color": SUIT_COLORS[self.suit],
                "name": self.name}


def suit_name(suit: Suit) -> str:
    """A suit's name in the language in force: "hearts"; 「♥」."""
    return p_("suit", SUIT_NAMES[suit])


def rank_text(rank: Rank) -> str:
    """A rank as a card's corner shows it: "10", "Q", and "Joker" (「ジョーカー」)."""
    if rank == Rank.JOKER:
        return _("Joker")
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


def plural_rank(rank: Rank, count: int) -> str:
    """ "three 9s", "two Queens", "a Joker"; 「9を3枚」「Qを2枚」「ジョーカー1枚」."""
    return counted(count, RANK_NAMES[rank])


def describe_set(cards: Sequence[Card]) -> str:
    """A set of cards as one play puts them down, named by the rank the set stands for:
    "three 9s", "two 9s with a Joker", "the 2 of spades", "a Joker"; 「9を3枚」
    「9を2枚とジョーカー1枚」「♠2」「ジョーカー1枚」."""
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
    """ "the 3 of clubs and a Joker"; 「♣3・ジョーカー」."""
    return join(_("a Joker") if card.is_joker else _("the {card}").format(card=card.name)
                for card in cards)


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
