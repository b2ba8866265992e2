// What the page keeps in localStorage, as the UI's store (web/ui/store.py) reaches it:
// PyScript loads this module for the UI (its config's js_modules), as `site_storage`.
//
// Every key is named in the site's own namespace, its folder's path, so two copies of
// the site on one origin never read, replace or delete each other's data; earlier
// versions kept theirs under "tycoon-table/…" for the whole origin, and the first copy
// to start takes each of those over (`moveLegacy`).
//
// Storage throws where it is disabled or full, and a JavaScript exception cannot be
// caught from MicroPython: each call answers {ok, …} instead, with the error's kind
// ("full" or "blocked"). A value read is checked before the UI parses it: how long it
// is, and how deeply its brackets nest (MicroPython's JSON recurses when it writes, and
// a long value takes long to read), so what breaks a limit is set aside unread.

const NAMESPACE = "tycoon-table@";  // never "tycoon-table-", as the caches' names
const LEGACY_PREFIX = "tycoon-table/";
const MAX_DEPTH = 32;  // as the engine's (engine/core/limits.py): a view nests 6 deep

const site = new URL("../", import.meta.url);
const namespace = `${NAMESPACE}${site.pathname} `;

export const key = (name) => namespace + name;

function failure(error) {
  const full = error && (error.name === "QuotaExceededError" || /quota/i.test(String(error)));
  return { ok: false, error: full ? "full" : "blocked", text: "", refused: "" };
}

// How deeply `text`'s brackets nest, outside its strings, once past `limit` (its count
// stops there).
export function nesting(text, limit = MAX_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === "\\") index++;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === "[" || char === "{") {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) break;
    } else if (char === "]" || char === "}") {
      depth--;
    }
  }
  return deepest;
}

// The text kept under `name`: {ok, text, refused}, `text` null when nothing is kept, and
// `refused` saying why a value too long or too deep was not read ("" when it was).
export function read(name, maxChars) {
  let text;
  try {
    text = localStorage.getItem(key(name));
  } catch (error) {
    return failure(error);
  }
  if (text !== null && text.length > maxChars) {
    return { ok: true, error: "", text: null,
             refused: `it is too long to read (${text.length.toLocaleString("en")} characters;`
                      + ` at most ${maxChars.toLocaleString("en")})` };
  }
  if (text !== null && nesting(text) > MAX_DEPTH) {
    return { ok: true, error: "", text: null,
             refused: `it nests deeper than ${MAX_DEPTH} levels` };
  }
  return { ok: true, error: "", text, refused: "" };
}

export function write(name, text) {
  try {
    localStorage.setItem(key(name), text);
    return { ok: true, error: "" };
  } catch (error) {
    return failure(error);
  }
}

export function remove(name) {
  try {
    localStorage.removeItem(key(name));
    return { ok: true, error: "" };
  } catch (error) {
    return failure(error);
  }
}

// Take over what earlier versions kept for the whole origin: each "tycoon-table/<name>"
// moves to <name> in this site's namespace, written there before it is deleted, unless
// this site keeps its own already (then it is another copy's, not yet updated). Where
// storage is too full for both, the old one makes room and is put back if the new one
// still does not fit. Answers the names that could not be moved.
export function moveLegacy() {
  const stuck = [];
  let legacy;
  try {
    legacy = Object.keys(localStorage).filter((name) => name.startsWith(LEGACY_PREFIX));
  } catch {
    return stuck;  // storage blocked: nothing to move, and the first read says so
  }
  for (const oldKey of legacy) {
    const name = oldKey.slice(LEGACY_PREFIX.length);
    try {
      const value = localStorage.getItem(oldKey);
      if (value === null || localStorage.getItem(key(name)) !== null) continue;
      try {
        localStorage.setItem(key(name), value);
      } catch {
        localStorage.removeItem(oldKey);
        try {
          localStorage.setItem(key(name), value);
        } catch (error) {
          localStorage.setItem(oldKey, value);
          throw error;
        }
      }
      localStorage.removeItem(oldKey);
    } catch {
      stuck.push(name);
    }
  }
  return stuck;
}
