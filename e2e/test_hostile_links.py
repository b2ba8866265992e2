"""Links that cannot be played never cost the game in progress, and text of any script
comes through whole: with a game under way, a link whose scenario nests thousands deep,
holds NaN or makes an illegal move is refused with a notice before anything is asked,
and the game resumes as it was; a scenario titled in emoji, Japanese and Hebrew shows its
title exactly, before and after a reload."""

import base64
import json
import re

from playwright.sync_api import expect

from engine.links import scenario_link
from engine.scenario import tutorial
from tycoon_page import Table


def base64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


REFUSED = [
    ("#v=1&scenario=" + base64url("[" * 10_000 + "]" * 10_000),
     "This link could not be opened: the link's scenario cannot be read: it nests deeper "
     "than 32 levels."),
    ("#v=1&scenario=" + base64url('{"game": "tycoon", "seed": NaN}'),
     "This link could not be opened: the link's scenario cannot be read: it holds NaN"),
    ("#v=1&scenario=" + base64url(json.dumps(
        {"game": "tycoon", "steps": [{"move": "0:Ah", "caption": "An ace from nowhere"}]})),
     "This link could not be opened: the link's scenario cannot be played: step 1: "),
]
TITLE = "Revolution 🎉 大富豪 מהפכה"
TITLED = re.compile("^" + re.escape(TITLE) + " · ")  # then the step it is at


def open_link(table: Table, fragment: str) -> None:
    page = table.page
    page.goto(table.site.url + fragment)
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()


def test_a_link_that_cannot_be_played_is_refused_and_the_game_goes_on(table: Table):
    table.start("tycoon", 4)
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    page = table.page
    hand, moves = table.hand(), table.moves()
    for fragment, notice in REFUSED:
        open_link(table, fragment)
        expect(page.locator("#notice-text")).to_contain_text(notice)
        expect(page.locator("#confirm-new")).to_be_hidden()
        if fragment == REFUSED[0][0]:
            # A sheet opened over the notice takes it in: it stays in sight and answers,
            # and Escape still closes the sheet (not the table's keys under it).
            if page.is_visible("#resume"):
                page.tap("#resume")
            page.tap("#menu-button")
            expect(page.locator("#menu[open] #notice-text")).to_contain_text(notice)
            page.tap("#notice-dismiss")
            expect(page.locator("#notice")).to_be_hidden()
            expect(page.locator("#menu")).to_be_visible()
            page.evaluate("document.activeElement.blur()")  # the focus fell out of the sheet
            page.keyboard.press("Escape")
            expect(page.locator("#menu")).to_be_hidden()
            expect(page.locator("#menu #banners")).to_have_count(0)
        else:
            page.tap("#notice-dismiss")
        if page.is_visible("#resume"):  # the lobby, or the table kept on show
            page.tap("#resume")
        table.wait_for_my_turn()
        assert (table.hand(), table.moves()) == (hand, moves), fragment[:40]
    saved = json.loads(table.saved_game() or "null")
    assert len(saved["log"]["actions"] if "log" in saved else saved["actions"]) == moves

    scenario = tutorial("tycoon").to_json()
    scenario["title"] = TITLE
    open_link(table, "#" + scenario_link(scenario))
    expect(page.locator("#confirm-new")).to_be_visible()
    page.tap("#confirm-new button[value=new]")
    expect(page.locator("#script-title")).to_have_text(TITLED)
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#script-title")).to_have_text(TITLED)  # the kept picture
    table.wait_for_engine()
    expect(page.locator("#script-title")).to_have_text(TITLED)  # the worker's save
