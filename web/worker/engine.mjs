// The engine worker: Pyodide with the engine, started by the page's head (web/engine.js)
// before anything else of the page runs. Once engine_worker is imported it answers the
// page's calls: a message {id, name, args} (args JSON text) is answered {id, answer}
// (JSON text), or {id, error} when the call could not be made at all, or {id, stopped}
// when Pyodide has failed fatally (a stack overflow inside it, say) and can answer nothing
// any more: the page then lets this worker go (web/engine.js). On a first visit it also
// posts what it has downloaded, {downloaded, open} (web/worker/progress.mjs).
import "./progress.mjs";  // first: it counts the downloads on a first visit
import { bootEngine, engineCalled, siteText } from "./boot.mjs";
import * as saves from "./saves.mjs";

// Messages can arrive while Python starts: each waits for it.
const started = (async () => {
  const pyodide = await bootEngine({ engine_worker: "web/worker/engine_worker.py",
                                   worker_saves: "web/worker/worker_saves.py" });
  pyodide.registerJsModule("site_saves", saves);  // the worker's saves, by revision
  pyodide.registerJsModule("site_files", { text: siteText });  // a language's catalogue
  const module = pyodide.pyimport("engine_worker");
  return { pyodide, module, exported: new Set(module.__export__.toJs()) };
})();

const message = (error) => String((error && error.message) || error);

// After a fatal error Pyodide's API throws at every use ("Pyodide already fatally failed").
function failedFatally(pyodide) {
  try {
    return pyodide.globals === undefined;
  } catch {
    return true;
  }
}

async function answer({ id, name, args }) {
  engineCalled();
  let pyodide = null;
  try {
    const engine = await started;
    pyodide = engine.pyodide;
    if (!engine.exported.has(name)) throw new Error(`the engine has no call named ${name}`);
    postMessage({ id, answer: await engine.module[name](...args) });
  } catch (error) {
    const fatal = pyodide !== null && failedFatally(pyodide);
    postMessage(fatal ? { id, stopped: message(error) } : { id, error: message(error) });
  }
  engineCalled();
}

self.onmessage = (event) => { answer(event.data); };
started.then(() => postMessage({ ready: true }),
             (error) => postMessage({ failed: message(error) }));
