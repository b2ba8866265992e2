"""Offline and installable: the service worker precaches the whole site, serves it with
the HTTP server stopped, and offers a new version instead of swapping it mid-game."""

from collections import Counter
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tycoon_page import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ENGINE_TIMEOUT_MS,
    PHONE,
    SAVES_CACHE,
    SNAPSHOT_CACHE,
    Guard,
    Site,
    Table,
    build_site,
    packing,
)

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The four games, offline after one visit (President for a whole round).
GAMES_OFFLINE = (("tycoon", 4), ("matchstick", 3), ("corporation", 4), ("president", 4))


def wait_until_controlled(page: Page) -> None:
    """The service worker has precached everything and controls the page."""
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)


def test_one_visit_fetches_nothing_twice_and_every_game_then_works_offline(
        table: Table, context: BrowserContext, site: Site, guard: Guard):
    sent_before = len(site.server.served)
    table.open()
    table.wait_for_engine()
    wait_until_controlled(table.page)
    # Everything the app fetched is in the precache (so nothing is missing offline);
    # the page itself is the scope's address, and the worker is kept by the browser.
    # The big files came packed, and the precache has them unpacked, as the engine's
    # worker unpacked them (scripts/packing.py): the files themselves never came.
    fetched = {url for url in guard.requests if url.startswith(site.origin)}
    packed = {site.url + path for path in packing.packed_paths()}
    assert packed <= fetched
    assert {site.url + path for path in packing.PACKED} <= site.precached() - fetched
    assert fetched - packed - {site.url, site.url + build_site.SERVICE_WORKER} \
        <= site.precached()
    # The precache took what the visit had downloaded already from the browser's cache
    # (revalidated: the server answers "not modified", with no body), not downloading
    # it again: the server sent each file once.
    sent = Counter(path.split("?")[0] for path, size in site.server.served[sent_before:]
                   if size > 0)
    assert {path: count for path, count in sent.items() if count > 1} == {}
    # The engine worker's downloads, kept for the precache, went with it.
    assert [name for name in table.page.evaluate("caches.keys()")
            if name.endswith(" first-visit downloads")] == []

    site.stop()
    try:
        # Each game dealt and played, with the server stopped; a whole round of President.
        offline = Table(context.new_page(), site)
        offline.open()
        for number, (game, players) in enumerate(GAMES_OFFLINE):
            offline.choose_game(game, players)
            offline.wait_for_engine()
            offline.deal()
            if number > 0:  # the game left at the table is replaced once confirmed
                offline.page.tap("#confirm-new button[value=new]")
            offline.wait_for_my_turn()
            assert len(offline.hand()) >= 4, game  # a hand dealt (Corporation deals 4)
            if game == "president":
                while not offline.results_shown():
                    offline.take_a_quick_turn()
                    offline.wait_for_my_turn()
                expect(offline.page.locator("#results-title")).to_have_text("Round 1 results")
            else:
                moves = offline.moves()
                if game != "corporation":
                    offline.take_a_quick_turn()
                    offline.wait_for_my_turn()
                    assert offline.moves() > moves, game
                offline.leave_table()
    finally:
        site.start()


def test_chromium_finds_no_installability_errors(playwright_driver, site: Site, guard: Guard,
                                                 tmp_path: Path):
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    guard.watch(context)
    try:
        player = Table(context.pages[0] if context.pages else context.new_page(), site)
        player.open()
        player.wait_for_engine()
        wait_until_controlled(player.page)
        cdp = context.new_cdp_session(player.page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_a_new_version_waits_for_the_player_to_update(table: Table, site: Site):
    table.open()
    table.choose(rounds=3)
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    wait_until_controlled(table.page)
    position = table.snapshot()

    stylesheet = site.folder / "web" / "app.css"
    original = stylesheet.read_text()
    try:
        stylesheet.write_text(original + "/* a new version */\n")
        build_site.write_service_worker(site.folder)
        table.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        expect(table.page.locator("#update")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        # The game in progress is left as it was until the player chooses to update.
        assert table.snapshot() == position
        caches_before = set(table.page.evaluate("caches.keys()"))
        with table.page.expect_navigation():
            table.page.tap("#update-button")
        table.page.wait_for_selector("body[data-ui=ready]")
        table.wait_for_engine()
        table.wait_for_my_turn()
        assert table.snapshot() == position
        served = table.page.evaluate("fetch('web/app.css').then(r => r.text())")
        assert served.endswith("/* a new version */\n")
        # The new version deleted the old one's cache, and kept the saved game's (and the
        # engine's snapshot, which names its own version).
        kept = {SAVES_CACHE, SNAPSHOT_CACHE}
        for _ in range(ENGINE_TIMEOUT_MS // 250):
            caches_after = set(table.page.evaluate("caches.keys()"))
            if len(caches_after - kept) == 1:
                break
            table.page.wait_for_timeout(250)
        assert SAVES_CACHE in caches_before & caches_after
        # Both versions were kept while the new one waited; the old one is gone.
        versions_before, versions_after = caches_before - kept, caches_after - kept
        assert len(versions_before) == 2 and len(versions_after) == 1
        assert versions_after < versions_before
    finally:
        stylesheet.write_text(original)
        build_site.write_service_worker(site.folder)
