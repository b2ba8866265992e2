"""What the engine reads from outside is bounded before any work is done on it: length,
nesting and numbers (engine.core.limits), a link's values and its replay's moves, and a
scenario link is checked through before a game is replaced for it. The app's own longest
games still open as replays, and a refusal quotes a hostile value briefly."""

import base64
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import apply, chance_action, legal_actions, make_rules, seats_to_act
from engine.core.actions import CHANCE
from engine.core.errors import BadInput
from engine.core.limits import MAX_DEPTH, check_value, load_json, shown
from engine.links import read_link, replay_link, scenario_link
from engine.log import GameRecord
from engine.scenario import MAX_STEPS, tutorial

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def depth_of(value: object) -> int:
    if isinstance(value, list | dict):
        children = value.values() if isinstance(value, dict) else value
        return 1 + max((depth_of(child) for child in children), default=0)
    return 0


@settings(max_examples=200)
@given(JSON_VALUES)
def test_json_within_the_limits_reads_as_json_does(value):
    text = json.dumps(value, ensure_ascii=False)
    assert depth_of(value) <= MAX_DEPTH
    assert load_json(text) == json.loads(text)


@settings(max_examples=50)
@given(depth=st.integers(MAX_DEPTH + 1, 200_000), brackets=st.sampled_from(["[]", "{}"]))
def test_json_nested_too_deeply_is_refused_not_overflowed(depth, brackets):
    opening, closing = brackets
    text = (opening + ('"a":' if opening == "{" else "")) * depth + closing * depth
    with pytest.raises(BadInput, match=f"nests deeper than {MAX_DEPTH} levels"):
        load_json(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"caption": "[" * 1000 + '\\"{' * 500, "steps": [[["x"]]]})
    assert load_json(text)["steps"] == [[["x"]]]
    assert load_json(nested(MAX_DEPTH)) is not None


@pytest.mark.parametrize(("text", "reason"), [
    ('{"seed": NaN}', "holds NaN"),
    ("[Infinity]", "holds Infinity"),
    ("[-Infinity]", "holds -Infinity"),
    ('{"seed": 1e999}', "holds 1e999, a number too large"),
    ("{not json", "is not JSON"),
    ("x" * 3_000_000, "too long to read (3,000,000 characters"),
])
def test_what_json_cannot_carry_is_refused_by_name(text, reason):
    with pytest.raises(BadInput, match=reason.replace("(", r"\(")):
        load_json(text)


def test_decoded_data_nested_too_deeply_is_refused_at_any_depth():
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(BadInput):
        check_value(deep)
    check_value({"steps": [{"move": "0:3c", "caption": ""}] * 10_000})


def test_a_refusal_quotes_a_value_briefly_at_any_depth():
    deep: list[object] = ["x" * 10_000]
    for _ in range(50_000):
        deep = [deep]
    assert len(shown(deep)) < 40
    assert len(shown(list(range(1_000_000)))) < 60


@pytest.mark.parametrize("call", ["set_pace", "view", "new_game", "act", "goto", "hint",
                                  "read_link", "embed"])
def test_a_deep_argument_to_any_call_is_refused_as_input_not_an_engine_failure(call):
    deep: list[object] = []
    for _ in range(20_000):
        deep = [deep]
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": 3,
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    answer = getattr(session, call)(deep)
    assert answer["ok"] is False
    assert answer["error"]["type"] == "BadInput", answer["error"]
    assert "nests deeper than" in answer["error"]["message"]


# ---------------------------------------------------------------- links


def base64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("depth", [2_000, 10_000, 37_000])
def test_a_link_whose_scenario_nests_deeply_is_refused_with_a_notice(depth):
    reading = read_link("#v=1&scenario=" + base64url(nested(depth)))
    assert reading.kind == "none"
    assert reading.notices == [f"the link's scenario cannot be read: it nests deeper than "
                               f"{MAX_DEPTH} levels"]


@pytest.mark.parametrize(("scenario", "notice"), [
    ('{"game": "tycoon", "seed": NaN}', "the link's scenario cannot be read: it holds NaN"),
    ('{"game": "tycoon", "seed": 1e999}', "the link's scenario cannot be read: it holds 1e999"),
    ('{"game": "tycoon", "steps": [{"move": "0:Ah", "caption": ""}]}',
     "the link's scenario cannot be played: step 1: "),
])
def test_a_scenario_link_is_checked_through_before_anything_is_replaced(scenario, notice):
    reading = Session().read_link("#v=1&scenario=" + base64url(scenario))
    assert reading["ok"] and reading["kind"] == "none"
    assert reading["notices"][0].startswith(notice), reading["notices"]


@pytest.mark.parametrize(("value", "notice"), [
    ("hard=0050000", "hard=0050000 was ignored"),
    ("hard=0050", "hard=0050 was ignored"),
    ("seat=00099", "seat=00099 was ignored"),
    ("seat=0002", "seat=0002 was ignored"),
])
def test_a_number_is_read_whole_not_by_its_first_digits(value, notice):
    deal = Session().deal_link({"game": "tycoon", "seed": 5,
                                "seats": ["human", "easy", "easy", "easy"]})["link"]
    reading = read_link("#" + deal + "&moves=AAAA&" + value)
    assert reading.kind == "replay"
    assert any(n.startswith(notice) for n in reading.notices), reading.notices
    assert Session().new_game(reading.config)["ok"]


