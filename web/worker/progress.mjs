// Counts what the engine's worker downloads on a first visit, for the page's progress bar
// (web/loading.js): the decoded bytes read so far of each file of the site, and how many
// downloads are still open, posted to the page as {downloaded: {path: bytes}, open} every
// quarter of a second while any is open, and once more as the last ends. Imported first
// by engine.mjs, so that it wraps fetch before Pyodide and boot.mjs fetch anything:
// Pyodide fetches its wasm, its standard library and its lock file with the global
// fetch, and imports pyodide.asm.mjs, which its resource timing counts once it is in.
// (boot.mjs's fetch that keeps the first visit's downloads wraps this one.)
// While Python starts, this worker runs for seconds without a break, and neither counts
// nor posts: the page reads its silence so, not as a stalled connection.
//
// Only when the page asks, by the worker's name (known here at once, where a message
// would arrive only after the downloads had begun): a first visit, which no service
// worker answers. A start from the cache counts nothing, and Pyodide gets the very
// responses it asked for (each download is counted on a clone), so the browser's cache
// of compiled wasm is kept.
const COUNTING = "counting";  // a word of the worker's name (web/engine.js)
const POST_EVERY_MS = 250;

const site = new URL("../../", import.meta.url).href;
const downloaded = new Map();  // a path on the site -> its decoded bytes read so far
let open = 0;  // downloads being read
let posting = null;

function post() {
  postMessage({ downloaded: Object.fromEntries(downloaded), open });
}

function counted(url, bytes) {
  if (!url.startsWith(site)) return;
  const path = url.slice(site.length).split(/[?#]/)[0];
  if (bytes > (downloaded.get(path) || 0)) downloaded.set(path, bytes);
}

async function countBody(url, body) {
  const reader = body.getReader();
  let bytes = 0;
  open += 1;
  posting = posting || setInterval(post, POST_EVERY_MS);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      counted(url, bytes);
    }
  } catch {
    // The download failed: whoever asked for it reads the failure from its own response.
  }
  open -= 1;
  if (open === 0) {
    clearInterval(posting);
    posting = null;
  }
  post();
}

if (self.name.split(" ").includes(COUNTING)) {
  const siteFetch = self.fetch;
  self.fetch = async (...request) => {
    const response = await siteFetch(...request);
    if (response.ok && response.body) countBody(response.url, response.clone().body);
    return response;
  };
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) counted(entry.name, entry.decodedBodySize);
    if (posting === null) post();  // else the next post has it
  }).observe({ type: "resource", buffered: true });
}
