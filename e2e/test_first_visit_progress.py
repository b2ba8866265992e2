"""A friend's first visit, while the bytes come (web/loading.js): a deal link shows the
table's frame (the game's title, the seats and their names) before the engine is ready,
with a progress bar that moves with the bytes and ends at the table; a connection that
stalls is said so, and the download goes on when the bytes come again. A link the page
cannot read plainly shows the plain loading state (its reading is the engine's)."""

import re
import time

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from engine.core.seats import HUMAN, seat_names
from tycoon_page import ENGINE_TIMEOUT_MS, PHONE, Guard, Site, Table, build_site

DEAL_LINK = "#v=1&game=tycoon&players=4&bots=normal&seed=4242"
STALLED = "The connection has stalled: waiting for it…"
# Fast enough that the download takes a few seconds here (the test serves no gzip: about
# 15 MB), slow enough that the bar has seconds to move.
THROTTLE = {"offline": False, "latency": 20, "downloadThroughput": 40e6 / 8,
            "uploadThroughput": 40e6 / 8}
# What a screen reader says of the bar: the figures, then the time left or what holds it up.
SPOKEN = re.compile(r"^\d+\.\d of \d+\.\d MB\. \w")
# Every value the bar takes, as the page sets it (a test reading it from outside, busy
# with axe, would miss some).
RECORD_BAR = """document.addEventListener("DOMContentLoaded", () => {
    const bar = document.getElementById("download-bar");
    if (bar === null) return;  // a frame of the page's
    window.barValues = [];
    new MutationObserver(() => window.barValues.push(Number(bar.getAttribute("aria-valuenow"))))
        .observe(bar, {attributes: true, attributeFilter: ["aria-valuenow"]});
})"""
# What the page shows of its loading, read from outside a few times a second.
LOADING = """() => ({
    bar: document.getElementById("download").checkVisibility({visibilityProperty: true}),
    frame: !document.getElementById("link-frame").hidden,
    table: document.body.dataset.screen === "table",
    engine: document.body.dataset.engine === "ready",
})"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The lobby's buttons the download's bar lies over.
UNDER_THE_BAR = """() => {
    const top = document.getElementById("download").getBoundingClientRect().top;
    return [...document.querySelectorAll("#lobby button")]
        .filter((button) => button.checkVisibility() && button.getBoundingClientRect().bottom > top)
        .map((button) => button.textContent.trim());
}"""


def first_visit(browser: Browser, guard: Guard) -> tuple[BrowserContext, Page]:
    """A fresh phone, as a friend's: nothing cached, no service worker."""
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    guard.watch(context)
    return context, context.new_page()


def test_a_deal_links_frame_and_its_progress_until_the_table(browser: Browser, site: Site,
                                                             guard: Guard):
    context, page = first_visit(browser, guard)
    context.add_init_script(RECORD_BAR)
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions", THROTTLE)
    page.goto(site.url + DEAL_LINK)
    # Before the engine is ready: the link's game, and its seats named as the engine names
    # them (the reader first, then the bots).
    names = seat_names([HUMAN, "normal", "normal", "normal"])
    assert page.evaluate("document.getElementById('engine-status').dataset.state") == "loading"
    expect(page.locator("#link-frame-title")).to_have_text("Tycoon")
    expect(page.locator("#link-frame-what")).to_have_text("A deal shared with you, for 4 players")
    expect(page.locator("#link-frame-others li")).to_have_text(names[1:])
    expect(page.locator("#link-frame-you")).to_have_text(names[0])
    expect(page.locator("#lobby")).to_be_hidden()
    assert page.evaluate("document.body.dataset.engine") is None

    checked = False
    deadline = time.monotonic() + ENGINE_TIMEOUT_MS / 1000
    while True:
        shown = page.evaluate(LOADING)
        if shown["table"]:
            break
        assert shown["frame"], "the frame stays until the table shows"
        if shown["bar"] and not checked:  # the bar as a screen reader and axe find it
            expect(page.locator("[role=progressbar]")).to_have_attribute("aria-valuetext",
                                                                         SPOKEN)
            checked = True
            assert Table(page, site).accessibility_violations() == []
        assert time.monotonic() < deadline, "no table"
        page.wait_for_timeout(100)
    assert checked, "the download never showed its bar"
    bars = page.evaluate("window.barValues")
    assert bars == sorted(bars), f"the bar went back: {bars}"
    assert len(set(bars)) >= 3 and bars[-1] == 100, f"the bar did not move to its end: {bars}"
    # At the table, the frame and the bar are gone, and the seats are the frame's.
    expect(page.locator("#link-frame")).to_be_hidden()
    expect(page.locator("#download")).to_be_hidden()
    for name in names[1:]:
        expect(page.locator("#opponents")).to_contain_text(name)

    # The next start, from the service worker's cache, shows no bar at any moment.
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    page.reload()
    deadline = time.monotonic() + ENGINE_TIMEOUT_MS / 1000
    while not (shown := page.evaluate(LOADING))["engine"]:
        assert not shown["bar"], "a start from the cache showed the download's bar"
        assert time.monotonic() < deadline, "the engine did not start from the cache"
        page.wait_for_timeout(50)
    assert page.evaluate("window.barValues") == []
    context.close()


def test_a_stalled_connection_is_said_so_and_the_download_goes_on(browser: Browser,
                                                                  site: Site, guard: Guard):
    context, page = first_visit(browser, guard)
    # Links the page cannot read plainly (not a deal, no such game, players the game does
    # not seat, a property of every object): the plain loading state, no frame.
    for link in ("#v=1&game=tycoon&players=4&seed=5&moves=AAE", "#v=1&game=nosuch",
                 "#v=1&game=tycoon&players=9", "#v=1&game=__proto__", "#v=2&game=tycoon",
                 "#v=1&game=constructor&players=4"):
        shown = context.new_page()
        shown.goto(site.url + link, wait_until="domcontentloaded")
        expect(shown.locator("#link-frame")).to_be_hidden()
        expect(shown.locator("#lobby")).to_be_visible()
        shown.close()

    # The standard library is held back: the rest comes, then no byte for seconds.
    held: list[Route] = []
    context.route(f"**/{build_site.STDLIB_ZIP}*", lambda route: held.append(route))
    page.goto(site.url)
    note = page.locator("#download-note")
    expect(note).to_have_text(STALLED, timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#download-alert")).to_have_text(STALLED)
    expect(page.locator("#download")).to_have_attribute("data-stalled", "")
    assert page.evaluate("document.getElementById('engine-status').dataset.state") == "loading"
    assert Table(page, site).accessibility_violations() == []
    # Upright or on its side, the bar at the foot covers none of the lobby's buttons.
    for size in ({"width": 640, "height": 360}, PHONE["viewport"]):
        page.set_viewport_size(size)
        assert page.evaluate(UNDER_THE_BAR) == [], size
    (route,) = held
    route.continue_()
    expect(page.locator("#download-alert")).to_have_text(
        "The connection is back: downloading again.", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "ready",
                                                             timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#download")).to_be_hidden()
    context.close()
