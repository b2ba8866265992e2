"""The view contract is declared once (engine/core/contract.py, each family's
contract.py, and the reply each call of engine/api.py declares): every view, step and
reply the engine sends validates against the JSON Schema generated from those
declarations, where an object has exactly its declared keys, so a presenter that sends a
field the declaration lacks, or leaves out one it promises, fails here. The page's copy
of the view's schema and the whole contract's (docs/engine-contract.schema.json) are
current, and the page's small validator (web/ui/schema_check.py, run on MicroPython)
agrees with jsonschema."""

import copy
import functools
import json
import random
import sys
from pathlib import Path
from typing import get_args, is_typeddict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators

from engine.api import CALLS, Session, declared_replies
from engine.catalogue import FAMILIES, GAMES
from engine.scenario import tutorial

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "web" / "ui"))
import schema_check  # noqa: E402  (web/ui is the page's folder, not a package)
import write_view_schema  # noqa: E402
from view_schema import SCHEMA  # noqa: E402

# The page's integers are numbers written without a fraction (JSON Schema's also take 2.0).
STRICT_TYPES = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: type(value) is int)
StrictValidator = validators.extend(Draft202012Validator, type_checker=STRICT_TYPES)


CONTRACT = json.loads((ROOT / "docs" / "engine-contract.schema.json").read_text(
    encoding="utf-8"))


def checker(definition: str | None = None) -> StrictValidator:
    """jsonschema's validator of a view, with the page's schema (or of the reply
    ``definition`` names, with the whole contract's)."""
    if definition is None:
        return StrictValidator(SCHEMA)
    return StrictValidator({"$defs": CONTRACT["$defs"], "$ref": "#/$defs/" + definition})


VIEW, VIEW_REPLY, MOVES_REPLY = checker(), checker("core.ViewReply"), checker("core.MovesReply")
STEP_REPLY, ERROR_REPLY = checker("core.StepReply"), checker("core.ErrorReply")
CHECK_REPLY, HINT_REPLY = checker("core.CheckCardsReply"), checker("core.HintReply")
LOAD_LOG_REPLY = checker("engine.LoadLogReply")


def test_the_page_s_schema_and_the_contract_s_are_the_ones_the_engine_declares():
    assert write_view_schema.stale() is None
    assert write_view_schema.schema() == SCHEMA
    assert write_view_schema.whole_contract() == CONTRACT
    Draft202012Validator.check_schema(SCHEMA)
    Draft202012Validator.check_schema(CONTRACT)
    assert len(SCHEMA["$defs"]["View"]["anyOf"]) == len(FAMILIES)
    # The page checks views only: its module holds the view and its parts, no reply.
    assert not [name for name in SCHEMA["$defs"] if name.endswith("Reply")]
    assert {name: CONTRACT["$defs"][name] for name in SCHEMA["$defs"]} == SCHEMA["$defs"]


def test_every_call_declares_its_reply():
    replies = declared_replies()
    assert list(replies) == [call.name for call in CALLS]
    for name, reply in replies.items():
        assert all(is_typeddict(member) for member in get_args(reply) or (reply,)), name
        assert {"$ref": "#/$defs/call." + name} in CONTRACT["anyOf"]


