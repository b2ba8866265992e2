"""The engine ships compiled for Pyodide's own Python: every module of the built site's
wheel is bytecode (no source to compile), and Pyodide (run here in Node, from the pinned
npm package) imports the whole engine from it; in the browser, the whole engine imports
from the standard library the site ships (only what it imports, compiled). The UI's
modules ship compiled for the page's MicroPython, which imports them (in Node, from its
pinned npm package)."""

import json
import re
import shutil
import subprocess
import zipfile

from playwright.sync_api import BrowserContext

from engine.core.language import ENGLISH, LANGUAGES, LOCALE
from tycoon_page import ENGINE_TIMEOUT_MS, ROOT, Site, build_site, packing

IMPORT_WITHOUT_COMPILING = """
import { loadPyodide } from "%(pyodide)s";
const pyodide = await loadPyodide({ indexURL: "%(index)s" });
pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(%(wheel)s));
console.log(pyodide.runPython(`
import sys, zipfile, importlib._bootstrap_external as external
zipfile.ZipFile("/tmp/engine.whl").extractall("/site")  # as PyScript unpacks it
sys.path.insert(0, "/site")
sys.dont_write_bytecode = True
def refuse(*args, **kwargs):
    raise RuntimeError("compiled from source")
external.SourceLoader.source_to_code = refuse
import pkgutil, importlib, importlib.util, engine
names = [info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")
         if not info.name.endswith("__main__")]  # a command, not a module to import
for name in names:
    importlib.import_module(name)
f"{importlib.util.MAGIC_NUMBER.hex()} {len(names)}"
`));
"""


def test_pyodide_imports_every_module_of_the_engine_from_its_bytecode(site: Site, tmp_path):
    wheel = zipfile.ZipFile(site.folder / "engine.whl")
    names = wheel.namelist()
    assert [name for name in names if name.endswith(".py")] == []  # nothing to compile
    pyodide = ROOT / "node_modules" / "pyodide"
    script = tmp_path / "import.mjs"
    script.write_text(IMPORT_WITHOUT_COMPILING % {
        "pyodide": pyodide / "pyodide.mjs", "index": f"{pyodide}/",
        "wheel": list((site.folder / "engine.whl").read_bytes())})
    imported = subprocess.run(["node", str(script)], capture_output=True, text=True,
                              timeout=120, check=True)
    magic, modules = imported.stdout.split()[-2:]
    assert int(modules) > 30  # every module of the engine
    for name in (name for name in names if name.endswith(".pyc")):
        header = wheel.read(name)[:8]
        assert header[:4].hex() == magic, f"{name} is not bytecode of Pyodide's Python"
        assert header[4:8] == b"\x01\x00\x00\x00", f"{name} is not an unchecked hash pyc"


def test_the_site_s_wheel_holds_no_catalogue_and_the_site_holds_each_beside_it(site: Site):
    """Only a page that asks the engine for a language downloads its words (the engine's
    worker fetches them); the service worker precaches them, for a switch offline."""
    wheel = zipfile.ZipFile(site.folder / build_site.ENGINE_WHEEL)
    record = next(name for name in wheel.namelist() if name.endswith(".dist-info/RECORD"))
    assert [name for name in wheel.namelist() if "/locale/" in name] == []
    assert "/locale/" not in wheel.read(record).decode()
    precached = (site.folder / build_site.SERVICE_WORKER).read_text()
    for language in LANGUAGES:
        if language != ENGLISH:
            shipped = f"{build_site.ENGINE_LOCALE}/{language}.json"
            assert (site.folder / shipped).read_bytes() == (
                LOCALE / f"{language}.json").read_bytes()
            assert f'"{shipped}"' in precached


MICROPYTHON_MPY_VERSION = """
import { loadMicroPython } from "%(micropython)s";
const micropython = await loadMicroPython();
micropython.runPython("import sys; print(sys.implementation._mpy & 0xff)");
"""


def test_the_ui_ships_as_bytecode_of_the_pages_micropython(site: Site, tmp_path):
    """Every module but the entry's few lines (the e2e tests run the UI from them)."""
    page = (site.folder / "index.html").read_text()
    tag = re.search(r'type="mpy"[^>]*config=\'([^\']*)\'', page)
    assert tag is not None
    files = json.loads(tag.group(1))["files"]
    assert len(files) > 10 and all(name.endswith(".mpy") for name in files.values())
    assert sorted(p.name for p in (site.folder / "web" / "ui").glob("*.py")) == ["main.py"]
    script = tmp_path / "version.mjs"
    script.write_text(MICROPYTHON_MPY_VERSION % {
        "micropython": ROOT / "node_modules" / "@micropython"
        / "micropython-webassembly-pyscript" / "micropython.mjs"})
    version = subprocess.run(["node", str(script)], capture_output=True, text=True,
                             timeout=60, check=True).stdout.split()[-1]
    for path in files:
        header = (site.folder / path).read_bytes()[:2]
        assert header == b"M" + bytes([int(version)]), f"{path}: not .mpy v{version}"


