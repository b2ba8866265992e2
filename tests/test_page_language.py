"""The page's words in every language: the lobby the build writes is the same HTML in each
(its texts pair one to one), every text of the built page's HTML and lobby has its
translation in the page's catalogue, an English text is never translated two ways, and
the Japanese manifest names the page's language."""

import json
import sys
from pathlib import Path

import pytest

from engine.core.language import ENGLISH, LANGUAGES, speaking

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_site
import page_language
from page_text import page_texts, page_words

TRANSLATED = [language for language in LANGUAGES if language != ENGLISH]
PARTS = [build_site.lobby_title, build_site.lobby_tiles, build_site.lobby_html,
         build_site.options_title, build_site.rules_summary, build_site.rules_html,
         build_site.author_examples]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    dist = tmp_path_factory.mktemp("site")
    build_site.write_page(dist)
    return dist


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_lobby_is_the_same_html_in_every_language(language):
    english_games = page_language.games_in(ENGLISH)
    foreign = page_language.games_in(language)
    for part in PARTS:
        english = part(english_games)
        with speaking(language):
            translated = part(foreign)
        assert len(page_texts(english)) == len(page_texts(translated)), part.__name__
        assert english.count("<") == translated.count("<"), part.__name__


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_built_page_has_its_translation(built, language):
    catalogue = json.loads((built / "web" / "locale" / f"{language}.json").read_text())
    page = (built / "index.html").read_text()
    missing = [text for text in page_words(page) if text not in catalogue["page"]]
    assert missing == []
    manifest = json.loads((built / f"manifest.{language}.webmanifest").read_text())
    assert manifest["lang"] == language
    assert manifest["description"] == catalogue["page"][json.loads(
        (build_site.ROOT / "manifest.webmanifest").read_text())["description"]]


def test_an_english_text_translated_two_ways_stops_the_build():
    words: dict[str, str] = {}
    page_language._pair(words, "Play", "遊ぶ", "here")
    page_language._pair(words, "Play", "遊ぶ", "there")  # the same way: fine
    with pytest.raises(SystemExit, match="translated both"):
        page_language._pair(words, "Play", "出す", "elsewhere")


def test_a_part_written_differently_by_language_stops_the_build(monkeypatch):
    def drifting(games):
        from engine.core.language import current
        return "<p>One</p>" if current() == ENGLISH else "<p>一</p><p>二</p>"
    with pytest.raises(SystemExit, match="same HTML"):
        page_language.translated_parts([drifting], page_language.games_in(ENGLISH), "ja")
