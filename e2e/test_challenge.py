"""A challenge by link (issue 67): a finished game's deal sent under its player's name; a
friend's app asks "Mia challenges you", deals the same cards, and once played shows both
results side by side with a replay of Mia's game, her seat by her name; sent on, the
results are standings; a link whose moves were changed opens nothing, with a notice; and
one opens offline."""

import re
from urllib.parse import parse_qsl

from playwright.sync_api import Browser, BrowserContext, expect

from engine.api import Session
from tycoon_page import (
    ENGINE_TIMEOUT_MS,
    PHONE,
    ROOT,
    SETTINGS_KEY,
    Guard,
    Site,
    Table,
    stored_settings,
)

DEAL = "#v=1&game=tycoon&players=4&bots=easy&seed=12&rounds=1"
SHOTS = ROOT / "e2e-results"
SHAPES = {"upright": {"width": 360, "height": 640}, "on-its-side": {"width": 640, "height": 360}}
INSTANT = f"""try {{
  localStorage.setItem({SETTINGS_KEY!r}, {stored_settings(pace=0)!r});
}} catch (error) {{}}"""


def phone(browser: Browser, site: Site, guard: Guard, fragment: str) -> Table:
    """The app opened at ``fragment`` on a phone of its own, the bots at Instant."""
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    context.add_init_script(INSTANT)
    guard.watch(context)
    table = Table(context.new_page(), site)
    table.page.goto(site.url + fragment)
    table.page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    return table


def shots(table: Table, name: str) -> None:
    """The screen as it stands, upright and on its side (e2e-results/challenge-*.png)."""
    SHOTS.mkdir(exist_ok=True)
    page = table.page
    for shape, size in SHAPES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        page.screenshot(path=SHOTS / f"challenge-{name}-{shape}.png")
    page.set_viewport_size(PHONE["viewport"])


def play_to_the_end(table: Table) -> None:
    table.play_out_the_round()
    expect(table.page.locator("#results-again")).to_be_visible()  # the game is over


def challenge_of(table: Table, name: str) -> str:
    """The results' Challenge a friend (or Send it on), under ``name``: the link's
    fragment."""
    page = table.page
    page.tap("#results-challenge")
    expect(page.locator("#share")).to_be_visible()
    expect(page.locator("#share-what input[value=challenge]")).to_be_checked()
    page.fill("#share-name", name)
    page.tap("#share-name-ok")
    link = page.locator("#share-link")
    expect(link).to_have_value(re.compile(re.escape(table.site.url) + "#v=1&.*&runs="))
    expect(page.locator("#share-label")).to_contain_text("sees how you did")
    if name == "Mia":
        shots(table, "share")
    fragment = "#" + link.input_value().partition("#")[2]
    page.tap("#share button[value=close]")
    return fragment


def steps_to_her_move(replay: str) -> int:
    """The steps of a run's replay before its player's first move, by the engine."""
    watched = Session()
    view = watched.new_game(Session().read_link("#" + replay)["config"])["view"]
    steps = 0
    while not view["your_turn"]:
        view = watched.next_step()["view"]
        steps += 1
    return steps


