// Pyodide with the engine on sys.path, as the app's engine worker (engine.mjs) starts it;
// bench/bot_latency.py's worker starts the same way. Pyodide boots while the engine's
// wheel and any other files named download beside it.
//
// The first start on a version of the site saves Pyodide's memory with the engine
// imported (a memory snapshot, about 31 MB, in Cache Storage), made aside once the engine
// has been idle a few seconds; the next starts restore it instead of starting Python and
// importing the engine again, about four times sooner (docs/PERFORMANCE.md). A snapshot that cannot be read or restored is deleted, and
// Pyodide starts as it would without one.
import "./packed.mjs";  // before any download: a first visit's big files come packed
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

export const site = new URL("../../", import.meta.url);
const indexURL = new URL("vendor/pyodide/", site).href;
// Only the standard library the engine's worker imports, compiled (scripts/stdlib_zip.mjs):
// a third of Pyodide's whole one.
const stdLibURL = new URL("vendor/pyodide/engine_stdlib.zip", site).href;

// The snapshot's cache, in the site's own namespace (its folder: two copies of the site on
// one origin keep theirs apart); service-worker.js keeps it when it deletes old versions.
const NAMESPACE = "tycoon-table@";  // never "tycoon-table-": earlier versions delete those
const SNAPSHOT_CACHE = "engine-snapshot";
const snapshotCacheName = `${NAMESPACE}${site.pathname} ${SNAPSHOT_CACHE}`;
// The build writes here a hash of Pyodide's files and the engine's wheel: a snapshot
// restores only into the very Pyodide and engine it was made of.
const SNAPSHOT_VERSION = "unbuilt";
const snapshotKey = new URL(`engine-snapshot/${SNAPSHOT_VERSION}`, site).href;

// What the worker runs after a snapshot's restore (scripts/stdlib_zip.mjs traces it too).
const RESTORED_IMPORTS = "import sys; sys.path_importer_cache.clear()";

// A first visit's own downloads (Pyodide's wasm, the standard library, the wheel), kept
// as they arrive for the service worker, registered once the engine is up, to precache
// instead of downloading them again: the browser's HTTP cache may not keep a 9.6 MB file
// (a private window's keeps it in memory, and does not), and a visit on mobile data
// must not pay for it twice. service-worker.js takes each whose content has the
// revision it expects, then deletes this cache. Only where the page will register the
// service worker (web/engine.js names the worker so), and while no version of the site
// is installed: after that, the service worker answers these requests itself.
const PRECACHED_WORKER = "precached";
const DOWNLOADS_CACHE = "first-visit downloads";
const VERSION_CACHE = "site ";  // service-worker.js's: a version of the site, installed

// The site's big files (Pyodide's wasm, the standard library, the engine's wheel), each
// with its size and revision as built: the build writes {path on the site: [bytes,
// revision]} here (a revision as service-worker.js's: the first 16 hex digits of the
// content's SHA-256). While the site's files are being replaced, a visit may meet one
// missing, cut short or of another version: Pyodide then fails deep inside, or, for its
// wasm, waits for ever. So each is checked as it arrives, and the first that fails ends
// the start at once (``broken``): the page tells the player the site's files are
// incomplete, with a Retry.
const CHECKED = {};
const CHECKING = "checking";  // a word of the worker's name: no service worker answers
const RELOADED = "reloaded";  // a word of the worker's name: the page was reloaded (Retry)

// Rejects with the first checked file that failed, the start's end.
let fileFailed;
const broken = new Promise((resolve, reject) => { fileFailed = reject; });
broken.catch(() => {});  // read by each start's race; never unhandled

