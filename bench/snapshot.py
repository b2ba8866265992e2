"""Pyodide memory snapshots against the plain start, in Debian's Chromium (headless).

    python bench/snapshot.py [--runs 7] [--steps 40]

Builds the site into a temporary folder, serves it on 127.0.0.1 and, in one persistent
browser profile (its HTTP cache keeps the 9.6 MB wasm, as the app's service worker
would), starts Pyodide in a module worker from the site's own files, three ways:

- plain: ``loadPyodide()``, the site's engine wheel unpacked in the worker's working
  directory (as PyScript's ``files: {"./engine.whl": "./*"}`` does; fetched while
  Pyodide boots), ``import engine.api`` and ``engine.api.Session().games()``;
- snapshot: the heap saved after that same import, read from Cache Storage and handed
  to ``loadPyodide({_loadSnapshot})`` (read while Pyodide's own files load), then the
  same call (its imports are already done);
- snapshot_gzip: the same heap stored gzipped and inflated with ``DecompressionStream``
  as it is read (a fifth of the disk).

The snapshot is made once, first, in the same profile: ``loadPyodide({_makeSnapshot:
true})``, the engine installed and imported and ``games()`` answered, then
``makeMemorySnapshot()`` put in Cache Storage (raw and gzipped); then the browser is
closed and started again on the same profile, so every restore reads it from disk as a
later visit would. Each figure is the page time from navigation until the worker's
answer reaches the page. After a warm-up round (not timed, but checked like the rest),
each round runs every path once, in an order that rotates from round to round; the
ratio of each round's snapshot run to its plain run is a pair.

Every run then plays, untimed, a seeded Tycoon game of bots for ``--steps`` steps,
answers its view, and puts that in Cache Storage and reads it back through ``js`` (as
the app's worker keeps its save): every restored engine must answer exactly as the
plain one, or the run counts as a failure, as does a restore that throws or any console
error. The plain run's answers are also compared with CPython's here.

The last line is ``snapshot_ratio=<snapshot path / plain path>``, the median of the
pairs' ratios. The app itself starts from such a snapshot (web/worker/boot.mjs);
bench/startup.py measures it.
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

TIMEOUT_MS = 120_000
BENCH_FOLDER = "snapshot-bench"
WORKER_PATHS = ("plain", "snapshot", "snapshot_gzip")
# Outside the app's namespace, and the "tycoon-table-" prefix whose caches earlier
# versions of the app's service worker delete when they activate.
SNAPSHOT_CACHE = "pyodide-snapshot-bench"
# The seeded game every run plays after its timed answer: bots only, so it runs without
# a human; Hard at its smallest share, so the check stays short but Hard's search runs.
CHECK_GAME = {"game": "tycoon", "seed": 20261124, "seats": ["easy", "normal", "hard", "normal"],
              "hard_budget": 0.05}

# The timed call, the same text on every path: on a restored heap its imports are
# already done, as they would be in an app whose snapshot was taken after them.
ANSWER = """
import json
import engine.api
json.dumps(engine.api.Session().games())
"""

# Untimed, after the answer: a seeded game's steps and view (which must not depend on
# the path), and the interpreter's entropy (which a snapshot may freeze).
CHECKS = """
import json, os, random
import engine.api

def seeded_game(config, steps):
    session = engine.api.Session()
    answers = [session.new_game(config)]
    for _ in range(steps):
        answers.append(session.advance())
    answers.append(session.view(0))
    return json.dumps(answers, sort_keys=True)

def entropy():
    return json.dumps({"urandom": os.urandom(8).hex(), "random": random.random(),
                       "hash": hash("tycoon table")})

async def saved_and_read(text):  # through js, as the app's worker keeps its save
    import js
    cache = await js.caches.open("snapshot-bench-saves")
    url = str(js.location.origin) + "/snapshot-bench/saved-game.json"
    await cache.put(url, js.Response.new(text))
    return await (await cache.match(url)).text()
"""

PAGE = """<!doctype html>
<meta charset="utf-8"><title>Pyodide snapshot bench</title>
<link rel="icon" href="data:,">
<script type="module">
  const path = new URLSearchParams(location.search).get("path");
  const worker = new Worker(`./worker.mjs?path=${path}`, { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.kind === "answer") window.answeredAt = performance.now();
    else window.benchDone = data;
  };
  worker.onerror = (event) => { window.benchDone = { kind: "error", error: event.message }; };
