// The lobby answers taps at first paint, before any wasm runs: its games' tiles and its
// options sheet are plain buttons and form controls. A game's How to play opens its rules
// here, always (reading them needs no Python). Until the UI has started, a tile's deal
// or the sheet's Deal is held (the form is marked; the form's method is "dialog", so a
// submit never reloads the page, even before this script runs), a game's Options opens
// its sheet, and the choices and other taps made meanwhile are noted in
// window.earlyInput, which the UI replays over what it restores. On a first visit the
// UI starts at the player's first choice, tap or panel opened (web/engine.js), so it
// starts while they choose.
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
  const form = document.getElementById("lobby-form");
  const sheet = document.getElementById("options");
  const rules = document.getElementById("rules");
  if (!form || !sheet || !rules) return;  // not the app's lobby

  // The game the sheet and a Deal are for: its radio, noted for the UI to put back over
  // the last game it restores.
  function choose(game) {
    const radio = [...form.querySelectorAll("input[name=game]")].find((r) => r.value === game);
    if (!radio) return;  // the lobby of one game has no choice of game
    radio.checked = true;
    early.push({ target: radio, value: radio.value, checked: true, click: false });
  }

  // A Deal taken before the UI: its game's tile turns the loading sign until the UI
  // takes the deal (the mark on the form), and clears it.
  function holdDeal() {
    const chosen = new FormData(form).get("game");
    for (const tile of document.querySelectorAll("[data-deal]")) {
      if (tile.dataset.deal === chosen) tile.dataset.pending = "deal";
    }
    if (sheet.open) sheet.close();
    wantUi();
  }

  // A game's rules, alone, with the help for every game under them; the whole panel
  // again once it is closed.
  function showRules(game) {
    for (const section of rules.querySelectorAll(".game-rules")) {
      section.hidden = section.dataset.game !== game;
    }
    rules.open = true;
    rules.querySelector("summary").focus({ preventScroll: true });
    rules.scrollIntoView({ block: "start" });
  }

  document.addEventListener("change", ({ target }) => {
    if (starting()) {
      early.push({ target, value: target.value, checked: target.checked, click: false });
      wantUi();
    }
  }, true);
  document.addEventListener("click", ({ target }) => {
    const button = target.closest && target.closest("button");
    if (!button) return;
    if (button.dataset.rules !== undefined) return showRules(button.dataset.rules);
    if (!starting()) return;
    if (button.dataset.deal !== undefined) {
      choose(button.dataset.deal);
      form.dataset.pending = "deal";
      return holdDeal();
    }
    if (button.dataset.options !== undefined) {
      choose(button.dataset.options);
      if (!sheet.open) sheet.showModal();
      return wantUi();
    }
    if (button.type === "button") {
      early.push({ target: button, click: true });
      wantUi();
    }
  }, true);
  // Every Deal is marked: the UI takes one made before it started, and clears the mark
  // of each it handles itself. The sheet's Close closes it, as a "dialog" form does.
  form.addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value === "close") return;
    event.preventDefault();
    form.dataset.pending = "deal";
    if (starting()) holdDeal();
  });
  document.addEventListener("toggle", ({ target }) => {
    if (target === rules && !rules.open) {
      for (const section of rules.querySelectorAll(".game-rules")) section.hidden = false;
    }
    if (starting() && target.open && target.id !== "rules") wantUi();
  }, true);
  document.body.dataset.lobby = "ready";
})();
