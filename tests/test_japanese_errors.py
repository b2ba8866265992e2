"""Refusals in the session's language: whatever a player sends a Japanese session of a
climbing game (an illegal move, cards it does not hold, text that is no move, options,
seats or names a table cannot have), the refusal is said in Japanese, holding no English
beyond card ranks, names and the player's own words quoted back; in English the same
refusals are word for word what they were before the catalogue."""

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES, make_rules
from engine.core.cards import Suit, parse_cards
from engine.core.errors import RulesError
from engine.core.evolve import evolve
from engine.core.language import speaking
from engine.core.options import option_infos
from engine.families.climbing.rules.machine import verify
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.sequences import parse_run
from engine.families.climbing.rules.state import Owed, Phase
from engine.players.levels import BOTS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_catalogues import LATIN_IN_JAPANESE

CLIMBING = ("tycoon", "president", "matchstick")
PRESETS = [(game, preset) for game in CLIMBING for preset in GAMES[game].presets]
# Names a refusal may say as they are: the options' and the bots' levels' (a config's
# words, quoted back to whoever wrote them).
NAMES = ({info.name for game in CLIMBING for info in option_infos(GAMES[game].rules)}
         | set(BOTS))
# What a refusal quotes back (the player's text, an example in quotes) and card notation.
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
NOTATION = re.compile(r"(?<![A-Za-z])(?:X=\S+|(?:10|[2-9TJQKA])[cdhs]|X)(?![A-Za-z])")


def english_in(message: str, sent: list[str]) -> set[str]:
    """The Latin words of a Japanese refusal beyond those allowed: the catalogue's
    allow-list, names, card notation and what the player sent, quoted back."""
    # Card notation first: what was sent ("9") may be part of an example's card ("9c").
    text = NOTATION.sub("", QUOTED.sub("", message))
    for words in sorted(sent, key=len, reverse=True):
        if words.strip():
            text = text.replace(words, "")
    return set(re.findall("[A-Za-z][A-Za-z_]*", text)) - LATIN_IN_JAPANESE - NAMES


def assert_japanese(reply: dict, sent: list[str]) -> None:
    if reply["ok"]:
        return
    error = reply["error"]
    assert error["type"] != "InternalError", error
    assert not english_in(error["message"], sent), (sent, error["message"])
    assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", error["message"]), error["message"]


# Words a move is made of in each game, right and wrong: its cards (held or not), other
# games' cards, a Joker's stand-in, seat prefixes and the action words.
CARD_WORDS = ["3c", "9d", "9h", "9s", "Th", "10s", "Qs", "Kd", "Ah", "2s", "2h", "X", "X=7s",
              "X=9c", "X<", "X>", "7s", "8c", "5h", "6h", "Jc", "X=X"]
STICK_WORDS = ["0", "1", "3", "7", "8", "A", "b", "C", "F", "G", "H", "9", "E", "1>7", "3~E",
               "6~9", "8>1", "3~3", "F>E", "G~b", "1~7", "7>7"]
OTHER_WORDS = ["pass", "give", "discard", "0:", "1:", "*:", "7:", "*:deal", "x:", "deal 0 |",
               "|", ",", "zz", "q", "11", "jk", "9"]


def move_text(game: str) -> st.SearchStrategy[str]:
    words = STICK_WORDS if game == "matchstick" else CARD_WORDS
    return st.lists(st.sampled_from(words + OTHER_WORDS), min_size=0, max_size=6).map(" ".join)


def card_list(game: str) -> st.SearchStrategy[list[str]]:
    words = STICK_WORDS[:11] if game == "matchstick" else CARD_WORDS[:12]
    return st.lists(st.sampled_from([*words, "zz", "X=7s", "1>7", "Ts"]), max_size=6)


def session_at(game: str, preset: str, seed: int, moves: int, pick: int) -> Session:
    """A Japanese session of ``preset`` some moves into a deal: the bots play their own,
    the player one of their legal moves (the ``pick``-th, wrapping round)."""
    session = Session()
    players = GAMES[game].default_players
    session.new_game({"game": game, "preset": preset, "seed": seed,
                      "seats": ["human"] + ["greedy"] * (players - 1)})
    for _move in range(moves):
        view = session.view()["view"]
        if view["outcome"] is not None:
            break
        if view["your_turn"] and view["legal"]:
            session.act(view["legal"][pick % len(view["legal"])]["act"])
        else:
            session.advance()
    assert session.set_language("ja")["ok"]
    return session


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 150),
       st.integers(0, 50), st.data())
