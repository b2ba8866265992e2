"""The engine's JSON face: plain dicts and strings in, plain dicts out.

``Table`` is one game with its seats and bots; it raises ``RulesError`` on bad
input. ``Session`` holds the current table for a front end (the browser
worker, a CLI) and never raises: every answer is an envelope,
``{"ok": True, ...}`` or ``{"ok": False, "error": {"type", "message"}}``, and a
rejected action leaves the game as it was.
"""

import random
from typing import Any

from engine import climbing, corporation
from engine.actions import CHANCE, Deal, Discard, Give, Pass, Play
from engine.actions import Action as ClimbAction
from engine.bots import BOTS, Bot, make_bot
from engine.climbing import ClimbState
from engine.corporation import Announce, Commit, CorpAction, CorpState
from engine.errors import BadOptions, GameOver, NotYourTurn, RulesError
from engine.games import (
    DEFAULT_PLAYERS,
    PLAYER_COUNTS,
    PRESETS,
    RULES_HELP,
    RULES_TYPES,
    Action,
    State,
    chance_action,
    make_rules,
    observe,
    outcome,
    step,
    verify,
)
from engine.hints import hint
from engine.log import GameRecord, load_json, read_log
from engine.options import option_infos
from engine.rng import derive_seed
from engine.views import ClimbPresenter, CorpPresenter, Presenter, move_text

HUMAN = "human"
BOT_NAMES = ("Aiko", "Bruno", "Chen", "Dana", "Emeka", "Freya", "Goro", "Hana", "Ivo", "Jun")


def _seat_names(kinds: list[str]) -> list[str]:
    humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
    bot_names = iter(BOT_NAMES)
    names = []
    for seat, kind in enumerate(kinds):
        if kind != HUMAN:
            names.append(next(bot_names))
        elif len(humans) == 1:
            names.append("You")
        else:
            names.append(f"Player {seat + 1}")
    return names