def test_a_key_given_twice_is_named_and_the_first_used():
    reading = read_link("#v=1&game=tycoon&seed=5&seed=6&players=3&players=3")
    assert reading.config["seed"] == 5
    assert reading.notices == ["seed was given twice: the first, 5, is used"]


def a_long_game(game: str, players: int, options: dict[str, int], actions: int) -> GameRecord:
    """A game of ``actions`` moves chosen at random (an endless game goes on as long)."""
    rules = make_rules(game, None, options)
    state = GameRecord(rules, players, 7).initial()
    chooser = random.Random(1)
    made = []
    while len(made) < actions and seats_to_act(state):
        actors = seats_to_act(state)
        action = (chance_action(state) if actors == (CHANCE,)
                  else chooser.choice(legal_actions(state, actors[0])))
        made.append(action)
        state = apply(state, action)
    return GameRecord(rules, players, 7, tuple(made))


def test_a_replay_of_a_long_game_the_app_plays_opens_to_its_last_move():
    record = a_long_game("tycoon", 4, {"rounds": 0}, 6_000)
    link = replay_link(record, ["human", "normal", "normal", "normal"], 0, False)
    reading = Session().read_link(link)
    assert reading["kind"] == "replay" and reading["notices"] == []
    viewer = Session()
    assert viewer.new_game(reading["config"])["ok"]
    assert viewer.goto(6_000 - 1)["ok"]
    assert viewer.table.state == record.replay()


def test_a_replay_longer_than_a_link_holds_is_not_offered_and_says_why():
    session = Session()
    record = a_long_game("tycoon", 4, {"rounds": 0}, MAX_STEPS + 2)
    log = {**record.to_json(record.replay()),
           "seats": [{"name": name, "kind": kind} for name, kind in
                     [("You", "human"), ("A", "easy"), ("B", "easy"), ("C", "easy")]]}
    assert session.load_log(log)["ok"]
    links = session.links()
    assert links["replay"] is None and links["deal"] is not None
    assert links["replay_note"].startswith("This game is too long for a replay link")


def test_a_hostile_replay_is_read_no_further_than_a_link_may_hold():
    """Every byte 0 is the first legal move: a valid endless game as long as the link."""
    reading = read_link("#v=1&game=matchstick&rounds=0&seed=5&moves=" + "A" * 90_000)
    assert reading.kind == "replay"
    assert len(reading.config["scenario"]["steps"]) == MAX_STEPS
    assert reading.notices == [f"the replay has more than {MAX_STEPS + 1:,} moves: it is "
                               "shown up to there"]


@pytest.mark.parametrize("title", ["Revolution 🎉", "大富豪の革命", "מהפכה", "e\u0301 ZWJ 👩‍👩‍👧"])
def test_unicode_titles_and_captions_round_trip_through_a_link(title):
    scenario = tutorial("tycoon").to_json()
    scenario["title"] = title
    scenario["steps"][0]["caption"] = title + " — " + title
    reading = Session().read_link(scenario_link(scenario))
    assert reading["kind"] == "scenario"
    session = Session()
    view = session.new_game(reading["config"])["view"]
    assert view["script"]["title"] == title
    assert json.loads(json.dumps(view, ensure_ascii=False))["script"]["title"] == title


@settings(max_examples=200)
@given(hard=st.text("0123456789", min_size=1, max_size=9),
       seat=st.text("0123456789", min_size=1, max_size=7))
def test_a_number_in_a_link_counts_only_if_all_of_it_is_in_range(hard, seat):
    reading = read_link(f"#v=1&game=tycoon&seed=5&moves=AA&hard={hard}&seat={seat}")
    config = reading.config
    share_valid = len(hard) <= 3 and 5 <= int(hard) <= 100
    seat_valid = len(seat) <= 2 and int(seat) < 4
    assert config["hard_budget"] == (int(hard) / 100 if share_valid else 1.0)
    you = config["scenario"]["you"]
    assert you == (int(seat) if seat_valid else 0)
    assert config["seats"][you] == "human"
    assert (f"hard={hard} was ignored" in " ".join(reading.notices)) != share_valid
    assert Session().new_game(config)["ok"]


@settings(max_examples=200)
@given(st.lists(st.tuples(st.sampled_from(["seed", "players", "bots", "rounds"]),
                          st.sampled_from(["3", "4", "5", "easy", "hard"])), max_size=8))
def test_the_first_of_a_key_given_twice_counts_and_each_other_value_is_named(pairs):
    fragment = "#v=1&game=tycoon" + "".join(f"&{key}={value}" for key, value in pairs)
    reading = read_link(fragment)
    first: dict[str, str] = {}
    named = []
    for key, value in pairs:
        if key not in first:
            first[key] = value
        elif value != first[key]:
            named.append(f"{key} was given twice: the first, {first[key]}, is used")
    assert [n for n in reading.notices if "given twice" in n] == named
    assert reading.kind == "deal" and Session().new_game(reading.config)["ok"]
