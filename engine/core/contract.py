"""What the engine sends a front end, declared once: the parts of a view every game
shares, cards and moves, the scenario's part, the outcome, a step as a seat sees it, an
option as a lobby offers it, and the replies of ``engine.api.Session`` during a game
(the others are declared on the API's floor, ``engine.replies``). Each family declares
its own view beside its presenter, and the catalogue names it; ``engine.core.schema``
turns these into the JSON Schema the page checks what it keeps against, and the whole
contract's."""

from typing import Annotated, Any, Literal, NotRequired, TypedDict

__all__ = [
    "SEAT",
    "VIEW",
    "CardJson",
    "CheckCardsReply",
    "CheckReply",
    "Choice",
    "Counter",
    "ErrorJson",
    "ErrorReply",
    "FaceTurn",
    "Hint",
    "HintReply",
    "HowPlayed",
    "Move",
    "MovesReply",
    "OptionJson",
    "OptionValue",
    "OutcomeCore",
    "OutcomeJson",
    "PersonJson",
    "RuleSet",
    "ScriptJson",
    "Seat",
    "StepJson",
    "StepReply",
    "TableView",
    "TransferJson",
    "View",
    "ViewReply",
    "WhereTo",
]


SEAT = "seat"
VIEW = "view"

Seat = Annotated[int, SEAT]
"""A seat's number: the schema marks it (``"format": "seat"``) for a reader to check it
is one of the table's."""

View = Annotated[dict[str, Any], VIEW]
"""A whole view in a reply: the common fields and one family's (``TableView`` and
``Family.view``), as the schema's ``View``."""


class CardJson(TypedDict):
    """A card as a front end draws it: ``id`` (its notation), ``rank`` and ``suit`` (its
    corner), ``color``, ``name`` (for screen readers), and, for a card drawn by its
    segments (a Matchstick Tycoon face), ``segments``."""

    id: str
    rank: str
    suit: str
    color: str
    name: str
    segments: NotRequired[str]


class FaceTurn(TypedDict):
    """One card of a play made of matchsticks: turned half a turn or not, and the
    segments added to it."""

    id: str
    turned: bool
    added: str


class HowPlayed(TypedDict, total=False):
    """What a front end needs besides the cards to draw a play as it is made (a
    Matchstick Tycoon play's value, cost and faces); nothing for cards as they stand. A
    Matchstick play a view offers has its ``button`` too: the Play button's words, as its
    label, which tells how the cards make the value and what it costs ("Play a C: the 7
    turned, 1 matchstick"), is longer than a button holds ("Play a C"). A Corporation
    announcement has its words alone, ``said`` ('"I'll play 5"'), listed beside Say."""

    value: CardJson
    cost: int
    faces: list[FaceTurn]
    button: str
    said: str


class Move(HowPlayed):
    """A move as a view offers it: ``act`` (what to send back), ``kind``, ``label``, the
    ``cards`` it takes from the hand, and how they are played."""

    act: str
    kind: str
    label: str
    cards: list[str]


class OutcomeCore(TypedDict):
    """The end of a game: scores, ranking and winners (seats)."""

    scores: list[int]
    ranking: list[Seat]
    winners: list[Seat]


class OutcomeJson(OutcomeCore):
    """The end of a game, in words too."""

    text: str
    places_text: list[str]


class RuleSet(TypedDict):
    """The preset a game's rules are (its name and title), or "custom"."""

    name: str
    title: str


class Counter(TypedDict):
    """Where a reader is in a script: step ``at`` of ``of``."""

    at: int
    of: int


class ScriptJson(TypedDict):
    """Where the table is in its scenario (``Table.script_view``)."""

    title: str
    caption: str
    step: int
    steps: int
    stepped: bool
    next: Seat | None
    waits: bool
    back: int | None
    counter: Counter | None
    rounds: list[int]


class PersonJson(TypedDict):
    """A person at the table: their seat, and their own name as the others read it."""

    seat: Seat
    name: str