def test_a_challenge_is_sent_played_compared_watched_and_sent_on(
        browser: Browser, site: Site, guard: Guard):
    sender = phone(browser, site, guard, DEAL)
    play_to_the_end(sender)
    page = sender.page
    expect(page.locator("#results-challenge")).to_have_text("Challenge a friend")
    # A name the table gives another is refused in the engine's words.
    page.tap("#results-challenge")
    page.fill("#share-name", "Chen")
    page.tap("#share-name-ok")
    expect(page.locator("#share-status")).to_contain_text("a name this table gives another")
    expect(page.locator("#share-link")).to_have_value("")
    page.tap("#share button[value=close]")
    link = challenge_of(sender, "Mia")
    assert '"name": "Mia"' in sender.local_storage()[SETTINGS_KEY]  # asked once
    page.tap("#results-challenge")
    expect(page.locator("#share-name")).to_have_value("Mia")
    page.tap("#share button[value=close]")
    assert not {"score", "place"} & {key for key, _ in parse_qsl(link[1:])}

    friend = phone(browser, site, guard, link)
    page = friend.page
    expect(page.locator("#challenge")).to_be_visible()
    expect(page.locator("#challenge-title")).to_have_text(
        "Mia challenges you: Tycoon, 4 players")
    expect(page.locator("#challenge")).not_to_contain_text("points")  # not how Mia did
    shots(friend, "prompt")
    assert friend.accessibility_violations() == []
    page.tap("#challenge button[value=play]")
    friend.wait_for_my_turn()
    expected = Session()
    expected.new_game(Session().read_challenge(link)["config"])
    assert friend.hand() == [card["id"] for card in expected.view()["view"]["hand"]]
    page.reload()  # a reload mid-game still compares at the end
    page.wait_for_selector("body[data-ui=ready]")
    friend.wait_for_engine()
    play_to_the_end(friend)
    part = page.locator("#challenge-part")
    expect(part).to_be_visible()
    expect(page.locator("#challenge-part-title")).to_have_text("You and Mia, the same cards")
    [run] = Session().read_challenge(link)["runs"]
    mia = page.locator("#challenge-rows tr", has_text="Mia")
    expect(mia).to_contain_text(run["place_text"])
    expect(mia).to_contain_text(run["points_text"])
    expect(page.locator("#challenge-rows tr.you")).to_contain_text("You")
    shots(friend, "compared")
    assert friend.accessibility_violations() == []
    forwarded = challenge_of(friend, "Ken")  # sent on, before the results give way
    page.tap("#challenge-watch button", timeout=5_000)
    expect(page.locator("#script-title")).to_contain_text("Mia's game of Tycoon · 0 of ")
    expect(page.locator("#hand .card").first).to_be_visible()  # her hand, shown
    expect(page.locator("#me-info")).to_contain_text(re.compile(r"^Mia · "))  # not "You"
    shots(friend, "replay")
    for step in range(1, steps_to_her_move(run["replay"]) + 1):  # on to her turn
        page.tap("#script-next")
        expect(page.locator("#script-title")).to_contain_text(f" · {step} of ")
    expect(page.locator("#turn")).to_have_text("Mia's turn")
    expect(page.locator("#me-info")).not_to_contain_text("You")

    third = phone(browser, site, guard, forwarded)
    page = third.page
    expect(page.locator("#challenge-title")).to_have_text(
        "Mia and Ken challenge you: Tycoon, 4 players")
    page.tap("#challenge button[value=play]")
    play_to_the_end(third)
    expect(page.locator("#challenge-part-title")).to_have_text(
        "Standings: 3 players, the same cards")
    expect(page.locator("#challenge-rows tr")).to_have_count(3)
    expect(page.locator("#challenge-watch button")).to_have_count(2)
    shots(third, "standings")
    for table in (sender, friend, third):
        table.page.context.close()


def tampered(link: str) -> str:
    """``link`` with one character of its runs changed, so that its moves do not replay."""
    start = link.index("&runs=") + len("&runs=")
    for at in range(len(link) - 1, start, -1):
        changed = link[:at] + ("B" if link[at] != "B" else "C") + link[at + 1:]
        if not Session().read_challenge(changed)["ok"]:
            return changed
    raise AssertionError("no change of the runs was refused")


def sent_by_mia() -> str:
    """A challenge of the deal, Mia taking the last move offered each turn."""
    session = Session()
    assert session.new_game(Session().read_link(DEAL)["config"])["ok"]
    while session.view()["view"]["outcome"] is None:
        step = session.advance()
        if step["action"] is None:
            session.act(step["view"]["legal"][-1]["act"])
    return "#" + session.challenge_link("Mia")["link"]


def test_a_challenge_whose_moves_were_changed_is_refused_with_a_notice(
        browser: Browser, site: Site, guard: Guard):
    link = tampered(sent_by_mia())
    friend = phone(browser, site, guard, link)
    page = friend.page
    expect(page.locator("#notice-text")).to_contain_text("This link could not be opened: ")
    expect(page.locator("#challenge")).to_be_hidden()
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#resume-tile")).to_be_hidden()  # no game
    page.context.close()


def test_a_challenge_opens_offline_once_the_app_is_installed(
        table: Table, context: BrowserContext, site: Site):
    table.open()
    table.wait_for_engine()
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                 timeout=ENGINE_TIMEOUT_MS)
    link = sent_by_mia()
    site.stop()
    try:
        offline = Table(context.new_page(), site)
        offline.page.goto(site.url + link)
        offline.page.wait_for_selector("body[data-ui=ready]")
        offline.wait_for_engine()
        expect(offline.page.locator("#challenge-title")).to_have_text(
            "Mia challenges you: Tycoon, 4 players")
        offline.page.tap("#challenge button[value=play]")
        offline.wait_for_my_turn()
    finally:
        site.start()
