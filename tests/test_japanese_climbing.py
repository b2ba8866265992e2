"""The climbing games in Japanese: random positions of Tycoon, President and Matchstick
Tycoon, under every preset, say every text of the view, of each step and of the hint in
Japanese (no Latin letters beyond the allowed: card ranks, faces, the table's names), keep
every code of the view as it is in English, and say it all in English again, word for word,
once the session speaks English again."""

import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES
from tests.test_catalogues import LATIN_IN_JAPANESE

PLAYERS = {"tycoon": [3, 4, 5], "president": [4, 5], "matchstick": [2, 3, 4]}
# Every preset, and each card game with every house rule it has at once.
CASES = [(game, preset, {}) for game in PLAYERS for preset in GAMES[game].presets] + [
    ("tycoon", None, {"bankruptcy": True, "sequences": True, "sequence_revolution": True,
                      "lock": True, "eleven_back": True, "five_skip": True,
                      "nine_reverse": True, "seven_pass": True, "ten_discard": True,
                      "forbidden_finish": True, "fives": True, "joker_past_ends": True}),
    ("president", None, {"skip": True, "cut": "8", "lock": True, "eleven_back": True})]

# What a view holds as codes, not words (engine/core/contract.py, the climbing games'
# view in engine/families/climbing/words/contract.py): the game, a preset's name and the
# options' values; a move's notation and kind; a card's id, its corner (a Joker's "JOKER")
# and colour; the phase and the layout; the hand's orders as card ids; the results'
# columns; a Matchstick face's segments.
CODE_KEYS = frozenset({"game", "act", "action", "kind", "id", "rank", "suit", "color",
                       "phase", "table", "cards", "suit_order", "dealt_order", "columns",
                       "segments", "added"})
CODE_PATHS = frozenset({("rule_set", "name")})


def strings(value: object, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every string in a JSON value, with the keys it is under (a list adds none)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, (*path, key))
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, path)
    elif isinstance(value, str):
        yield path, value


def is_code(path: tuple[str, ...]) -> bool:
    """Whether the string at ``path`` is a code (a move's ``cards`` are ids; a trick's
    cards have names too)."""
    return path[-1] in CODE_KEYS or path[:1] == ("options",) or path[:2] in CODE_PATHS


def texts(value: object) -> Iterator[tuple[tuple[str, ...], str]]:
    """The words a player reads in a view or a reply: every string but its codes."""
    return ((path, text) for path, text in strings(value) if not is_code(path))


def codes(value: object) -> list[tuple[tuple[str, ...], str]]:
    return [(path, text) for path, text in strings(value) if is_code(path)]


def names(view: dict) -> list[str]:
    """The table's names, as they stay in any language (the bots', the people's)."""
    return sorted({player["name"] for player in view["players"]}
                  | {person["name"] for person in view["people"]}, key=len, reverse=True)


def untranslated(text: str, table_names: list[str]) -> set[str]:
    """The Latin words of a Japanese text beyond the allowed, its names aside."""
    for name in table_names:
        text = text.replace(name, "")
    return set(re.findall("[A-Za-z]+", text)) - LATIN_IN_JAPANESE


def assert_japanese(reply: object, table_names: list[str]) -> None:
    for path, text in texts(reply):
        assert not untranslated(text, table_names), (path, text)


def played(game: str, preset: str | None, options: dict, players: int, seed: int,
           turns: int, rng: random.Random) -> tuple[Session, list[dict]]:
    """A game in Japanese after ``turns`` random moves of the person (the bots playing
    theirs), and each step it took."""
    session = Session()
    assert session.new_game({"game": game, "preset": preset, "options": options,
                             "seed": seed, "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    assert session.set_language("ja")["ok"]
    steps = []
    for _ in range(turns):
        if session.view()["view"]["outcome"] is not None:
            break
        step = session.advance()
        if step["action"] is not None:
            steps.append(step)
            continue
        view = session.view()["view"]
        step = session.act(rng.choice(view["legal"])["act"])
        assert step["ok"], step
        steps.append(step)
    return session, steps


@pytest.mark.parametrize(("game", "preset", "options"), CASES,
                         ids=[preset or f"{game}-house-rules" for game, preset, _ in CASES])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), turns=st.integers(0, 160), data=st.data())
def test_a_climbing_game_speaks_japanese_at_any_position(game, preset, options, seed, turns,
                                                        data):
    players = data.draw(st.sampled_from(PLAYERS[game]), label="players")
    session, steps = played(game, preset, options, players, seed, turns, random.Random(seed))
    view = session.view()["view"]
    table_names = names(view)
    assert_japanese(view, table_names)
    for step in steps:
        assert_japanese({key: value for key, value in step.items() if key != "view"},
                        table_names)
    if view["your_turn"]:
        hint = session.hint()
        assert hint["ok"], hint
        assert_japanese({"label": hint["label"], "reason": hint["reason"]}, table_names)
    # The codes are the same in either language, and English comes back word for word.
    assert session.set_language("en")["ok"]
    english = session.view()["view"]
    assert codes(english) == codes(view)
    assert session.set_language("ja")["ok"]
    assert session.view()["view"] == view
    assert session.set_language("en")["ok"]
    assert session.view()["view"] == english


def test_a_japanese_table_says_its_plays_as_japanese_players_do():
    """The glossary's words at a table: ranks and suits as symbols, sets counted."""
    session = Session()
    session.new_game({"game": "tycoon", "seed": 0, "options": {"rounds": 2},
                      "seats": ["human", "normal", "normal", "normal"]})
    session.set_language("ja")
    step = session.advance()
    assert step["text"] == "ブルーノが10を4枚（ジョーカー1枚を含む）出しました。革命！"  # noqa: RUF001
    view = session.view()["view"]
    assert view["round_text"] == "第1回戦（全2回戦）"  # noqa: RUF001
    assert view["order_text"] == "弱 → 強：A K Q J 10 9 8 7 6 5 4 3 2 ジョーカー"  # noqa: RUF001
    assert view["order_note"] == "革命！強さが逆転しました："  # noqa: RUF001
    assert [player["cards_text"] for player in view["players"]][:2] == ["14枚", "14枚"]
    assert view["players"][0]["name"] == "あなた"
    assert view["hand"][0]["name"] == "♣2"
