"""The engine's JSON face: plain dicts and strings in, plain dicts out.

``Session`` holds the current table for a front end (the browser worker, a CLI) and
never raises: every answer is an envelope, ``{"ok": True, ...}`` or ``{"ok": False,
"error": {"type", "message"}}``, and a rejected action leaves the game as it was. Each
method returns the reply its call declares (engine.core.contract, engine.replies), or a
refusal (``ErrorReply``). Its calls are listed in ``CALLS``: the browser worker's
exports are built from it, and the worker's functions and the page's client are checked
against it (tests/test_calls.py).

A game is played by engine.play: the table (engine.play.table) with its scripted part,
bots' turns, undo, view and what is shared of it, each a module of its own; a game's
settings are read once into a ``GameConfig`` (engine.config).
"""

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar, get_type_hints
from urllib.parse import urlencode

from engine.catalogue import GAMES
from engine.config import GameConfig, todays_deal
from engine.core.contract import (
    CheckCardsReply,
    CheckReply,
    ErrorReply,
    HintReply,
    MovesReply,
    StepReply,
    ViewReply,
)
from engine.core.errors import BadOptions, RulesError
from engine.core.language import ENGLISH, LANGUAGES, N_, _, p_, speaking
from engine.core.limits import check_value
from engine.core.options import option_infos
from engine.core.seats import BOT_NAMES
from engine.links import embed_fields, read_link, scenario_code
from engine.log import load_json, policy_caution
from engine.play import challenge, script, sharing, today, turns, undo
from engine.play.table import Table, first_reason
from engine.play.view import public_step, table_view
from engine.players.levels import BOTS, levels_json
from engine.players.thinking import ThinkingTime, check_pace
from engine.replies import (
    AgainReply,
    ChallengeLinkReply,
    ChallengeReply,
    DealLinkReply,
    EmbedReply,
    GamesJson,
    GamesReply,
    LanguageReply,
    LinksReply,
    LoadLogReply,
    LogReply,
    PaceReply,
    ReadLinkReply,
    TodaysDealReply,
)

__all__ = ["CALLS", "Call", "Session", "declared_replies", "games_json"]


class Call(NamedTuple):
    """A call of ``Session``: its name, its arguments, and how many of them (the first)
    the page gives it through the browser worker, as JSON; None where the worker does not
    export it (``load_log`` and ``check`` are answered in Python only: the worker reads its
    save with ``load_log`` itself). A page at a
    table of several people gives the seat of the person holding the phone (null: the
    first person's)."""

    name: str
    arguments: tuple[str, ...]
    page: int | None


CALLS: tuple[Call, ...] = (
    Call("games", (), 0),
    Call("new_game", ("config",), 1),
    Call("load_log", ("log",), None),
    Call("view", ("seat",), 1),
    Call("check", ("text", "seat"), None),
    Call("check_cards", ("cards", "seat"), 2),
    Call("act", ("text", "seat"), 2),
    Call("advance", ("seat",), 1),
    Call("next_step", (), 0),
    Call("take_over", (), 0),
    Call("goto", ("step_number",), 1),
    Call("read_link", ("fragment",), 1),
    Call("deal_link", ("config",), 1),
    Call("set_pace", ("pace_ms",), 1),
    Call("set_language", ("language", "results"), 2),
    Call("embed", ("config", "scenario"), 2),
    Call("links", ("reveal",), 1),
    Call("again", (), 0),
    Call("hint", ("seat",), 1),
    Call("export_log", (), 0),
    Call("undo", ("seat",), 1),
    Call("challenge_link", ("name", "fragment"), 2),
    Call("read_challenge", ("fragment",), 1),
    Call("todays_deal", ("date", "game", "preset", "name"), 4),
)


def games_json() -> GamesJson:
    """The games, their options with help and lobby words, presets, seat counts and
    rules help; the bots and the levels a lobby offers. Its words are in the language in
    force (English data, marked where each is written, translated here)."""
    return {
        "games": {name: {
            "title": p_("game", game.title),
            "description": _(game.description),
            "players": list(game.players),
            "default_players": game.default_players,
            "options": [info.to_json() for info in option_infos(game.rules)],
            "presets": {preset: {"title": _(game.preset_titles[preset]),
                                 "options": rules.options()}
                        for preset, rules in game.presets.items()},
            "rules": [_(paragraph) for paragraph in game.help],
            "on_table": game.on_table,
        } for name, game in GAMES.items()},
        "bots": list(BOTS),
        "levels": levels_json(),
        "names": [_(name) for name in BOT_NAMES],  # the other seats', in order from seat 1
    }


