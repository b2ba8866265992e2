"""Undo in a practice game: the human's last move of the round is taken back (with every
move after it) by replaying the record without them; the log keeps what was taken
back; a scored game refuses, as does a round with no move of the human's yet."""

import pytest

from engine.api import Session
from engine.catalogue import GAMES
from engine.play.view import table_view


def session_for(game, undo=True, seed=2):
    session = Session()
    players = GAMES[game].default_players
    assert session.new_game({"game": game, "seed": seed, "undo": undo,
                             "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    return session


def to_human_turn(session):
    while session.advance()["action"] is not None:
        pass
    return session.view()["view"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_gives_back_the_position_before_the_human_s_move(game):
    session = session_for(game)
    view = to_human_turn(session)
    assert not view["can_undo"]  # nothing of the human's yet
    refused = session.undo()
    assert not refused["ok"] and refused["error"]["type"] == "CannotUndo"
    assert refused["error"]["message"] == "you have no move to take back this round"
    for turn in range(3):
        view = to_human_turn(session)
        if view["outcome"] is not None or view["last_round"] is not None:
            break
        before = session.table.state
        moves = len(session.table.record.actions)
        move = view["legal"][-1 - turn % len(view["legal"])]["act"]  # talk first, in Corporation
        assert session.act(move)["ok"]
        after_bots = to_human_turn(session)
        if after_bots["last_round"] is not None:
            break
        assert after_bots["can_undo"]
        undone = session.undo()
        assert undone["ok"], undone
        assert session.table.state == before and undone["moves"] == moves
        assert undone["view"] == table_view(session.table)
        # The same move again meets the same answers: the game goes on as before.
        assert session.act(move)["ok"]
    log = session.export_log()["log"]
    assert log["undo"] is True and len(log["taken_back"]) >= 1
    reloaded = Session()
    assert reloaded.load_log(log)["ok"]
    assert reloaded.table.state == session.table.state
    assert reloaded.export_log()["log"]["taken_back"] == log["taken_back"]


def test_a_scored_game_takes_nothing_back():
    session = session_for("tycoon", undo=False)
    view = to_human_turn(session)
    assert session.act(view["legal"][0]["act"])["ok"]
    view = to_human_turn(session)
    assert view["undo"] is False and view["can_undo"] is False
    refused = session.undo()
    assert refused["error"]["message"] == (
        "taking back a move is off in this game (a scored game)")
    assert session.export_log()["log"]["undo"] is False


def test_a_move_of_an_earlier_round_or_of_a_game_over_is_not_taken_back():
    session = session_for("tycoon", seed=5)
    ended = []
    while len(ended) < 5:
        view = session.view()["view"]
        if view["last_round"] is not None and view["last_round"]["round"] not in ended:
            ended.append(view["last_round"]["round"])
            assert not view["can_undo"]  # the results are up: that round is over
            refused = session.undo()["error"]
            assert refused["type"] == "CannotUndo", refused
        if view["outcome"] is not None:
            assert refused["message"] == "the game is over"
            return
        if session.advance()["action"] is None:
            session.act(view["legal"][0]["act"])
    raise AssertionError("the game did not end")


def test_a_log_with_garbled_take_backs_is_refused():
    session = session_for("tycoon")
    log = session.export_log()["log"]
    assert not Session().load_log(dict(log, taken_back=[{"moves": "x"}]))["ok"]
    assert not Session().load_log(dict(log, undo="yes"))["ok"]
    earlier = {k: v for k, v in log.items() if k not in ("undo", "taken_back")}
    loaded = Session()
    assert loaded.load_log(earlier)["ok"] and loaded.view()["view"]["undo"] is True
