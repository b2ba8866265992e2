"""A game's configuration is read once (engine.config.GameConfig.read), from a front
end's JSON, a link and the command line alike, with the errors a player is shown."""

import argparse
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES, make_rules
from engine.cli.main import play_config
from engine.config import GameConfig
from engine.core.errors import BadOptions, BadScenario, RulesError
from engine.links import deal_link, read_link
from engine.play.table import Table
from engine.scenario import tutorial

PAIR = {"game": "tycoon", "options": {"rounds": 1}, "title": "A pair",
        "position": {"hands": ["3c 7d Qc Qh", "5c 5d 8s", "9c 9h 4s", "6h 6s 2d"],
                     "to_act": 1},
        "steps": [{"move": "1:5c 5d", "caption": "Aiko leads 5s."}]}


def test_a_config_of_nothing_is_you_against_greedy_bots_at_tycoon_with_a_drawn_seed():
    config = GameConfig.read({})
    assert config.game == "tycoon" and config.rules == make_rules("tycoon")
    assert config.seats == ("human", "greedy", "greedy", "greedy")
    assert 0 <= config.seed < 2**31
    assert config.undo and config.hard_budget == 1.0 and config.hard_changes == ()
    assert config.scenario is None and not config.reveal and not config.stepped


def test_a_preset_and_options_make_its_rules():
    config = GameConfig.read({"game": "tycoon", "preset": "tycoon-p5r",
                              "options": {"rounds": 2}, "seed": 5, "undo": False})
    assert config.preset == "tycoon-p5r" and dict(config.options) == {"rounds": 2}
    assert config.rules == make_rules("tycoon", "tycoon-p5r", {"rounds": 2})
    assert config.seats == ("human", "greedy", "greedy", "greedy")
    assert (config.seed, config.undo) == (5, False)


def test_hard_thinks_with_the_share_given_or_one_the_device_sizes():
    fixed = GameConfig.read({"hard_budget": 0.5, "hard_changes": [[3, 0.25]]}, sized=True)
    assert (fixed.hard_budget, fixed.hard_changes) == (0.5, ((3, 0.25),))
    shares = fixed.hard_shares(None)
    assert (shares.first, shares.changes, shares.sized) == (0.5, [(3, 0.25)], False)
    sized = GameConfig.read({}, sized=True)
    assert sized.hard_budget is None
    shares = sized.hard_shares(0.4)
    assert (shares.first, shares.changes, shares.sized) == (0.4, [], True)
    assert GameConfig.read({}).hard_budget == 1.0  # no device to size it: in full


def test_a_scenario_or_a_tutorial_brings_its_game_seat_and_seed():
    config = GameConfig.read({"scenario": PAIR, "stepped": True, "reveal": True})
    assert config.scenario is not None and config.tutorial is None
    assert config.game == "tycoon" and config.seats == ("human", "normal", "normal", "normal")
    assert config.stepped and config.reveal and config.undo
    guided = GameConfig.read({"tutorial": "corporation", "seats": None})
    assert guided.tutorial == "corporation" and guided.scenario == tutorial("corporation")
    assert guided.seats[guided.scenario.you] == "human"
    # A scenario's JSON wins over a tutorial's name.
    assert GameConfig.read({"scenario": PAIR, "tutorial": "matchstick"}).game == "tycoon"


def test_a_lobbys_choices_are_read_without_their_scenario():
    config = GameConfig.read({"game": "matchstick", "seed": 1, "scenario": None},
                             scripts=False)
    assert config.game == "matchstick" and config.scenario is None


