// Which tab plays a game (web/ui/tabs.py): PyScript loads this module for the UI (its
// config's js_modules), as `tab_lock`. A tab holds its game with a Web Lock, named in the
// site's own namespace (two copies of the site on one origin hold theirs apart) and by
// the game's save: the app's own, or an embedded table's.

const NAMESPACE = "tycoon-table@";  // as the site's caches and keys are named

const site = new URL("../", import.meta.url);
const namespace = `${NAMESPACE}${site.pathname} `;

const releases = new Map();  // slot -> what lets its lock go

// Hold the game of `slot` ("" for the app's own) in this tab, until the page closes or
// lets it go (`release`): answers "held", or "elsewhere" when another tab holds it. With
// `steal`, it is taken from that tab, whose `taken` is called. Where a browser has no
// Web Locks, every tab holds it: the saves' revisions still refuse a tab that fell behind.
export function hold(slot, steal, taken) {
  const locks = navigator.locks;
  if (!locks) return Promise.resolve("held");
  return new Promise((resolve) => {
    const options = steal ? { steal: true } : { ifAvailable: true };
    locks.request(`${namespace}game ${slot}`, options, (lock) => {
      if (lock === null) {
        resolve("elsewhere");
        return undefined;
      }
      resolve("held");
      return new Promise((letGo) => releases.set(slot, letGo));
    }).catch((error) => {
      if (error.name === "AbortError") {
        taken();  // another tab stole the lock
      } else {
        console.warn(`Tycoon Table cannot tell its tabs apart: ${error}`);
        resolve("held");
      }
    });
  });
}

// Let the game of `slot` go: this tab has none to play, and another tab may.
export function release(slot) {
  const letGo = releases.get(slot);
  releases.delete(slot);
  if (letGo) letGo();
}
