// The app is never a part of another site's page: framed by a page of another origin,
// index.html reads no further (no lobby, no script of the app, no engine) and shows only
// a link that opens it in the tab itself. A page's own policy could say so with
// frame-ancestors, but a policy in a <meta> element cannot carry that directive, and a
// static host sends no headers (docs/SECURITY.md). The embedded table (embed.html) is
// made to be framed anywhere: the build leaves this script out of it.
//
// A classic script in the head, after the stylesheets (which it waits for, and which
// style the link) and web/language.js (whose words it says): with that one, the only
// scripts that run before the page's body is read.
(() => {
  "use strict";
  if (window.top === window) return;

  // Every page around this one is of the app's origin (a frame of its own pages).
  function framedByTheApp() {
    const ancestors = location.ancestorOrigins;
    if (ancestors) return Array.from(ancestors).every((origin) => origin === location.origin);
    try {
      return window.top.location.origin === location.origin;
    } catch {
      return false;  // the top page's address is hidden from this one: another origin's
    }
  }
  if (framedByTheApp()) return;

  // The rest of the page is read as the text of a hidden element, never as markup: no
  // part of the app is made (window.stop() would end the reading too, but then Chromium
  // never paints the frame).
  document.write("<plaintext hidden>");
  const rest = document.body.lastElementChild;
  document.addEventListener("DOMContentLoaded", () => rest.remove());
  const heading = document.createElement("h1");
  heading.textContent = "Tycoon Table";
  const why = document.createElement("p");
  const open = document.createElement("a");
  open.href = location.href;  // the same address, a shared game's link included
  open.target = "_top";
  open.className = "framed-open";
  // In the page's language, once it speaks it.
  const { say } = window.tycoonLanguage;
  const speak = () => {
    why.textContent = say("Tycoon Table opens in a tab of its own, not inside another site's page.");
    open.textContent = say("Open Tycoon Table");
  };
  speak();
  window.tycoonLanguage.ready.then(speak);
  const notice = document.createElement("main");
  notice.className = "framed";
  notice.append(heading, why, open);
  document.body.dataset.framed = "true";
  document.body.prepend(notice);
})();