BAD = [
    (None, "a game is configured by an object of settings"),
    ({"game": "chess"}, "unknown game 'chess'; the games are"),
    ({"preset": "nope"}, "unknown preset 'nope'"),
    ({"options": {"zzz": 1}}, "unknown option zzz"),
    ({"seats": "human"}, "seats is a list like [\"human\", \"greedy\", \"greedy\"]"),
    ({"seats": ["human", 3]}, "seats is a list like"),
    ({"seats": ["human", "greedy"]},
     "Tycoon is for 3 or 4 players, or 5 as the UECda contest plays, not 2"),
    ({"seed": -1}, "the seed is a whole number, 0 or more"),
    ({"seed": True}, "the seed is a whole number, 0 or more"),
    ({"undo": 1}, "undo is true (a practice game) or false (a scored game)"),
    ({"hard_budget": 2}, "hard_budget is the share of Hard's thinking, from 0.05 to 1"),
    ({"hard_budget": 0.5, "hard_sized": True}, "a new game is given Hard's shares by "
                                               "hard_budget and hard_changes only"),
    ({"hard_budget": 0.5, "hard_changes": [[3, 0.5], [2, 0.5]]},
     "each change of Hard's share is [moves, share], in order of moves"),
    ({"scenario": "x"}, "a scenario is an object with a game, a position and steps"),
    ({"tutorial": "chess"}, "there is no guided trick of 'chess'"),
    ({"scenario": PAIR, "seats": ["human"]}, "seats is a list of 4 players"),
    ({"scenario": PAIR, "stepped": 0}, "undo (a practice game), reveal (every hand shown) "
                                       "and stepped (a reader steps through) are true or "
                                       "false"),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_a_bad_config_is_refused_with_what_to_fix_as_a_new_game_is(data: Any, message: str):
    with pytest.raises((BadOptions, BadScenario)) as refused:
        GameConfig.read(data)
    assert str(refused.value).startswith(message)
    answer = Session().new_game(data)
    assert answer["error"] == {"type": type(refused.value).__name__,
                               "message": str(refused.value)}


def test_hard_changes_without_a_budget_are_refused_only_where_the_device_sizes_hard():
    assert GameConfig.read({"hard_changes": [[2, 0.5]]}).hard_changes == ((2, 0.5),)
    with pytest.raises(BadOptions, match="hard_changes follow a hard_budget"):
        GameConfig.read({"hard_changes": [[2, 0.5]]}, sized=True)


JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 2**40),
                         st.floats(allow_nan=False), st.text(max_size=8))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
KEYS = st.sampled_from(["game", "preset", "options", "seats", "seed", "undo", "hard_budget",
                        "hard_changes", "hard_sized", "hard_decided", "tutorial", "reveal",
                        "stepped"])
VALUES = st.one_of(JSON_VALUES, st.sampled_from([*GAMES, "human", "hard", 0.5, [[1, 0.5]]]),
                   st.lists(st.sampled_from(["human", "greedy", "hard", "x"]), max_size=9))


@settings(max_examples=300)
@given(st.dictionaries(KEYS, VALUES, max_size=6), st.booleans())
def test_any_json_is_read_or_refused_with_a_rules_error(data: dict[str, Any], sized: bool):
    try:
        config = GameConfig.read(data, sized=sized)
    except RulesError:
        return
    assert len(config.seats) in GAMES[config.game].players
    assert (config.hard_budget is None) == (sized and "hard_budget" not in data)


LINK_FIELDS = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from([*GAMES, "chess"]),
    "players": st.sampled_from(["2", "3", "4", "5", "9", "x"]),
    "bots": st.sampled_from(["hard", "easy,normal,hard", "zz", "greedy"]),
    "seed": st.sampled_from(["5", "81723", "x", "99999999999999999999"]),
    "hard": st.sampled_from(["59", "59,31:50", "3", "100,2:5,1:7"]),
    "rounds": st.sampled_from(["1", "3", "q"]),
    "preset": st.sampled_from(["tycoon-p5r", "president-bga", "nope"]),
})


@settings(max_examples=200)
@given(LINK_FIELDS)
def test_what_a_deal_link_opens_is_a_config_read_as_a_new_games(fields: dict[str, str]):
    fragment = "#v=1&" + "&".join(f"{key}={value}" for key, value in fields.items())
    reading = read_link(fragment)
    if reading.kind != "deal":
        return
    config = GameConfig.read(reading.config, sized=True)
    assert list(config.seats) == reading.config["seats"]
    assert config.seed == reading.config["seed"] and not config.undo
    assert config.hard_budget == reading.config["hard_budget"]
    # The link of that deal deals it again.
    assert read_link(deal_link(reading.config)).config == reading.config


def test_the_command_line_configures_its_game_as_a_front_end_does():
    arguments = argparse.Namespace(game="president", players=5, preset="president-bga",
                                   option=["skip=false"], bot="hard", seed=7, rounds=None)
    config = GameConfig.read(play_config(arguments))
    assert config.seats == ("human", "hard", "hard", "hard", "hard")
    assert config.rules == make_rules("president", "president-bga", {"skip": False})
    table = Table.create(config)
    assert table.record.seed == 7 and table.seats == list(config.seats)
