"""The page's catalogue of each language as the site serves it (``web/locale/<language>.json``),
and its install manifest (``manifest.<language>.webmanifest``, which web/language.js
links for a page in that language: the manifest's own ``lang``, as the Web App Manifest
has a manifest per language):
the one scripts/write_catalogues.py writes from the ``.po`` file (the UI's messages and
the words of index.html), with the words of what the build writes into the page (the
lobby, its options, the rules help), which are the engine's and the lobby's own, paired
text by text: each part is written in English and in the language, with the same
elements (scripts/lobby.py writes the same HTML in every language), and each English
text's translation is the text in the same place. An English text translated two ways
stops the build: web/language.js translates by the English alone.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.api import Session
from engine.core.language import ENGLISH, LANGUAGES, speaking
from page_text import page_texts

__all__ = ["games_in", "translated_parts", "write_page_catalogues"]

ROOT = Path(__file__).resolve().parent.parent
PAGE_LOCALE = "web/locale"
MANIFEST = "manifest.webmanifest"
MANIFEST_WORDS = ("description",)  # as scripts/write_catalogues.py extracts them

Part = Callable[[dict[str, Any]], str]


def games_in(language: str) -> dict[str, Any]:
    """What ``Session.games()`` answers in ``language``, without the envelope."""
    session = Session()
    assert session.set_language(language)["ok"]
    answer = session.games()
    assert answer["ok"], answer
    return {key: value for key, value in answer.items() if key != "ok"}


def translated_parts(parts: list[Part], games: dict[str, Any], language: str) -> dict[str, str]:
    """Each English text of ``parts`` (written from the English ``games``) and its
    translation: the text in the same place of the parts written in ``language``."""
    foreign = games_in(language)
    words: dict[str, str] = {}
    for part in parts:
        english = page_texts(part(games))
        with speaking(language):
            translated = page_texts(part(foreign))
        if len(english) != len(translated):
            raise SystemExit(f"{part.__name__} writes {len(english)} texts in English and "
                             f"{len(translated)} in {language}: it must write the same HTML")
        for text, translation in zip(english, translated, strict=True):
            _pair(words, text, translation, part.__name__)
    return words


def _pair(words: dict[str, str], text: str, translation: str, where: str) -> None:
    if words.setdefault(text, translation) != translation:
        raise SystemExit(f"{where}: {text!r} is translated both {words[text]!r} and "
                         f"{translation!r}; give one of them a context (p_)")


def write_page_catalogues(dist: Path, parts: list[Part], games: dict[str, Any]) -> None:
    """Each language's page catalogue in ``dist``, with the words of the build's ``parts``."""
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = dist / PAGE_LOCALE / f"{language}.json"
        catalogue = json.loads((ROOT / PAGE_LOCALE / f"{language}.json").read_text())
        for text, translation in translated_parts(parts, games, language).items():
            _pair(catalogue["page"], text, translation, "index.html and the lobby")
        # Compact: the site sends it, and nobody reads it there.
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(catalogue, ensure_ascii=False, separators=(",", ":"),
                                   sort_keys=True), encoding="utf-8")
        manifest = json.loads((ROOT / MANIFEST).read_text())
        manifest["lang"] = language
        for field in MANIFEST_WORDS:
            manifest[field] = catalogue["page"].get(manifest[field], manifest[field])
        (dist / f"manifest.{language}.webmanifest").write_text(
            json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
