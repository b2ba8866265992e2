"""The engine's JSON face: plain dicts and strings in, plain dicts out.

``Table`` is one game with its seats and bots; it raises ``RulesError`` on bad
input. ``Session`` holds the current table for a front end (the browser
worker, a CLI) and never raises: every answer is an envelope,
``{"ok": True, ...}`` or ``{"ok": False, "error": {"type", "message"}}``, and a
rejected action leaves the game as it was.
"""

import random
from typing import Any

from engine.actions import CHANCE, Action, Give, Pass, Play
from engine.bots import BOTS, Bot, make_bot
from engine.cards import Card
from engine.climbing import ClimbObservation, Phase, Transfer
from engine.errors import BadOptions, RulesError
from engine.games import (
    DEFAULT_PLAYERS,
    PLAYER_COUNTS,
    PRESETS,
    RULES_TYPES,
    State,
    chance_action,
    make_rules,
    observe,
    outcome,
    step,
    verify,
)
from engine.log import GameRecord, load_json, read_log
from engine.options import option_infos
from engine.rng import derive_seed

HUMAN = "human"
BOT_NAMES = ("Aiko", "Bruno", "Chen", "Dana", "Emeka", "Freya", "Goro")


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
        self.bots: dict[int, Bot] = {s: make_bot(kind) for s, kind in enumerate(seats)
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
        table._apply(chance_action(state))  # type: ignore[arg-type]
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
        """The seat of the bot or chance due to act, or None (a human's turn, or the end)."""
        actor = self.state.actor
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

    # ------------------------------------------------------------ describing

    def label(self, action: Action) -> str:
        rules = self.state.rules
        if isinstance(action, Play):
            return "Play " + rules.describe_play(action)
        if isinstance(action, Pass):
            return "Pass"
        if isinstance(action, Give):
            owed = self.state.owed[0]
            return f"Give {_card_list(action.cards)} to {self.names[owed.receiver]}"
        return "Deal"

    def narrate(self, action: Action, before: State) -> str:
        """A sentence for the history: "Aiko plays three 9s and wins the trick"."""
        after = self.state
        if isinstance(action, Play):
            who = self.names[action.seat]
            verb = self._verb(action.seat, "play", "plays")
            text = f"{who} {verb} {after.rules.describe_play(action)}"
            notes = []
            if after.revolution != before.revolution:
                notes.append("Counter-revolution!" if before.revolution else "Revolution!")
            if not after.hands[action.seat] or after.round_no != before.round_no:
                notes.append(f"{who} {self._verb(action.seat, 'are', 'is')} out")
            elif after.phase is Phase.PLAY and not after.trick:
                notes.append(f"{who} {self._verb(action.seat, 'win', 'wins')} the trick")
            if after.bankrupt is not None and before.bankrupt is None:
                notes.append(f"{self.names[after.bankrupt]} went bankrupt")
            return " — ".join([text, *notes])
        if isinstance(action, Pass):
            return f"{self.names[action.seat]} {self._verb(action.seat, 'pass', 'passes')}"
        if isinstance(action, Give):
            owed = before.owed[0]
            seen = self.human in (owed.giver, owed.receiver)
            return self._transfer_text(Transfer(owed.giver, owed.receiver, owed.count,
                                                action.cards if seen else (), chosen=True))
        return f"Round {after.round_no}: the cards are dealt"

    def _verb(self, seat: int, you_form: str, other_form: str) -> str:
        """ "You play" but "Aiko plays"."""
        return you_form if self.names[seat] == "You" else other_form

    def _transfer_text(self, event: Transfer) -> str:
        """ "Chen gives You the 3 of clubs", "You hand Bruno your 2 highest cards: ..."."""
        giver, receiver = self.names[event.giver], self.names[event.receiver]
        count = f"{event.count} card{'s' * (event.count != 1)}"
        if event.chosen:
            what = _card_list(event.cards) if event.cards else count
            return f"{giver} {self._verb(event.giver, 'give', 'gives')} {receiver} {what}"
        whose = self._verb(event.giver, "your", "their")
        highest = f"{whose} highest card" if event.count == 1 else (
            f"{whose} {event.count} highest cards")
        what = f"{highest}: {_card_list(event.cards)}" if event.cards else highest
        return f"{giver} {self._verb(event.giver, 'hand', 'hands')} {receiver} {what}"

    def _event_text(self, event: Any, obs: ClimbObservation) -> str:
        if isinstance(event, Transfer):
            return self._transfer_text(event)
        if isinstance(event, Play):
            return f"{self.names[event.seat]}: {obs.rules.describe_play(event)}"
        return f"{self.names[event.seat]}: pass"

    # ------------------------------------------------------------ views

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` (default: the human) sees, as JSON-ready data."""
        seat = self.human if seat is None else seat
        state = self.state
        obs = observe(state, seat)
        rules = state.rules
        titles = obs.titles()
        result = outcome(state)
        this_round = state.places[-1] if state.phase is not Phase.PLAY and state.places else None
        players = []
        for s in range(state.players):
            place = obs.out.index(s) + 1 if s in obs.out else None
            players.append({
                "seat": s, "name": self.names[s], "kind": self.seats[s], "title": titles[s],
                "score": state.scores[s], "cards": obs.hand_sizes[s],
                "passed": s in obs.passed, "place": place, "bankrupt": s == obs.bankrupt,
                "sticks": obs.sticks[s],
            })
        return {
            "game": rules.game,
            "options": rules.options(),
            "seat": seat,
            "round": obs.round_no,
            "rounds": rules.rounds or None,
            "phase": obs.phase.value,
            "to_act": obs.actor if obs.actor is not None and obs.actor >= 0 else None,
            "your_turn": obs.actor == seat,
            "hand": [str(c) for c in obs.hand],
            "hand_names": [c.name for c in obs.hand],
            "players": players,
            "trick": [{"seat": p.seat, "cards": [str(c) for c in p.cards],
                       "text": rules.describe_play(p)} for p in obs.trick],
            "revolution": obs.revolution,
            "owed": [{"giver": o.giver, "receiver": o.receiver, "count": o.count}
                     for o in obs.owed],
            "legal": [{"act": _move_text(a), "label": self.label(a),
                       "cards": [str(c) for c in getattr(a, "cards", ())]} for a in obs.legal],
            "history": [self._event_text(e, obs) for e in obs.events],
            "last_round": None if this_round is None else [
                {"seat": s, "name": self.names[s],
                 "title": rules.title(place, state.players),
                 "points": rules.points(place, state.players)}
                for place, s in enumerate(this_round)],
            "outcome": None if result is None else {
                "scores": list(result.scores), "ranking": list(result.ranking),
                "winners": list(result.winners),
                "text": self._outcome_text(result.winners, result.scores)},
            "help": {info.name: info.help for info in option_infos(type(rules))},
        }

    def _outcome_text(self, winners: tuple[int, ...], scores: tuple[int, ...]) -> str:
        names = " and ".join(self.names[w] for w in winners)
        points = scores[winners[0]]
        verb = "win" if len(winners) > 1 or self.names[winners[0]] == "You" else "wins"
        return f"{names} {verb} with {points} point{'s' * (points != 1)}"

    def export_log(self) -> dict[str, Any]:
        seats = [{"name": n, "kind": k} for n, k in zip(self.names, self.seats, strict=True)]
        return self.record.to_json(self.state, seats)


def _text(item: Any, key: str) -> str | None:
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def _move_text(action: Action) -> str:
    """The action as a front end sends it back: its notation without the seat."""
    return str(action).partition(":")[2]


def _card_list(cards: tuple[Card, ...]) -> str:
    names = [f"the {c.name}" if not c.is_joker else "a Joker" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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
            } for game, rules_type in RULES_TYPES.items()},
            "bots": list(BOTS)}

    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        try:
            self.table = Table.create(config)
        except RulesError as error:
            return _error(error)
        return {"ok": True, "view": self.table.view()}

    def load_log(self, log: dict[str, Any] | str) -> dict[str, Any]:
        try:
            self.table = Table.from_log(log)
        except RulesError as error:
            return _error(error)
        return {"ok": True, "view": self.table.view()}

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
        return {"ok": True, "action": str(action), "text": table.narrate(action, before),
                "view": table.view(seat)}

    def advance(self) -> dict[str, Any]:
        """One bot or chance step: ``{"ok", "action", "text", "view"}``, action None if none."""
        try:
            table = self._need_table()
            before = table.state
            action = table.advance()
        except RulesError as error:
            return _error(error)
        return {"ok": True, "action": None if action is None else str(action),
                "seat": None if action is None else action.seat,
                "text": None if action is None else table.narrate(action, before),
                "view": table.view()}

    def export_log(self) -> dict[str, Any]:
        try:
            return {"ok": True, "log": self._need_table().export_log()}
        except RulesError as error:
            return _error(error)