function checkedPath(resource) {
  const url = resource instanceof Request ? resource.url
    : new URL(String(resource), self.location.href).href;
  const path = url.startsWith(site.href) ? url.slice(site.href.length).split(/[?#]/)[0] : null;
  return path !== null && Object.hasOwn(CHECKED, path) ? path : null;
}

async function revision(chunks, length) {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes), 0, 8);
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The failure told, and the file's reader left waiting: Pyodide, which would fail loudly
// or not at all, never sees the end of it, and the page lets this worker go.
const never = new Promise(() => {});
function failed(path, reason) {
  fileFailed(new Error(`${path}: ${reason}`));
  return never;
}

// ``fetch`` for a checked file: its status; then, where no service worker answers (its
// precache checked the files already, and the very response it answers keeps the
// browser's cache of compiled wasm), its bytes as they pass (so the wasm still compiles
// as it arrives), their count and their revision.
function checkingFetch(fetchOnly, checking, reloaded) {
  return async (resource, options) => {
    const path = checkedPath(resource);
    if (path === null) return fetchOnly(resource, options);
    const [size, expected] = CHECKED[path];
    let response;
    try {
      // After a Retry the HTTP cache is asked to check its copy with the server.
      response = await fetchOnly(resource, reloaded ? { ...options, cache: "no-cache" } : options);
    } catch (error) {
      return failed(path, error.message);
    }
    if (!response.ok) return failed(path, `HTTP ${response.status}`);
    if (!checking) return response;
    const reader = response.body.getReader();
    const chunks = [];
    let bytes = 0;
    const body = new ReadableStream({
      async pull(controller) {
        let read;
        try {
          read = await reader.read();
        } catch (error) {
          return failed(path, `cut short (${error.message || error})`);
        }
        if (!read.done) {
          bytes += read.value.byteLength;
          chunks.push(read.value);
          if (bytes > size) return failed(path, `more than its ${size} bytes`);
          return controller.enqueue(read.value);
        }
        if (bytes !== size) return failed(path, `${bytes} of its ${size} bytes`);
        if (await revision(chunks, bytes) !== expected) {
          return failed(path, "not the revision this version of the site was built with");
        }
        chunks.length = 0;
        return controller.close();
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText,
                                headers: response.headers });
  };
}

// The worker's name, read once, and every fetch of a checked file checked.
const asked = self.name.split(" ");  // what the page asks of this worker (web/engine.js)
self.fetch = checkingFetch(self.fetch, asked.includes(CHECKING), asked.includes(RELOADED));

// ``started``, unless a checked file fails first.
function unlessBroken(started) {
  return Promise.race([started, broken]);
}

async function download(path, read) {
  const response = await fetch(new URL(path, site));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return read(response);
}

// A file of the site as text, for the engine's worker (engine.mjs registers it for Python
// as ``site_files``): a language's catalogue, fetched only when the page asks for it.
export function siteText(path) {
  return download(path, (response) => response.text());
}

// ``fetch`` that also keeps what it downloads of the site in the first visit's cache,
// or null where there is nothing to keep it for (a version installed, or no storage).
async function keepingFetch() {
  try {
    const own = `${NAMESPACE}${site.pathname} `;
    if ((await caches.keys()).some((name) => name.startsWith(own + VERSION_CACHE))) return null;
    const downloads = await caches.open(own + DOWNLOADS_CACHE);
    const fetchOnly = fetch;
    const kept = [];
    const keeping = async (resource, options) => {
      const response = await fetchOnly(resource, options);
      const url = new URL(response.url || String(resource), site);
      if (response.ok && url.href.startsWith(site.href) && !response.redirected) {
        kept.push(downloads.put(url.href, response.clone()).catch(() => {}));
      }
      return response;
    };
    return { keeping, restore: () => { globalThis.fetch = fetchOnly; }, kept };
  } catch {
    return null;
  }
}

// The snapshot cache, or null where storage is refused (a private window, a frame).
async function snapshotCache() {
  if (SNAPSHOT_VERSION === "unbuilt") return null;
  try {
    return await caches.open(snapshotCacheName);
  } catch {
    return null;
  }
}

async function storedSnapshot(cache) {
  try {
    const response = await cache.match(snapshotKey);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

// Only this version's snapshot is kept: the others are of an older Pyodide or engine.
async function storeSnapshot(cache, heap) {
  try {
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(snapshotKey, new Response(heap));
  } catch (error) {
    console.warn(`Tycoon Table could not keep the engine's snapshot: ${error}`);
  }
}

async function restore(cache) {
  const heap = await storedSnapshot(cache);
  if (heap === null) return null;
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: heap });
    performance.mark("engine-restored");
    return pyodide;
  } catch (error) {
    console.warn(`Tycoon Table's engine snapshot did not restore (${error}); starting anew`);
    await cache.delete(snapshotKey).catch(() => {});
    return null;
  }
}

// ``modules``: {name: path of a Python file on the site}, written beside the engine so
// that ``import name`` finds them. ``snapshot``: restore the snapshot, or have one made.
export async function bootEngine(modules = {}, { snapshot = true } = {}) {
  const keeper = snapshot && asked.includes(PRECACHED_WORKER) ? await keepingFetch() : null;
  if (keeper) globalThis.fetch = keeper.keeping;  // Pyodide fetches its files with it too
  const wheel = download("engine.whl", (response) => response.arrayBuffer());
  const sources = Object.entries(modules).map(
    ([name, path]) => download(path, (response) => response.text()).then((text) => [name, text]));
  const cache = snapshot ? await snapshotCache() : null;
  const restored = cache && await unlessBroken(restore(cache));
  let pyodide = restored;
  try {
    pyodide ||= await unlessBroken(loadPyodide({ indexURL, stdLibURL }));
  } finally {
    keeper?.restore();
  }
  // The files are not in a snapshot: the engine's modules first imported later (the bots,
  // the hints) are read from the wheel.
  pyodide.unpackArchive(new Uint8Array(await unlessBroken(wheel)), "wheel", { extractDir: "." });
  if (restored) {
    // The import system's listings of the folders, made before the wheel was unpacked,
    // dropped (importlib.invalidate_caches() would also import importlib.metadata, which
    // the shipped standard library leaves out: the engine reads no package's metadata).
    pyodide.runPython(RESTORED_IMPORTS);
  } else if (cache) {
    snapshotWanted = true;
    engineCalled();
  }
  for (const [name, text] of await Promise.all(sources)) {
    pyodide.FS.writeFile(`${name}.py`, text);
  }
  // Kept before the engine says it is up, and the page registers the service worker.
  if (keeper) await Promise.all(keeper.kept);
  return pyodide;
}

// The snapshot is made once the engine has had no call for this long: a second start of
// Pyodide beside a game's first moves would slow them on a phone, while a player choosing
// a card leaves the engine idle for seconds.
const SNAPSHOT_AFTER_IDLE_MS = 5000;
let snapshotWanted = false;
let snapshotTimer = null;

// Called by the engine's worker at each call's start and end: it puts the snapshot off.
export function engineCalled() {
  if (!snapshotWanted) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(makeSnapshotAside, SNAPSHOT_AFTER_IDLE_MS);
}

// In a worker of its own: a Pyodide started to be snapshotted cannot call the browser's
// own methods (Chromium refuses them: "Illegal invocation"), so the engine never runs in
// it. It costs one more start of Pyodide, once per version of the site.
function makeSnapshotAside() {
  snapshotWanted = false;
  // Named as this worker is, so that it fetches the files as this one did (packed.mjs).
  const maker = new Worker(new URL("./snapshot.mjs", import.meta.url),
                           { type: "module", name: self.name });
  maker.onmessage = () => maker.terminate();
}

// Pyodide with the engine imported, snapshotted and kept (web/worker/snapshot.mjs).
export async function makeSnapshot() {
  const cache = await snapshotCache();
  if (cache === null) return;
  const wheel = download("engine.whl", (response) => response.arrayBuffer());
  const pyodide = await unlessBroken(loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true }));
  pyodide.unpackArchive(new Uint8Array(await unlessBroken(wheel)), "wheel", { extractDir: "." });
  // The engine, and the standard modules its worker (engine_worker.py) imports besides.
  pyodide.runPython("import engine.api, asyncio, functools, json, re");
  await storeSnapshot(cache, pyodide.makeMemorySnapshot());
}
