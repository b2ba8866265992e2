// The standard library the engine's worker ships: only what it imports, found by tracing
// the imports of Pyodide (in Node, from the pinned npm package) as it starts and runs the
// engine worker, and compiled to bytecode (scripts/stdlib_trace.py says how and why).
//
//   node scripts/stdlib_zip.mjs ENGINE_WHEEL ENGINE_WORKER SCENARIOS_DIR OUT_ZIP
//
// Writes OUT_ZIP, then starts a second Pyodide from it alone (``stdLibURL``, as
// web/worker/boot.mjs does) and plays the same calls again: it exits non-zero, naming
// what is missing, if any import that worked with the whole library fails with the
// trimmed one. Prints the figures of both as JSON.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = join(root, "node_modules", "pyodide") + "/";
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const [wheelPath, workerPath, scenariosDir, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node scripts/stdlib_zip.mjs ENGINE_WHEEL ENGINE_WORKER SCENARIOS_DIR "
                + "OUT_ZIP");
  process.exit(2);
}
const wheel = new Uint8Array(readFileSync(wheelPath));
// What the worker runs once a snapshot is restored and the wheel unpacked.
const restoredImports = /^const RESTORED_IMPORTS = (".*");$/m.exec(
  readFileSync(join(root, "web", "worker", "boot.mjs"), "utf8"));
if (!restoredImports) throw new Error("web/worker/boot.mjs names no RESTORED_IMPORTS");
const scenarios = readdirSync(scenariosDir).filter((name) => name.endsWith(".json")).sort()
  .map((name) => readFileSync(join(scenariosDir, name), "utf8"));

// web/worker/saves.mjs over a Map (Node has no Cache Storage), with its answers' shape;
// its first write is refused for a full quota, so the worker's storage error is met too.
function savesStandIn() {
  const kept = new Map();
  let next = 0;
  let refuseWrite = true;
  return {
    async claim(path) {
      const found = kept.get(path);
      if (!found) return { found: false, text: "", revision: "", size: 0, error: "" };
      found.revision = `r${++next}`;
      return { found: true, text: found.text, revision: found.revision,
               size: found.text.length, error: "" };
    },
    async write(path, text, expected) {
      if (refuseWrite) {
        refuseWrite = false;
        throw new Error("QuotaExceededError: the quota has been exceeded");
      }
      if ((kept.get(path)?.revision ?? "") !== expected) return { stale: true, revision: expected };
      const revision = `r${++next}`;
      kept.set(path, { text, revision });
      return { stale: false, revision };
    },
    async remove(path, expected) {
      if (kept.has(path) && kept.get(path).revision !== expected) {
        return { stale: true, revision: expected };
      }
      kept.delete(path);
      return { stale: false, revision: "" };
    },
  };
}

// Pyodide started as the engine's worker starts it (``options``: its standard library),
// its imports recorded from then on; the worker set up as web/worker/boot.mjs and
// engine.mjs set it up, and its calls played. The worker's storage warnings are expected.
async function runTheWorker(options) {
  const pyodide = await loadPyodide({ indexURL, ...options });
  pyodide.FS.writeFile("stdlib_trace.py", readFileSync(join(root, "scripts", "stdlib_trace.py")));
  pyodide.runPython("import stdlib_trace; asked, failed = stdlib_trace.record_imports()");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: "." });
  pyodide.runPython(JSON.parse(restoredImports[1]));
  pyodide.FS.writeFile("engine_worker.py", readFileSync(workerPath));
  pyodide.FS.writeFile("worker_saves.py", readFileSync(join(dirname(workerPath), "worker_saves.py")));
  pyodide.registerJsModule("site_saves", savesStandIn());
  const engineModules = pyodide.runPython(`
import os
sorted(os.path.join(folder, name).removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
       for folder, _, names in os.walk("engine") for name in names
       if name.endswith(".pyc") and name != "__main__.pyc")
`).toJs();
  const warn = console.warn;
  console.warn = () => {};
  try {
    const worker = pyodide.pyimport("engine_worker");
    const calls = await pyodide.pyimport("stdlib_trace").exercise(worker, engineModules, scenarios);
    try {
      pyodide.runPython("raise ValueError('an error the worker passes on')");
    } catch {
      // Pyodide has formatted its traceback for JavaScript, as the worker's errors are.
    }
    pyodide.runPython("stdlib_trace.stop_recording(asked, failed)");
    return { pyodide, calls, engineModules: engineModules.length };
  } finally {
    console.warn = warn;
  }
}

const full = await runTheWorker({ env: { PYTHONNODEBUGRANGES: "1" } });
const trimmed = full.pyodide.runPython(`
import sys
library = stdlib_trace.stdlib_zip_path()
members = stdlib_trace.modules_from_zip(library, dict(sys.modules), asked.names)
stdlib_trace.trimmed_stdlib(library, members, library)
`);
writeFileSync(outPath, trimmed.toJs());
trimmed.destroy();

function refuse(why) {
  console.error(`The trimmed standard library ${outPath} lacks what the engine imports: ${why}`);
  process.exit(1);
}
let checked;
try {
  checked = await runTheWorker({ stdLibURL: outPath });
} catch (error) {
  refuse(String(error));
}
const missing = checked.pyodide.runPython("sorted(failed.names)").toJs()
  .filter((name) => !full.pyodide.runPython("failed.names").has(name));
if (missing.length) refuse(missing.join(", "));
const modules = (run) => run.pyodide.runPython(
  "import zipfile; len(zipfile.ZipFile(stdlib_trace.stdlib_zip_path()).namelist())");
console.log(JSON.stringify({ engine_modules: checked.engineModules, calls: checked.calls,
                             stdlib_modules: modules(checked), whole_stdlib_files: modules(full) }));
