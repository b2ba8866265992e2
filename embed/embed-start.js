// The embedded table (embed.html) until a reader asks to play: a drawn table with the
// game's name and a Play button, plain HTML and CSS, so a post with several tables
// downloads no Python until one is played. Play starts PyScript with the app's own UI
// and engine worker (their tags wait in a <template>). The page's height goes to the
// host page that asked for it (the loader, embed.js, names its origin in the link), so
// the frame never shows a scrollbar of its own.
(() => {
  "use strict";
  const params = new URLSearchParams(location.hash.slice(1));
  const { say } = window.tycoonLanguage;
  // The games' titles in each language the page speaks (the build writes them).
  const allTitles = JSON.parse(document.getElementById("game-titles").textContent);
  let titles = allTitles.en;

  // What the facade names: the scenario's title, else the game's; only ever as text.
  function scenarioTitle() {
    const code = params.get("scenario");
    if (!code) return null;
    try {
      const text = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
      const json = new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0)));
      const scenario = JSON.parse(json);
      return typeof scenario.title === "string" && scenario.title
        ? scenario.title.slice(0, 80) : titles[scenario.game] || null;
    } catch (error) {
      return null; // the engine names what is wrong once it reads the link
    }
  }
  // The facade in the page's language, once it speaks it.
  window.tycoonLanguage.ready.then(() => {
    titles = allTitles[window.tycoonLanguage.language] || allTitles.en;
    const game = titles[params.get("game")];
    document.getElementById("facade-title").textContent = scenarioTitle() || game || "Tycoon Table";
    document.getElementById("facade-what").textContent = params.has("scenario")
      ? say("A rules example to step through, then play on against the bots.")
      : game ? say("A game of {game} against the bots.").replace("{game}", game)
        : say("Card games against the bots.");
  });

  // The host page's origin, checked: a message goes only there.
  let host = null;
  try {
    const named = params.get("host");
    host = named && new URL(named).origin === named ? named : null;
  } catch (error) {
    host = null;
  }

  // The full app opens the same link (without the host's origin, which is the frame's).
  params.delete("host");
  document.getElementById("open-app").href = "index.html" + (params.size ? "#" + params : "");

  const play = document.getElementById("facade-play");
  play.addEventListener("click", () => {
    document.body.dataset.started = "true";
    // The engine's worker (its script then starts PyScript) and the UI's script tag.
    document.body.append(document.getElementById("app-scripts").content.cloneNode(true));
  }, { once: true });
  // The page draws Play disabled: a tap before this deferred script ran would do nothing.
  play.disabled = false;

  if (host && window.parent !== window) {
    let last = 0;
    const report = () => {
      // The body's own height: the document's is never less than the frame's.
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        window.parent.postMessage({ type: "tycoon-table:height", height }, host);
      }
    };
    new ResizeObserver(report).observe(document.body);
    report();
  }
})();
