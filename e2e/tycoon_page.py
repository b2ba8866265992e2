"""The browser tests' view of the app: the served site, what must never happen in a
test, and the table as a player drives it. The fixtures are in conftest.py."""

import json
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Frame, Locator, Page, Request

from engine.catalogue import GAMES, State, step
from engine.log import read_log

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import packing  # noqa: E402
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

# For conftest.py and the tests, which reach scripts/ through this module.
__all__ = [
    "AXE",
    "BASE_PATH",
    "CHALLENGE_KEY",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "ENGINE_TIMEOUT_MS",
    "ENGINE_WHEEL_ROUTE",
    "GUIDED_TRICKS_OFFERED",
    "LEGACY_SAVE_KEY",
    "LOBBY_KEY",
    "PHONE",
    "RECORD_WORKER_MESSAGES",
    "ROOT",
    "SAVES_CACHE",
    "SAVE_PATH",
    "SETTINGS_KEY",
    "STATS_KEY",
    "TABLE_KEY",
    "Guard",
    "Site",
    "Table",
    "build_site",
    "packing",
    "serve",
    "stored_settings",
]

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BASE_PATH = "/games/tycoon/"  # hosted under a sub-path, as on a real page
# The controls have answered a selection: a move to play, a reason, or the picker.
SETTLED = "#play[aria-disabled=false], #play.illegal, #values:not([hidden])"
FLICK_STEP_S = 0.002  # 7,500 px/s: Chromium flings for about two seconds after it
ENGINE_TIMEOUT_MS = 60_000  # a cold Pyodide boot takes 3-5 s here; leave room for a busy CI
# The engine's wheel, as a route matches it: a first visit fetches it packed (`.xz`).
ENGINE_WHEEL_ROUTE = f"**/{build_site.ENGINE_WHEEL}*"


def _constant(source: str, name: str) -> str:
    """A string constant of the app's source (``NAME = "..."``, or ``const NAME = "..."``
    in its JavaScript), so the tests and the app cannot drift apart."""
    found = re.search(rf'^(?:const )?{name} = "([^"]*)"', (ROOT / source).read_text(), re.M)
    assert found, f"{source} defines no {name}"
    return found.group(1)


def site_key(base: str, name: str) -> str:
    """The localStorage key, or the cache's name, that the site served at ``base`` (its
    folder's path) gives ``name``: each is in the site's own namespace."""
    return f"{_constant('service-worker.js', 'NAMESPACE')}{base} {name}"


# Where the page keeps its settings, the last view (no hidden card) and the link of the
# challenge the game plays, and where an earlier version of the page kept the whole game
# (for the whole origin: the page takes it over into the site's namespace).
SETTINGS_KEY = site_key(BASE_PATH, _constant("web/ui/store.py", "SETTINGS_KEY"))
TABLE_KEY = site_key(BASE_PATH, _constant("web/ui/store.py", "TABLE_KEY"))
CHALLENGE_KEY = site_key(BASE_PATH, _constant("web/ui/store.py", "CHALLENGE_KEY"))
# The schema the page checks kept views against: a table kept under another is another
# version's, set aside quietly.
VIEW_SCHEMA = _constant("web/ui/view_schema.py", "STAMP")


def kept_table(view: dict[str, Any], moves: int) -> str:
    """A table as this version of the page keeps it (store.keep_table)."""
    return json.dumps({"view": view, "moves": moves, "schema": VIEW_SCHEMA})
LEGACY_PREFIX = _constant("web/storage.mjs", "LEGACY_PREFIX")
LEGACY_SAVE_KEY = LEGACY_PREFIX + _constant("web/ui/store.py", "LEGACY_SAVE_KEY")
LOBBY_KEY = site_key(BASE_PATH, _constant("web/ui/store.py", "LOBBY_KEY"))
def stored_settings(**values: Any) -> str:
    """Settings as the page stores them, with every guided trick already offered."""
    return json.dumps({"guided": sorted(GAMES), **values})


