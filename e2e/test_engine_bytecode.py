"""The engine ships compiled for Pyodide's own Python: every module of the built site's
wheel has its bytecode beside it, and Pyodide (run here in Node, from the pinned npm
package) imports the whole engine from it without compiling a line of source."""

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
import pkgutil, importlib, engine
names = [info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")
         if not info.name.endswith("__main__")]  # a command, not a module to import
for name in names:
    importlib.import_module(name)
len(names)
`));
"""


def test_every_module_has_bytecode_for_pyodides_python(site: Site):
    wheel = zipfile.ZipFile(site.folder / "engine.whl")
    names = wheel.namelist()
    sources = [name for name in names if name.endswith(".py")]
    for source in sources:
        folder, _, module = source.rpartition("/")
        compiled = f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc"
        header = wheel.read(compiled)[:8]
        assert header[4:8] == b"\x01\x00\x00\x00", f"{compiled} is not an unchecked hash pyc"


def test_pyodide_imports_the_engine_without_compiling_it(site: Site, tmp_path):
    pyodide = ROOT / "node_modules" / "pyodide"
    script = tmp_path / "import.mjs"
    script.write_text(IMPORT_WITHOUT_COMPILING % {
        "pyodide": pyodide / "pyodide.mjs", "index": f"{pyodide}/",
        "wheel": list((site.folder / "engine.whl").read_bytes())})
    imported = subprocess.run(["node", str(script)], capture_output=True, text=True,
                              timeout=120, check=True)
    assert int(imported.stdout.split()[-1]) > 30  # every module of the engine
