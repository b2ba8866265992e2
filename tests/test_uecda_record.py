"""A UECda match recorded as the client hears it and replayed offline
(engine.families.climbing.uecda.stream, ``python -m engine uecda --record/--replay``); the
streams recorded on the contest's own server that once put the client out of step
(tests/uecda_streams/) replayed in step; and the command's help and exit statuses."""

import io
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.families.climbing.uecda import follower
from engine.families.climbing.uecda.client import MatchReport, replay
from engine.families.climbing.uecda.protocol import Connection, ProtocolError
from engine.families.climbing.uecda.stream import HEADER, Recorder, read_messages
from tests.uecda_loopback import LoopbackServer, play_against

ROOT = Path(__file__).resolve().parent.parent
STREAMS = Path(__file__).resolve().parent / "uecda_streams"


def test_a_record_holds_every_message_with_its_game_and_direction():
    record = io.StringIO()
    play_against(LoopbackServer(games=2, seed=9), "normal", [], Recorder(record))
    lines = record.getvalue().splitlines()
    assert lines[0] == HEADER
    assert lines[1].startswith("0 > table 0.0=20070 1.0=116 ")  # the profile: "t"...
    assert lines[2] == "0 < int 3"  # the player number
    assert lines[3].startswith("1 < table ") and lines[-1] == "2 < int 2"
    messages = read_messages(record.getvalue())
    assert {message.game for message in messages} == {0, 1, 2}


def test_a_recorded_match_replays_offline_with_the_same_disagreements():
    record = io.StringIO()
    server = LoopbackServer(games=4, seed=5, lie_about_revolution_on_turn=7,
                            refuse_others=0.1, stall_every=2, jokers_past_ends=True)
    notes: list[str] = []
    report = play_against(server, "normal", notes, Recorder(record))
    again: list[str] = []
    replayed = replay(record.getvalue(), again.append)
    assert report.disagreements and again == notes
    assert (replayed.games, replayed.points, replayed.decisions, replayed.disagreements) == (
        report.games, report.points, report.decisions, report.disagreements)


def test_a_record_that_is_not_one_is_refused_with_its_line():
    with pytest.raises(ProtocolError, match="line 2 of the record is not a message"):
        read_messages("# a comment\n1 < table 0.1=x\n")
    seating = "6.11=1 6.12=2 6.13=3 6.14=4"  # (seat 1 is player 0: a 0 is not written)
    deal, turn = f"1 < table 0.1=1 {seating}", f"1 < table 0.1=1 5.2=1 5.3=3 {seating}"
    with pytest.raises(ProtocolError, match="the record ends"):  # where the client moved
        replay(f"0 < int 3\n{deal}\n{turn}\n", [].append)


@pytest.mark.parametrize("stream", sorted(path.name for path in STREAMS.glob("*.txt")))
def test_a_stream_the_contests_server_sent_replays_in_step(stream: str):
    notes: list[str] = []
    report = replay((STREAMS / stream).read_text(encoding="utf-8"), notes.append)
    assert report.games and not report.cut_short
    assert (report.refused, report.disagreements, report.errors) == ([], [], []), notes


def test_the_joker_below_the_3_read_as_the_card_above_puts_the_stream_out_of_step(
        monkeypatch: pytest.MonkeyPatch):
    # What the client did before issue 65, on the contest's own sample client's Joker.
    monkeypatch.setattr(follower, "past_ends", lambda table: (False, False))
    stream = (STREAMS / "tndhms-sample-joker-below-the-3.txt").read_text(encoding="utf-8")
    report = replay(stream, [].append)
    assert "the engine cannot take seat 2's 2:5s 6s 7s" in report.disagreements[0]


def test_the_summary_gives_the_decisions_time_at_the_median_and_the_95th_percentile():
    report = MatchReport(2, games=1, decisions=20, times=[n / 1000 for n in range(1, 21)])
    assert "20 decisions, 10 ms at the median, 19 ms at the 95th percentile" in (
        report.summary())
    quick = MatchReport(2, games=1, decisions=2, times=[0.00012, 0.0004])
    assert "0.1 ms at the median, 0.4 ms at the 95th percentile" in quick.summary()


def test_the_help_names_the_defaults_the_games_the_summary_and_the_exit_statuses():
    done = subprocess.run([sys.executable, "-m", "engine", "uecda", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    text = " ".join(done.stdout.split())
    for words in ("default: 127.0.0.1", "default: 42485", "default: hard",
                  "The server decides how many games the match has", "The summary",
                  "at the median and the 95th percentile", "0 the match was played",
                  "1 the server refused a play", "2 the match could not be played",
                  "3 the client played through an error", "--share S", "--record FILE",
                  "--replay FILE"):
        assert words in text, words


def test_a_share_out_of_its_range_is_refused():
    done = subprocess.run([sys.executable, "-m", "engine", "uecda", "--share", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "from 0.05 to 1" in done.stderr


def test_the_command_records_a_match_over_tcp_and_replays_it(tmp_path: Path):
    server = LoopbackServer(games=2, seed=9, refuse_others=0.1)
    record = tmp_path / "match.txt"
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]

        def accept() -> None:
            connection, _ = listener.accept()
            with connection:
                server.serve(Connection(connection))

        thread = threading.Thread(target=accept)
        thread.start()
        played = subprocess.run([sys.executable, "-m", "engine", "uecda", "--port", str(port),
                                 "--bot", "hard", "--share", "0.05", "--record",
                                 str(record)], cwd=ROOT, capture_output=True, text=True,
                                timeout=300)
        thread.join()
    assert played.returncode == 0, played.stderr
    replayed = subprocess.run([sys.executable, "-m", "engine", "uecda", "--replay",
                               str(record)], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    same = played.stdout.partition("; ")[0]
    assert same.startswith("player 3: 2 games") and replayed.stdout.startswith(same)