# A page of the built site whose worker starts the engine as the app's worker does (its
# boot module: the shipped standard library, no snapshot), imports every module of the
# engine and the app's engine worker, and says what the library it ran on holds.
SHIPPED_STDLIB_FOLDER = "e2e-shipped-stdlib"
SHIPPED_STDLIB_PAGE = """<!doctype html>
<meta charset="utf-8"><title>The engine on the shipped standard library</title>
<link rel="icon" href="data:,">
<script type="module">
  const worker = new Worker("./worker.mjs", { type: "module" });
  worker.onmessage = (event) => { window.imported = event.data; };
  worker.onerror = (event) => { window.imported = JSON.stringify({ error: event.message }); };
</script>
"""
SHIPPED_STDLIB_WORKER = """import { bootEngine } from "../web/worker/boot.mjs";
import * as saves from "../web/worker/saves.mjs";
const pyodide = await bootEngine({ engine_worker: "web/worker/engine_worker.py",
                                   worker_saves: "web/worker/worker_saves.py" },
                                 { snapshot: false });
pyodide.registerJsModule("site_saves", saves);
postMessage(pyodide.runPython(`
import importlib, json, os, sys, zipfile
names = sorted(os.path.join(folder, name).removesuffix(".pyc").removesuffix("/__init__")
               .replace("/", ".") for folder, _, names in os.walk("engine") for name in names
               if name.endswith(".pyc") and name != "__main__.pyc")
failed = {}
for name in [*names, "engine_worker"]:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
(library,) = [entry for entry in sys.path if entry.endswith(".zip")]
json.dumps({"modules": len(names), "failed": failed, "library": library,
            "library_bytes": os.path.getsize(library),
            "library_files": zipfile.ZipFile(library).namelist()})
`));
"""


def test_every_engine_module_imports_from_the_shipped_standard_library(
        site: Site, context: BrowserContext):
    """In the browser, as the app's worker starts: the library Pyodide mounted is the
    site's trimmed one (bytecode only), and the whole engine imports from it."""
    folder = site.folder / SHIPPED_STDLIB_FOLDER
    folder.mkdir()
    try:
        (folder / "index.html").write_text(SHIPPED_STDLIB_PAGE)
        (folder / "worker.mjs").write_text(SHIPPED_STDLIB_WORKER)
        page = context.new_page()
        page.goto(f"{site.url}{SHIPPED_STDLIB_FOLDER}/")
        page.wait_for_function("() => window.imported !== undefined", timeout=ENGINE_TIMEOUT_MS)
        imported = json.loads(page.evaluate("window.imported"))
    finally:
        shutil.rmtree(folder)
    assert imported.get("failed") == {}, imported
    assert imported["modules"] > 30  # every module of the engine, and the worker
    shipped = site.folder / "vendor" / "pyodide" / build_site.STDLIB_ZIP
    assert imported["library_bytes"] == shipped.stat().st_size
    assert imported["library_files"] and all(
        name.endswith(".pyc") for name in imported["library_files"])
    # A first visit fetches it packed: under a third of Pyodide's whole library.
    whole = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    packed = shipped.with_name(shipped.name + packing.SUFFIX)
    assert packed.stat().st_size < whole.stat().st_size / 3
    assert not (site.folder / "vendor" / "pyodide" / "python_stdlib.zip").exists()


# Every level plays a seeded game in each climbing game; the digest of the actions chosen.
BOTS_CHOOSE = """
import hashlib, json
from engine.config import GameConfig
from engine.play import turns
from engine.play.table import Table
TABLES = {
    "tycoon": (["hard", "learned", "normal", "easy"], {"rounds": 1}),
    "president": (["hard", "learned", "normal", "easy", "greedy"], {}),
    "matchstick": (["hard", "learned", "normal", "easy"], {"rounds": 1}),
}
chosen = {}
for game, (seats, options) in TABLES.items():
    table = Table.create(GameConfig.read({"game": game, "seats": seats, "options": options,
                                          "seed": 2027, "hard_budget": 0.25}))
    actions = []
    while len(actions) < 150 and (action := turns.advance(table)) is not None:
        actions.append(str(action))
    chosen[game] = hashlib.sha256("\\n".join(actions).encode()).hexdigest()[:16]
json.dumps(chosen)
"""

CHOOSE_IN_PYODIDE = """
import { loadPyodide } from "%(pyodide)s";
const pyodide = await loadPyodide({ indexURL: "%(index)s" });
pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(%(wheel)s));
pyodide.runPython(`
import sys, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall("/site")  # as PyScript unpacks it
sys.path.insert(0, "/site")
`);
console.log(pyodide.runPython(%(program)s));
"""


def test_the_bots_choose_in_pyodide_as_in_cpython(site: Site, tmp_path):
    """The same seeds give the same decisions in the engine worker's Python (Pyodide's,
    from the built wheel, with the learned policy's weights it ships) as here: Hard over
    its sampled worlds, the learned policy, Normal and Easy, in every climbing game."""
    wheel = zipfile.ZipFile(site.folder / "engine.whl")
    assert {f"engine/families/climbing/bots/weights/{game}.json"
            for game in ("tycoon", "president", "matchstick")} <= set(wheel.namelist())
    pyodide = ROOT / "node_modules" / "pyodide"
    script = tmp_path / "choose.mjs"
    script.write_text(CHOOSE_IN_PYODIDE % {
        "pyodide": pyodide / "pyodide.mjs", "index": f"{pyodide}/",
        "wheel": list((site.folder / "engine.whl").read_bytes()),
        "program": json.dumps(BOTS_CHOOSE)})
    in_pyodide = subprocess.run(["node", str(script)], capture_output=True, text=True,
                                timeout=600, check=True).stdout.strip().splitlines()[-1]
    here: dict[str, object] = {}
    exec(BOTS_CHOOSE, here)
    assert json.loads(in_pyodide) == here["chosen"]