class TableView(TypedDict):
    """The fields of a view every game has, besides its family's (``Family.view``).
    ``people``: every person at the table (one phone passed round); ``next_person``: the
    person who decides next (the seat whose view this is while it may still act; null
    while a bot or chance is due, or the game is over; a replay's reader while they step
    through it);
    ``hand_over``: whether that is another person than the seat whose view this is (the
    phone is to be handed to them); ``since``: what happened since the seat's last move,
    in its words (null at a table of one person)."""

    game: str
    title: str
    options: dict[str, Any]
    seat: Seat
    round: int
    round_text: str
    outcome: OutcomeJson | None
    help: dict[str, str]
    rule_set: RuleSet
    undo: bool
    can_undo: bool
    script: ScriptJson | None
    revealed: list[list[CardJson]] | None
    people: list[PersonJson]
    next_person: Seat | None
    hand_over: bool
    since: str | None


# Cards a deal's exchange forced from hand to hand, with the ``cards`` where the seat saw
# them ("from" is a keyword: the functional form).
TransferJson = TypedDict("TransferJson", {"from": Seat, "to": Seat, "count": int,
                                          "cards": list[CardJson]})


class WhereTo(TypedDict, total=False):
    """Where a step sent cards (``Presenter.where_to``): ``to``, the seat given cards;
    ``trick_to``, the seat that won the trick the step ended; ``transfers``."""

    to: Seat
    trick_to: Seat
    transfers: list[TransferJson]


class StepJson(HowPlayed, WhereTo):
    """A step as the human's seat may see it (``Table.public_step``): its notation, kind,
    seat, the cards it showed, its sentence, the moves made so far, how its cards are
    played and where they went. Its notation is ``*:deal`` for a deal, and ``2:give``
    or ``3:commit`` without the cards the seat did not see; its ``kind`` is ``deal``,
    ``play``, ``pass``, ``discard``, ``give``, ``commit`` or ``announce``.
    ``Session.advance`` answers one with nulls when no step was due."""

    action: str | None
    kind: str | None
    seat: int | None  # -1 for chance's deal
    cards: list[CardJson]
    text: str | None
    moves: int


class Choice(Move):
    """A move a selection of cards could make (``Session.check_cards``), whether it is
    legal now, and why not; ``fold``, the title of the fold a picker lists it under, with
    how many it holds ("Not enough matchsticks (8)"), or null where it is listed in
    sight."""

    legal: bool
    reason: str | None
    fold: str | None


class ErrorJson(TypedDict):
    type: str
    message: str


class ErrorReply(TypedDict):
    """Any call's refusal; a move refused during a game comes with the view."""

    ok: Literal[False]
    error: ErrorJson
    view: NotRequired[View]
    choices: NotRequired[list[Choice]]  # a selection of cards no move can be made with


class ViewReply(TypedDict):
    """``view``: the view."""

    ok: Literal[True]
    view: View


class MovesReply(ViewReply):
    """``new_game``, ``take_over``, ``goto`` and ``undo`` (and ``load_log``, with more): the
    moves made and the view."""

    moves: int


class StepReply(StepJson):
    """``act``, ``advance`` and ``next_step``: the step made and the view after it."""

    ok: Literal[True]
    view: View


class CheckCardsReply(TypedDict):
    """``check_cards``: the first legal move the selected cards make (``act`` and
    ``label``), and every move they could make."""

    ok: Literal[True]
    act: str
    label: str
    choices: list[Choice]


class CheckReply(TypedDict):
    """``check``: the label of the move a text makes."""

    ok: Literal[True]
    label: str


class Hint(TypedDict):
    """Hard's move for a seat (``text``, its notation for ``act``), its ``kind`` and
    ``label``, why, and the hand's ``cards`` to select."""

    text: str
    kind: str
    label: str
    reason: str
    cards: list[str]


class HintReply(Hint):
    """``hint``: the hint."""

    ok: Literal[True]


OptionValue = bool | int | str
"""A rules option's value."""


class OptionJson(TypedDict):
    """A rules option as a lobby offers it (``OptionInfo.to_json``): its ``name``,
    ``title``, ``default`` and ``help``, the ``labels`` of the values the lobby offers as
    [value, label] pairs (JSON's keys are text), its ``choices`` (null: any whole number
    from ``minimum``, or true or false), and the title of the ``group`` a lobby folds it
    in with the others of that title (null: offered on its own)."""

    name: str
    title: str
    default: OptionValue
    help: str
    labels: list[list[OptionValue]]
    choices: list[OptionValue] | None
    minimum: int | None
    group: str | None
