// Starts the engine worker (web/worker/engine.mjs) as soon as the page's head is read,
// so Pyodide boots while the page starts, and gives the UI its calls:
// tycoonEngine.call(name, ...jsonTexts) answers the worker's JSON text, and
// tycoonEngine.ready settles once the engine has started (or could not). It tells the
// lobby how the engine is doing, and once the engine is up registers the service
// worker (tycoonEngine.serviceWorker: its registration, or null), so a visit that only
// read the lobby still works offline next time. On a first visit it has the worker count
// its downloads, and tells web/loading.js, which shows their progress.
//
// An engine that could not start (a file of the site missing, cut short or of another
// version, while the site's files are being replaced; web/worker/boot.mjs checks them as
// they come) is told in a banner, with a Retry, which reloads the page: the engine's
// worker then asks the server again for what its HTTP cache holds.
//
// A call always settles, and never rejects: when the worker cannot answer it, it answers
// an envelope of its own, {"ok": false, "error": {"type", "message"}}, as the engine
// does. A worker that dies after its start (Pyodide failed fatally, or the worker's
// script threw) is told on the page with a Restart, which reloads it: the worker saved
// the game after every action, and the new one resumes it. Its calls waiting, and every
// later one, answer "EngineStopped"; the lobby never says "Ready to play" over it.
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
  // Where a service worker will precache the site, the engine's worker keeps its first
  // downloads for it (web/worker/boot.mjs), so nothing is downloaded twice. On a first
  // visit (no service worker answers the page yet) its files come over the network and
  // their progress is shown (web/loading.js): the worker counts its downloads, and
  // fetches the big ones packed (web/worker/packed.mjs). It is told all by its name, a
  // word each, known to it at once (web/worker/progress.mjs says why), where a message
  // would arrive only after its downloads had begun.
  const precached = document.body.dataset.embed !== "true" && "serviceWorker" in navigator;
  const firstVisit = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  // web/loading.js's, or, were it missing (a page of another version), one that shows nothing.
  const loading = window.tycoonLoading
    || { expect() {}, downloaded() {}, engineSettled() {} };
  // A reload (the Retry below, or the player's own) has the worker revalidate its files.
  const [navigation] = performance.getEntriesByType("navigation");
  const reloaded = navigation !== undefined && navigation.type === "reload";
  // "checking": no service worker answers, so the worker checks its big files itself.
  const name = ["engine", precached && "precached", firstVisit && "counting",
                firstVisit && "packed", firstVisit && "checking",
                reloaded && "reloaded"].filter(Boolean);
  const worker = new Worker(new URL("worker/engine.mjs", engineScript),
                            { type: "module", name: name.join(" ") });
  if (firstVisit) loading.expect("engine");
  const waiting = new Map();  // id -> the call's resolve
  let lastId = 0;
  let state = "starting";  // then "ready", "failed" (it never started) or "stopped"
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  // An element of the page, or a stand-in no one sees where the page lacks it (a page of
  // another version, met while the site's files are being replaced): nothing read of null.
  const byId = (id) => document.getElementById(id) || document.createElement("div");
  const status = byId("engine-status");
  const embedded = document.body.dataset.embed === "true";

  // Said in the page's language when said (the player may have switched since the start).
  const { say } = window.tycoonLanguage;
  const refusal = (type, message) => JSON.stringify({ ok: false, error: { type, message } });
  const STOPPED = () => refusal("EngineStopped", say(
    "The game stopped working. Restart it to play on: your game is kept."));
  const NOT_STARTED = () => refusal("EngineStopped", say("The cards could not be made ready."));
  const UNANSWERED = () => refusal("EngineError", say("The game could not answer that. Try again."));

  // A first visit shows its download's progress, and says when the connection stalls: a
  // reload would only begin the download again.
  const slow = firstVisit ? null : setTimeout(() => {
    status.textContent = say(
      "Still getting the cards ready: a slow connection? Reloading the page may help.");
  }, ENGINE_SLOW_MS);
  ready.then(() => {
    status.textContent = say("Ready to play");
    status.dataset.state = "ready";
    loading.engineSettled(true);
  }, (error) => {
    loading.engineSettled(false);
    console.error("Tycoon Table's engine could not start: " + error.message);
    status.textContent = say("The cards could not be made ready.");
    status.dataset.state = "failed";
    byId("engine-failed").hidden = false;
  }).finally(() => clearTimeout(slow));

  function answerAll(answer) {
    for (const resolve of waiting.values()) resolve(answer);
    waiting.clear();
  }

  function startFailed(message) {
    if (state !== "starting") return;
    state = "failed";
    worker.terminate();  // it may be waiting for a file that will not come
    settle.reject(new Error(message));
    answerAll(NOT_STARTED());
  }

  // The worker can answer nothing more: it is let go, and the player told.
  function stop(reason) {
    if (state !== "ready") return;
    state = "stopped";
    worker.terminate();
    console.error("Tycoon Table's engine stopped: " + reason);
    answerAll(STOPPED());
    status.textContent = say("The game stopped working.");
    status.dataset.state = "stopped";
    byId("engine-stopped").hidden = false;
    window.dispatchEvent(new Event("tycoon-engine-stopped"));  // the table stops taking moves
  }
  byId("engine-restart").addEventListener("click", () => location.reload());
  byId("engine-retry").addEventListener("click", () => location.reload());

  worker.onmessage = ({ data }) => {
    if (data.downloaded) return loading.downloaded(data.downloaded, data.open);
    if (data.ready) {
      if (state !== "starting") return;
      state = "ready";
      return settle.resolve();
    }
    if (data.failed !== undefined) return startFailed(data.failed);
    if (data.stopped !== undefined) return stop(data.stopped);
    const resolve = waiting.get(data.id);
    if (!resolve) return;
    waiting.delete(data.id);
    if (data.error === undefined) return resolve(data.answer);
    console.error("Tycoon Table's engine could not answer: " + data.error);
    resolve(UNANSWERED());
  };
  // Before the engine is up: its script could not load (a network failure while it was
  // not cached). After: the worker threw where nothing caught it, and may answer nothing
  // more (a call's own failure is caught in the worker and answered).
  worker.onerror = (event) => {
    event.preventDefault();
    const message = event.message || "the engine's worker failed";
    if (state === "starting") startFailed(message);
    else stop(message);
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
    if (firstVisit) loading.expect("ui");
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
      if (state === "stopped") return Promise.resolve(STOPPED());
      if (state === "failed") return Promise.resolve(NOT_STARTED());
      return new Promise((resolve) => {
        const id = ++lastId;
        waiting.set(id, resolve);
        worker.postMessage({ id, name, args });
      });
    },
  };

  // Something of this site's own (web/storage.mjs names it), or an earlier version's
  // for the whole origin, which the UI moves in: another copy's data on the origin is not.
  function keepsAnything() {
    const own = `tycoon-table@${new URL("../", engineScript).pathname} `;
    try {
      return Object.keys(localStorage).some(
        (name) => name.startsWith(own) || name.startsWith("tycoon-table/"));
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