</script>
"""

# The worker: one path per page (its name in the worker's own URL, so it is known
# before the first await). Times are milliseconds of the worker's clock.
WORKER = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const path = new URL(import.meta.url).searchParams.get("path");
const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
// The site's own standard library (only what the engine imports), as the app starts it.
const stdLibURL = new URL("../vendor/pyodide/engine_stdlib.zip", import.meta.url).href;
const wheelURL = new URL("../engine.whl", import.meta.url).href;
const CACHE = %(cache)s;
const RAW_KEY = new URL("./engine-heap.bin", import.meta.url).href;
const GZIP_KEY = new URL("./engine-heap.bin.gz", import.meta.url).href;
const ANSWER = %(answer)s;
const CHECKS = %(checks)s;
const CHECK_GAME = %(check_game)s;
const STEPS = %(steps)d;

const phases = {};
const since = (start) => performance.now() - start;

async function wheel() {
  const response = await fetch(wheelURL);
  if (!response.ok) throw new Error(`engine.whl: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The engine unpacked where PyScript's files config puts it: the working directory,
// which is on sys.path as "".
async function installAndAnswer(pyodide, wheelBytes) {
  pyodide.unpackArchive(await wheelBytes, "wheel", { extractDir: "." });
  return pyodide.runPython(ANSWER);
}

async function readHeap(key, gzipped) {
  const start = performance.now();
  const cache = await caches.open(CACHE);
  const response = await cache.match(key);
  if (!response) throw new Error(`no snapshot stored at ${key}`);
  const body = gzipped
    ? new Response(response.body.pipeThrough(new DecompressionStream("gzip")))
    : response;
  const bytes = new Uint8Array(await body.arrayBuffer());
  phases.read = since(start);
  return bytes;
}

async function timed(pyodidePromise, then) {
  const start = performance.now();
  const pyodide = await pyodidePromise;
  phases.boot = since(start);
  const answerStart = performance.now();
  const games = await then(pyodide);
  phases.answer = since(answerStart);
  postMessage({ kind: "answer" });
  return { pyodide, games };
}

async function run() {
  const start = performance.now();
  let result;
  if (path === "plain") {
    const wheelBytes = wheel();
    result = await timed(loadPyodide({ indexURL, stdLibURL }),
                         (py) => installAndAnswer(py, wheelBytes));
  } else if (path === "snapshot" || path === "snapshot_gzip") {
    // loadPyodide awaits the snapshot only once its own scripts are loaded.
    const heap = readHeap(path === "snapshot" ? RAW_KEY : GZIP_KEY, path === "snapshot_gzip");
    result = await timed(loadPyodide({ indexURL, stdLibURL, _loadSnapshot: heap }),
                         (py) => py.runPython(ANSWER));
  } else if (path === "make") {
    const wheelBytes = wheel();
    result = await timed(loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true }),
                         (py) => installAndAnswer(py, wheelBytes));
    let mark = performance.now();
    const heap = result.pyodide.makeMemorySnapshot();
    phases.make_snapshot = since(mark);
    mark = performance.now();
    const cache = await caches.open(CACHE);
    await cache.put(RAW_KEY, new Response(heap));
    phases.store = since(mark);
    mark = performance.now();
    const gzip = await new Response(
      new Blob([heap]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    phases.gzip = since(mark);
    await cache.put(GZIP_KEY, new Response(gzip));
    phases.snapshot_bytes = heap.byteLength;
    phases.snapshot_gzip_bytes = gzip.byteLength;
  } else {
    throw new Error(`unknown path ${path}`);
  }
  phases.total = since(start);
  const { pyodide, games } = result;
  const heapBytes = pyodide._module.HEAP8.length;
  let game = null, entropy = null;
  if (path !== "make") {  // the make run's heap is already saved; nothing to check there
    pyodide.runPython(CHECKS);
    game = pyodide.globals.get("seeded_game")(pyodide.toPy(CHECK_GAME), STEPS);
    entropy = pyodide.globals.get("entropy")();
    if (await pyodide.globals.get("saved_and_read")(game) !== game) {
      throw new Error("the game read back from Cache Storage is not the one saved");
    }
  }
  postMessage({ kind: "done", phases, games, game, entropy, heap_bytes: heapBytes });
}

run().catch((error) => postMessage({ kind: "error", error: String(error?.stack ?? error) }));
"""


