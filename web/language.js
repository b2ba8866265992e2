// The language the page speaks, chosen before first paint: the one the player chose in
// the settings (kept with them), else the device's (`navigator.languages`: Japanese for
// ja*, English otherwise). English is the page as written; another language has a
// catalogue (web/locale/<language>.json, written from the .po files by
// scripts/write_catalogues.py and completed by the build with the lobby's words), and only
// the chosen language's is fetched. Its `page` part translates the page's own HTML, each
// text and each spoken attribute looked up by its English (spaces folded, as
// scripts/page_text.py reads them, which extracts them; an element's `data-msgctxt` names
// the sense of its words where the same English means two things); its `messages` are the UI's
// (web/ui/language.py) and these scripts' (`say`). Until it is translated the page stays
// hidden (base.css), so a Japanese phone never flashes English; a catalogue that cannot
// be had leaves the page in English.
//
// A classic script in the head, run before the body is parsed: it names the language on
// <html> and starts the fetch at once. window.tycoonLanguage is how the UI, the loading
// screen and the engine's start reach it.
(() => {
  "use strict";
  const ENGLISH = "en";
  const LANGUAGES = [ENGLISH, "ja"];
  const ATTRIBUTES = ["aria-label", "title", "alt", "placeholder", "data-title"];
  const SKIPPED = new Set(["SCRIPT", "STYLE", "svg", "TEMPLATE", "PY-CONFIG"]);
  const root = document.documentElement;
  const site = new URL("../", document.currentScript.src);
  // As web/storage.mjs names the settings' key: the site's own namespace.
  const settingsKey = `tycoon-table@${site.pathname} settings`;

  function kept() {
    try {
      const settings = JSON.parse(localStorage.getItem(settingsKey) || "{}");
      return settings && LANGUAGES.includes(settings.language) ? settings.language : "";
    } catch {
      return "";  // storage refused or a setting unreadable: the device's language
    }
  }

  function device() {
    const first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    return first.toLowerCase().startsWith("ja") ? "ja" : ENGLISH;
  }

  const folded = (text) => text.replace(/\s+/g, " ").trim();
  const catalogues = { [ENGLISH]: { messages: {}, page: {} } };
  // What each node said in English, and what it was made to say: a text the UI has
  // written since is its own, and is left as the UI wrote it.
  const english = new WeakMap();

  function fetchCatalogue(language) {
    if (!catalogues[language]) {
      catalogues[language] = fetch(new URL(`web/locale/${language}.json`, site))
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null)
        .then((catalogue) => {
          if (!catalogue) delete catalogues[language];
          else catalogues[language] = catalogue;
          return catalogue;
        });
    }
    return Promise.resolve(catalogues[language]);
  }

  function words(node) {
    return node.nodeType === Node.ELEMENT_NODE
      && (SKIPPED.has(node.nodeName) || node.getAttribute("translate") === "no")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
  }

  // What an English text of `element` says in `page`'s language (English: itself).
  function said(original, page, element) {
    return page === null ? original : page[key(original, element)];
  }

  // The key of an English text: with its element's context, as gettext keys it.
  function key(text, element) {
    const context = element && element.getAttribute("data-msgctxt");
    return context ? `${context}\u0004${text}` : text;
  }

  function translateText(node, page) {
    const shown = folded(node.data);
    const was = english.get(node);
    if (was && was.shown !== shown) return;  // the UI's own text now
    const original = was ? was.english : shown;
    const text = said(original, page, node.parentElement);
    if (!text) return;
    const [lead] = node.data.match(/^\s*/);
    const [trail] = node.data.match(/\s*$/);
    node.data = lead + text + trail;
    english.set(node, { english: original, shown: text });
  }

  function translateAttributes(element, page) {
    let remembered = english.get(element);
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const was = remembered && remembered[name];
      if (was && was.shown !== folded(value)) continue;
      const original = was ? was.english : folded(value);
      const text = said(original, page, element);
      if (!text) continue;
      element.setAttribute(name, text);
      remembered = remembered || {};
      remembered[name] = { english: original, shown: text };
    }
    if (remembered) english.set(element, remembered);
  }

  // The page's HTML in `language` (its catalogue's `page`; English: as written).
  function translatePage(language) {
    const page = language === ENGLISH ? null : catalogues[language].page;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
      { acceptNode: words });
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) translateText(node, page);
      else translateAttributes(node, page);
    }
    root.lang = language;
    const manifest = document.querySelector("link[rel=manifest]");
    if (manifest) {
      manifest.href = language === ENGLISH ? "manifest.webmanifest"
        : `manifest.${language}.webmanifest`;
    }
  }

  const chooser = window.tycoonLanguage = {
    language: ENGLISH,
    // The catalogue's messages for the UI, as JSON text ("" in English).
    messagesText() {
      const catalogue = catalogues[chooser.language];
      return chooser.language === ENGLISH || !catalogue ? ""
        : JSON.stringify({ messages: catalogue.messages });
    },
    // A message of these scripts in the page's language.
    say(message) {
      const catalogue = catalogues[chooser.language];
      const forms = catalogue && catalogue.messages && catalogue.messages[message];
      return forms ? forms[0] : message;
    },
    // Speak `language` from now on; whether its catalogue could be had.
    async use(language) {
      if (!LANGUAGES.includes(language)) return false;
      if (language !== ENGLISH && !(await fetchCatalogue(language))) return false;
      chooser.language = language;
      if (document.readyState === "loading") {
        await new Promise((done) => document.addEventListener("DOMContentLoaded", done));
      }
      translatePage(language);
      return true;
    },
  };

  const wanted = kept() || device();
  if (wanted === ENGLISH) {
    chooser.ready = Promise.resolve(true);
    return;
  }
  root.lang = wanted;
  root.dataset.translating = "";
  chooser.ready = chooser.use(wanted).then((done) => {
    if (!done) root.lang = ENGLISH;
    delete root.dataset.translating;
    return done;
  });
})();
