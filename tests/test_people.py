"""Friends at one phone: every game and preset with 1 to N people and bots plays to the
end through each person's own view and ``act(..., seat=)``, and no person's view shows
another person's hand; the people's names are checked, kept in the log and in the
choices to deal again; undo never takes a move back across a hand-over."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_visibility import names_a_card, other_world, unseen_cards

from engine.api import Session
from engine.catalogue import GAMES, PRESETS
from engine.config import GameConfig
from engine.core.errors import BadName
from engine.families.climbing.rules.state import ClimbState
from engine.play.table import Table
from engine.play.view import table_view

NAMES = ("Mia", "Noor", "Olu", "Pia", "Quin", "Rui", "Sol", "Tam", "Uma", "Vic")


def check_private(table: Table, view: dict, seat: int, rng: random.Random) -> None:
    """``view`` (``seat``'s) names no card the seat has not seen, and reads the same in a
    world where what it has not seen is otherwise (the other hands, the others' commits)."""
    state = table.state
    if isinstance(state, ClimbState):
        assert names_a_card(json.dumps(view), unseen_cards(state, seat)) == []
    elsewhere = Table(table.record, other_world(state, rng, seat), table.seats, undo=False,
                      people=table.people)
    shown = {key: value for key, value in view.items() if key not in ("undo", "can_undo")}
    seen_there = table_view(elsewhere, seat)
    assert {key: value for key, value in seen_there.items()
            if key not in ("undo", "can_undo")} == shown


CASES = [(preset, players) for preset, rules in PRESETS.items()
         for players in GAMES[rules.game].players[:2]]


@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), data=st.data())
def test_people_at_one_phone_play_to_the_end_each_through_their_own_view(case, seed, data):
    preset, players = case
    rules = PRESETS[preset]
    persons = sorted(data.draw(st.sets(st.integers(0, players - 1), min_size=1), label="people"))
    seats = ["human" if seat in persons else "random" for seat in range(players)]
    friends = iter(NAMES)
    names = [next(friends) if seat in persons[1:] else None for seat in range(players)]
    # Several rounds where the game counts them out (President plays to a score).
    options = {"rounds": data.draw(st.integers(1, 2), label="rounds")} if (
        "rounds" in rules.options()) else {}
    session = Session()
    started = session.new_game({"game": rules.game, "preset": preset, "seats": seats,
                                "people": names, "seed": seed, "options": options,
                                "undo": data.draw(st.booleans(), label="undo")})
    assert started["ok"], started
    table = session.table
    assert table is not None
    rng = random.Random(seed)
    holder = persons[0]
    for _ in range(3000):
        step = session.advance(holder)
        assert step["ok"], step
        if step["action"] is not None:
            continue
        view = step["view"]
        if view["outcome"] is not None:
            break
        person = view["next_person"]
        assert person in persons
        assert view["hand_over"] == (person != holder and len(persons) > 1)
        holder = person
        own = session.view(person)["view"]
        assert own["seat"] == person and not own["hand_over"]
        assert (own["since"] is None) == (len(persons) == 1)
        check_private(table, own, person, rng)
        move = rng.choice(own["legal"])
        acted = session.act(move["act"], person)
        assert acted["ok"], (move, acted)
        check_private(table, acted["view"], person, rng)
    else:
        pytest.fail("the game did not end")
    owner = "Player " + str(persons[0] + 1)
    assert [p["name"] for p in session.view()["view"]["people"]] == [
        owner, *NAMES[:len(persons) - 1]]


def test_a_friend_s_view_speaks_to_them_and_names_the_owner():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["human", "human", "normal", "normal"],
                      "people": ["Sam", "Mia", None, None], "seed": 3})
    mine, hers = session.view(0)["view"], session.view(1)["view"]
    assert [p["name"] for p in mine["players"]] == ["You", "Mia", "Aiko", "Bruno"]
    assert [p["name"] for p in hers["players"]] == ["Sam", "You", "Aiko", "Bruno"]
    assert mine["hand"] != hers["hand"]
    assert mine["people"] == [{"seat": 0, "name": "Sam"}, {"seat": 1, "name": "Mia"}]


@pytest.mark.parametrize(("people", "reason"), [
    ([None, "", None, None], "empty"),
    ([None, "x" * 17, None, None], "too long"),
    ([None, "Mia", "Noor", None], "bot"),
    ([None, "you", None, None], "owner"),
    ([None, "aiko", None, None], "two seats"),
    ([None, "Mia"], "one entry a seat"),
    ([None, 7, None, None], "text"),
    ([None, "Mi\x07a", None, None], "cannot be shown"),
])
def test_a_name_the_table_cannot_seat_is_refused_with_why(people, reason):
    with pytest.raises(BadName, match=reason):
        GameConfig.read({"game": "tycoon", "seats": ["human", "human", "normal", "normal"],
                         "people": people, "seed": 1})
    answer = Session().new_game({"game": "tycoon", "people": people,
                                 "seats": ["human", "human", "normal", "normal"]})
    assert answer["error"]["type"] == "BadName"