def _error(error: Exception) -> ErrorReply:
    if isinstance(error, RulesError):
        return {"ok": False, "error": {"type": type(error).__name__, "message": str(error)}}
    # A fault of the engine's, not of the input: still an answer, never an exception.
    return {"ok": False, "error": {"type": "InternalError", "message": _(
        "the engine failed ({error})").format(error=f"{type(error).__name__}: {error}")}}


P = ParamSpec("P")
R = TypeVar("R")


def _answers(method: Callable[Concatenate["Session", P], R]
             ) -> Callable[Concatenate["Session", P], R | ErrorReply]:
    """Turn anything a ``Session`` method raises into an error envelope (with the current
    view, when a game is in progress and the seat asked for is one); arguments that nest
    too deeply are refused before the method sees them."""

    def answered(self: "Session", /, *args: P.args, **kwargs: P.kwargs) -> R | ErrorReply:
        with speaking(self.language):  # the refusals too are in the session's language
            try:
                for given in (*args, *kwargs.values()):
                    check_value(given, N_("what the engine was given"))
                return method(self, *args, **kwargs)
            except Exception as error:  # the promise: a Session never raises
                return _error(error)

    return functools.wraps(method)(answered)


def _table_of(session: "Session") -> Table:
    """The session's game, or ``RulesError`` where none is in progress."""
    if session.table is None:
        raise RulesError(_("no game is in progress: start one first"))
    return session.table


