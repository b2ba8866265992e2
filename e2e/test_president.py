"""A whole game of President on a phone, 5 players with the skip option, to its end.

At every turn of the human, and at every round's results, what the page shows is
compared with the worker's saved log replayed in the engine (read by the test, never
by the app): the hand, the other seats' cards, titles and points, the round's history.
"""

import json
import re

from playwright.sync_api import expect

from engine.core.words import ordinal, plural
from engine.families.climbing.rules.machine import outcome
from engine.families.climbing.rules.state import ClimbState, Skipped
from tycoon_page import Table, replay

PLAYERS = 5
NAMES = ["You", "Aiko", "Bruno", "Chen", "Dana"]


def replayed(table: Table) -> ClimbState:
    """The position the worker saved, replayed in the engine, once the save and the page
    agree on the moves made (the worker keeps the save after it answers the page, and the
    page draws the bots' moves at its pace)."""
    for _ in range(100):  # 10 s at most
        moves = table.moves()
        log = json.loads(table.saved_game() or "null")
        if log is not None and len(log["actions"]) == moves:
            break
        table.page.wait_for_timeout(100)
    assert log is not None and len(log["actions"]) == moves, (moves, log and log["actions"])
    return replay(log)[-1]


def check_table(table: Table, state: ClimbState) -> None:
    page = table.page
    assert table.hand() == [str(card) for card in state.hands[0]]
    seats = page.locator("#opponents .opponent")
    expect(seats).to_have_count(PLAYERS - 1)
    for seat in range(1, PLAYERS):
        shown = seats.nth(seat - 1).inner_text()
        held = len(state.hands[seat])
        assert NAMES[seat] in shown and (plural(held, "card") if held else "no cards") in shown, (
            shown)
        assert plural(state.scores[seat], "point") in shown, shown
    history = page.locator("#history li").all_text_contents()  # in a closed panel
    assert len(history) == len(state.events)
    skipped = [event for event in state.events if isinstance(event, Skipped)]
    assert len([line for line in history if line.endswith(" skipped")]) == len(skipped)


def check_results(table: Table, state: ClimbState) -> None:
    """The results: every seat in its place, with its title, the round's points and the
    total, labelled, as the engine scored them."""
    rows = table.page.locator("#results-rows tr").all_inner_texts()
    assert len(rows) == PLAYERS
    titles = ["President", "Prime Minister", "Citizen", "Peasant", "Beggar"]
    ended = outcome(state)  # at the game's end, the final standings
    order = ended.ranking if ended is not None else state.places[-1]
    for place, row in enumerate(rows):
        place_text, name, title, points, total = row.split("\t")
        seat = NAMES.index(name)
        assert seat == order[place] and place_text == ordinal(place + 1), row
        assert title == titles[state.places[-1].index(seat)], row
        assert total.strip() == str(state.scores[seat]), row  # the heading says "Total"
        assert re.fullmatch(r"[+-][1-9][0-9]*|0", points.strip()), row


def test_a_whole_game_of_president_with_skips(table: Table):
    table.open()
    table.choose_game("president", PLAYERS, {"skip": True})
    page = table.page
    # A level for one seat; the others play at the level for all. Only the seats of
    # the chosen number of players are offered.
    page.click(".choices[data-game=president] .who-plays summary")
    expect(page.locator(".seat-bot:visible")).to_have_count(PLAYERS - 1)
    page.select_option("#president-bot-2", "normal")
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    seats = json.loads(table.saved_game() or "null")["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "easy", "normal", "easy", "easy"]
    rounds = 0
    checked_layout = False
    while True:
        table.wait_for_my_turn()
        state = replayed(table)
        if table.results_shown():
            rounds += 1
            check_results(table, state)
            expect(page.locator("#rounds-table tbody tr")).to_have_count(rounds)
            if page.inner_text("#results-title").startswith("Game over"):
                break
            assert min(state.scores) > 0
            expect(page.locator("#results-title")).to_have_text(f"Round {rounds} results")
            page.tap("#results-next")
            continue
        check_table(table, state)
        if not checked_layout:
            assert page.inner_text("#round-info") == "Round 1"
            assert table.accessibility_violations() == []
            checked_layout = True
        table.take_a_quick_turn()

    # The game ends after the round in which someone reached 0 points (from 50).
    assert min(state.scores) <= 0
    assert rounds >= 4
    title = page.inner_text("#results-title")
    assert re.match(r"Game over: .+ wins?", title), title
    assert table.accessibility_violations() == []
    expect(page.locator("#results-next")).to_be_hidden()  # no round is next

    # Play again: a new game of President with the same choices.
    page.tap("#results-again")
    table.wait_for_my_turn()
    expect(page.locator("#round-info")).to_have_text("Round 1")
    expect(page.locator("#opponents .opponent")).to_have_count(PLAYERS - 1)
    assert replayed(table).rules.skip


def test_eight_players_fit_a_phone(table: Table):
    table.open()
    table.choose_game("president", 8)
    assert table.accessibility_violations() == []  # the lobby with President chosen
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    page = table.page
    assert page.viewport_size == {"width": 360, "height": 640}
    seats = page.locator("#opponents .opponent")
    expect(seats).to_have_count(7)
    boxes = [seats.nth(index).bounding_box() for index in range(7)]
    assert all(box is not None for box in boxes)
    for index, box in enumerate(boxes):
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (index, box)
        for other in boxes[index + 1:]:
            assert other
            apart = (box["x"] + box["width"] <= other["x"]
                     or other["x"] + other["width"] <= box["x"]
                     or box["y"] + box["height"] <= other["y"]
                     or other["y"] + other["height"] <= box["y"])
            assert apart, (box, other)
    # Nothing on the page is wider than the screen.
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getClientRects().length
                     && e.getBoundingClientRect().right > innerWidth + 0.5)
        .map(e => e.id || e.className || e.tagName)""")
    assert wide == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert table.accessibility_violations() == []
