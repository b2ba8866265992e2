"""The JSON game log: enough to replay a game exactly, readable by a person.

A log holds the rules, the players, the seed, the starting position when the
game did not start from a deal, and every action in notation, deals included
(so a replay never depends on the random generator), and the outcome. A table's
log (``engine.api``) adds its seats, whether moves may be taken back (``undo``) and
each move that was (``taken_back``: the move count it was made at, and its
notation); a log without them, from an earlier version, was a practice game.

Every log names the learned weights its game's bots play with (``policy``, their
digest; null where they play by none): the recorded actions replay exactly whatever
the weights, but bots that play on with other weights may choose otherwise, and a log
made with other weights says so when it is opened (``policy_caution``). A log without
``policy``, from before logs recorded weights, is opened as it always was.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from engine.catalogue import (
    Action,
    Rules,
    StartPosition,
    State,
    game_of,
    initial_state,
    make_rules,
    outcome,
    step,
)
from engine.core import limits
from engine.core.contract import OutcomeCore
from engine.core.errors import BadInput, BadLog, RulesError
from engine.core.language import N_, _, p_

__all__ = ["LOG_FORMAT", "GameRecord", "LogJson", "LoggedSeat", "load_json", "policy_caution",
           "policy_of", "read_log"]

LOG_FORMAT = "tycoon-table-log/1"


class LoggedSeat(TypedDict):
    """A seat as a table's log names it: its player's ``name`` and ``kind`` ("human" or
    a bot's level)."""

    name: str
    kind: str


class LogJson(TypedDict):
    """A game's log (``GameRecord.to_json``): its ``format`` (``LOG_FORMAT``), game,
    options, players, seats, seed, the ``start`` position (a family's own, as its
    ``StartPosition`` writes it; null for a game dealt from its first round), every
    action in notation, the outcome, and the digest of the learned weights the game's
    bots play with (``policy``, null where they play by none)."""

    format: str
    game: str
    options: dict[str, Any]
    players: int
    seats: list[LoggedSeat]
    seed: int
    start: dict[str, Any] | None
    actions: list[str]
    outcome: OutcomeCore | None
    policy: str | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How a game began and every action since: the game, replayable."""

    rules: Rules
    players: int
    seed: int
    actions: tuple[Action, ...] = ()
    start: StartPosition | None = None

    def initial(self) -> State:
        if self.start is not None:
            return self.start.state(self.rules, self.seed)
        return initial_state(self.rules, self.players, self.seed)

    def replay(self) -> State:
        """The state after every action, each checked as it is applied."""
        state = self.initial()
        for index, action in enumerate(self.actions):
            try:
                state = step(state, action)
            except RulesError as error:
                raise BadLog(_("action {number} ({action}) cannot be replayed: {error}").format(
                    number=index + 1, action=action, error=error)) from None
        return state

    def with_action(self, action: Action) -> "GameRecord":
        return GameRecord(self.rules, self.players, self.seed, (*self.actions, action),
                          self.start)

    def to_json(self, state: State, seats: list[LoggedSeat] | None = None) -> LogJson:
        result = outcome(state)
        return {
            "format": LOG_FORMAT,
            "game": self.rules.game,
            "options": self.rules.options(),
            "players": self.players,
            "seats": seats or [],
            "seed": self.seed,
            "start": self.start.to_json() if self.start else None,
            "actions": [str(a) for a in self.actions],
            "outcome": None if result is None else result.to_json(),
            "policy": policy_of(self.rules),
        }


def policy_of(rules: Rules) -> str | None:
    """The digest of the learned weights the bots of ``rules``' game play with here (12 hex
    digits), or None where they play by none."""
    learning = game_of(rules).family.bots.learning
    return None if learning is None else learning.digest(rules)


def policy_caution(log: Mapping[str, Any], rules: Rules) -> str | None:
    """What a player is told on opening a log of ``rules``' game whose bots played with
    other learned weights than they do here; None where it records the same, or none (a
    log from before any weights)."""
    if "policy" not in log or log["policy"] == policy_of(rules):
        return None
    if log["policy"] is None:
        return _("This game was saved by a version whose bots had learned no weights: its "
                 "moves so far replay as they were played, but the bots may play on "
                 "differently here.")
    return _("This game was saved by a version whose bots learned other weights: its moves "
             "so far replay as they were played, but the bots may play on differently here.")


def load_json(text: str) -> Any:
    """JSON text as data; raises ``BadLog`` for anything that is not JSON, or is too long
    or too deep to read (``engine.core.limits``)."""
    try:
        return limits.load_json(text, N_("the log"))
    except BadInput as error:
        raise BadLog(str(error)) from None


def read_log(data: dict[str, Any] | str) -> tuple[GameRecord, State]:
    """A record from a log (a dict or its JSON text) and the state it replays to.

    Raises ``BadLog`` with the reason when the log cannot be read or replayed.
    """
    log = load_json(data) if isinstance(data, str) else data
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise BadLog(_("not a Tycoon Table game log (expected format {format})").format(
            format=LOG_FORMAT))
    try:
        rules = make_rules(log["game"], options=log.get("options") or {})
        seed = log["seed"]
        if type(seed) is not int:
            raise BadLog(_("the log's seed is not a whole number"))
        start = None
        if log.get("start"):
            game = game_of(rules)
            if game.family.read_start is None:
                raise BadLog(_("a {game} game always starts from its first round").format(
                    game=p_("game", game.title)))
            start = game.family.read_start(log["start"])
        players = int(log["players"])
        if start is not None and start.players != players:
            raise BadLog(_("the log is for {players} players but its start has {hands} "
                           "hands").format(players=players, hands=start.players))
        actions = tuple(rules.parse_action(text) for text in log["actions"])
        record = GameRecord(rules, players, seed, actions, start)
        return record, record.replay()
    except BadLog:
        raise
    except RulesError as error:
        raise BadLog(_("the log cannot be read: {error}").format(error=error)) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        missing = limits.missing_field(error)
        raise BadLog(_("the log garbles a field") if missing is None else _(
            "the log has no {field} field").format(field=missing)) from None