class Session:
    """The current table of a front end. Every method returns an envelope, whatever it is
    given."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        """``clock`` (seconds, as ``time.perf_counter``) times Hard on this device, which
        then sizes Hard's share of its budget in the new games that give none."""
        self.table: Table | None = None
        self.thinking = None if clock is None else ThinkingTime(clock)
        self.language = ENGLISH  # what views, hints and errors are said in

    @_answers
    def games(self) -> GamesReply:
        """The games, their options with help text, presets, seat counts and bots."""
        return {"ok": True, **games_json()}

    @_answers
    def new_game(self, config: Mapping[str, Any]) -> MovesReply:
        """A new game of ``config`` (see engine.config): a deal, or, with ``"scenario"`` (a
        scenario's JSON) or ``"tutorial"`` (a game's name: its guided first trick), that
        scenario's table (see ``Table.create``)."""
        settings = GameConfig.read(config, sized=self.thinking is not None)
        self.table = Table.create(settings, self.thinking)
        return {"ok": True, "moves": len(self.table.record.actions), "view": table_view(self.table)}

    @_answers
    def load_log(self, log: dict[str, Any] | str) -> LoadLogReply:
        """The game a log records, as it was, to play on: the moves made, the view, and,
        for a log made where the bots played with other learned weights, the ``caution``
        that they may play on differently here (engine.log)."""
        data = load_json(log) if isinstance(log, str) else log
        self.table = Table.from_log(data, self.thinking)
        return {"ok": True, "moves": len(self.table.record.actions),
                "view": table_view(self.table),
                "caution": policy_caution(data, self.table.record.rules)}

    @_answers
    def view(self, seat: int | None = None) -> ViewReply:
        return {"ok": True, "view": table_view(_table_of(self), seat)}

    @_answers
    def check(self, text: str, seat: int | None = None) -> CheckReply:
        return {"ok": True, "label": _table_of(self).check(text, seat)}

    @_answers
    def check_cards(self, cards: Sequence[str], seat: int | None = None
                    ) -> CheckCardsReply | ErrorReply:
        """The move the seat's selected cards make, or why they can't be played:
        ``{"ok", "act", "label", "choices"}`` (``act`` as ``act`` takes it) or an error
        with its ``choices``. ``choices`` are every move the cards could make (one per
        value in Matchstick Tycoon), as the view offers moves, each with ``legal`` and
        its ``reason`` when it is not."""
        table = _table_of(self)
        moves = table.card_moves(cards, seat)
        choices = table.choices_json(moves)
        legal = [choice for choice in choices if choice["legal"]]
        if not legal:
            return {**_error(first_reason(moves)), "choices": choices}
        return {"ok": True, "act": legal[0]["act"], "label": legal[0]["label"],
                "choices": choices}

    @_answers
    def act(self, text: str, seat: int | None = None) -> StepReply | ErrorReply:
        table = _table_of(self)
        before = table.state
        try:
            action = table.act(text, seat)
        except RulesError as error:
            refusal = _error(error)
            refusal["view"] = table_view(table, seat if type(seat) is int and
                                   0 <= seat < before.players else None)
            return refusal
        return {"ok": True, **public_step(table, action, before, action.seat),
                "view": table_view(table, seat)}

    @_answers
    def advance(self, seat: int | None = None) -> StepReply:
        """One bot or chance step: ``{"ok", "action", "kind", "seat", "cards", "text",
        "moves", "view"}``, as ``seat`` (default: the human; at a table of several
        people, the one holding the phone) sees it; ``action`` is None when none is due
        (a person's turn, the end, or a script waiting for Next: a guided one at each
        caption, a reader's always)."""
        table = _table_of(self)
        who = table.seat(seat)
        before = table.state
        action = turns.advance(table)
        if action is None:
            return {"ok": True, "action": None, "kind": None, "seat": None, "cards": [],
                    "text": None, "moves": len(table.record.actions),
                    "view": table_view(table, who)}
        return {"ok": True, **public_step(table, action, before, who),
                "view": table_view(table, who)}

    @_answers
    def next_step(self) -> StepReply:
        """The scenario's next scripted move (a reader's Next; in a guided script, the
        others' moves only): the public step and view."""
        table = _table_of(self)
        before = table.state
        action = script.next_step(table)
        return {"ok": True, **public_step(table, action, before), "view": table_view(table)}

    @_answers
    def take_over(self) -> MovesReply:
        """Leave the scenario's script: the human plays on, the bots choose their own."""
        table = _table_of(self)
        script.take_over(table)
        return {"ok": True, "moves": len(table.record.actions), "view": table_view(table)}

    @_answers
    def goto(self, step_number: int) -> MovesReply:
        """The scenario's (or replay's) position after ``step_number`` of its moves."""
        table = _table_of(self)
        script.goto(table, step_number)
        return {"ok": True, "moves": len(table.record.actions), "view": table_view(table)}

    @_answers
    def read_link(self, fragment: str) -> ReadLinkReply:
        """What a link's fragment opens (see engine.links): ``kind`` ("deal", "replay",
        "scenario" or "none"), the ``config`` to start it with ``new_game``, ``notices``
        naming whatever in it was ignored, and the ``caution`` to give a player opening
        it (a link made where the bots played with other learned weights), or null."""
        reading = read_link(fragment)
        return {"ok": True, "kind": reading.kind, "config": reading.config,
                "notices": reading.notices, "caution": reading.caution}

    @_answers
    def deal_link(self, config: Mapping[str, Any]) -> DealLinkReply:
        """The link of a new deal of ``config`` (a lobby's choices; a seed is drawn when
        it has none): ``link``, a fragment, and its ``seed``, for the lobby's next Deal
        to deal those very cards."""
        settings = GameConfig.read(config, sized=self.thinking is not None, scripts=False)
        table = Table.create(settings, self.thinking)
        return {"ok": True, "link": sharing.seed_link(table), "seed": table.record.seed}

    @_answers
    def set_pace(self, pace_ms: int) -> PaceReply:
        """The bots' pause between steps the player chose (ms; 0 is Instant): it caps how
        long Hard thinks on this device (``think_ms``; null where the session does not
        time Hard) from its next decision on."""
        pace = check_pace(pace_ms)
        if self.thinking is None:
            return {"ok": True, "think_ms": None}
        self.thinking.pace_ms = pace
        return {"ok": True, "think_ms": self.thinking.limit_ms}

    @_answers
    def set_language(self, language: str,
                     results: Mapping[str, Any] | None = None) -> LanguageReply:
        """Say everything from now on in ``language`` (``"en"``, ``"ja"``): the next view,
        hint or error is in it; a game in progress goes on as it was (its log, links and
        moves are the same in every language). ``results``, the results of today's deal
        the page keeps (by game), come back said in it. Refused (``BadOptions``) for a
        language the engine has no catalogue of."""
        with speaking(language):
            said = today.said_again({} if results is None else results)
            self.language = language
        return {"ok": True, "language": language, "languages": list(LANGUAGES),
                "results": said}

    @_answers
    def embed(self, config: Mapping[str, Any], scenario: str | None = None) -> EmbedReply:
        """What an author pastes to embed a table of ``config`` (a lobby's choices) or of
        ``scenario`` (its JSON text): ``fields``, the ``data-`` attributes the loader reads
        (as [name, value] pairs), and ``link``, the embedded table's fragment, for a
        preview. A scenario that cannot be played is refused with what to fix."""
        if not isinstance(config, dict) or not (scenario is None or isinstance(scenario, str)):
            raise BadOptions(_("an embedded table is a game's settings and a scenario's text"))
        # The settings are checked as a new game's.
        settings = GameConfig.read(config, scripts=False)
        Table.create(settings)
        fields = embed_fields({"game": settings.game, "seats": list(settings.seats),
                               "options": settings.rules.options()}, scenario)
        link = [("v", "1"), *fields]
        if scenario is not None:
            link = [("v", "1"), ("scenario", scenario_code(dict(fields)["scenario"]))]
        return {"ok": True, "fields": [list(field) for field in fields],
                "link": urlencode(link)}

    @_answers
    def links(self, reveal: bool = False) -> LinksReply:
        """The links of the game in progress: ``deal`` (the same deal again, from its
        start) and ``replay`` (every move so far, seen from the human's seat; every
        hand shown when ``reveal``), null where a game cannot be shared so, and
        ``replay_note`` saying why when the replay is null."""
        return {"ok": True, **sharing.links_json(_table_of(self), reveal is True)}

    @_answers
    def again(self) -> AgainReply:
        """``config``: the choices of the game in progress, for a new deal of them (null
        for a scenario or a game begun from a position)."""
        return {"ok": True, "config": sharing.again_config(_table_of(self))}

    @_answers
    def hint(self, seat: int | None = None) -> HintReply:
        """The Hard bot's move for the seat (default: the human) and why:
        ``{"ok", "text", "kind", "label", "reason", "cards"}``; refused when it is not that
        seat's turn or the game is over."""
        return {"ok": True, **turns.hint(_table_of(self), seat)}

    @_answers
    def export_log(self) -> LogReply:
        return {"ok": True, "log": sharing.export_log(_table_of(self))}

    @_answers
    def undo(self, seat: int | None = None) -> MovesReply:
        """Take back the last move of this round of ``seat`` (default: the human; at a
        table of several people, the one holding the phone, before it is handed on: see
        engine.play.undo): the seat's view of the position before it, and the actions the
        game now has."""
        table = _table_of(self)
        who = table.seat(seat)
        undo.undo(table, who)
        return {"ok": True, "moves": len(table.record.actions), "view": table_view(table, who)}


    @_answers
    def challenge_link(self, name: str, fragment: str | None = None) -> ChallengeLinkReply:
        """The link of a challenge to play this finished game's deal (engine.play.challenge):
        the deal, seats, options and Hard's shares, the runs of the challenge this game
        was played from (``fragment``, its link; none for a new challenge), then this
        game's player's own moves as ``name``; never a result. Refused (``BadChallenge``)
        before the end, for a game of several people, or one not of ``fragment``'s deal."""
        return {"ok": True,
                "link": challenge.challenge_link(_table_of(self), name, fragment)}

    @_answers
    def read_challenge(self, fragment: str) -> ChallengeReply:
        """A challenge link's deal and its players' runs, each replayed here with the bots'
        moves made again: ``config`` (for ``new_game``), ``seat`` (the challengers'),
        ``runs`` (each player's ``name``, ``moves``, ``place``, ``score`` and the game's
        ``outcome``, as their moves make them) and ``caution``. A link whose moves do not
        replay (changed, cut, reordered) is refused with whose move and why."""
        return {"ok": True, **challenge.read_challenge(fragment)}

    @_answers
    def todays_deal(self, date: str, game: str, preset: str | None = None,
                    name: str | None = None) -> TodaysDealReply:
        """Today's deal of ``game`` under ``preset`` (the game's first where None) on
        ``date``, the device's own date as ISO text ("2026-12-07"): one deal a day for
        every player (engine.config.todays_deal): its ``config`` (for ``new_game``), the
        ``date`` and the ``seed``; and the ``result`` the game here made of it, once over
        (engine.play.today: place, players, the player's moves, the line they share and,
        under ``name``, its challenge link), null where this game is not that deal.
        Refused for a date that is not a day, or a name the challenge cannot carry."""
        config = todays_deal(date, game, preset)
        table = self.table
        result = None if table is None else today.todays_result(table, date, config, name)
        return {"ok": True, "date": date, "seed": config["seed"], "config": config,
                "result": result}


def declared_replies() -> dict[str, object]:
    """Each call's reply as its ``Session`` method declares it (its return type; any call
    may be refused instead, with ``ErrorReply``), by the call's name."""
    return {call.name: get_type_hints(getattr(Session, call.name), include_extras=True)["return"]
            for call in CALLS}
