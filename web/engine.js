// Starts the engine worker (web/worker/engine.mjs) as soon as the page's head is read,
// so Pyodide boots while the page and its UI start, and gives the UI its calls:
// tycoonEngine.call(name, ...jsonTexts) answers the worker's JSON text, and
// tycoonEngine.ready settles once the engine has started (or could not). Then it starts
// PyScript and the UI, which make those calls.
(() => {
  "use strict";
  const worker = new Worker(new URL("worker/engine.mjs", document.currentScript.src),
                            { type: "module" });
  const waiting = new Map();  // id -> {resolve, reject}
  let lastId = 0;
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  ready.catch(() => {});  // the UI reads the failure when it asks

  function failAll(message) {
    settle.reject(new Error(message));
    for (const call of waiting.values()) call.reject(new Error(message));
    waiting.clear();
  }

  worker.onmessage = ({ data }) => {
    if (data.ready) return settle.resolve();
    if (data.failed) return failAll(data.failed);
    const call = waiting.get(data.id);
    if (!call) return;
    waiting.delete(data.id);
    if (data.error === undefined) call.resolve(data.answer);
    else call.reject(new Error(data.error));
  };
  // The worker's script could not load (a network failure while it was not cached).
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || "the engine's worker could not start");
  };

  window.tycoonEngine = {
    ready,
    call(name, ...args) {
      return new Promise((resolve, reject) => {
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, name, args });
      });
    },
  };

  // PyScript as a module script added here runs in a task of its own once fetched: as a
  // tag of the page it ran in the task that ends the page's parsing, beside the
  // browser's own work on the page's form controls, one task too long for a phone.
  const pyscript = document.createElement("script");
  pyscript.type = "module";
  pyscript.src = new URL("../vendor/pyscript/core.js", document.currentScript.src).href;
  document.head.append(pyscript);
})();
