"""Links people send each other: a deal link opens the same deal on any device, a replay
link replays a game and can be played on from any point, and a link that is hostile or
broken opens the lobby (or what of it is valid) with a notice, never a blank page."""

import json
import re

import pytest
from playwright.sync_api import Browser, expect

from engine.api import Session
from tycoon_page import ENGINE_TIMEOUT_MS, GUIDED_TRICKS_OFFERED, PHONE, Guard, Site, Table

# What a reader's step buttons said while the bots' turns ran: each time either changed,
# ``steps`` (Next or Back offered a tap then, which would be lost) and ``runs``.
WATCH_STEPS_WHILE_BOTS_RUN = """
window.stepsWhileBotsRun = {runs: 0, steps: []};
addEventListener("DOMContentLoaded", () => {
    const table = document.getElementById("table");
    new MutationObserver(() => {
        if (table.dataset.bots !== "running") return;
        window.stepsWhileBotsRun.runs += 1;
        for (const id of ["script-next", "script-back"]) {
            const button = document.getElementById(id);
            if (!button.closest("[hidden]") && button.getAttribute("aria-disabled") === "false")
                window.stepsWhileBotsRun.steps.push(id);
        }
    }).observe(document.body, {subtree: true, attributes: true,
                               attributeFilter: ["data-bots", "aria-disabled", "hidden"]});
});
"""


def opened(browser: Browser, site: Site, guard: Guard, fragment: str) -> Table:
    """The app opened at ``fragment`` in a fresh context (a friend's phone)."""
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    context.add_init_script(WATCH_STEPS_WHILE_BOTS_RUN)
    guard.watch(context)
    table = Table(context.new_page(), site)
    table.page.goto(site.url + fragment)
    table.page.wait_for_selector("body[data-ui=ready]")
    return table


def test_a_deal_link_deals_the_same_hand_on_two_devices(browser: Browser, site: Site,
                                                         guard: Guard):
    link = "#v=1&game=president&preset=president-bga&players=5&bots=hard&seed=81723"
    hands = []
    for _ in range(2):
        table = opened(browser, site, guard, link)
        table.wait_for_engine()
        table.wait_for_my_turn()
        hands.append(table.hand())
        expect(table.page.locator("#round-info")).to_contain_text("Round 1")
        assert "v=" not in table.page.evaluate("location.hash")  # a reload resumes
        expect(table.page.locator("#undo")).to_be_hidden()  # a shared deal is played as dealt
        table.page.context.close()
    session = Session()
    config = session.read_link(link)["config"]
    expected = [card["id"] for card in session.new_game(config)["view"]["hand"]]
    assert hands == [expected, expected]


def test_the_share_dialog_shows_the_links_the_engine_writes(table: Table):
    table.start("tycoon", 4)
    page = table.page
    page.tap("#menu-button")
    page.tap("#menu-share")
    log = json.loads(table.saved_game() or "null")
    # The game's share of Hard's thinking (the hint's) is the device's, and rides along.
    deal = Session().deal_link({"game": "tycoon", "options": log["options"],
                                "seats": ["human"] + ["easy"] * 3, "seed": log["seed"],
                                "hard_budget": log["hard_budget"],
                                "hard_changes": log["hard_changes"]})
    link = page.locator("#share-link")
    expect(link).to_have_value(table.site.url + "#" + deal["link"])
    page.check("#share-what input[value=replay]")
    expect(link).to_have_value(re.compile(re.escape(table.site.url) + "#v=1&.*&moves="))
    assert table.accessibility_violations() == []


def recorded_game() -> Session:
    """A whole one-round game of Tycoon, the human taking the last move offered."""
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": 12, "options": {"rounds": 1},
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    while session.view()["view"]["outcome"] is None:
        answer = session.advance()
        if answer["action"] is None:
            session.act(answer["view"]["legal"][-1]["act"])
    return session


def with_other_weights(link: str) -> str:
    """``link`` as a version whose bots learned other weights shares it (their digest, as
    ``engine.links.deal_link`` writes it, last of the deal's parts)."""
    deal, seat, moves = link.partition("&seat=")
    return re.sub(r"&policy=[0-9a-f]{12}$", "", deal) + "&policy=0123456789ab" + seat + moves


