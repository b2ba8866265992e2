"""Main-thread benchmark of the table: the longest task while a round is played and
animated, in Debian's Chromium (headless), on a 360x640 phone with touch.

    python bench/main_thread.py [--throttle 4]

A freshly built site is served on 127.0.0.1. The page opens (motion on: reduced
motion is not asked for), Tycoon with four players is dealt at the Fast pace, and
the player's turns are played by taps as a player would (the browser tests' quickest
legal move) until the round's results show. A ``PerformanceObserver`` registered
before the page's own scripts records every long task (over 50 ms, the browser's
threshold) after the lobby is usable (``body[data-ui=ready]``), while the engine
worker boots, the bots play and cards fly. ``--throttle N`` slows the CPU N times
(Chromium's CPU throttling, standing in for a budget phone).

Prints the long tasks' count and total, and ``longest_task_ms=<number>`` last (0 when
no task reached 50 ms; target: at most 50).
"""

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from tycoon_page import (  # noqa: E402 - e2e/ is not a package
    CHROMIUM,
    CHROMIUM_ARGS,
    GUIDED_TRICKS_OFFERED,
    PHONE,
    Site,
    Table,
    build_site,
)

# Long tasks after the lobby is usable, in page time.
WATCH_LONG_TASKS = """(() => {
    window.__longTasks = [];
    new PerformanceObserver(list => {
        const ready = window.__uiReady;
        for (const entry of list.getEntries()) {
            if (ready !== undefined && entry.startTime >= ready) {
                window.__longTasks.push(entry.duration);
            }
        }
    }).observe({type: "longtask", buffered: true});
    new MutationObserver(() => {
        if (window.__uiReady === undefined && document.body
                && document.body.dataset.ui === "ready") {
            window.__uiReady = performance.now();
        }
    }).observe(document, {subtree: true, attributes: true, childList: true});
})();"""

ROUND_TURNS = 60  # more than any round of four players needs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throttle", type=float, default=1,
                        help="CPU slow-down factor (1: this machine's speed)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site_folder = Path(folder) / "dist"
        build_site.build(site_folder)
        site = Site(site_folder)
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(**PHONE, reduced_motion="no-preference")
                page = context.new_page()
                if args.throttle != 1:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                page.add_init_script(WATCH_LONG_TASKS)
                page.add_init_script(GUIDED_TRICKS_OFFERED)
                table = Table(page, site)
                table.open()
                table.choose_game("tycoon", 4, bots="normal", pace="350")
                table.deal()
                for _ in range(ROUND_TURNS):
                    table.wait_for_my_turn()
                    if table.results_shown():
                        break
                    table.take_a_quick_turn()
                else:
                    raise SystemExit("the round did not end")
                page.wait_for_timeout(500)  # the last cards land
                tasks = [float(ms) for ms in page.evaluate("window.__longTasks")]
                if page.evaluate("window.__uiReady") is None:
                    raise SystemExit("the lobby's readiness was not seen")
                browser.close()
        finally:
            site.stop()
    print(f"CPU throttling: {args.throttle:g}x")
    print(f"long_tasks={len(tasks)}")
    print(f"long_tasks_total_ms={sum(tasks):.0f}")
    print(f"longest_task_ms={max(tasks, default=0):.0f}")


if __name__ == "__main__":
    main()
