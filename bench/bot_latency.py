"""Bot decision times: p50 and p95 per level and game, in CPython, in milliseconds.

Bots play seeded games against each other at each game's default table; every
decision of the measured level is timed (process CPU time). The last line is
the Hard level's p95 over every game it plays: ``hard_p95_ms=<number>``.

    python bench/bot_latency.py [--games 4]
    python bench/bot_latency.py --browser [--games 4] [--site DIR]

``--browser`` measures what players get: it builds the site into a temporary
folder (or uses an already built one, ``--site``), serves it on 127.0.0.1 and
opens, in headless Chromium, a page whose worker starts Pyodide and the engine
with the app's own boot module (web/worker/boot.mjs: the site's own Pyodide and
engine wheel, as the app's engine worker), plus this file. The worker plays the
same seeded games with the same ``decision_times`` as CPython, timing each
decision with ``time.perf_counter`` (in Pyodide every clock but the calendar is
``performance.now()``, so there is no CPU time there: this is the wall time a
player waits). The same decisions are then timed in CPython, in the same
invocation, and a digest of every action chosen proves both sides made the same
ones. It prints both sets of lines, the
browser/CPython ratio over the same decisions with the CPython budget that
ratio implies, and last the browser's ``hard_p95_ms=<number>``. It fails if a
request leaves the site's origin or anything is logged as a console error.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.api import Table
from engine.bots.levels import make_bot
from engine.core.options import option_infos
from engine.core.rng import derive_seed
from engine.games.registry import GAMES, observe

LEVELS = ("easy", "normal", "hard")
BROWSER_BUDGET_MS = 250.0  # issue 5: Hard's p95 in the browser worker
SLOW_MS = 1.0  # decisions compared between the browser and CPython take at least this


def decision_times(level: str, game: str, games: int,
                   clock: Callable[[], float] = time.process_time,
                   actions: list[str] | None = None) -> list[float]:
    """Milliseconds per decision of ``level`` bots playing ``game`` among themselves.

    ``clock`` times each decision; ``actions``, when given, receives the text of
    every action chosen, in order (so two runs can be shown to decide alike)."""
    times = []
    players = GAMES[game].default_players
    # One round where a game counts its rounds out; the others end on their scores.
    counted = any(info.name == "rounds" for info in option_infos(GAMES[game].rules))
    options = {"rounds": 1} if counted else {}
    for number in range(games):
        seed = derive_seed(5, "latency", level, game, number)
        table = Table.create({"game": game, "options": options, "seats": [level] * players,
                              "seed": seed})
        while True:
            seat = table.pending()
            if seat is None:
                break
            if seat < 0:
                table.advance()
                continue
            bot = make_bot(level)
            seen = observe(table.state, seat)
            rng = random.Random(seed + len(table.record.actions))
            started = clock()
            action = bot.choose(seen, rng)
            times.append((clock() - started) * 1000)
            if actions is not None:
                actions.append(str(action))
            table.apply(action)
    return times


def cases() -> Iterator[tuple[str, str]]:
    """Every (level, game) measured, in the order printed."""
    for level in LEVELS:
        for game in GAMES:
            yield level, game


def digest(actions: list[str]) -> str:
    """A short fingerprint of a sequence of actions."""
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]


def measure(level: str, game: str, games: int,
            clock: Callable[[], float] = time.process_time) -> dict[str, Any]:
    """``{"times": [ms, ...], "digest": <of the actions chosen>}`` for one case; the
    browser worker calls this too."""
    actions: list[str] = []
    times = decision_times(level, game, games, clock, actions)
    return {"times": times, "digest": digest(actions)}


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(level: str, game: str, times: list[float]) -> str:
    return (f"{level:<7}{game:<12}decisions={len(times):<6}"
            f"p50_ms={percentile(times, 0.5):.2f}  p95_ms={percentile(times, 0.95):.2f}  "
            f"max_ms={max(times):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--browser", action="store_true",
                        help="measure in the app's Pyodide worker in headless Chromium too")
    parser.add_argument("--site", type=Path,
                        help="with --browser: an already built site (default: build one)")
    args = parser.parse_args()
    if args.browser:
        compare_with_browser(args.games, args.site)
        return
    hard: list[float] = []
    for level, game in cases():
        times = decision_times(level, game, args.games)
        if level == "hard":
            hard.extend(times)
        print(summary(level, game, times))
    print(f"hard_p95_ms={percentile(hard, 0.95):.1f}")


# ---------------------------------------------------------------- the browser worker

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 120_000  # Pyodide's boot: 3-5 s here, far more on a loaded machine
PAGE = "bench-latency.html"
Results = dict[tuple[str, str], dict[str, Any]]  # (level, game): measure(...)
FOLDER = "bench-latency"  # the page's two scripts and this file, in the built site

# The worker: Pyodide and the engine started by the app's own boot module (the app's
# engine worker starts the same way), this file beside the engine, and ``measure``
# with the worker's clock, answered one call at a time.
WORKER_MODULE = """import { bootEngine } from "../web/worker/boot.mjs";