def test_every_refusal_of_a_move_is_in_japanese(preset, seed, moves, pick, data):
    game, name = preset
    session = session_at(game, name, seed, moves, pick)
    for _try in range(4):
        text = data.draw(move_text(game), label="act")
        assert_japanese(session.act(text), [text])
        cards = data.draw(card_list(game), label="check_cards")
        assert_japanese(session.check_cards(cards), cards)


def bad_configs(game: str) -> st.SearchStrategy[dict]:
    infos = option_infos(GAMES[game].rules)
    option = st.sampled_from([info.name for info in infos] + ["nope", "Jokers"])
    value = st.one_of(st.integers(-3, 12), st.booleans(), st.sampled_from(["x", "p5r", "8"]))
    name = st.one_of(st.none(), st.sampled_from(["", "  ", "You", "you", "あなた", "Aiko",
                                                 "アイコ", "ブルーノ", "Mia", "Mia", "x" * 17,
                                                 "a\u0007b"]), st.integers(0, 3))
    return st.fixed_dictionaries({
        "game": st.just(game),
        "options": st.dictionaries(option, value, max_size=2),
        "seats": st.lists(st.sampled_from(["human", "greedy", "normal"]), min_size=1,
                          max_size=9),
        "seed": st.one_of(st.integers(-2, 5), st.just("3")),
        "undo": st.one_of(st.booleans(), st.just("yes")),
    }, optional={"people": st.lists(name, max_size=9)})


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(CLIMBING).flatmap(bad_configs))
def test_every_refusal_of_a_game_s_settings_is_in_japanese(config):
    session = Session()
    session.set_language("ja")
    sent = [*config["options"], *map(json.dumps, config["options"].values()),
            *(str(name) for name in config.get("people", []) if name is not None)]
    assert_japanese(session.new_game(config), sent)


@pytest.mark.parametrize("language", ["en", "ja"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000),
       moves=st.integers(0, 40), data=st.data())
def test_a_move_is_refused_alike_in_either_language(language, preset, seed, moves, data):
    """Only the words change: the same move is refused (or taken) the same way."""
    game, name = preset
    other = "en" if language == "ja" else "ja"
    sessions = [session_at(game, name, seed, moves, 0), session_at(game, name, seed, moves, 0)]
    sessions[0].set_language(language)
    sessions[1].set_language(other)
    text = data.draw(move_text(game))
    replies = [session.act(text) for session in sessions]
    assert [reply["ok"] for reply in replies] == [replies[0]["ok"]] * 2
    if not replies[0]["ok"]:
        assert replies[0]["error"]["type"] == replies[1]["error"]["type"]


# ---------------------------------------------------------------- English, as it was

TYCOON = make_rules("tycoon", "tycoon-seed")
JAPANESE_RULES = make_rules("tycoon", "tycoon-japan")
PRESIDENT = make_rules("president", "president-bga")
STICKS = make_rules("matchstick", "matchstick")


def refusal(rules, hands, action, lock=frozenset(), **table):
    state = evolve(setup(rules, [rules.parse_cards(hand) for hand in hands], 0, **table),
                   lock=lock)
    with pytest.raises(RulesError) as refused:
        verify(state, rules.parse_action(action) if isinstance(action, str) else action)
    return str(refused.value)


def trick(rules, *plays):
    return [rules.parse_action(play) for play in plays]


