"""The first game of each game offers a guided trick: a few moves with a caption for each,
built with the engine's position builder, one of them the player's own. It is skippable,
and offered once per game, never again."""

import json

import pytest
from playwright.sync_api import expect

from test_table_layout import SCREENS, check_screen
from tycoon_page import SETTINGS_KEY, Table

pytestmark = pytest.mark.first_visit


def offer(table: Table, game: str, players: int) -> None:
    table.choose_game(game, players)
    table.deal()
    expect(table.page.locator("#offer-guided")).to_be_visible()


def test_the_guided_trick_captions_each_move_and_the_player_makes_one(table: Table):
    page = table.page
    table.open()
    offer(table, "tycoon", 4)
    expect(page.locator("#offer-guided-title")).to_have_text("New to Tycoon?")
    page.tap("#offer-guided button[value=show]")
    caption = page.locator("#script-caption")
    table.wait_for_my_turn()
    expect(page.locator("#script")).to_be_visible()
    expect(caption).to_contain_text("select your two Queens and play them")
    expect(page.locator("#script-title")).to_have_text("Your first trick · 4 of 4")
    expect(page.locator("#script-done")).to_have_text("Skip")
    # The caption takes its place beside the play to beat, the narration, every seat and
    # Play, on a phone either way up and on a desktop.
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        check_screen(table, ["#script", "#trick .play.current", "#last-event",
                             "#opponents .opponent", "#play"], width, height)
    page.set_viewport_size({"width": 360, "height": 640})

    # Only the scripted move is offered: no Pass; cards that make no move say why.
    expect(page.locator("#pass")).to_have_attribute("aria-disabled", "true")
    hand = table.hand()
    table.tap_card(hand.index("3c"))
    expect(page.locator("#hint")).to_have_text("two cards needed: the table holds a pair")
    page.keyboard.press("Escape")
    table.tap_card(hand.index("Qc"))
    table.tap_card(hand.index("Qh"))
    expect(page.locator("#play")).to_have_text("Play two Queens")
    moves = table.moves()
    page.tap("#play")
    table.wait_for_moves_after(moves)
    expect(caption).to_contain_text("Empty your hand first to become Tycoon!")
    expect(page.locator("#script-done")).to_have_text("Deal my game")
    assert table.accessibility_violations() == []

    page.tap("#script-done")
    expect(page.locator("#script")).to_be_hidden()
    table.wait_for_my_turn()
    assert len(table.hand()) >= 13  # the game chosen in the lobby, dealt
    assert json.loads(table.local_storage()[SETTINGS_KEY])["guided"] == ["tycoon"]


def test_the_offer_is_made_once_per_game_and_skipping_it_deals_the_game(table: Table):
    page = table.page
    table.open()
    offer(table, "president", 5)
    page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    expect(page.locator("#script")).to_be_hidden()

    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    table.leave_table()
    page.tap("#deal")  # "New game": it asks first, then deals without an offer
    page.tap("#confirm-new button[value=new]")
    table.wait_for_my_turn()
    expect(page.locator("#offer-guided")).to_be_hidden()
    assert json.loads(table.local_storage()[SETTINGS_KEY])["guided"] == ["president"]
