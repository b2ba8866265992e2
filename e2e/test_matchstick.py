"""A round of Matchstick Tycoon on a phone, 4 players, played by taps: a pass that takes
a matchstick, a play whose value is chosen in the picker and paid for in matchsticks,
and the results. At each turn the page is compared with the worker's saved log
replayed in the engine (read by the test, never by the app)."""

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from engine.api import Session
from engine.core.words import plural
from engine.families.climbing.rules.matchstick import GLYPHS
from engine.families.climbing.rules.state import ClimbState
from tycoon_page import SETTLED, Table, replay

PLAYERS = 4
NAMES = ["You", "Aiko", "Bruno", "Chen"]


def replayed(table: Table) -> ClimbState:
    log = json.loads(table.saved_game() or "null")
    state = replay(log)[-1]
    assert table.moves() == len(log["actions"])
    return state


def check_table(table: Table, state: ClimbState) -> None:
    page = table.page
    assert table.hand() == [str(card) for card in state.hands[0]]
    # Each card is a glyph for the eyes and its value for screen readers.
    names = page.locator("#hand .card .name").all_text_contents()
    assert names == [f"card {card}" for card in state.hands[0]]
    assert page.locator("#hand .card svg.glyph").count() == len(names)
    # The table's cards as played: turned ones turned, added sticks drawn.
    if state.trick:
        top = state.trick[-1]
        shown = page.locator("#trick .play").last
        assert shown.locator("svg.glyph.turned").count() == sum(
            bool(turned) for turned in top.turned)
        assert shown.locator("line.added").count() == sum(
            len(GLYPHS[top.value]) - len(GLYPHS[str(card)]) for card in top.cards)
    assert f"matchsticks: {state.sticks[0]}" in page.text_content("#me-info")
    seats = page.locator("#opponents .opponent")
    for seat in range(1, PLAYERS):
        shown = seats.nth(seat - 1).inner_text()
        held = len(state.hands[seat])
        assert (plural(held, "card") if held else "no cards") in shown, shown
        assert f"matchsticks: {state.sticks[seat]}" in seats.nth(seat - 1).text_content()


def pay_for_a_value(table: Table) -> bool:
    """Select cards one at a time; where the picker offers a value that costs
    matchsticks, choose it (its preview shows the added sticks) and play it."""
    page = table.page
    for index in range(len(table.hand())):
        table.tap_card(index)
        page.wait_for_selector(SETTLED)
        paid = page.locator("#values .value[aria-disabled=false]", has_text="matchstick")
        if page.is_visible("#values") and paid.count():
            choice = paid.first
            choice.tap()
            expect(choice).to_have_attribute("aria-checked", "true")
            assert choice.locator(".glyph .added").count() > 0  # the sticks added, previewed
            assert table.accessibility_violations() == []  # the table with the picker open
            expect(page.locator("#play")).to_have_attribute("aria-disabled", "false")
            moves = table.moves()
            page.tap("#play")
            table.wait_for_moves_after(moves)
            return True
        page.keyboard.press("Escape")  # put back (a second tap could widen the play)
        expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(0)
    return False