ENGLISH_REFUSALS = [
    (lambda: refusal(TYCOON, ["9c 9d 3h", "4c", "4s"], "0:9c 9d",
                     trick=trick(TYCOON, "1:Kc Kd")), "two 9s do not beat two Kings"),
    (lambda: refusal(TYCOON, ["9c 3h", "4c", "4s"], "0:9c",
                     trick=trick(TYCOON, "1:Kc Kd")),
     "two cards needed: the table holds a pair"),
    (lambda: refusal(TYCOON, ["9c 9d X", "4c", "4s"], "0:9c 9d X",
                     trick=trick(TYCOON, "1:Kc Kd Ks")),
     "three 9s with a Joker do not beat three Kings"),
    (lambda: refusal(TYCOON, ["3c", "4s", "5s"], "0:3c", trick=trick(TYCOON, "1:X")),
     "only the 2 of spades beats a lone Joker"),
    (lambda: refusal(TYCOON, ["3c 3d", "4s", "5s"], "0:3c 3d", trick=trick(TYCOON, "1:X X")),
     "nothing beats a pair of Jokers"),
    (lambda: refusal(TYCOON, ["9c 8d", "4s", "5s"], "0:9c 8d"),
     "those cards are not all one rank"),
    (lambda: refusal(TYCOON, ["9c 8d X", "4s", "5s"], "0:9c 8d X"),
     "those cards are not all one rank (a Joker may stand in for any rank)"),
    (lambda: refusal(TYCOON, ["X X 3c", "4s", "5s"], "0:X X X"),
     "you hold only 2 cards Joker"),
    (lambda: refusal(TYCOON, ["3c", "4s", "5s"], "0:Qh"), "you don't hold the Queen of hearts"),
    (lambda: refusal(TYCOON, ["7c 3d", "4s", "5s"], "0:7c", trick=trick(TYCOON, "1:8s")),
     "the 7 of clubs does not beat the 8 of spades; 7s win a trick only when they beat the "
     "table"),
    (lambda: refusal(TYCOON, ["9c 3d", "4s", "5s"], "0:9c", trick=trick(TYCOON, "1:8s"),
                     revolution=True),
     "the 9 of clubs does not beat the 8 of spades (revolution: lower ranks are stronger)"),
    (lambda: refusal(TYCOON, ["3c", "4s", "5s"], "0:pass"),
     "you lead this trick, so you must play"),
    (lambda: refusal(TYCOON, ["5s 6s 7s", "4s", "5h"], parse_run(0, "5s 6s 7s")),
     "sequences are not played in this game (turn on the Sequences option to play them)"),
    (lambda: refusal(JAPANESE_RULES, ["5s 6s 8s", "4h", "5h"], parse_run(0, "5s 6s 8s")),
     "a sequence's cards are consecutive ranks, each once (3 4 5 6 7 8 9 10 J Q K A 2)"),
    (lambda: refusal(JAPANESE_RULES, ["5s 6s X", "4h", "5h"], "0:5s 6s X"),
     "say which card each Joker of a sequence stands for (like X=7s)"),
    (lambda: refusal(JAPANESE_RULES, ["5s 6s 7s", "4h", "5h"], parse_run(0, "5s 6s 7s"),
                     trick=trick(JAPANESE_RULES, "1:8h 9h 10h")),
     "a 5-6-7 sequence of spades does not beat a 8-9-10 sequence of hearts: its weakest card "
     "must beat the other's strongest"),
    (lambda: refusal(JAPANESE_RULES, ["9c Jd", "4c", "5c"], "0:Jd", lock=frozenset({Suit.HEARTS}),
                     trick=trick(JAPANESE_RULES, "1:9h", "2:10h")),
     "the trick is locked to hearts: play those suits until it clears (a Joker may stand in "
     "for any)"),
    (lambda: refusal(PRESIDENT, ["9c X", "4h", "5h", "6h"], "0:9c X"),
     "a Joker is played alone (it is not wild in President)"),
    (lambda: refusal(PRESIDENT, ["9c 9d", "4h", "5h", "6h"], "0:9c 9d",
                     trick=trick(PRESIDENT, "1:Kh Kd")), "two 9s do not beat two Kings"),
    (lambda: refusal(PRESIDENT, ["9c", "4h", "5h", "6h"], "0:9c", trick=trick(PRESIDENT, "1:X")),
     "nothing beats a Joker"),
    (lambda: refusal(STICKS, ["1 3", "4", "5"], "0:1>7", sticks=[0, 1, 1]),
     "that play costs 1 matchstick and you have 0"),
    (lambda: refusal(STICKS, ["3 3", "4", "5"], "0:3", trick=trick(STICKS, "1:5")),
     "3 does not beat 5"),
    (lambda: refusal(STICKS, ["3 3", "4", "5"], "0:3", trick=trick(STICKS, "1:5 5")),
     "two cards needed: the table holds a pair"),
    (lambda: refusal(STICKS, ["3 3", "4", "5"], "0:8"), "you don't hold the card 8"),
]


