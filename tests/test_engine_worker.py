"""The engine worker's saves and answers (web/worker/engine_worker.py), in CPython: two
tabs' workers share one stand-in for the site's saves (web/worker/saves.mjs, whose own
tests are in tests/js/), with its revisions; a worker that fell behind is refused and
its page told. Every answer is JSON the page reads as it was meant (emoji included),
and whatever is read from outside is bounded before it is parsed."""

import asyncio
import importlib.util
import itertools
import json
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.api import Session
from engine.core import language
from engine.players.thinking import MIN_SHARE, WINDOW

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package: on the path above

WORKER = ROOT / "web" / "worker" / "engine_worker.py"
# The engine's Japanese catalogue, as the CPython package keeps it (and the build moves it
# out of the site's wheel, beside it).
JA_CATALOGUE = language.LOCALE / "ja.json"
SEATS = ["human", "greedy", "greedy", "greedy"]


class FakeSaves:
    """web/worker/saves.mjs over a dict, path -> (text, revision), shared by the workers."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[str, str]] = {}
        self.revisions = (f"r{number}" for number in itertools.count(1))

    async def claim(self, path: str, legacy_path: str, max_bytes: int) -> Any:
        if path not in self.kept:
            return types.SimpleNamespace(found=False, text="", revision="", size=0, error="")
        text, revision = self.kept[path]
        size = len(text.encode())
        if size > max_bytes:
            return types.SimpleNamespace(found=True, text="", revision=revision, size=size,
                                         error="")
        revision = next(self.revisions)
        self.kept[path] = (text, revision)
        return types.SimpleNamespace(found=True, text=text, revision=revision, size=size,
                                     error="")

    async def write(self, path: str, text: str, expected: str) -> Any:
        if self.kept.get(path, ("", ""))[1] != expected:
            return types.SimpleNamespace(stale=True, revision=expected)
        revision = next(self.revisions)
        self.kept[path] = (text, revision)
        return types.SimpleNamespace(stale=False, revision=revision)

    async def remove(self, path: str, expected: str) -> Any:
        if path in self.kept and self.kept[path][1] != expected:
            return types.SimpleNamespace(stale=True, revision=expected)
        self.kept.pop(path, None)
        return types.SimpleNamespace(stale=False, revision="")


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch) -> FakeSaves:
    browser = types.ModuleType("js")
    browser.performance = types.SimpleNamespace(mark=lambda name: None)  # type: ignore[attr-defined]
    browser.console = types.SimpleNamespace(warn=lambda text: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", browser)
    fake = FakeSaves()
    monkeypatch.setitem(sys.modules, "site_saves", fake)  # type: ignore[arg-type]
    monkeypatch.syspath_prepend(str(WORKER.parent))  # worker_saves.py, beside it
    monkeypatch.delitem(sys.modules, "worker_saves", raising=False)  # reads this fake
    return fake


def worker(name: str) -> Any:
    """A tab's engine worker: a module of its own."""
    spec = importlib.util.spec_from_file_location(name, WORKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def call(worker: Any, name: str, *args: Any) -> dict[str, Any]:
    """A call as the page makes it: JSON text in, and the answer read as JSON."""
    arguments = [json.dumps(arg) for arg in args]
    answer = asyncio.run(getattr(worker, name)(*arguments))
    return dict(json.loads(answer))


def saved_moves(saves: FakeSaves) -> int:
    return len(json.loads(saves.kept["saves/game.json"][0])["actions"])


def play_on(worker: Any) -> dict[str, Any]:
    """A bot's step, or the human's first legal move."""
    reply = call(worker, "advance", None)
    if reply["ok"] and reply["action"] is None:
        reply = call(worker, "act", reply["view"]["legal"][0]["act"], None)
    return reply


def test_a_tab_that_fell_behind_is_refused_and_told_and_takes_the_game_back(saves):
    tab_a, tab_b = worker("tab_a"), worker("tab_b")
    assert call(tab_a, "new_game", {"seats": SEATS, "seed": 3})["ok"]
    assert play_on(tab_a)["ok"]
    played = saved_moves(saves)

    resumed = call(tab_b, "resume")  # tab B takes the game over, where A left it
    assert resumed["ok"] and resumed["moves"] == played
    stale = play_on(tab_a)
    assert stale == {"ok": False, "stale": True, "error": {
        "type": "StaleSave", "message": "the game went on in another tab"}}
    assert call(tab_a, "forget")["stale"]  # nor may it delete the game
    assert saved_moves(saves) == played
    for _ in range(3):
        assert play_on(tab_b)["ok"]
    assert saved_moves(saves) == played + 3

    taken_back = call(tab_a, "resume")  # tab A takes it back: nothing B played is lost
    assert taken_back["moves"] == played + 3
    assert play_on(tab_b)["stale"]
    assert play_on(tab_a)["ok"]
    assert saved_moves(saves) == played + 4
    assert call(tab_a, "forget") == {"ok": True}
    assert call(tab_b, "resume") == {"ok": True, "view": None, "moves": 0}


def test_a_game_an_earlier_page_kept_is_taken_over_from_its_text(saves):
    session = Session()
    view = session.new_game({"seats": SEATS, "seed": 11})["view"]
    log = session.export_log()["log"]
    tab = worker("tab")
    text = json.dumps({"log": log, "view": view})
    answer = json.loads(asyncio.run(tab.resume(text)))  # the text, as the page stored it
    assert answer["ok"] and answer["moves"] == len(log["actions"])
    assert json.loads(saves.kept["saves/game.json"][0]) == log
    refused = json.loads(asyncio.run(tab.resume("[" * 20_000 + "]" * 20_000)))
    assert refused["error"] == {"type": "BadLog",
                                "message": "the saved game nests deeper than 32 levels"}
    assert json.loads(saves.kept["saves/game.json"][0]) == log  # the save is left as it was


def test_a_save_made_with_other_weights_resumes_as_it_was_with_the_caution(saves):
    session = Session()
    session.new_game({"seats": SEATS, "seed": 13})
    for _ in range(6):
        session.advance()
    log = {**session.export_log()["log"], "policy": "0123456789ab"}  # no weights here
    saves.kept["saves/game.json"] = (json.dumps(log), "r0")
    tab = worker("tab")
    resumed = call(tab, "resume")
    assert resumed["ok"] and resumed["moves"] == len(log["actions"])
    assert resumed["view"] == session.view()["view"]
    assert resumed["caution"].startswith("This game was saved by a version whose bots "
                                         "learned other weights")
    assert json.loads(saves.kept["saves/game.json"][0]) == log  # kept until it is played on


@pytest.mark.parametrize(("stored", "reason"), [
    ("[" * 20_000 + "]" * 20_000, "the log nests deeper than 32 levels"),
    ('{"log": "' + "x" * 2_000_000 + '"}',
     "the log is too long to read (2,000,011 characters; at most 2,000,000)"),
    ("x" * 8_000_001, "the saved game is too long to read (8,000,001 bytes; at most 8,000,000)"),
])
def test_a_save_past_the_engine_s_limits_is_refused_at_once_and_deleted(saves, stored, reason):
    saves.kept["saves/game.json"] = (stored, "0")
    tab = worker("tab")
    assert call(tab, "resume") == {"ok": False, "error": {"type": "BadLog", "message": reason}}
    assert saves.kept == {}
    assert call(tab, "new_game", {"seats": SEATS, "seed": 1})["ok"]  # and a game starts


def test_a_call_s_arguments_past_the_limits_are_refused(saves):
    tab = worker("tab")
    deep = "[" * 20_000 + "]" * 20_000
    assert json.loads(asyncio.run(tab.set_pace(deep))) == {"ok": False, "error": {
        "type": "BadCall", "message": "an argument of the call nests deeper than 32 levels"}}
    assert json.loads(asyncio.run(tab.new_game('{"seed": NaN}')))["error"]["type"] == "BadCall"


def test_answers_carry_emoji_as_characters_and_are_always_json(saves):
    tab = worker("tab")
    answer = tab._answer({"ok": True, "title": "Revolution 🎉 革命 ثورة"})
    assert "🎉" in answer and "\\ud83c" not in answer
    assert json.loads(answer)["title"] == "Revolution 🎉 革命 ثورة"
    assert json.loads(tab._answer({"ok": True, "text": "\ud83c alone"}))["text"] == "\ud83c alone"
    not_json = json.loads(tab._answer({"ok": True, "score": float("nan")}))
    assert not not_json["ok"] and not_json["error"]["type"] == "BadAnswer"


def test_a_hint_is_saved_with_the_share_hard_thought_with(saves):
    """In a game sized to the device, a hint settles Hard's share at its position: the
    save records it, so the saved game gives the same hint (after a reload, or replayed
    elsewhere) though the device would size it otherwise by then."""
    tab = worker("tab")
    tab.session = Session(lambda: 0.0)  # a device so quick that Hard starts in full
    assert call(tab, "new_game", {"seats": SEATS, "seed": 3})["ok"]
    while call(tab, "advance", None)["action"] is not None:
        pass
    moves = saved_moves(saves)
    for _ in range(WINDOW):  # then it slows down: the hint thinks with far less
        tab.session.thinking.seen("tycoon", 1.0, 10_000.0)
    hinted = call(tab, "hint", None)
    saved = json.loads(saves.kept["saves/game.json"][0])
    assert (saved["hard_budget"], saved["hard_changes"]) == (1.0, [[moves, MIN_SHARE]])
    assert saved["hard_decided"] == moves + 1 and hinted["moves"] == moves
    replayed = Session()  # no device: each decision with the share its game recorded
    assert replayed.load_log(saved)["ok"]
    assert {**replayed.hint(), "moves": moves} == hinted


class FakeSiteFiles:
    """web/worker/boot.mjs's ``siteText`` (``site_files``) over the built site's files:
    the engine's catalogues where the build puts them, and what was asked for."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files
        self.asked: list[str] = []

    async def text(self, path: str) -> str:
        self.asked.append(path)
        if path not in self.files:
            raise RuntimeError(f"{path}: HTTP 404")  # as boot.mjs's download rejects
        return self.files[path]


@pytest.fixture
def no_catalogue(saves: FakeSaves, monkeypatch: pytest.MonkeyPatch,
                 tmp_path: Path) -> Iterator[Path]:
    """The engine as the site's wheel unpacks it: its catalogues' folder holds none."""
    locale = tmp_path / "engine" / "core" / "locale"  # not made: the wheel has no such folder
    monkeypatch.setattr(language, "LOCALE", locale)
    language._catalogue.cache_clear()
    yield locale
    language._catalogue.cache_clear()


def site_files(monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> FakeSiteFiles:
    fake = FakeSiteFiles(files)
    monkeypatch.setitem(sys.modules, "site_files", fake)  # type: ignore[arg-type]
    return fake


def japanese_in(reply: dict[str, Any]) -> bool:
    return re.search("[\u3040-\u30ff]", json.dumps(reply, ensure_ascii=False)) is not None


def test_a_language_s_catalogue_is_fetched_from_the_site_when_first_asked_for(
        no_catalogue, monkeypatch):
    site = site_files(monkeypatch, {
        f"{build_site.ENGINE_LOCALE}/ja.json": JA_CATALOGUE.read_text(encoding="utf-8")})
    tab = worker("tab")
    tab.LOCALE = no_catalogue  # the worker's name for the folder, as the engine's
    assert call(tab, "set_language", "en")["ok"] and site.asked == []  # English: no words
    assert not japanese_in(call(tab, "new_game", {"seats": SEATS, "seed": 5}))
    assert call(tab, "set_language", "ja") == {"ok": True, "language": "ja",
                                               "languages": ["en", "ja"], "results": {}}
    assert site.asked == ["engine-locale/ja.json"]
    assert (no_catalogue / "ja.json").read_bytes() == JA_CATALOGUE.read_bytes()
    assert japanese_in(call(tab, "view", None))
    assert call(tab, "set_language", "en")["ok"] and call(tab, "set_language", "ja")["ok"]
    assert site.asked == ["engine-locale/ja.json"]  # once, for the worker's life


@pytest.mark.parametrize("files", [{}, {"engine-locale/ja.json": "<!doctype html>"},
                                   {"engine-locale/ja.json": '{"page": {}}'}])
def test_a_catalogue_that_cannot_be_had_refuses_the_language_and_keeps_the_last(
        no_catalogue, monkeypatch, files):
    site_files(monkeypatch, files)
    tab = worker("tab")
    tab.LOCALE = no_catalogue
    assert call(tab, "new_game", {"seats": SEATS, "seed": 5})["ok"]
    assert call(tab, "set_language", "ja") == {"ok": False, "error": {
        "type": "LanguageUnavailable",
        "message": "that language could not be downloaded: connect to the internet once, "
                   "then choose it again"}}
    assert not no_catalogue.exists()  # nothing half written: asked again, fetched again
    assert tab.session.language == "en" and not japanese_in(call(tab, "view", None))
    assert call(tab, "set_language", "fr")["error"]["type"] == "BadOptions"  # as before


def test_the_worker_fetches_catalogues_where_the_build_puts_them(saves):
    tab = worker("tab")
    assert tab.CATALOGUE_PATH.format(language="ja") == f"{build_site.ENGINE_LOCALE}/ja.json"