# Every game's guided trick already offered (a first Deal of each game offers it once),
# unless the settings are stored already: tests of other things deal their games at once.
GUIDED_TRICKS_OFFERED = f"""try {{
  if (localStorage.getItem({json.dumps(SETTINGS_KEY)}) === null) {{
    localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(stored_settings())});
  }}
}} catch (error) {{}}"""
STATS_KEY = site_key(BASE_PATH, _constant("web/ui/store.py", "STATS_KEY"))
# Where the engine worker saves the game's log (Cache Storage), out of the page's sight:
# the cache, and the save's path on the site's origin.
SAVES_CACHE = site_key(BASE_PATH, _constant("web/worker/saves.mjs", "SAVES_CACHE"))
SAVE_PATH = BASE_PATH + _constant("web/worker/worker_saves.py", "SAVE_PATH")
# The engine's snapshot.
SNAPSHOT_CACHE = site_key(BASE_PATH, _constant("web/worker/boot.mjs", "SNAPSHOT_CACHE"))

# An init script that records, as lists of strings, every message the page receives
# from a worker (the engine's answers come through a MessagePort), with the number of
# moves the table showed when it arrived.
RECORD_WORKER_MESSAGES = """(() => {
    const received = window.__fromWorkers = [];
    const strings = (data, out) => {
        if (typeof data === "string") out.push(data);
        else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
            out.push(new TextDecoder().decode(data instanceof ArrayBuffer ? data : data.buffer));
        } else if (data && typeof data === "object") {
            for (const value of Object.values(data)) strings(value, out);
        }
        return out;
    };
    const record = (event) => {
        const table = document.querySelector("#table");
        received.push({moves: table ? Number(table.dataset.moves || 0) : 0,
                       strings: strings(event.data, [])});
    };
    const fromWorker = (target) => target instanceof MessagePort || target instanceof Worker;
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
        if (type === "message" && listener && fromWorker(this)) {
            const inner = listener;
            listener = function (event) {
                record(event);
                return typeof inner === "function" ? inner.call(this, event)
                                                   : inner.handleEvent(event);
            };
        }
        return add.call(this, type, listener, options);
    };
    for (const proto of [MessagePort.prototype, Worker.prototype]) {
        const onmessage = Object.getOwnPropertyDescriptor(proto, "onmessage");
        Object.defineProperty(proto, "onmessage", {
            configurable: true,
            get() { return onmessage.get.call(this); },
            set(handler) {
                onmessage.set.call(this, handler && function (event) {
                    record(event);
                    return handler.call(this, event);
                });
            },
        });
    }
})();"""


