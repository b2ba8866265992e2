"""Start-up benchmark of the web app, in Debian's Chromium (headless).

    python bench/startup.py [--runs 5]

In one run, on one freshly built site served on 127.0.0.1:
- the first visit: bytes the server sends, in all and beyond Pyodide's five
  core files (PyScript, MicroPython, the app's own files and the engine);
- lobby usable: warm (service-worker cache), from navigation until the page's
  controls are live (``body[data-ui=ready]``);
- engine ready: warm, until the engine worker answers;
- playable table: warm, from navigation to a saved game's table taking input
  (the engine booted and the game replayed from its log);
- bare Pyodide: warm, from navigation until a page with a plain module worker
  that imports the same ``pyodide.mjs`` has finished ``loadPyodide()``.
Runs alternate between the app and the bare page; after a warm-up run of each,
each figure is a median.
``lobby_per_bare`` is the lobby's time over the bare Pyodide worker's, measured in the
same run: the ≤ 300 ms lobby target was met at 0.20 on a day the bare worker took
1.3 s, so a machine's slow day shows as a slower bare worker, not a larger share.
The last line is ``startup_ratio=<playable table / bare Pyodide>``.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

TIMEOUT_MS = 120_000

# The bare page: the same Pyodide files, booted in a module worker, and nothing else.
BARE_FOLDER = "bare-pyodide"
BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module">
  const worker = new Worker("./worker.mjs", { type: "module" });
  worker.onmessage = () => { window.pyodideReady = performance.now(); };
</script>
"""
BARE_WORKER = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL });
pyodide.runPython("1 + 1");
postMessage("ready");
"""

# Records, in page time, when the lobby's controls are live and when the table
# first takes input (attributes the UI sets; see web/ui/main.py).
MILESTONES = """
new MutationObserver(() => {
  const body = document.body;
  if (window.lobbyUsable === undefined && body && body.dataset.ui === "ready") {
    window.lobbyUsable = performance.now();
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
    page.wait_for_function(f"window.{name} !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate(f"window.{name}"))


def first_visit(page: Page, url: str) -> None:
    """Open the app, let the service worker precache it, and leave a game saved at the
    human's turn (the bots at their fastest)."""
    page.goto(url)
    page.wait_for_selector("body[data-ui=ready]")
    page.click("#settings summary")
    page.select_option("#pace", "350")
    page.wait_for_selector("body[data-engine=ready]", timeout=TIMEOUT_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    page.tap("#deal")
    page.tap("#offer-guided button[value=skip]")  # a first Deal offers the guided trick
    page.wait_for_selector("#table[data-turn=you]", timeout=TIMEOUT_MS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="warm runs of each page")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="runs of each page first, not counted (the browser's code "
                             "caches fill on the first visits after the install)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build_site.build(site)
        (site / BARE_FOLDER).mkdir()
        (site / BARE_FOLDER / "index.html").write_text(BARE_PAGE)
        (site / BARE_FOLDER / "worker.mjs").write_text(BARE_WORKER)
        server = serve.start_server(site)
        url = f"http://127.0.0.1:{server.server_address[1]}/"

        with sync_playwright() as driver:
            # A persistent profile has a disk cache, as a real browser does (the
            # in-memory cache of a fresh context does not keep the 9.6 MB wasm).
            context = driver.chromium.launch_persistent_context(
                Path(tmp) / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE)
            context.add_init_script(MILESTONES)
            first_visit(context.new_page(), url)
            sent = list(server.served)

            lobby: list[float] = []
            engine: list[float] = []
            playable: list[float] = []
            bare: list[float] = []
            for run in range(args.warm_up + args.runs):
                if run == args.warm_up:
                    del lobby[:], engine[:], playable[:], bare[:]
                page = context.new_page()
                page.goto(url)
                lobby.append(page_time(page, "lobbyUsable"))
                engine.append(page_time(page, "engineReady"))
                playable.append(page_time(page, "tablePlayable"))
                page.close()
                page = context.new_page()
                page.goto(url + BARE_FOLDER + "/")
                bare.append(page_time(page, "pyodideReady"))
                page.close()
                time.sleep(0.5)  # let the closed pages' workers wind down
            context.close()
        server.shutdown()
        server.server_close()

    core = {f"/vendor/pyodide/{name}" for name in build_site.PYODIDE_FILES}
    total = sum(size for _path, size in sent)
    added = sum(size for path, size in sent if path.split("?")[0] not in core)
    print(f"first_visit_bytes={total}")
    print(f"first_visit_added_bytes={added}  (beyond Pyodide's five core files)")
    for name, times in (("lobby_usable_ms", lobby), ("engine_ready_ms", engine),
                        ("playable_table_ms", playable), ("bare_pyodide_worker_ms", bare)):
        runs = ", ".join(f"{t:.0f}" for t in times)
        print(f"{name}={statistics.median(times):.0f}  (runs: {runs})")
    print(f"lobby_per_bare={statistics.median(lobby) / statistics.median(bare):.2f}")
    print(f"startup_ratio={statistics.median(playable) / statistics.median(bare):.2f}")


if __name__ == "__main__":
    main()
