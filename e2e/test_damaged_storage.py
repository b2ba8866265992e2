"""Damaged site data never breaks the page: every value the page reads from storage has a
type and a range, anything else falls back to the default with a notice, and nothing
read is inserted as markup."""

import json

import pytest
from playwright.sync_api import BrowserContext, Route, expect

from engine.api import Session
from tycoon_page import (
    ENGINE_WHEEL_ROUTE,
    SETTINGS_KEY,
    TABLE_KEY,
    Table,
    kept_table,
    stored_settings,
)

PWNED = "window.__pwned"  # what injected markup would set, if it ran


class HeldBack:
    """Holds the engine's wheel back, so the page is seen before the engine answers."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def __call__(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()


@pytest.mark.parametrize("stored", ["null", "[1, 2, 3]", '{"pace": 99999999}', "{not json"])
def test_unreadable_settings_fall_back_to_the_defaults_with_a_notice(table: Table, stored):
    table.store_before_opening(local={SETTINGS_KEY: stored})
    table.open()
    page = table.page
    expect(page.locator("#notice-text")).to_have_text(
        "Some of your settings could not be read; the defaults are used.")
    assert page.input_value("#pace") == "900"
    assert json.loads(table.local_storage()[SETTINGS_KEY]) == {
        "pace": 900, "sound": True, "vibration": True, "four_colour": False,
        "large_cards": False, "sort": "rank", "guided": [], "auto_pass": ["tycoon", "president"],
        "name": "", "language": ""}
    # The next visit reads the defaults it kept, without a notice.
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#notice")).to_be_hidden()


def test_a_pace_that_is_not_a_number_leaves_the_bots_playing(table: Table):
    table.store_before_opening(local={SETTINGS_KEY: stored_settings(pace="fast")})
    table.open()
    expect(table.page.locator("#notice-text")).to_contain_text(
        "Some of your settings could not be read")
    table.choose(players=4, rounds=1, pace=None)
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()  # the bots took their turns up to this seat's
    assert table.moves() >= 1


def a_kept_table() -> dict[str, object]:
    session = Session()
    view = session.new_game({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 5})["view"]
    return {"view": view, "moves": 1}


def test_markup_in_the_kept_table_is_shown_as_text_never_run(table: Table,
                                                             context: BrowserContext):
    kept = a_kept_table()
    view = kept["view"]
    markup = f'<img src="x" onerror="{PWNED}=1"><b id="injected">!</b>'
    view["players"][1]["name"] = markup
    view["hand"][0]["rank"] = markup
    view["hand"][0]["name"] = markup
    view["history"] = [markup]
    view["prompt"] = markup
    # Another's turn: a kept picture of the player's own says "Getting the cards ready…"
    # until the engine is up, where this one shows its prompt.
    view["your_turn"] = False
    held = HeldBack()
    context.route(ENGINE_WHEEL_ROUTE, held)
    table.store_before_opening(local={TABLE_KEY: kept_table(kept["view"], kept["moves"])})
    table.open()
    page = table.page
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#opponents")).to_contain_text(markup)
    expect(page.locator("#turn")).to_have_text(markup)
    assert page.locator("#injected, #table img").count() == 0
    assert page.evaluate(PWNED) is None
    held.release()


@pytest.mark.parametrize("damage", ["a count as text", "a seat off the table", "no hand"])
def test_a_kept_table_of_the_wrong_shape_is_set_aside_with_a_notice(table: Table,
                                                                     context: BrowserContext,
                                                                     damage: str):
    kept = a_kept_table()
    view = kept["view"]
    if damage == "a count as text":
        view["players"][1]["cards"] = "<b>13</b>"
    elif damage == "a seat off the table":
        view["to_act"] = 9
    else:
        del view["hand"]
    held = HeldBack()
    context.route(ENGINE_WHEEL_ROUTE, held)
    table.store_before_opening(local={TABLE_KEY: kept_table(kept["view"], kept["moves"])})
    table.open()
    page = table.page
    expect(page.locator("#notice-text")).to_contain_text(
        "The table kept on this device could not be read")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    assert TABLE_KEY not in table.local_storage()
    held.release()