@pytest.mark.parametrize(("refuse", "english"), ENGLISH_REFUSALS)
def test_the_rules_refuse_in_english_as_they_did(refuse, english):
    with speaking("en"):
        assert refuse() == english
    with speaking("ja"):
        assert not english_in(refuse(), [])


SESSION_REFUSALS = [
    ({"game": "tycoon", "options": {"jokers": 5}},
     "option jokers=5 is not allowed: it must be one of 0, 1, 2"),
    ({"game": "tycoon", "options": {"nope": 1}},
     "unknown option nope; the options are all_pass, bankruptcy, cut, eleven_back, "
     "five_skip, fives, forbidden_finish, joker_past_ends, jokers, lead, lock, nine_reverse, "
     "order, points_from_one, rounds, sequence_revolution, sequences, seven_pass, "
     "ten_discard"),
    ({"game": "tycoon", "seats": ["human"] * 7},
     "Tycoon is for 3 or 4 players, or 5 as the UECda contest plays, not 7"),
    ({"game": "president", "seats": ["human"] * 3}, "President is for 4 to 8 players, not 3"),
    ({"game": "matchstick", "seats": ["human"]},
     "Matchstick Tycoon is for 2 to 8 players, not 1"),
    ({"game": "tycoon", "seed": -1}, "the seed is a whole number, 0 or more"),
    ({"game": "tycoon", "undo": "yes"}, "undo is true (a practice game) or false (a scored "
                                        "game)"),
    ({"game": "tycoon", "seats": ["human", "human", "greedy", "greedy"],
      "people": [None, "You", None, None]},
     "\"You\" is the phone's owner: give seat 2 a name of its own"),
    ({"game": "tycoon", "seats": ["human", "human", "greedy", "greedy"],
      "people": [None, "Aiko", None, None]},
     "two seats are called Aiko: give each a name of its own"),
    ({"game": "tycoon", "seats": ["human", "human", "greedy", "greedy"],
      "people": [None, " ", None, None]},
     "seat 2's name is empty: a name is 1 to 16 characters"),
    ({"game": "tycoon", "seats": ["human", "greedy", "greedy", "greedy"],
      "people": [None, "Mia", None, None]},
     "seat 2 is a bot (greedy): only a person's seat has a name"),
]


@pytest.mark.parametrize(("config", "english"), SESSION_REFUSALS)
def test_a_session_refuses_settings_in_english_as_it_did(config, english):
    assert Session().new_game(config)["error"]["message"] == english
    japanese = Session()
    japanese.set_language("ja")
    message = japanese.new_game(config)["error"]["message"]
    assert message != english
    sent = [*config.get("options", ()), *(name for name in config.get("people", ()) if name)]
    assert not english_in(message, sent), message


def test_japanese_names_are_refused_as_the_english_are():
    """あなた is the phone's owner and アイコ a bot's name, as You and Aiko are."""
    for name in ("あなた", "アイコ"):
        session = Session()
        session.set_language("ja")
        reply = session.new_game({"game": "tycoon", "people": [None, name, None, None],
                                  "seats": ["human", "human", "greedy", "greedy"]})
        assert reply["error"]["type"] == "BadName", reply


def test_a_hand_in_the_exchange_is_refused_in_japanese():
    """The cards owed in the exchange: how many, to whom."""
    state = evolve(setup(TYCOON, [parse_cards(hand) for hand in ("3c 4c 5c", "6c", "7c")], 0),
                   phase=Phase.GIVE, owed=(Owed(0, 2, 2),))
    with speaking("en"):
        assert refused(state, "0:give 3c") == "give exactly 2 cards to seat 2"
        assert refused(state, "0:3c") == "first give 2 cards to seat 2"
    with speaking("ja"):
        assert refused(state, "0:give 3c") == "2番の席にちょうど2枚渡してください"
        assert refused(state, "0:3c") == "先に2番の席にカードを2枚渡してください"


def refused(state, text):
    with pytest.raises(RulesError) as refusal:
        verify(state, TYCOON.parse_action(text))
    return str(refusal.value)
