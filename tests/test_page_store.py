"""The page keeps the last view to paint the table at once; it draws a kept view only
if the view is one the engine's generated schema allows, its seats the table's. Every
view the engine makes, in every game and layout, passes that check; a damaged one does
not. What it reads is bounded before it is parsed, and what it cannot keep is said,
once for each kind of value. (The page's
``store`` module runs in MicroPython; here it runs in CPython, with a stand-in for
web/storage.mjs over a dict, which tests/js/test_storage.mjs tests in Node.)"""

import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES
from engine.core.errors import BadInput
from engine.core.limits import check_text

STORE = Path(__file__).resolve().parent.parent / "web" / "ui" / "store.py"
sys.path.insert(0, str(STORE.parent))  # the modules store.py imports: web/ui is no package


class Names(list):
    """A JavaScript array, as MicroPython reads one."""

    @property
    def length(self):
        return len(self)


class FakeStorage:
    """web/storage.mjs as the store calls it: ``kept`` holds the text of each name, and
    every write fails while ``refusing`` names why ("full" or "blocked")."""

    def __init__(self):
        self.kept = {}
        self.refusing = ""
        self.stuck = Names()  # what moveLegacy could not move

    def read(self, name, max_chars):
        text = self.kept.get(name)
        refused = ""
        if text is not None:
            try:
                check_text(text, "it", max_chars)
            except BadInput as error:
                refused = str(error)
        return types.SimpleNamespace(ok=True, error="", text=None if refused else text,
                                     refused=refused)

    def write(self, name, text):
        if not self.refusing:
            self.kept[name] = text
        return types.SimpleNamespace(ok=not self.refusing, error=self.refusing)

    def remove(self, name):
        if not self.refusing:
            self.kept.pop(name, None)
        return types.SimpleNamespace(ok=not self.refusing, error=self.refusing)

    def moveLegacy(self):  # the module's JavaScript name
        return self.stuck


@pytest.fixture(scope="module")
def store():
    sys.modules.setdefault("pyscript", types.ModuleType("pyscript"))
    js_modules = types.ModuleType("pyscript.js_modules")
    js_modules.site_storage = FakeStorage()  # type: ignore[attr-defined]
    sys.modules["pyscript.js_modules"] = js_modules
    spec = importlib.util.spec_from_file_location("page_store", STORE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def storage(store, monkeypatch):
    """localStorage as the store sees it, fresh for each test, with what the page says."""
    fake = FakeStorage()
    monkeypatch.setattr(store, "site_storage", fake)
    monkeypatch.setattr(store, "_told", set())
    fake.said = []
    monkeypatch.setattr(store, "_say", [fake.said.append])
    return fake


@pytest.fixture
def kept(storage):
    """localStorage's values, by name: a dict the test reads and writes."""
    return storage.kept


def views_of_a_game(game: str, seed: int, moves: int) -> list[dict]:
    """The human's views along a game against random bots, as the page receives them."""
    session = Session()
    players = GAMES[game].default_players
    assert session.new_game({"game": game, "seed": seed,
                             "seats": ["human"] + ["random"] * (players - 1)})["ok"]
    views = []
    for index in range(moves):
        view = session.view()["view"]
        views.append(json.loads(json.dumps(view)))
        if view["outcome"]:
            break
        if session.advance()["action"] is None:
            session.act(view["legal"][(seed + index) % len(view["legal"])]["act"])
    return views


@settings(max_examples=12)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31))
def test_every_view_the_engine_makes_is_one_the_page_draws(store, game, seed):
    for view in views_of_a_game(game, seed, 80):
        assert store.valid_view(view), view


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_damaged_or_unknown_view_is_not_drawn(store, game):
    view = views_of_a_game(game, 1, 30)[-1]
    assert store.valid_view(view)
    for key in ("players", "hand", "legal", "to_act"):
        damaged = {k: v for k, v in view.items() if k != key}
        assert not store.valid_view(damaged), key
    assert not store.valid_view({**view, "table": "roulette"})
    assert not store.valid_view({**view, "held_back": [{"id": "4"}]})
    seats = len(view["players"])
    assert not store.valid_view({**view, "seat": seats})


