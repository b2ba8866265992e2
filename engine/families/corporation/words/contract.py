"""Corporation's view (``CorpPresenter.view``), as the page draws secret commits, table
talk and a reveal."""

from typing import Literal, TypedDict

from engine.core.contract import CardJson, Move, Seat

__all__ = [
    "Announcement", "CorpPlayer", "CorpView", "CorporationJson", "HeldBack", "LastRound",
    "RoundHeadline", "RoundPlayed", "RoundResult",
]


class HeldBack(CardJson):
    """The card face up in a Corporation: the seat's, but not to be committed."""

    reason: str


class CorpPlayer(TypedDict):
    """A seat: ``to_go``, its points short of the target; ``status``, "card down" or
    "choosing"."""

    seat: Seat
    name: str
    kind: str
    score: int
    temperament: str | None  # a bot's character: "sly", "trusting"
    committed: bool
    face_up: int | None
    to_go: int
    points_text: str
    to_go_text: str
    status: str


class CorporationJson(TypedDict):
    value: int
    members: list[Seat]
    card: CardJson
    text: str  # "Corporation 3: Aiko and Bruno"
    who: str  # its members alone, "Aiko and Bruno", beside its card where room is short


class Announcement(TypedDict):
    """A seat's table talk: ``text``, an offered phrase in the reader's language, or a
    player's own words as they wrote them."""

    seat: Seat
    text: str


class RoundResult(TypedDict):
    seat: Seat
    name: str
    title: str
    card: CardJson
    points: int
    points_text: str
    total: int
    total_text: str


class RoundPlayed(TypedDict):
    round: int
    results: list[RoundResult]


class RoundHeadline(TypedDict):
    """What a reveal's results lead with."""

    winners: list[Seat]
    headline: str
    you_text: str
    columns: list[str]


class LastRound(RoundPlayed, RoundHeadline):
    """The round just revealed: each seat's card and points, the reveal told a line at a
    time, and what its results lead with."""

    played: list[int]
    points: list[int]
    text: list[str]


class CorpView(TypedDict):
    """Corporation's view: ``phase`` is ``commit`` or ``over``; ``to_act``, the seats
    still to commit; ``commit``, the seat's own face-down card; ``table_notes``, what the
    Corporations on the table do next, in a line (none while there is none);
    ``announcements``,
    this round's table talk in order; ``history``, every reveal told a sentence a line;
    ``last_round``, the round just revealed while it is the news (until anyone acts
    in the next). Its ``legal`` moves offer two phrases of table talk per card while
    the seat may still talk."""

    table: Literal["reveal"]  # the page's layout: secret commits, talk and a reveal
    rounds: None
    phase: str
    to_act: list[Seat]
    your_turn: bool
    prompt: str
    verb: str
    pass_label: None
    hand: list[CardJson]
    held_back: list[HeldBack]
    commit: int | None
    target: int
    players: list[CorpPlayer]
    corporations: list[CorporationJson]
    table_notes: list[str]
    announcements: list[Announcement]
    legal: list[Move]
    history: list[str]
    rounds_played: list[RoundPlayed]
    last_round: LastRound | None
