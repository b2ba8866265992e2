"""The browser tests' view of the app: the served site, what must never happen in a
test, and the table as a player drives it. The fixtures are in conftest.py."""

import json
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Locator, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

# For conftest.py and the tests, which reach scripts/ through this module.
__all__ = ["AXE", "BASE_PATH", "CHROMIUM", "CHROMIUM_ARGS", "ENGINE_TIMEOUT_MS", "PHONE", "ROOT",
           "Guard", "Site", "Table", "build_site", "serve"]

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BASE_PATH = "/games/tycoon/"  # hosted under a sub-path, as on a real page
ENGINE_TIMEOUT_MS = 60_000  # a cold Pyodide boot takes 3-5 s here; leave room for a busy CI


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


class Guard:
    """Records what must never happen in a test: console errors, uncaught errors, and
    requests to any origin but the site's."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []
        self.requests: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self.problems.append(f"page error: {error.error}"))
        context.on("request", self._on_request)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _on_request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and (
                f"{parts.scheme}://{parts.netloc}" != self.origin):
            self.problems.append(f"request left the origin: {url}")

    def check(self) -> None:
        assert self.problems == []


class Table:
    """The app as a player sees it, driven through the page."""

    def __init__(self, page: Page, site: Site) -> None:
        self.page = page
        self.site = site

    def open(self) -> None:
        self.page.goto(self.site.url)
        self.page.wait_for_selector("body[data-ui=ready]")

    def wait_for_engine(self) -> None:
        self.page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT_MS)

    def choose(self, players: int = 4, rounds: int = 5, pace: str = "350") -> None:
        page = self.page
        page.tap(f"input[name=players][value='{players}']")
        page.select_option("#rounds", str(rounds))
        page.click("#settings summary")
        page.select_option("#pace", pace)

    def deal(self) -> None:
        self.page.tap("#deal")

    def wait_for_my_turn(self) -> None:
        """Until the controls take input, or a round's results are up."""
        self.page.wait_for_selector("#table[data-turn=you], #results:not([hidden])",
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

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand .card", "cards => cards.map(c => c.dataset.card)")

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
            if (!hits.length) return null;
            const mid = [0, 1].map(i => hits.reduce((sum, p) => sum + p[i], 0) / hits.length);
            const hit = document.elementFromPoint(mid[0], mid[1]);
            return hit && hit.closest(".card") === card ? mid : hits[Math.floor(hits.length / 2)];
        }""", index)
        assert point is not None, f"card {index} of the hand is nowhere visible"
        return point[0], point[1]

    def tap_card(self, index: int) -> None:
        # Through the locator, so Playwright waits for the card to stand still and
        # checks that the finger lands on it.
        card = self.card(index)
        box = card.bounding_box()
        assert box is not None
        x, y = self.visible_point(index)
        card.tap(position={"x": x - box["x"], "y": y - box["y"]})

    def swipe_up(self, index: int, rise: int = 90) -> None:
        """A finger on the card, dragged up: raw touch events through CDP (Playwright's
        touchscreen only taps)."""
        x, y = self.visible_point(index)
        cdp = self.page.context.new_cdp_session(self.page)
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 7):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y - rise * step / 6}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def accessibility_violations(self) -> list[str]:
        """What axe-core finds wrong on the page as it stands."""
        self.page.add_script_tag(path=str(AXE))
        return self.page.evaluate(
            "async () => (await axe.run()).violations.map(v => `${v.id}: ${v.help}`)")

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
