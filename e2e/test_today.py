"""Today's deal (issue 67): one deal a day per game, the same for everyone on that date.
Two phones in time zones far apart, each on 7 December by its own clock (Playwright's
clock), get the same cards; the player's result of the day shows on the tile, a replay
never changes it, statistics count the days in a row, "Share my result" gives a line
without a card and a challenge that a friend is offered as today's deal; on 8 December
the deal is another."""

import re

from playwright.sync_api import Browser, expect

from engine.api import Session
from test_challenge import INSTANT, SHAPES, SHOTS
from tycoon_page import PHONE, Guard, Site, Table

GAME = "matchstick"  # the quickest game to play to its end
TOKYO = ("Asia/Tokyo", "2026-12-07T08:30:00+09:00")  # 6 December, 23:30 in London
LOS_ANGELES = ("America/Los_Angeles", "2026-12-07T21:00:00-08:00")  # 8 December in London


def phone(browser: Browser, site: Site, guard: Guard, zone: tuple[str, str],
          fragment: str = "") -> Table:
    """The app on a phone of its own in time zone ``zone[0]``, its clock at ``zone[1]``,
    the bots at Instant."""
    context = browser.new_context(**PHONE, reduced_motion="reduce", timezone_id=zone[0])
    context.clock.set_fixed_time(zone[1])
    context.add_init_script(INSTANT)
    guard.watch(context)
    table = Table(context.new_page(), site)
    table.page.goto(site.url + fragment)
    table.page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()
    return table


def today_button(table: Table):
    return table.page.locator(f"[data-today={GAME}]")


def deal_today(table: Table) -> list[str]:
    """Today's deal dealt from the game's tile: the hand dealt."""
    today_button(table).tap()
    table.wait_for_my_turn()
    return table.hand()


def hand_of(date: str) -> list[str]:
    session = Session()
    session.new_game(session.todays_deal(date, GAME)["config"])
    return [card["id"] for card in session.view()["view"]["hand"]]


def play_to_the_end(table: Table) -> None:
    table.play_out_the_round()
    expect(table.page.locator("#results-again")).to_be_visible()


def to_lobby(table: Table) -> None:
    table.page.tap("#results-lobby")
    expect(table.page.locator("#lobby")).to_be_visible()


def shots(table: Table, name: str) -> None:
    """The screen as it stands, upright and on its side (e2e-results/today-*.png)."""
    SHOTS.mkdir(exist_ok=True)
    page = table.page
    for shape, size in SHAPES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        page.screenshot(path=SHOTS / f"today-{name}-{shape}.png")
    page.set_viewport_size(PHONE["viewport"])


def test_today_s_deal_is_everyone_s_counts_once_and_is_shared_without_a_card(
        browser: Browser, site: Site, guard: Guard):
    mia = phone(browser, site, guard, TOKYO)
    page = mia.page
    expect(today_button(mia)).to_have_text("Today's deal of Matchstick Tycoon")
    shots(mia, "lobby")
    dealt = deal_today(mia)
    assert dealt == hand_of("2026-12-07")
    ken = phone(browser, site, guard, LOS_ANGELES)
    assert deal_today(ken) == dealt  # the same cards in another time zone
    ken.page.context.close()

    play_to_the_end(mia)
    share = page.locator("#results-today")
    expect(share).to_be_visible()
    page.reload()  # the results come back with their day's result to share
    page.wait_for_selector("body[data-ui=ready]")
    expect(share).to_be_visible()
    shots(mia, "results")
    share.tap()
    expect(page.locator("#share")).to_be_visible()
    page.fill("#share-name", "Mia")
    page.tap("#share-name-ok")
    link = page.locator("#share-link")
    expect(link).to_have_value(re.compile(re.escape(site.url) + "#v=1&.*&runs="))
    fragment = "#" + link.input_value().partition("#")[2]
    [run] = Session().read_challenge(fragment)["runs"]
    line = (f"Tycoon Table · Matchstick Tycoon, 7 Dec · {run['place_text']} of 4 · "
            f"{run['moves']} moves")
    expect(page.locator("#share-result")).to_have_text(line)
    expect(page.locator("#share-title")).to_have_text("Share my result")
    shots(mia, "share")
    page.tap("#share button[value=close]")

    to_lobby(mia)
    played = f"Today: {run['place_text']} of 4"
    expect(today_button(mia)).to_have_text(played + " of Matchstick Tycoon")
    shots(mia, "lobby-played")
    page.locator("#stats summary").tap()
    expect(page.locator("#stats-days")).to_have_text(
        "Today's deal: 1 day played · 1 in a row · best 1")
    page.locator("#stats-days").scroll_into_view_if_needed()
    shots(mia, "statistics")
    page.locator("#stats summary").tap()
    today_button(mia).tap()  # played: its result, to share or play again
    expect(page.locator("#today-text")).to_have_text(
        f"You came {run['place_text']} of 4 in {run['moves']} moves. Another go is for fun: "
        "your result of the day stays.")
    shots(mia, "dialog")
    page.tap("#today button[value=again]")
    mia.wait_for_my_turn()
    assert mia.hand() == dealt
    play_to_the_end(mia)  # a replay counts once: the first result stays
    to_lobby(mia)
    expect(today_button(mia)).to_have_text(played + " of Matchstick Tycoon")
    expect(page.locator("#stats-days")).to_have_text(
        "Today's deal: 1 day played · 1 in a row · best 1")

    # In Japanese, the result kept in English is said in Japanese: on its tile and in
    # the line shared (its numbers the same); and in English again.
    page.locator("#settings summary").tap()
    page.select_option("#language", "ja")
    expect(today_button(mia).locator(".today-words")).to_have_text(
        f"今日：4人中{run['place']}位")  # noqa: RUF001
    shots(mia, "lobby-played-ja")
    today_button(mia).tap()
    page.tap("#today-share")
    expect(page.locator("#share-result")).to_have_text(
        f"Tycoon Table・マッチ棒大富豪（12月7日）・4人中{run['place']}位・{run['moves']}手")  # noqa: RUF001
    shots(mia, "share-ja")
    page.tap("#share button[value=close]")
    page.select_option("#language", "en")
    expect(today_button(mia)).to_have_text(played + " of Matchstick Tycoon")
    page.locator("#settings summary").tap()

    friend = phone(browser, site, guard, LOS_ANGELES, fragment)
    expect(friend.page.locator("#challenge-title")).to_have_text(
        "Mia challenges you to today's deal: Matchstick Tycoon, 4 players")
    expect(friend.page.locator("#challenge-text")).to_contain_text(
        "It is today's deal: this game is your result of the day.")
    expect(friend.page.locator("#challenge")).not_to_contain_text(run["place_text"])
    friend.page.context.close()

    page.context.clock.set_fixed_time("2026-12-08T08:30:00+09:00")  # the next day
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    mia.wait_for_engine()
    expect(today_button(mia)).to_have_text("Today's deal of Matchstick Tycoon")
    expect(page.locator("#stats-days")).to_have_text(
        "Today's deal: 1 day played · 1 in a row · best 1")
    next_day = deal_today(mia)
    assert next_day == hand_of("2026-12-08") != dealt
    page.context.close()
