"""A first visit's first Deal: what the player waits for when the UI's Python starts on
demand (nothing kept, web/engine.js), against a page whose UI started at load.

    python bench/first_deal.py [--throttle 4] [--runs 7]

On one freshly built site in Debian's Chromium (a 360x640 phone with touch), runs
alternate between three first visits, each in a fresh browser context (nothing cached):
- Deal at once: nothing kept, so no Python runs until the player's first tap, a game's
  tile;
- a choice first: nothing kept; the player opens the game's options (the UI starts),
  taps the number of players and, a second later, the sheet's Deal;
- at load: the lobby's choices kept from an earlier visit, so the UI starts at once.
Each waits until the lobby says the engine is ready and a reader's second more, then
taps. Measured in the page, from the tap: until the game's guided trick is
offered (the UI's first answer to a game's first Deal), and the longest main-thread
task in that time. ``--throttle N`` slows the CPU N times (Chromium's CPU throttling,
standing in for a budget phone).

Prints each mode's medians, then ``first_deal_extra_ms=<Deal at once - at load>`` last:
the most that starting the UI on demand adds to a first visit's first Deal.
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from tycoon_page import (  # noqa: E402 - e2e/ is not a package
    CHROMIUM,
    CHROMIUM_ARGS,
    ENGINE_TIMEOUT_MS,
    LOBBY_KEY,
    PHONE,
    Site,
    Table,
    built_site,
    throttle_cpu,
    wait_for_page_mark,
)

MODES = ("Deal at once", "a choice first", "at load")
READING_MS = 1000  # the reader's pause once the lobby says "Ready to play"
# Kept choices of an earlier visit: the UI starts at load.
KEPT_CHOICES = json.dumps({"game": "tycoon", "tycoon": {"tycoon.players": "4"}})

# From the tap on a Deal (a tile's or the options sheet's): when the guided trick is
# offered, and every long task until then.
WATCH_THE_DEAL = """(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
            if (window.__tapped !== undefined && window.__offered === undefined
                    && entry.startTime + entry.duration > window.__tapped) {
                window.__longTasks.push(entry.duration);
            }
        }
    }).observe({type: "longtask", buffered: true});
    document.addEventListener("pointerdown", (event) => {
        if (event.target.closest("[data-deal], #deal")) window.__tapped ??= event.timeStamp;
    }, true);
    new MutationObserver(() => {
        const offer = document.getElementById("offer-guided");
        if (window.__tapped !== undefined && offer && offer.open) {
            window.__offered ??= performance.now();
        }
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["open"]});
})();"""


def tap(page: Page, selector: str) -> None:
    """A tap at the element's place, scrolled into view: no selector engine run in the
    page measured."""
    x, y = page.evaluate("""(selector) => {
        const element = document.querySelector(selector);
        element.scrollIntoView({block: "center"});
        const box = element.getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
    }""", selector)
    page.touchscreen.tap(x, y)


def first_deal(browser: Browser, site: Site, mode: str, throttle: float) -> tuple[float, float]:
    """One first visit's Deal: the wait until the offer, and the longest task in it (ms)."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        throttle_cpu(context, page, throttle)
        table = Table(page, site)
        keep_choices = mode == "at load"
        if keep_choices:
            table.store_before_opening(local={LOBBY_KEY: KEPT_CHOICES})
        page.add_init_script(WATCH_THE_DEAL)
        table.open()
        expected = "ready" if keep_choices else "on-demand"
        if page.get_attribute("body", "data-ui") != expected:
            raise SystemExit(f"the UI did not start {'at load' if keep_choices else 'on demand'}")
        page.wait_for_selector("#engine-status[data-state=ready]", timeout=ENGINE_TIMEOUT_MS)
        page.wait_for_timeout(READING_MS)
        if mode == "a choice first":
            tap(page, "[data-options=tycoon]")
            wait_for_page_mark(page, "document.getElementById('options').open", 5000,
                               "Options did not open the game's sheet")
            tap(page, "input[name='tycoon.players'][value='3']")
            page.wait_for_timeout(READING_MS)
            tap(page, "#deal")
        else:
            tap(page, "#deal-tycoon")
        wait_for_page_mark(page, "window.__offered !== undefined", ENGINE_TIMEOUT_MS,
                           "Deal was not answered")
        page.wait_for_timeout(300)  # the observer's last entries
        wait, tasks = page.evaluate("[window.__offered - window.__tapped, window.__longTasks]")
        return float(wait), max((float(ms) for ms in tasks), default=0.0)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throttle", type=float, default=1,
                        help="CPU slow-down factor (1: this machine's speed)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each mode")
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float]]] = {mode: [] for mode in MODES}
    with built_site() as site, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            for mode in MODES:
                results[mode].append(first_deal(browser, site, mode, args.throttle))
        browser.close()
    print(f"CPU throttling: {args.throttle:g}x, {args.runs} runs of each, medians")
    waits = {}
    for mode, runs in results.items():
        waits[mode] = statistics.median(wait for wait, _ in runs)
        longest = statistics.median(task for _, task in runs)
        print(f"{mode}: Deal answered in {waits[mode]:.0f} ms "
              f"({', '.join(f'{wait:.0f}' for wait, _ in runs)}), "
              f"longest task meanwhile {longest:.0f} ms")
    print(f"first_deal_extra_ms={waits['Deal at once'] - waits['at load']:.0f}")


if __name__ == "__main__":
    main()
