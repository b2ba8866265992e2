"""Actions of the climbing games and their notation.

Every action names its seat, so ``step(state, action)`` needs nothing else, and
every action has a text form that logs, links, tests and the UI share:

>>> str(Play(2, parse_cards("9c 9d X")))
'2:9c 9d X'
>>> parse_action("0:give 3c 4d") == Give(0, parse_cards("3c 4d"))
True
>>> parse_action("pass", seat=1)
Pass(seat=1)
"""

import re
from dataclasses import dataclass
from operator import attrgetter

from engine.cards import Card, format_cards, parse_cards
from engine.errors import BadNotation

CHANCE = -1
"""The seat of chance: it makes the deals."""

CARD_ORDER = attrgetter("order")


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``cards`` on the table."""

    seat: int
    cards: tuple[Card, ...]

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

    def __str__(self) -> str:
        return f"{self.seat}:pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a matchstick: the turn of a Matchstick Tycoon player with no cards left."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:discard"


@dataclass(frozen=True, slots=True)
class Give:
    """Give cards of one's choice to the seat that is owed them."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))

    def __str__(self) -> str:
        return f"{self.seat}:give {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance deals ``hands`` (one per seat) and names the first leader."""

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    seat: int = CHANCE

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(h, key=CARD_ORDER))
                                                 for h in self.hands))

    def __str__(self) -> str:
        hands = " | ".join(format_cards(hand) for hand in self.hands)
        return f"*:deal {self.leader} | {hands}"


Action = Play | Pass | Discard | Give | Deal


_NUMBER = re.compile("[0-9]+")


def _split_seat(text: str, seat: int | None) -> tuple[int, str]:
    head, sep, body = text.partition(":")
    if not sep:
        if seat is None:
            raise BadNotation(f"{text!r} does not say whose action it is (write it like 2:9c 9d)")
        return seat, text.strip()
    head = head.strip()
    if head == "*":
        return CHANCE, body.strip()
    if not _NUMBER.fullmatch(head):
        raise BadNotation(f"{head!r} is not a seat number")
    return int(head), body.strip()


def parse_action(text: str, seat: int | None = None) -> Action:
    """Read an action; ``seat`` fills in the seat when the text has no ``N:`` prefix."""
    who, body = _split_seat(text, seat)
    word, _, rest = body.partition(" ")
    word = word.lower()
    if who == CHANCE:
        if word != "deal":
            raise BadNotation(f"chance only deals, not {body!r}")
        leader_text, *hand_texts = rest.split("|")
        if not _NUMBER.fullmatch(leader_text.strip()) or not hand_texts:
            raise BadNotation("a deal is written '*:deal LEADER | cards | cards ...'")
        return Deal(tuple(parse_cards(h) for h in hand_texts), int(leader_text))
    if word == "pass" and not rest.strip():
        return Pass(who)
    if word == "discard" and not rest.strip():
        return Discard(who)
    if word == "give":
        return Give(who, parse_cards(rest))
    cards = parse_cards(body)
    if not cards:
        raise BadNotation("an empty play: choose cards or pass")
    return Play(who, cards)