def test_a_replay_link_steps_to_the_end_and_shows_the_recorded_outcome(
        browser: Browser, site: Site, guard: Guard):
    """Shared from a version whose bots learned other weights: the replay is the game as
    it was, and the player is told the bots may play on otherwise."""
    session = recorded_game()
    link = with_other_weights(session.links(True)["replay"])
    table = opened(browser, site, guard, "#" + link)
    table.wait_for_engine()
    page = table.page
    caution = Session().read_link(link)["caution"]
    assert caution is not None and "may play differently" in caution
    expect(page.locator("#notice-text")).to_have_text(caution)
    # On a phone on its side the caution's words stay clear of the replay's panel.
    page.set_viewport_size({"width": 640, "height": 360})
    expect(page.locator("#script-title")).to_contain_text("A game of Tycoon · 0 of ")
    notice, title = (page.locator(selector).bounding_box()
                     for selector in ("#notice", "#script-title"))
    assert notice is not None and title is not None
    assert title["y"] >= notice["y"] + notice["height"], (notice, title)
    page.set_viewport_size(PHONE["viewport"])
    page.tap("#notice-dismiss")
    expect(page.locator("#script-title")).to_contain_text("A game of Tycoon · 0 of ")
    expect(page.locator("#opponents .revealed").first).to_be_visible()  # every hand shown
    page.tap("#script-next")
    expect(page.locator("#script-title")).to_contain_text(" · 1 of ")
    page.tap("#script-back")
    expect(page.locator("#script-title")).to_contain_text(" · 0 of ")
    page.tap("#menu-button")
    page.select_option("#menu #pace", "0")  # the replay plays at the pace chosen
    page.tap("#menu-close")
    page.tap("#script-auto")
    expect(page.locator("#results")).to_be_visible(timeout=60_000)
    outcome = session.view()["view"]["outcome"]["text"]
    expect(page.locator("#results")).to_contain_text(outcome)
    page.context.close()


def test_play_on_from_a_point_of_a_replay_continues_the_same_game(
        browser: Browser, site: Site, guard: Guard):
    session = recorded_game()
    recorded = session.export_log()["log"]["actions"]
    table = opened(browser, site, guard, "#" + session.links(False)["replay"])
    table.wait_for_engine()
    page = table.page
    expect(page.locator("#opponents .revealed")).to_have_count(0)  # only the sharer's hand
    for step in range(1, 6):
        page.tap("#script-next")
        expect(page.locator("#script-title")).to_contain_text(f" · {step} of ")
    page.tap("#script-done")  # Play on from here
    expect(page.locator("#script")).to_be_hidden()
    table.wait_for_my_turn()
    # While the bots' turns ran (as the replay opened), Next and Back took no tap.
    watched = page.evaluate("window.stepsWhileBotsRun")
    assert watched["runs"] > 0 and watched["steps"] == [], watched
    played = json.loads(table.saved_game() or "null")["actions"]
    assert played[:6] == recorded[:6]  # the deal and the five moves stepped through


FRIENDS = {"game": "tycoon", "seed": 12, "options": {"rounds": 1},
           "seats": ["human", "human", "easy", "easy"], "people": [None, "Mia", None, None]}
# The cover asking for the phone, or your turn at the table.
COVER_OR_TURN = ("#cover:not([hidden]) #cover-ready:not([hidden]), "
                 "#table:not([hidden])[data-turn=you]:not([data-bots=running])")


def test_a_shared_deal_of_friends_seats_them_and_the_phone_goes_to_them(
        browser: Browser, site: Site, guard: Guard):
    link = Session().deal_link(FRIENDS)["link"]
    assert "&bots=human,easy,easy&people=,Mia&" in link
    table = opened(browser, site, guard, "#" + link)
    table.wait_for_engine()
    page = table.page
    for _ in range(40):
        page.wait_for_selector(COVER_OR_TURN, timeout=60_000)
        if page.is_visible("#cover-ready"):
            break
        table.take_a_quick_turn()
    else:
        raise AssertionError("the phone never went to Mia")
    expect(page.locator("#cover-title")).to_have_text("Pass the phone to Mia")
    page.context.close()


