"""The climbing games' view (``ClimbPresenter.view``), as the page draws a trick led and
climbed."""

from typing import Literal, NotRequired, TypedDict

from engine.core.contract import CardJson, HowPlayed, Move, Seat

__all__ = [
    "ClimbView", "ExchangeJson", "ExchangeParts", "ExchangeRow", "HandCard", "LastRound",
    "OwedJson", "PlayerJson", "RoundHeadline", "RoundPlayed", "RoundResult", "RoundStory",
    "TrickPlay",
]


class HandCard(CardJson):
    """A card of the seat's hand, marked while it is one the seat was handed this round."""

    received: NotRequired[bool]
    received_from: NotRequired[str]


class PlayerJson(TypedDict):
    """A seat: its ``status`` is "thinking…" on a bot whose turn it is, "out",
    "bankrupt", "passed", or why a seat with no cards is still in ("2 matchsticks to
    discard"; ``seat_status`` as its narrow place says it); ``points_text`` and
    ``cards_text`` ("1 point", "13 cards")."""

    seat: Seat
    name: str
    kind: str
    title: str | None
    score: int
    cards: int
    passed: bool
    place: int | None
    bankrupt: bool
    sticks: int
    status: str
    seat_status: str
    points_text: str
    cards_text: str


class TrickPlay(HowPlayed):
    """A play on the table, with its cards and its words ("three 9s")."""

    seat: Seat
    cards: list[CardJson]
    text: str


class OwedJson(TypedDict):
    """Who must give whom how many cards."""

    giver: Seat
    receiver: Seat
    count: int


class ExchangeParts(TypedDict):
    """A transfer's sentence in parts, joined by spaces, to mark the two seats in it."""

    giver: str
    gives: str
    receiver: str
    what: str


class ExchangeRow(TypedDict):
    """One transfer of the exchange: ``chosen`` (of the giver's choice, not forced),
    ``done``, ``yours`` (the seat gives or receives), its sentence ("Dana (Beggar)
    gives Aiko (Tycoon) their 2 best cards"), and the ``cards`` only where the seat gave
    or received them."""

    giver: Seat
    receiver: Seat
    count: int
    giver_title: str | None
    receiver_title: str | None
    chosen: bool
    done: bool
    yours: bool
    text: str
    parts: ExchangeParts
    cards: list[CardJson]


class ExchangeJson(TypedDict):
    """The exchange that opens a later round, from its deal until its first play: its
    ``transfers`` in the order they are made (the losers' best cards, forced over by
    the deal, first), ``awaiting`` (the seat whose choice is awaited), ``ask`` (the
    seat's own: "Choose 2 cards to give to Dana (Beggar)") and ``status`` (who is
    choosing, or who leads)."""

    title: str
    transfers: list[ExchangeRow]
    done: bool
    awaiting: Seat | None
    ask: str
    status: str


class RoundResult(TypedDict):
    """A seat's place in a finished round, its title, the points it gave, and its total
    after it."""

    seat: Seat
    name: str
    place: int
    place_text: str
    title: str
    points: int
    points_text: str
    total: int
    total_text: str


class RoundPlayed(TypedDict):
    round: int
    results: list[RoundResult]


class RoundStory(TypedDict):
    """What a round changed, and what comes before the next one's first play."""

    changes: list[str]
    next: list[str]


class RoundHeadline(TypedDict):
    """What a round's results lead with."""

    winners: list[Seat]
    headline: str
    you_text: str
    columns: list[str]


class LastRound(RoundPlayed, RoundStory, RoundHeadline):
    """The round just ended: its results, its story and its headline."""


class ClimbView(TypedDict):
    """A climbing game's view: ``phase`` is ``deal`` (the round is over and the next
    deal is due), ``give``, ``play`` or ``over``; the hand in two more orders a player
    may hold it in, as card ids: ``suit_order`` (clubs to spades, each suit weakest
    first; null for cards without suits) and ``dealt_order`` (as dealt, then the cards
    handed over, as they came); ``order``, the ranks or values a play can have,
    weakest first, as the order stands now; ``order_text``, that order in one line, as
    the table shows it at all times ("Weak → strong: 2 3 … A Joker"); ``order_note``, the
    banner's headline over it while a revolution or an 11-back has turned the order (else
    null); ``table_notes``, what
    else the house rules hold in force ("Locked to hearts until the trick clears", "Turns
    go the other way round the table");
    ``revolution`` while a revolution holds for the round; ``exchange`` (else null);
    ``received_text`` ("Received from Dana") while a card of the hand is marked
    ``received``; ``last_round`` while the round just ended is the news (until the
    next deal)."""

    table: Literal["tricks"]  # the page's layout: a trick led and climbed
    rounds: int | None
    phase: str
    to_act: Seat | None
    your_turn: bool
    prompt: str
    verb: str
    pass_label: str | None
    hand: list[HandCard]
    suit_order: list[str] | None
    dealt_order: list[str]
    held_back: list[CardJson]
    matchsticks: bool
    players: list[PlayerJson]
    trick: list[TrickPlay]
    revolution: bool
    order: list[str]
    order_text: str
    order_note: str | None
    table_notes: list[str]
    owed: list[OwedJson]
    exchange: ExchangeJson | None
    received_text: str | None
    legal: list[Move]
    history: list[str]
    rounds_played: list[RoundPlayed]
    last_round: LastRound | None
