"""Two copies of the site on one origin (project pages of one account: /a/ and /b/) keep
apart: each names its keys and caches after its own folder, so neither sees, replaces or
deletes the other's game, settings or caches, and /a/ still works offline once /b/ has
installed its service worker. What an earlier version kept for the whole origin moves,
without a word, into the copy that starts first; an earlier version's cache is deleted
only by the copy it belongs to."""

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.api import Session
from tycoon_page import (
    ENGINE_TIMEOUT_MS,
    LEGACY_PREFIX,
    PHONE,
    Guard,
    Site,
    Table,
    build_site,
    serve,
    site_key,
    stored_settings,
)

LEGACY_SAVES = "tycoon-table-saves"
LEGACY_SAVE = "/tycoon-table/saved-game.json"
# Earlier versions' caches, each named for the whole origin: one of each copy's, and one
# of a third copy elsewhere on the origin.
LEGACY_VERSIONS = {"tycoon-table-00000000000000aa": "/a/", "tycoon-table-00000000000000bb": "/b/",
                   "tycoon-table-00000000000000cc": "/c/"}


class Copies:
    """The built site at /a/, and a changed copy of it at /b/, on one origin."""

    def __init__(self, built: Path, root: Path) -> None:
        self.root = root
        shutil.copytree(built, root / "a")
        shutil.copytree(built, root / "b")
        stylesheet = root / "b" / "web" / "app.css"
        stylesheet.write_text(stylesheet.read_text() + "/* the copy at /b/ */\n")
        build_site.write_service_worker(root / "b")
        self.server = serve.start_server(root)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def start(self) -> None:
        port = int(self.origin.rsplit(":", 1)[1])
        self.server = serve.start_server(self.root, port=port)


@pytest.fixture
def copies(site: Site, tmp_path: Path) -> Iterator[Copies]:
    served = Copies(site.folder, tmp_path / "origin")
    yield served
    served.stop()


def a_legacy_game() -> tuple[dict[str, object], dict[str, object]]:
    """The log and the view of a game at the human's turn, as an earlier version kept them."""
    session = Session()
    session.new_game({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 11})
    while session.advance()["action"] is not None:
        pass
    return session.export_log()["log"], session.view()["view"]


def leave_what_an_earlier_version_kept(page: Page, origin: str) -> dict[str, object]:
    """An earlier version's data for the whole origin, left from a blank page of it: its
    settings, statistics, last view and saved game, and its caches. Returns the log."""
    blank = origin + "/a/blank-test-page.html"
    page.route(blank, lambda route: route.fulfill(
        body='<!doctype html><title>blank</title><link rel="icon" href="data:,">',
        content_type="text/html"))
    page.goto(blank)
    page.unroute(blank)
    log, view = a_legacy_game()
    stats = {"tycoon/tycoon-seed": {"game": "Tycoon", "rule_set": "As the rule text",
                                    "games": 3, "wins": 2, "places": 5, "streak": 1,
                                    "best_streak": 2}}
    local = {LEGACY_PREFIX + "settings": stored_settings(pace=1600),
             LEGACY_PREFIX + "stats": json.dumps(stats),
             LEGACY_PREFIX + "table": json.dumps({"view": view, "moves": len(log["actions"])})}
    page.evaluate("""async ([local, saves, save, log, versions, origin]) => {
        for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
        await (await caches.open(saves)).put(origin + save, new Response(log));
        for (const [name, folder] of Object.entries(versions)) {
            await (await caches.open(name)).put(origin + folder + "index.html",
                                                new Response("an earlier version's page"));
        }
    }""", [local, LEGACY_SAVES, LEGACY_SAVE, json.dumps(log), LEGACY_VERSIONS, origin])
    return log


def cache_names(page: Page) -> set[str]:
    return set(page.evaluate("caches.keys()"))


def saved_log(page: Page, origin: str, folder: str) -> object:
    saved = page.evaluate("""async ([name, url]) => {
        const response = await (await caches.open(name)).match(url);
        return response ? response.text() : null;
    }""", [site_key(folder, "saves"), f"{origin}{folder}saves/game.json"])
    return None if saved is None else json.loads(saved)


