"""Actions of the card games and their notation, and the notation every game shares.

Every action names its seat, so ``step(state, action)`` needs nothing else, and
every action has a text form that logs, links, tests and the UI share. Each
action class names its ``kind`` (how front ends tell steps apart) and the
``cards`` it takes from a hand.

>>> str(Play(2, parse_cards("9c 9d X")))
'2:9c 9d X'
>>> parse_action("0:give 3c 4d") == Give(0, parse_cards("3c 4d"))
True
>>> parse_action("pass", seat=1)
Pass(seat=1)
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import ClassVar

from engine.core.cards import Card, format_cards, parse_cards
from engine.core.errors import BadNotation
from engine.core.language import N_, _

__all__ = [
    "CARD_ORDER",
    "CHANCE",
    "NOTATION",
    "NOTATION_HELP",
    "Action",
    "Concealed",
    "Deal",
    "Discard",
    "Give",
    "Pass",
    "Play",
    "parse_action",
    "parse_deal",
    "split_seat",
]

CHANCE = -1
"""The seat of chance: it makes the deals."""

NOTATION_HELP = N_("Type the cards to play by their numbers in your hand (1 3) or their "
                   "names ({names}; {joker} is a Joker), or {passing}.")
"""How a move of a card game is written at a terminal, its notation's words (``NOTATION``)
filled in once it is translated."""

NOTATION = {"names": "9c 9d, Th", "joker": "X", "passing": "'pass'", "discarding": "'discard'",
            "saying": "'say Join my Corporation on 3'"}
"""The words of the notation a terminal's help quotes, the same in every language."""

CARD_ORDER = attrgetter("order")


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``cards`` on the table."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        if len(self.cards) > 1:
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))

    def __str__(self) -> str:
        return f"{self.seat}:{format_cards(self.cards)}"

    @classmethod
    def ordered(cls, seat: int, cards: tuple[Card, ...]) -> "Play":
        """A play from cards already in order, skipping the sort (move generators' path)."""
        play = object.__new__(cls)
        object.__setattr__(play, "seat", seat)
        object.__setattr__(play, "cards", cards)
        return play


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass; in Tycoon and President this locks the seat out of the trick."""

    seat: int
    kind: ClassVar[str] = "pass"
    cards: ClassVar[tuple[Card, ...]] = ()

    def __str__(self) -> str:
        return f"{self.seat}:pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a matchstick: the turn of a Matchstick Tycoon player with no cards left."""

    seat: int
    kind: ClassVar[str] = "discard"
    cards: ClassVar[tuple[Card, ...]] = ()

    def __str__(self) -> str:
        return f"{self.seat}:discard"


@dataclass(frozen=True, slots=True)
class Give:
    """Give cards of one's choice to the seat that is owed them."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "give"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))

    def __str__(self) -> str:
        return f"{self.seat}:give {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance deals ``hands`` (one per seat, each in the order its cards were dealt: a
    player may keep them so) and names the first leader. A deal written by an earlier
    version, each hand sorted, reads as a deal in that order.

    >>> str(Deal((parse_cards("Kd 3c"), parse_cards("X 2s")), 1))
    '*:deal 1 | Kd 3c | X 2s'
    """

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    seat: int = CHANCE
    kind: ClassVar[str] = "deal"
    cards: ClassVar[tuple[Card, ...]] = ()  # no hand's: the deal fills them

    def __str__(self) -> str:
        hands = " | ".join(format_cards(hand) for hand in self.hands)
        return f"*:deal {self.leader} | {hands}"


Action = Play | Pass | Discard | Give | Deal


@dataclass(frozen=True, slots=True)
class Concealed:
    """A step as a seat sees it when its content is hidden from that seat: who took it and
    what kind it was (a deal, another seat's give or commit), no more."""

    seat: int
    kind: str
    cards: ClassVar[tuple[Card, ...]] = ()

    def __str__(self) -> str:
        return f"{'*' if self.seat == CHANCE else self.seat}:{self.kind}"


# A seat prefix: "*" (chance) or a seat number in ASCII digits, then a colon. A head with a
# space in it is not a prefix ("say Note: ..." is an announcement of the seat given).
_PREFIX = re.compile(r"\s*([^\s:]+)\s*:(.*)", re.DOTALL)
_SEAT = re.compile("[0-9]{1,9}")
_LEADER = re.compile("[0-9]{1,9}")


def split_seat(text: str, seat: int | None, example: str) -> tuple[int, str]:
    """The seat an action's text names (``CHANCE`` for ``*``) and the rest of it, stripped;
    ``seat`` fills in the seat when the text has no ``N:`` prefix. Every game's notation
    reads its prefix here; ``example`` shows the game's own way to write an action."""
    prefix = _PREFIX.fullmatch(text)
    if prefix is None:
        if seat is None:
            raise BadNotation(_("{text} does not say whose action it is (write it like "
                                "{example})").format(text=repr(text), example=example))
        return seat, text.strip()
    head, body = prefix[1], prefix[2].strip()
    if head == "*":
        return CHANCE, body
    if not _SEAT.fullmatch(head):
        raise BadNotation(_("{head} is not a seat number").format(head=repr(head)))
    return int(head), body


def parse_deal(body: str, read_hand: Callable[[str], Sequence[Card]]) -> Deal:
    """Read chance's deal, ``deal LEADER | cards | cards ...``, each hand by ``read_hand``."""
    word, _space, rest = body.partition(" ")
    if word.lower() != "deal":
        raise BadNotation(_("chance only deals, not {body}").format(body=repr(body)))
    leader, *hands = rest.split("|")
    if not _LEADER.fullmatch(leader.strip()) or not hands:
        raise BadNotation(_("a deal is written {notation}").format(
            notation="'*:deal LEADER | cards | cards ...'"))
    return Deal(tuple(tuple(read_hand(hand)) for hand in hands), int(leader))


def parse_action(text: str, seat: int | None = None) -> Action:
    """Read an action; ``seat`` fills in the seat when the text has no ``N:`` prefix."""
    who, body = split_seat(text, seat, "2:9c 9d")
    if who == CHANCE:
        return parse_deal(body, parse_cards)
    word, _space, rest = body.partition(" ")
    word = word.lower()
    if word == "pass" and not rest.strip():
        return Pass(who)
    if word == "discard" and not rest.strip():
        return Discard(who)
    if word == "give":
        return Give(who, parse_cards(rest))
    cards = parse_cards(body)
    if not cards:
        raise BadNotation(_("an empty play: choose cards or pass"))
    return Play(who, cards)
