// The engine worker: Pyodide with the engine, started by the page's head (web/engine.js)
// before anything else of the page runs. Once engine_worker is imported it answers the
// page's calls: a message {id, name, args} (args JSON text) is answered {id, answer}
// (JSON text), or {id, error} when the call could not be made at all.
import { bootEngine, engineCalled } from "./boot.mjs";
import * as saves from "./saves.mjs";

// Messages can arrive while Python starts: each waits for it.
const started = (async () => {
  const pyodide = await bootEngine({ engine_worker: "web/worker/engine_worker.py" });
  pyodide.registerJsModule("site_saves", saves);  // the worker's saves, by revision
  const module = pyodide.pyimport("engine_worker");
  return { module, exported: new Set(module.__export__.toJs()) };
})();

const message = (error) => String((error && error.message) || error);

async function answer({ id, name, args }) {
  engineCalled();
  try {
    const { module, exported } = await started;
    if (!exported.has(name)) throw new Error(`the engine has no call named ${name}`);
    postMessage({ id, answer: await module[name](...args) });
  } catch (error) {
    postMessage({ id, error: message(error) });
  }
  engineCalled();
}

self.onmessage = (event) => { answer(event.data); };
started.then(() => postMessage({ ready: true }),
             (error) => postMessage({ failed: message(error) }));
