"""A ``Session`` never raises, whatever it is given: every answer is a JSON envelope, and a
refusal names a precise error type with a message for a player, never an engine fault.

Hypothesis drives sessions of every game with arbitrary configs, texts, card lists,
seats and logs, mixed with the moves the views offer (so the games go somewhere).
"""

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES

JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40),
                         st.floats(allow_nan=False), st.text(max_size=12))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=12)
SEATS = st.one_of(st.none(), st.integers(-3, 12), st.text(max_size=3), st.booleans(),
                  st.floats(allow_nan=False), st.lists(st.integers(0, 3), max_size=2))
TEXTS = st.one_of(st.text(max_size=30), st.sampled_from([
    "pass", "discard", "give", "give 3c", "9c 9d", "X X", "*:deal 0 | 2c", "0:pass",
    "commit 1", "commit ²", "say I'll play ²", "say", "1>7 7", "3~E", "9:pass", "-1:pass",
    "0:say hi: there", "  ", "\x00", "٣:commit 3"]))


def valid_config(game: str, players: int, seed: int, level: str) -> dict[str, Any]:
    return {"game": game, "seats": ["human"] + [level] * (players - 1), "seed": seed}


VALID_CONFIGS = st.sampled_from(sorted(GAMES)).flatmap(lambda game: st.builds(
    valid_config, st.just(game), st.sampled_from(GAMES[game].players), st.integers(0, 2**31),
    st.sampled_from(["random", "greedy", "easy"])))
SCENARIO_CONFIGS = st.one_of(
    st.builds(lambda game, seats: {"tutorial": game, "seats": seats},
              st.one_of(st.sampled_from(sorted(GAMES)), JSON_SCALARS), st.none() | JSON_VALUES),
    st.builds(lambda scenario: {"scenario": scenario}, JSON_VALUES),
    st.builds(lambda game, position, steps: {"scenario": {"game": game, "position": position,
                                                         "steps": steps}},
              st.sampled_from(sorted(GAMES)), JSON_VALUES,
              st.lists(st.fixed_dictionaries({"move": TEXTS, "caption": JSON_SCALARS}),
                       max_size=3)),
)
CONFIGS = st.one_of(
    VALID_CONFIGS, VALID_CONFIGS, VALID_CONFIGS, SCENARIO_CONFIGS,
    JSON_VALUES,
    st.fixed_dictionaries({}, optional={"game": st.one_of(st.sampled_from(sorted(GAMES)),
                                                          JSON_SCALARS),
                                        "preset": JSON_SCALARS, "options": JSON_VALUES,
                                        "seats": JSON_VALUES, "seed": JSON_VALUES,
                                        "hard_budget": JSON_SCALARS,
                                        "hard_changes": JSON_VALUES,
                                        "hard_sized": JSON_SCALARS}),
)


