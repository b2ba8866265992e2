"""Start-up benchmark of the web app, in Debian's Chromium (headless).

    python bench/startup.py [--runs 5]

In one run, on one freshly built site served on 127.0.0.1:
- the first visit: bytes the server sends (gzip where a static host uses it), in
  all and beyond Pyodide's five core files (PyScript, MicroPython, the app's own
  files and the engine), and how often a wasm file was downloaded;
- lobby usable: warm (service-worker cache), from navigation until the lobby takes
  taps (``body[data-lobby=ready]``, set as the page is first painted; before
  that existed, ``body[data-ui=ready]``, when the UI's Python had started);
- engine ready: warm, until the engine worker answers;
- playable table: warm, from navigation to a saved game's table taking input
  (the engine started, from its memory snapshot where the app keeps one, and the
  game replayed from its log);
- bare Pyodide: warm, from navigation until a page with a plain module worker
  that imports the same ``pyodide.mjs`` has finished ``loadPyodide()`` with
  Pyodide's whole standard library (stock Pyodide: the reference does not change);
- the stages of the app's start (``--stages``, the default): where the playable
  table's time goes, on the page (its HTML, first paint, PyScript, MicroPython, the
  UI's modules and start) and in the engine worker (Pyodide's wasm, the worker's
  Python starting with the engine unpacked, the engine's import, the first call),
  from the browser's resource timings and the app's User Timing marks; and, in a
  plain worker beside them, the engine's path split finer: Pyodide's boot, fetching
  and unpacking the wheel, importing the engine module by module, the first
  ``Session`` call.
Runs alternate between the app, the bare page and the stage page; after a warm-up
run of each, each figure is a median.
``lobby_ratio`` is the lobby's time over the bare Pyodide worker's, measured in the
same run: the ≤ 300 ms lobby target was met at 0.20 on a day the bare worker took
1.3 s, so a machine's slow day shows as a slower bare worker, not a larger share.
The last line is ``startup_ratio=<playable table / bare Pyodide>``.
"""

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import packing  # noqa: E402
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

TIMEOUT_MS = 120_000

# The bare page: stock Pyodide, its whole standard library included (the reference the
# ratios were first measured against: the site ships a trimmed one since issue 26), booted
# in a module worker, and nothing else.
BARE_FOLDER = "bare-pyodide"
BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module">
  const worker = new Worker("./worker.mjs", { type: "module" });
  worker.onmessage = () => { window.pyodideReady = performance.now(); };
</script>
"""
STOCK_STDLIB = "python_stdlib.zip"  # Pyodide's own, from its npm package, beside the page
BARE_WORKER = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const stdLibURL = new URL("./STOCK_STDLIB", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL, stdLibURL });
pyodide.runPython("1 + 1");
postMessage("ready");
""".replace("STOCK_STDLIB", STOCK_STDLIB)

# The engine's path in a plain worker, stage by stage (times in the page's clock).
STAGE_FOLDER = "stages"
STAGE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>Start-up stages</title>
<script type="module">
  const worker = new Worker("./worker.mjs", { type: "module" });
  worker.onmessage = (event) => {
    const shift = event.data.origin - performance.timeOrigin;  // the worker's clock to ours
    const stages = {};
    for (const [name, time] of Object.entries(event.data.times)) stages[name] = time + shift;
    window.stages = { stages, modules: event.data.modules };
  };
</script>
"""
# Each engine module's own import time (its children's taken out), in milliseconds.
IMPORT_TIMER = """
import json, sys, time
from importlib.machinery import PathFinder

class ImportTimer:
    def __init__(self):
        self.own = {}
        self.open = []  # the time spent in the children of each import under way

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] != "engine":
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            run, timer = spec.loader.exec_module, self

            def exec_module(module):
                timer.open.append(0.0)
                started = time.perf_counter()
                try:
                    run(module)
                finally:
                    took = (time.perf_counter() - started) * 1000
                    timer.own[name] = took - timer.open.pop()
                    if timer.open:
                        timer.open[-1] += took

            spec.loader.exec_module = exec_module
        return spec

timer = ImportTimer()
sys.meta_path.insert(0, timer)
import engine.api
sys.meta_path.remove(timer)
json.dumps(timer.own)
"""
STAGE_WORKER = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const times = { worker_started: 0 };
const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const stdLibURL = new URL("../vendor/pyodide/STDLIB_ZIP", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL, stdLibURL });
times.pyodide_booted = performance.now();
const wheel = await (await fetch("../engine.whl")).arrayBuffer();
times.wheel_fetched = performance.now();
pyodide.unpackArchive(wheel, "zip");
times.wheel_unpacked = performance.now();
const modules = JSON.parse(pyodide.runPython(IMPORT_TIMER));
times.engine_imported = performance.now();
pyodide.runPython(FIRST_CALL);
times.first_call = performance.now();
postMessage({ times, modules, origin: performance.timeOrigin });
""".replace("STDLIB_ZIP", build_site.STDLIB_ZIP).replace(
    "IMPORT_TIMER", json.dumps(IMPORT_TIMER)).replace("FIRST_CALL", json.dumps(
    "from engine.api import Session\n"
    "Session().new_game({'game': 'tycoon', 'seats': ['human'] + ['normal'] * 3, 'seed': 1})"))

