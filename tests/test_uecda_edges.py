"""The three situations that put the UECda client out of step with the contest's server
(issue 65), each played by the loopback server as the contest's manual and server have
it (tests/uecda_loopback.py), whose own reading of the manual's turns checks the engine
it referees with; a long match with all of them; and a client that plays on through a
bot's error."""

import random

import pytest

from engine.families.climbing.rules.state import ClimbObservation
from engine.families.climbing.uecda.follower import GameFollower
from engine.players.levels import make_bot
from tests.uecda_loopback import LoopbackServer, play_against

CLIENT = 3  # the loopback server's client's player number


def points(server: LoopbackServer) -> int:
    """The client's points by the server's places: 5 for first place down to 1."""
    return sum(5 - places.index(CLIENT) for places in server.places)


def test_another_seats_refused_plays_are_passes_as_the_server_counts_them():
    # The contest's sample clients send illegal plays now and then: the server answers 8,
    # counts a pass and leaves the field as it was, a refused lead included (and the
    # leader then sits the trick out, as any player who passed).
    server = LoopbackServer(games=10, seed=5, refuse_others=0.1)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert server.others_refused > 20 and server.refused_leads > 3
    assert (report.refused, report.disagreements, report.errors) == ([], [], []), notes
    assert report.points == points(server)


def test_a_game_ended_by_20_passes_takes_its_places_from_the_next_deal():
    # Every second game the other seats pass whenever they may: once the client is out,
    # 20 passes in a row end the game, and the server ranks the rest at random.
    server = LoopbackServer(games=5, seed=5, stall_every=2)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert server.ended_by_passes == report.passes_ended == 2
    assert (report.disagreements, report.guessed) == ([], 0), notes
    assert report.points == points(server)


def test_a_game_ended_by_20_passes_last_in_the_match_keeps_the_engines_guess():
    server = LoopbackServer(games=2, seed=5, stall_every=2)
    report = play_against(server, "normal", [])
    assert (report.passes_ended, report.guessed, report.disagreements) == (1, 1, [])
    assert "(1 with places no deal showed: their points guessed)" in report.summary()


def test_a_joker_written_in_column_0_or_14_stands_past_the_sequences_ranks():
    server = LoopbackServer(games=40, seed=5, jokers_past_ends=True)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert sorted(set(server.joker_columns)) == [0, 14]
    assert (report.refused, report.disagreements, report.errors) == ([], [], []), notes


def test_a_long_match_with_every_edge_ends_in_step_and_without_an_error():
    # 220 games: seats change every third; the classes are forgotten at games 101 and
    # 201 (no exchange); others' plays are refused; every ninth game ends by 20 passes;
    # Jokers go below the 3 and above the 2.
    server = LoopbackServer(games=220, seed=65, refuse_others=0.05, stall_every=9,
                            jokers_past_ends=True)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert report.games == 220 and report.status == 0 and server.refused == []
    assert (report.refused, report.disagreements, report.errors) == ([], [], []), notes
    assert server.others_refused and server.refused_leads and server.lone_jokers
    assert server.ended_by_passes == report.passes_ended == 24 and report.guessed == 0
    assert sorted(set(server.joker_columns)) == [0, 14] and server.reseated == 73
    assert report.points == points(server)


class Flaky:
    """Normal, but every seventh decision it raises."""

    def __init__(self) -> None:
        self.asked = 0
        self.normal = make_bot("normal")

    def choose(self, observation: ClimbObservation, rng: random.Random) -> object:
        self.asked += 1
        if self.asked % 7 == 0:
            raise RuntimeError("a bot's defect")
        return self.normal.choose(observation, rng)


def test_a_bot_that_raises_is_reported_and_a_legal_move_is_played_in_its_place():
    server = LoopbackServer(games=3, seed=5)
    notes: list[str] = []
    report = play_against(server, Flaky(), notes)
    assert report.games == 3 and report.refused == [] and server.refused == []
    assert len(report.errors) == report.decisions // 7 > 5
    assert "the bot raised RuntimeError: a bot's defect" in notes[0]
    assert report.status == 3 and "errors played through" in report.summary()


def test_an_engine_state_that_raises_is_rebuilt_and_the_move_read_from_the_table(
        monkeypatch: pytest.MonkeyPatch):
    checked = GameFollower.check
    turns = iter(range(1000))

    def failing_now_and_then(self: GameFollower, *args: object) -> object:
        if next(turns) % 10 == 9:
            raise KeyError("a follower's defect")
        return checked(self, *args)

    monkeypatch.setattr(GameFollower, "check", failing_now_and_then)
    server = LoopbackServer(games=2, seed=5)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert report.games == 2 and report.refused == [] and server.refused == []
    assert report.errors and all("the engine's state raised KeyError" in error
                                 for error in report.errors)