@pytest.mark.parametrize("game", ["tycoon", "corporation"])
def test_a_view_kept_by_another_version_is_set_aside_quietly(store, kept, game):
    """A view kept under another schema (or none: before views were checked by one) came
    from another version of the page: it is drawn if it meets this version's schema, else
    set aside with no notice (the save brings the game back). A view kept under this
    schema that does not meet it was damaged, and is set aside with a notice."""
    view = views_of_a_game(game, 2, 5)[-1]
    store.keep_table(store.TABLE_KEY, view, 5, "")
    assert json.loads(kept[store.TABLE_KEY])["schema"] == store.STAMP
    assert store.load_table(store.TABLE_KEY) == (view, 5, "", False)
    for stamp in ({}, {"schema": "0123456789ab"}):
        kept[store.TABLE_KEY] = json.dumps({"view": view, "moves": 5, **stamp})
        assert store.load_table(store.TABLE_KEY) == (view, 5, "", False)
        # Fields later versions added: a round's heading, the Corporation bots' temperament.
        earlier = {k: v for k, v in view.items() if k != "round_text"} if game == "tycoon" else {
            **view, "players": [{k: v for k, v in player.items() if k != "temperament"}
                                for player in view["players"]]}
        kept[store.TABLE_KEY] = json.dumps({"view": earlier, "moves": 5, **stamp})
        assert store.load_table(store.TABLE_KEY) == (None, 0, "", False)
    damaged = dict(view, players="everyone")
    store.keep_table(store.TABLE_KEY, damaged, 5, "")
    assert store.load_table(store.TABLE_KEY) == (None, 0, "", True)
    kept[store.TABLE_KEY] = "[1, 2]"
    assert store.load_table(store.TABLE_KEY) == (None, 0, "", True)


def test_the_last_narration_is_kept_with_the_table(store, kept):
    view = views_of_a_game("tycoon", 2, 5)[-1]
    kept[store.TABLE_KEY] = json.dumps({"view": view, "moves": 5, "said": "Chen passes"})
    assert store.load_table(store.TABLE_KEY) == (view, 5, "Chen passes", False)
    kept[store.TABLE_KEY] = json.dumps({"view": view, "moves": 5, "said": ["not", "words"]})
    assert store.load_table(store.TABLE_KEY) == (view, 5, "", False)


def test_settings_load_each_on_its_own_and_an_earlier_version_s_still_load(store, kept):
    assert store.load_settings() == (store.DEFAULT_SETTINGS, False)
    kept[store.SETTINGS_KEY] = json.dumps({"pace": 350})  # an earlier version's
    assert store.load_settings() == (dict(store.DEFAULT_SETTINGS, pace=350), False)
    kept[store.SETTINGS_KEY] = json.dumps({"pace": 350, "sound": True, "large_cards": "yes"})
    settings, fell_back = store.load_settings()
    assert fell_back and settings == dict(store.DEFAULT_SETTINGS, pace=350, sound=True)
    assert json.loads(kept[store.SETTINGS_KEY]) == settings  # the bad one is set right
    kept[store.SETTINGS_KEY] = json.dumps({"sort": "suit"})
    assert store.load_settings() == (dict(store.DEFAULT_SETTINGS, sort="suit"), False)
    kept[store.SETTINGS_KEY] = json.dumps({"sort": "dealt"})
    assert store.load_settings() == (dict(store.DEFAULT_SETTINGS, sort="dealt"), False)
    kept[store.SETTINGS_KEY] = json.dumps({"sort": "colour"})
    assert store.load_settings() == (store.DEFAULT_SETTINGS, True)
    kept[store.SETTINGS_KEY] = json.dumps({"pace": True})  # a flag is not a pace
    assert store.load_settings() == (store.DEFAULT_SETTINGS, True)
    kept[store.SETTINGS_KEY] = "[1, 2"
    assert store.load_settings() == (store.DEFAULT_SETTINGS, True)