def open_copy(player: Table, url: str) -> None:
    """Open a copy of the app, and wait until its service worker has installed (it has
    precached the copy, and deleted what it deletes) and controls the page."""
    player.page.goto(url)
    player.page.wait_for_selector("body[data-ui=ready], body[data-ui=on-demand]")
    player.wait_for_engine()
    for _ in range(ENGINE_TIMEOUT_MS // 250):
        if player.page.evaluate("navigator.serviceWorker.controller !== null"):
            return
        player.page.wait_for_timeout(250)
    raise AssertionError(f"no service worker controls {url}")


def test_two_copies_on_one_origin_keep_apart_and_the_first_takes_the_old_data(
        browser: Browser, copies: Copies):
    guard = Guard(copies.origin)
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    guard.watch(context)
    try:
        first = Table(context.new_page(), None)
        log = leave_what_an_earlier_version_kept(first.page, copies.origin)

        # /a/ starts first: it takes over what the earlier version kept, without a word.
        open_copy(first, copies.origin + "/a/")
        first.wait_for_my_turn()
        expect(first.page.locator("#notice")).to_be_hidden()
        assert first.moves() == len(log["actions"])
        assert first.page.input_value("#pace") == "1600"
        expect(first.page.locator("#stats-body")).to_contain_text("Tycoon")
        kept = first.local_storage()
        assert {key for key in kept if key.startswith(LEGACY_PREFIX)} == set()
        assert {site_key("/a/", name) for name in ("settings", "stats", "table")} <= set(kept)
        first.take_a_quick_turn()
        first.wait_for_my_turn()
        played_at_a = first.moves()
        saved_at_a = saved_log(first.page, copies.origin, "/a/")

        # /b/ finds nothing of /a/'s: a first visit's lobby, and a game of its own.
        second = Table(context.new_page(), None)
        open_copy(second, copies.origin + "/b/")
        # A first visit there: its UI waits for the player (web/engine.js), /a/'s data aside.
        expect(second.page.locator("body")).to_have_attribute("data-ui", "on-demand")
        second.page.click("#stats summary")
        second.page.wait_for_selector("body[data-ui=ready]")
        expect(second.page.locator("#deal")).to_have_text("Deal")
        expect(second.page.locator("#resume")).to_be_hidden()
        assert second.page.input_value("#pace") == "900"
        expect(second.page.locator("#stats-body")).to_have_text(
            "No games finished yet on this device.")
        second.choose_game("president", 5, pace="350")
        second.deal()
        second.page.tap("#offer-guided button[value=skip]")  # /b/'s own first deal
        second.wait_for_my_turn()
        assert len(saved_log(second.page, copies.origin, "/b/")["actions"]) == second.moves()
        assert json.loads(second.local_storage()[site_key("/b/", "settings")])["guided"] == [
            "president"]

        # Each copy deleted its own earlier version's cache, and nothing of the other's.
        names = cache_names(second.page)
        assert LEGACY_SAVES not in names
        assert {name for name in names if name.startswith("tycoon-table-")} == {
            "tycoon-table-00000000000000cc"}
        for folder in ("/a/", "/b/"):
            assert {site_key(folder, "saves")} | {
                name for name in names if name.startswith(site_key(folder, "site "))} <= names
        assert len([name for name in names if " site " in name]) == 2
        assert saved_log(first.page, copies.origin, "/a/") == saved_at_a
        assert json.loads(first.local_storage()[site_key("/a/", "settings")])["pace"] == 1600

        # /a/ still works offline, with its own game (its tab closed: one tab plays it).
        first.page.close()
        copies.stop()
        try:
            offline = Table(context.new_page(), None)
            offline.page.goto(copies.origin + "/a/")
            offline.page.wait_for_selector("body[data-ui=ready]")
            offline.wait_for_engine()
            offline.wait_for_my_turn()
            assert offline.moves() == played_at_a
        finally:
            copies.start()
    finally:
        context.close()
    guard.check()
