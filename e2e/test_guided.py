"""The first game of each game offers a guided trick: a few moves with a caption for each,
built with the engine's position builder, one of them the player's own. It waits for the
player: it starts at its first caption, moves on only at Next or at the player's move,
goes back a step at Back, and is skippable; it is offered once per game, never again."""

import json
import time

import pytest
from playwright.sync_api import Page, expect

from engine.scenario import tutorial
from test_table_layout import SCREENS, check_screen
from tycoon_page import SETTINGS_KEY, Table

pytestmark = pytest.mark.first_visit

# Each game's guided trick, walked in turn in one page, with the players of the game the
# lobby then deals.
GUIDED = [("tycoon", 4), ("president", 5), ("matchstick", 4), ("corporation", 4)]
STILL_S = 5  # how long a step is watched for the table moving on by itself


def offer(table: Table, game: str, players: int) -> None:
    table.choose_game(game, players)
    table.deal()
    expect(table.page.locator("#offer-guided")).to_be_visible()


def on_show(page: Page) -> tuple[str, str, str, str]:
    """What a step shows: the counter, the caption, the moves made and the narration."""
    return (page.inner_text("#script-title"), page.inner_text("#script-caption"),
            page.get_attribute("#table", "data-moves") or "",
            page.inner_text("#last-event"))


def expect_step(page: Page, title: str, at: int, captions: list[str]) -> None:
    """The counter names step ``at``, and its caption is the one shown."""
    expect(page.locator("#script-title")).to_have_text(f"{title} · {at} of {len(captions)}")
    expect(page.locator("#script-caption")).to_have_text(captions[at - 1])


def settled(page: Page) -> None:
    """Until the step is ready for the player: Next offered, or the player's move."""
    page.wait_for_function("""() => document.querySelector("#script-next")
        .getAttribute("aria-disabled") === "false"
        || document.querySelector("#table").dataset.turn === "you" """)


def make_your_move(table: Table) -> None:
    """The move the caption asks for, as a player may make it: the hint selects its cards
    (and, in Matchstick Tycoon, what they play as), then Play."""
    page = table.page
    page.tap("#hint-button")
    expect(page.locator("#hint")).to_have_text("it is the move this example shows")
    expect(page.locator("#play")).to_have_attribute("aria-disabled", "false")
    moves = table.moves()
    page.tap("#play")
    table.wait_for_moves_after(moves)


def play_the_queens(table: Table) -> None:
    """Tycoon's scripted move, card by card: only it is offered (no Pass), cards that make
    no move say why, and the panel takes its place on every screen."""
    page = table.page
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        check_screen(table, ["#script", "#trick .play.current", "#last-event",
                             "#opponents .opponent", "#play"], width, height)
    page.set_viewport_size({"width": 360, "height": 640})
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


def test_each_guided_trick_waits_for_next_goes_back_and_takes_your_move(table: Table):
    page = table.page
    table.open()
    script_next, script_back = page.locator("#script-next"), page.locator("#script-back")
    done = page.locator("#script-done")
    for number, (game, players) in enumerate(GUIDED):
        scenario = tutorial(game)
        title = scenario.title
        captions = [scenario.intro] + [step.caption for step in scenario.steps if step.caption]
        if number == 0:
            table.choose_game(game, players, pace="350")  # a pace to run away at
        else:
            table.leave_table()  # the game the last trick dealt: New game asks first
            table.open_options(game)
            page.tap(f"input[name='{game}.players'][value='{players}']")
        table.deal()
        if number > 0:
            page.tap("#confirm-new button[value=new]")
        expect(page.locator("#offer-guided-title")).to_contain_text("New to ")
        page.tap("#offer-guided button[value=show]")
        table.wait_for_engine()  # on a first visit, the trick is dealt once it is up

        # Step 1, the deal and its introduction, shows first, and stays until asked.
        expect_step(page, title, 1, captions)
        settled(page)
        expect(script_back).to_have_attribute("aria-disabled", "true")
        expect(done).to_have_text("Skip")
        check_screen(table, ["#script", "#opponents .opponent", "#play"], 360, 640)
        shown = on_show(page)
        watched_until = time.monotonic() + STILL_S
        while time.monotonic() < watched_until:
            assert on_show(page) == shown, f"{game}'s guided trick moved on by itself"
            page.wait_for_timeout(250)

        # Next moves on a step; Back goes back to the step before.
        script_next.tap()
        expect_step(page, title, 2, captions)
        settled(page)
        script_back.tap()
        expect_step(page, title, 1, captions)
        expect(script_back).to_have_attribute("aria-disabled", "true")

        # Each step in turn: the others' moves at Next, the player's own in the hand (Next
        # waits for it).
        for at in range(2, len(captions) + 1):
            settled(page)
            if page.get_attribute("#table", "data-turn") == "you":
                expect(script_next).to_have_attribute("aria-disabled", "true")
                if game == "tycoon":
                    play_the_queens(table)
                else:
                    make_your_move(table)
            else:
                script_next.tap()
            if game == "corporation" and at == len(captions):
                # The round's last commit turns every card over: its results come first.
                page.tap("#results-next")
            expect_step(page, title, at, captions)

        # The last step: Back, and the player's own game dealt (Skip, once gone back).
        expect(script_next).to_be_hidden()
        expect(done).to_have_text("Deal my game")
        if game == "tycoon":
            assert table.accessibility_violations() == []
        expect(script_back).to_have_attribute("aria-disabled", "false")
        script_back.tap()
        expect_step(page, title, len(captions) - 1, captions)
        expect(done).to_have_text("Skip")
        expect(script_next).to_be_visible()
        done.tap()
        expect(page.locator("#script")).to_be_hidden()
        table.wait_for_my_turn()
        if game == "tycoon":
            assert len(table.hand()) >= 13  # the game chosen in the lobby, dealt
    assert json.loads(table.local_storage()[SETTINGS_KEY])["guided"] == [
        game for game, _ in GUIDED]


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
    table.deal()  # a new game: it asks first, then deals without an offer
    page.tap("#confirm-new button[value=new]")
    table.wait_for_my_turn()
    expect(page.locator("#offer-guided")).to_be_hidden()
    assert json.loads(table.local_storage()[SETTINGS_KEY])["guided"] == ["president"]