# The app's stages, in the page's clock: its resource timings and marks, and the
# engine worker's (found among the page's workers by its marks).
PAGE_STAGES = """() => {
  const mark = (name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? null;
  const fetched = (part) => performance.getEntriesByType("resource")
    .find((entry) => entry.name.includes(part))?.responseEnd ?? null;
  const navigation = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    origin: performance.timeOrigin,
    stages: {
      html_received: navigation.responseEnd,
      first_paint: paint ? paint.startTime : null,
      lobby_usable: window.lobbyUsable,
      pyscript_fetched: fetched("vendor/pyscript/core.js"),
      micropython_fetched: fetched("micropython.wasm"),
      micropython_ready: window.micropythonReady ?? null,
      ui_imported: mark("ui-imported"),
      ui_started: window.uiReady,
      engine_answered: window.engineReady,
      table_playable: window.tablePlayable,
    },
  };
}"""
WORKER_STAGES = """() => {
  const mark = (name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? null;
  const fetched = (part) => performance.getEntriesByType("resource")
    .find((entry) => entry.name.includes(part))?.responseEnd ?? null;
  return {
    origin: performance.timeOrigin,
    stages: {
      worker_started: 0,
      pyodide_wasm_fetched: fetched("pyodide.asm.wasm"),
      stdlib_fetched: fetched("stdlib.zip"),
      wheel_fetched: fetched("engine.whl"),
      pyodide_restored: mark("engine-restored"),
      worker_python_started: mark("engine-worker-start"),
      engine_imported: mark("engine-imported"),
    },
  };
}"""

# Records, in page time, when the lobby's controls are live and when the table
# first takes input (attributes the UI sets; see web/ui/main.py).
MILESTONES = """
document.addEventListener("mpy:ready", () => {
  window.micropythonReady ??= performance.now();
}, true);
new MutationObserver(() => {
  const body = document.body;
  if (window.lobbyUsable === undefined && body &&
      (body.dataset.lobby === "ready" || body.dataset.ui === "ready")) {
    window.lobbyUsable = performance.now();
  }
  if (window.uiReady === undefined && body && body.dataset.ui === "ready") {
    window.uiReady = performance.now();
  }
  if (window.engineReady === undefined && body && body.dataset.engine === "ready") {
    window.engineReady = performance.now();
  }
  if (window.tablePlayable === undefined && document.querySelector("#table[data-turn=you]")) {
    window.tablePlayable = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def page_time(page: Page, name: str) -> float:
    page.wait_for_function(f"() => window.{name} !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate(f"window.{name}"))


def first_visit(page: Page, url: str) -> None:
    """Open the app, let the service worker precache it, and leave a game saved at the
    human's turn (the bots at their fastest)."""
    page.goto(url)
    page.click("#settings summary")  # on a first visit, the UI starts here
    page.select_option("#pace", "350")
    page.wait_for_selector("body[data-ui=ready]")
    page.wait_for_selector("body[data-engine=ready]", timeout=TIMEOUT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=TIMEOUT_MS)
    page.tap("#deal-tycoon")  # Tycoon's tile
    page.tap("#offer-guided button[value=skip]")  # a first Deal offers the guided trick
    page.wait_for_selector("#table[data-turn=you]", timeout=TIMEOUT_MS)
    # The engine's memory snapshot, made beside it on a first visit, for the warm starts.
    page.wait_for_function("""() => {
        caches.keys().then((names) => Promise.all(names
            .filter((name) => name.endsWith(" engine-snapshot"))  // the site's, by its path
            .map((name) => caches.open(name).then((cache) => cache.keys()))))
            .then((kept) => { window.snapshotKept = kept.some((keys) => keys.length > 0); });
        return window.snapshotKept;
    }""", polling=500, timeout=TIMEOUT_MS)


def app_stages(page: Page) -> dict[str, float]:
    """The app's stages in this run, in the page's clock (milliseconds from navigation)."""
    seen = page.evaluate(PAGE_STAGES)
    stages = {name: time for name, time in seen["stages"].items() if time is not None}
    for worker in page.workers:
        found = worker.evaluate(WORKER_STAGES)
        if found["stages"]["worker_python_started"] is None:
            continue  # not the engine's worker
        shift = found["origin"] - seen["origin"]
        stages.update({"engine_" + name if not name.startswith("engine") else name:
                       time + shift for name, time in found["stages"].items()
                       if time is not None})
    return stages


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    names = dict.fromkeys(name for run in runs for name in run)
    return {name: statistics.median(run[name] for run in runs if name in run)
            for name in names}