class Site:
    """The built site over HTTP; it can be stopped and started again on the same port."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.server = serve.start_server(folder, base=BASE_PATH)
        self.port = self.server.server_address[1]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return self.origin + BASE_PATH

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def start(self) -> None:
        self.server = serve.start_server(self.folder, port=self.port, base=BASE_PATH)

    def precached(self) -> set[str]:
        """The URLs the service worker precaches, read from the generated worker."""
        text = (self.folder / build_site.SERVICE_WORKER).read_text()
        listing = re.search(r"^const PRECACHE = (\[.*?^\]);", text, re.S | re.M)
        assert listing, "the built service worker has no precache list"
        entries = json.loads(re.sub(r",\s*\]$", "]", listing.group(1)))
        return {self.url + path for path, _revision in entries}


@contextmanager
def built_site() -> Iterator[Site]:
    """A freshly built site in a folder of its own, served until the block ends (the
    benches' site; the tests share one built per session)."""
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "dist"
        build_site.build(dist)
        site = Site(dist)
        try:
            yield site
        finally:
            site.stop()


def blog_post(site: Site, title: str, body: str) -> str:
    """A page of another site that embeds tables with the app's loader (embed.js):
    ``body`` is its main content, each table a ``div.tycoon-table``."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="data:,">
<script src="{site.url}embed.js" defer></script></head>
<body><main>{body}</main></body></html>"""


def throttle_cpu(context: BrowserContext, page: Page, rate: float) -> None:
    """Slow ``page``'s CPU ``rate`` times: Chromium's CPU throttling, through the DevTools
    protocol, standing in for a budget phone (1: this machine's speed)."""
    if rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def wait_for_page_mark(page: Page, expression: str, timeout_ms: float, what: str) -> None:
    """Until ``expression`` holds in the page, as the page's own observers set it, asked
    from outside (the benches): Playwright's selector engine, evaluated in a page at its
    first use there, would be a long task of its own in what is measured."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise SystemExit(f"{what} within {timeout_ms / 1000:.0f} s")
        time.sleep(0.02)


class Guard:
    """Records what must never happen in a test: console errors, uncaught errors, and
    requests to any origin but the site's. A page of another origin that embeds the app
    (``hosts``) may ask its own origin and the site's; the app's frames only the site's."""

    def __init__(self, origin: str, hosts: tuple[str, ...] = ()) -> None:
        self.origin = origin
        self.hosts = hosts
        self.problems: list[str] = []
        self.requests: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self.problems.append(f"page error: {error.error}"))
        context.on("request", self._on_request)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "ws", "wss"):
            return
        target = f"{parts.scheme}://{parts.netloc}"
        allowed = {self.origin}
        if self.hosts and self._asked_by_a_host(request):
            allowed.update(self.hosts)
        if target not in allowed:
            self.problems.append(f"request left the origin: {url}")

    def _asked_by_a_host(self, request: Request) -> bool:
        """Whether the host page asked: the tab's own frame (the app runs in frames)."""
        try:
            frame = request.frame
        except Exception:  # a worker's request belongs to no frame: the app's
            return False
        asker = urlsplit(frame.url)
        return frame.parent_frame is None or f"{asker.scheme}://{asker.netloc}" in self.hosts

    def check(self) -> None:
        assert self.problems == [], self.problems

    def expect(self, *expected: str) -> None:
        """Each problem ``expected`` (its text starts so: a console error the test itself
        provoked, say) was recorded exactly once; those are taken off the record, and no
        other is."""
        for start in expected:
            found = [problem for problem in self.problems if problem.startswith(start)]
            assert len(found) == 1, (start, self.problems)
            self.problems.remove(found[0])