// No snapshot: every run starts alike, and nothing else runs beside the decisions.
const pyodide = await bootEngine({ bot_latency: "FOLDER/bot_latency.py",
                                   latency_worker: "FOLDER/latency_worker.py" },
                                 { snapshot: false });
const calls = pyodide.pyimport("latency_worker");
self.onmessage = ({ data: [name, args] }) => postMessage(calls[name](...args));
postMessage("ready");
"""

WORKER_SCRIPT = """import json
import sys
import time

import bot_latency


def about():
    # The browser coarsens performance.now() (100 us in Chromium without cross-origin
    # isolation), whatever get_clock_info says: measure the step.
    steps, last = [], time.perf_counter()
    while len(steps) < 20:
        now = time.perf_counter()
        if now != last:
            steps.append(now - last)
            last = now
    return json.dumps({"python": sys.version.split()[0],
                       "clock": f"perf_counter, steps of {min(steps) * 1000:.3f} ms"})


def measure(level, game, games):
    return json.dumps(bot_latency.measure(level, game, games, clock=time.perf_counter))
"""

PAGE_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bot decision latency</title>
  <link rel="icon" href="data:,">
</head>
<body>
<script type="module">
  const worker = new Worker("./FOLDER/worker.mjs", { type: "module" });
  let answered = null;
  const call = (name, ...args) => new Promise((resolve) => {
    answered = resolve;
    worker.postMessage([name, args]);
  });
  worker.onmessage = ({ data }) => {
    if (data === "ready") {
      window.latencyWorker = {
        about: () => call("about"),
        measure: (...args) => call("measure", ...args),
      };
    } else {
      answered(data);
    }
  };
</script>
</body>
</html>
"""


def add_bench_page(site: Path) -> None:
    """Write the latency page into a built site: its worker starts Pyodide and the engine
    with the app's own boot module, and imports this file beside it."""
    folder = site / FOLDER
    folder.mkdir(exist_ok=True)
    (folder / "worker.mjs").write_text(WORKER_MODULE.replace("FOLDER", FOLDER))
    (folder / "latency_worker.py").write_text(WORKER_SCRIPT)
    (folder / "bot_latency.py").write_text(Path(__file__).read_text())
    (site / PAGE).write_text(PAGE_TEMPLATE.replace("FOLDER", FOLDER))


def _descendants(root: int) -> list[int]:
    """The processes started, directly or not, by process ``root`` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def worker_cpu_seconds() -> float | None:
    """CPU time so far of the dedicated-worker threads of the Chromium this process
    started (None where /proc cannot tell). Inside Pyodide there is no CPU clock; this
    is the worker's CPU time seen from outside, which load on the machine does not
    inflate as it inflates the worker's wall time."""
    ticks, seen = 0, False
    for pid in _descendants(os.getpid()):
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                if (task / "comm").read_text().strip() == "DedicatedWorker":
                    fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                    ticks += int(fields[11]) + int(fields[12])  # utime + stime
                    seen = True
        except (OSError, IndexError, ValueError):
            continue
    return ticks / os.sysconf("SC_CLK_TCK") if seen else None


def browser_measurements(site: Path, games: int,
                         wanted: list[tuple[str, str]]) -> tuple[dict[str, str], Results]:
    """({"python", "clock", "browser"}, {(level, game): measure(...)}) from the worker."""
    sys.path.insert(0, str(ROOT / "scripts"))
    sys.path.insert(0, str(ROOT / "e2e"))
    from playwright.sync_api import sync_playwright

    import serve
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from tycoon_page import Guard

    add_bench_page(site)
    server = serve.start_server(site)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    guard = Guard(origin)
    results: Results = {}
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            guard.watch(context)
            page = context.new_page()
            page.goto(f"{origin}/{PAGE}")
            page.wait_for_function("window.latencyWorker !== undefined", timeout=TIMEOUT_MS)
            info = json.loads(page.evaluate("window.latencyWorker.about()"))
            info["browser"] = f"Chromium {browser.version} (headless)"
            for level, game in wanted:
                print(f"  browser: {level} {game}...", file=sys.stderr, flush=True)
                cpu, started = worker_cpu_seconds(), time.perf_counter()
                result = json.loads(page.evaluate(
                    "([level, game, games]) => window.latencyWorker.measure(level, game, games)",
                    [level, game, games]))
                result["wall_s"] = time.perf_counter() - started
                cpu_after = worker_cpu_seconds()
                result["cpu_s"] = None if cpu is None or cpu_after is None else cpu_after - cpu
                results[(level, game)] = result
            context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if guard.problems:
        raise SystemExit("the browser run is not valid:\n  " + "\n  ".join(guard.problems))
    return info, results


