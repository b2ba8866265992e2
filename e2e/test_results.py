"""Results come first: a round's or the game's results open at their top, the headline
(who won, your place, your title) in sight upright and on its side, a win celebrated
(not with reduced motion); Next round, Play again and the lobby are distinct buttons that
do what they say, the lobby between rounds keeping the game (Resume); Corporation's
reveal plays in sight; and no column of Matchstick Tycoon's results repeats the place.

One test walks every case, each from a saved game a move or two before its round ends
(the engine builds them here), so Pyodide boots as few times as the cases need."""

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from engine.api import Session
from tycoon_page import (
    GUIDED_TRICKS_OFFERED,
    PHONE,
    SETTINGS_KEY,
    Guard,
    Site,
    Table,
    stored_settings,
)

UPRIGHT = {"width": 360, "height": 640}
ON_ITS_SIDE = {"width": 640, "height": 360}
BUTTONS = ("#results-next", "#results-again", "#results-lobby", "#results-share")
PLACE = r"\d+(st|nd|rd|th)"


def before_your_last_move(game: str, seed: int, **options: Any) -> dict[str, Any]:
    """A saved four-seat game of ``game`` just before the human's last move of its first
    round, after which the round ends: the player makes it, or the bots end the round."""
    session = Session()
    assert session.new_game({"game": game, "seed": seed, "options": options,
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    saved = None
    for _ in range(5000):
        view = session.view()["view"]
        if view["last_round"] is not None:
            assert saved is not None
            return saved
        if session.advance()["action"] is None:
            saved = dict(session.export_log()["log"])
            assert session.act(view["legal"][0]["act"])["ok"]
    raise AssertionError("the round did not end")


def open_saved(browser: Browser, site: Site, guard: Guard, log: dict[str, Any],
               size: dict[str, int]) -> Table:
    """The app on a phone of its own (a fresh context) whose saved game is ``log``, the
    bots at once, the window ``size``; Resumed."""
    context = browser.new_context(**{**PHONE, "viewport": size}, reduced_motion="no-preference")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    guard.watch(context)
    table = Table(context.new_page(), site)
    table.store_before_opening(save=json.dumps(log),
                               local={SETTINGS_KEY: stored_settings(pace=0)})
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    return table


def play_to_the_results(table: Table) -> None:
    """Quick moves until the round's results open (from the table)."""
    for _ in range(200):
        table.wait_for_my_turn()
        if table.results_shown():
            return
        table.take_a_quick_turn()
    raise AssertionError("the round did not end")


def check_opened(table: Table, title: str, over: bool) -> None:
    """The results just opened: the heading and your line lie in the viewport (the
    results scrolled to their top), and the way on has the focus all the same."""
    page = table.page
    expect(page.locator("#results-title")).to_contain_text(title)
    for part in ("#results-title", "#results-you"):
        assert table.on_screen(part), f"{part} is out of sight at {page.viewport_size}"
    expect(page.locator("#results-again" if over else "#results-next")).to_be_focused()


def check_buttons(page: Page, over: bool) -> None:
    """Between rounds Next round, at the game's end Play again; the lobby and Share
    always; no two of them look alike, and one alone is the primary."""
    shown = [button for button in BUTTONS if page.is_visible(button)]
    expected = ["#results-again" if over else "#results-next", "#results-lobby",
                "#results-share"]
    assert sorted(shown) == sorted(expected), shown
    looks = page.evaluate("""buttons => buttons.map(selector => {
        const button = document.querySelector(selector);
        const style = getComputedStyle(button);
        return [button.className, style.backgroundColor, style.borderColor,
                style.textDecorationLine].join(" | ");
    })""", shown)
    assert len(set(looks)) == len(looks), looks
    assert page.locator(".results-buttons button.primary:visible").count() == 1
    expect(page.locator("#results button", has_text="New game")).to_have_count(0)
    for button in shown:
        assert page.locator(button).is_enabled()


def confetti(page: Page) -> int:
    """How many pieces of confetti are falling over the results."""
    return page.locator("#confetti:not([hidden]) i").count()


def test_results_open_at_the_headline_with_three_distinct_ways_on(browser: Browser, site: Site,
                                                                 guard: Guard):
    # A round of Tycoon ends, upright: the headline names the round's winner and your
    # place and title; the Title column is there, as Tycoon has titles.
    table = open_saved(browser, site, guard, before_your_last_move("tycoon", 2, rounds=2),
                       UPRIGHT)
    page = table.page
    play_to_the_results(table)
    check_opened(table, "Round 1 results", over=False)
    expect(page.locator("#results-winner")).to_have_text(re.compile(r"^\w+ wins? round 1$"))
    expect(page.locator("#results-you")).to_have_text(
        re.compile(rf"^You finish {PLACE}: (Tycoon|Rich Man|Poor Man|Beggar)$"))
    assert page.locator("#results-head th").all_inner_texts() == [
        "Place", "Player", "Title", "This round", "Total"]
    check_buttons(page, over=False)
    assert table.accessibility_violations() == []
    # The lobby between rounds: the game waits there, and Resume brings its results
    # back, open at their top on a phone on its side.
    page.tap("#results-lobby")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#resume")).to_have_text("Resume Tycoon · Round 1 results")
    page.set_viewport_size(ON_ITS_SIDE)
    page.tap("#resume")
    check_opened(table, "Round 1 results", over=False)
    check_buttons(page, over=False)
    page.tap("#results-next")  # the next round is dealt
    expect(page.locator("#results")).to_be_hidden()
    table.wait_for_my_turn()
    expect(page.locator("#round-info")).to_have_text("Round 2 of 2")
    # Played to the game's end, still on its side: Lobby leaves the game, done with.
    play_to_the_results(table)
    check_opened(table, "Game over: ", over=True)
    check_buttons(page, over=True)
    page.tap("#results-lobby")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#resume")).to_be_hidden()
    expect(page.locator("#deal")).to_have_text("Deal")

    # A one-round game of Matchstick Tycoon ends, upright: the game's end, celebrated;
    # its places are its only titles, so no column says the place twice.
    page.context.close()
    table = open_saved(browser, site, guard, before_your_last_move("matchstick", 1, rounds=1),
                       UPRIGHT)
    page = table.page
    play_to_the_results(table)
    check_opened(table, "Game over: ", over=True)
    assert confetti(page) > 0
    expect(page.locator("#results[data-celebrate=true]")).to_have_count(1)
    expect(page.locator("#results-you")).to_have_text(re.compile(rf"^Your place: {PLACE} of 4$"))
    expect(page.locator("#results-winner")).to_be_hidden()  # the heading names the winner
    assert page.locator("#results-head th").all_inner_texts() == [
        "Place", "Player", "This round", "Total"]
    for cells in page.locator("#results-rows tr").evaluate_all(
            "rows => rows.map(row => [...row.cells].map(cell => cell.innerText))"):
        assert re.fullmatch(PLACE, cells[0]) and cells[0] not in cells[1:], cells
    check_buttons(page, over=True)
    page.wait_for_function("() => document.querySelector('#confetti').hidden")  # it ends
    assert table.accessibility_violations() == []
    # Reloaded on its side, with reduced motion: the results open at their top again,
    # and nothing falls.
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(ON_ITS_SIDE)
    page.reload()
    table.wait_for_engine()
    check_opened(table, "Game over: ", over=True)
    assert confetti(page) == 0
    check_buttons(page, over=True)
    # Play again deals a new game at once.
    page.tap("#results-again")
    expect(page.locator("#results")).to_be_hidden()
    table.wait_for_my_turn()
    expect(page.locator("#round-info")).to_contain_text("Round 1")
    page.context.close()

    # Corporation's first reveal, on its side: the headline and the cards turned over
    # are in sight; then upright, through the lobby and Resume.
    table = open_saved(browser, site, guard, before_your_last_move("corporation", 3),
                       ON_ITS_SIDE)
    page = table.page
    play_to_the_results(table)
    for size in (ON_ITS_SIDE, UPRIGHT):
        check_opened(table, "Round 1 revealed", over=False)
        expect(page.locator("#results-winner")).to_have_text(
            re.compile(r"^(.+ scores? the most: \+\d+ points?|No one scores this round)$"))
        expect(page.locator("#results-you")).to_have_text(
            re.compile(r"^You score -?\d+ points?, \d+ to go$"))
        for part in ("#reveal", "#reveal-steps li:first-child"):
            assert table.on_screen(part), f"{part} is out of sight at {size}"
        check_buttons(page, over=False)
        page.tap("#results-lobby")
        expect(page.locator("#resume")).to_have_text("Resume Corporation · Round 1 results")
        if size == UPRIGHT:
            break
        page.set_viewport_size(UPRIGHT)
        page.tap("#resume")
    page.context.close()
