"""Bot decision times: p50 and p95 per level and game, in CPython, in milliseconds.

Bots play seeded games against each other at each game's default table; every
decision of the measured level is timed. Each level first thinks in full (Hard with
its whole budget: the same decisions in every run, process CPU time), then Hard plays
the same deals as the app's engine worker plays them, its share of the budget sized to
the device by the engine (``Session`` with a clock, at the page's pace, ``--pace``),
in wall time. The last line is that Hard's p95 over every game it plays:
``hard_p95_ms=<number>``; its whole budget's is ``hard_full_p95_ms``.

    python bench/bot_latency.py [--games 4] [--pace 900] [--sized-only]
    python bench/bot_latency.py --browser [--games 4] [--site DIR] [--throttle 4]

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
ones. It prints both sets of lines, the browser/CPython ratio over the same
decisions, and the browser's ``hard_full_p95_ms=<number>`` (``--sized-only`` leaves
all this out).

Then Hard plays the same deals sized to the device in the browser worker, and with
``--throttle N`` in a second page of the same browser slowed N times (a budget phone),
game by game in turn, each page's engine learning its own speed as the app's does. The
slow page gets Chromium's CPU throttling (``Emulation.setCPUThrottlingRate``), which
slows only its main thread, so its renderer process, where the worker runs, is also
stopped and resumed for part of every 10 ms (``DutyCycle``, as cpulimit does), the part
set at the start so that a fixed reference loop runs N times as long there as in the
unthrottled worker; the same loop run in both beside each game shows the slowdown got.
Every sized game records its shares, and CPython replays the first game of each game
and page from them and must choose the same actions. The last lines are the throttled page's
``hard_p95_throttled_ms=<number>`` and the unthrottled page's ``hard_p95_ms=<number>``.
It fails if a request leaves the site's origin or anything is logged as a console
error.
"""

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.api import Session
from engine.catalogue import GAMES, observe
from engine.config import GameConfig
from engine.core.options import option_infos
from engine.core.rng import derive_seed
from engine.play import turns
from engine.play.table import Table
from engine.players.levels import make_bot

LEVELS = ("easy", "normal", "hard")
BROWSER_BUDGET_MS = 250.0  # issue 5: Hard's p95 in the browser worker
THROTTLED_BUDGET_MS = 300.0  # issue 14: Hard's p95 with the CPU throttled four times
DEFAULT_PACE_MS = 900  # the app's default pace (Normal)
REFERENCE_UNITS = 300  # the reference loop beside each game: ~0.15 s of CPython here
SLOW_MS = 1.0  # decisions compared between the browser and CPython take at least this


def decision_times(level: str, game: str, games: int,
                   clock: Callable[[], float] = time.process_time,
                   actions: list[str] | None = None) -> list[float]:
    """Milliseconds per decision of ``level`` bots playing ``game`` among themselves.

    ``clock`` times each decision; ``actions``, when given, receives the text of
    every action chosen, in order (so two runs can be shown to decide alike)."""
    times = []
    for number in range(games):
        config = latency_config(level, game, number)
        seed = config["seed"]
        table = Table.create(GameConfig.read(config))
        while True:
            seat = turns.pending(table)
            if seat is None:
                break
            if seat < 0:
                turns.advance(table)
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


def latency_config(level: str, game: str, number: int) -> dict[str, Any]:
    """The ``number``th seeded game of ``level`` bots at ``game``'s default table."""
    # One round where a game counts its rounds out; the others end on their scores.
    counted = any(info.name == "rounds" for info in option_infos(GAMES[game].rules))
    return {"game": game, "options": {"rounds": 1} if counted else {},
            "seats": [level] * GAMES[game].default_players,
            "seed": derive_seed(5, "latency", level, game, number)}


