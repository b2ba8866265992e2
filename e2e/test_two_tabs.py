"""One game, one writer: two tabs of the app never overwrite each other's game. A tab
opened while another plays says so and offers Play here; playing here takes the game
over from its save, and the other tab stops and says so. Where a browser has no Web
Locks the tabs cannot see each other, and the saves' revisions still refuse the tab
that fell behind, which says the same."""

import json

from playwright.sync_api import BrowserContext, expect

from tycoon_page import SETTLED, Site, Table

OPEN_ELSEWHERE = "Your game is open in another tab."
WENT_ON_ELSEWHERE = "Your game went on in another tab."
# Web Locks gone from the page (its engine worker keeps them: each save is still written
# under its own lock), as in a browser that has none.
NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});"


def saved_actions(player: Table) -> list[str]:
    return list(json.loads(player.saved_game() or "null")["actions"])


def deal_and_play_a_turn(player: Table) -> int:
    player.open()
    player.choose(players=4, rounds=3)
    player.wait_for_engine()
    player.deal()
    player.wait_for_my_turn()
    player.take_a_quick_turn()
    player.wait_for_my_turn()
    return player.moves()


def says(player: Table, text: str) -> None:
    expect(player.page.locator("#elsewhere-text")).to_have_text(text)
    expect(player.page.locator("#elsewhere")).to_be_visible()
    expect(player.page.locator("#table")).to_have_attribute("data-turn", "wait")
    if player.page.is_visible("#table"):
        expect(player.page.locator("#turn")).to_have_text("Playing in another tab")


def play_here(player: Table) -> None:
    player.page.tap("#elsewhere-play")
    expect(player.page.locator("#elsewhere")).to_be_hidden()
    player.wait_for_my_turn()


def test_a_second_tab_takes_the_game_over_and_nothing_is_lost(
        table: Table, context: BrowserContext, site: Site):
    first = table
    played = deal_and_play_a_turn(first)

    second = Table(context.new_page(), site)
    second.open()
    second.wait_for_engine()
    says(second, OPEN_ELSEWHERE)
    assert second.moves() == played  # the game as the first tab left it, its bots still
    play_here(second)
    says(first, WENT_ON_ELSEWHERE)
    assert second.moves() >= played
    second.take_a_quick_turn()
    second.wait_for_my_turn()
    taken_over = second.moves()
    kept = saved_actions(second)
    assert len(kept) == taken_over > played
    assert first.moves() == played  # it played nothing meanwhile

    # The first tab, reloaded, shows the game where the second left it, and waits.
    first.page.reload()
    first.page.wait_for_selector("body[data-ui=ready]")
    first.wait_for_engine()
    says(first, OPEN_ELSEWHERE)
    assert first.moves() == taken_over
    play_here(first)
    says(second, WENT_ON_ELSEWHERE)
    assert first.moves() >= taken_over
    first.take_a_quick_turn()
    first.wait_for_my_turn()
    assert saved_actions(first)[:taken_over] == kept  # no action lost, the count only grew


def try_a_move(player: Table) -> None:
    """The human's quickest move, tapped without waiting for it to be made."""
    page = player.page
    if page.get_attribute("#pass", "aria-disabled") == "false":
        page.tap("#pass")
        return
    player.tap_card(0)
    page.wait_for_selector(SETTLED)
    page.tap("#play")


def test_without_web_locks_a_stale_tab_is_refused_and_told(
        table: Table, context: BrowserContext, site: Site):
    context.add_init_script(NO_WEB_LOCKS)
    first = table
    played = deal_and_play_a_turn(first)
    kept = saved_actions(first)

    second = Table(context.new_page(), site)
    second.open()
    second.wait_for_engine()
    second.wait_for_my_turn()  # it cannot see the first tab: it claimed the game
    expect(second.page.locator("#elsewhere")).to_be_hidden()
    assert second.moves() == played

    try_a_move(first)  # the first tab's worker fell behind: its save is refused
    says(first, WENT_ON_ELSEWHERE)
    assert saved_actions(first) == kept
    second.take_a_quick_turn()
    second.wait_for_my_turn()
    moved_on = second.moves()
    kept = saved_actions(second)
    assert len(kept) == moved_on > played

    play_here(first)  # taking the game back reads it where the second tab left it
    assert first.moves() >= moved_on
    try_a_move(second)
    says(second, WENT_ON_ELSEWHERE)
    assert saved_actions(first)[:moved_on] == kept
