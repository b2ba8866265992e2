"""The UECda client (engine.families.climbing.uecda.client, ``python -m engine uecda``)
against a loopback server written in the tests from the protocol and the contest's server's ways
(tests/uecda_loopback.py): whole matches with the exchange, seats changed every third game,
passes answered "refused" and both encodings of the Joker, without a refused play; and a
Joker's suit in a set, as the server reads it from its cell."""

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.core.actions import Play
from engine.core.cards import Suit, parse_cards
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.uecda.follower import RULES, GameFollower, action_table
from engine.families.climbing.uecda.protocol import Connection, play_table
from tests.uecda_loopback import LoopbackServer, play_against

ROOT = Path(__file__).resolve().parent.parent


def test_a_match_of_20_games_is_played_without_a_refused_play_or_a_disagreement():
    server = LoopbackServer(games=20, seed=5)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert server.name == "tycoon-table"
    assert (report.games, report.refused, server.refused) == (20, [], [])
    assert report.disagreements == [], notes
    assert report.decisions > 20 * 5
    # Every game after the first began with the exchange, and the client's places and
    # points are the server's, the players seated afresh every third game.
    assert server.reseated == 6
    assert report.points == sum(5 - places.index(server.client_player)
                                for places in server.places)
    assert server.lone_jokers and server.jokers_in_sets  # both of the Joker's encodings
    assert server.client_gives  # the client chose the cards it gave back
    # The server answers a pass on a field with cards "refused", as tndhms does: a pass.
    assert server.passes_answered_refused > 20


def test_hard_plays_a_game_through_the_client():
    server = LoopbackServer(games=2, seed=11, client_player=0, bots="greedy")
    report = play_against(server, "hard", [])
    assert (report.games, report.refused, report.disagreements) == (2, [], [])


def test_a_table_that_disagrees_is_noted_and_the_client_plays_on_from_the_servers_state():
    server = LoopbackServer(games=2, seed=5, lie_about_revolution_on_turn=7)
    notes: list[str] = []
    report = play_against(server, "normal", notes)
    assert report.games == 2 and report.refused == [] and server.refused == []
    assert len(report.disagreements) >= 1 and "revolution" in notes[0]


def test_the_command_plays_a_match_over_tcp():
    server = LoopbackServer(games=2, seed=9)
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]

        def accept() -> None:
            connection, _ = listener.accept()
            with connection:
                server.serve(Connection(connection))

        thread = threading.Thread(target=accept)
        thread.start()
        done = subprocess.run([sys.executable, "-m", "engine", "uecda", "--port", str(port),
                               "--bot", "normal", "--name", "tt-cli"], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        thread.join()
    assert done.returncode == 0, done.stderr
    assert "2 games" in done.stdout and "0 refused plays" in done.stdout
    assert server.name == "tt-cli"


def test_the_command_says_why_it_cannot_play():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
    done = subprocess.run([sys.executable, "-m", "engine", "uecda", "--port", str(port)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "could not be played" in done.stderr


@pytest.mark.parametrize(("name", "why"), [("", "1 to 15 characters"),
                                           ("a name far too long", "1 to 15 characters"),
                                           ("caf\u00e9", "printable ASCII")])
def test_a_name_the_server_cannot_take_is_refused_before_joining(name, why):
    done = subprocess.run([sys.executable, "-m", "engine", "uecda", "--port", "1",
                           "--name", name], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and why in done.stderr


def test_a_jokers_cell_in_a_set_fits_the_lock_or_makes_the_one_the_engine_expects():
    # The server takes a Joker's suit from the cell it is written in, and locks (or lets
    # through) a set by its cells' suits: the client writes it in a suit it is asked for.
    nine_and_joker = Play(0, parse_cards("9d X"))
    assert action_table(nine_and_joker, frozenset({Suit.CLUBS, Suit.DIAMONDS}))[3, 7] == 2
    assert action_table(nine_and_joker)[3, 7] == 2  # else the first suit it lacks (clubs)
    assert action_table(nine_and_joker, frozenset({Suit.SPADES, Suit.DIAMONDS}))[0, 7] == 2


@pytest.mark.parametrize(("cell", "locked"), [("5s", True), ("5d", False)])
def test_an_opponents_joker_in_a_set_locks_the_trick_as_the_servers_table_says(cell, locked):
    notes: list[str] = []
    follower = GameFollower(0, range(5), (), (0,) * 5, 1, notes.append)
    hands = [parse_cards(h) for h in ("9s 9h 3c", "4s 4h Kd", "5h X Qc", "6c 7c", "8d Jd")]
    follower.state = setup(RULES, hands, 1)
    follower.after_turn(1, play_table(parse_cards("4s 4h")), None)
    field = play_table(parse_cards("5h X"), parse_cards(cell)).with_cells({(5, 7): locked})
    follower.after_turn(2, field, None)
    assert follower.state is not None and follower.state.top.cards == parse_cards("5h X")
    expected = {Suit.SPADES, Suit.HEARTS} if locked else set()
    assert follower.state.lock == expected and notes == []


def test_an_opponents_joker_written_below_the_3_stands_below_the_sequence():
    # Seat 2 writes its Joker in column 0: Joker-3-4, which seat 3's 5-6-7 beats (the
    # client once read it as 3-4-5, which 5-6-7 does not beat, and fell out of step).
    notes: list[str] = []
    follower = GameFollower(0, range(5), (), (0,) * 5, 1, notes.append)
    hands = [parse_cards(h) for h in ("9s 9h 3c", "4s 4h Kd", "3d 4d X Qc", "5d 6d 7d 8c",
                                      "8d Jd")]
    follower.state = setup(RULES, hands, 2)
    follower.after_turn(2, play_table(parse_cards("3d 4d X"), below=True), None)
    assert str(follower.state.top) == "2:X< 3d 4d"
    follower.after_turn(3, play_table(parse_cards("5d 6d 7d")), None)
    assert str(follower.state.top) == "3:5d 6d 7d" and notes == []


def test_the_client_writes_its_joker_past_a_sequences_end_where_the_manual_says():
    run = RULES.parse_action("0:Ah 2h X>")
    assert action_table(run)[1, 14] == 2 and action_table(run)[1, 12] == 1
