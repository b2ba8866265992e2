"""Friends at one phone, set up in a game's options sheet (issue 67): under "Who plays",
how many friends play sets the seats, a seat set by hand sets it, each friend's seat
takes a name, and the deal gives the engine the people by seat. The names are kept with
the game's other choices, with yours once a friend plays; a name the engine refuses is
told, and deals nothing. (Only
the setup: how the phone is handed round is the table's.)"""

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from engine.api import Session
from test_lobby import open_with_the_ui_held
from tycoon_page import Table

DEALT = "#cover:not([hidden]), #table:not([hidden])"  # a cover, or your own first turn


def dealt_view(table: Table) -> dict[str, Any]:
    """The view of the game the worker saved (a table of several people keeps no view)."""
    table.page.wait_for_selector(DEALT)
    saved = table.saved_game()
    assert saved is not None
    loaded = Session().load_log(saved)
    assert loaded["ok"], loaded
    return dict(loaded["view"])


def offered(page: Page, selector: str) -> list[str]:
    """The words of the choices a list shows (a hidden one is not offered)."""
    return list(page.eval_on_selector(selector, """select => [...select.options]
        .filter((option) => getComputedStyle(option).display !== "none")
        .map((option) => option.text)"""))


def test_friends_are_seated_named_kept_and_a_name_twice_is_told(table: Table):
    table.open()
    page = table.page
    table.choose_game("tycoon", 4)
    who = page.locator(".choices[data-game=tycoon] .who-plays")
    summary = who.locator("> summary")
    expect(summary).to_have_text("Who plays · bots only")
    expect(who).to_have_js_property("open", False)
    summary.tap()
    # As many friends as four players hold; seat 1 is yours, the others bots.
    assert offered(page, "#tycoon-friends") == ["Just me", "1 friend", "2 friends",
                                                "3 friends"]
    expect(page.locator("#tycoon-friends")).to_have_value("1")
    expect(who.locator(".seat-you > span")).to_have_text(["Seat 1", "You", "Your name"])
    expect(who.locator(".seat-bot:visible")).to_have_count(3)
    expect(who.locator(".seat-name input:visible")).to_have_count(0)

    # Two friends: seats 2 and 3 are theirs, each with a name field.
    page.select_option("#tycoon-friends", "3")
    expect(page.locator("#tycoon-bot-1")).to_have_value("human")
    expect(page.locator("#tycoon-bot-2")).to_have_value("human")
    expect(page.locator("#tycoon-bot-3")).to_have_value("")
    expect(summary).to_have_text("Who plays · 2 friends")
    expect(page.get_by_role("textbox", name="Name for seat 2")).to_be_visible()
    expect(page.locator("#tycoon-name-2")).to_have_attribute("placeholder", "Friend's name")
    expect(page.locator("#tycoon-name-3")).to_be_hidden()
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible()
    page.fill("#tycoon-name-0", "Ken")
    assert table.accessibility_violations() == []
    # A seat set by hand sets the count; fewer players offer fewer friends.
    page.select_option("#tycoon-bot-3", "human")
    expect(page.locator("#tycoon-friends")).to_have_value("4")
    page.tap("input[name='tycoon.players'][value='3']")
    expect(page.locator("#tycoon-friends")).to_have_value("3")
    assert offered(page, "#tycoon-friends") == ["Just me", "1 friend", "2 friends"]
    page.tap("input[name='tycoon.players'][value='4']")
    page.select_option("#tycoon-bot-3", "hard")
    expect(page.locator("#tycoon-friends")).to_have_value("3")

    # The same name twice: the engine's reason, and no game.
    page.fill("#tycoon-name-1", " Mia ")
    page.fill("#tycoon-name-2", "mia")
    page.locator("#tycoon-name-2").press("Enter")  # done with the name: the sheet stays
    expect(page.locator("#options")).to_be_visible()
    table.deal()
    expect(page.locator("#notice-text")).to_have_text(
        "The new game could not start: two seats are called mia: give each a name of its "
        "own.")
    expect(page.locator("#lobby")).to_be_visible()
    assert table.saved_game() is None
    page.tap("#notice-dismiss")

    # One friend, Mia: the engine seats her by name, you and two bots.
    table.open_options("tycoon")
    page.select_option("#tycoon-friends", "2")
    expect(page.locator("#tycoon-bot-2")).to_have_value("")
    expect(page.locator("#tycoon-bot-3")).to_have_value("hard")
    expect(summary).to_have_text("Who plays · 1 friend")
    table.deal()
    view = dealt_view(table)
    assert view["people"] == [{"seat": 0, "name": "Ken"}, {"seat": 1, "name": "Mia"}]
    assert [player["name"] for player in view["players"]][1:] == ["Mia", "Aiko", "Bruno"]

    # Kept with Tycoon's choices: the sheet shows them again after a reload.
    page.reload()
    page.wait_for_selector("#cover:not([hidden])")  # the game opens at its cover
    page.tap("#cover-lobby")
    table.open_options("tycoon")
    expect(who).to_have_js_property("open", True)
    expect(summary).to_have_text("Who plays · 1 friend")
    expect(page.locator("#tycoon-friends")).to_have_value("2")
    expect(page.locator("#tycoon-bot-1")).to_have_value("human")
    expect(page.locator("#tycoon-name-1")).to_have_value(" Mia ")
    expect(page.locator("#tycoon-name-0")).to_have_value("Ken")
    expect(page.locator("#tycoon-bot-3")).to_have_value("hard")


def test_a_friend_is_seated_and_named_before_the_uis_python_runs(table: Table,
                                                                 context: BrowserContext):
    """The sheet is plain HTML: a seat made a friend's shows its name field, and only the
    counts of the chosen players are offered, before any Python; the UI takes them over
    (its summary counts the friend) and deals them."""
    held = open_with_the_ui_held(table, context)
    page = table.page
    table.open_options("tycoon")
    page.tap("input[name='tycoon.players'][value='3']")
    page.click(".choices[data-game=tycoon] .who-plays summary")
    assert offered(page, "#tycoon-friends") == ["Just me", "1 friend", "2 friends"]
    expect(page.locator(".choices[data-game=tycoon] .seat-bot:visible")).to_have_count(2)
    page.select_option("#tycoon-bot-2", "human")
    page.fill("#tycoon-name-2", "Noor")
    page.locator("#tycoon-name-2").blur()
    assert page.get_attribute("body", "data-ui") != "ready"
    held.release()
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator(".choices[data-game=tycoon] .who-plays > summary")).to_have_text(
        "Who plays · 1 friend")
    expect(page.locator("#tycoon-friends")).to_have_value("2")
    table.deal()
    assert dealt_view(table)["people"][1] == {"seat": 2, "name": "Noor"}
