// Tycoon Table's service worker: the whole site, precached, answered from the cache.
//
// scripts/build_site.py replaces the PRECACHE line below with every file of the
// site and a hash of its content ([url relative to the scope, revision]).
// Install precaches it all as a dependency (any failure fails the install);
// a file whose revision is unchanged is copied from the previous version's
// cache instead of being downloaded again. The new version waits until the
// page asks it to take over (the page offers "Update"), so a game in progress
// never has its code swapped underneath it. Activate deletes the caches of
// every other version, and keeps the saved game's cache.

const PRECACHE = [];

const CACHE_PREFIX = "tycoon-table-";
// The engine worker (web/worker/engine_worker.py) saves the game in progress here.
const SAVES_CACHE = "tycoon-table-saves";
// The engine worker's start (web/worker/boot.mjs) keeps Pyodide's memory snapshot here,
// one per version of the engine, replacing it itself.
const SNAPSHOT_CACHE = "tycoon-table-engine-snapshot";
const REVISION_HEADER = "x-precache-revision";

async function digest(text) {
  const bytes = new TextEncoder().encode(text);
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash.slice(0, 8)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// One cache per version of the site, named after all its revisions.
const cacheName = digest(JSON.stringify(PRECACHE)).then((hash) => CACHE_PREFIX + hash);

function absolute(url) {
  return new URL(url, self.registration.scope).href;
}

async function withRevision(response, revision) {
  const headers = new Headers(response.headers);
  headers.set(REVISION_HEADER, revision);
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function precacheOne(cache, url, revision) {
  const previous = await caches.match(absolute(url));
  if (previous && previous.headers.get(REVISION_HEADER) === revision) {
    await cache.put(absolute(url), previous);
    return;
  }
  // "no-cache" revalidates with the server, so the HTTP cache can answer 304
  // for the big runtime files the page has just downloaded.
  const response = await fetch(absolute(url), { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`precache ${url}: HTTP ${response.status}`);
  }
  await cache.put(absolute(url), await withRevision(response, revision));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(await cacheName);
      await Promise.all(PRECACHE.map(([url, revision]) => precacheOne(cache, url, revision)));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = await cacheName;
      for (const name of await caches.keys()) {
        const kept = [current, SAVES_CACHE, SNAPSHOT_CACHE];
        if (name.startsWith(CACHE_PREFIX) && !kept.includes(name)) {
          await caches.delete(name);
        }
      }
      // Take the page of the very first visit under control, so it works
      // offline from then on. Later versions only activate once the page
      // asked for it (or every tab of the old one is closed).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") {
    self.skipWaiting();
  }
});

async function fromCache(request) {
  const cache = await caches.open(await cacheName);
  const url = new URL(request.url);
  url.search = "";
  // The scope's own address (the manifest's start_url) is the page.
  const key = url.href === self.registration.scope ? absolute("index.html") : url.href;
  return (await cache.match(key)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && new URL(request.url).origin === self.location.origin) {
    event.respondWith(fromCache(request));
  }
});
