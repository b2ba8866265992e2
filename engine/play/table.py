"""A game at a table: its record, its position, who sits in each seat, the script it
follows and the bots' choices at the position (as values), and what a seat may do now.

A ``Table`` raises ``RulesError`` on bad input; ``engine.api.Session`` turns that into
an answer. The other parts of play are functions over a table, in modules that import
this one (never the other way): the scripted part (engine.play.script), the bots' turns
and Hard's shares (engine.play.turns), undo (engine.play.undo), the view
(engine.play.view) and what is shared of a game (engine.play.sharing).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from engine.catalogue import (
    Action,
    State,
    apply,
    chance_action,
    family_of,
    observe,
    step,
    verify,
)
from engine.config import GameConfig
from engine.core.contract import Choice, Move
from engine.core.errors import (
    BadLog,
    BadNotation,
    BadOptions,
    BadSeat,
    IllegalAction,
    NotYourTurn,
    RulesError,
)
from engine.core.language import _
from engine.core.limits import shown
from engine.core.presenter import Presenter
from engine.core.seats import HUMAN, YOU, check_names, person_name, seat_names, shown_name
from engine.log import GameRecord, load_json, read_log
from engine.players.levels import Bot, make_bot
from engine.players.thinking import HardShares, ThinkingTime
from engine.scenario import Scenario, ScenarioJson, ScriptStep, read_scenario

__all__ = ["BotChoices", "Script", "ScriptLogJson", "Table", "TakenBack", "first_reason"]


# A script as a game's log keeps it: its scenario, the moves before its first step
# (``from``), ``reveal`` and ``stepped`` ("from" is a keyword: the functional form).
ScriptLogJson = TypedDict("ScriptLogJson", {"scenario": ScenarioJson, "from": int,
                                            "reveal": bool, "stepped": bool})


class TakenBack(TypedDict):
    """A move taken back: the number of ``moves`` it was made at, and its ``action``."""

    moves: int
    action: str


@dataclass(frozen=True, slots=True)
class Script:
    """A scenario a table follows: from ``start`` (the actions in the record before its
    first step), with every hand shown (``reveal``, a replay its sharer chose to reveal),
    and stepped through by a reader (``stepped``) or guided: the others' scripted moves
    wait for Next at each caption, and the human makes their own."""

    scenario: Scenario
    start: int
    reveal: bool = False
    stepped: bool = False

    def done(self, moves: int) -> int:
        """How many of the script's moves a record of ``moves`` actions has made."""
        return min(moves - self.start, len(self.scenario.steps))

    def due(self, moves: int) -> ScriptStep | None:
        """The script's next move after ``moves`` actions, or None once all are made."""
        steps = self.scenario.steps
        done = moves - self.start
        return steps[done] if 0 <= done < len(steps) else None

    def to_json(self) -> ScriptLogJson:
        """The script as a game's log keeps it."""
        return {"scenario": self.scenario.to_json(), "from": self.start,
                "reveal": self.reveal, "stepped": self.stepped}


@dataclass(frozen=True, slots=True)
class BotChoices:
    """The bots' moves, by seat, at the position ``record`` reaches: kept while the
    position lasts (``engine.play.turns.pending`` asks before ``advance`` takes it)."""

    record: GameRecord
    chosen: Mapping[int, Action] = field(default_factory=dict)


