"""Nothing lost: the game is saved after every action and a reload restores it exactly;
a save that cannot be read gives a notice and a fresh lobby."""

import json

import pytest
from playwright.sync_api import BrowserContext, expect
from tycoon_page import Table

from engine.api import Session

SAVE_KEY = "tycoon-table/game"


def play_first_card(table: Table) -> None:
    moves = table.moves()
    table.tap_card(0)
    table.page.wait_for_selector("#play[aria-disabled=false]")
    table.page.tap("#play")
    table.wait_for_moves_after(moves)


def reach_my_turn_mid_trick(table: Table) -> None:
    """Lead single cards until it is this seat's turn with cards on the table."""
    while True:
        table.wait_for_my_turn()
        assert not table.results_shown()
        if table.page.locator("#trick .play").count():
            return
        play_first_card(table)


def test_reload_mid_trick_restores_the_same_position(table: Table):
    table.open()
    table.choose(players=4, rounds=3)
    table.wait_for_engine()
    table.deal()
    reach_my_turn_mid_trick(table)
    before = table.snapshot()
    moves = table.moves()

    table.page.reload()
    table.page.wait_for_selector("body[data-ui=ready]")
    # Shown from the save at once, before the engine is back...
    assert table.page.get_attribute("body", "data-engine") is None
    assert table.snapshot() == before
    # ...and the engine, replaying the log, agrees and goes on from there.
    table.wait_for_engine()
    table.wait_for_my_turn()
    assert table.snapshot() == before
    assert table.moves() == moves

    # Leaving for the lobby keeps the game; Resume brings back the same position.
    table.page.tap("#leave")
    expect(table.page.locator("#lobby")).to_be_visible()
    expect(table.page.locator("#deal")).to_have_text("New game")
    table.page.tap("#resume")
    table.wait_for_my_turn()
    assert table.snapshot() == before

    table.page.tap("#pass")
    table.wait_for_moves_after(moves)


def saved(text: str) -> str:
    """An init script that leaves ``text`` as the saved game before the page loads."""
    return f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)})"


def expect_notice_and_lobby(table: Table, notice: str) -> None:
    page = table.page
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_contain_text(notice)
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#deal")).to_be_enabled()


@pytest.mark.parametrize("text", ["{not json", '{"log": 1}', "[]", '{"log": {}, "view": {}}'])
def test_an_unreadable_save_gives_a_notice_and_a_fresh_lobby(
        table: Table, context: BrowserContext, text: str):
    context.add_init_script(saved(text))
    table.open()
    expect_notice_and_lobby(table, "Your saved game could not be read")
    assert table.page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is None


def test_storage_that_throws_gives_a_notice_and_the_lobby(table: Table, context: BrowserContext):
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('storage is disabled', 'SecurityError'); }});")
    table.open()
    expect_notice_and_lobby(table, "does not let Tycoon Table read its saved game")


def test_a_log_the_engine_cannot_replay_gives_a_notice_and_a_fresh_lobby(
        table: Table, context: BrowserContext):
    session = Session()
    view = session.new_game({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 7})["view"]
    log = session.export_log()["log"]
    log["actions"].append("0:Ah Ah")  # nobody holds two Aces of hearts
    context.add_init_script(saved(json.dumps({"log": log, "view": view})))
    table.open()
    expect(table.page.locator("#table")).to_be_visible()  # from the saved view
    table.wait_for_engine()
    expect_notice_and_lobby(table, "Your saved game could not be restored")
