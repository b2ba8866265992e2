"""The engine's words in every language: each catalogue is up to date with the messages
the code marks and translates every one, keeps each message's named fields, passes
Babel's own checks and writes Japanese in Japanese; a session says places and titles in
its language, and a game goes on unchanged when the language changes."""

import json
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.api import Session, games_json
from engine.catalogue import GAMES
from engine.core.language import ENGLISH, LANGUAGES, p_, speaking
from engine.core.options import option_infos
from engine.players.levels import BOTS, LEVELS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import write_catalogues

TRANSLATED = [language for language in LANGUAGES if language != ENGLISH]
# Latin letters a Japanese message may hold: card ranks and Matchstick Tycoon's faces,
# and names that stay as they are (docs/GLOSSARY.md): the contest (UECda, UEC spelled out
# once), P5R, CPU for a bot, 2n² and n (the number of players), the arena's ふつうv1;
# and JSON, the format an embed's author writes an example in (the page's words).
LATIN_IN_JAPANESE = {"A", "K", "Q", "J", "b", "C", "d", "E", "F", "G", "H", "UECda",
                     "Tycoon", "Table", "UEC", "P", "R", "CPU", "n", "v", "JSON",
                     "MB"}  # megabytes, as the download's progress counts them


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


def latin_beyond_the_allowed(text):
    """The Latin words of ``text`` not allowed, its named fields (``{name}``, ``{n:,}``)
    left out."""
    return set(re.findall("[A-Za-z]+", re.sub(r"{\w*(:[^{}]*)?}", "", text))) - LATIN_IN_JAPANESE


def test_japanese_is_written_in_japanese():
    for message in catalogue("ja"):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert not latin_beyond_the_allowed(form), (message.id, form)


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
                                          "languages": list(LANGUAGES), "results": {}}
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


def games_texts(games):
    """Every word a lobby shows of ``Session.games()``, with where it is."""
    for name, game in games["games"].items():
        yield f"{name} title", game["title"]
        yield f"{name} description", game["description"]
        for n, paragraph in enumerate(game["rules"]):
            yield f"{name} rules {n}", paragraph
        for preset, entry in game["presets"].items():
            yield f"{preset} title", entry["title"]
        for option in game["options"]:
            where = f"{name} {option['name']}"
            yield f"{where} title", option["title"]
            yield f"{where} help", option["help"]
            if option["group"] is not None:
                yield f"{where} group", option["group"]
            for value, label in option["labels"]:
                yield f"{where} label {value}", label
    for level in games["levels"]:
        yield f"level {level['name']}", level["label"]


def test_a_session_says_its_games_in_japanese():
    english = dict(games_texts(Session().games()))
    session = Session()
    session.set_language("ja")
    japanese = dict(games_texts(session.games()))
    assert japanese.keys() == english.keys()
    for where, text in japanese.items():
        assert not latin_beyond_the_allowed(text), (where, text)
        # Only a label that is a number ("10") is the same in both.
        assert text != english[where] or not re.search("[A-Za-z]", text), (where, text)
    assert japanese["president title"] == "プレジデント"  # the game, not the title 大統領
    assert japanese["tycoon cut label none"] == "なし"
    assert japanese["tycoon eleven_back group"] == "ローカルルール"
    assert session.set_language("en")["ok"]
    assert dict(games_texts(session.games())) == english


def test_english_games_are_the_words_as_written():
    """English says each word as the code writes it: nothing is translated (the lobby's
    English pages are built from it, tests/test_lobby_markup.py)."""
    games = Session().games()
    with speaking(ENGLISH):
        assert json.dumps(games) == json.dumps({"ok": True, **games_json()})
    for name, game in GAMES.items():
        shown = games["games"][name]
        assert (shown["title"], shown["description"], shown["rules"]) == (
            game.title, game.description, list(game.help))
        assert {preset: entry["title"] for preset, entry in shown["presets"].items()} == (
            dict(game.preset_titles))
        assert [(option["title"], option["help"], option["group"],
                 [label for _, label in option["labels"]]) for option in shown["options"]] == [
            (info.title, info.help, info.group, list(info.labels.values()))
            for info in option_infos(game.rules)]
    assert [level["label"] for level in games["levels"]] == [BOTS[name].label
                                                             for name in LEVELS]
    assert p_("game", "President") == "President"


@pytest.mark.parametrize("config", [
    {"game": "president", "seed": 1},
    {"game": "tycoon", "options": {"jokers": 1}, "seed": 1},  # the player's own rules
    {"game": "corporation", "seed": 1}])
def test_a_view_names_its_game_rule_set_and_options_in_the_session_s_language(config):
    session = Session()
    english = session.new_game(config)["view"]
    session.set_language("ja")
    view = session.view()["view"]
    assert view["title"] == session.games()["games"][config["game"]]["title"]
    for text in (view["title"], view["rule_set"]["title"], *view["help"].values()):
        assert not latin_beyond_the_allowed(text), text
    assert view["rule_set"]["name"] == english["rule_set"]["name"]  # ids stay as they are
    assert view["help"].keys() == english["help"].keys()
    assert view["title"] != english["title"]