class Table:
    """One game: its record, its current state, who sits where, and the bots."""

    def __init__(self, record: GameRecord, state: State, seats: list[str],
                 names: list[str] | None = None, undo: bool = True,
                 taken_back: Sequence[TakenBack] = (), shares: HardShares | None = None,
                 thinking: ThinkingTime | None = None,
                 people: Sequence[str | None] = ()) -> None:
        if len(seats) != state.players:
            raise BadOptions(_("{players} players need {players} seats, not {n}").format(
                players=state.players, n=len(seats)))
        self.record = record
        self.state = state
        self.seats = seats
        # The people's own names by seat (empty where none were given), and every seat's
        # name as the phone's owner reads it ("You", "Mia", "Aiko").
        self.people: tuple[str | None, ...] = tuple(people)
        self.names = names or seat_names(seats, self.people)
        # Hard's share of its budget at each position, recorded so its choices replay.
        self.shares = shares if shares is not None else HardShares()
        self.thinking = thinking  # times Hard here, and sizes the shares of a sized game
        bots = family_of(state).bots
        # Each bot seat's temperament, drawn from the game's seed: a deal seats the same
        # characters on every device.
        self.temperaments = [None if kind == HUMAN else bots.temperament(record.seed, s, kind)
                             for s, kind in enumerate(seats)]
        self.bots: dict[int, Bot] = {s: make_bot(kind, self.shares.first,
                                                 self.temperaments[s])
                                     for s, kind in enumerate(seats)
                                     if kind != HUMAN}
        self.choices: BotChoices | None = None  # the bots' moves at the current position
        self.undo_allowed = undo  # a practice game; off in a scored one
        self.taken_back = list(taken_back)
        # The position each recorded action was made at, kept as actions are made; None
        # until first asked (``positions``), for a table made from a record.
        self._positions: list[State] | None = [] if not record.actions else None
        self.script: Script | None = None  # a scenario's moves, while they are followed

    @classmethod
    def create(cls, config: GameConfig, thinking: ThinkingTime | None = None) -> "Table":
        """A new game of ``config``: dealt from its seed, or a scenario's start (dealt
        from its seed where it has no position) with its scripted moves to follow until
        the reader takes over. Hard thinks with the shares ``config`` fixes, or, where it
        fixes none, as much as the device ``thinking`` times allows at each position."""
        record = (config.scenario.record if config.scenario is not None
                  else GameRecord(config.rules, len(config.seats), config.seed))
        state = record.initial()
        sized = None if config.hard_budget is not None or thinking is None else (
            thinking.share(record.rules, record.players))
        table = cls(record, state, list(config.seats), undo=config.undo,
                    shares=config.hard_shares(sized), thinking=thinking, people=config.people)
        deal = chance_action(state)
        if deal is not None:
            table.apply(deal)
        if config.scenario is not None:
            table.script = Script(config.scenario, len(table.record.actions), config.reveal,
                                  config.stepped)
        return table

    @classmethod
    def from_log(cls, log: dict[str, Any] | str, thinking: ThinkingTime | None = None
                 ) -> "Table":
        """A logged game, as it was; a game sized to its device goes on sized to this one
        (``thinking``), its recorded shares kept."""
        data = load_json(log) if isinstance(log, str) else log
        record, state = read_log(data)
        seats = data.get("seats")
        seat_info: list[Any] = seats if isinstance(seats, list) else []
        kinds = [_text(s, "kind") for s in seat_info]
        names = [_text(s, "name") for s in seat_info]
        undo, taken_back = _undo_record(data)
        shares = HardShares.from_json(data, BadLog)
        people = _people(data, kinds)
        if len(seat_info) != record.players or None in kinds or None in names:
            # Seats unreadable: all human.
            table = cls(record, state, [HUMAN] * record.players, undo=undo,
                        taken_back=taken_back, shares=shares, thinking=thinking)
        else:
            table = cls(record, state, kinds, names, undo,  # type: ignore[arg-type]
                        taken_back, shares=shares, thinking=thinking, people=people)
        table.script = _logged_script(data, record)
        return table

    # ------------------------------------------------------------ seats

    @property
    def human(self) -> int:
        """The seat a front end shows: the first human seat (seat 0 if all are bots)."""
        return next((s for s, kind in enumerate(self.seats) if kind == HUMAN), 0)

    def seat(self, seat: object = None) -> int:
        """``seat`` (default: the human's) if it is a seat at this table."""
        if seat is None:
            return self.human
        if type(seat) is not int or not 0 <= seat < self.state.players:
            raise BadSeat(_("there is no seat {seat} at this table: the seats are 0 to "
                            "{last}").format(seat=shown(seat), last=self.state.players - 1))
        return seat

    @property
    def persons(self) -> list[int]:
        """The seats people play, in seat order (the phone's owner first)."""
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def person_name(self, seat: int) -> str:
        """A seat's name as the other people read it: a person's own name (the owner's
        "Player 1" where they gave none), a bot's."""
        if self.seats[seat] == HUMAN and self.names[seat] == YOU:
            return person_name(seat, self.people)
        return self.names[seat]

    def presenter(self, you: int | None = None, watching: bool = False) -> Presenter:
        """The game's presenter with the table's names, or speaking to seat ``you`` (named
        "You", and every other seat by its own name), or, ``watching``, to no one: the
        owner's seat too by its own name (a reader watching a named person's game)."""
        if you is not None:
            names = [YOU if s == you else self.person_name(s) for s in range(len(self.names))]
        elif watching:
            names = [self.person_name(s) if s == self.human else name
                     for s, name in enumerate(self.names)]
        else:
            names = self.names
        # The names in the language in force; "You" kept, as the presenter's grammar reads it.
        return family_of(self.state).presenter(
            [name if name == YOU else shown_name(name) for name in names],
            [None if t is None else t.word for t in self.temperaments])

    # ------------------------------------------------------------ acting

    def apply(self, action: Action, verified: bool = False) -> None:
        """Take ``action`` (of any seat: a bot's, chance's) if it is legal, and record it;
        raises why not. ``verified``: the table's ``verify`` has passed it already."""
        before = self.state
        self.state = apply(self.state, action) if verified else step(self.state, action)
        if self._positions is not None:
            self._positions.append(before)
        self.record = self.record.with_action(action)

    def rewind(self, moves: int) -> None:
        """Go back to the position after the first ``moves`` recorded actions: the game
        replayed from its record without the others."""
        self.record = GameRecord(self.record.rules, self.record.players, self.record.seed,
                                 self.record.actions[:moves], self.record.start)
        self.state = self.record.replay()
        if self._positions is not None:
            del self._positions[moves:]

    def positions(self) -> list[State]:
        """The position each recorded action was made at (undo reads their rounds, a
        person's news their moves): kept as the table goes, or, for a table made from a
        record, its record replayed once to see."""
        if self._positions is None:
            state, self._positions = self.record.initial(), []
            for action in self.record.actions:
                self._positions.append(state)
                state = apply(state, action)
        return self._positions

    def parse(self, text: object, seat: object = None) -> Action:
        if not isinstance(text, str):
            raise BadNotation(_("an action is text, like {play} or {passing}").format(
                play='"9c 9d"', passing='"pass"'))
        return self.state.rules.parse_action(text, self.seat(seat))

    def check(self, text: object, seat: object = None) -> str:
        """The label of a legal action ("Play three 9s"); raises with the reason if illegal."""
        action = self.parse(text, seat)
        self.verify(action)
        return self.label(action)

    def verify(self, action: Action) -> None:
        """Raise why ``action`` cannot be made at this table now: the rules' reason, or,
        while a scenario's script is followed, that it is not the scripted move."""
        verify(self.state, action)
        due = self.scripted()
        if due is not None and action != due.action:
            raise IllegalAction(self.script_refusal(due.action, action.seat))

    def scripted(self) -> ScriptStep | None:
        """The script's next move, while the table follows a scenario."""
        return None if self.script is None else self.script.due(len(self.record.actions))

    def script_refusal(self, due: Action, seat: int) -> str:
        """Why ``seat`` may not move now, the script's next move being ``due``."""
        if due.seat != seat:
            stepped = self.script is not None and self.script.stepped
            way_on = _("press Next, or Play on to play your own way") if stepped else (
                _("press Next"))
            return _("this example goes on with {name}'s move first: {way_on}").format(
                name=shown_name(self.names[due.seat]), way_on=way_on)
        label = self.label(due)
        return _("this example asks you to {move}").format(move=label[:1].lower() + label[1:])

    def card_moves(self, cards: object, seat: object = None
                   ) -> list[tuple[Action, RulesError | None]]:
        """Every move these cards of the seat's hand could make now (a give in an
        exchange, a play, a commit; a play per value in Matchstick Tycoon), each with
        why it is illegal, or None."""
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise BadNotation(_("cards are a list of card names, like {cards}").format(
                cards='["9c", "9d"]'))
        who = self.seat(seat)
        moves: list[tuple[Action, RulesError | None]] = []
        for action in family_of(self.state).moves_of_cards(self.state, who, cards):
            try:
                self.verify(action)
            except RulesError as error:
                moves.append((action, error))
            else:
                moves.append((action, None))
        return moves

    def check_cards(self, cards: object, seat: object = None) -> Action:
        """The first legal move these cards make now; raises why the first cannot be
        played when none can."""
        moves = self.card_moves(cards, seat)
        for action, error in moves:
            if error is None:
                return action
        raise first_reason(moves)

    def act(self, text: object, seat: object = None) -> Action:
        action = self.parse(text, seat)
        if action.seat in self.bots:
            raise NotYourTurn(_("seat {n} is played by a bot").format(n=action.seat))
        self.verify(action)
        self.apply(action, verified=True)
        return action

    # ------------------------------------------------------------ describing moves

    def label(self, action: Action) -> str:
        """A move as a button says it: "Play three 9s", "Commit 5"."""
        return str(self.moves_json([action])[0]["label"])

    def choices_json(self, moves: Sequence[tuple[Action, RulesError | None]]) -> list[Choice]:
        """The moves of ``card_moves``, as a picker offers them (``Presenter.choices``): in
        the family's order, each legal or with its reason, and folded where the family
        folds them."""
        if not moves:
            return []
        seat = moves[0][0].seat
        return self.presenter().choices(moves, observe(self.state, seat))

    def moves_json(self, actions: Sequence[Action]) -> list[Move]:
        """Moves of one seat as a view offers them (``act``, ``kind``, ``label``,
        ``cards`` and how they are played), from one observation of that seat."""
        if not actions:
            return []
        seat = actions[0].seat if actions[0].seat >= 0 else self.human
        presenter, observation = self.presenter(), observe(self.state, seat)
        return [presenter.move(action, observation) for action in actions]