def finished_view(game, seat_won, place, rule_set=None):
    view = views_of_a_game(game, 3, 1)[-1]
    ranking = [seat for seat in range(len(view["players"])) if seat != 0]
    ranking.insert(place - 1, 0)
    return dict(view, outcome={"ranking": ranking, "winners": [0] if seat_won else [ranking[0]],
                               "scores": [0] * len(ranking), "text": ""},
                **({"rule_set": rule_set} if rule_set else {}))


def test_statistics_count_games_wins_places_and_streaks_per_game_and_rule_set(store, kept):
    stats, fell_back = store.load_stats()
    assert stats == {} and not fell_back
    for won, place in [(True, 1), (True, 1), (False, 3), (True, 1)]:
        stats = store.record_game(stats, finished_view("tycoon", won, place))
    stats = store.record_game(stats, finished_view(
        "tycoon", False, 2, {"name": "custom", "title": "Your own rules"}))
    entry = stats["tycoon/tycoon-seed"]
    assert entry == {"game": "Tycoon", "rule_set": "Standard (2 low, Ace high)", "games": 4,
                     "wins": 3, "places": 6, "streak": 1, "best_streak": 2}
    assert stats["tycoon/custom"]["games"] == 1 and stats["tycoon/custom"]["wins"] == 0
    store.write(store.STATS_KEY, stats)
    assert store.load_stats() == (stats, False)
    # A damaged entry is set aside, the others kept.
    kept[store.STATS_KEY] = json.dumps(dict(stats, **{"president/x": {"games": "many"}}))
    assert store.load_stats() == (stats, True)
    kept[store.STATS_KEY] = "not json"
    assert store.load_stats() == ({}, True)


def test_what_cannot_be_kept_is_said_once_for_each_kind(store, storage):
    storage.refusing = "full"
    assert not store.write(store.SETTINGS_KEY, store.DEFAULT_SETTINGS)
    assert not store.write(store.SETTINGS_KEY, dict(store.DEFAULT_SETTINGS, pace=350))
    assert not store.write(store.TABLE_KEY + "/t1f2e3", {"view": None})
    store.forget(store.STATS_KEY)
    storage.refusing = "blocked"
    assert not store.write(store.LOBBY_KEY, {"game": "tycoon"})
    assert storage.said == [
        "Your settings could not be kept on this device: its storage for the site is full.",
        "The table you see could not be kept on this device: its storage for the site is full.",
        "Your statistics could not be removed from this device: its storage for the site is "
        "full.",
        "Your choices in the lobby could not be kept on this device: this browser blocks "
        "storage for this page."]
    storage.refusing = ""
    assert store.write(store.SETTINGS_KEY, store.DEFAULT_SETTINGS)
    assert storage.kept == {store.SETTINGS_KEY: json.dumps(store.DEFAULT_SETTINGS)}


def test_a_value_too_long_or_too_deep_is_set_aside_unread(store, storage, kept):
    deep = "[" * 20_000 + "]" * 20_000
    kept[store.SETTINGS_KEY] = deep
    assert store.load_settings() == (store.DEFAULT_SETTINGS, True)
    assert json.loads(kept[store.SETTINGS_KEY]) == store.DEFAULT_SETTINGS
    kept[store.SETTINGS_KEY] = json.dumps({"pace": 350, "note": "x" * 3_000_000})
    assert store.load_settings() == (store.DEFAULT_SETTINGS, True)
    kept[store.STATS_KEY] = deep
    assert store.load_stats() == ({}, True)
    kept[store.TABLE_KEY] = json.dumps({"view": "x" * 1_000_001, "moves": 1})
    assert store.load_table(store.TABLE_KEY) == (None, 0, "", True)
    kept[store.LOBBY_KEY] = deep
    assert store.load_choices() == {}
    assert store.LOBBY_KEY not in kept
    assert storage.said == ["Your last choices in the lobby could not be read (it nests "
                            "deeper than 32 levels), so the lobby starts afresh."]