def replies_of_every_call() -> list[tuple[str, dict]]:
    """(call, reply) for every call of a Session, each with real arguments (a game in
    progress, its links read, a scenario, an embedded table) and refused: before any
    game, and given what it cannot take."""
    session = Session()
    replies: list[tuple[str, object]] = [(call.name, getattr(Session(), call.name)(
        *([None] * len(call.arguments)))) for call in CALLS]  # no game, no arguments
    replies += [("games", session.games()), ("set_pace", session.set_pace(350)),
                ("set_pace", Session(lambda: 0.0).set_pace(0)),
                ("set_language", Session().set_language("ja")),
                ("set_language", Session().set_language("fr"))]
    config = {"game": "tycoon", "seed": 5, "seats": ["human", "random", "easy", "hard"],
              "hard_budget": 0.05}
    replies.append(("new_game", session.new_game(config)))
    while (step := session.advance())["action"] is not None:
        replies.append(("advance", step))
    replies.append(("advance", step))
    move = session.view()["view"]["legal"][0]
    replies += [("view", session.view()), ("view", session.view(1)),
                ("check", session.check(move["act"])), ("check", session.check("0:9z")),
                ("check_cards", session.check_cards(move["cards"])),
                ("check_cards", session.check_cards(["Zz"])), ("hint", session.hint()),
                ("hint", session.hint(2)), ("act", session.act(move["act"])),
                ("act", session.act("pass", 7)), ("undo", session.undo()),
                ("act", session.act(move["act"])), ("again", session.again()),
                ("links", session.links(True)), ("links", session.links(False))]
    log = session.export_log()
    replies += [("export_log", log), ("load_log", session.load_log(log["log"])),
                ("load_log", session.load_log("{}"))]
    links = session.links(False)
    dealt = session.deal_link({"game": "president", "seats": ["human"] + ["normal"] * 4})
    replies.append(("deal_link", dealt))
    for fragment in (links["deal"], links["replay"], "#" + dealt["link"], "", "#v=9",
                     "#v=1&game=tycoon&players=9&seed=5"):
        replies.append(("read_link", session.read_link(fragment)))
    replay = session.read_link(links["replay"])
    replies += [("new_game", session.new_game(replay["config"])),
                ("next_step", session.next_step()), ("goto", session.goto(0)),
                ("goto", session.goto(-1)), ("take_over", session.take_over()),
                ("again", session.again()), ("links", session.links(True))]
    replies += [("new_game", session.new_game({"tutorial": "tycoon"})),
                ("links", session.links(False)),
                ("read_link", session.read_link(session.links(False)["deal"]))]
    scenario = json.dumps(tutorial("president").to_json())
    replies += [("embed", session.embed({"game": "matchstick", "seats": ["human", "hard"]})),
                ("embed", session.embed({"game": "president"}, scenario)),
                ("embed", session.embed({"game": "president"}, "{}")),
                ("deal_link", session.deal_link({"game": "chess"})),
                ("new_game", session.new_game({"game": "corporation", "seed": 1}))]
    replies += [("advance", session.advance()), ("export_log", session.export_log())]
    today = session.todays_deal("2026-12-07", "matchstick", None)
    replies += [("todays_deal", today), ("todays_deal", session.todays_deal("2026-13-01",
                                                                          "tycoon", None)),
                ("new_game", session.new_game(today["config"])),
                ("challenge_link", session.challenge_link("Sam"))]
    while session.view()["view"]["outcome"] is None:
        view = session.advance()["view"]
        if view["legal"]:
            session.act(view["legal"][0]["act"])
    challenge = session.challenge_link("Sam")
    replies += [("todays_deal", session.todays_deal("2026-12-07", "matchstick", None, "Sam")),
                ("todays_deal", session.todays_deal("2026-12-08", "matchstick", None, "Sam")),
                ("challenge_link", challenge),
                ("read_challenge", session.read_challenge(challenge["link"])),
                ("read_challenge", session.read_challenge(links["deal"]))]
    return [(name, json.loads(json.dumps(reply))) for name, reply in replies]


def test_every_call_answers_as_it_declares():
    replies = replies_of_every_call()
    for name, reply in replies:
        declared = checker("call." + name)
        declared.validate(reply)
        if not reply["ok"]:
            ERROR_REPLY.validate(reply)
        assert not declared.is_valid({**reply, "undeclared": True}), name
        for key in reply if reply["ok"] else ():  # each key an answer sends, it promises
            assert not declared.is_valid({k: v for k, v in reply.items() if k != key}), key
    answered = {name for name, reply in replies if reply["ok"]}
    assert answered == {call.name for call in CALLS}, {c.name for c in CALLS} - answered


# Games short enough to reach their end: a round's exchange, its results and the outcome.
SHORT = {"tycoon": {"rounds": 2}, "matchstick": {"rounds": 2}, "corporation": {"target_score": 30}}