def test_a_replay_of_friends_is_stepped_through_by_its_reader_with_their_names(
        browser: Browser, site: Site, guard: Guard):
    session = Session()
    assert session.new_game(FRIENDS)["ok"]
    holder = 0
    for _ in range(60):  # each person takes the last move offered
        step = session.advance(holder)
        if step["action"] is None:
            holder = step["view"]["next_person"]
            session.act(session.view(holder)["view"]["legal"][-1]["act"], holder)
    table = opened(browser, site, guard, "#" + session.links(False)["replay"])
    table.wait_for_engine()
    page = table.page
    expect(page.locator("#opponents")).to_contain_text("Mia")
    for step in range(1, 13):  # Mia's moves among them: no cover, no hand passed
        page.tap("#script-next")
        expect(page.locator("#script-title")).to_contain_text(f" · {step} of ")
        expect(page.locator("#cover")).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize(("fragment", "notice"), [
    ("#v=9&game=tycoon", "made by a newer version of Tycoon Table (v=9)"),
    ("#v=1&game=chess", "game=chess is not a game here"),
    ("#v=1&game=<img src=x onerror=window.__pwned=1>", "is not a game here"),
    ("#v=1&game=tycoon&players=true&seed=1e999&bots=<b>x</b>", "players=true was ignored"),
    ("#v=1&game=tycoon&x=" + "A" * 100_000, "the link is too long to read"),
])
def test_a_hostile_link_opens_the_lobby_or_its_valid_part_with_a_notice(
        browser: Browser, site: Site, guard: Guard, fragment: str, notice: str):
    table = opened(browser, site, guard, fragment)
    table.wait_for_engine()
    page = table.page
    expect(page.locator("#notice-text")).to_contain_text(notice)
    assert page.evaluate("window.__pwned === undefined")
    assert page.locator("#notice-text b, #notice-text img").count() == 0
    if "players=true" in fragment:  # the valid part is dealt: four players, Tycoon
        table.wait_for_my_turn()
        expect(page.locator("#opponents .opponent")).to_have_count(3)
    else:
        expect(page.locator("#lobby")).to_be_visible()
    page.context.close()


def test_a_link_asks_before_it_replaces_a_game_in_progress(table: Table):
    table.start("tycoon", 4)
    before = table.hand()
    page = table.page
    page.goto(table.site.url + "#v=1&game=tycoon&seed=77")
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    expect(page.locator("#confirm-new")).to_be_visible()
    page.tap("#confirm-new button[value=cancel]")
    page.tap("#resume")
    table.wait_for_my_turn()
    assert table.hand() == before
    assert json.loads(table.saved_game() or "null")["seed"] != 77


@pytest.mark.first_visit
def test_the_lobbys_shared_deal_is_the_deal_its_deal_button_deals(table: Table):
    """On a first visit the first tap on Share a deal opens the dialog (its link comes once
    the engine is up), and the Deal that follows deals the very cards the link deals."""
    table.open()
    page = table.page
    table.open_options("tycoon")
    page.tap("#lobby-share")
    expect(page.locator("#share")).to_be_visible()
    link = page.locator("#share-link")
    expect(link).to_have_value(re.compile(re.escape(table.site.url) + "#v=1&"),
                               timeout=ENGINE_TIMEOUT_MS)
    shared = link.input_value().partition("#")[2]
    page.tap("#share button[value=close]")
    table.deal()
    page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    session = Session()
    reading = session.read_link(shared)
    assert reading["kind"] == "deal" and reading["notices"] == []
    expected = [card["id"] for card in session.new_game(reading["config"])["view"]["hand"]]
    assert table.hand() == expected
    assert json.loads(table.saved_game() or "null")["seed"] == reading["config"]["seed"]
    # Dealt once: the next Deal is a new deal.
    table.leave_table()
    table.deal()
    page.tap("#confirm-new button[value=new]")
    for _ in range(ENGINE_TIMEOUT_MS // 250):  # until the new game is saved
        if json.loads(table.saved_game() or "null")["seed"] != reading["config"]["seed"]:
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the second Deal dealt the shared deal again")
    table.wait_for_my_turn()
