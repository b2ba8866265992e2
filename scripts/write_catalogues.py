"""The message catalogues of the engine (engine/core/language.py) and of the page
(web/ui/language.py): the English messages the code marks (``_``, ``n_``, and ``N_`` for
words kept as data, translated where shown) in the engine, the lobby the build writes
(scripts/lobby.py) and the page's UI (web/ui), the words of the shipped scenarios
(``scenarios/*.json``: each one's title, introduction and captions, which the engine
translates where it shows them; ``scenario_words`` extracts them), and the words of the
page's HTML (``index.html``, as scripts/page_text.py reads them); each language's gettext ``.po``
file brought up to date with them (a message new to it waits untranslated; one the code
no longer has leaves it), and each ``.po`` written as the JSON each side reads: the
engine's (``engine/core/locale/<language>.json``: the engine's and the lobby's messages)
and the page's (``web/locale/<language>.json``: the UI's messages, and the HTML's words
under ``page``, to which the build adds the lobby's). Babel extracts, reads and writes
the ``.po`` files; it is a tool of this script and of the tests, never of the app.

    python scripts/write_catalogues.py          # update the .po files, write the JSON
    python scripts/write_catalogues.py --check  # fail if either is not up to date

A translator edits ``engine/core/locale/<language>.po``, then runs this.
"""

import argparse
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from engine.core.language import ENGLISH, LANGUAGES, LOCALE
from page_text import page_words

ROOT = Path(__file__).resolve().parent.parent
# Where marked messages are (a folder, its files, how they are read), and whose catalogue
# they go to: the engine's (with the lobby's, which the build writes with the engine's
# words, and the shipped scenarios', which the engine shows), or the page's (its UI's, and
# its scripts', which mark theirs ``say``).
SOURCES = (("engine", "**.py", "python", "engine"), ("scripts", "lobby.py", "python", "engine"),
           ("scenarios", "*.json", f"{__name__}:scenario_words", "engine"),
           ("web/worker", "*.py", "python", "engine"),
           ("web/ui", "**.py", "python", "page"), ("web", "*.js", "javascript", "page"),
           ("embed", "embed-start.js", "javascript", "page"))
SCRIPT_KEYWORDS = {"say": None}
# The page's HTML, and the embedded table's facade: their words are the page's too.
PAGE_HTML = ("index.html", "embed/facade.html")
MANIFEST = "manifest.webmanifest"  # its words a phone shows for the installed app
MANIFEST_WORDS = ("description",)  # its names are the app's, in Latin letters
PAGE_LOCALE = ROOT / "web" / "locale"
# How the engine marks a message: ``n_`` has its singular and plural first; ``p_`` and
# ``pN_`` a context first (the same English meaning another thing).
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "pN_": ((1, "c"), 2)}


