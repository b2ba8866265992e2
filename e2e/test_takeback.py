"""Undo in a practice game: your last move is taken back, the table is as it was before
it, and the saved game goes on from there after a reload; a scored game has no Undo."""

import json

from playwright.sync_api import expect

from tycoon_page import SETTINGS_KEY, Table, stored_settings


def test_undo_brings_back_the_position_before_your_move(table: Table):
    # No pass made for you (the setting's, on at first in Tycoon): the first move is yours.
    table.store_before_opening(local={SETTINGS_KEY: stored_settings(auto_pass=[])})
    table.start("tycoon", 4)
    page = table.page
    undo = page.locator("#undo")
    expect(undo).to_be_visible()
    expect(undo).to_have_attribute("aria-disabled", "true")  # no move of yours yet
    before = table.snapshot()
    moves = table.moves()
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    if table.results_shown():
        return  # the deal ended the round at once: nothing to take back
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.tap()
    page.wait_for_function("moves => Number(document.querySelector('#table').dataset.moves)"
                           " === moves", arg=moves)
    table.wait_for_my_turn()
    assert table.snapshot() == before
    expect(page.locator("#last-event")).to_have_text("You took back your move.")
    log = json.loads(table.saved_game() or "null")
    assert len(log["actions"]) == moves and len(log["taken_back"]) == 1

    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    table.wait_for_my_turn()
    assert table.snapshot() == before


def test_a_scored_game_offers_no_undo(table: Table):
    table.open()
    table.choose_game("tycoon", 3)
    table.page.check("#tycoon-scored")
    table.deal()
    table.wait_for_my_turn()
    expect(table.page.locator("#undo")).to_be_hidden()
    assert json.loads(table.saved_game() or "null")["undo"] is False
