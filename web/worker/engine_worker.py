"""The engine worker (Pyodide): owns the game in progress, runs the bots, keeps the save.

The page calls the functions in ``__export__``: the calls of ``engine.api.Session`` a
page makes (``engine.api.CALLS``, each a function here of the same name and arguments),
and the saves' own (``SAVE_CALLS``). Each takes its arguments as JSON
text and answers JSON text: what crosses between threads stays plain data (a
Python ``None`` would otherwise arrive as ``undefined``). The answers are the
envelopes of ``engine.api.Session``, which show a step as the human's seat may
see it, plus ``moves``, how many actions the game has seen.

Hard's bots think as long as this device allows: the session times their searches
with the worker's clock and sizes a fresh game's share of Hard's budget to them, within
the page's pace (``set_pace``); the log records every share a decision used.

No hidden card crosses to the page: the game's log, which holds every deal, stays here.
The worker saves it in Cache Storage itself (``worker_saves.Saves``, over ``saves.mjs``,
in the site's own cache) after every action that changes the game, and after a hint
(which may settle Hard's share at its position), and reads it back when the page asks to
resume. Each save carries a revision: the worker writes only over the revision it last
read or wrote, so a tab that fell behind another never overwrites the game that tab
saved since; its page is told (``stale``). The service worker keeps the saves' cache
when it deletes old versions of the site.

The engine's wheel holds no catalogue: a language's words are fetched from the site when
the page first asks for it (``set_language``), so an English visit never downloads them.

Every answer is JSON the page can read (``engine.core.limits.dump_json``).
"""

import functools
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import js

# Start-up stages, as User Timing marks (bench/startup.py reads them; DevTools shows them).
js.performance.mark("engine-worker-start")
from engine.api import CALLS, Session  # noqa: E402 - timed by the marks around it
from engine.core.contract import ErrorReply, HintReply, MovesReply, StepReply  # noqa: E402
from engine.core.errors import BadInput  # noqa: E402
from engine.core.language import ENGLISH, LANGUAGES, LOCALE, _, speaking  # noqa: E402
from engine.core.limits import dump_json, load_json  # noqa: E402
from engine.play.sharing import TableLogJson  # noqa: E402
from worker_saves import SLOT_NAME, Saves, StaleSave, StorageError  # noqa: E402

js.performance.mark("engine-imported")

session = Session(time.perf_counter)  # Pyodide's: performance.now(), wall time
saves = Saves()  # this tab's save

# The answer to a call whose save another tab's worker has overtaken: its page stops and
# offers to take the game back (which reads the save again).
STALE: dict[str, object] = {"ok": False, "stale": True,
         "error": {"type": "StaleSave", "message": "the game went on in another tab"}}

# A language's catalogue, on the site beside the engine's wheel, which holds none
# (scripts/build_site.py): fetched once the page asks for its language, and written where
# the engine reads it (``LOCALE``), for as long as this worker lives.
CATALOGUE_PATH = "engine-locale/{language}.json"
UNAVAILABLE: dict[str, object] = {"ok": False, "error": {
    "type": "LanguageUnavailable",
    "message": "that language could not be downloaded: connect to the internet once, "
               "then choose it again"}}


def _log() -> TableLogJson:
    """The log of the game in progress (a call has just answered for it); a refusal, which
    only a fault of the engine's could cause, is raised."""
    exported = session.export_log()
    if not exported["ok"]:
        raise RuntimeError(exported["error"]["message"])
    return exported["log"]


async def _saved(reply: MovesReply | StepReply | HintReply | ErrorReply) -> str:
    """The reply to an action that changed the game, once the game is saved; a save
    that failed is named in ``save_error`` (the game goes on unsaved), and one that
    another tab overtook is refused (``STALE``)."""
    answer: dict[str, object] = dict(reply)
    if reply["ok"]:
        log = _log()
        answer["moves"] = len(log["actions"])
        try:
            await saves.write(log)
        except StorageError as error:
            answer["save_error"] = _said(error)
        except StaleSave:
            return _answer(STALE)
    return _answer(answer)


def _answer(envelope: Mapping[str, object]) -> str:
    """``envelope`` as the JSON text the page reads; one that cannot be JSON (a NaN, say)
    becomes an error's envelope."""
    try:
        return dump_json(envelope)
    except (TypeError, ValueError, RecursionError) as error:
        return dump_json({"ok": False, "error": {
            "type": "BadAnswer", "message": f"the engine's answer is not JSON ({error})"}})


def _said(error: StorageError) -> str:
    """Why storage refused, in the session's language (its words are the engine's)."""
    with speaking(session.language):
        return _(str(error))


