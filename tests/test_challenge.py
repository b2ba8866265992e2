"""A challenge (duplicate play): a finished game's deal and its player's own moves in a
link, never a result; the reader's engine replays each player's moves, the bots' made
again, and a link whose moves were changed, cut or reordered is refused, or replays to
the result those moves make. Today's deal: one deal a day per game and rule set."""

import base64
import functools
import random
import re
from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES
from engine.config import daily_seed, todays_deal
from engine.core.errors import BadChallenge
from engine.play.challenge import MAX_RUNS, read_challenge


def play_out(session: Session, rng: random.Random) -> dict:
    """The game in progress played to its end, the person's moves drawn by ``rng``: the
    final view."""
    while True:
        step = session.advance()
        assert step["ok"], step
        if step["action"] is not None:
            continue
        view = step["view"]
        if view["outcome"] is not None:
            return view
        acted = session.act(rng.choice(view["legal"])["act"])
        assert acted["ok"], acted


def finished(config: dict, seed: int) -> Session:
    session = Session()
    started = session.new_game(config)
    assert started["ok"], started
    play_out(session, random.Random(seed))
    return session


GAMES_SENT = {
    "tycoon": {"game": "tycoon", "seats": ["normal", "human", "normal", "greedy"],
               "seed": 41, "options": {"rounds": 2}, "undo": False},
    "corporation": {"game": "corporation", "seats": ["human", "normal", "easy", "normal"],
                    "seed": 5, "undo": False},
    "matchstick": {"game": "matchstick", "seats": ["human", "normal", "normal"], "seed": 8},
}


@functools.cache
def sent(game: str) -> tuple[str, dict]:
    """A challenge of a game of ``game`` and the outcome its sender had."""
    session = finished(GAMES_SENT[game], 1)
    link = session.challenge_link("Sam")
    assert link["ok"], link
    return link["link"], session.view()["view"]["outcome"]


@pytest.mark.parametrize("game", sorted(GAMES_SENT))
def test_a_challenge_replays_to_its_sender_s_result_and_deals_the_same_cards(game):
    link, result = sent(game)
    assert "score" not in dict(parse_qsl(link))  # the link carries moves, not a result
    reading = Session().read_link("#" + link)
    assert reading["kind"] == "challenge" and reading["notices"] == []
    challenge = Session().read_challenge("#" + link)
    assert challenge["ok"], challenge
    seat = GAMES_SENT[game]["seats"].index("human")
    assert challenge["seat"] == seat
    assert challenge["config"]["seats"] == GAMES_SENT[game]["seats"]
    [run] = challenge["runs"]
    assert run["name"] == "Sam"
    assert run["outcome"] == {key: result[key] for key in ("scores", "ranking", "winners")}
    assert run["place"] == result["ranking"].index(seat) + 1
    assert run["score"] == result["scores"][seat]
    mine, theirs = Session(), Session()
    mine.new_game(challenge["config"])
    theirs.new_game(GAMES_SENT[game])
    assert mine.export_log()["log"]["actions"] == theirs.export_log()["log"]["actions"]


def test_a_challenge_is_sent_on_with_each_player_s_run_up_to_eight():
    link, _ = sent("tycoon")
    names = ["Mia", "Noor", "Olu", "Pia", "Quin", "Rui", "Sol"]
    for number, name in enumerate(names):
        config = Session().read_challenge("#" + link)["config"]
        session = finished(config, 10 + number)
        forwarded = session.challenge_link(name, "#" + link)
        assert forwarded["ok"], forwarded
        link = forwarded["link"]
    runs = Session().read_challenge("#" + link)["runs"]
    assert [run["name"] for run in runs] == ["Sam", *names]
    refused = session.challenge_link("Tam", "#" + link)
    assert refused["error"]["type"] == "BadChallenge"
    assert f"{MAX_RUNS} players' runs" in refused["error"]["message"]


def test_a_challenge_is_refused_where_it_cannot_be_sent():
    link, _ = sent("tycoon")
    session = Session()
    session.new_game(GAMES_SENT["tycoon"])
    assert "once the game is over" in session.challenge_link("Sam")["error"]["message"]
    other = finished({**GAMES_SENT["tycoon"], "seed": 42}, 1)
    refused = other.challenge_link("Mia", "#" + link)
    assert "not the challenge's deal" in refused["error"]["message"]
    same = finished(Session().read_challenge("#" + link)["config"], 3)
    assert same.challenge_link("sam", "#" + link)["error"]["type"] == "BadName"
    assert same.challenge_link("Aiko", "#" + link)["error"]["type"] == "BadName"
    friends = Session()
    friends.new_game({"game": "matchstick", "seats": ["human", "human", "normal"],
                      "people": [None, "Mia", None], "seed": 2})
    assert friends.challenge_link("Sam")["error"]["type"] == "BadChallenge"
    assert Session().read_challenge("#" + sent("tycoon")[0].replace("&runs=", "&moves=")
                                    )["error"]["type"] == "BadChallenge"


