"""Statistics kept on this device: a finished game is counted once (not again when the
page is reloaded on its results), per game and rule set, and a reset asks first."""

import json

from playwright.sync_api import expect

from tycoon_page import STATS_KEY, Table


def finish_a_game(table: Table) -> None:
    table.choose_game("tycoon", 3)
    table.page.select_option("#tycoon-rounds", "1")
    table.deal()
    for _ in range(200):
        table.wait_for_my_turn()
        if table.results_shown():
            return
        table.take_a_quick_turn()
    raise AssertionError("the game did not end")


def test_a_finished_game_is_counted_once_and_a_reset_asks_first(table: Table):
    table.open()
    page = table.page
    page.click("#stats summary")
    expect(page.locator("#stats-body")).to_have_text("No games finished yet on this device.")
    finish_a_game(table)
    expect(page.locator("#results-title")).to_contain_text("Game over")
    won = page.locator("#results-rows tr.you td").first.inner_text() == "1st"
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    kept = json.loads(table.local_storage()[STATS_KEY])
    entry = kept["tycoon/custom"]  # one round instead of the rule text's five
    assert entry["games"] == 1 and entry["wins"] == (1 if won else 0), entry

    table.wait_for_engine()
    page.tap("#results-lobby")  # the results, read: to the lobby
    expect(page.locator("#lobby")).to_be_visible()
    page.click("#stats summary")
    row = page.locator("#stats-body tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Tycoon")
    expect(row).to_contain_text("Your own rules")
    assert table.accessibility_violations() == []

    page.tap("#stats-reset")
    dialog = page.locator("#confirm-reset")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep them").tap()
    expect(row).to_have_count(1)
    page.tap("#stats-reset")
    dialog.get_by_role("button", name="Reset").tap()
    expect(page.locator("#stats-body")).to_have_text("No games finished yet on this device.")
    assert STATS_KEY not in table.local_storage()
