"""Play again: the engine answers the choices of the game in progress (game, options, seats,
undo), which deal a new game of them; a scenario has none of its own."""

from engine.api import Session
from engine.scenario import tutorial


def test_play_again_deals_the_games_own_choices_anew():
    session = Session()
    config = {"game": "president", "options": {"skip": True},
              "seats": ["normal", "human", "easy", "hard"], "undo": False, "seed": 11}
    session.new_game(config)
    again = session.again()
    assert again["ok"]
    assert sorted(again["config"]) == ["game", "options", "seats", "undo"]  # no seed: a new deal
    assert (again["config"]["game"], again["config"]["seats"], again["config"]["undo"]) == (
        "president", config["seats"], False)
    assert again["config"]["options"]["skip"] is True
    second = Session()
    view = second.new_game(again["config"])["view"]
    assert (view["game"], view["seat"], view.get("undo")) == ("president", 1, False)
    assert len(view["players"]) == 4


def test_a_scenario_has_no_choices_to_play_again():
    session = Session()
    session.new_game({"tutorial": "tycoon"})
    assert session.again() == {"ok": True, "config": None}
    session.new_game({"scenario": tutorial("president").to_json(), "stepped": True})
    assert session.again()["config"] is None


def test_play_again_with_no_game_is_refused_in_words():
    answer = Session().again()
    assert not answer["ok"] and answer["error"]["message"]