def with_runs(link: str, data: bytes) -> str:
    pairs = [(key, value) for key, value in parse_qsl(link) if key != "runs"]
    code = base64.urlsafe_b64encode(data).decode().rstrip("=")
    return urlencode([*pairs, ("runs", code)], safe=",:")


def runs_of(link: str) -> bytes:
    code = dict(parse_qsl(link))["runs"]
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def replayed_through_the_session(config: dict, seat: int, actions: list[str]) -> dict:
    """The outcome of ``actions`` (a challenge's replayed record) played through the
    Session: the person's moves acted, every other one the move the bots or the deal
    make there."""
    session = Session()
    started = session.new_game(config)
    moves = started["moves"]
    for action in actions[moves:]:
        if action.startswith(f"{seat}:"):
            step = session.act(action.partition(":")[2], seat)
        else:
            step = session.advance()
        assert step["ok"] and step["moves"] == len(session.table.record.actions), step
    assert session.export_log()["log"]["actions"] == actions
    return session.view()["view"]["outcome"]


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES_SENT)), how=st.sampled_from(["cut", "change",
                                                                       "reorder"]),
       data=st.data())
def test_a_changed_cut_or_reordered_challenge_is_refused_or_replays_to_its_moves(game, how,
                                                                                 data):
    link, _ = sent(game)
    code = bytearray(runs_of(link))
    start = 2 + len("Sam") + 1  # the moves, after the name and the two lengths
    at = data.draw(st.integers(start, len(code) - 1), label="at")
    if how == "cut":
        del code[at:]
    elif how == "change":
        code[at] = data.draw(st.integers(0, 255).filter(lambda b: b != code[at]), label="to")
    else:
        other = data.draw(st.integers(start, len(code) - 1).filter(
            lambda i: code[i] != code[at]), label="with")
        code[at], code[other] = code[other], code[at]
    changed = with_runs(link, bytes(code))
    session = Session()
    reply = session.read_challenge("#" + changed)
    if not reply["ok"]:
        assert reply["error"]["type"] == "BadChallenge", reply
        return
    from engine.play.challenge import _read, replay  # the replay the reply was made by
    config, [run], _ = _read("#" + changed)
    table = replay(config, reply["seat"], run)
    actions = [str(action) for action in table.record.actions]
    outcome = replayed_through_the_session(config, reply["seat"], actions)
    [result] = reply["runs"]
    assert result["outcome"] == {key: outcome[key] for key in ("scores", "ranking",
                                                               "winners")}


