// Compile the engine wheel's modules to bytecode for Pyodide's own Python, at build time,
// so the browser imports the engine without compiling it (a few hundred milliseconds
// of every start on a phone). Pyodide runs here in Node, from the pinned npm package.
//
//   node scripts/compile_wheel.mjs dist/engine.whl
//
// Each module gets an unchecked hash-based .pyc (PEP 552) beside it in __pycache__:
// valid whatever the files' times once unpacked, and the same bytes at every build, so
// an unchanged engine keeps its hash and the site offers no pointless update.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const [wheelPath] = process.argv.slice(2);
if (!wheelPath) {
  console.error("usage: node scripts/compile_wheel.mjs WHEEL");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheelPath));
const compiled = pyodide.runPython(`
import importlib.util, io, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

source = zipfile.ZipFile("/tmp/engine.whl")
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as wheel:
    for info in source.infolist():
        data = source.read(info)
        wheel.writestr(info, data)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True)
            folder, name = posixpath.split(info.filename)
            pyc = zipfile.ZipInfo(
                f"{folder}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc",
                date_time=info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data),
                                                  checked=False))
out.getvalue()
`);
writeFileSync(wheelPath, compiled.toJs());
compiled.destroy();
