"""The engine's words in every language: each catalogue is up to date with the messages
the code marks and translates every one, keeps each message's named fields, passes
Babel's own checks and writes Japanese in Japanese; a session says places and titles in
its language, and a game goes on unchanged when the language changes."""

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.api import Session
from engine.core.language import ENGLISH, LANGUAGES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import write_catalogues

TRANSLATED = [language for language in LANGUAGES if language != ENGLISH]
# Latin letters a Japanese message may hold: card ranks and Matchstick Tycoon's faces,
# and names that stay as they are.
LATIN_IN_JAPANESE = {"A", "K", "Q", "J", "b", "C", "d", "E", "F", "G", "H", "UECda",
                     "Tycoon", "Table"}


def catalogue(language):
    with write_catalogues.source_path(language).open("rb") as source:
        return read_po(source, locale=language)


def fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_each_catalogue_is_up_to_date_with_the_code():
    assert write_catalogues.stale() is None


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_fields(language):
    marked = {message.id for message in write_catalogues.template() if message.id}
    translated = {message.id: message.string for message in catalogue(language)
                  if message.id}
    assert set(translated) == marked  # none missing, none left over
    for message, translation in translated.items():
        forms = translation if isinstance(translation, tuple) else (translation,)
        english = message if isinstance(message, tuple) else (message,)
        assert all(forms), f"{message!r} is not translated into {language}"
        assert all(fields(form) == fields(english[0]) for form in forms), message


@pytest.mark.parametrize("language", TRANSLATED)
def test_babel_finds_nothing_wrong_in_a_catalogue(language):
    assert [(message.id, errors) for message, errors in catalogue(language).check()] == []


def test_japanese_is_written_in_japanese():
    for message in catalogue("ja"):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            latin = set(re.findall("[A-Za-z]+", form)) - LATIN_IN_JAPANESE
            assert not latin, (message.id, form)


PLAYED = {"tycoon": {"game": "tycoon", "seed": 3, "options": {"rounds": 1}},
          "president": {"game": "president", "seed": 3},
          "matchstick": {"game": "matchstick", "seed": 3}}


def finished(config):
    session = Session()
    session.new_game({**config, "seats": ["human"] + ["normal"] * 3})
    while session.view()["view"]["outcome"] is None:
        step = session.advance()
        if step["action"] is None:
            session.act(step["view"]["legal"][0]["act"])
    return session


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_session_says_places_and_titles_in_its_language(game):
    session = finished(PLAYED[game])
    english = session.view()["view"]
    assert session.set_language("ja") == {"ok": True, "language": "ja",
                                          "languages": list(LANGUAGES)}
    japanese = session.view()["view"]
    assert japanese["outcome"]["places_text"] == ["1位", "2位", "3位", "4位"]
    titles = [player["title"] for player in japanese["players"]]
    if game == "tycoon":
        assert sorted(titles) == sorted(["大富豪", "富豪", "貧民", "大貧民"])
    elif game == "president":
        assert sorted(titles) == sorted(["大統領", "首相", "貧民", "大貧民"])
    else:  # Matchstick Tycoon's titles are its places
        assert sorted(titles) == ["1位", "2位", "3位", "4位"]
    # The game is the same in either language: only its words change.
    assert japanese["outcome"]["ranking"] == english["outcome"]["ranking"]
    assert session.set_language("en")["ok"]
    assert session.view()["view"] == english


def test_a_language_without_a_catalogue_is_refused_and_the_last_one_kept():
    session = Session()
    refused = session.set_language("fr")
    assert refused["error"]["type"] == "BadOptions" and "en and ja" in refused[
        "error"]["message"]
    assert session.language == ENGLISH
