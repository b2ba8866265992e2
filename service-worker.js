// Tycoon Table's service worker: the whole site, precached, answered from the cache.
//
// scripts/build_site.py replaces the PRECACHE line below with every file of the
// site and a hash of its content ([url relative to the scope, revision]).
// Install precaches it all as a dependency (any failure fails the install);
// a file whose revision is unchanged is copied from the previous version's
// cache instead of being downloaded again. The new version waits until the
// page asks it to take over (the page offers "Update"), so a game in progress
// never has its code swapped underneath it. Activate deletes the caches of
// every other version of this site, and keeps the saved game's cache.
//
// Every cache is named in the site's own namespace, its scope's path (the folder that
// holds index.html): two copies of the site on one origin (project pages of one GitHub
// account) never read or delete each other's caches. No name starts "tycoon-table-":
// earlier versions named every cache so, for the whole origin, and delete every such
// cache but their own when they activate.

const PRECACHE = [];

const NAMESPACE = "tycoon-table@";
const scope = self.registration.scope;
const namespace = `${NAMESPACE}${new URL(scope).pathname} `;
// A version's cache: this and a hash of its files. Only these are deleted: the namespace
// also holds the games saved (web/worker/saves.mjs) and the engine's memory snapshot
// (web/worker/boot.mjs, which replaces it itself), kept from version to version.
const VERSION_CACHE = "site ";
// Earlier versions' caches, named for the whole origin. Their saves' cache is left to
// the engine worker, which takes each save over into this site's own.
const LEGACY_PREFIX = "tycoon-table-";
const LEGACY_SAVES_CACHE = "tycoon-table-saves";
const REVISION_HEADER = "x-precache-revision";
// What a first visit's engine worker downloaded, kept for the precache to take instead of
// downloading it again (web/worker/boot.mjs); deleted once the precache is made.
const DOWNLOADS_CACHE = "first-visit downloads";

// The first 16 hex digits of the SHA-256 of `bytes`: a revision, as the build writes it.
async function digest(bytes) {
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash.slice(0, 8)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// One cache per version of the site, named after all its revisions.
const cacheName = digest(new TextEncoder().encode(JSON.stringify(PRECACHE))).then(
  (hash) => namespace + VERSION_CACHE + hash);

function absolute(url) {
  return new URL(url, scope).href;
}

// Whether an earlier version's cache `name` is this site's own: a version of it (its
// page among its files) or its engine's snapshot, every entry inside this site's scope.
// Another copy's, elsewhere on the origin, is left alone, and so are the saves.
async function earlierVersionOfThisSite(name) {
  if (!name.startsWith(LEGACY_PREFIX) || name === LEGACY_SAVES_CACHE) return false;
  const urls = (await (await caches.open(name)).keys()).map((request) => request.url);
  const page = absolute("index.html");
  const snapshots = absolute("engine-snapshot/");
  return urls.length > 0 && urls.every((url) => url.startsWith(scope))
    && urls.some((url) => url === page || url.startsWith(snapshots));
}

function withRevision(response, body, revision) {
  const headers = new Headers(response.headers);
  headers.set(REVISION_HEADER, revision);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

// The file as this visit's engine worker downloaded it, if its content is the revision's.
async function downloaded(url, revision) {
  const response = await caches.match(absolute(url), { cacheName: namespace + DOWNLOADS_CACHE });
  if (!response) return null;
  const body = await response.arrayBuffer();
  return await digest(body) === revision ? withRevision(response, body, revision) : null;
}

async function precacheOne(cache, url, revision) {
  const previous = await caches.match(absolute(url));
  if (previous && previous.headers.get(REVISION_HEADER) === revision) {
    await cache.put(absolute(url), previous);
    return;
  }
  const kept = await downloaded(url, revision);
  if (kept) {
    await cache.put(absolute(url), kept);
    return;
  }
  // "no-cache" revalidates with the server, so the HTTP cache can answer 304
  // for the big runtime files the page has just downloaded.
  // A file missing, cut short or of another version (the site's files being replaced)
  // fails the install: a new version half uploaded never replaces a working one, and the
  // next update check tries again.
  const response = await fetch(absolute(url), { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`precache ${url}: HTTP ${response.status}`);
  }
  const body = await response.arrayBuffer();
  if (await digest(body) !== revision) {
    throw new Error(`precache ${url}: not the revision ${revision}`);
  }
  await cache.put(absolute(url), withRevision(response, body, revision));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(await cacheName);
      await Promise.all(PRECACHE.map(([url, revision]) => precacheOne(cache, url, revision)));
      await caches.delete(namespace + DOWNLOADS_CACHE);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = await cacheName;
      for (const name of await caches.keys()) {
        const olderVersion = name.startsWith(namespace + VERSION_CACHE) && name !== current;
        if (olderVersion || await earlierVersionOfThisSite(name)) {
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

// A big file's packed form (web/worker/packed.mjs): a worker started before this service
// worker took it over (the first visit's snapshot maker, say) may ask for one.
const PACKED_SUFFIX = ".xz";

async function fromCache(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";  // a link's fragment (a shared deal, a challenge) is the page's, not the file's
  // The scope's own address (the manifest's start_url) is the page.
  const key = url.href === self.registration.scope ? absolute("index.html") : url.href;
  // Matched by name, not opened: an old version still answering a worker's request
  // while the new one activates must not create again the cache it has just deleted.
  const cached = await caches.match(key, { cacheName: await cacheName });
  if (cached) return cached;
  // The cache keeps the file itself, unpacked: the packed form is sent there, offline too.
  const unpacked = key.endsWith(PACKED_SUFFIX) && key.slice(0, -PACKED_SUFFIX.length);
  if (unpacked && await caches.match(unpacked, { cacheName: await cacheName })) {
    return Response.redirect(unpacked, 302);
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && new URL(request.url).origin === self.location.origin) {
    event.respondWith(fromCache(request));
  }
});
