// web/storage.mjs (what the page keeps in localStorage), in Node with a stand-in for the
// browser's (fakes.mjs).
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { FakeLocalStorage } from "./fakes.mjs";

globalThis.localStorage = new FakeLocalStorage();
const storage = await import("../../web/storage.mjs");

// Every key is named after the site's folder (here, the repository's).
const site = new URL("../../", import.meta.url);
const namespace = `tycoon-table@${site.pathname} `;

describe("what the page keeps", () => {
  beforeEach(() => { globalThis.localStorage = new FakeLocalStorage(); });

  test("nesting counts brackets outside strings, and stops past its limit", () => {
    assert.equal(storage.nesting('{"a": "[[[[", "b": [1, {"c": []}]}'), 4);
    assert.equal(storage.nesting('["\\"[[", "\\\\", ["]"]]'), 2);
    assert.equal(storage.nesting("[".repeat(100_000), 32), 33);
    assert.equal(storage.nesting("plain text"), 0);
  });

  test("every key is in the site's namespace, and a value past a limit is refused", () => {
    assert.deepEqual(storage.write("settings", '{"pace": 350}'), { ok: true, error: "" });
    assert.deepEqual(Object.keys(localStorage), [`${namespace}settings`]);
    assert.deepEqual(storage.read("settings", 100),
                     { ok: true, error: "", text: '{"pace": 350}', refused: "" });
    assert.equal(storage.read("stats", 100).text, null);
    localStorage.setItem(`${namespace}table`, "[".repeat(40) + "]".repeat(40));
    assert.equal(storage.read("table", 1000).refused, "it nests deeper than 32 levels");
    localStorage.setItem(`${namespace}table`, `"${"x".repeat(1_500_000)}"`);
    assert.deepEqual(storage.read("table", 1_000_000), {
      ok: true, error: "", text: null,
      refused: "it is too long to read (1,500,002 characters; at most 1,000,000)" });
    assert.deepEqual(storage.remove("table"), { ok: true, error: "" });
    assert.equal(localStorage.getItem(`${namespace}table`), null);
  });

  test("a refusal of the browser's is answered, never thrown", () => {
    localStorage.quota = 50;
    assert.deepEqual(storage.write("settings", "x".repeat(100)),
                     { ok: false, error: "full", text: "", refused: "" });
    globalThis.localStorage = {
      getItem() { throw new DOMException("storage is disabled", "SecurityError"); },
    };
    assert.equal(storage.read("settings", 100).error, "blocked");
    assert.deepEqual(storage.moveLegacy(), []);
  });

  test("what earlier versions kept for the origin moves into the site's namespace", () => {
    localStorage.setItem("tycoon-table/settings", '{"pace": 1600}');
    localStorage.setItem("tycoon-table/table/t1f2e3", '{"moves": 3}');
    localStorage.setItem("tycoon-table/stats", '{"old": 1}');
    localStorage.setItem(`${namespace}stats`, '{"own": 1}');  // this copy's own already
    localStorage.setItem("another-app", "theirs");
    assert.deepEqual(storage.moveLegacy(), []);
    assert.deepEqual(Object.fromEntries(Object.entries(localStorage)), {
      [`${namespace}settings`]: '{"pace": 1600}',
      [`${namespace}table/t1f2e3`]: '{"moves": 3}',
      [`${namespace}stats`]: '{"own": 1}',
      "tycoon-table/stats": '{"old": 1}',  // another copy's, not yet updated: left to it
      "another-app": "theirs",
    });
  });

  test("storage too full for two copies moves a value through the room it leaves", () => {
    const value = "x".repeat(60);
    localStorage.setItem("tycoon-table/lobby", value);
    localStorage.quota = 150;  // one copy and its key fit, not two
    assert.deepEqual(storage.moveLegacy(), []);
    assert.deepEqual(Object.keys(localStorage), [`${namespace}lobby`]);
    localStorage.removeItem(`${namespace}lobby`);
    localStorage.quota = Infinity;
    localStorage.setItem("tycoon-table/lobby", value);
    localStorage.quota = "tycoon-table/lobby".length + value.length + 2;  // the new key is longer
    assert.deepEqual(storage.moveLegacy(), ["lobby"]);
    assert.deepEqual(Object.entries(localStorage), [["tycoon-table/lobby", value]]);
  });
});
