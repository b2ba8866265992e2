"""Links and logs made before people had names (issue 67) open as they did: each was made
by the engine of commit 77bfafd (tests/before_people/links_and_logs.json), and is read,
loaded and written again here exactly as that engine read, loaded and wrote it."""

import json
from pathlib import Path

import pytest

from engine.api import Session
from engine.catalogue import make_rules
from engine.log import policy_of

PINNED = json.loads((Path(__file__).parent / "before_people" / "links_and_logs.json")
                    .read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(PINNED["logs"]))
def test_a_log_from_before_loads_and_is_written_again_unchanged(name):
    log = PINNED["logs"][name]
    session = Session()
    loaded = session.load_log(log)
    assert loaded["ok"], loaded
    assert loaded["moves"] == len(log["actions"])
    assert [person["seat"] for person in loaded["view"]["people"]] == [0]
    again = session.export_log()["log"]
    assert json.dumps(again, sort_keys=True) == json.dumps(log, sort_keys=True)


@pytest.mark.parametrize("name", sorted(PINNED["links"]))
def test_a_link_from_before_reads_as_it_did(name):
    pinned = PINNED["links"][name]
    reading = Session().read_link("#" + pinned["link"])
    # A later version's bots may have learned other weights: the link then says so.
    game = pinned["reading"]["config"].get("scenario", pinned["reading"]["config"])["game"]
    assert (reading["caution"] is None) == (
        "policy=" not in pinned["link"]
        or f"policy={policy_of(make_rules(game))}" in pinned["link"])
    assert {**reading, "caution": None} == {**pinned["reading"], "caution": None}


@pytest.mark.parametrize("game", ["tycoon", "corporation"])
def test_a_replay_from_before_replays_the_game_its_log_records(game):
    reading = Session().read_link("#" + PINNED["links"][f"{game} replay"]["link"])
    session = Session()
    started = session.new_game(reading["config"])
    assert started["ok"], started
    log = PINNED["logs"][game]
    end = session.goto(started["view"]["script"]["steps"])
    assert end["ok"], end
    replayed = session.export_log()["log"]
    assert replayed["actions"] == log["actions"]
    assert replayed["outcome"] == log["outcome"]
