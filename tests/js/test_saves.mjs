// web/worker/saves.mjs (the engine worker's saves, by revision), in Node with stand-ins
// for the browser's Cache Storage and Web Locks (fakes.mjs).
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { FakeCacheStorage, FakeLocks } from "./fakes.mjs";

const locks = new FakeLocks();
Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
globalThis.caches = new FakeCacheStorage();
const saves = await import("../../web/worker/saves.mjs");

// The saves' cache is named after the site's folder (here, the repository's).
const site = new URL("../../", import.meta.url);
const savesCache = `tycoon-table@${site.pathname} saves`;

describe("the engine worker's saves", () => {
  beforeEach(() => { globalThis.caches = new FakeCacheStorage(); });
  const max = 1000;

  test("a write succeeds only over the revision its worker last read or wrote", async () => {
    assert.deepEqual(await saves.claim("saves/game.json", "/tycoon-table/saved-game.json", max),
                     { found: false, text: "", revision: "", size: 0, error: "" });
    assert.equal(await caches.has("tycoon-table-saves"), false);  // looked for, not made
    const first = await saves.write("saves/game.json", "log 1", "");
    assert.equal(first.stale, false);
    assert.deepEqual(await saves.write("saves/game.json", "log 1 again", ""),
                     { stale: true, revision: "" });
    const second = await saves.write("saves/game.json", "log 2", first.revision);
    assert.equal(second.stale, false);
    assert.notEqual(second.revision, first.revision);
    const cache = await caches.open(savesCache);
    assert.equal(await (await cache.match(new URL("saves/game.json", site))).text(), "log 2");
  });

  test("claiming a save fences off the tab that played it until then", async () => {
    const tabA = await saves.write("saves/game.json", "A's log", "");
    const claimed = await saves.claim("saves/game.json", "/tycoon-table/saved-game.json", max);
    assert.equal(claimed.found, true);
    assert.equal(claimed.text, "A's log");
    assert.notEqual(claimed.revision, tabA.revision);
    assert.equal((await saves.write("saves/game.json", "A's stale log", tabA.revision)).stale,
                 true);
    assert.equal((await saves.remove("saves/game.json", tabA.revision)).stale, true);
    const tabB = await saves.write("saves/game.json", "B's log", claimed.revision);
    assert.equal(tabB.stale, false);
    assert.deepEqual(await saves.remove("saves/game.json", tabB.revision),
                     { stale: false, revision: "" });
    assert.equal((await saves.claim("saves/game.json", "", max)).found, false);
  });

  test("of two writes over one revision, one lands and the other is refused", async () => {
    const start = await saves.write("saves/game.json", "log", "");
    const both = await Promise.all(["tab A", "tab B"].map(
      (tab) => saves.write("saves/game.json", tab, start.revision)));
    assert.deepEqual(both.map((written) => written.stale).sort(), [false, true]);
  });

  test("a save too long is not read, and a save an earlier version kept is taken over",
       async () => {
    const legacy = await caches.open("tycoon-table-saves");
    const legacyUrl = new URL("/tycoon-table/embedded/t1.json", site);
    await legacy.put(legacyUrl, new Response("an embedded table's log"));
    await legacy.put(new URL("/tycoon-table/saved-game.json", site), new Response("x".repeat(2000)));
    const embedded = await saves.claim("saves/embedded/t1.json", "/tycoon-table/embedded/t1.json", max);
    assert.equal(embedded.text, "an embedded table's log");
    assert.equal(await legacy.match(legacyUrl), undefined);  // moved, not copied
    const long = await saves.claim("saves/game.json", "/tycoon-table/saved-game.json", max);
    assert.deepEqual(long, { found: true, text: "", revision: "0", size: 2000, error: "" });
    assert.equal(await caches.has("tycoon-table-saves"), false);  // emptied, so deleted
    assert.ok(locks.held.includes("tycoon-table legacy saves"));
  });
});
