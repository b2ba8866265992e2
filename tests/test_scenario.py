"""Scenarios: a start and scripted moves with captions (the guided first trick of each
game, a rules post's example). They are read with errors an author can act on, followed
caption by caption at the table (the others' moves at Next, the player's own in the
hand), stepped through by a reader, taken over, saved and resumed."""

import json
from pathlib import Path

import pytest

from engine.api import Session
from engine.catalogue import GAMES
from engine.config import GameConfig
from engine.core.errors import BadScenario
from engine.play.table import Table
from engine.scenario import MAX_STEPS, read_scenario, tutorial

PAIR = {"game": "tycoon", "options": {"rounds": 1}, "title": "A pair",
        "intro": "Watch the pair.",
        "position": {"hands": ["3c 7d Qc Qh", "5c 5d 8s", "9c 9h 4s", "6h 6s 2d"],
                     "to_act": 1},
        "steps": [{"move": "1:5c 5d", "caption": "Aiko leads 5s."},
                  {"move": "2:9c 9h", "caption": "Bruno beats them."},
                  {"move": "3:pass", "caption": ""},
                  {"move": "0:Qc Qh", "caption": "Your Queens."}]}


def started(config):
    session = Session()
    answer = session.new_game(config)
    assert answer["ok"], answer
    return session, answer


def bots_until_stopped(session):
    """Advance the bots until none is due; the texts of the steps they made."""
    texts = []
    while True:
        answer = session.advance()
        assert answer["ok"], answer
        if answer["action"] is None:
            return texts, answer["view"]
        texts.append(answer["text"])


def next_caption(session):
    """A guided script's Next: its next move, then the others' up to the next caption
    (as the page plays them); the view there."""
    answer = session.next_step()
    assert answer["ok"], answer
    return bots_until_stopped(session)[1]


def to_your_turn(session):
    """Next, caption by caption, until the human's scripted move is due; the view."""
    view = session.view()["view"]
    while not view["your_turn"]:
        assert view["script"]["waits"], view["script"]
        view = next_caption(session)
    return view


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_guided_first_trick_the_player_completes(game):
    scenario = tutorial(game)
    assert 3 <= sum(1 for step in scenario.steps if step.caption) <= 4
    assert scenario.title and scenario.intro
    human_steps = [step for step in scenario.steps if step.action.seat == scenario.you]
    assert len(human_steps) == 1, "the player makes one move of the guided trick"
    captions = [scenario.intro] + [step.caption for step in scenario.steps if step.caption]
    session, answer = started({"tutorial": game, "undo": True})
    script = answer["view"]["script"]
    shown = []
    while True:
        # Each stop shows its own caption, counted from 1, and waits for input.
        shown.append(script["caption"])
        assert script["counter"] == {"at": len(shown), "of": len(captions)}
        if script["next"] is None:
            break  # the trick is the player's to play on, or to leave for their game
        assert session.advance()["action"] is None
        view = session.view()["view"]
        if script["waits"]:
            view = next_caption(session)
        else:
            scripted = human_steps[0].action
            assert view["your_turn"]
            assert [move["act"] for move in view["legal"]] == [str(scripted).partition(":")[2]]
            assert session.hint()["text"] == view["legal"][0]["act"]
            assert session.next_step()["error"]["message"].startswith(
                "this example asks you to ")  # Next does not make the player's move
            answer = session.act(view["legal"][0]["act"])
            assert answer["ok"], answer
            view = answer["view"]
        script = view["script"]
    assert shown == captions
    assert script["step"] == script["steps"] == len(scenario.steps)
    assert script["caption"] == scenario.steps[-1].caption


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_guided_trick_waits_at_each_caption_and_back_returns_to_the_one_before(game):
    session, answer = started({"tutorial": game, "undo": True})
    start = answer["view"]
    assert start["script"]["back"] is None and start["script"]["waits"]
    # Nothing moves without Next: the bots' scripted moves wait, and no bot is shown
    # thinking over them.
    for _ in range(3):
        assert session.advance()["action"] is None
    assert session.view()["view"] == start
    assert "thinking…" not in [player.get(key) for player in start["players"]
                               for key in ("status", "seat_status")]
    first = next_caption(session)
    second = next_caption(session) if first["script"]["waits"] else to_your_turn(session)
    if second["your_turn"]:
        second = session.act(second["legal"][0]["act"])["view"]
    assert second["script"]["counter"]["at"] == 3
    back = session.goto(second["script"]["back"])["view"]
    assert back == first
    back = session.goto(back["script"]["back"])["view"]
    assert back == start
    assert session.advance()["action"] is None