def test_a_name_is_trimmed_and_sixteen_characters_are_enough():
    config = GameConfig.read({"game": "tycoon", "seats": ["human", "human", "normal"],
                              "people": [None, "  Mia   Rose ", None], "seed": 1})
    assert config.people == (None, "Mia Rose", None)
    assert GameConfig.read({"game": "tycoon", "seats": ["human", "human", "normal"],
                            "people": [None, "é" * 16, None], "seed": 1}).people[1] == "é" * 16


def test_people_are_kept_in_the_log_and_in_the_choices_to_deal_again():
    session = Session()
    config = {"game": "tycoon", "seats": ["human", "normal", "human", "normal"],
              "people": [None, None, "Mia", None], "seed": 9, "options": {"rounds": 3}}
    session.new_game(config)
    log = session.export_log()["log"]
    assert log["people"] == [None, None, "Mia", None]
    assert [seat["name"] for seat in log["seats"]] == ["You", "Aiko", "Mia", "Bruno"]
    again = Session()
    assert again.load_log(log)["ok"]
    assert again.view(2)["view"]["players"][0]["name"] == "Player 1"
    assert session.again()["config"]["people"] == [None, None, "Mia", None]


def test_undo_takes_back_only_the_holder_s_move_and_never_across_a_hand_over():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["human", "normal", "human", "normal"],
                      "people": [None, None, "Mia", None], "seed": 3})
    while session.advance()["action"] is not None:
        pass
    first = session.view()["view"]["next_person"]
    other = 2 - first
    move = session.view(first)["view"]["legal"][-1]["act"]
    acted = session.act(move, first)["view"]
    # A bot is to play before the other person: the phone is still in the first's hand.
    assert acted["next_person"] is None and acted["can_undo"]
    assert session.undo(other)["error"]["type"] == "CannotUndo"
    assert session.undo(1)["error"]["message"] == "a bot's moves are not taken back"
    assert session.undo(first)["ok"]
    session.act(move, first)
    handed = session.advance(first)["view"]
    assert handed["next_person"] == other and handed["hand_over"]
    assert not handed["can_undo"]
    refused = session.undo(first)
    assert refused["error"]["type"] == "CannotUndo"
    assert refused["error"]["message"] == ("the phone has gone to Mia since: a move is "
                                           "taken back only before it is handed on"
                                           if first == 0 else
                                           "the phone has gone to Player 1 since: a move is "
                                           "taken back only before it is handed on")
    session.act(session.view(other)["view"]["legal"][-1]["act"], other)
    assert session.undo(first)["error"]["type"] == "CannotUndo"
    assert session.view(other)["view"]["can_undo"] == (
        session.view()["view"]["next_person"] != first)


def test_two_people_exchange_each_through_their_own_view():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["human"] * 4, "seed": 11,
                      "people": [None, "Mia", "Noor", "Olu"], "options": {"rounds": 2}})
    rng = random.Random(11)
    gives = []
    while True:
        view = session.advance()["view"]  # a deal, once a round is over
        if view["outcome"] is not None or (view["round"] == 2 and gives and
                                           view["phase"] != "give"):
            break
        person = view["next_person"]
        own = session.view(person)["view"]
        if own["phase"] == "give":
            hand = {card["id"] for card in own["hand"]}
            assert all(set(move["cards"]) <= hand for move in own["legal"])
            gives.append(person)
        assert session.act(rng.choice(own["legal"])["act"], person)["ok"]
    # The Tycoon and the Rich each choose what they give back, each with their own hand.
    assert len(gives) == 2 and len(set(gives)) == 2


def test_corporation_s_people_talk_and_commit_each_through_their_own_view():
    session = Session()
    session.new_game({"game": "corporation", "seats": ["human", "human", "normal", "normal"],
                      "people": [None, "Mia", None, None], "seed": 4})
    while session.advance(0)["action"] is not None:
        pass
    assert session.act("say Join my Corporation on 3", 0)["ok"]
    assert session.act("commit 3", 0)["ok"]
    hers = session.view(1)["view"]
    assert hers["since"].endswith('Player 1 says "Join my Corporation on 3"; Player 1 '
                                  "commits a card face down")
    assert session.view(0)["view"]["next_person"] == 1
    assert session.view(0)["view"]["hand_over"]


def test_the_phone_stays_with_a_person_who_may_still_act():
    """Mia talks before she commits: the phone stays with her, though Player 1 (first in
    seat order) may act too; once she has committed, it goes to him."""
    session = Session()
    session.new_game({"game": "corporation", "seats": ["human", "human", "normal", "normal"],
                      "people": [None, "Mia", None, None], "seed": 4})
    while session.advance(1)["action"] is not None:
        pass
    said = session.act("say Join my Corporation on 3", 1)["view"]
    assert said["next_person"] == 1 and not said["hand_over"]
    committed = session.act("commit 3", 1)["view"]
    assert committed["next_person"] == 0 and committed["hand_over"]
    assert session.view(0)["view"]["next_person"] == 0


def test_the_hint_speaks_to_the_seat_asked_for():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["normal", "human", "human", "normal"],
                      "people": [None, None, "Mia", None], "seed": 5})
    while session.advance()["action"] is not None:
        pass
    person = session.view()["view"]["next_person"]
    hint = session.hint(person)
    assert hint["ok"], hint
    other = 3 - person
    assert session.hint(other)["error"]["message"].startswith(
        ("it is not your turn", "Waiting", "You"))  # its own words
