"""Friends at one phone: two people and two bots play each game to its end, the phone
passed between them, upright and on its side in turn (in Corporation each talks, and
keeps the phone to commit). At every hand-over the cover is
up, and no card of either person's hand is in the DOM, the accessibility tree, the kept
table or the picture of the screen; the person who takes the phone is told what
happened since their last move. A reload while the phone is to be passed opens at the
same cover; the statistics count only the phone owner's game.

The games start from saves made here (the lobby's friends' setup is its own test), so
the engine boots once a game (Tycoon's and President's at their last round, whose
exchange is between the two people: the one above chooses what to give back on their
own turn, behind the cover)."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.api import Session
from engine.play import sharing, turns
from engine.play.table import Table as Game
from engine.play.view import table_view
from tycoon_page import ROOT, SETTINGS_KEY, STATS_KEY, TABLE_KEY, Table, stored_settings

UPRIGHT = {"width": 360, "height": 640}
ON_ITS_SIDE = {"width": 640, "height": 360}
PICTURES = ROOT / "e2e-results" / "friends"
PEOPLE = ["Ken", "Mia", None, None]  # you, Mia and two bots
# The deals whose last round's exchange is between Ken and Mia (they finish the round
# before it first and last, or second and third).
SEEDS = {"tycoon": 2, "president": 3}
# Short games: two rounds of Tycoon (its exchange is between the two), one of Matchstick,
# and a low target in Corporation.
OPTIONS: dict[str, dict[str, Any]] = {"tycoon": {"rounds": 2}, "president": {},
                                      "matchstick": {"rounds": 1},
                                      "corporation": {"target_score": 12}}
# What the test waits for: the cover with its button, your turn at the table, or results.
READY = ("#cover:not([hidden]) #cover-ready:not([hidden]), #table:not([hidden])"
         "[data-turn=you]:not([data-bots=running]), #results:not([hidden])")
# Every card the page could show, in the DOM, hidden or not (a flight included).
CARDS_IN_DOM = """() => document.querySelectorAll(
    '#table .card, #table .card-back, .flying-card, .flying-back, .ghost').length"""


def saved_start(game: str) -> str:
    """A game of ``game`` for Ken (you), Mia and two Easy bots, as the worker saves it:
    new; or in Tycoon and President, at the start of the last round, in a deal whose
    exchange then is between Ken and Mia (its people playing their first move offered
    until then)."""
    session = Session()
    assert session.new_game({"game": game, "seed": SEEDS.get(game, 4), "undo": True,
                             "options": OPTIONS[game], "people": PEOPLE,
                             "seats": ["human", "human", "easy", "easy"]})["ok"]
    table = session.table
    assert table is not None
    starts = {1: sharing.export_log(table)}  # each round's first position, its exchange up
    while game in SEEDS and table_view(table)["outcome"] is None:
        if table_view(table)["exchange"] is not None:
            starts.setdefault(table.state.round_no, sharing.export_log(table))
        if turns.advance(table) is None:
            person = table_view(table)["next_person"]
            table.act(table_view(table, person)["legal"][0]["act"], person)
    return json.dumps(starts[table.state.round_no])


def hands(log_text: str) -> dict[str, list[str]]:
    """Each person's hand (its cards' names) in the game the worker saved."""
    game = Game.from_log(json.loads(log_text))
    return {person["name"]: [card["name"] for card in table_view(game, person["seat"])["hand"]]
            for person in table_view(game)["people"]}


def check_cover(table: Table, picture: Path) -> str:
    """At the cover: no card in the DOM, no person's card in the accessibility tree, no
    table kept in storage; the picture shows the cover. Returns whom it names."""
    page = table.page
    assert page.evaluate(CARDS_IN_DOM) == 0
    heard = page.locator("body").aria_snapshot()
    saved = table.saved_game()
    assert saved is not None
    for name, cards in hands(saved).items():
        # A card's name is heard as it is written ("9 of spades"); Corporation's bare
        # numbers, which every seat holds alike, are told by the DOM's count above.
        for card in cards:
            assert len(card) < 3 or card not in heard, f"{name}'s {card} is heard under the cover"
    assert TABLE_KEY not in table.local_storage()
    assert table.on_screen("#cover-title") and table.on_screen("#cover-ready")
    page.screenshot(path=picture)
    asked = re.fullmatch(r"I'm (.+)", page.inner_text("#cover-ready"))
    assert asked, page.inner_text("#cover-ready")
    assert page.inner_text("#cover-title") == f"Pass the phone to {asked.group(1)}"
    return asked.group(1)


def take_phone(table: Table, name: str) -> None:
    """``name`` says they hold the phone: their hand, their turn, and what happened since."""
    page = table.page
    page.tap("#cover-ready")
    page.wait_for_selector("#cover", state="hidden")
    table.wait_for_my_turn()
    me = page.inner_text("#me-info")
    assert me.startswith("You"), me  # each person is "You" on their own turn


def resize(table: Table, size: dict[str, int]) -> None:
    table.page.set_viewport_size(size)
    table.page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                                 arg=[size["width"], size["height"]])


@pytest.mark.parametrize("game", ["tycoon", "president", "matchstick", "corporation"])
def test_two_friends_and_two_bots_play_a_whole_game_at_one_phone(table: Table, game: str):
    page = table.page
    PICTURES.mkdir(parents=True, exist_ok=True)
    table.store_before_opening(save=saved_start(game),
                               local={SETTINGS_KEY: stored_settings(pace=0, guided=[game])})
    table.open()
    table.wait_for_engine()
    names_seen: set[str] = set()
    news_heard = False
    reloaded = False
    covers = 0
    holder = ""  # who holds the phone
    chose: set[str] = set()  # who chose cards to give in an exchange
    said: set[str] = set()  # who talked (Corporation)
    for _ in range(400):
        page.wait_for_selector(READY)
        if page.is_visible("#results"):
            if page.is_visible("#results-again"):
                break
            page.tap("#results-next")
            page.wait_for_selector("#results", state="hidden")
            continue
        if page.is_visible("#cover-ready"):
            resize(table, UPRIGHT if covers % 2 == 0 else ON_ITS_SIDE)
            size = "360x640" if covers % 2 == 0 else "640x360"
            name = check_cover(table, PICTURES / f"{game}-cover-{covers}-{size}.png")
            if covers == 1 and not reloaded:
                reloaded = True  # a reload while the phone is passed: the same cover
                page.reload()
                table.wait_for_engine()
                page.wait_for_selector("#cover-ready:not([hidden])")
                assert check_cover(table, PICTURES / f"{game}-reloaded-{size}.png") == name
            take_phone(table, name)
            page.screenshot(path=PICTURES / f"{game}-taken-{covers}-{size}.png")
            names_seen.add(name)
            holder = name
            news_heard = news_heard or bool(page.inner_text("#last-event"))
            covers += 1
            continue
        if game == "corporation" and holder not in said and page.is_visible("#say-row"):
            # Each person talks on their own turn, and keeps the phone to commit.
            moves = table.moves()
            page.tap("#say-button")
            table.wait_for_moves_after(moves)
            page.wait_for_selector(READY)
            assert page.is_visible("#table") and page.is_hidden("#cover")
            assert "You" in page.inner_text("#talk-lines")
            said.add(holder)
            continue
        if "choose" in page.inner_text("#turn"):
            chose.add(holder)
        table.take_a_quick_turn()
    else:
        raise AssertionError(f"{game} did not end within 400 turns")
    assert reloaded and names_seen == {"Ken", "Mia"}, names_seen
    assert news_heard
    if game == "corporation":
        assert said == {"Ken", "Mia"}, said
    if game in SEEDS:
        # The exchange between the two: the one below hands over their best cards by the
        # rules, and the one above chose what to give back, on their own turn.
        assert len(chose) == 1, chose
    # The results name every person; the statistics count the phone owner's game.
    rows = page.inner_text("#results-rows")
    assert "You" in rows and ("Mia" in rows or "Ken" in rows), rows
    stats = json.loads(table.local_storage()[STATS_KEY])
    assert sum(entry["games"] for entry in stats.values()) == 1