def test_next_makes_the_moves_without_a_caption_with_the_captioned_one_after_them():
    session, _ = started({"tutorial": "corporation", "undo": True})
    view = to_your_turn(session)
    view = session.act("commit 2")["view"]
    assert view["script"]["caption"] == "Your 2 lies face down. The others choose theirs."
    assert view["script"]["waits"] and session.advance()["action"] is None
    assert session.next_step()["text"] == "Aiko commits a card face down"
    texts, _ = bots_until_stopped(session)
    assert texts[0] == "Bruno commits a card face down"
    assert texts[1].startswith("Chen commits a card face down\nRevealed: You 2, Aiko 2,")
    script = session.view()["view"]["script"]
    assert script["counter"] == {"at": 4, "of": 4} and script["caption"].startswith(
        "All turn over")


def test_a_guided_scenario_refuses_your_move_while_another_seats_is_next():
    session, answer = started({"tutorial": "corporation"})
    # All commit at once in Corporation, but the example has Aiko talk first: the turn
    # line says so, and not that it is yours.
    view = answer["view"]
    assert (view["your_turn"], view["legal"], view["prompt"]) == (
        False, [], "Aiko moves first: press Next")
    assert session.act("commit 2")["error"]["message"] == (
        "this example goes on with Aiko's move first: press Next")
    assert next_caption(session)["prompt"] == "Your turn: commit a card"


def test_a_readers_counter_counts_moves_from_0_and_back_goes_a_move():
    session, answer = started({"scenario": PAIR, "stepped": True})
    script = answer["view"]["script"]
    assert (script["counter"], script["back"], script["waits"]) == (
        {"at": 0, "of": 4}, None, True)
    for _ in range(3):
        script = session.next_step()["view"]["script"]
    assert (script["counter"], script["back"], script["caption"]) == (
        {"at": 3, "of": 4}, 2, "Bruno beats them.")
    assert session.goto(script["back"])["view"]["script"]["counter"]["at"] == 2
    # A position with no moves to step through has no counter ("0 of 0").
    position = {key: value for key, value in PAIR.items() if key != "steps"}
    _, answer = started({"scenario": position, "stepped": True})
    assert answer["view"]["script"]["counter"] is None


def test_a_move_other_than_the_scripted_one_is_refused_and_changes_nothing():
    session, _ = started({"scenario": PAIR})
    to_your_turn(session)
    before = session.export_log()["log"]
    refusal = session.act("pass")
    assert refusal["error"] == {"type": "IllegalAction",
                                "message": "this example asks you to play two Queens"}
    assert session.export_log()["log"] == before


def test_a_reader_steps_through_every_move_and_reads_each_caption():
    session, answer = started({"scenario": PAIR, "seats": ["human"] * 4, "stepped": True})
    captions = [answer["view"]["script"]["caption"]]
    while answer["view"]["script"]["next"] is not None:
        answer = session.next_step()
        assert answer["ok"], answer
        captions.append(answer["view"]["script"]["caption"])
    # A step without a caption keeps the last one on show.
    assert captions == ["Watch the pair.", "Aiko leads 5s.", "Bruno beats them.",
                        "Bruno beats them.", "Your Queens."]
    assert session.next_step()["error"]["message"] == (
        "the example has no more steps: play on from here")


def test_taking_over_lets_the_player_choose_and_the_bots_play_their_own_moves():
    session, _ = started({"scenario": PAIR})
    session.next_step()  # Aiko's scripted 5s
    answer = session.take_over()
    assert answer["ok"] and answer["view"]["script"] is None
    texts, view = bots_until_stopped(session)
    assert texts  # Bruno and Chen now choose for themselves
    assert view["your_turn"] and len(view["legal"]) > 1


def test_a_game_in_a_scenario_is_saved_and_resumed_with_its_script():
    session, _ = started({"scenario": PAIR})
    session.next_step()
    log = session.export_log()["log"]
    assert log["script"]["from"] == 0
    resumed = Session()
    answer = resumed.load_log(json.dumps(log))
    assert answer["ok"], answer
    assert answer["view"]["script"]["step"] == 1
    assert resumed.advance()["action"] is None  # still waiting for Next at its caption
    view = to_your_turn(resumed)
    assert [move["act"] for move in view["legal"]] == ["Qc Qh"]