class Table:
    """One game: its record, its current state, who sits where, and the bots."""

    def __init__(self, record: GameRecord, state: State, seats: list[str],
                 names: list[str] | None = None) -> None:
        if len(seats) != state.players:
            raise BadOptions(f"{state.players} players need {state.players} seats, "
                             f"not {len(seats)}")
        self.record = record
        self.state = state
        self.seats = seats
        self.names = names or _seat_names(seats)
        self.bots: dict[int, Bot] = {s: make_bot(kind)
                                     for s, kind in enumerate(seats)
                                     if kind != HUMAN}

    @classmethod
    def create(cls, config: dict[str, Any]) -> "Table":
        """A new game from ``{"game", "preset", "options", "seats", "seed"}``.

        ``seats`` lists "human" or a bot's name per seat; its length is the
        number of players (default: you against the greedy bot).
        """
        if not isinstance(config, dict):
            raise BadOptions("a game is configured by an object of settings")
        game = config.get("game", "tycoon")
        rules = make_rules(game, config.get("preset"), config.get("options") or {})
        seats = config.get("seats") or [HUMAN] + ["greedy"] * (DEFAULT_PLAYERS[game] - 1)
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadOptions("seats is a list like [\"human\", \"greedy\", \"greedy\"]")
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if type(seed) is not int or seed < 0:
            raise BadOptions("the seed is a whole number, 0 or more")
        record = GameRecord(rules, len(seats), seed)
        state = record.initial()
        table = cls(record, state, seats)
        deal = chance_action(state)
        if deal is not None:
            table._apply(deal)
        return table

    @classmethod
    def from_log(cls, log: dict[str, Any] | str) -> "Table":
        data = load_json(log) if isinstance(log, str) else log
        record, state = read_log(data)
        seats = data.get("seats")
        seat_info: list[Any] = seats if isinstance(seats, list) else []
        kinds = [_text(s, "kind") for s in seat_info]
        names = [_text(s, "name") for s in seat_info]
        if len(seat_info) != record.players or None in kinds or None in names:
            return cls(record, state, [HUMAN] * record.players)  # seats unreadable: all human
        return cls(record, state, kinds, names)  # type: ignore[arg-type]

    # ------------------------------------------------------------ acting

    @property
    def human(self) -> int:
        """The seat a front end shows: the first human seat (seat 0 if all are bots)."""
        return next((s for s, kind in enumerate(self.seats) if kind == HUMAN), 0)

    def _apply(self, action: Action) -> None:
        self.state = step(self.state, action)
        self.record = self.record.with_action(action)

    def parse(self, text: str, seat: int | None = None) -> Action:
        if not isinstance(text, str):
            raise RulesError("an action is text, like \"9c 9d\" or \"pass\"")
        return self.state.rules.parse_action(text, self.human if seat is None else seat)

    def check(self, text: str, seat: int | None = None) -> str:
        """The label of a legal action ("Play three 9s"); raises with the reason if illegal."""
        action = self.parse(text, seat)
        verify(self.state, action)
        return self.label(action)

    def act(self, text: str, seat: int | None = None) -> Action:
        action = self.parse(text, seat)
        if action.seat in self.bots:
            raise RulesError(f"seat {action.seat} is played by a bot")
        self._apply(action)
        return action

    def pending(self) -> int | None:
        """The seat of the bot or chance due to act, or None (a human's turn, or the end).

        While every seat may act at once (a Corporation round), the bots go first,
        one at a time, in seat order.
        """
        state = self.state
        if isinstance(state, CorpState):
            return next((s for s in sorted(state.to_act) if s in self.bots), None)
        actor = state.actor
        if actor == CHANCE or actor in self.bots:
            return actor
        return None

    def advance(self) -> Action | None:
        """Let the bot or chance due to act take one action."""
        actor = self.pending()
        if actor is None:
            return None
        action: Action | None
        if actor == CHANCE:
            action = chance_action(self.state)
            assert action is not None
        else:
            # A bot's generator depends only on the game and the move number, so a
            # reloaded game goes on exactly as it would have.
            rng = random.Random(derive_seed(self.record.seed, "bot", len(self.record.actions)))
            action = self.bots[actor].choose(observe(self.state, actor), rng)
        self._apply(action)
        return action

    def hint(self, seat: int | None = None) -> dict[str, Any]:
        """The Hard bot's move for ``seat`` (default: the human) and why, from what that
        seat sees: ``{"text", "label", "reason", "cards"}``. ``text`` is the move's notation
        for ``act``; ``cards`` are the hand's cards to select (none for a pass). The same
        position always gets the same hint. Raises ``NotYourTurn`` when the seat may not
        act now and ``GameOver`` after the end."""
        seat = self.human if seat is None else seat
        state = self.state
        if type(seat) is not int or not 0 <= seat < state.players:
            raise NotYourTurn(f"there is no seat {seat!r} in this game")
        if outcome(state) is not None:
            raise GameOver("the game is over: there is nothing left to hint")
        observation = observe(state, seat)
        if not observation.legal:
            raise NotYourTurn(self._not_to_act(seat))
        rng = random.Random(derive_seed(self.record.seed, "hint", len(self.record.actions)))
        names = ["You" if s == seat else name for s, name in enumerate(self.names)]
        advice = hint(observation, rng, names)
        return {"text": move_text(advice.action), "label": self.label(advice.action),
                "reason": advice.reason,
                "cards": [str(c) for c in _cards_of(advice.action)]}

    def _not_to_act(self, seat: int) -> str:
        """Why ``seat`` has nothing to do now, for a hint asked out of turn."""
        you = seat == self.human
        whose = "your" if you else f"{self.names[seat]}'s"
        state = self.state
        if isinstance(state, CorpState):
            return (f"{'you have' if you else self.names[seat] + ' has'} committed a card "
                    "this round: wait for the reveal")
        actor = state.actor
        if actor == CHANCE:
            return f"it is not {whose} turn: the cards are being dealt"
        assert actor is not None
        return f"it is not {whose} turn but {self.names[actor]}'s"

    # ------------------------------------------------------------ describing

    def label(self, action: Action) -> str:
        """A move as a button says it: "Play three 9s", "Commit 5"."""
        if isinstance(self.state, CorpState):
            return CorpPresenter(self.names).label(_corp(action))
        return ClimbPresenter(self.names).label(_climb(action), self.state)

    def narrate(self, action: Action, before: State) -> str:
        """A sentence for the history, as the human's seat may hear it."""
        after = self.state
        if isinstance(after, CorpState) and isinstance(before, CorpState):
            return CorpPresenter(self.names).narrate(_corp(action), before, after, self.human)
        assert isinstance(after, ClimbState) and isinstance(before, ClimbState)
        return ClimbPresenter(self.names).narrate(_climb(action), before, after, self.human)

    def public_step(self, action: Action, before: State) -> dict[str, Any]:
        """An action as the human's seat may see it: its notation (a deal without its
        hands, a give or a commit without cards the seat did not see), its seat, the cards
        it showed, and its sentence."""
        if isinstance(self.state, CorpState):
            shown = _corp(action).seat == self.human
            text = str(action) if shown or isinstance(action, Announce) else (
                f"{action.seat}:commit")
            cards = [str(action.card)] if isinstance(action, Commit) and shown else []
        else:
            climb = _climb(action)
            shown = True
            if isinstance(climb, Deal):
                shown = False
            elif isinstance(climb, Give):
                assert isinstance(before, ClimbState)
                shown = self.human in (before.owed[0].giver, before.owed[0].receiver)
            text = str(climb) if shown else ("*:deal" if isinstance(climb, Deal) else
                                             f"{climb.seat}:give")
            cards = [str(c) for c in getattr(climb, "cards", ())] if shown else []
        kind = next(name for cls, name in _KINDS.items() if isinstance(action, cls))
        return {"action": text, "kind": kind, "seat": action.seat,
                "cards": cards, "text": self.narrate(action, before),
                "moves": len(self.record.actions)}

    # ------------------------------------------------------------ views

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` (default: the human) sees, as JSON-ready data."""
        seat = self.human if seat is None else seat
        state = self.state
        rules = state.rules
        result = outcome(state)
        common = {
            "game": rules.game,
            "options": rules.options(),
            "seat": seat,
            "round": state.round_no,
            "outcome": None if result is None else {
                "scores": list(result.scores), "ranking": list(result.ranking),
                "winners": list(result.winners),
                "text": Presenter(self.names).outcome_text(result.winners, result.scores)},
            "help": {info.name: info.help for info in option_infos(type(rules))},
        }
        if isinstance(state, CorpState):
            obs = corporation.observe(state, seat)
            return {**common, **CorpPresenter(self.names).view(obs, state, self.seats)}
        climb_obs = climbing.observe(state, seat)
        return {**common, **ClimbPresenter(self.names).view(climb_obs, state, self.seats)}

    def export_log(self) -> dict[str, Any]:
        seats = [{"name": n, "kind": k} for n, k in zip(self.names, self.seats, strict=True)]
        return self.record.to_json(self.state, seats)


def _text(item: Any, key: str) -> str | None:
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


_KINDS: dict[type, str] = {Play: "play", Pass: "pass", Discard: "discard", Give: "give",
                           Deal: "deal", Commit: "commit", Announce: "announce"}
"""What kind of step an action is, as front ends name it."""


def _cards_of(action: Action) -> tuple[object, ...]:
    """The cards a move takes from the hand: a play's, a give's, a commit's one card."""
    if isinstance(action, Commit):
        return (action.card,)
    if isinstance(action, Announce | Deal):
        return ()
    return tuple(getattr(action, "cards", ()))


def _corp(action: Action) -> CorpAction:
    assert isinstance(action, Commit | Announce)
    return action


def _climb(action: Action) -> ClimbAction:
    assert not isinstance(action, Commit | Announce)
    return action


def _error(error: Exception) -> dict[str, Any]:
    return {"ok": False, "error": {"type": type(error).__name__, "message": str(error)}}


class Session:
    """The current table of a front end. Every method returns an envelope."""

    def __init__(self) -> None:
        self.table: Table | None = None

    def _need_table(self) -> Table:
        if self.table is None:
            raise RulesError("no game is in progress: start one first")
        return self.table

    def games(self) -> dict[str, Any]:
        """The games, their options with help text, presets, seat counts and bots."""
        return {"ok": True, "games": {
            game: {
                "players": list(PLAYER_COUNTS[game]),
                "options": [{"name": i.name, "default": i.default, "help": i.help,
                             "choices": list(i.choices) if i.choices else None,
                             "minimum": i.minimum} for i in option_infos(rules_type)],
                "presets": {name: rules.options() for name, rules in PRESETS.items()
                            if rules.game == game},
                "rules": list(RULES_HELP[game]),
            } for game, rules_type in RULES_TYPES.items()},
            "bots": list(BOTS)}

    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        try:
            self.table = Table.create(config)
        except RulesError as error:
            return _error(error)
        return {"ok": True, "moves": len(self.table.record.actions), "view": self.table.view()}

    def load_log(self, log: dict[str, Any] | str) -> dict[str, Any]:
        try:
            self.table = Table.from_log(log)
        except RulesError as error:
            return _error(error)
        return {"ok": True, "moves": len(self.table.record.actions), "view": self.table.view()}

    def view(self, seat: int | None = None) -> dict[str, Any]:
        try:
            return {"ok": True, "view": self._need_table().view(seat)}
        except RulesError as error:
            return _error(error)

    def check(self, text: str, seat: int | None = None) -> dict[str, Any]:
        try:
            return {"ok": True, "label": self._need_table().check(text, seat)}
        except RulesError as error:
            return _error(error)

    def act(self, text: str, seat: int | None = None) -> dict[str, Any]:
        try:
            table = self._need_table()
            before = table.state
            action = table.act(text, seat)
        except RulesError as error:
            envelope = _error(error)
            if self.table is not None:
                envelope["view"] = self.table.view(seat)
            return envelope
        return {"ok": True, **table.public_step(action, before), "view": table.view(seat)}

    def advance(self) -> dict[str, Any]:
        """One bot or chance step: ``{"ok", "action", "seat", "cards", "text", "view"}``;
        ``action`` is None when none is due."""
        try:
            table = self._need_table()
            before = table.state
            action = table.advance()
        except RulesError as error:
            return _error(error)
        if action is None:
            return {"ok": True, "action": None, "kind": None, "seat": None, "cards": [],
                    "text": None, "moves": len(table.record.actions), "view": table.view()}
        return {"ok": True, **table.public_step(action, before), "view": table.view()}

    def hint(self, seat: int | None = None) -> dict[str, Any]:
        """The Hard bot's move for the seat (default: the human) and why:
        ``{"ok", "text", "label", "reason", "cards"}``; refused when it is not that seat's
        turn or the game is over."""
        try:
            return {"ok": True, **self._need_table().hint(seat)}
        except RulesError as error:
            return _error(error)

    def export_log(self) -> dict[str, Any]:
        try:
            return {"ok": True, "log": self._need_table().export_log()}
        except RulesError as error:
            return _error(error)
