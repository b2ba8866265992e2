// On a first visit, the big files come packed with xz, 1.4 MB fewer than gzip sends
// (scripts/packing.py): Pyodide's wasm, the standard library and the engine's wheel.
// Where the page asks, by the worker's name ("packed": no service worker answered the page,
// so the network would), fetch gets a packed file's `.xz` and answers with the file itself,
// unpacked as it arrives, so Pyodide compiles the wasm while it downloads. A service worker
// keeps the files unpacked (the first visit's, kept by boot.mjs): where one answers, fetch
// is left alone, and a packed form asked of it (by a worker named before it took over) is
// sent to the file itself. Imported by boot.mjs, after progress.mjs has wrapped fetch: the
// progress bar counts the packed bytes, as they come.
const PACKED = {};  // the build writes {path on the site: the type of its content}
const SUFFIX = ".xz";
const WORD = "packed";  // a word of the worker's name (web/engine.js)

const site = new URL("../../", import.meta.url).href;
let decoder = null;  // the xz decoder's module, imported on the first packed file

function packedPath(resource) {
  // A relative address is read against this worker's own, as fetch reads it.
  const url = resource instanceof Request ? resource.url
    : new URL(String(resource), self.location.href).href;
  const path = url.startsWith(site) ? url.slice(site.length) : null;
  return path !== null && Object.hasOwn(PACKED, path) ? path : null;
}

if (self.name.split(" ").includes(WORD)) {
  const fetchOnly = self.fetch;
  self.fetch = async (resource, options) => {
    const path = packedPath(resource);
    if (path === null) return fetchOnly(resource, options);
    const response = await fetchOnly(site + path + SUFFIX, options);
    if (!response.ok) return response;  // the caller reports the failure, as for any file
    if (!response.url.endsWith(SUFFIX)) return response;  // the service worker's, unpacked
    decoder ||= import("../../vendor/xz/xz-decompress.mjs");
    const { XzReadableStream } = await decoder;
    return new Response(new XzReadableStream(response.body),
                        { headers: { "Content-Type": PACKED[path] } });
  };
}
