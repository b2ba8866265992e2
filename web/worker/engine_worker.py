"""The engine worker (Pyodide): owns the game in progress, runs the bots, keeps the save.

The page calls the functions in ``__export__``. Each takes its arguments as JSON
text and answers JSON text: what crosses between threads stays plain data (a
Python ``None`` would otherwise arrive as ``undefined``). The answers are the
envelopes of ``engine.api.Session``, which show a step as the human's seat may
see it, plus ``moves``, how many actions the game has seen.

Hard's bots think as long as this device allows: the session times their searches
with the worker's clock and sizes a fresh game's share of Hard's budget to them, within
the page's pace (``set_pace``); the log records every share a decision used.

No hidden card crosses to the page: the game's log, which holds every deal,
stays here. The worker saves it in Cache Storage itself after every action that
changes the game, and reads it back when the page asks to resume. The service
worker keeps the saves' cache when it deletes old versions of the site.
"""

import asyncio
import functools
import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import js

# Start-up stages, as User Timing marks (bench/startup.py reads them; DevTools shows them).
js.performance.mark("engine-worker-start")
from engine.api import Envelope, Session  # noqa: E402 - timed by the marks around it

js.performance.mark("engine-imported")

SAVES_CACHE = "tycoon-table-saves"  # service-worker.js keeps this cache on activate
SAVE_PATH = "/tycoon-table/saved-game.json"  # a key in that cache, never fetched
# An embedded table's save, by the name of its table (``use_slot``).
EMBEDDED_SAVE_PATH = "/tycoon-table/embedded/{slot}.json"
SLOT_NAME = re.compile("[a-z0-9]{1,32}")

session = Session(time.perf_counter)  # Pyodide's: performance.now(), wall time
saving = asyncio.Lock()  # one write at a time
save_path = SAVE_PATH


class StorageError(Exception):
    """The browser refused to read or write the save (disabled storage, a full quota)."""

    @classmethod
    def of(cls, error: Exception) -> "StorageError":
        """The refusal in a player's words (the browser's own goes to the console): a
        full quota, or storage blocked (a private window, a frame of another site)."""
        detail = str(error)
        js.console.warn("Tycoon Table could not use its storage: " + detail)
        if "quota" in detail.lower():
            return cls("this device's storage for the site is full")
        return cls("this browser blocks storage for this page")


def _save_url() -> str:
    # A fixed path of the site's origin: the save is a key, never fetched.
    return str(js.location.origin) + save_path


async def _saves() -> Any:
    try:
        return await js.caches.open(SAVES_CACHE)
    except Exception as error:  # a JavaScript error of any kind
        raise StorageError.of(error) from None


async def _read_save() -> str | None:
    """The saved log's text, or None when no game is saved."""
    cache = await _saves()
    try:
        response = await cache.match(_save_url())
        return None if response is None else await response.text()
    except Exception as error:
        raise StorageError.of(error) from None


async def _write_save(log: dict[str, Any]) -> None:
    async with saving:
        cache = await _saves()
        try:
            await cache.put(_save_url(), js.Response.new(json.dumps(log)))
        except Exception as error:
            raise StorageError.of(error) from None


async def _delete_save() -> None:
    cache = await _saves()
    try:
        await cache.delete(_save_url())
    except Exception as error:
        raise StorageError.of(error) from None


async def _saved(envelope: Envelope) -> str:
    """The envelope of an action that changed the game, once the game is saved; a save
    that failed is named in ``save_error`` (the game goes on unsaved)."""
    if envelope["ok"]:
        log = session.export_log()["log"]
        envelope["moves"] = len(log["actions"])
        try:
            await _write_save(log)
        except StorageError as error:
            envelope["save_error"] = str(error)
    return json.dumps(envelope)


def _storage_error(error: StorageError) -> str:
    return json.dumps({"ok": False, "error": {"type": "StorageError", "message": str(error)}})


def _bad_call(message: str) -> str:
    """A call the page should never make (it sends only JSON, and only valid names)."""
    return json.dumps({"ok": False, "error": {"type": "BadCall", "message": message}})


def _takes_json(call: Callable[..., Awaitable[str]]) -> Callable[..., Awaitable[str]]:
    """A call whose arguments arrive as JSON text: decoded for it, and anything that is not
    JSON answered with a ``BadCall`` error (the page sends only JSON)."""

    @functools.wraps(call)
    async def decoded(*texts: str) -> str:
        try:
            arguments = [json.loads(text) for text in texts]
        except (TypeError, ValueError) as error:
            return _bad_call(f"not JSON: {error}")
        return await call(*arguments)

    return decoded


@_takes_json
async def new_game(config: Any) -> str:
    return await _saved(session.new_game(config))