def test_a_dealt_scenario_starts_its_script_after_the_deal():
    scenario = {"game": "tycoon", "seed": 7, "players": 4,
                "steps": [{"move": "1:2h", "caption": "Aiko leads the 2 of hearts."}]}
    table = Table.create(GameConfig.read({"scenario": scenario}))
    assert table.script is not None and table.script.start == 1
    assert table.scripted() is not None


def test_a_log_whose_script_is_not_its_game_is_refused():
    session, _ = started({"scenario": PAIR})
    log = session.export_log()["log"]
    log["script"]["scenario"]["position"]["to_act"] = 2
    assert Session().load_log(log)["error"]["type"] == "BadLog"


def test_undo_in_a_scenario_returns_to_the_scripted_move():
    session, _ = started({"scenario": PAIR})
    to_your_turn(session)
    session.act("Qc Qh")
    answer = session.undo()
    assert answer["ok"], answer
    assert [move["act"] for move in answer["view"]["legal"]] == ["Qc Qh"]


@pytest.mark.parametrize(("scenario", "message"), [
    ([], "a scenario is an object with a game, a position and steps"),
    ({"game": 3}, "a scenario names its game: tycoon, president, matchstick, corporation"),
    ({"game": "chess"}, "unknown game 'chess'; the games are tycoon, president, matchstick, "
                        "corporation"),
    ({"game": "tycoon", "players": 9}, "Tycoon is for 3 or 4 players"),
    ({"game": "tycoon", "you": 4}, "you is a whole number from 0 to 3, not 4"),
    ({"game": "tycoon", "title": "x" * 81}, "the title is at most 80 characters"),
    ({"game": "tycoon", "position": "5c"},
     "the position is an object with hands and the seat to act"),
    ({"game": "tycoon", "position": {"hands": ["5c", "zz", "3s"], "to_act": 0}},
     "the position cannot be read: 'zz' is not a card"),
    ({"game": "tycoon", "position": {"to_act": 0}}, "the position has no hands field"),
    ({"game": "tycoon", "position": {"hands": 5, "to_act": 0}},
     "the position garbles a field"),
    ({"game": "corporation", "position": {"hands": []}},
     "a Corporation scenario starts from the game's first round: leave the position out"),
    ({**PAIR, "steps": "1:5c 5d"}, "steps are a list of moves with captions"),
    ({**PAIR, "steps": [{"move": "1:5c 5d", "caption": 7}]},
     "step 1's caption is text, not int"),
    ({**PAIR, "steps": [{"caption": "?"}]},
     'step 1: write it as {"move": "1:9c 9d", "caption": "…"}'),
    ({**PAIR, "steps": [{"move": "1:5c 5d", "caption": ""}, {"move": "2:9c", "caption": ""}]},
     "step 2: Bruno cannot play the 9 of clubs here: "),
    ({**PAIR, "steps": [{"move": "0:Qc Qh", "caption": ""}]}, "step 1: You cannot play two "
                                                            "Queens here: "),
    ({**PAIR, "steps": [{"move": "1:5c 5d", "caption": ""}] * (MAX_STEPS + 1)},
     f"a scenario has at most {MAX_STEPS} steps, not {MAX_STEPS + 1}"),
])
def test_a_scenario_an_author_got_wrong_is_refused_with_what_to_fix(scenario, message):
    with pytest.raises(BadScenario) as refused:
        read_scenario(scenario)
    assert str(refused.value).startswith(message)


def test_a_scenario_round_trips_through_its_json():
    scenario = read_scenario(PAIR)
    assert read_scenario(scenario.to_json()) == scenario


EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_every_example_scenario_reads_and_a_reader_steps_through_it(path):
    scenario = json.loads(path.read_text())
    session, answer = started({"scenario": scenario, "stepped": True})
    captions = [answer["view"]["script"]["caption"]]
    while answer["view"]["script"]["next"] is not None:
        answer = session.next_step()
        assert answer["ok"], answer
        captions.append(answer["view"]["script"]["caption"])
    assert captions[0] == scenario["intro"]
    assert captions[-1] == scenario["steps"][-1]["caption"]


def test_the_examples_cover_what_the_embed_page_offers():
    assert {path.stem for path in EXAMPLES} >= {
        "revolution", "low-spade", "lucky-seven", "matchstick-transform", "corporation-round"}
