// The engine worker's saves (web/worker/engine_worker.py calls these as the module
// `site_saves`): each game's log, kept in this site's own cache, under a key of its own
// save slot, with the revision it was written at.
//
// Several tabs, each with its worker, may hold the same game. A write succeeds only if
// the stored revision is the one this worker last read or wrote, so a tab that fell
// behind can never overwrite what another tab saved since: its write is refused, and
// its page is told. The comparison and the write happen under a Web Lock of that save,
// which every worker of the origin shares; a browser without Web Locks still compares
// before it writes.
//
// Every name is scoped to the site's folder (its service worker's scope), so two copies
// of the site on one origin never touch each other's saves. Earlier versions kept the
// saves in one cache for the whole origin: the first copy to claim a save slot takes
// its save from there (service-worker.js never deletes that cache).

const NAMESPACE = "tycoon-table@";  // never "tycoon-table-": earlier versions delete those
const SAVES_CACHE = "saves";  // service-worker.js keeps this cache when it deletes old versions
const LEGACY_SAVES_CACHE = "tycoon-table-saves";
const REVISION_HEADER = "x-tycoon-revision";
// The revision of a save an earlier version wrote (a bare log), and of no save at all.
const FIRST_REVISION = "0";
const NO_SAVE = "";

export const site = new URL("../../", import.meta.url);
const namespace = `${NAMESPACE}${site.pathname}`;
const cacheName = `${namespace} ${SAVES_CACHE}`;

function newRevision() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const revisionOf = (response) => response.headers.get(REVISION_HEADER) || FIRST_REVISION;

function saved(text, revision) {
  return new Response(text, { headers: { "content-type": "application/json",
                                         [REVISION_HEADER]: revision } });
}

// `work()` while this worker holds the lock named `name`: no other worker of the origin
// holding it meanwhile.
function locked(name, work) {
  const locks = globalThis.navigator && navigator.locks;
  return locks ? locks.request(name, () => work()) : work();
}

// The save an earlier version kept for this slot (`legacyPath`, a path of the origin),
// moved into this site's cache: written here first, then deleted there.
async function takeLegacy(cache, url, legacyPath) {
  if (!await caches.has(LEGACY_SAVES_CACHE)) return undefined;  // opening would create it
  return locked("tycoon-table legacy saves", async () => {
    const legacy = await caches.open(LEGACY_SAVES_CACHE);
    const legacyUrl = new URL(legacyPath, site).href;
    const found = await legacy.match(legacyUrl);
    if (!found) return undefined;
    await cache.put(url, saved(await found.text(), FIRST_REVISION));
    await legacy.delete(legacyUrl);
    if ((await legacy.keys()).length === 0) await caches.delete(LEGACY_SAVES_CACHE);
    return cache.match(url);
  });
}

// The save of `path` (relative to the site), claimed by this worker: read, and written
// again at a new revision, so that whatever another tab's worker still had under way is
// refused from now on. Answers {found, text, revision, size, error}: `text` is "" when
// the save holds more than `maxBytes` (its `size` says how much); `error` is why the new
// revision could not be written (the game then goes on at the revision read).
export async function claim(path, legacyPath, maxBytes) {
  const url = new URL(path, site).href;
  return locked(`${namespace} save ${url}`, async () => {
    const cache = await caches.open(cacheName);
    const stored = await cache.match(url) || await takeLegacy(cache, url, legacyPath);
    const answer = { found: false, text: "", revision: NO_SAVE, size: 0, error: "" };
    if (!stored) return answer;
    const body = await stored.blob();
    Object.assign(answer, { found: true, revision: revisionOf(stored), size: body.size });
    if (body.size > maxBytes) return answer;
    answer.text = await body.text();
    const revision = newRevision();
    try {
      await cache.put(url, saved(answer.text, revision));
      answer.revision = revision;
    } catch (error) {
      answer.error = String(error);
    }
    return answer;
  });
}

// Write `text` as the save of `path` if it is still at `expected` (the revision this
// worker last read or wrote; "" for none). Answers {stale, revision}: when `stale`, the
// save was left as another tab wrote it. A refusal of the browser's is thrown.
export async function write(path, text, expected) {
  const url = new URL(path, site).href;
  return locked(`${namespace} save ${url}`, async () => {
    const cache = await caches.open(cacheName);
    const stored = await cache.match(url);
    if ((stored ? revisionOf(stored) : NO_SAVE) !== expected) {
      return { stale: true, revision: expected };
    }
    const revision = newRevision();
    await cache.put(url, saved(text, revision));
    return { stale: false, revision };
  });
}

// Delete the save of `path` if it is still at `expected`; answers {stale, revision} as
// `write` does ("" once deleted).
export async function remove(path, expected) {
  const url = new URL(path, site).href;
  return locked(`${namespace} save ${url}`, async () => {
    const cache = await caches.open(cacheName);
    const stored = await cache.match(url);
    if (stored && revisionOf(stored) !== expected) return { stale: true, revision: expected };
    await cache.delete(url);
    return { stale: false, revision: NO_SAVE };
  });
}
