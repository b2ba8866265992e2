"""What a round's results lead with, in every game's view: who won the round, where the
seat finished (and its title, where the game has titles), and which columns the results
table has, so that no column says what another already says."""

from typing import Any

import pytest

from engine.api import Session
from engine.catalogue import observe
from engine.core.words import ordinal, plural, signed_points
from engine.families.corporation.rules.machine import RoundResult
from engine.families.corporation.words.views import CorpPresenter

COLUMNS = {"place", "title", "card", "points", "total", "to_go"}


def first_results(game: str, seed: int, **options: Any) -> dict[str, Any]:
    """The human's view when the first round's results are up (the human leading its
    first card, passing otherwise)."""
    session = Session()
    created = session.new_game({"game": game, "seed": seed, "options": options,
                                "seats": ["human", "easy", "easy", "easy"]})
    assert created["ok"], created
    for _ in range(3000):
        view = session.view()["view"]
        if view["last_round"] is not None:
            return dict(view)
        if session.advance()["action"] is None:
            assert session.act(view["legal"][0]["act"])["ok"]
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("seed", range(4))
def test_tycoon_results_lead_with_the_first_out_and_your_place_and_title(seed: int):
    view = first_results("tycoon", seed, rounds=2)
    last = view["last_round"]
    first = last["results"][0]
    assert last["winners"] == [first["seat"]]
    verb = "win" if first["name"] == "You" else "wins"
    assert last["headline"] == f"{first['name']} {verb} round 1"
    mine = next(entry for entry in last["results"] if entry["seat"] == view["seat"])
    assert last["you_text"] == f"You finish {mine['place_text']}: {mine['title']}"
    assert mine["title"] in ("Tycoon", "Rich Man", "Poor Man", "Beggar")
    assert last["columns"] == ["place", "title", "points", "total"]


def test_matchstick_has_no_title_column_since_its_titles_are_its_places():
    view = first_results("matchstick", 1, rounds=2)
    last = view["last_round"]
    # The rules name each place by its number: a title column would say the place again.
    assert all(entry["title"] == entry["place_text"] for entry in last["results"])
    assert last["columns"] == ["place", "points", "total"]
    mine = next(entry for entry in last["results"] if entry["seat"] == view["seat"])
    assert last["you_text"] == f"You finish {mine['place_text']}"
    assert last["winners"] == [last["results"][0]["seat"]]


def test_president_keeps_its_titles_column():
    view = first_results("president", 2)
    assert view["last_round"]["columns"] == ["place", "title", "points", "total"]
    assert ": " in view["last_round"]["you_text"]


@pytest.mark.parametrize("seed", range(6))
def test_a_reveal_leads_with_the_seats_that_scored_most_and_your_points_to_go(seed: int):
    view = first_results("corporation", seed)
    last = view["last_round"]
    points = last["points"]
    best = max(points)
    names = [player["name"] for player in view["players"]]
    if best > 0:
        assert last["winners"] == [seat for seat, got in enumerate(points) if got == best]
        assert last["headline"].endswith(f" the most: {signed_points(best)}")
        for seat in last["winners"]:
            assert names[seat] in last["headline"]
    else:
        assert last["winners"] == []
        assert last["headline"] == "No one scores this round"
    you = view["players"][view["seat"]]
    assert last["you_text"] == (f"You score {plural(points[view['seat']], 'point')}, "
                                f"{you['to_go']} to go")
    assert last["columns"] == ["card", "points", "total", "to_go"]


@pytest.mark.parametrize(("game", "options"), [("tycoon", {"rounds": 2}),
                                               ("matchstick", {"rounds": 2}),
                                               ("president", {}), ("corporation", {})])
def test_no_two_columns_of_the_results_say_the_same(game: str, options: dict[str, Any]):
    last = first_results(game, 5, **options)["last_round"]
    columns = last["columns"]
    assert set(columns) <= COLUMNS and len(set(columns)) == len(columns)
    if "title" in columns:
        assert any(entry["title"] != ordinal(entry["place"]) for entry in last["results"])


def test_a_reveal_where_no_one_scores_names_no_winner():
    session = Session()
    assert session.new_game({"game": "corporation", "seed": 0,
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    table = session.table
    assert table is not None
    observation = observe(table.state, 0)
    nothing = RoundResult(round_no=1, played=(3, 3, 3, 3), announcements=(),
                          corporations=(), rewards=(0,) * 4, profits=(0,) * 4, formed=())
    presenter = table.presenter()
    assert isinstance(presenter, CorpPresenter)
    told = presenter.round_headline(observation, nothing)
    assert told["winners"] == []
    assert told["headline"] == "No one scores this round"
    assert told["you_text"] == f"You score 0 points, {observation.target} to go"