class Table:
    """The app as a player sees it, driven through the page."""

    def __init__(self, page: Page, site: Site) -> None:
        self.page = page
        self.site = site

    def open(self) -> None:
        """Open the app: its UI started, or on a first visit waiting for the player to
        ask for something it does (web/engine.js)."""
        self.page.goto(self.site.url)
        self.page.wait_for_selector("body[data-ui=ready], body[data-ui=on-demand]")

    def store_before_opening(self, save: str | None = None,
                             local: dict[str, str] | None = None) -> None:
        """Leave ``save`` as the engine worker's saved game and ``local`` in localStorage,
        from a blank page of the site's origin (not the app, and asking for no icon)."""
        blank = self.site.url + "blank-test-page.html"
        self.page.route(blank, lambda route: route.fulfill(
            body='<!doctype html><title>blank</title><link rel="icon" href="data:,">',
            content_type="text/html"))
        self.page.goto(blank)
        self.page.unroute(blank)
        self.page.evaluate("""async ([cacheName, url, save, local]) => {
            if (save !== null) await (await caches.open(cacheName)).put(url, new Response(save));
            for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
        }""", [SAVES_CACHE, self.site.origin + SAVE_PATH, save, local or {}])

    def saved_game(self) -> str | None:
        """The log the engine worker saved (read by the test; the app's page never does)."""
        saved = self.page.evaluate("""async ([cacheName, url]) => {
            const response = await (await caches.open(cacheName)).match(url);
            return response ? response.text() : null;
        }""", [SAVES_CACHE, self.site.origin + SAVE_PATH])
        return None if saved is None else str(saved)

    def local_storage(self) -> dict[str, str]:
        stored = self.page.evaluate("Object.fromEntries(Object.entries(localStorage))")
        return {str(key): str(value) for key, value in stored.items()}

    def received_from_worker(self) -> list[dict[str, object]]:
        """What RECORD_WORKER_MESSAGES saw: ``[{"moves", "strings"}]``, in order."""
        return list(self.page.evaluate("window.__fromWorkers"))

    def wait_for_engine(self) -> None:
        """Until the engine is up: for the UI, or, before a first visit's UI has started,
        as the lobby tells it."""
        self.page.wait_for_selector(
            "body[data-engine=ready], body[data-ui=on-demand] #engine-status[data-state=ready]",
            timeout=ENGINE_TIMEOUT_MS)

    def open_options(self, game: str = "tycoon") -> None:
        """Open ``game``'s options sheet from its tile in the lobby."""
        self.page.tap(f"[data-options='{game}']")
        self.page.wait_for_selector("#options[open]")

    def set_pace(self, pace: str) -> None:
        """The bots' pace, in the lobby's settings (opened if folded)."""
        page = self.page
        if not page.eval_on_selector("#settings", "panel => panel.open"):
            page.click("#settings summary")
        page.select_option("#pace", pace)

    def choose(self, players: int = 4, rounds: int = 5, pace: str | None = "350") -> None:
        """Tycoon's choices in its options sheet, closed again (its tile deals them), and
        the bots' pace (``None`` keeps the stored one)."""
        page = self.page
        if pace is not None:
            self.set_pace(pace)
        self.open_options("tycoon")
        page.tap(f"input[name='tycoon.players'][value='{players}']")
        page.select_option("#tycoon-rounds", str(rounds))
        page.tap("#options .options-close")
        page.wait_for_selector("#options:not([open])", state="attached")

    def choose_game(self, game: str, players: int, options: dict[str, bool] | None = None,
                    bots: str = "easy", pace: str = "0") -> None:
        """``game``'s options sheet, left open for its Deal, with its players, true-or-false
        ``options`` (its checkboxes) and the bots' level; and the bots' pace."""
        page = self.page
        self.set_pace(pace)
        self.open_options(game)
        page.tap(f"input[name='{game}.players'][value='{players}']")
        for name, on in (options or {}).items():
            page.locator(f"input[name='{game}.{name}']").set_checked(on)
        page.tap(f"input[name='{game}.bots'][value='{bots}']")

    def deal(self) -> None:
        """Deal: the options sheet's Deal while it is open, else the chosen game's tile
        (the last one whose options or tile was used)."""
        page = self.page
        if page.eval_on_selector("#options", "sheet => sheet.open"):
            page.tap("#deal")
            return
        game = page.evaluate("new FormData(document.getElementById('lobby-form')).get('game')")
        page.tap(f"[data-deal='{game}']")

    def start(self, game: str, players: int, **choices: Any) -> None:
        """Open the app, deal ``game`` for ``players`` (``choices`` as ``choose_game``
        takes them) and wait for the player's first turn."""
        self.open()
        self.choose_game(game, players, **choices)
        self.deal()
        self.wait_for_my_turn()

    def leave_table(self) -> None:
        """To the lobby through the game's menu (the game is kept)."""
        self.page.tap("#menu-button")
        self.page.tap("#leave")

    def wait_for_my_turn(self) -> None:
        """Until the controls take input and the bots are done for now, or a round's
        results are up. (The controls take input from the step that makes it your turn
        on, while the bots' pause after it runs, and a Corporation bot's talk: a test
        that reads the position waits for those too.)"""
        self.page.wait_for_selector(
            "#table[data-turn=you]:not([data-bots=running]), #results:not([hidden])",
            timeout=ENGINE_TIMEOUT_MS)

    def moves(self) -> int:
        """How many actions the game has seen (the table keeps the count)."""
        return int(self.page.get_attribute("#table", "data-moves") or 0)

    def wait_for_moves_after(self, moves: int) -> None:
        self.page.wait_for_function(
            "moves => Number(document.querySelector('#table').dataset.moves) > moves", arg=moves,
            timeout=ENGINE_TIMEOUT_MS)

    def results_shown(self) -> bool:
        return self.page.is_visible("#results")

    def play_out_the_round(self, turns: int = 80) -> None:
        """Take quick turns until the round's results show."""
        for _ in range(turns):
            self.wait_for_my_turn()
            if self.results_shown():
                return
            self.take_a_quick_turn()
        raise AssertionError("the round did not end")

    def play_first_card(self) -> None:
        """Play the hand's first card alone (always legal when leading; in Matchstick
        Tycoon as the first value the picker offers, unless one is chosen already)."""
        page = self.page
        moves = self.moves()
        self.tap_card(0)
        page.wait_for_selector(SETTLED)
        if page.get_attribute("#play", "aria-disabled") != "false":
            page.locator("#values .value[aria-disabled=false]").first.tap()
        page.wait_for_selector("#play[aria-disabled=false]")
        page.tap("#play")
        self.wait_for_moves_after(moves)

    def asked_to_give(self) -> int:
        """How many cards the exchange asks you to choose now (0: none), as its sheet's
        row of your choice counts them, in any language."""
        return int(self.page.evaluate("""() => {
            const row = document.querySelector(
                "#exchange:not([hidden]) .transfer[data-state=choosing][data-yours=true]");
            return row ? Number(row.dataset.count) : 0;
        }"""))

    def give_first_cards(self) -> None:
        """The exchange: give back as many cards as the engine asks for (the first ones)."""
        count = self.asked_to_give()
        assert count, self.page.inner_text("#turn")
        for index in range(count):
            self.tap_card(index)
        self.page.wait_for_selector("#play[aria-disabled=false]")
        moves = self.moves()
        self.page.tap("#play")
        self.wait_for_moves_after(moves)

    def take_a_quick_turn(self) -> None:
        """The quickest legal move: give the first cards, pass, or lead the first card."""
        if self.asked_to_give():
            self.give_first_cards()
        elif self.page.get_attribute("#pass", "aria-disabled") == "false":
            moves = self.moves()
            self.page.tap("#pass")
            self.wait_for_moves_after(moves)
        else:
            self.play_first_card()

    def hand(self) -> list[str]:
        return [str(card) for card in self.page.eval_on_selector_all(
            "#hand .card", "cards => cards.map(c => c.dataset.card)")]

    def card(self, index: int) -> Locator:
        """The hand's card at ``index`` (two Jokers share a notation, not a place)."""
        return self.page.locator(f"#hand .card[data-index='{index}']")

    def visible_point(self, index: int) -> tuple[float, float]:
        """The middle of the part of the card (fanned, rotated, overlapped) that a finger
        can touch, found with elementFromPoint."""
        point = self.page.evaluate("""index => {
            const card = document.querySelector(`#hand .card[data-index='${index}']`);
            const box = card.getBoundingClientRect();
            const hits = [];
            for (let y = box.top + 1; y < box.bottom; y += 3) {
                for (let x = box.left + 1; x < box.right; x += 2) {
                    const hit = document.elementFromPoint(x, y);
                    if (hit && hit.closest(".card") === card) hits.push([x, y]);
                }
            }
            if (!hits.length) {
                const middle = document.elementFromPoint((box.left + box.right) / 2,
                                                         (box.top + box.bottom) / 2);
                return {box: [box.left, box.top, box.right, box.bottom],
                        viewport: [innerWidth, innerHeight, scrollX, scrollY],
                        covered_by: middle ? middle.outerHTML.slice(0, 120) : null};
            }
            const mid = [0, 1].map(i => hits.reduce((sum, p) => sum + p[i], 0) / hits.length);
            const hit = document.elementFromPoint(mid[0], mid[1]);
            return hit && hit.closest(".card") === card ? mid : hits[Math.floor(hits.length / 2)];
        }""", index)
        assert isinstance(point, list), f"card {index} of the hand is nowhere visible: {point}"
        return point[0], point[1]

    def on_screen(self, selector: str) -> bool:
        """Whether the element lies wholly inside the viewport, as the page is scrolled."""
        return bool(self.page.eval_on_selector(selector, """element => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
                && box.right <= innerWidth;
        }"""))

    def tap_card(self, index: int) -> None:
        # Through the locator, so Playwright waits for the card to stand still and
        # checks that the finger lands on it.
        card = self.card(index)
        card.wait_for(state="visible")  # a hand drawn again (a resize) has it back at once
        box = card.bounding_box()
        assert box is not None
        x, y = self.visible_point(index)
        card.tap(position={"x": x - box["x"], "y": y - box["y"]})

    def swipe_up(self, index: int, rise: int = 90) -> None:
        """A finger on the card, flicked up: raw touch events through CDP (Playwright's
        touchscreen only taps), stamped 2 ms apart, as quick as a real flick, so the
        browser would fling if the page let it."""
        x, y = self.visible_point(index)
        cdp = self.page.context.new_cdp_session(self.page)
        started = time.time()
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "timestamp": started,
                                              "touchPoints": [{"x": x, "y": y}]})
        for move in range(1, 7):
            cdp.send("Input.dispatchTouchEvent", {
                "type": "touchMove", "timestamp": started + move * FLICK_STEP_S,
                "touchPoints": [{"x": x, "y": y - rise * move / 6}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [],
                                              "timestamp": started + 6.5 * FLICK_STEP_S})
        cdp.detach()
        # The next events must not be stamped before these.
        time.sleep(max(0.0, started + 7 * FLICK_STEP_S - time.time()))

    def accessibility_violations(self, frame: Frame | None = None) -> list[str]:
        """What axe-core finds wrong on the page as it stands, by the rules of WCAG 2.2
        AA and axe's best practices; and any text whose contrast axe cannot decide for
        its background (text must sit on a background axe can judge). A card's corner
        (one or two characters) and a lone symbol (the Joker's star, an arrow key) axe
        leaves undecided as maybe not text at all: those are not about backgrounds."""
        target = frame or self.page.main_frame
        # Evaluated, not added as a <script>: the page's policy runs no inline script (the
        # test's own evaluation is the browser's, outside the page's policy).
        target.evaluate(AXE.read_text())
        # Once what is fading in or moving has settled (a half-faded card is not what a
        # player reads).
        return [str(problem) for problem in target.evaluate("""async () => {
            await Promise.all(document.getAnimations()
                .filter(a => a.effect.getComputedTiming().endTime !== Infinity)
                .map(a => a.finished.catch(() => null)));
            const result = await axe.run({runOnly: {type: "tag", values: [
                "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}});
            const undecided = result.incomplete.filter(i => i.id === "color-contrast")
                .flatMap(i => i.nodes)
                .filter(n => !n.any.every(a => a.data && ["shortTextContent", "nonBmp"]
                    .includes(a.data.messageKey)))
                .map(n => `color-contrast undecided: ${n.target}`
                          + ` (${n.any.map(a => a.message).join("; ")})`);
            return result.violations.map(v => `${v.id}: ${v.help} ${v.nodes.map(
                n => n.target).join(", ")}`).concat(undecided);
        }""")]

    def snapshot(self) -> dict[str, object]:
        """What the player sees of the position."""
        page = self.page
        return {
            "hand": self.hand(),
            "trick": page.inner_text("#trick"),
            "opponents": page.inner_text("#opponents"),
            "turn": page.inner_text("#turn"),
            "round": page.inner_text("#round-info"),
            "me": page.inner_text("#me-info"),
        }


def replay(log: dict[str, Any]) -> list[State]:
    """The state after each number of actions of a saved log: ``states[n]`` follows the
    first n (the truth the tests compare the page with)."""
    record, _ = read_log(log)
    states = [record.initial()]
    for action in record.actions:
        states.append(step(states[-1], action))
    return states
