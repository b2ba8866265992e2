// The lobby answers taps at first paint, before any wasm runs: its choices are plain form
// controls, and a Deal is held here (the form's method is "dialog", so a submit never
// reloads the page, even before this script runs). Choices and taps made meanwhile are
// noted in window.earlyInput, and the UI replays them over what it restores. On a first
// visit the UI starts at the player's first choice, tap or panel opened (web/engine.js),
// so it starts while they choose; reading the rules needs none.
//
// A file of its own, not a script inline in index.html: the page's Content Security
// Policy runs no inline script (docs/SECURITY.md). It is deferred, before web/engine.js,
// so it runs as soon as the page is parsed, before the engine's start reads what it noted.
(() => {
  "use strict";
  const early = window.earlyInput = [];
  const starting = () => document.body.dataset.ui !== "ready";
  const wantUi = () => {
    early.wantsUi = true;
    if (window.tycoonEngine) window.tycoonEngine.startUi();
  };
  document.addEventListener("change", ({ target }) => {
    if (starting()) {
      early.push({ target, value: target.value, checked: target.checked, click: false });
      wantUi();
    }
  }, true);
  document.addEventListener("click", ({ target }) => {
    const button = target.closest && target.closest("button[type=button]");
    if (button && starting()) {
      early.push({ target: button, click: true });
      wantUi();
    }
  }, true);
  // Every Deal is marked: the UI takes one made before it started, and clears the mark
  // of each it handles itself.
  const form = document.getElementById("lobby-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      form.dataset.pending = "deal";
    });
  }
  document.addEventListener("submit", () => { if (starting()) wantUi(); }, true);
  document.addEventListener("toggle", ({ target }) => {
    if (starting() && target.open && target.id !== "rules") wantUi();
  }, true);
  document.body.dataset.lobby = "ready";
})();