async def resume(legacy_log_json: str | None = None) -> str:
    """The saved game, replayed: ``{"ok": true, "view", "moves"}``, with a null view when
    no game is saved. A save that cannot be replayed is deleted and its reason returned;
    storage that fails gives the error type ``StorageError``.

    ``legacy_log_json`` is a log that an earlier version of the page kept itself: it
    is taken over (replayed and saved here) instead of the save."""
    try:
        text = legacy_log_json if legacy_log_json is not None else await _read_save()
    except StorageError as error:
        return _storage_error(error)
    if text is None:
        return json.dumps({"ok": True, "view": None, "moves": 0})
    envelope = session.load_log(text)
    if not envelope["ok"]:
        try:
            await _delete_save()
        except StorageError as error:
            return _storage_error(error)
        return json.dumps(envelope)
    if legacy_log_json is not None:
        return await _saved(envelope)
    envelope["moves"] = len(session.export_log()["log"]["actions"])
    return json.dumps(envelope)


@_takes_json
async def check_cards(cards: Any) -> str:
    """The move the human's selected cards make (its ``act`` and label), or why they
    cannot be played."""
    return json.dumps(session.check_cards(cards))


@_takes_json
async def act(move: Any) -> str:
    """The human's move: a move's ``act`` as the view offered it."""
    return await _saved(session.act(move))


async def undo() -> str:
    """Take back the human's last move of this round (a practice game), and save."""
    envelope = session.undo()
    if not envelope["ok"]:
        return json.dumps(envelope)
    return await _saved(envelope)


async def next_step() -> str:
    """A scenario's next scripted move, whoever's it is (a reader stepping through)."""
    return await _saved(session.next_step())


async def take_over() -> str:
    """Leave a scenario's script: the human plays on, and the bots choose their own."""
    return await _saved(session.take_over())


@_takes_json
async def use_slot(slot: Any) -> str:
    """Keep this page's game apart: an embedded table saves under its own name (a few
    letters and digits), so the tables of a post, and the app, never share a save."""
    global save_path
    if not isinstance(slot, str) or not SLOT_NAME.fullmatch(slot):
        return _bad_call("a save's name is 1 to 32 small letters and digits")
    save_path = EMBEDDED_SAVE_PATH.format(slot=slot)
    return json.dumps({"ok": True})


@_takes_json
async def goto(step_number: Any) -> str:
    """A scenario's or replay's position after that many of its moves."""
    return await _saved(session.goto(step_number))


@_takes_json
async def read_link(fragment: Any) -> str:
    """What a link's fragment opens, and what in it was ignored (nothing starts yet)."""
    return json.dumps(session.read_link(fragment))


@_takes_json
async def deal_link(config: Any) -> str:
    """The link of a new deal of the lobby's choices."""
    return json.dumps(session.deal_link(config))


@_takes_json
async def embed(config: Any, scenario: Any) -> str:
    """What an author pastes to embed a table (the loader's attributes) and its preview's
    link; a scenario that cannot be played is refused with what to fix."""
    return json.dumps(session.embed(config, scenario))


@_takes_json
async def links(reveal: Any) -> str:
    """The links of the game in progress: its deal, and a replay of it so far."""
    return json.dumps(session.links(reveal))


@_takes_json
async def set_pace(pace_ms: Any) -> str:
    """The bots' pause between steps the player chose (ms): how long Hard may think
    follows it from its next decision on."""
    return json.dumps(session.set_pace(pace_ms))


def games() -> str:
    """The games, their options, presets, help and the bot levels."""
    return json.dumps(session.games())


async def advance() -> str:
    """One bot or chance step (its ``action`` is null when none is due)."""
    envelope = session.advance()
    if envelope["ok"] and envelope["action"] is None:
        return json.dumps(envelope)  # nothing changed: nothing to save
    return await _saved(envelope)


async def forget() -> str:
    """Delete the save (the game is over, or the player gave it up)."""
    try:
        await _delete_save()
    except StorageError as error:
        return _storage_error(error)
    return json.dumps({"ok": True})


def hint() -> str:
    """The Hard bot's move for the human and why: its notation (``text``), label, reason
    and the cards to select. Asking changes nothing, so nothing is saved."""
    return json.dumps(session.hint())


def export_log() -> str:
    """The whole log, deals included, for the player to download: only ever on the
    player's request, never with a step."""
    return json.dumps(session.export_log())


__export__ = ["new_game", "resume", "check_cards", "hint", "act", "advance", "forget",
              "undo", "next_step", "take_over", "goto", "read_link", "deal_link", "links",
              "use_slot", "embed", "export_log", "games", "set_pace"]