def test_a_game_an_earlier_version_kept_is_passed_on_as_its_text(store, kept):
    assert store.load_legacy() == (None, "")
    session = Session()
    view = session.new_game({"seats": ["human", "greedy", "greedy"], "seed": 4})["view"]
    text = json.dumps({"log": session.export_log()["log"], "view": view})
    kept[store.LEGACY_SAVE_KEY] = text
    legacy, refusal = store.load_legacy()
    assert legacy is text and refusal == ""  # as it was stored: never encoded again
    kept[store.LEGACY_SAVE_KEY] = "{" * 20_000
    assert store.load_legacy() == (None, "it nests deeper than 32 levels")
    kept[store.LEGACY_SAVE_KEY] = "x" * 2_000_001
    assert store.load_legacy() == (
        None, "it is too long to read (2,000,001 characters; at most 2,000,000)")
    kept[store.LEGACY_SAVE_KEY] = json.dumps({"view": view})
    assert store.load_legacy() == (None, "it holds no game's log")
    kept[store.LEGACY_SAVE_KEY] = "{not json"
    assert store.load_legacy() == (None, "it is not JSON")


def test_what_earlier_versions_kept_and_cannot_move_is_said(store, storage):
    storage.stuck = Names(["settings", "table/t1f2e3"])
    store.move_legacy()
    assert storage.said == [
        "Your settings could not be moved over from the earlier version: its storage for the "
        "site is full.",
        "The table you see could not be moved over from the earlier version: its storage for "
        "the site is full."]


def test_the_player_s_name_for_a_challenge_is_kept_with_the_settings(store, kept):
    kept[store.SETTINGS_KEY] = json.dumps({"name": "Mia"})
    assert store.load_settings() == (dict(store.DEFAULT_SETTINGS, name="Mia"), False)
    for damaged in (7, None, "M" * (store.MAX_NAME + 1)):
        kept[store.SETTINGS_KEY] = json.dumps({"name": damaged})
        assert store.load_settings() == (store.DEFAULT_SETTINGS, True)


def test_the_challenge_a_game_plays_is_kept_as_its_link_s_text_or_not_at_all(store, kept):
    assert store.load_challenge() is None
    assert store.write(store.CHALLENGE_KEY, "#v=1&game=tycoon&seat=0&runs=AQ")
    assert store.load_challenge() == "#v=1&game=tycoon&seat=0&runs=AQ"
    for damaged in ("[1, 2", json.dumps({"runs": "AQ"}), json.dumps(""),
                    json.dumps("A" * store.MAX_CHARS[store.CHALLENGE_KEY])):
        kept[store.CHALLENGE_KEY] = damaged
        assert store.load_challenge() is None
    store.forget(store.CHALLENGE_KEY)
    assert store.load_challenge() is None


def day_result(game, date, place=1, link=None):
    return {"game": game, "date": date, "place": place, "place_text": f"{place}th",
            "players": 4, "moves": 20, "text": f"Tycoon Table · {game}, {date}", "link": link}


def test_today_s_deal_keeps_each_game_s_first_result_of_a_day_and_the_days_played(store, kept):
    today, fell_back = store.load_today()
    assert today == store.NO_DAYS and not fell_back

    def run_of(days):  # web/ui/today.py counts days in a row with the browser's Date
        return len(days)

    today = store.record_day(today, day_result("tycoon", "2026-12-07", 3), run_of)
    again = store.record_day(today, day_result("tycoon", "2026-12-07", 1), run_of)
    assert again == today  # a replay of the day counts once: the first result stays
    today = store.record_day(today, day_result("president", "2026-12-07", 2), run_of)
    today = store.record_day(today, day_result("tycoon", "2026-12-08", 1, "#v=1"), run_of)
    assert today["days"] == ["2026-12-07", "2026-12-08"] and today["best"] == 2
    assert today["results"]["tycoon"]["place"] == 1
    assert "game" not in today["results"]["tycoon"]  # kept under its game's name
    store.write(store.TODAY_KEY, today)
    assert store.load_today() == (today, False)
    damaged = dict(today, results=dict(today["results"], corporation={"place": "first"}))
    kept[store.TODAY_KEY] = json.dumps(damaged)
    assert store.load_today() == (today, True)
    kept[store.TODAY_KEY] = json.dumps(dict(today, days=["yesterday"], best=-1))
    assert store.load_today() == (dict(today, days=[], best=0), True)
    kept[store.TODAY_KEY] = "[1"
    assert store.load_today() == (store.NO_DAYS, True)
