"""Main-thread benchmark of the table: the longest task in start-up and while a round
is played and animated, in Debian's Chromium (headless), on a 360x640 phone with touch.

    python bench/main_thread.py [--throttle 4] [--starts 7]

A freshly built site is served on 127.0.0.1. The page opens (motion on: reduced
motion is not asked for), Tycoon with four players is dealt at the Fast pace, and
the player's turns are played by taps as a player would (the browser tests' quickest
legal move) until the round's results show. A ``PerformanceObserver`` registered
before the page's own scripts records every long task (over 50 ms, the browser's
threshold) after the lobby is usable (``body[data-ui=ready]``), while the engine
worker boots, the bots play and cards fly. ``--throttle N`` slows the CPU N times
(Chromium's CPU throttling, standing in for a budget phone).

Start-up: with a game saved at the player's turn, the page is opened again
(``--starts`` times, warm: the service worker's cache) and every long task from
navigation until the table takes input is recorded, the UI's start and the engine
worker's boot included. Its figure is the median over the starts of each start's
longest task.

Prints the long tasks' count and total while the round is played,
``longest_task_ms=<number>`` (0 when no task reached 50 ms; target: at most 50), the
start-up's, and ``startup_longest_task_ms=<number>`` last (target: at most 50).
"""

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from tycoon_page import (  # noqa: E402 - e2e/ is not a package
    CHROMIUM,
    CHROMIUM_ARGS,
    GUIDED_TRICKS_OFFERED,
    PHONE,
    Table,
    built_site,
    throttle_cpu,
    wait_for_page_mark,
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
    // Start-up: every long task until the table first takes input.
    window.__startTasks = [];
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            if (window.__playable === undefined) window.__startTasks.push(entry.duration);
        }
    }).observe({type: "longtask", buffered: true});
    new MutationObserver(() => {
        if (window.__uiReady === undefined && document.body
                && document.body.dataset.ui === "ready") {
            window.__uiReady = performance.now();
        }
        if (window.__playable === undefined
                && document.querySelector("#table[data-turn=you]")) {
            window.__playable = performance.now();
        }
    }).observe(document, {subtree: true, attributes: true, childList: true});
})();"""

ROUND_TURNS = 60  # more than any round of four players needs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throttle", type=float, default=1,
                        help="CPU slow-down factor (1: this machine's speed)")
    parser.add_argument("--starts", type=int, default=7,
                        help="warm starts of the page measured, after one not counted")
    args = parser.parse_args()
    starts: list[list[float]] = []
    with built_site() as site, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(**PHONE, reduced_motion="no-preference")
        page = context.new_page()
        throttle_cpu(context, page, args.throttle)
        page.add_init_script(WATCH_LONG_TASKS)
        page.add_init_script(GUIDED_TRICKS_OFFERED)
        table = Table(page, site)
        table.open()
        table.choose_game("tycoon", 4, bots="normal", pace="350")
        table.deal()
        table.wait_for_my_turn()  # the game is saved at the player's turn
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=120_000)
        for start in range(1 + args.starts):  # the first fills the code caches
            page.reload()
            wait_for_page_mark(page, "window.__playable !== undefined", 120_000,
                               "the table did not take input")
            page.wait_for_timeout(300)  # the observer's last entries
            if start:
                starts.append([float(ms) for ms in page.evaluate("window.__startTasks")])
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
    print(f"CPU throttling: {args.throttle:g}x")
    print(f"long_tasks={len(tasks)}")
    print(f"long_tasks_total_ms={sum(tasks):.0f}")
    print(f"longest_task_ms={max(tasks, default=0):.0f}")
    longest = [max(run, default=0) for run in starts]
    print("start-up, warm, navigation to a playable table: longest task per start "
          + ", ".join(f"{ms:.0f}" for ms in longest) + " ms; long tasks per start "
          + ", ".join(str(len(run)) for run in starts)
          + f"; in all {sum(map(sum, starts)) / len(starts):.0f} ms a start")
    print(f"startup_longest_task_ms={statistics.median(longest):.0f}")


if __name__ == "__main__":
    main()