def slow_decisions_ratio(browser: list[float], cpython: list[float]) -> dict[str, Any]:
    """Browser time over CPython time for the same decisions, taken in order, counting
    only those of at least SLOW_MS in CPython (shorter ones are mostly the browser
    clock's 0.1 ms steps): the median of the per-decision ratios, and of the totals."""
    pairs = [(b, c) for b, c in zip(browser, cpython, strict=True) if c >= SLOW_MS]
    return {"decisions": len(pairs),
            "median": statistics.median(b / c for b, c in pairs),
            "total": sum(b for b, _c in pairs) / sum(c for _b, c in pairs)}


def compare_with_browser(games: int, site: Path | None) -> None:
    """The --browser mode: the worker's figures, CPython's on the same decisions, their
    ratio; last the worker's ``hard_p95_ms``."""
    import tempfile

    wanted = list(cases())
    with tempfile.TemporaryDirectory() as tmp:
        served = Path(tmp) / "dist"
        if site is None:
            sys.path.insert(0, str(ROOT / "scripts"))
            import build_site

            build_site.build(served)
        else:  # a copy: the latency page is not added to someone's dist/
            shutil.copytree(site, served)
        info, browser = browser_measurements(served, games, wanted)

    cpython: Results = {}
    for level, game in wanted:
        print(f"  cpython: {level} {game}...", file=sys.stderr, flush=True)
        started = time.process_time()
        cpython[(level, game)] = measure(level, game, games)
        cpython[(level, game)]["cpu_s"] = time.process_time() - started

    print(f"cpython: Python {sys.version.split()[0]}, process CPU time")
    for level, game in wanted:
        print(summary(level, game, cpython[(level, game)]["times"]))
    print(f"browser worker: {info['browser']}, Pyodide Python {info['python']}, "
          f"wall time ({info['clock']})")
    for level, game in wanted:
        print(summary(level, game, browser[(level, game)]["times"]))

    differ = [(level, game) for level, game in wanted
              if browser[(level, game)]["digest"] != cpython[(level, game)]["digest"]]
    if differ:
        print("WARNING: the browser chose other actions than CPython (same seeds) in: "
              f"{', '.join(' '.join(case) for case in differ)}; the ratios leave them out")
    hard_cases = [case for case in wanted if case[0] == "hard"]
    alike = [case for case in hard_cases if case not in differ]
    hard_browser = [t for case in hard_cases for t in browser[case]["times"]]
    hard_cpython = [t for case in hard_cases for t in cpython[case]["times"]]
    p95_browser, p95_cpython = percentile(hard_browser, 0.95), percentile(hard_cpython, 0.95)
    if not alike:
        print(f"no Hard case decided alike: hard p95 {p95_browser:.1f} / {p95_cpython:.1f} ms")
        print(f"hard_p95_ms={p95_browser:.1f}")
        return
    ratio = slow_decisions_ratio([t for case in alike for t in browser[case]["times"]],
                                 [t for case in alike for t in cpython[case]["times"]])
    named = " ".join(game for _level, game in alike)
    print(f"ratio browser/cpython, wall/CPU, over the same {ratio['decisions']} Hard decisions "
          f"({named}) of >= {SLOW_MS:g} ms in CPython: median {ratio['median']:.2f}, total "
          f"{ratio['total']:.2f}; hard p95 {p95_browser:.1f} / {p95_cpython:.1f} ms = "
          f"{p95_browser / p95_cpython:.2f}")
    budget_ratio, source = ratio["median"], "median wall/CPU ratio"
    if None not in [browser[case]["cpu_s"] for case in hard_cases]:
        worker_cpu = sum(browser[case]["cpu_s"] for case in alike)
        cpu_ratio = worker_cpu / sum(cpython[case]["cpu_s"] for case in alike)
        share = (sum(browser[case]["cpu_s"] for case in hard_cases)
                 / sum(browser[case]["wall_s"] for case in hard_cases))
        print(f"cpu ratio browser/cpython over Hard's whole games ({named}; the worker "
              f"thread's CPU time from /proc): {cpu_ratio:.2f}; the worker had a core "
              f"{100 * share:.0f}% of the time; hard p95 on an idle core about "
              f"{p95_cpython * cpu_ratio:.0f} ms (CPython's p95 x cpu ratio)")
        budget_ratio, source = cpu_ratio, "cpu ratio"
    print(f"cpython_budget_ms={BROWSER_BUDGET_MS / budget_ratio:.0f}  "
          f"({BROWSER_BUDGET_MS:.0f} ms in the browser / {source})")
    for level, game in wanted:
        times = browser[(level, game)]["times"]
        if level == "hard" and percentile(times, 0.95) > BROWSER_BUDGET_MS:
            print(f"OVER BUDGET: hard {game} p95 {percentile(times, 0.95):.1f} ms in the "
                  f"browser, {percentile(times, 0.95) - BROWSER_BUDGET_MS:.1f} ms over")
    print(f"hard_p95_ms={p95_browser:.1f}")


if __name__ == "__main__":
    main()