def sized_decisions(game: str, games: int, session: Session,
                    clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Hard at every seat of ``game``'s seeded games (``latency_config``), as the app's
    worker plays them: ``session`` (given the device's clock) sizes each game's share of
    Hard's budget and keeps learning across games. ``{"times": [ms, ...], "shares":
    [the share each decision used, ...], "games": [{"config": with the shares it
    recorded, "digest": of its actions}, ...]}``; each decision is ``turns.advance`` as
    the worker makes it, timed by ``clock``."""
    times: list[float] = []
    shares: list[float] = []
    played: list[dict[str, Any]] = []
    for number in range(games):
        config = latency_config("hard", game, number)
        answer = session.new_game(config)
        table = session.table
        if not answer["ok"] or table is None:
            raise SystemExit(f"the engine refused the game: {answer}")
        actions = []
        while (seat := turns.pending(table)) is not None:
            moves = len(table.record.actions)
            started = clock()
            action = turns.advance(table)
            elapsed = (clock() - started) * 1000
            if seat >= 0:
                times.append(elapsed)
                shares.append(table.shares.at(moves))
            actions.append(str(action))
        played.append({"config": {**config, "hard_budget": table.shares.first,
                                  "hard_changes": [list(c) for c in table.shares.changes]},
                       "digest": digest(actions)})
    return {"times": times, "shares": shares, "games": played}


def replays_alike(played: dict[str, Any]) -> bool:
    """Whether a sized game, dealt again with the shares it recorded, chooses the same
    actions here (``sized_decisions``' record of it)."""
    table = Table.create(GameConfig.read(played["config"]))
    actions = []
    while (action := turns.advance(table)) is not None:
        actions.append(str(action))
    return bool(digest(actions) == played["digest"])


def reference_ms(units: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """The time of ``units`` of the fixed reference loop (bench/reference.py, beside this
    file here and in the browser worker)."""
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    from reference import reference_work

    started = clock()
    for _ in range(units):
        reference_work()
    return (clock() - started) * 1000


def share_summary(shares: list[float]) -> str:
    return (f"share p50={percentile(shares, 0.5):.2f} min={min(shares):.2f} "
            f"max={max(shares):.2f}")


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
    parser.add_argument("--throttle", type=float, default=1,
                        help="with --browser: also in a page whose CPU is slowed this many "
                             "times (4: a budget phone)")
    parser.add_argument("--pace", type=int, default=DEFAULT_PACE_MS,
                        help="the bots' pace the page tells the engine (ms; 0 is Instant)")
    parser.add_argument("--sized-only", action="store_true",
                        help="only Hard sized to the device (not every level in full)")
    args = parser.parse_args()
    if args.browser:
        compare_with_browser(args.games, args.site, args.throttle, args.pace, args.sized_only)
        return
    hard: list[float] = []
    if not args.sized_only:
        for level, game in cases():
            times = decision_times(level, game, args.games)
            if level == "hard":
                hard.extend(times)
            print(summary(level, game, times))
        print(f"hard_full_p95_ms={percentile(hard, 0.95):.1f}")
    print(f"hard sized to this machine (wall time), pace {args.pace} ms:")
    session = Session(time.perf_counter)
    session.set_pace(args.pace)
    sized: list[float] = []
    for game in GAMES:
        result = sized_decisions(game, args.games, session)
        sized.extend(result["times"])
        print(summary("hard", game, result["times"]) + "  " + share_summary(result["shares"]))
    print(f"hard_p95_ms={percentile(sized, 0.95):.1f}")


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
                                   reference: "FOLDER/reference.py",
                                   latency_worker: "FOLDER/latency_worker.py" },
                                 { snapshot: false });
const calls = pyodide.pyimport("latency_worker");
self.onmessage = ({ data: [id, name, args] }) => postMessage([id, calls[name](...args)]);
postMessage("ready");
"""

WORKER_SCRIPT = """import json
import sys
import time

import bot_latency
from engine.api import Session

# As the app's worker: one session for the page's life, timing Hard with the worker's clock.
sized_session = Session(time.perf_counter)


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


def measure_sized(game, games, pace):
    sized_session.set_pace(pace)
    return json.dumps(bot_latency.sized_decisions(game, games, sized_session))


def reference(units):
    return bot_latency.reference_ms(units)

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
  const waiting = new Map();
  let lastId = 0;
  worker.onmessage = ({ data }) => {
    if (data === "ready") {
      // Any of the worker's functions by name: latencyWorker.measure(level, game, games).
      window.latencyWorker = new Proxy({}, { get: (_, name) => (...args) =>
        new Promise((resolve) => {
          waiting.set(++lastId, resolve);
          worker.postMessage([lastId, name, args]);
        }) });
    } else {
      waiting.get(data[0])(data[1]);
      waiting.delete(data[0]);
    }
  };
</script>
</body>
</html>
"""


def add_bench_page(site: Path) -> None:
    """Write the latency page into a built site: its worker starts Pyodide and the engine
    with the app's own boot module, and imports this file (and the reference loop's)
    beside it."""
    folder = site / FOLDER
    folder.mkdir(exist_ok=True)
    (folder / "worker.mjs").write_text(WORKER_MODULE.replace("FOLDER", FOLDER))
    (folder / "latency_worker.py").write_text(WORKER_SCRIPT)
    for name in ("bot_latency.py", "reference.py"):
        (folder / name).write_text((Path(__file__).parent / name).read_text())
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


def worker_processes() -> set[int]:
    """The processes of the Chromium this process started that run a dedicated worker (a
    page's renderer, where its engine worker runs)."""
    found = set()
    for pid in _descendants(os.getpid()):
        try:
            if any((task / "comm").read_text().strip() == "DedicatedWorker"
                   for task in Path(f"/proc/{pid}/task").iterdir()):
                found.add(pid)
        except OSError:
            continue
    return found


class DutyCycle(threading.Thread):
    """Slows a process, as cpulimit does: it runs for ``running`` of every 10 ms (1/rate
    to begin with) and is stopped (SIGSTOP) for the rest. Chromium's own throttle slows
    only a page's main thread (ThreadCPUThrottler interrupts that one thread; a
    worker's DevTools target does not take the command), so a page's worker, where the
    engine thinks, is slowed so, whole, like a slower phone."""

    PERIOD_S = 0.01

    def __init__(self, pid: int, rate: float) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.running = 1 / rate  # the share of each period the process runs
        self.done = threading.Event()

    def run(self) -> None:
        # On a loaded machine this thread wakes late: each stop lasts as long as the
        # last run really lasted calls for, less what the stop before overran, so the
        # process runs its share of the wall time whatever the sleeps' lateness.
        overran = 0.0
        try:
            while not self.done.is_set():
                started = time.perf_counter()
                os.kill(self.pid, signal.SIGCONT)
                time.sleep(self.PERIOD_S * self.running)
                os.kill(self.pid, signal.SIGSTOP)
                stopped = time.perf_counter()
                wanted = (stopped - started) * (1 - self.running) / self.running - overran
                time.sleep(max(0.0, wanted))
                overran = time.perf_counter() - stopped - max(0.0, wanted)
        except ProcessLookupError:
            return  # the process has ended

    def stop(self) -> None:
        self.done.set()
        self.join()
        with contextlib.suppress(ProcessLookupError):  # it may have ended
            os.kill(self.pid, signal.SIGCONT)


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


@dataclass
class BrowserRun:
    """What the browser's workers measured: ``info`` ({"python", "clock", "browser"}),
    ``full`` ({(level, game): measure(...)}, the unthrottled page, everyone thinking in
    full), ``sized`` ({page: {game: sized_decisions(...)}}, "unthrottled" and, with a
    throttle, "throttled") and ``reference`` ({page: [ms of the reference loop, ...]},
    run in every page before and after each game, at the same moments)."""

    info: dict[str, str]
    full: Results
    sized: dict[str, dict[str, dict[str, Any]]]
    reference: dict[str, list[float]]
    cycle_running: float | None = None  # the share of the time the throttled page ran, last


def _open_latency_page(context: Any, origin: str) -> Any:
    page = context.new_page()
    page.goto(f"{origin}/{PAGE}")
    page.wait_for_function("window.latencyWorker !== undefined", timeout=TIMEOUT_MS)
    return page


def match_slowdown(pages: dict[str, Any], cycle: DutyCycle, rate: float) -> float:
    """Set the duty cycle so that the reference loop runs ``rate`` times as long in the
    throttled page as in the unthrottled one, now (the worker there does not have a
    whole core either, so running 1/rate of the time slows it less): three rounds of
    three pairs, each moving the share the throttled process runs by the median ratio's
    miss. The share it runs, at the end."""
    for _ in range(3):
        ratios = []
        for _ in range(3):
            quick, slow = (pages[name].evaluate(
                "units => window.latencyWorker.reference(units)", REFERENCE_UNITS)
                for name in ("unthrottled", "throttled"))
            ratios.append(slow / quick)
        steer(cycle, statistics.median(ratios), rate)
    return cycle.running


def steer(cycle: DutyCycle, ratio: float, rate: float) -> None:
    """Move the share the throttled process runs by the reference loop's miss: ``ratio``
    times as long measured, ``rate`` wanted."""
    cycle.running = min(1.0, max(0.02, cycle.running * ratio / rate))


def sized_in_turn(pages: dict[str, Any], games: int, pace: int, run: BrowserRun,
                  cycle: DutyCycle | None = None, rate: float = 1) -> None:
    """Hard sized to the device in each page, game by game in turn, the reference loop
    in every page before and after each game; before each game the duty cycle (if any)
    is steered by the last pair, since the machine's load moves between games."""
    for game in GAMES:
        for name, page in pages.items():
            run.reference[name].append(page.evaluate(
                "units => window.latencyWorker.reference(units)", REFERENCE_UNITS))
        if cycle is not None:
            steer(cycle, run.reference["throttled"][-1] / run.reference["unthrottled"][-1],
                  rate)
        for name, page in pages.items():
            print(f"  browser, {name}: hard {game} sized to the device...", file=sys.stderr,
                  flush=True)
            run.sized[name][game] = json.loads(page.evaluate(
                "([game, games, pace]) => window.latencyWorker.measure_sized(game, games, pace)",
                [game, games, pace]))
        for name, page in pages.items():
            run.reference[name].append(page.evaluate(
                "units => window.latencyWorker.reference(units)", REFERENCE_UNITS))


def browser_measurements(site: Path, games: int, wanted: list[tuple[str, str]],
                         throttle: float = 1, pace: int = DEFAULT_PACE_MS) -> BrowserRun:
    """The worker's figures: every case of ``wanted`` in full, then Hard sized to the
    device in each page, game by game in turn (``BrowserRun``)."""
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
    run = BrowserRun({}, {}, {}, {})
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            guard.watch(context)
            contexts = [context]
            pages = {"unthrottled": _open_latency_page(context, origin)}
            page = pages["unthrottled"]
            run.info = json.loads(page.evaluate("window.latencyWorker.about()"))
            run.info["browser"] = f"Chromium {browser.version} (headless)"
            for level, game in wanted:
                print(f"  browser: {level} {game}...", file=sys.stderr, flush=True)
                cpu, started = worker_cpu_seconds(), time.perf_counter()
                result = json.loads(page.evaluate(
                    "([level, game, games]) => window.latencyWorker.measure(level, game, games)",
                    [level, game, games]))
                result["wall_s"] = time.perf_counter() - started
                cpu_after = worker_cpu_seconds()
                result["cpu_s"] = None if cpu is None or cpu_after is None else cpu_after - cpu
                run.full[(level, game)] = result
            cycle = None
            if throttle != 1:
                # A context of its own, so a renderer process of its own. Throttled once its
                # worker is up: a phone's slower start is not measured here.
                slow = browser.new_context()
                guard.watch(slow)
                contexts.append(slow)
                before = worker_processes()
                pages["throttled"] = _open_latency_page(slow, origin)
                cdp = slow.new_cdp_session(pages["throttled"])
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                renderer = worker_processes() - before
                if len(renderer) != 1:
                    raise SystemExit(f"the throttled page's worker process is not known: "
                                     f"{sorted(renderer)}")
                cycle = DutyCycle(renderer.pop(), throttle)
                cycle.start()
                print(f"  browser: slowing the throttled page {throttle:g} times...",
                      file=sys.stderr, flush=True)
                run.cycle_running = match_slowdown(pages, cycle, throttle)
            run.sized = {name: {} for name in pages}
            run.reference = {name: [] for name in pages}
            try:
                sized_in_turn(pages, games, pace, run, cycle, throttle)
            finally:
                if cycle is not None:
                    cycle.stop()
                    run.cycle_running = cycle.running
            for each in contexts:
                each.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if guard.problems:
        raise SystemExit("the browser run is not valid:\n  " + "\n  ".join(guard.problems))
    return run


def slow_decisions_ratio(browser: list[float], cpython: list[float]) -> dict[str, Any]:
    """Browser time over CPython time for the same decisions, taken in order, counting
    only those of at least SLOW_MS in CPython (shorter ones are mostly the browser
    clock's 0.1 ms steps): the median of the per-decision ratios, and of the totals."""
    pairs = [(b, c) for b, c in zip(browser, cpython, strict=True) if c >= SLOW_MS]
    return {"decisions": len(pairs),
            "median": statistics.median(b / c for b, c in pairs),
            "total": sum(b for b, _c in pairs) / sum(c for _b, c in pairs)}


def compare_with_browser(games: int, site: Path | None, throttle: float = 1,
                         pace: int = DEFAULT_PACE_MS, sized_only: bool = False) -> None:
    """The --browser mode: the worker's figures in full, CPython's on the same decisions,
    their ratio; then Hard sized to the device in each page; last the throttled page's
    ``hard_p95_throttled_ms`` and the unthrottled page's ``hard_p95_ms``."""
    import tempfile

    wanted = [] if sized_only else list(cases())
    with tempfile.TemporaryDirectory() as tmp:
        served = Path(tmp) / "dist"
        if site is None:
            sys.path.insert(0, str(ROOT / "scripts"))
            import build_site

            build_site.build(served)
        else:  # a copy: the latency page is not added to someone's dist/
            shutil.copytree(site, served)
        run = browser_measurements(served, games, wanted, throttle, pace)

    print(f"browser worker: {run.info['browser']}, Pyodide Python {run.info['python']}, "
          f"wall time ({run.info['clock']})")
    if wanted:
        compare_in_full(run, games, wanted)
    print(f"hard sized to the device by the engine worker, pace {pace} ms (wall time):")
    for name, results in run.sized.items():
        print(f"  {name} page:")
        for game, result in results.items():
            print(summary("hard", game, result["times"]) + "  "
                  + share_summary(result["shares"]))
    if "throttled" in run.reference:
        slowdowns = [slow / quick for slow, quick in
                     zip(run.reference["throttled"], run.reference["unthrottled"], strict=True)]
        print(f"the throttled page's renderer ran {100 * (run.cycle_running or 0):.0f}% of "
              f"the time at the end (steered before each game so the reference loop ran "
              f"{throttle:g}x as long)")
        print(f"reference loop ({REFERENCE_UNITS} units), throttled page over unthrottled, "
              f"{len(slowdowns)} pairs beside the games: median "
              f"{statistics.median(slowdowns):.2f} (from {min(slowdowns):.2f} to "
              f"{max(slowdowns):.2f}); unthrottled median "
              f"{statistics.median(run.reference['unthrottled']):.0f} ms")
    replayed = [(name, game) for name, results in run.sized.items()
                for game, result in results.items() if not replays_alike(result["games"][0])]
    checked = sum(len(results) for results in run.sized.values())
    print(f"replayed in CPython from the shares each recorded: the first game of each game "
          f"and page, {checked - len(replayed)} of {checked} alike")
    if replayed:
        raise SystemExit("a sized game did not replay alike from its recorded shares: "
                         + ", ".join(" ".join(case) for case in replayed))
    p95 = {name: percentile([t for result in results.values() for t in result["times"]], 0.95)
           for name, results in run.sized.items()}
    limits = {"unthrottled": BROWSER_BUDGET_MS, "throttled": THROTTLED_BUDGET_MS}
    for name, value in p95.items():
        if value > limits[name]:
            print(f"OVER BUDGET: hard sized, {name} page, p95 {value:.1f} ms, "
                  f"{value - limits[name]:.1f} ms over {limits[name]:.0f}")
    if "throttled" in p95:
        print(f"hard_p95_throttled_ms={p95['throttled']:.1f}")
    print(f"hard_p95_ms={p95['unthrottled']:.1f}")


def compare_in_full(run: BrowserRun, games: int, wanted: list[tuple[str, str]]) -> None:
    """Every level thinking in full, in the browser and in CPython, the same decisions:
    both sets of lines, the digests compared, the ratio, and ``hard_full_p95_ms``."""
    browser = run.full
    cpython: Results = {}
    for level, game in wanted:
        print(f"  cpython: {level} {game}...", file=sys.stderr, flush=True)
        started = time.process_time()
        cpython[(level, game)] = measure(level, game, games)
        cpython[(level, game)]["cpu_s"] = time.process_time() - started

    print(f"cpython: Python {sys.version.split()[0]}, process CPU time, thinking in full")
    for level, game in wanted:
        print(summary(level, game, cpython[(level, game)]["times"]))
    print("browser worker, thinking in full:")
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
        print(f"hard_full_p95_ms={p95_browser:.1f}")
        return
    ratio = slow_decisions_ratio([t for case in alike for t in browser[case]["times"]],
                                 [t for case in alike for t in cpython[case]["times"]])
    named = " ".join(game for _level, game in alike)
    print(f"ratio browser/cpython, wall/CPU, over the same {ratio['decisions']} Hard decisions "
          f"({named}) of >= {SLOW_MS:g} ms in CPython: median {ratio['median']:.2f}, total "
          f"{ratio['total']:.2f}; hard p95 {p95_browser:.1f} / {p95_cpython:.1f} ms = "
          f"{p95_browser / p95_cpython:.2f}")
    if None not in [browser[case]["cpu_s"] for case in hard_cases]:
        worker_cpu = sum(browser[case]["cpu_s"] for case in alike)
        cpu_ratio = worker_cpu / sum(cpython[case]["cpu_s"] for case in alike)
        share = (sum(browser[case]["cpu_s"] for case in hard_cases)
                 / sum(browser[case]["wall_s"] for case in hard_cases))
        print(f"cpu ratio browser/cpython over Hard's whole games ({named}; the worker "
              f"thread's CPU time from /proc): {cpu_ratio:.2f}; the worker had a core "
              f"{100 * share:.0f}% of the time; hard p95 on an idle core about "
              f"{p95_cpython * cpu_ratio:.0f} ms (CPython's p95 x cpu ratio)")
    print(f"hard_full_p95_ms={p95_browser:.1f}  (Hard with its whole budget, browser worker)")


if __name__ == "__main__":
    main()