def test_a_round_of_matchstick_tycoon(table: Table):
    table.open()
    table.choose_game("matchstick", PLAYERS)
    page = table.page
    # A rule set sets the options: the G and H expansion, two of each.
    page.tap("input[name='matchstick.preset'][value='matchstick-expansion-2']")
    expect(page.locator("input[name='matchstick.expansion'][value='2']")).to_be_checked()
    page.tap("input[name='matchstick.expansion'][value='0']")  # no longer that rule set
    expect(page.locator("input[name='matchstick.preset']:checked")).to_have_value("matchstick")
    page.tap("input[name='matchstick.expansion'][value='2']")
    expect(page.locator("input[name='matchstick.preset']:checked")).to_have_value(
        "matchstick-expansion-2")
    assert table.accessibility_violations() == []  # the lobby with Matchstick chosen
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    assert replayed(table).rules.expansion == 2
    passed = paid = False
    while True:
        table.wait_for_my_turn()
        state = replayed(table)
        if table.results_shown():
            break
        check_table(table, state)
        sticks = state.sticks[0]
        if not passed and page.get_attribute("#pass", "aria-disabled") == "false":
            expect(page.locator("#pass")).to_have_text("Pass, take a matchstick")
            moves = table.moves()
            page.tap("#pass")
            table.wait_for_moves_after(moves)
            table.wait_for_my_turn()  # the bots have played: the save is still
            assert table.results_shown() or replayed(table).sticks[0] == sticks + 1
            passed = True
            continue
        if not paid and pay_for_a_value(table):
            table.wait_for_my_turn()
            assert table.results_shown() or replayed(table).sticks[0] < sticks
            paid = True
            continue
        table.take_a_quick_turn()
    assert passed and paid

    rows = page.locator("#results-rows tr")
    expect(rows).to_have_count(PLAYERS)
    for row in rows.all_inner_texts():
        seat = NAMES.index(row.split("\t")[1])
        assert row.rstrip().split("\t")[-1] == str(state.scores[seat]), row  # the total
    assert table.accessibility_violations() == []


def saved_when(seed: int, bots: str, wanted: Callable[[dict[str, Any]], bool],
               choose: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> dict[str, Any]:
    """A saved Matchstick game at the first turn of the human whose view is ``wanted``;
    until then the human plays the move ``choose`` picks from those offered."""
    session = Session()
    assert session.new_game({"game": "matchstick", "seed": seed,
                             "seats": ["human", bots, bots, bots]})["ok"]
    for _ in range(600):
        while session.advance()["action"] is not None:
            pass
        view = session.view()["view"]
        assert view["last_round"] is None, "the round ended first"
        if view["your_turn"] and wanted(view):
            return dict(session.export_log()["log"])
        assert session.act(choose(view["legal"])["act"])["ok"]
    raise AssertionError("no such position in this deal")


def most_cards_for_free(moves: list[dict[str, Any]]) -> dict[str, Any]:
    free = [move for move in moves if move["cards"] and move.get("cost") == 0]
    return max(free, key=lambda move: len(move["cards"])) if free else moves[0]


def five_cards_first(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return next((move for move in moves if len(move["cards"]) == 5),
                next((move for move in moves if move["cards"]), moves[0]))


def out_of_cards(view: dict[str, Any]) -> bool:
    return view["players"][0]["cards"] == 0 and view["players"][0]["sticks"] > 0


def resume_saved(table: Table, log: dict[str, Any]) -> None:
    table.store_before_opening(save=json.dumps(log))
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()


def test_a_seat_with_no_cards_discards_its_matchsticks(table: Table):
    """With no cards left the player is still in: the table says why, and the button
    beside Play discards a matchstick."""
    resume_saved(table, saved_when(0, "easy", out_of_cards, most_cards_for_free))
    page = table.page
    state = replayed(table)
    sticks = state.sticks[0]
    assert table.hand() == [] and sticks > 0
    expect(page.locator("#me-info")).to_contain_text(
        f"no cards · {sticks} matchsticks to discard" if sticks > 1
        else "no cards · 1 matchstick to discard")
    expect(page.locator("#turn")).to_have_text("Your turn: no cards left, discard a matchstick")
    expect(page.locator("#hint")).not_to_contain_text("Tap cards")
    expect(page.locator("#pass")).to_have_text("Discard a matchstick")
    moves = table.moves()
    page.tap("#pass")
    table.wait_for_moves_after(moves)
    table.wait_for_my_turn()
    assert table.results_shown() or replayed(table).sticks[0] == sticks - 1


def test_a_revolution_shows_the_order_weak_to_strong(table: Table):
    """After a 5-card play the banner says the order is reversed, weakest first."""
    resume_saved(table, saved_when(6, "random", lambda view: view["revolution"],
                                   five_cards_first))
    page = table.page
    expect(page.locator("#revolution")).to_be_visible()
    expect(page.locator("#order-note")).to_have_text("Revolution! The order is reversed:")
    expect(page.locator("#order")).to_have_text("Weak → strong: F E d C b A 9 8 7 6 5 4 3 2 1 0")

