// Starts the engine worker (web/worker/engine.mjs) as soon as the page's head is read,
// so Pyodide boots while the page starts, and gives the UI its calls:
// tycoonEngine.call(name, ...jsonTexts) answers the worker's JSON text, and
// tycoonEngine.ready settles once the engine has started (or could not). It tells the
// lobby how the engine is doing, and once the engine is up registers the service
// worker (tycoonEngine.serviceWorker: its registration, or null), so a visit that only
// read the lobby still works offline next time.
//
// The UI (PyScript and MicroPython, on the main thread) starts at once when the page
// holds something of the player's (a link's game, kept choices, settings, a saved
// table) or is an embedded table, which its reader's Play started. On a first visit with
// nothing kept, the lobby is plain HTML and needs no Python until the player's first
// choice, tap or panel (web/early-input.js calls tycoonEngine.startUi): a phone's main
// thread stays free while the visitor reads, and MicroPython's start overlaps their
// choosing and the engine's start, which is longer.
(() => {
  "use strict";
  const ENGINE_SLOW_MS = 60_000;  // when to tell the player that loading is taking unusually long
  const engineScript = document.currentScript.src;
  const worker = new Worker(new URL("worker/engine.mjs", engineScript),
                            { type: "module" });
  const waiting = new Map();  // id -> {resolve, reject}
  let lastId = 0;
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const status = document.getElementById("engine-status");
  const embedded = document.body.dataset.embed === "true";

  const slow = setTimeout(() => {
    status.textContent = "Still getting the cards ready: a slow connection? " +
      "Reloading the page may help.";
  }, ENGINE_SLOW_MS);
  ready.then(() => {
    status.textContent = "Ready to play";
    status.dataset.state = "ready";
  }, (error) => {
    console.error("Tycoon Table's engine could not start: " + error.message);
    status.textContent = "The cards could not be made ready. Reloading the page may help.";
    status.dataset.state = "failed";
  }).finally(() => clearTimeout(slow));

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

  // After the engine: the worker's own downloads fill the HTTP cache first, so
  // precaching revalidates them instead of downloading them twice. An embedded table
  // is a guest in another site's page and installs nothing.
  const serviceWorker = ready.then(async () => {
    if (embedded || !("serviceWorker" in navigator)) return null;
    const registration = await navigator.serviceWorker.register("service-worker.js");
    document.body.dataset.serviceWorker = "registered";
    return registration;
  }).catch((error) => {
    console.warn("Tycoon Table will not work offline: " + error.message);
    return null;
  });

  let uiStarted = false;
  // PyScript as a module script added here runs in a task of its own once fetched: as a
  // tag of the page it ran in the task that ends the page's parsing, beside the
  // browser's own work on the page's form controls, one task too long for a phone.
  function startUi() {
    if (uiStarted) return;
    uiStarted = true;
    const pyscript = document.createElement("script");
    pyscript.type = "module";
    pyscript.src = new URL("../vendor/pyscript/core.js", engineScript).href;
    document.head.append(pyscript);
  }

  window.tycoonEngine = {
    ready,
    serviceWorker,
    startUi,
    call(name, ...args) {
      return new Promise((resolve, reject) => {
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, name, args });
      });
    },
  };

  function keepsAnything() {
    try {
      return localStorage.length > 0;
    } catch (error) {
      return true;  // storage that throws: the UI tells the player at once
    }
  }

  // An embedded table starts on its reader's Play, the UI with it.
  if (embedded || location.hash || keepsAnything()
      || (window.earlyInput && window.earlyInput.wantsUi)) {
    startUi();
  } else {
    document.body.dataset.ui = "on-demand";
  }
})();
