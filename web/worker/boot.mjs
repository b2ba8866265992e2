// Pyodide with the engine on sys.path, as the app's engine worker (engine.mjs) starts it;
// bench/bot_latency.py's worker starts the same way. Pyodide boots while the engine's
// wheel and any other files named download beside it.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

export const site = new URL("../../", import.meta.url);

async function download(path, read) {
  const response = await fetch(new URL(path, site));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return read(response);
}

// ``modules``: {name: path of a Python file on the site}, written beside the engine so
// that ``import name`` finds them.
export async function bootEngine(modules = {}) {
  const wheel = download("engine.whl", (response) => response.arrayBuffer());
  const sources = Object.entries(modules).map(
    ([name, path]) => download(path, (response) => response.text()).then((text) => [name, text]));
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  pyodide.unpackArchive(await wheel, "zip");
  for (const [name, text] of await Promise.all(sources)) {
    pyodide.FS.writeFile(`${name}.py`, text);
  }
  return pyodide;
}