def replies_of_a_game(game: str, seed: int, moves: int, tutorial: bool = False) -> list[tuple]:
    """(validator, reply) for each reply of a Session along a game against random bots
    (the validator of the reply when it is not a refusal): new games, steps, views,
    refusals, checked selections, hints, undo and a scenario's steps."""
    rng = random.Random(seed)
    session = Session()
    players = GAMES[game].default_players
    config = ({"tutorial": game, "stepped": rng.random() < 0.5} if tutorial else
              {"game": game, "seed": seed, "seats": ["human"] + ["random"] * (players - 1),
               "options": SHORT.get(game, {})})
    replies = [(MOVES_REPLY, session.new_game(config))]
    for _ in range(moves):
        step = session.advance()
        replies.append((STEP_REPLY, step))
        view = step["view"]
        if view["outcome"]:
            break
        if view["script"] is not None and view["script"]["next"] is not None and (
                rng.random() < 0.7):
            replies.append((STEP_REPLY, session.next_step()))
            continue
        if step["action"] is not None:
            continue
        if not view["legal"]:  # a reader's Next, or nothing left
            replies.append((STEP_REPLY, session.next_step()))
            if not replies[-1][1]["ok"]:
                break
            continue
        replies.append((ERROR_REPLY, session.act("0:nonsense")))
        replies.append((ERROR_REPLY, session.check_cards(["Zz"])))
        move = rng.choice(view["legal"])
        replies.append((CHECK_REPLY, session.check_cards(move["cards"])))
        hand = [card["id"] for card in view["hand"]]
        replies.append((CHECK_REPLY, session.check_cards(rng.sample(hand, min(2, len(hand))))))
        if rng.random() < 0.05:
            replies.append((HINT_REPLY, session.hint()))
        if rng.random() < 0.2:
            replies.append((MOVES_REPLY, session.undo()))
            continue
        replies.append((STEP_REPLY, session.act(move["act"])))
    replies.append((VIEW_REPLY, session.view()))
    if view["script"] is not None:
        replies.append((MOVES_REPLY, session.goto(0)))
        replies.append((MOVES_REPLY, session.take_over()))
    replies.append((LOAD_LOG_REPLY, session.load_log(session.export_log()["log"])))
    return [(validator, json.loads(json.dumps(reply))) for validator, reply in replies]


@settings(max_examples=8)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31),
       tutorial=st.booleans())
def test_every_view_and_reply_of_random_games_is_as_declared(game, seed, tutorial):
    for validator, reply in replies_of_a_game(game, seed, 400, tutorial):
        (validator if reply["ok"] else ERROR_REPLY).validate(reply)
        if "view" in reply:
            VIEW.validate(reply["view"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_field_sent_undeclared_or_a_declared_one_left_out_fails(game):
    view = Session().new_game({"game": game, "seed": 3})["view"]
    VIEW.validate(view)
    assert not VIEW.is_valid({**view, "flourish": True})
    assert not VIEW.is_valid({**view, "players": [{**view["players"][0], "mood": "calm"}]})
    for name in ("round_text", "legal", "table"):
        assert not VIEW.is_valid({k: v for k, v in view.items() if k != name}), name


def paths(value, at=()):
    """Where in ``value`` a part can be changed: each key of an object and item of a list."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*at, index))
    return found


def damaged(view, path, change, other):
    """``view`` with the part at ``path`` dropped (an object's key) or replaced by ``other``."""
    copied = copy.deepcopy(view)
    parent = copied
    for step in path[:-1]:
        parent = parent[step]
    if change == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = other
    return copied


@functools.cache
def views_of(game: str) -> list[dict]:
    """Views of every kind along a game and its tutorial, a few of each."""
    return [reply["view"] for tutorial in (False, True)
            for _, reply in replies_of_a_game(game, 7, 60, tutorial)[::4] if "view" in reply]


OTHERS = [None, True, False, 0, 7, -1, 2.0, 1.5, "", "x", [], [1], {}, {"id": "4"}]


@settings(max_examples=300)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), change=st.sampled_from(
    ["drop", "replace"]), other=st.sampled_from(OTHERS))
def test_the_page_s_validator_agrees_with_jsonschema(data, game, change, other):
    view = data.draw(st.sampled_from(views_of(game)))
    assert schema_check.conforms(view, SCHEMA) and VIEW.is_valid(view)
    path = data.draw(st.sampled_from(paths(view)))
    broken = damaged(view, path, change, other)
    assert schema_check.conforms(broken, SCHEMA) == VIEW.is_valid(broken), (path, other)


def test_the_page_s_validator_checks_seats_against_the_table():
    view = views_of("tycoon")[0]
    seats = len(view["players"])
    assert schema_check.conforms(view, SCHEMA, seats=seats)
    assert not schema_check.conforms({**view, "to_act": seats}, SCHEMA, seats=seats)
    assert not schema_check.conforms({**view, "seat": -1}, SCHEMA, seats=seats)
