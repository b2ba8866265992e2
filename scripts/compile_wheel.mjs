// Compile the engine wheel's modules to bytecode for Pyodide's own Python, at build time,
// so the browser imports the engine without compiling it (a few hundred milliseconds
// of every start on a phone). Pyodide runs here in Node, from the pinned npm package.
//
//   node scripts/compile_wheel.mjs dist/engine.whl
//
// Each module's source is replaced by its bytecode (module.pyc, which Python imports
// where there is no source), compiled without the column ranges that only draw the
// carets under a traceback's line (PYTHONNODEBUGRANGES; line numbers stay): the wheel is
// 0.33 MB instead of 0.42 MB with them, and 0.17 MB with sources alone, which the
// browser would compile at every start. The
// .pyc files are hash-based (PEP 552), so a build makes the same bytes every time,
// an unchanged engine keeps its hash, and the site offers no pointless update. (Sizes
// deflated.) The wheel is stored uncompressed: a first visit fetches it packed whole with
// xz (scripts/packing.py), 0.28 MB.
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
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/",
                                   env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheelPath));
const compiled = pyodide.runPython(`
import importlib.util, io, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

source = zipfile.ZipFile("/tmp/engine.whl")
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as wheel:
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith(".py"):
            wheel.writestr(info, data, compress_type=zipfile.ZIP_STORED)
            continue
        code = compile(data, info.filename, "exec", dont_inherit=True)
        pyc = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        wheel.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data),
                                              checked=False))
out.getvalue()
`);
writeFileSync(wheelPath, compiled.toJs());
compiled.destroy();
