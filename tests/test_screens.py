"""The page's state machine (web/ui/screens.py): one value, one function that moves it."""

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import screens


def view(last_round=False, over=False, stepped=None):
    return {"last_round": {"round": 1} if last_round else None,
            "outcome": {"text": "You win"} if over else None,
            "script": None if stepped is None else {"stepped": stepped}}


def test_a_game_shows_on_its_screen():
    state = screens.START
    assert state == ("lobby", None)
    assert screens.after(state, screens.SHOW_GAME, view()) == ("table", None)
    assert screens.after(state, screens.SHOW_GAME, view(stepped=True)) == ("replay", None)
    assert screens.after(state, screens.SHOW_GAME, view(stepped=False)) == ("table", None)
    assert screens.after(state, screens.SHOW_GAME, view(True)) == ("round-results", None)
    assert screens.after(state, screens.SHOW_GAME, view(True, True)) == ("game-results", None)


def test_steps_move_the_table_on_but_never_the_lobby_or_unread_results():
    assert screens.after(("lobby", None), screens.STEP, view(True)) == ("lobby", None)
    assert screens.after(("table", None), screens.STEP, view(True)) == ("round-results", None)
    assert screens.after(("round-results", None), screens.STEP, view(True)) == (
        "round-results", None)
    # Unless the view has no results to show: another save restored (another tab's).
    assert screens.after(("round-results", None), screens.STEP, view()) == ("table", None)
    assert screens.after(("game-results", "share"), screens.STEP, view(stepped=True)) == (
        "replay", None)
    # Talk stays open as the game moves on; a hint or the value picker is the position's.
    assert screens.after(("table", "talk"), screens.STEP, view()) == ("table", "talk")
    assert screens.after(("table", "hint"), screens.STEP, view()) == ("table", None)
    assert screens.after(("table", "values"), screens.STEP, view()) == ("table", None)
    assert screens.after(("table", "talk"), screens.STEP, view(True, True)) == (
        "game-results", None)


def test_results_read_go_on_to_the_next_round_or_the_lobby():
    assert screens.after(("round-results", None), screens.RESULTS_READ) == ("table", None)
    assert screens.after(("game-results", "share"), screens.RESULTS_READ) == ("lobby", None)
    assert screens.after(("table", None), screens.RESULTS_READ) == ("table", None)


def test_sheets_open_over_a_screen_and_close_back_to_it():
    state = screens.after(("table", None), screens.OPEN, "menu")
    assert state == ("table", "menu")
    assert screens.after(state, screens.OPEN, "share") == ("table", "share")
    assert screens.after(("table", "share"), screens.CLOSE, "menu") == ("table", "share")
    assert screens.after(state, screens.CLOSE, "menu") == ("table", None)
    assert screens.after(state, screens.CLOSE) == ("table", None)
    with pytest.raises(ValueError, match="no sheet"):
        screens.after(state, screens.OPEN, "drawer")
    with pytest.raises(ValueError, match="no event"):
        screens.after(state, "fly")


events = st.one_of(
    st.tuples(st.sampled_from([screens.GO_TO_LOBBY, screens.RESULTS_READ, screens.CLOSE]),
              st.none()),
    st.tuples(st.sampled_from([screens.SHOW_GAME, screens.STEP]),
              st.builds(view, st.booleans(), st.booleans(), st.sampled_from([None, True, False]))),
    st.tuples(st.just(screens.OPEN), st.sampled_from(screens.SHEETS)))


@given(st.lists(events, max_size=30))
def test_every_walk_stays_in_known_states(walk):
    state = screens.START
    for event, detail in walk:
        before = state
        state = screens.after(state, event, detail)
        screen, sheet = state
        assert screen in screens.SCREENS
        assert sheet is None or sheet in screens.SHEETS
        if event == screens.GO_TO_LOBBY:
            assert state == ("lobby", None)
        if before[0] == "lobby" and event not in (screens.SHOW_GAME, screens.OPEN):
            assert screen == "lobby"  # only showing a game leaves the lobby