def print_stages(title: str, stages: dict[str, float]) -> None:
    """Each stage's median time from navigation, and since the stage before it."""
    print(f"{title}:")
    before = 0.0
    for name, time_ms in sorted(stages.items(), key=lambda item: item[1]):
        print(f"  {name:<28} {time_ms:7.0f} ms  (+{time_ms - before:.0f})")
        before = time_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="warm runs of each page")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="runs of each page first, not counted (the browser's code "
                             "caches fill on the first visits after the install)")
    parser.add_argument("--no-stages", dest="stages", action="store_false",
                        help="leave out the stage page and the breakdown")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build_site.build(site)
        for folder, page_html, worker_js in ((BARE_FOLDER, BARE_PAGE, BARE_WORKER),
                                             (STAGE_FOLDER, STAGE_PAGE, STAGE_WORKER)):
            (site / folder).mkdir()
            (site / folder / "index.html").write_text(page_html)
            (site / folder / "worker.mjs").write_text(worker_js)
        shutil.copyfile(build_site.NODE_MODULES / "pyodide" / STOCK_STDLIB,
                        site / BARE_FOLDER / STOCK_STDLIB)
        server = serve.start_server(site, compress=True)  # gzip, as a static host serves it
        url = f"http://127.0.0.1:{server.server_address[1]}/"

        with sync_playwright() as driver:
            # A persistent profile has a disk cache, as a real browser does (the
            # in-memory cache of a fresh context does not keep the 9.6 MB wasm).
            context = driver.chromium.launch_persistent_context(
                Path(tmp) / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
            context.add_init_script(MILESTONES)
            first = context.new_page()
            first_visit(first, url)
            first.close()  # a tab left open would hold the game (one tab plays it)
            sent = list(server.served)

            lobby: list[float] = []
            engine: list[float] = []
            playable: list[float] = []
            bare: list[float] = []
            app_runs: list[dict[str, float]] = []
            stage_runs: list[dict[str, float]] = []
            module_runs: list[dict[str, float]] = []
            for run in range(args.warm_up + args.runs):
                if run == args.warm_up:
                    del lobby[:], engine[:], playable[:], bare[:]
                    del app_runs[:], stage_runs[:], module_runs[:]
                page = context.new_page()
                page.goto(url)
                lobby.append(page_time(page, "lobbyUsable"))
                engine.append(page_time(page, "engineReady"))
                playable.append(page_time(page, "tablePlayable"))
                if args.stages:
                    app_runs.append(app_stages(page))
                page.close()
                page = context.new_page()
                page.goto(url + BARE_FOLDER + "/")
                bare.append(page_time(page, "pyodideReady"))
                page.close()
                if args.stages:
                    page = context.new_page()
                    page.goto(url + STAGE_FOLDER + "/")
                    page.wait_for_function("() => window.stages !== undefined", timeout=TIMEOUT_MS)
                    found = page.evaluate("window.stages")
                    stage_runs.append(found["stages"])
                    module_runs.append(found["modules"])
                    page.close()
                time.sleep(0.5)  # let the closed pages' workers wind down
            context.close()
        server.shutdown()
        server.server_close()

    if args.stages:
        print_stages("The app, warm (medians, ms from navigation)", medians(app_runs))
        print_stages("The engine in a plain worker, warm", medians(stage_runs))
        own = medians(module_runs)
        slowest = sorted(own.items(), key=lambda item: -item[1])
        print(f"Engine modules imported: {len(own)}, {sum(own.values()):.0f} ms in all; "
              "the slowest (own time, ms):")
        for name, took in slowest[:12]:
            print(f"  {name:<34} {took:6.1f}")
    # Pyodide's files as they are and packed (a first visit fetches the big ones packed).
    core = {f"/vendor/pyodide/{name}{form}" for name in build_site.PYODIDE_FILES
            for form in ("", packing.SUFFIX)}
    total = sum(size for _path, size in sent)
    added = sum(size for path, size in sent if path.split("?")[0] not in core)
    wasm = [path for path, _size in sent
            if path.split("?")[0].endswith((".wasm", ".wasm" + packing.SUFFIX))]
    print(f"first_visit_wasm_downloads={len(wasm)}  ({', '.join(sorted(wasm))}: "
          "each runtime's wasm once, the service worker's precache revalidating it)")
    print(f"first_visit_bytes={total}")
    print(f"first_visit_added_bytes={added}  (beyond Pyodide's five core files)")
    for name, times in (("lobby_usable_ms", lobby), ("engine_ready_ms", engine),
                        ("playable_table_ms", playable), ("bare_pyodide_worker_ms", bare)):
        runs = ", ".join(f"{t:.0f}" for t in times)
        print(f"{name}={statistics.median(times):.0f}  (runs: {runs})")
    print(f"lobby_ratio={statistics.median(lobby) / statistics.median(bare):.2f}")
    print(f"startup_ratio={statistics.median(playable) / statistics.median(bare):.2f}")


if __name__ == "__main__":
    main()