@dataclass
class Run:
    """One page's start on one path: its time, or the error that stopped it."""

    path: str
    answered_ms: float | None = None  # from navigation: the worker's answer, or the table
    phases: dict[str, float] = field(default_factory=dict)
    answers: str | None = None  # what every run of its kind must answer alike
    entropy: dict[str, Any] | None = None
    heap_bytes: int | None = None
    error: str | None = None
    console_errors: list[str] = field(default_factory=list)


def open_page(context: BrowserContext, run: Run) -> Page:
    page = context.new_page()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            run.console_errors.append(message.text)

    page.on("console", on_console)
    return page


def run_worker_path(context: BrowserContext, url: str, path: str) -> Run:
    run = Run(path)
    page = open_page(context, run)
    try:
        page.goto(f"{url}{BENCH_FOLDER}/?path={path}")
        page.wait_for_function("window.benchDone !== undefined", timeout=TIMEOUT_MS)
        done: dict[str, Any] = page.evaluate("window.benchDone")
        if done["kind"] == "error":
            run.error = str(done["error"])
        else:
            run.answered_ms = float(page.evaluate("window.answeredAt"))
            run.phases = {name: float(value) for name, value in done["phases"].items()}
            run.answers = json.dumps([done["games"], done["game"]])
            run.entropy = None if done["entropy"] is None else json.loads(done["entropy"])
            run.heap_bytes = int(done["heap_bytes"])
    except Exception as error:  # a page that never answers: a failed run, not a crash
        run.error = f"{type(error).__name__}: {error}"
    finally:
        page.close()
    return run


def cpython_answers(steps: int) -> str:
    """``games()`` and the seeded game's JSON, as CPython here answers them (the worker's
    ``runPython`` answers the value of the last line; ``eval`` gives it here)."""
    namespace: dict[str, Any] = {}
    *statements, expression = ANSWER.strip().splitlines()
    exec("\n".join(statements), namespace)
    games = eval(expression, namespace)
    exec(CHECKS, namespace)
    return json.dumps([games, namespace["seeded_game"](CHECK_GAME, steps)])


def write_bench_files(site: Path, steps: int) -> None:
    folder = site / BENCH_FOLDER
    folder.mkdir()
    (folder / "index.html").write_text(PAGE)
    (folder / "worker.mjs").write_text(WORKER % {
        "cache": json.dumps(SNAPSHOT_CACHE),
        "answer": json.dumps(ANSWER), "checks": json.dumps(CHECKS),
        "check_game": json.dumps(CHECK_GAME), "steps": steps})


def launch(driver: Any, profile: Path) -> BrowserContext:
    # A persistent profile has a disk cache, as a real browser does (the in-memory
    # cache of a fresh context does not keep the 9.6 MB wasm).
    context: BrowserContext = driver.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
    return context


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="counted rounds of every path")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="rounds first, not counted (the browser's code caches fill)")
    parser.add_argument("--steps", type=int, default=40,
                        help="steps of the seeded game each run plays after its answer")
    args = parser.parse_args()
    paths = WORKER_PATHS

    expected = cpython_answers(args.steps)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build_site.build(site)
        write_bench_files(site, args.steps)
        server = serve.start_server(site)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        profile = Path(tmp) / "profile"
        with sync_playwright() as driver:
            context = launch(driver, profile)
            # A plain start first, so the make run finds the files in the HTTP cache as
            # an app that makes its snapshot after its first start would.
            run_worker_path(context, url, "plain")
            made = run_worker_path(context, url, "make")
            context.close()
            if made.error is not None:
                raise SystemExit(f"making the snapshot failed: {made.error}")
            # The browser restarted: every restore reads the snapshot from disk, as a
            # later visit does.
            context = launch(driver, profile)
            # Every run, warm-up ones too, is held to the reliability checks.
            runs: dict[str, list[Run]] = {path: [] for path in paths}
            for round_number in range(args.warm_up + args.runs):
                shift = round_number % len(paths)
                for path in paths[shift:] + paths[:shift]:
                    runs[path].append(run_worker_path(context, url, path))
                    time.sleep(0.5)  # let the closed page's worker wind down
            context.close()
        server.shutdown()
        server.server_close()
    report(made, runs, args.warm_up, expected, args.steps)


