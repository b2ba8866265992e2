"""A whole round of Tycoon from the keyboard alone: the lobby's Deal, the arrow keys along
the hand, Space to select, Enter to play, P to pass, H for a hint, Escape to clear, ?
for the list of keys, and Enter again through the results."""

import re

from playwright.sync_api import expect

from tycoon_page import Table


def focused(table: Table) -> str:
    return str(table.page.evaluate(
        "() => document.activeElement.dataset.index ?? document.activeElement.id"))


def test_a_whole_round_of_tycoon_by_keyboard(table: Table):
    table.open()
    table.choose_game("tycoon", 3)
    page = table.page
    page.select_option("#tycoon-rounds", "1")
    page.focus("#deal")
    page.keyboard.press("Enter")
    table.wait_for_my_turn()
    assert focused(table) == "0"  # after the deal, the hand has the focus
    keys = page.keyboard

    keys.press("ArrowRight")
    assert focused(table) == "1"
    keys.press("ArrowLeft")
    assert focused(table) == "0"
    expect(page.locator("#hint")).to_contain_text("Arrow keys move along your hand")

    keys.press("?")
    expect(page.locator("#keys-help")).to_be_visible()
    # A deal may pass for the player at once: its toast goes by itself, and while it fades
    # over the help axe cannot judge the contrast beneath it.
    expect(page.locator("#toast")).to_be_hidden(timeout=8000)
    assert table.accessibility_violations() == []
    keys.press("Escape")
    expect(page.locator("#keys-help")).to_be_hidden()

    turns = 0
    while not table.results_shown():
        turns += 1
        assert turns < 80, "the round did not end"
        moves = table.moves()
        if page.get_attribute("#pass", "aria-disabled") == "false":
            if turns == 2:  # a hint, taken back with Escape
                keys.press("h")
                expect(page.locator("#hint.advice")).to_be_visible()
                keys.press("Escape")
                expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(0)
            keys.press("p")
        else:
            # Leading: the card under the focus alone (always a play when leading).
            if focused(table) not in [str(i) for i in range(len(table.hand()))]:
                keys.press("ArrowRight")
            keys.press("Space")
            expect(page.locator("#play[aria-disabled=false]")).to_be_visible()
            assert re.match(r"Play ", page.inner_text("#play"))
            keys.press("Enter")
        table.wait_for_moves_after(moves)
        table.wait_for_my_turn()
    expect(page.locator("#results-again")).to_be_focused()  # the game's end: Play again
    keys.press("Enter")
    expect(page.locator("#results")).to_be_hidden()
