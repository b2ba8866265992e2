"""Friends at one phone in links (issue 67): a deal link and a replay link seat the people
as the sender set them, each with their name; a link without names reads as it did before
people had them; a name a table cannot seat is ignored with a notice saying why, and
reading a link never fails."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES
from engine.core.errors import BadName
from engine.core.seats import check_names
from engine.links import MAX_LINK, deal_link, read_link

KINDS = ["human", "easy", "normal", "hard"]
# A person's name as a player may type it: any text that shows, commas and % included.
NAMES = st.text(st.characters(exclude_categories=("C",)), min_size=1, max_size=16).map(
    lambda text: " ".join(text.split())).filter(bool)


def with_friends(game: str, seed: int, moves: int) -> Session:
    """A game of ``game`` with the phone's owner, Mia at seat 2 and Normal bots, ``moves``
    decisions in (each person takes the last move they are offered)."""
    players = GAMES[game].default_players
    session = Session()
    started = session.new_game({"game": game, "seed": seed,
                                "seats": ["human", "human"] + ["easy"] * (players - 2),
                                "people": [None, "Mia"] + [None] * (players - 2)})
    assert started["ok"], started
    holder = 0
    for _ in range(moves):
        step = session.advance(holder)
        if step["action"] is not None:
            continue
        person = step["view"]["next_person"]
        if person is None:
            break
        holder = person
        legal = session.view(person)["view"]["legal"]
        session.act(legal[-1]["act"], person)
    return session


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_deal_link_seats_the_people_with_their_names(game, data):
    players = data.draw(st.sampled_from(list(GAMES[game].players)), label="players")
    seats = ["human", *data.draw(st.lists(st.sampled_from(KINDS), min_size=players - 1,
                                          max_size=players - 1), label="others")]
    people = [data.draw(st.none() | NAMES, label=f"seat {seat + 1}") if kind == "human"
              else None for seat, kind in enumerate(seats)]
    try:
        check_names(seats, people)
    except BadName:
        assume(False)
    config = {"game": game, "seats": seats, "people": people, "seed": 81723}
    link = Session().deal_link(config)["link"]
    assert ("people=" in link) == any(people)
    reading = Session().read_link("#" + link)
    assert reading["kind"] == "deal" and reading["notices"] == [], (link, reading)
    opened = reading["config"]
    assert opened["seats"] == seats
    assert opened.get("people", [None] * players) == people
    first, second = Session(), Session()
    assert first.new_game(config)["view"]["people"] == second.new_game(opened)["view"]["people"]
    assert first.table.state == second.table.state


def test_a_deal_link_of_friends_is_short_and_readable():
    link = deal_link({"game": "tycoon", "seats": ["human", "human", "normal", "normal"],
                      "people": [None, "Mia", None, None], "seed": 5})
    assert link.startswith("v=1&game=tycoon&players=4&bots=human,normal,normal&people=,Mia"
                           "&seed=5")
    odd = deal_link({"game": "tycoon", "seats": ["human", "human", "human", "normal"],
                     "people": ["Sam", None, "Zoë, 100%", None], "seed": 5})
    assert "&people=Sam,,Zo%C3%AB%252C+100%2525&" in odd
    assert read_link(odd).config["people"] == ["Sam", None, "Zoë, 100%", None]


def test_sharing_a_game_of_friends_shares_its_people():
    session = with_friends("tycoon", 7, 30)
    links = session.links(reveal=True)
    deal = read_link(links["deal"])
    assert deal.kind == "deal" and deal.notices == []
    assert deal.config["seats"] == ["human", "human", "easy", "easy"]
    assert deal.config["people"] == [None, "Mia", None, None]
    replay = read_link(links["replay"])
    assert replay.kind == "replay" and replay.notices == []
    assert replay.config["seats"] == ["human", "human", "easy", "easy"]
    assert replay.config["people"] == [None, "Mia", None, None]


def test_a_replay_of_friends_opens_with_their_names_and_its_reader_holds_the_phone():
    session = with_friends("tycoon", 11, 40)
    reading = Session().read_link(session.links(reveal=False)["replay"])
    viewer = Session()
    opened = viewer.new_game(reading["config"])
    assert opened["ok"], opened
    view = opened["view"]
    assert [person["name"] for person in view["people"]] == ["Player 1", "Mia"]
    told = []
    for _ in range(view["script"]["steps"]):
        told.append(viewer.next_step()["text"])
        now = viewer.view()["view"]
        if now["outcome"] is None:  # nobody is handed the phone while the reader steps
            assert now["next_person"] == 0 and not now["hand_over"]
    assert any(text.startswith("Mia ") for text in told)
    assert viewer.table.state == session.table.state


def test_a_replay_shared_from_a_later_seat_puts_each_name_back_at_its_seat():
    session = Session()
    seats = ["normal", "human", "normal", "human", "normal"]
    people = [None, None, None, "Mia", None]
    assert session.new_game({"game": "tycoon", "seats": seats, "people": people,
                             "seed": 3})["ok"]
    assert session.table.human == 1
    replay = read_link(session.links()["replay"])
    assert replay.notices == []
    assert replay.config["seats"] == seats and replay.config["people"] == people
    # A deal link seats its reader first, the others in order.
    deal = read_link(session.links()["deal"])
    assert deal.config["seats"] == ["human", "normal", "normal", "human", "normal"]
    assert deal.config["people"] == [None, None, None, "Mia", None]


@pytest.mark.parametrize("fragment", [
    "v=1&game=tycoon&players=4&bots=normal&seed=5",
    "v=1&game=tycoon&players=4&bots=easy,hard,normal&seed=5&rounds=2",
    "v=1&game=president&players=5&bots=hard&seed=81723&hard=59,31:50",
])
def test_a_deal_link_without_people_reads_as_before(fragment):
    reading = read_link("#" + fragment)
    assert reading.kind == "deal" and reading.notices == []
    assert "people" not in reading.config
    assert "human" not in reading.config["seats"][1:]
    # and is written as it was (then the bots' weights' digest, where they have some)
    assert deal_link(reading.config).partition("&policy=")[0] == fragment
    assert Session().new_game(reading.config)["view"]["people"] == [
        {"seat": 0, "name": "Player 1"}]


def test_friends_without_names_are_seated_and_all_may_be_people():
    reading = read_link("#v=1&game=tycoon&players=4&bots=human&seed=5")
    assert reading.notices == [] and reading.config["seats"] == ["human"] * 4
    assert "people" not in reading.config
    assert Session().new_game(reading.config)["ok"]


PEOPLE = "v=1&game=tycoon&players=4&bots=human,human,normal&seed=5&people="


@pytest.mark.parametrize(("fragment", "why"), [
    (PEOPLE + ",ABCDEFGHIJKLMNOPQ", "ABCDEFGHIJKLMNOP… is too long: a name is 1 to 16"),
    (PEOPLE + ",you", "\"You\" is the phone's owner: give seat 2 a name of its own"),
    (PEOPLE + ",Mia,mia", "two seats are called mia"),
    (PEOPLE + ",,Aiko", "two seats are called Aiko"),  # the bot at seat 4
    (PEOPLE + ",Mi%E2%80%8Ba", "seat 2's name holds a character that cannot be shown"),
    (PEOPLE + ",Mi%00a", "seat 2's name holds a character that cannot be shown"),
    (PEOPLE + ",+++", "seat 2's name is empty"),
    (PEOPLE + ",Mi%FFa", "a name in it is not UTF-8 text"),
    (PEOPLE + ",Mi%25FFa", "a name in it is not UTF-8 text"),
    (PEOPLE + ",,,,Mia", "it names more seats than the 4 at the table"),
    (PEOPLE + "," * 50_000, "it names more seats than the 4 at the table"),
    (PEOPLE + ",," + "[" * 50_000, "[[[[[[[[[[[[[[[[… is too long"),
    (PEOPLE + ",,,Mia", "seat 4 is a bot (normal): only a person's seat has a name"),
    ("v=1&game=tycoon&players=4&bots=godlike&seed=5&people=,Mia",
     "seat 2 is a bot (normal)"),  # the bots fall back to Normal, and are named no more
])
def test_names_a_table_cannot_seat_are_ignored_with_why(fragment, why):
    reading = read_link("#" + fragment)
    assert reading.kind == "deal"
    ignored = [n for n in reading.notices if n.startswith("people=")]
    assert len(ignored) == 1 and why in ignored[0], reading.notices
    assert ignored[0].endswith("; the people at the table play without names")
    assert len(ignored[0]) < 400
    assert "people" not in reading.config
    assert Session().new_game(reading.config)["ok"]


def test_people_given_twice_are_read_from_the_first():
    reading = read_link("#" + PEOPLE + ",Mia&people=,Noor")
    assert reading.config["people"] == [None, "Mia", None, None]
    assert reading.notices == ["people was given twice: the first, ,Mia, is used"]


def test_a_challenge_is_one_person_s_whatever_its_link_says():
    reading = read_link("#v=1&game=tycoon&players=4&bots=human,normal,normal&people=,Mia"
                        "&seed=5&seat=0&runs=")
    assert reading.kind == "challenge"
    assert reading.config["seats"] == ["human", "normal", "normal", "normal"]
    assert "people" not in reading.config
    assert [n.partition(" was ")[0] for n in reading.notices] == [
        "bots=human,normal,normal", "people=,Mia"]


@settings(max_examples=300)
@given(bots=st.sampled_from(["human", "human,normal,hard", "normal", "hard,human,human"]),
       people=st.text(max_size=60) | st.lists(st.text(max_size=20) | NAMES, max_size=6).map(
           ",".join),
       replay=st.booleans())
def test_reading_any_people_never_fails_and_what_it_opens_starts(bots, people, replay):
    moves = "&seat=1&reveal=0&moves=AA" if replay else ""
    fragment = (f"#v=1&game=tycoon&players=4&bots={bots}&seed=5{moves}&people="
                + people.replace("&", "%26").replace("#", "%23"))
    reading = read_link(fragment)
    assert reading.kind == ("replay" if replay else "deal"), reading.notices
    assert all(len(notice) < 400 for notice in reading.notices)
    if "people" in reading.config:
        assert any(reading.config["people"])
    answer = Session().new_game(reading.config)
    assert answer["ok"], (fragment, answer)


def test_a_link_of_friends_stays_far_below_the_longest_link():
    rng = random.Random(67)
    names = ["".join(rng.choice("%,é漢😀") for _ in range(16)) for _ in range(7)]
    link = deal_link({"game": "president", "seats": ["human"] * 8,
                      "people": [None, *names], "seed": 5})
    assert len(link) < MAX_LINK // 50
    assert read_link(link).config["people"] == [None, *names]