def _storage_error(error: StorageError) -> str:
    return _answer({"ok": False, "error": {"type": "StorageError", "message": _said(error)}})


def _bad_call(message: str) -> str:
    """A call the page should never make (it sends only JSON, and only valid names)."""
    return _answer({"ok": False, "error": {"type": "BadCall", "message": message}})


def _takes_json(call: Callable[..., Awaitable[str]]) -> Callable[..., Awaitable[str]]:
    """A call whose arguments arrive as JSON text: decoded for it, within the engine's
    limits (length, nesting), and anything else answered with a ``BadCall`` error (the
    page sends only JSON)."""

    @functools.wraps(call)
    async def decoded(*texts: str) -> str:
        try:
            arguments = [load_json(text, "an argument of the call") for text in texts]
        except BadInput as error:
            return _bad_call(str(error))
        return await call(*arguments)

    return decoded


@_takes_json
async def new_game(config: Any) -> str:
    return await _saved(session.new_game(config))


async def resume(legacy_text: str | None = None) -> str:
    """The saved game, replayed: ``{"ok": true, "view", "moves"}``, with a null view when
    no game is saved. The save is claimed for this tab (a tab that played it until now is
    refused its next save). A save that cannot be replayed is deleted and its reason
    returned; storage that fails gives the error type ``StorageError``.

    ``legacy_text`` is what an earlier version of the page kept itself (its log and
    view, as the text it stored): its log is taken over (replayed and saved here) instead
    of the save."""
    save_error = ""
    try:
        text, refused = await saves.claim()
        save_error = _said(refused) if refused is not None else ""
        if legacy_text is not None:
            return await _saved(_take_over_legacy(legacy_text))
        reply = session.load_log(text) if text is not None else None
    except StorageError as error:
        return _storage_error(error)
    except BadInput as error:  # refused unread
        reply = {"ok": False, "error": {"type": "BadLog", "message": str(error)}}
    if reply is None:
        return _answer(_with_save_error({"ok": True, "view": None, "moves": 0}, save_error))
    if not reply["ok"]:
        try:
            await saves.delete()
        except StorageError as error:
            return _storage_error(error)
        except StaleSave:
            return _answer(STALE)
        return _answer(reply)
    answer: dict[str, object] = dict(reply)
    answer["moves"] = len(_log()["actions"])
    return _answer(_with_save_error(answer, save_error))


def _with_save_error(answer: dict[str, object], save_error: str) -> dict[str, object]:
    """``answer``, naming why its game cannot be kept (``save_error``), if it cannot."""
    if save_error:
        answer["save_error"] = save_error
    return answer


def _take_over_legacy(text: str) -> MovesReply | ErrorReply:
    """The game whose log an earlier version of the page kept (``{"log", "view"}``)."""
    try:
        kept = load_json(text, "the saved game")
    except BadInput as error:
        return {"ok": False, "error": {"type": "BadLog", "message": str(error)}}
    log = kept.get("log") if isinstance(kept, dict) else None
    if not isinstance(log, dict):
        return {"ok": False, "error": {"type": "BadLog", "message": "it holds no game's log"}}
    return session.load_log(log)


@_takes_json
async def view(seat: Any) -> str:
    """The game as ``seat`` sees it: a person taking the phone at a table of several."""
    return _answer(session.view(seat))


@_takes_json
async def check_cards(cards: Any, seat: Any) -> str:
    """The move the selected cards of ``seat`` (the person holding the phone; null: the
    human's) make (its ``act`` and label), or why they cannot be played."""
    return _answer(session.check_cards(cards, seat))


@_takes_json
async def act(text: Any, seat: Any) -> str:
    """The move of ``seat`` (the person holding the phone; null: the human's): a move's
    ``act`` as the view offered it."""
    return await _saved(session.act(text, seat))


@_takes_json
async def undo(seat: Any) -> str:
    """Take back the last move of this round of ``seat`` (the person holding the phone;
    null: the human's) in a practice game, and save."""
    envelope = session.undo(seat)
    if not envelope["ok"]:
        return _answer(envelope)
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
    if not isinstance(slot, str) or not SLOT_NAME.fullmatch(slot):
        return _bad_call("a save's name is 1 to 32 small letters and digits")
    saves.use_slot(slot)
    return _answer({"ok": True})


@_takes_json
async def goto(step_number: Any) -> str:
    """A scenario's or replay's position after that many of its moves."""
    return await _saved(session.goto(step_number))


@_takes_json
async def read_link(fragment: Any) -> str:
    """What a link's fragment opens, and what in it was ignored (nothing starts yet)."""
    return _answer(session.read_link(fragment))


@_takes_json
async def deal_link(config: Any) -> str:
    """The link of a new deal of the lobby's choices."""
    return _answer(session.deal_link(config))


