"""The JSON game log: enough to replay a game exactly, readable by a person.

A log holds the rules, the players, the seed, the starting position when the
game did not start from a deal, and every action in notation, deals included
(so a replay never depends on the random generator), and the outcome.
"""

import json
from dataclasses import dataclass
from typing import Any

from engine.actions import Play
from engine.climbing import ClimbState
from engine.corporation import CorporationRules
from engine.errors import BadLog, RulesError
from engine.games import Action, Rules, State, initial_state, make_rules, outcome, setup, step

LOG_FORMAT = "tycoon-table-log/1"


@dataclass(frozen=True, slots=True)
class Start:
    """A position to start from instead of a deal (scenario links, tests)."""

    hands: tuple[str, ...]
    to_act: int
    trick: tuple[str, ...] = ()
    passed: tuple[int, ...] = ()
    revolution: bool = False

    def state(self, rules: Rules, seed: int) -> ClimbState:
        if isinstance(rules, CorporationRules):
            raise BadLog("a Corporation game always starts from its first round")
        trick = []
        for text in self.trick:
            action = rules.parse_action(text)
            if not isinstance(action, Play):
                raise BadLog(f"{text!r} is not a play")
            trick.append(action)
        return setup(rules, [rules.parse_cards(h) for h in self.hands], self.to_act, trick=trick,
                     passed=self.passed, revolution=self.revolution, seed=seed)

    def to_json(self) -> dict[str, Any]:
        return {"hands": list(self.hands), "to_act": self.to_act, "trick": list(self.trick),
                "passed": list(self.passed), "revolution": self.revolution}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How a game began and every action since: the game, replayable."""

    rules: Rules
    players: int
    seed: int
    actions: tuple[Action, ...] = ()
    start: Start | None = None

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
                raise BadLog(f"action {index + 1} ({action}) cannot be replayed: {error}") from None
        return state

    def with_action(self, action: Action) -> "GameRecord":
        return GameRecord(self.rules, self.players, self.seed, (*self.actions, action),
                          self.start)

    def to_json(self, state: State, seats: list[dict[str, Any]] | None = None
                ) -> dict[str, Any]:
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
            "outcome": None if result is None else {
                "scores": list(result.scores), "ranking": list(result.ranking),
                "winners": list(result.winners)},
        }


def load_json(text: str) -> Any:
    """JSON text as data; raises ``BadLog`` for anything that is not JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadLog(f"the log is not JSON: {error}") from None


def read_log(data: dict[str, Any] | str) -> tuple[GameRecord, State]:
    """A record from a log (a dict or its JSON text) and the state it replays to.

    Raises ``BadLog`` with the reason when the log cannot be read or replayed.
    """
    log = load_json(data) if isinstance(data, str) else data
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise BadLog(f"not a Tycoon Table game log (expected format {LOG_FORMAT})")
    try:
        rules = make_rules(log["game"], options=log.get("options") or {})
        seed = log["seed"]
        if type(seed) is not int:
            raise BadLog("the log's seed is not a whole number")
        start = None
        if log.get("start"):
            s = log["start"]
            passed = s.get("passed", [])
            if not isinstance(passed, list) or not all(type(p) is int for p in passed):
                raise BadLog("the start's passed seats are a list of seat numbers")
            start = Start(tuple(s["hands"]), int(s["to_act"]), tuple(s.get("trick", ())),
                          tuple(passed), bool(s.get("revolution", False)))
        players = int(log["players"])
        if start is not None and len(start.hands) != players:
            raise BadLog(f"the log is for {players} players but its start has "
                         f"{len(start.hands)} hands")
        actions = tuple(rules.parse_action(text) for text in log["actions"])
        record = GameRecord(rules, players, seed, actions, start)
        return record, record.replay()
    except BadLog:
        raise
    except RulesError as error:
        raise BadLog(f"the log cannot be read: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BadLog(f"the log is missing or garbles a field ({error!r})") from None