def test_a_changed_challenge_is_refused_saying_whose_move_and_why():
    link, _ = sent("tycoon")
    code = runs_of(link)
    cut = Session().read_challenge("#" + with_runs(link, code[:len(code) // 2]))
    assert cut["error"]["type"] == "BadChallenge" and "Sam's" in cut["error"]["message"]
    no_runs = Session().read_challenge("#" + with_runs(link, b""))
    assert no_runs["error"]["type"] == "BadChallenge"
    with pytest.raises(BadChallenge, match="one name"):
        read_challenge("#" + with_runs(link, code + code))


# ---------------------------------------------------------------- today's deal


def test_today_s_seed_is_the_one_docs_engine_md_gives_for_good():
    assert daily_seed("2026-12-07", "tycoon", "tycoon-seed") == 242180211184062
    today = Session().todays_deal("2026-12-07", "tycoon", None)
    assert today["seed"] == 242180211184062
    assert today["config"] == {"game": "tycoon", "preset": "tycoon-seed",
                               "seats": ["human", "normal", "normal", "normal"],
                               "seed": 242180211184062, "undo": False, "hard_budget": 1.0}
    session = Session()
    view = session.new_game(today["config"])["view"]
    assert [card["id"] for card in view["hand"]] == TODAY_S_HAND


# The first seat's cards of Tycoon's deal of 7 December 2026, as dealt since issue 67.
TODAY_S_HAND = ["2h", "3d", "4c", "4d", "5c", "5h", "6d", "7h", "7s", "8d", "9s", "Jd", "Qc",
                "Kc"]


def test_today_s_deal_is_one_a_day_a_game_and_a_rule_set():
    seeds = {todays_deal(date, game, preset)["seed"]
             for date in ("2026-12-07", "2026-12-08") for game, entry in GAMES.items()
             for preset in entry.presets}
    assert len(seeds) == 2 * sum(len(entry.presets) for entry in GAMES.values())
    assert todays_deal("2026-12-07", "president")["preset"] == "president-bga"


@pytest.mark.parametrize(("date", "reason"), [
    ("2026-02-30", "not a day of the calendar"), ("7 Dec 2026", "year-month-day"),
    ("\uff12\uff10\uff12\uff16-12-07", "year-month-day"), (20261207, "year-month-day")])
def test_today_s_deal_needs_a_day_of_the_calendar(date, reason):
    refused = Session().todays_deal(date, "tycoon", None)
    assert refused["error"]["type"] == "BadOptions" and reason in refused["error"]["message"]


def test_a_run_is_told_in_the_game_s_words_with_a_replay_of_it_under_its_name():
    link, result = sent("tycoon")
    [run] = Session().read_challenge("#" + link)["runs"]
    assert run["place_text"] == result["places_text"][run["place"] - 1]
    assert run["points_text"] == f"{run['score']} point" + ("" if run["score"] == 1 else "s")
    assert run["title"] is None or run["title"]
    reading = Session().read_link("#" + run["replay"])
    assert reading["kind"] == "replay" and reading["notices"] == []
    seat = GAMES_SENT["tycoon"]["seats"].index("human")
    assert reading["config"]["people"][seat] == "Sam"
    assert reading["config"]["scenario"]["title"] == "Sam's game of Tycoon"
    watched = Session()
    steps = watched.new_game(reading["config"])["view"]["script"]["steps"]
    assert watched.goto(steps)["ok"]
    assert watched.view()["view"]["outcome"]["ranking"] == run["outcome"]["ranking"]


@functools.cache
def todays_played(game: str) -> Session:
    """Today's deal of ``game`` on 7 December 2026, played to its end."""
    return finished(todays_deal("2026-12-07", game), 4)


@pytest.mark.parametrize("game", ["matchstick", "corporation"])
def test_today_s_deal_played_gives_a_result_without_a_card_and_its_challenge(game):
    session = todays_played(game)
    outcome = session.view()["view"]["outcome"]
    reply = session.todays_deal("2026-12-07", game, None, "Sam")
    assert reply["ok"], reply
    result = reply["result"]
    seat = 0  # today's deal seats the player first
    title = GAMES[game].title
    assert result["place"] == outcome["ranking"].index(seat) + 1
    assert result["place_text"] == outcome["places_text"][result["place"] - 1]
    assert result["players"] == len(outcome["scores"])
    assert result["moves"] == sum(action.seat == seat
                                  for action in session.table.record.actions) > 0
    assert result["text"] == (f"Tycoon Table · {title}, 7 Dec · "
                              f"{outcome['places_text'][result['place'] - 1]} of "
                              f"{result['players']} · {result['moves']} moves")
    [run] = Session().read_challenge("#" + result["link"])["runs"]
    assert (run["name"], run["place"], run["moves"]) == ("Sam", result["place"],
                                                         result["moves"])
    assert session.todays_deal("2026-12-07", game)["result"]["link"] is None


def test_only_today_s_deal_as_dealt_that_day_has_a_today_s_result():
    played = todays_played("matchstick")
    assert played.todays_deal("2026-12-08", "matchstick")["result"] is None
    assert played.todays_deal("2026-12-07", "tycoon")["result"] is None
    assert played.todays_deal("2026-12-07", "matchstick")["result"] is not None
    assert played.todays_deal("7 Dec", "matchstick")["error"]["type"] == "BadOptions"
    assert played.todays_deal("2026-12-07", "matchstick", None, "You")["error"]["type"] == (
        "BadName")
    config = todays_deal("2026-12-07", "matchstick")
    for other in ({**config, "undo": True}, {**config, "seed": config["seed"] + 1},
                  {**config, "seats": ["human", "normal", "hard"]}):
        assert finished(other, 4).todays_deal("2026-12-07", "matchstick")["result"] is None
    unfinished = Session()
    unfinished.new_game(config)
    assert unfinished.todays_deal("2026-12-07", "matchstick")["result"] is None


@pytest.mark.parametrize("game", sorted(GAMES_SENT))
def test_the_replay_of_a_run_names_its_player_not_you_until_the_reader_plays_on(game):
    link, _ = sent(game)
    [run] = Session().read_challenge("#" + link)["runs"]
    seat = GAMES_SENT[game]["seats"].index("human")
    watched = Session()
    view = watched.new_game(Session().read_link("#" + run["replay"])["config"])["view"]
    assert view["seat"] == seat and view["players"][seat]["name"] == "Sam"
    said, prompts = [], [view["prompt"]]
    while (step := watched.next_step())["ok"]:
        said.append(step["text"])
        prompts.append(step["view"]["prompt"])
        if step["view"]["your_turn"]:  # Sam's scripted move is next
            assert step["view"]["prompt"].startswith("Sam's turn")
    assert any(text.startswith("Sam ") for text in said)
    assert not [text for text in said + prompts if re.search(r"\b(You|you|Your|your)\b", text)]
    assert step["error"]["message"].startswith("the example has no more steps")
    shown = watched.view()["view"]
    assert shown["players"][seat]["name"] == "Sam"
    assert "Sam" in shown["outcome"]["text"] or shown["outcome"]["winners"] != [seat]
    assert watched.take_over()["ok"]  # the reader plays on from here: it is theirs
    assert watched.view()["view"]["players"][seat]["name"] == "You"
