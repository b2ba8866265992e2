"""A new kind of game is one folder and one catalogue entry: High Card (tests/toy_family),
given its entry here, plays through the engine's face, its bots, its hint and the
Session, with nothing else changed."""

import random

import pytest
from jsonschema import Draft202012Validator
from toy_family import machine, rules, views

import engine
from engine import catalogue
from engine.api import Session, declared_replies
from engine.catalogue import Family, Game, lazy_bots
from engine.core.lazy import on_first_use
from engine.core.schema import contract_schema, view_schema
from engine.players.advice import hint
from engine.players.levels import make_bot

TOY = Family(
    name="highcard", actions=machine.ACTIONS, initial_state=machine.initial_state,
    chance_action=machine.chance_action, legal_actions=machine.legal_actions,
    verify=machine.verify, apply=machine.apply, observe=machine.observe,
    outcome=machine.outcome, seats_to_act=machine.seats_to_act,
    moves_of_cards=machine.moves_of_cards, event_of=machine.event_of,
    seen_by=machine.seen_by, presenter=views.HighPresenter, view=views.HighCardView,
    bots=lazy_bots("toy_family.bots", temperament="none", learns=False), read_start=None,
    setup=machine.setup, parse_action=rules.parse_action, rankings=machine.rankings,
    ranked="games")

ENTRY = Game(
    name="highcard", title="High Card", description="Lay your highest card.",
    rules=rules.HighCardRules, presets=rules.PRESETS,
    preset_titles=rules.PRESET_TITLES, players=(2, 3, 4), default_players=3,
    help=rules.RULES_HELP, notation_help="Lay a card: lay 2.", family=TOY,
    explain=on_first_use("toy_family.views", "explain"), hard_budget=0, counts=None,
    on_table=False, tutorial=rules.TUTORIAL)


@pytest.fixture
def catalogued(monkeypatch):
    monkeypatch.setitem(catalogue.GAMES, "highcard", ENTRY)
    monkeypatch.setattr(catalogue, "FAMILIES", (*catalogue.FAMILIES, TOY))


@pytest.mark.usefixtures("catalogued")
@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal", "hard"])
def test_every_level_plays_the_toy_game_to_its_end(level):
    state = engine.new_game(engine.make_rules("highcard", options={"cards": 4}), 3, seed=5)
    rng = random.Random(5)
    while engine.outcome(state) is None:
        (seat,) = catalogue.seats_to_act(state)
        action = make_bot(level).choose(engine.observe(state, seat), rng)
        state = engine.step(state, action)
    result = engine.outcome(state)
    assert result is not None and sum(result.scores) <= 4


@pytest.mark.usefixtures("catalogued")
def test_the_face_reads_sets_up_and_refuses_the_toy_games_actions():
    assert engine.parse_action("1:lay 2") == rules.Lay(1, 2)
    state = engine.setup(engine.make_rules("highcard"), 2, scores=[1, 0])
    assert state.scores == (1, 0)
    with pytest.raises(engine.IllegalAction, match="is not a High Card action"):
        engine.step(state, engine.parse_action("0:9c"))
    with pytest.raises(engine.BadNotation, match="as High Card:"):
        engine.parse_action("1:play 2")


@pytest.mark.usefixtures("catalogued")
def test_the_session_plays_it_with_a_person_and_bots_and_logs_it():
    """... and every view and step it sends validates against the schema generated with
    the toy family's declared view."""
    views = [family.view for family in catalogue.FAMILIES]
    views_checked = Draft202012Validator(view_schema(views))
    contract = contract_schema(views, declared_replies())
    steps_checked = Draft202012Validator({"$defs": contract["$defs"],
                                          "$ref": "#/$defs/core.StepReply"})
    session = Session()
    assert session.new_game({"game": "highcard", "seats": ["human", "normal", "easy"],
                             "seed": 2})["ok"]
    for _ in range(50):
        step = session.advance()
        assert step["ok"], step
        steps_checked.validate(step)
        views_checked.validate(step["view"])
        if step["view"]["phase"] == "over":
            break
        if step["action"] is None:  # the person's turn: lay the highest card
            assert session.act(step["view"]["moves"][-1]["act"])["ok"]
    else:
        raise AssertionError("the game did not end")
    assert session.export_log()["ok"]


@pytest.mark.usefixtures("catalogued")
def test_its_hint_and_view_are_its_own():
    state = engine.new_game(engine.make_rules("highcard"), 3, seed=2)
    seen = hint(engine.observe(state, 0), random.Random(0))
    assert seen.action == rules.Lay(0, 3) and seen.reason == "your highest card"
    view = views.HighPresenter(["You", "Aiko", "Bruno"]).view(
        engine.observe(state, 0), ["human", "normal", "easy"])
    assert [move["act"] for move in view["moves"]] == ["lay 1", "lay 2", "lay 3"]
