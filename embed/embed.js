// Tycoon Table's embed loader, for a blog post or any page:
//
//   <script src="https://SITE/embed.js" defer></script>
//   <div class="tycoon-table" data-game="president" data-preset="president-bga"
//        data-scenario="scenarios/revolution.json"></div>
//
// Each such div becomes a lazy iframe of the app's embed.html, sized to its content.
// Every data- attribute goes into the table's link as it is (the app's engine reads
// it, ignoring what it does not know and naming what it cannot use). A scenario is a
// file next to the post (fetched here, by the host page) or JSON written inline; it
// travels in the link, so the table never fetches from the host. The frame reports its
// height by postMessage, which is taken only from the app's origin and that frame.
//
// A table whose link would be longer than the engine reads (a browser may not even load
// such a frame: a blank table) is refused here, with a note in its place; a scenario
// file too large to fit is refused without being read whole.
(() => {
  "use strict";
  // The engine's limit on a link's fragment (engine.links.MAX_LINK; the build checks
  // they agree), in characters.
  const MAX_LINK = 100_000;
  // A scenario file larger than this cannot fit in a link (its JSON, in base64, takes a
  // third more than its bytes, however it is spaced out), so it is not read to the end.
  const MAX_FILE_BYTES = 10 * MAX_LINK;
  const script = document.currentScript;
  const app = new URL(".", script.src);
  const frames = [];
  const count = (number) => number.toLocaleString("en");

  function base64url(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  async function scenarioOf(source) {
    if (!source) return null;
    if (source.trim().startsWith("{")) return JSON.parse(source);
    const response = await fetch(new URL(source, document.baseURI));
    if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
    return JSON.parse(await textOf(response, source));
  }

  // The file's text, read only while it can still fit in a table's link.
  async function textOf(response, source) {
    const tooLarge = () => new Error(
      `${source} is too large for a table: more than ${count(MAX_FILE_BYTES)} bytes`);
    if (Number(response.headers.get("Content-Length")) > MAX_FILE_BYTES) {
      response.body?.cancel();
      throw tooLarge();
    }
    if (!response.body) return response.text();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > MAX_FILE_BYTES) {
        reader.cancel();
        throw tooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
  }

  function say(element, text) {
    const note = document.createElement("p");
    note.textContent = text;
    element.replaceChildren(note);
  }

  async function mount(element) {
    let scenario;
    try {
      scenario = await scenarioOf(element.dataset.scenario);
    } catch (error) {
      say(element, `This Tycoon Table example could not be loaded (${error.message}).`);
      return;
    }
    const link = new URLSearchParams({ v: "1" });
    for (const [key, value] of Object.entries(element.dataset)) {
      if (key !== "scenario") link.set(key, value);
    }
    if (scenario) link.set("scenario", base64url(JSON.stringify(scenario)));
    link.set("host", location.origin);
    const fragment = link.toString();
    if (fragment.length > MAX_LINK) {
      say(element, "This Tycoon Table example could not be loaded (it is too large for " +
          `a table: its link would take ${count(fragment.length)} characters, at most ` +
          `${count(MAX_LINK)}).`);
      return;
    }
    const frame = document.createElement("iframe");
    frame.src = new URL("embed.html", app) + "#" + fragment;
    const what = (scenario && scenario.title) || element.dataset.game || "a card game";
    frame.title = `Tycoon Table: ${what}`;
    frame.loading = "lazy";
    frame.allow = "clipboard-write; web-share";
    frame.style.cssText = "display:block;width:100%;max-width:44rem;height:26rem;border:0;" +
      "border-radius:0.75rem;";
    element.replaceChildren(frame);
    frames.push(frame);
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== app.origin) return;
    const frame = frames.find((f) => f.contentWindow === event.source);
    const data = event.data;
    if (!frame || !data || data.type !== "tycoon-table:height") return;
    const height = Number(data.height);
    if (Number.isFinite(height) && height > 0) {
      frame.style.height = `${Math.min(Math.ceil(height), 3000)}px`;
    }
  });

  document.querySelectorAll("div.tycoon-table").forEach(mount);
})();