def scenario_words(source: IO[bytes], keywords: object, comment_tags: object,
                   options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for a scenario's JSON: its title, introduction and each
    caption, as if each were marked ``_`` on the line it is written on."""
    text = source.read().decode("utf-8")
    scenario: dict[str, Any] = json.loads(text)
    words = [scenario.get("title", ""), scenario.get("intro", ""),
             *(step.get("caption", "") for step in scenario.get("steps", []))]
    for said in words:
        if said:
            written = text.find(json.dumps(said, ensure_ascii=False))
            yield text.count("\n", 0, max(written, 0)) + 1, "_", said, []


def template() -> Catalog:
    """Every message the code marks, every word of the shipped scenarios and every word
    of the page's HTML, with where each is (of the build's scripts, the lobby's alone)."""
    catalog = Catalog(project="Tycoon Table", fuzzy=False)
    for folder, files, method, _ in SOURCES:
        for path, line, message, comments, context in extract_from_dir(
                str(ROOT / folder), method_map=[(files, method)],
                keywords=SCRIPT_KEYWORDS if method == "javascript" else KEYWORDS,
                comment_tags=("Translators:",)):
            catalog.add(message, None, [(f"{folder}/{path}", line)],
                        auto_comments=comments, context=context)
    for html in PAGE_HTML:
        for key in page_words((ROOT / html).read_text(encoding="utf-8")):
            context, _, text = key.rpartition("\x04")
            catalog.add(text, None, [(html, 0)], context=context or None)
    manifest = json.loads((ROOT / MANIFEST).read_text(encoding="utf-8"))
    for field in MANIFEST_WORDS:
        catalog.add(manifest[field], None, [(MANIFEST, 0)])
    return catalog


def source_path(language: str) -> Path:
    return LOCALE / f"{language}.po"


def updated(language: str, messages: Catalog) -> Catalog:
    """``language``'s ``.po`` with the code's messages: its translations kept, new
    messages untranslated, messages gone dropped (not kept as obsolete)."""
    path = source_path(language)
    if path.exists():
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
    else:
        catalog = Catalog(locale=language, fuzzy=False)
    catalog.project, catalog.version = "Tycoon Table", "1"
    catalog.copyright_holder = catalog.last_translator = "Tycoon Table's authors"
    catalog.msgid_bugs_address, catalog.language_team = "", f"{language} (docs/GLOSSARY.md)"
    catalog.update(messages, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog


def po_text(catalog: Catalog) -> str:
    out = io.BytesIO()
    # Files, not lines, for where a message is: a line moved above one changes nothing.
    write_po(out, catalog, width=96, omit_header=False, sort_output=False,
             include_previous=False, include_lineno=False)
    return out.getvalue().decode("utf-8")


def _sides(message: Message) -> set[str]:
    """Whose catalogues ``message`` goes to: the "engine"'s (the engine's and the
    lobby's), the "page"'s UI, or its "html"."""
    return {_side(path) for path, _ in message.locations}


def _side(path: str) -> str:
    if path in (*PAGE_HTML, MANIFEST):
        return "html"
    folder = path.rsplit("/", 1)[0]
    return next(side for source, files, _, side in SOURCES
                if folder == source or (files.startswith("**") and
                                        folder.startswith(source + "/")))


def _forms(catalog: Catalog, side: str) -> dict[str, list[str]]:
    """The translated messages of ``catalog`` that ``side`` says: each English message
    (a count's, its singular; with a context, keyed as gettext keys it) and its forms."""
    messages: dict[str, list[str]] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy or (
                side not in _sides(message)):
            continue
        key = message.id[0] if message.pluralizable else message.id
        if message.context:  # as gettext keys it: the context, EOT, the message
            key = f"{message.context}\x04{key}"
        forms = list(message.string) if message.pluralizable else [message.string]
        if all(forms):
            messages[str(key)] = [str(form) for form in forms]
    return messages


def json_text(language: str, catalog: Catalog) -> str:
    """The engine's catalogue of ``language``, as engine/core/language.py reads it."""
    return _json({"language": language, "messages": _forms(catalog, "engine")})


def page_json_text(language: str, catalog: Catalog) -> str:
    """The page's catalogue of ``language``: its UI's messages, and its HTML's words (each
    English text, and its translation) under ``page``."""
    page = {text: forms[0] for text, forms in _forms(catalog, "html").items()}
    return _json({"language": language, "messages": _forms(catalog, "page"), "page": page})


def _json(data: dict[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def written() -> dict[Path, str]:
    """Each file's text as it should be: every language's ``.po`` and JSON."""
    messages = template()
    files: dict[Path, str] = {}
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        catalog = updated(language, messages)
        files[source_path(language)] = po_text(catalog)
        files[LOCALE / f"{language}.json"] = json_text(language, catalog)
        files[PAGE_LOCALE / f"{language}.json"] = page_json_text(language, catalog)
    return files


def stale() -> str | None:
    """What is not up to date, or None."""
    for path, text in written().items():
        if not path.exists() or _without_dates(path.read_text(encoding="utf-8")) != (
                _without_dates(text)):
            return (f"{path.relative_to(ROOT)} is not up to date with the engine's messages: "
                    "run python scripts/write_catalogues.py")
    return None


def _without_dates(text: str) -> str:
    """A ``.po`` file's text without the dates Babel stamps in its header."""
    return "\n".join(line for line in text.splitlines()
                     if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:')))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if they are not current")
    if parser.parse_args().check:
        problem = stale()
        if problem:
            sys.exit(problem)
        return
    PAGE_LOCALE.mkdir(exist_ok=True)
    for path, text in written().items():
        if not path.exists() or _without_dates(path.read_text(encoding="utf-8")) != (
                _without_dates(text)):
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
