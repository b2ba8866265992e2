"""Passing for you: in President, a turn where nothing in your hand can beat the table is
passed for you (the setting is on at first there), with a short notice each time; the
game's menu turns it off, and then the turn waits for your tap; the bot after you answers
no sooner than the pace."""

import json

from playwright.sync_api import expect

from engine.links import scenario_link
from tycoon_page import SETTINGS_KEY, Table

# Whatever Aiko leads (a 7 at least), your 3 and 4 cannot beat it, nor Bruno's or Chen's
# 5s and 6s: every lead comes round to you with nothing to play.
SCENARIO = {"game": "president", "title": "Nothing beats it",
            "position": {"hands": ["3c 4d", "2s 7c 9h", "5c 6c", "5d 6d"], "to_act": 1}}


def test_a_turn_with_nothing_that_beats_the_table_is_passed_for_you(table: Table):
    page = table.page
    page.goto(table.site.url + "#" + scenario_link(SCENARIO))
    page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    page.tap("#script-done")  # a shared position opens for reading: play on from it
    toast = page.locator("#toast")
    expect(toast).to_have_text("Passed for you: nothing in your hand beats the table.")
    expect(page.locator("#history")).to_contain_text("You: pass")
    assert table.accessibility_violations() == []

    # Turned off in the menu: the next such turn waits for you.
    page.tap("#menu-button")
    switch = page.locator("#menu #auto-pass")
    expect(switch).to_be_checked()
    switch.uncheck()
    page.tap("#menu-close")
    assert "president" not in json.loads(table.local_storage()[SETTINGS_KEY])["auto_pass"]
    expect(toast).to_be_hidden(timeout=6000)  # it goes by itself
    table.wait_for_my_turn()
    moves = table.moves()
    expect(page.locator("#pass")).to_have_attribute("aria-disabled", "false")
    page.wait_for_timeout(2500)
    assert table.moves() == moves  # the turn waits for your tap
    expect(toast).to_be_hidden()

    # Your pass is on show for the pace (900 ms at first) before the next bot answers it.
    page.evaluate("""() => {
        window.moveTimes = [];
        new MutationObserver(() => window.moveTimes.push(performance.now()))
            .observe(document.querySelector('#table'), {attributeFilter: ['data-moves']});
    }""")
    page.tap("#pass")
    table.wait_for_moves_after(moves + 1)
    times = page.evaluate("window.moveTimes")
    assert times[1] - times[0] >= 880, times
