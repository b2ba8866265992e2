// What the page shows while the game loads, before any Python is ready.
//
// On a first visit, the download's progress: the decoded bytes received of those expected
// (the build writes each file's size, scripts/build_site.py says why decoded), and the
// time left at the rate of the last few seconds, or, when no byte has come for several
// seconds, that the connection has stalled, until bytes come again. The bytes are counted
// from the page's resource timings (PyScript, MicroPython, the UI's files, each once it is
// in) and from the engine's worker, which counts its downloads as they come
// (web/worker/progress.mjs). web/engine.js tells this script what is downloading
// (tycoonLoading.expect, .downloaded) and when the engine has started (.engineSettled).
// The bar shows only once the load has taken a moment with bytes still to come, and is
// drawn a few times a second at most (its fill moves by a CSS transition), so a start
// from the cache shows none, and the main thread stays free.
//
// For a deal link, the table's frame: the game's title and its seats' names, from the
// link's plain fields (game, players) and what the build wrote of each game, with the
// progress in its middle, until the table (or anything the UI says instead: a notice, a
// question, another tab's game) shows. The link's real reading, with its messages, is the
// engine's: a link this script cannot read simply shows the plain loading state.
(() => {
  "use strict";
  const REVEAL_AFTER_MS = 600;  // a start quicker than this shows no bar
  const STALL_AFTER_MS = 4000;  // no byte for this long: the connection has stalled
  const RATE_WINDOW_MS = 3000;  // the rate is that of the last few seconds
  const MIN_RATE_SPAN_MS = 1000;  // an estimate needs at least this much of it
  const WORKER_BUSY_AFTER_MS = 1000;  // the worker posts 4 times a second, unless busy
  const DRAW_EVERY_MS = 250;
  // Said in the page's language when drawn (the player may switch while it downloads).
  const { say } = window.tycoonLanguage;

  // A page cut short or of another version (met while the site's files are being
  // replaced) may lack an element, or end inside the build's data: then nothing of the
  // loading is shown, and nothing is read from null.
  const ids = ["loading-data", "download", "download-bar", "download-figures", "download-note",
               "download-alert", "engine-status", "link-frame"];
  const byId = (id) => document.getElementById(id);
  let data = null;
  try {
    data = JSON.parse(byId("loading-data").textContent);
  } catch {
    // lacking or cut short: data stays null
  }
  if (data === null || ids.some((id) => byId(id) === null)) {
    window.tycoonLoading = { expect() {}, downloaded() {}, engineSettled() {} };
    return;
  }
  const box = byId("download");
  const bar = byId("download-bar");
  const fill = bar.firstElementChild;
  const figures = byId("download-figures");
  const note = byId("download-note");
  const alert = byId("download-alert");
  const status = byId("engine-status");
  const frame = byId("link-frame");

  const expected = new Set();  // the groups of files downloading: "engine", "ui"
  const received = new Map();  // a path on the site -> its decoded bytes received so far
  const site = new URL("./", document.baseURI).href;
  let drawing = null;  // the interval that draws the bar
  let pageDownloads = null;  // the observer of the page's own downloads
  let startedAt = 0;
  let samples = [];  // [time, bytes received], over the last RATE_WINDOW_MS
  let lastBytes = -1;
  let lastGrowth = 0;
  let stalled = false;
  let workerOpen = 0;  // the worker's downloads still being read, as it last said
  let workerHeardAt = 0;
  let engineSettled = false;
  let framed = false;

  function noteReceived(url, bytes) {
    if (!url.startsWith(site)) return;
    const path = url.slice(site.length).split(/[?#]/)[0];
    if (bytes > (received.get(path) || 0)) received.set(path, bytes);
  }

  function totals() {
    let got = 0;
    let total = 0;
    for (const group of expected) {
      for (const [path, size] of Object.entries(data.sizes[group])) {
        total += size;
        got += Math.min(received.get(path) || 0, size);
      }
    }
    return { got, total };
  }

  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

  // "about 20 s left": whole seconds below ten, fives below a minute, then minutes.
  function timeLeft(seconds) {
    const [count, words] = seconds < 10 ? [Math.max(1, Math.round(seconds)),
      say("About {n} s left on this connection")]
      : seconds < 60 ? [Math.round(seconds / 5) * 5, say("About {n} s left on this connection")]
        : [Math.round(seconds / 60), say("About {n} min left on this connection")];
    return words.replace("{n}", String(count));
  }

  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  function draw() {
    const now = performance.now();
    const { got, total } = totals();
    if (got > lastBytes) {
      lastBytes = got;
      lastGrowth = now;
    }
    samples.push([now, got]);
    while (samples[0][0] < now - RATE_WINDOW_MS) samples.shift();
    const done = got >= total;
    const screen = document.body.dataset.screen;
    if (screen !== undefined && screen !== "lobby") return stop();  // the table shows
    if (box.hidden) {
      if (done || engineSettled || now - startedAt < REVEAL_AFTER_MS) return;
      box.hidden = false;
    }
    // The worker, reading downloads, posts their counts a few times a second; silent, it
    // is busy starting Python, and counts what comes only once it is done: not a stall.
    const workerBusy = workerOpen > 0 && now - workerHeardAt >= WORKER_BUSY_AFTER_MS;
    const nowStalled = !done && !workerBusy && now - lastGrowth >= STALL_AFTER_MS;
    if (nowStalled !== stalled) {
      stalled = nowStalled;
      box.toggleAttribute("data-stalled", stalled);
      alert.textContent = stalled ? say("The connection has stalled: waiting for it…")
        : say("The connection is back: downloading again.");
    }
    const percent = Math.floor((got / total) * 100);
    if (bar.getAttribute("aria-valuenow") !== String(percent)) {
      bar.setAttribute("aria-valuenow", String(percent));
      fill.style.transform = `scaleX(${got / total})`;
    }
    setText(figures, say("{got} of {total} MB").replace("{got}", megabytes(got))
      .replace("{total}", megabytes(total)));
    const [since, then] = samples[0];
    const rate = now - since >= MIN_RATE_SPAN_MS ? (got - then) / (now - since) : 0;
    let words;
    if (engineSettled) words = say("Dealing your cards…");
    else if (done) words = say("Downloaded: getting the cards ready…");
    else if (stalled) words = say("The connection has stalled: waiting for it…");
    else if (workerBusy) words = say("Starting the game while the rest comes…");
    else if (rate > 0) words = timeLeft((total - got) / rate / 1000);
    else words = say("Measuring this connection…");
    setText(note, words);
    const spoken = `${figures.textContent}. ${words}`;
    if (bar.getAttribute("aria-valuetext") !== spoken) bar.setAttribute("aria-valuetext", spoken);
  }

  function stop() {
    clearInterval(drawing);
    if (pageDownloads !== null) pageDownloads.disconnect();
    box.hidden = true;
  }

  // The page's own downloads, each counted once it is in (and the worker's first scripts,
  // which the page fetches for it).
  function observePage() {
    pageDownloads = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) noteReceived(entry.name, entry.decodedBodySize);
    });
    pageDownloads.observe({ type: "resource", buffered: true });
  }

  window.tycoonLoading = {
    // A group of the build's files starts downloading (on a first visit only).
    expect(group) {
      if (expected.has(group)) return;
      if (expected.size === 0) {
        startedAt = performance.now();
        observePage();
        drawing = setInterval(draw, DRAW_EVERY_MS);
      }
      expected.add(group);
    },
    // The worker's counts, {path: bytes received so far}, and how many of its downloads
    // are still being read.
    downloaded(counts, open) {
      for (const [path, bytes] of Object.entries(counts)) noteReceived(site + path, bytes);
      workerOpen = open;
      workerHeardAt = performance.now();
    },
    // The engine has started, or could not: the lobby's bar goes; a frame's stays until the
    // table shows.
    engineSettled(ok) {
      engineSettled = true;
      if (!framed || !ok) stop();
    },
  };

  // ------------------------------------------------------------ a deal link's frame

  // The seats' names a deal link asks for, and its game's title; null for any link but a
  // deal (a replay, a scenario) or one this script cannot read plainly.
  function dealLink() {
    if (document.body.dataset.embed === "true") return null;
    const fields = new URLSearchParams(location.hash.slice(1));
    if (fields.get("v") !== "1" || fields.has("scenario") || fields.has("moves")) return null;
    const name = fields.get("game");
    // The games' titles and seats' names in the page's language (the build writes each).
    const games = data.games[window.tycoonLanguage.language] || data.games.en;
    const game = name !== null && Object.hasOwn(games, name) ? games[name] : null;
    if (game === null) return null;
    const players = fields.has("players") ? fields.get("players") : String(game.default_players);
    if (!Object.hasOwn(game.seats, players)) return null;
    return { title: game.title, seats: game.seats[players] };
  }

  // The UI has shown something in the frame's place: the table, or what it says instead.
  function frameDone() {
    const shown = document.body.dataset;
    return (shown.screen !== undefined && shown.screen !== "lobby") || shown.sheet !== undefined
      || !byId("notice").hidden || !byId("elsewhere").hidden
      || ["failed", "stopped"].includes(status.dataset.state);
  }

  function showFrame(link) {
    byId("link-frame-title").textContent = link.title;
    byId("link-frame-what").textContent = say("A deal shared with you, for {n} players")
      .replace("{n}", String(link.seats.length));
    byId("link-frame-you").textContent = link.seats[0];
    const others = byId("link-frame-others");
    for (const name of link.seats.slice(1)) {
      const seat = document.createElement("li");
      seat.className = "link-frame-seat";
      seat.textContent = name;
      others.append(seat);
    }
    byId("link-frame-middle").append(box);
    frame.hidden = false;
    document.body.dataset.linkFrame = "shown";
    framed = true;
    const watch = new MutationObserver(() => {
      if (!frameDone()) return;
      watch.disconnect();
      framed = false;
      frame.hidden = true;
      delete document.body.dataset.linkFrame;
      status.after(box);
      if (engineSettled) stop();
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-screen", "data-sheet"] });
    for (const id of ["notice", "elsewhere"]) {
      watch.observe(byId(id), { attributes: true, attributeFilter: ["hidden"] });
    }
    watch.observe(status, { attributes: true, attributeFilter: ["data-state"] });
  }

  // Once the page speaks its language: the frame is in it from the start.
  window.tycoonLanguage.ready.then(() => {
    const link = dealLink();
    if (link !== null) showFrame(link);
  });
})();