def median_line(name: str, values: Sequence[float]) -> str:
    runs = ", ".join(f"{value:.0f}" for value in values)
    return f"{name}={statistics.median(values):.0f}  (runs: {runs})"


def failures_of(runs: dict[str, list[Run]], paths: Sequence[str]) -> list[str]:
    """Every run of ``paths`` that failed, or answered otherwise than the first of them
    that answered (a plain run: the paths start with it)."""
    reference = next((run.answers for path in paths for run in runs[path]
                      if run.answers is not None), None)
    failures = []
    for path in paths:
        for number, run in enumerate(runs[path], 1):
            if run.error is not None:
                failures.append(f"{path} run {number}: {run.error.splitlines()[0]}")
            elif run.answers != reference:
                failures.append(f"{path} run {number}: answers differ from {paths[0]}'s")
            elif run.console_errors:
                failures.append(f"{path} run {number}: console error {run.console_errors[0]}")
    return failures


def report(made: Run, runs: dict[str, list[Run]], warm_up: int, expected: str,
           steps: int) -> None:
    """Reliability over every run; times over the runs after the warm-up."""
    phases = made.phases
    print(f"snapshot_bytes={phases['snapshot_bytes']:.0f}  (the heap as stored raw; "
          f"wasm heap {made.heap_bytes})")
    print(f"snapshot_gzip_bytes={phases['snapshot_gzip_bytes']:.0f}  (CompressionStream gzip)")
    print(f"make_ms={phases['total']:.0f}  (one-off: boot with _makeSnapshot "
          f"{phases['boot']:.0f}, install and import the engine and answer "
          f"{phases['answer']:.0f}, makeMemorySnapshot {phases['make_snapshot']:.0f}, "
          f"Cache Storage put {phases['store']:.0f}, gzip {phases['gzip']:.0f})")

    for path, path_runs in runs.items():
        answered = sum(run.answered_ms is not None and run.error is None for run in path_runs)
        print(f"{path}: {answered}/{len(path_runs)} runs answered (warm-up included)")
    failures = failures_of(runs, WORKER_PATHS)
    print(f"every_run_ok={'yes' if not failures else 'no'}  (each answered, and its games() "
          f"JSON and a seeded Tycoon game of bots over {steps} steps and its view are the "
          f"first plain run's, with no console error)")
    for failure in failures:
        print(f"  failed: {failure}")
    reference = next((run.answers for run in runs["plain"] if run.answers is not None), None)
    print(f"cpython_match={'yes' if reference == expected else 'no'}  "
          f"(the plain run's answers against CPython's here)")

    restored = [run.entropy for path in WORKER_PATHS[1:] for run in runs[path]
                if run.entropy is not None]
    if len(restored) >= 2:
        def same(key: str) -> str:
            values = {json.dumps(entropy[key]) for entropy in restored}
            return "same in every restore" if len(values) == 1 else "differs"
        print(f"restored_entropy: os.urandom {same('urandom')}; random.random() "
              f"{same('random')}; hash(str) {same('hash')}")

    counted = {path: path_runs[warm_up:] for path, path_runs in runs.items()}
    ratios: dict[str, float] = {}
    for group in (WORKER_PATHS,):
        times = {path: [run.answered_ms for run in counted[path] if run.answered_ms is not None]
                 for path in group}
        for path in group:
            good = [run for run in counted[path] if run.error is None]
            if not good:
                continue
            print(median_line(f"{path}_ms", times[path]))
            names = sorted({name for run in good for name in run.phases})
            print("  phases (medians): " + ", ".join(
                f"{name} {statistics.median(run.phases[name] for run in good):.0f} ms"
                for name in names))
        for path in group[1:]:
            pairs = [run.answered_ms / base.answered_ms
                     for run, base in zip(counted[path], counted[group[0]], strict=True)
                     if run.answered_ms is not None and base.answered_ms is not None]
            if pairs:
                ratios[path] = statistics.median(pairs)
                print(f"{path}_pair_ratios=" + ", ".join(f"{ratio:.2f}" for ratio in pairs))
                print(f"{path}_ratio_of_medians="
                      f"{statistics.median(times[path]) / statistics.median(times[group[0]]):.2f}")
    for path in ("snapshot_gzip", "snapshot"):
        if path in runs:
            print(f"{path}_ratio={ratios.get(path, float('nan')):.2f}")


if __name__ == "__main__":
    main()