class SteadyClock:
    """A device whose every reading is 5 ms after the last: Hard is timed and sized, the
    same way in every run."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.005
        return self.now


def answered(envelope: Any) -> dict[str, Any]:
    """The promise: a JSON envelope; a refusal has a precise type and a message."""
    assert isinstance(envelope, dict)
    json.dumps(envelope, allow_nan=False)
    assert isinstance(envelope["ok"], bool)
    if not envelope["ok"]:
        error = envelope["error"]
        assert error["type"] != "InternalError", error
        assert error["type"].endswith(("Error", "Notation", "Options", "Log", "Seat",
                                       "Action", "Turn", "Over", "Scenario", "Undo")), error
        assert error["message"]
    return envelope


def offered_move(session: Session, draw: Any) -> str:
    """A move the current view offers (so the game moves on), if any.

    The draw never depends on the game: a config without a seed deals at random, and
    Hypothesis needs the same draws when it replays an example."""
    choice = draw(st.integers(0, 255), label="offered")
    answer = answered(session.view())
    legal = answer["view"]["legal"] if answer["ok"] else []
    return legal[choice % len(legal)]["act"] if legal else "pass"


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, data=st.data())
def test_a_session_answers_anything_with_an_envelope(config, data):
    # Half the sessions know their device, as the browser worker's does, and size Hard.
    session = Session(SteadyClock()) if data.draw(st.booleans(), label="timed") else Session()
    started = answered(session.new_game(config))
    event("a game" if started["ok"] else "no game")
    for _ in range(data.draw(st.integers(1, 25), label="calls")):
        call = data.draw(st.sampled_from(
            ["act", "act", "offered", "offered", "advance", "advance", "check", "check_cards",
             "view", "hint", "export_log", "load_log", "games", "next_step", "take_over",
             "undo", "goto", "links", "read_link", "deal_link", "embed", "set_pace"]),
            label="call")
        if call == "act":
            answered(session.act(data.draw(TEXTS), data.draw(SEATS)))
        elif call == "offered":
            moved = answered(session.act(offered_move(session, data.draw)))["ok"]
            event("moved" if moved else "not moved")
        elif call == "advance":
            answered(session.advance())
        elif call == "check":
            answered(session.check(data.draw(TEXTS), data.draw(SEATS)))
        elif call == "check_cards":
            cards = data.draw(st.one_of(st.lists(TEXTS, max_size=4), JSON_VALUES))
            answered(session.check_cards(cards, data.draw(SEATS)))
        elif call == "view":
            answered(session.view(data.draw(SEATS)))
        elif call == "hint":
            event("hinted" if answered(session.hint(data.draw(SEATS)))["ok"] else "no hint")
        elif call == "export_log":
            exported = answered(session.export_log())
            if exported["ok"]:  # a game's own log always loads back
                assert answered(Session().load_log(exported["log"]))["ok"]
        elif call in ("next_step", "take_over", "undo"):
            answered(getattr(session, call)())
        elif call == "goto":
            answered(session.goto(data.draw(SEATS)))
        elif call == "links":
            answered(session.links(data.draw(JSON_SCALARS)))
        elif call == "read_link":
            answered(session.read_link(data.draw(st.one_of(TEXTS, JSON_VALUES))))
        elif call in ("deal_link", "embed"):
            config = data.draw(CONFIGS)
            scenario = data.draw(st.one_of(st.none(), st.text(max_size=20), JSON_VALUES))
            answered(session.deal_link(config) if call == "deal_link"
                     else session.embed(config, scenario))
        elif call == "load_log":
            answered(session.load_log(data.draw(st.one_of(JSON_VALUES, st.text(max_size=40)))))
        elif call == "set_pace":
            answered(session.set_pace(data.draw(st.one_of(st.sampled_from([0, 350, 900, 1600]),
                                                          JSON_SCALARS))))
        else:
            answered(session.games())


def test_the_announcement_that_broke_the_hint_is_read_as_no_card():
    """Two people at a Corporation table: after one says "I will play ²", the other's
    hint is still an answer (the digit is not an ASCII number, so it names no card)."""
    session = Session()
    assert session.new_game({"game": "corporation", "seed": 1,
                             "seats": ["human", "human", "greedy", "greedy"]})["ok"]
    assert answered(session.act("say I will play ²", 1))["ok"]
    hint = answered(session.hint(0))
    assert hint["ok"] and hint["reason"]


def test_seats_outside_the_table_or_of_the_wrong_type_are_refused_by_name():
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": 1,
                             "seats": ["human", "greedy", "greedy", "greedy"]})["ok"]
    assert session.view(42)["error"]["type"] == "BadSeat"
    assert session.act("pass", "1")["error"]["type"] == "BadSeat"  # type: ignore[arg-type]
    assert session.check_cards(["2c"], 9)["error"]["type"] == "BadSeat"


@pytest.mark.parametrize("game", ["tycoon", "president", "matchstick"])
def test_no_cards_chosen_is_refused_with_words_not_an_engine_fault(game):
    """CI found a President table answering an empty selection with an engine fault (the
    label of a play of no cards read its first card)."""
    session = Session()
    assert session.new_game({"game": game, "seed": 0,
                             "seats": ["human", "random", "random", "random"]})["ok"]
    refusal = answered(session.check_cards([]))
    assert refusal["error"] == {"type": "IllegalAction", "message": "choose the cards to play"}
