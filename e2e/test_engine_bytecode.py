"""The engine ships compiled for Pyodide's own Python: every module of the built site's
wheel is bytecode (no source to compile), and Pyodide (run here in Node, from the pinned
npm package) imports the whole engine from it. The UI's modules ship compiled for the
page's MicroPython, which imports them (in Node, from its pinned npm package)."""

import json
import re
import subprocess
import zipfile

from tycoon_page import ROOT, Site

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