def first_reason(moves: list[tuple[Action, RulesError | None]]) -> RulesError:
    """Why a selection makes no legal move: the first move's reason."""
    error = moves[0][1]
    assert error is not None, "only called when every move is illegal"
    return error


def _logged_script(log: dict[str, Any], record: GameRecord) -> Script | None:
    """The script a logged game still follows; none for a log without one (or from an
    earlier version). Raises ``BadLog`` for a script that cannot be read or is not this
    game's."""
    logged = log.get("script")
    if logged is None:
        return None
    try:
        scenario = read_scenario(logged["scenario"])
        start = logged["from"]
        reveal, stepped = logged.get("reveal", False), logged.get("stepped", False)
    except (RulesError, KeyError, TypeError, AttributeError) as error:
        raise BadLog(_("the log's scenario cannot be read: {error}").format(error=error)
                     ) from None
    ours = GameRecord(record.rules, record.players, record.seed, (), record.start)
    if (scenario.record != ours or type(start) is not int or type(reveal) is not bool
            or type(stepped) is not bool or not 0 <= start <= len(record.actions)):
        raise BadLog(_("the log's scenario is not the game it records"))
    return Script(scenario, start, reveal, stepped)


def _undo_record(log: dict[str, Any]) -> tuple[bool, list[TakenBack]]:
    """Whether a logged game allows undo (a log of an earlier version, a practice game,
    does), and its take-backs; raises ``BadLog`` for ones that cannot be read."""
    undo = log.get("undo", True)
    taken_back = log.get("taken_back", [])
    if type(undo) is not bool or not isinstance(taken_back, list) or not all(
            isinstance(entry, dict) and type(entry.get("moves")) is int
            and isinstance(entry.get("action"), str) for entry in taken_back):
        raise BadLog(_("the log's undo and taken-back moves cannot be read"))
    return undo, taken_back


def _people(log: dict[str, Any], kinds: list[str | None]) -> tuple[str | None, ...]:
    """The people's own names a table's log keeps (``people``); none in a log from before
    people had names. Raises ``BadLog`` for names that cannot be read."""
    people = log.get("people")
    if people is None:
        return ()
    try:
        if not isinstance(people, list) or None in kinds:
            raise BadOptions(_("the names are a list"))
        return check_names([str(kind) for kind in kinds], people)
    except BadOptions as error:
        raise BadLog(_("the log's people cannot be read: {error}").format(error=error)
                     ) from None


def _text(item: Any, key: str) -> str | None:
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, str) else None
