"""Hard thinks as long as the device allows: its share of the budget is sized from how
long its searches take here, capped by the player's pace, and every share a decision
used is in the game's log, so the game replays alike on any device.

A fake device stands in for the clock: time passes only while Hard searches, in
proportion to the moves it simulates (its speed can change mid-game), and the fake
search's choice depends on its budget, so a decision made with another share than the
recorded one would show."""

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.api import Session
from engine.catalogue import GAMES, make_rules
from engine.core.errors import BadLog
from engine.families.climbing.bots import levels as climbing_bots
from engine.players.thinking import (
    AIM,
    LEVELS,
    MIN_SHARE,
    SPREAD,
    WINDOW,
    HardShares,
    ThinkingTime,
    limit_ms,
)

TYCOON = make_rules("tycoon", None, {"rounds": 1})
HARD_TABLE = {"game": "tycoon", "seed": 5, "seats": ["human", "hard", "hard", "hard"],
              "options": {"rounds": 1}}


class Device:
    """A device on which Hard's search takes ``us_per_move`` microseconds a simulated
    move, and nothing else takes any time."""

    def __init__(self, us_per_move: float) -> None:
        self.us_per_move = us_per_move
        self.now = 0.0
        self.budgets: list[int] = []

    def clock(self) -> float:
        return self.now

    def search(self, observation: Any, rng: random.Random, budget: int, model: Any,
               most: int, first: Any, ranker: Any) -> tuple[Any, dict[Any, float]]:
        self.now += budget * self.us_per_move / 1e6
        self.budgets.append(budget)
        legal = observation.legal
        return legal[(budget // 100 + rng.randrange(3)) % len(legal)], {}


@pytest.fixture
def device(monkeypatch: pytest.MonkeyPatch) -> Device:
    fake = Device(10.0)  # Tycoon's whole budget (40,000 moves) in 400 ms
    monkeypatch.setattr(climbing_bots, "search", fake.search)
    return fake


def whole_budget_ms(device: Device) -> float:
    return GAMES["tycoon"].hard_budget * device.us_per_move / 1000


def play(session: Session, human_moves: Sequence[str] | None = None) -> list[str]:
    """The game to its end: the bots' moves, and the human's (the first offered, or
    ``human_moves`` in turn); every action of the record."""
    mine = list(human_moves) if human_moves is not None else None
    while True:
        while session.advance()["action"] is not None:
            pass
        view = session.view()["view"]
        if view["outcome"] is not None or not view["legal"]:
            break
        move = mine.pop(0) if mine is not None else view["legal"][0]["act"]
        assert session.act(move)["ok"]
    return list(session.export_log()["log"]["actions"])


def human_moves(actions: Sequence[str]) -> list[str]:
    return [action.split(":", 1)[1] for action in actions if action.startswith("0:")]


# ---------------------------------------------------------------- sizing the share


def test_the_pace_caps_how_long_a_bot_may_think():
    assert [limit_ms(pace) for pace in (1600, 900, 350, 200, 0)] == [250, 250, 250, 200, 100]


def test_a_first_game_is_sized_from_a_short_calibration(device: Device):
    thinking = ThinkingTime(device.clock)
    share = thinking.share(TYCOON, 4)
    assert device.budgets == [round(GAMES["tycoon"].hard_budget * 0.05)]  # one small search
    ideal = AIM * 250 / (whole_budget_ms(device) * SPREAD)
    assert share == max(level for level in LEVELS if level <= ideal)
    assert thinking.share(TYCOON, 4) == share and len(device.budgets) == 1  # once a game


def test_the_share_follows_the_searches_seen_on_the_device():
    thinking = ThinkingTime(lambda: 0.0)
    for _ in range(WINDOW):
        thinking.seen("tycoon", 0.5, 250.0)  # the whole budget in 500 ms
    assert thinking.share(TYCOON, 4) == 0.35  # the largest level under 0.75 * 250 / 500


def test_one_slow_search_in_twenty_does_not_shrink_the_share_but_a_slower_device_does():
    thinking = ThinkingTime(lambda: 0.0)
    for _ in range(WINDOW):
        thinking.seen("tycoon", 1.0, 100.0)
    assert thinking.share(TYCOON, 4) == 1.0
    thinking.seen("tycoon", 1.0, 2000.0)  # a moment's hiccup
    assert thinking.share(TYCOON, 4) == 1.0
    thinking.seen("tycoon", 1.0, 2000.0)
    thinking.seen("tycoon", 1.0, 2000.0)
    assert thinking.share(TYCOON, 4) == 0.09


def test_a_share_a_little_over_its_ideal_is_kept_and_one_under_the_next_level_moves_up():
    thinking = ThinkingTime(lambda: 0.0)
    for _ in range(WINDOW):
        thinking.seen("tycoon", 1.0, AIM * 250 / 0.48)  # ideal share 0.48
    assert thinking.share(TYCOON, 4) == 0.42
    assert thinking.share(TYCOON, 4, current=0.5) == 0.5  # 4% over: kept
    assert thinking.share(TYCOON, 4, current=0.59) == 0.42  # 23% over: down
    assert thinking.share(TYCOON, 4, current=0.35) == 0.42  # 0.42 fits: up


def test_instant_thinks_less_and_a_slow_device_never_below_the_least_share():
    thinking = ThinkingTime(lambda: 0.0)
    for _ in range(WINDOW):
        thinking.seen("tycoon", 1.0, 300.0)
    normal = thinking.share(TYCOON, 4)
    thinking.pace_ms = 0
    assert thinking.share(TYCOON, 4) < normal
    for _ in range(WINDOW):
        thinking.seen("tycoon", 0.05, 1000.0)  # the whole budget in 20 s
    assert thinking.share(TYCOON, 4) == MIN_SHARE


def test_only_searches_teach_the_device_speed(device: Device, monkeypatch):
    """A decision Hard makes at once (a lone legal move) says nothing of its searches."""
    timed: list[float] = []
    seen = ThinkingTime.seen

    def counted(self: ThinkingTime, game: str, share: float, ms: float) -> None:
        timed.append(ms)
        seen(self, game, share, ms)

    monkeypatch.setattr(ThinkingTime, "seen", counted)
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    actions = play(session)
    bot_moves = sum(1 for action in actions if action[0] in "123")
    assert len(timed) == len(device.budgets) - 1 < bot_moves  # the calibration aside
    assert min(timed) > 0


# ---------------------------------------------------------------- recorded in the game


def test_a_fresh_deal_is_sized_to_the_device_and_a_link_keeps_its_share(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    log = session.export_log()["log"]
    assert log["hard_sized"] is True and log["hard_budget"] in LEVELS
    assert log["hard_budget"] < 1  # the whole budget would take 400 ms here
    opened = session.read_link(session.links()["deal"])["config"]
    assert session.new_game(opened)["ok"]
    shared = session.export_log()["log"]
    assert shared["hard_sized"] is False and shared["hard_budget"] == log["hard_budget"]


def test_every_change_of_share_is_recorded_with_the_move_it_began_at(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    for _ in range(6):
        session.advance()
    device.us_per_move = 60.0  # the phone slows down (a hot phone, another app)
    play(session)
    log = session.export_log()["log"]
    changes = log["hard_changes"]
    assert changes and all(share in LEVELS for _moves, share in changes)
    assert [moves for moves, _share in changes] == sorted({moves for moves, _ in changes})
    assert changes[-1][1] < log["hard_budget"]
    assert 0 < log["hard_decided"] <= len(log["actions"])


def test_the_pace_has_the_last_word_from_the_next_decision_on(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    first = session.export_log()["log"]["hard_budget"]
    assert session.set_pace(0) == {"ok": True, "think_ms": 100.0}
    actions = play(session)
    changes = session.export_log()["log"]["hard_changes"]
    first_bot_move = next(i for i, action in enumerate(actions) if action[0] in "123")
    ideal = AIM * 100 / (whole_budget_ms(device) * SPREAD)  # as calibrated, at 100 ms
    assert changes[0] == [first_bot_move, max(level for level in LEVELS if level <= ideal)]
    assert changes[0][1] < first


def test_a_shared_deal_played_alike_on_another_device_decides_alike(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    for _ in range(5):
        session.advance()
    device.us_per_move = 60.0
    played = play(session)
    assert session.export_log()["log"]["hard_changes"]
    link = session.links()["deal"]
    log = session.export_log()["log"]
    assert "&hard=" + ",".join([str(round(log["hard_budget"] * 100)), *(
        f"{moves}:{round(share * 100)}" for moves, share in log["hard_changes"])]) in link

    device.us_per_move = 1.0  # another, far quicker device: it would think in full
    elsewhere = Session(device.clock)
    assert elsewhere.new_game(elsewhere.read_link(link)["config"])["ok"]
    assert play(elsewhere, human_moves(played)) == played


def test_a_reloaded_game_goes_on_with_the_shares_it_recorded(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    device.us_per_move = 60.0
    played = play(session)
    log = session.export_log()["log"]
    replayed = Session()  # no device: it plays every decision with its recorded share
    assert replayed.new_game({key: log[key] for key in ("hard_budget", "hard_changes")}
                             | HARD_TABLE)["ok"]
    assert play(replayed, human_moves(played)) == played


def test_a_move_taken_back_and_made_again_meets_the_same_answers(device: Device):
    session = Session(device.clock)
    assert session.new_game(HARD_TABLE)["ok"]
    while session.advance()["action"] is not None:
        pass
    move = session.view()["view"]["legal"][0]["act"]
    assert session.act(move)["ok"]
    while session.advance()["action"] is not None:
        pass
    answered = session.export_log()["log"]["actions"]
    assert session.thinking is not None
    for _ in range(WINDOW):  # the device would now give Hard far less
        session.thinking.seen("tycoon", 1.0, 10_000.0)
    assert session.undo()["ok"]
    assert session.act(move)["ok"]
    while session.advance()["action"] is not None:
        pass
    assert session.export_log()["log"]["actions"] == answered


def test_an_earlier_versions_log_keeps_its_one_share_and_is_not_sized(device: Device):
    session = Session(device.clock)
    assert session.new_game({**HARD_TABLE, "hard_budget": 0.5})["ok"]
    log = session.export_log()["log"]
    for key in ("hard_changes", "hard_sized", "hard_decided"):
        del log[key]
    assert session.load_log(log)["ok"]
    assert session.table.shares == HardShares(0.5)  # type: ignore[union-attr]
    play(session)
    assert session.export_log()["log"]["hard_changes"] == []


@pytest.mark.parametrize(("settings", "message"), [
    ({"hard_budget": 0.5, "hard_changes": [[10, 0.3], [5, 0.2]]},
     "each change of Hard's share is [moves, share], in order of moves, not [5, 0.2]"),
    ({"hard_budget": 0.5, "hard_changes": [[10, 2]]},
     "a change's share is the share of Hard's thinking, from 0.05 to 1, not 2"),
    ({"hard_budget": 0.5, "hard_changes": "10:30"},
     "hard_changes lists the changes of Hard's share, each [moves, share], not '10:30'"),
    ({"hard_changes": [[10, 0.3]]}, "hard_changes follow a hard_budget"),
    ({"hard_budget": 0.5, "hard_sized": True},
     "a new game is given Hard's shares by hard_budget and hard_changes only"),
])
def test_shares_a_new_game_cannot_take_are_refused_by_name(device: Device, settings, message):
    answer = Session(device.clock).new_game({**HARD_TABLE, **settings})
    assert answer["error"] == {"type": "BadOptions", "message": message}


def test_a_log_with_unreadable_shares_is_refused_as_a_bad_log():
    with pytest.raises(BadLog, match="hard_sized is true or false"):
        HardShares.from_json({"hard_budget": 1, "hard_sized": "yes"}, BadLog)
    answer = Session().load_log({"version": 1, "hard_budget": 0.5,
                                 "hard_changes": [[1, 0.01]]})
    assert answer["ok"] is False


@pytest.mark.parametrize("pace", [-1, 10_001, 350.0, "fast", None, True])
def test_a_pace_that_is_not_one_is_refused_by_name(pace):
    answer = Session(lambda: 0.0).set_pace(pace)
    assert answer["error"]["type"] == "BadOptions"
    assert answer["error"]["message"].startswith("the pace is the bots' pause between steps")


def test_a_link_carries_the_changes_and_refuses_them_out_of_order():
    session = Session()
    link = "v=1&game=tycoon&players=4&bots=hard&seed=3&hard=59,12:42,30:35"
    config = session.read_link(link)["config"]
    assert (config["hard_budget"], config["hard_changes"]) == (0.59, [[12, 0.42], [30, 0.35]])
    assert session.new_game(config)["ok"]
    assert "hard=59,12:42,30:35" in session.links()["deal"]
    bad = session.read_link(link.replace("30:35", "3:35"))
    assert bad["config"]["hard_budget"] == 1.0 and bad["config"]["hard_changes"] == []
    assert bad["notices"][0].startswith("hard=59,12:42,3:35 was ignored")


def test_a_session_without_a_clock_thinks_in_full_as_before():
    session = Session()
    assert session.new_game(HARD_TABLE)["ok"]
    assert session.table.shares == HardShares()  # type: ignore[union-attr]
    assert session.set_pace(350) == {"ok": True, "think_ms": None}