@_takes_json
async def embed(config: Any, scenario: Any) -> str:
    """What an author pastes to embed a table (the loader's attributes) and its preview's
    link; a scenario that cannot be played is refused with what to fix."""
    return _answer(session.embed(config, scenario))


@_takes_json
async def links(reveal: Any) -> str:
    """The links of the game in progress: its deal, and a replay of it so far."""
    return _answer(session.links(reveal))


@_takes_json
async def set_pace(pace_ms: Any) -> str:
    """The bots' pause between steps the player chose (ms): how long Hard may think
    follows it from its next decision on."""
    return _answer(session.set_pace(pace_ms))


@_takes_json
async def set_language(language: Any, results: Any = None) -> str:
    """What views, hints and errors are said in from now on ("en", "ja"), and the kept
    ``results`` of today's deal said in it; a language whose catalogue cannot be
    downloaded is refused (``UNAVAILABLE``), the last kept."""
    if not await _has_catalogue(language):
        return _answer(UNAVAILABLE)
    return _answer(session.set_language(language, results))


async def _has_catalogue(language: Any) -> bool:
    """Whether the engine's catalogue of ``language`` is here (or it needs none): fetched
    from the site if it is not yet, and written where the engine reads it."""
    if language == ENGLISH or language not in LANGUAGES:
        return True  # English has none; a language without one, the session refuses
    kept = LOCALE / f"{language}.json"
    if kept.is_file():
        return True
    # Registered by web/worker/engine.mjs alone (boot.mjs's siteText): imported here, so
    # that the build's trace (scripts/stdlib_zip.mjs) and the tests' workers, which
    # register none, can import this module.
    import site_files

    try:
        text = await site_files.text(CATALOGUE_PATH.format(language=language))
        catalogue = load_json(text, "the catalogue")
    except Exception as error:  # a JavaScript error of any kind, or not JSON
        js.console.warn(f"Tycoon Table could not download the engine's words in "
                        f"{language!r}: {error}")
        return False
    if not isinstance(catalogue, dict) or not isinstance(catalogue.get("messages"), dict):
        js.console.warn(f"Tycoon Table's engine catalogue of {language!r} holds no words")
        return False
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(text, encoding="utf-8")
    return True


def again() -> str:
    """The choices of the game in progress, for Play again (nothing changes)."""
    return _answer(session.again())


def games() -> str:
    """The games, their options, presets, help and the bot levels."""
    return _answer(session.games())


@_takes_json
async def advance(seat: Any) -> str:
    """One bot or chance step (its ``action`` is null when none is due), as ``seat`` (the
    person holding the phone; null: the human) sees it."""
    envelope = session.advance(seat)
    if envelope["ok"] and envelope["action"] is None:
        return _answer(envelope)  # nothing changed: nothing to save
    return await _saved(envelope)


async def forget() -> str:
    """Delete the save (the game is over, or the player gave it up), unless another tab
    has played it since."""
    try:
        await saves.delete()
    except StorageError as error:
        return _storage_error(error)
    except StaleSave:
        return _answer(STALE)
    return _answer({"ok": True})


@_takes_json
async def hint(seat: Any) -> str:
    """The Hard bot's move for ``seat`` (the person holding the phone; null: the human)
    and why: its notation (``text``), label, reason and the cards to select. Asking moves
    nothing, but in a game sized to this device it settles Hard's share at this position
    (engine.play.turns.hard_share_now), which the log records: the game is saved, so the
    same position gets the same hint after a reload, and the save replays it alike."""
    return await _saved(session.hint(seat))


@_takes_json
async def challenge_link(name: Any, fragment: Any) -> str:
    """The link of a challenge to play this finished game's deal, under the player's
    ``name``: a new one, or the challenge it was played from (``fragment``) sent on."""
    return _answer(session.challenge_link(name, fragment))


@_takes_json
async def read_challenge(fragment: Any) -> str:
    """A challenge's deal and its players' runs, each replayed here (nothing starts)."""
    return _answer(session.read_challenge(fragment))


@_takes_json
async def todays_deal(date: Any, game: Any, preset: Any, name: Any) -> str:
    """Today's deal of ``game`` on ``date``, the device's own date, and the result this
    game made of it (under ``name``, with its challenge link)."""
    return _answer(session.todays_deal(date, game, preset, name))


def export_log() -> str:
    """The whole log, deals included, for the player to download: only ever on the
    player's request, never with a step."""
    return _answer(session.export_log())


# The worker's own calls: the game's save, read (and claimed), deleted, or kept apart.
SAVE_CALLS = ("resume", "forget", "use_slot")
__export__ = [*(call.name for call in CALLS if call.page is not None), *SAVE_CALLS]
