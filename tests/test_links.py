"""Links: a deal, a replay or a scenario in a versioned URL fragment. A deal link deals the
same cards to the same seats anywhere; a replay link replays the same moves; anything
else in a link is ignored with a notice naming it, and reading never fails."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES
from engine.links import MAX_LINK, read_link
from engine.scenario import tutorial

LEVELS = ["easy", "normal", "hard"]


def played(game: str, players: int, seed: int, moves: int) -> Session:
    """A game of ``game`` with a human and Easy bots, ``moves`` actions in (the human
    takes the last move it is offered)."""
    session = Session()
    assert session.new_game({"game": game, "seed": seed,
                             "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    for _ in range(moves):
        answer = session.advance()
        if answer["action"] is None:
            legal = answer["view"]["legal"]
            if not legal:
                break
            session.act(legal[-1]["act"])
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deal_link_deals_the_same_cards_to_the_same_seats(game):
    entry = GAMES[game]
    players = entry.players[-1]
    preset = sorted(entry.presets)[-1]
    config = {"game": game, "preset": preset, "seed": 81723,
              "seats": ["human"] + [LEVELS[seat % 3] for seat in range(1, players)]}
    link = Session().deal_link(config)["link"]
    reading = Session().read_link("#" + link)
    assert reading["kind"] == "deal" and reading["notices"] == []
    opened = reading["config"]
    assert opened["seats"] == config["seats"] and opened["seed"] == 81723
    assert opened["undo"] is False  # a shared deal is played as dealt
    first, second = Session(), Session()
    assert first.new_game(config)["view"]["hand"] == second.new_game(opened)["view"]["hand"]
    assert first.table.state == second.table.state


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=6)
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 140), reveal=st.booleans())
def test_a_replay_link_replays_every_move_so_far(game, seed, moves, reveal):
    session = played(game, GAMES[game].default_players, seed, moves)
    link = session.links(reveal)["replay"]
    reading = Session().read_link(link)
    assert reading["kind"] == "replay" and reading["notices"] == []
    viewer = Session()
    opened = viewer.new_game(reading["config"])
    assert opened["ok"], opened
    assert (opened["view"]["revealed"] is not None) == reveal
    script = opened["view"]["script"]
    assert script["stepped"] and script["step"] == 0
    assert viewer.goto(script["steps"])["ok"]
    assert viewer.table.state == session.table.state
    assert viewer.view()["view"]["hand"] == session.view()["view"]["hand"]


def test_a_replay_is_stepped_through_back_and_forth_then_played_on():
    session = played("tycoon", 4, 3, 90)
    viewer = Session()
    assert viewer.new_game(viewer.read_link(session.links()["replay"])["config"])["ok"]
    assert viewer.advance()["action"] is None  # the reader steps; nothing moves alone
    texts = [viewer.next_step()["text"] for _ in range(3)]
    assert all(texts)
    back = viewer.goto(1)["view"]
    assert back["script"]["step"] == 1
    again = viewer.next_step()
    assert again["text"] == texts[1]
    rounds = viewer.view()["view"]["script"]["rounds"]
    assert rounds and viewer.goto(rounds[0])["view"]["round"] == 2
    taken = viewer.take_over()["view"]
    assert taken["script"] is None and taken["revealed"] is None
    # From here the bots choose their own moves, and the human plays on.
    while (answer := viewer.advance())["action"] is not None:
        pass
    assert answer["view"]["your_turn"] or answer["view"]["phase"] == "deal"


def test_a_scenario_link_opens_the_scenario_for_a_reader():
    session = Session()
    assert session.new_game({"tutorial": "tycoon"})["ok"]
    reading = session.read_link(session.links()["deal"])
    assert reading["kind"] == "scenario" and reading["config"]["stepped"]
    viewer = Session()
    view = viewer.new_game(reading["config"])["view"]
    assert view["script"]["title"] == tutorial("tycoon").title
    assert view["legal"] == [] and viewer.advance()["action"] is None
    for _ in range(view["script"]["steps"]):
        assert viewer.next_step()["ok"]


@pytest.mark.parametrize(("fragment", "notice"), [
    ("#v=2&game=tycoon", "this link was made by a newer version of Tycoon Table (v=2): "
                         "reload the app to update it, then open the link again"),
    ("#v=one", "v=one is not a version of Tycoon Table's links"),
    ("#v=1", "the link names no game"),
    ("#v=1&game=chess", "game=chess is not a game here: the games are tycoon, president, "
                        "matchstick, corporation"),
    ("#v=1&game=<script>alert(1)</script>", "game=<script>alert(1)</scr… is not a game here"),
    ("#v=1&" + "x=1&" * 100, "the link has too many parts to be one of Tycoon Table's"),
    ("#v=1&game=tycoon&x=" + "a" * MAX_LINK, "the link is too long to read"),
    ("#v=1&scenario=%%%", "the link's scenario cannot be read"),
])
def test_a_link_that_opens_nothing_says_why(fragment, notice):
    reading = read_link(fragment)
    assert reading.kind == "none"
    assert reading.notices[0].startswith(notice)


@pytest.mark.parametrize(("fragment", "notice"), [
    ("players=99", "players=99 was ignored: President is for 4 to 8 players; 5 are dealt in"),
    ("players=five", "players=five was ignored"),
    ("preset=tycoon-p5r", "preset=tycoon-p5r was ignored: it is not one of President's rule "
                          "sets"),
    ("bots=godlike", "bots=godlike was ignored: the bots are "),
    ("bots=easy,hard", "bots=easy,hard was ignored"),
    ("seed=-5", "seed=-5 was ignored: a seed is a whole number; a new deal is dealt"),
    ("seed=99999999999999999999", "seed=99999999999999999999 was ignored"),
    ("skip=perhaps", "skip=perhaps was ignored: it is true or false"),
])
def test_a_bad_value_falls_back_to_its_default_and_is_named(fragment, notice):
    reading = read_link("#v=1&game=president&" + fragment)
    assert reading.kind == "deal"
    assert [n for n in reading.notices if n.startswith(notice)], reading.notices
    assert Session().new_game(reading.config)["ok"]


def test_unknown_keys_are_ignored_without_a_word():
    reading = read_link("#v=1&game=tycoon&seed=4&colour=blue&utm_source=chat")
    assert reading.kind == "deal" and reading.notices == []


def test_a_broken_replay_shows_the_moves_up_to_the_break():
    link = played("tycoon", 4, 9, 40).links()["replay"]
    head, _, code = link.rpartition("moves=")
    reading = read_link(head + "moves=" + code[:20] + "____")
    assert reading.kind == "replay"
    assert reading.notices and reading.notices[0].startswith(
        "the replay's moves stop making sense after move ")
    assert Session().new_game(reading.config)["ok"]


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=300),
                 st.lists(st.tuples(st.sampled_from(
                     ["v", "game", "preset", "players", "bots", "seed", "moves", "seat",
                      "reveal", "scenario", "rounds", "jokers", "skip", "top_card"]),
                     st.text(max_size=20)), max_size=12).map(
                     lambda pairs: "#v=1&" + "&".join(f"{k}={v}" for k, v in pairs))))
def test_reading_any_fragment_never_fails_and_what_it_opens_starts(fragment):
    reading = read_link(fragment)
    assert reading.kind in ("none", "deal", "replay", "scenario")
    assert all(isinstance(notice, str) and len(notice) < 400 for notice in reading.notices)
    if reading.kind in ("deal", "replay"):
        answer = Session().new_game(reading.config)
        assert answer["ok"], (fragment, answer)


def test_seeds_of_a_link_stay_whole_numbers_javascript_keeps():
    seed = random.Random(5).randrange(2**52)
    assert read_link(f"#v=1&game=tycoon&seed={seed}").config["seed"] == seed
