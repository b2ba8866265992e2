"""The hand: sorted by rank (the engine's order), grouped by suit or kept as dealt, a
setting (greyed out, with the reason, where the game does not give an order); a long
press (or a double click) on a card selects every card of its rank, while two quick
taps stay a tap and a second tap (web/ui/assist.py: a play, then a wider one or none)."""

import json
import sys
from collections import Counter

from playwright.sync_api import expect

from engine.api import Session
from tycoon_page import ROOT, SETTINGS_KEY, Table, stored_settings

sys.path.insert(0, str(ROOT / "web" / "ui"))
import assist  # the page's own module (web/ui is no package)


def engine_view(table: Table) -> dict[str, object]:
    """The human's view of the game the page's engine saved, as the engine gives it."""
    session = Session()
    loaded = session.load_log(table.saved_game() or "")
    assert loaded["ok"], loaded
    return dict(loaded["view"])


def test_as_dealt_shows_the_hand_in_the_order_the_view_gives(table: Table):
    table.start("tycoon", 4)
    page = table.page
    by_rank = table.hand()
    page.tap("#menu-button")
    page.select_option("#menu #sort", "dealt")
    expect(page.locator("#sort-note")).to_be_hidden()  # every order is offered here
    page.tap("#menu-close")
    as_dealt = table.hand()
    assert as_dealt == engine_view(table)["dealt_order"]
    assert sorted(as_dealt) == sorted(by_rank) and as_dealt != by_rank
    assert json.loads(table.local_storage()[SETTINGS_KEY])["sort"] == "dealt"
    table.take_a_quick_turn()  # a played card leaves the hand; the rest keep their order
    table.wait_for_my_turn()
    assert table.hand() == engine_view(table)["dealt_order"]


def test_a_game_dealt_no_order_greys_out_the_choice_and_says_why(table: Table):
    table.store_before_opening(local={SETTINGS_KEY: stored_settings(sort="dealt")})
    table.start("corporation", 4)
    page = table.page
    page.tap("#menu-button")
    expect(page.locator("#menu #sort")).to_be_disabled()
    expect(page.locator("#sort-note")).to_have_text("This game has one order for your hand.")
    assert table.accessibility_violations() == []
    page.tap("#menu-close")
    table.leave_table()
    page.click("#settings summary")
    expect(page.locator("#settings #sort")).to_be_enabled()  # the lobby's is for every game
    expect(page.locator("#settings #sort")).to_have_value("dealt")
    expect(page.locator("#sort-note")).to_be_hidden()


def test_sort_by_suit_and_a_long_press_or_double_click_selects_a_rank(table: Table):
    table.start("tycoon", 3)
    page = table.page
    by_rank = table.hand()
    page.tap("#menu-button")
    page.select_option("#menu #sort", "suit")  # the setting, in the game's menu
    page.tap("#menu-close")
    by_suit = table.hand()
    assert sorted(by_suit) == sorted(by_rank) and by_suit != by_rank
    suits = [card[-1] for card in by_suit if card != "X"]
    assert suits == sorted(suits, key="cdhs".index)
    assert json.loads(table.local_storage()[SETTINGS_KEY])["sort"] == "suit"
    page.tap("#menu-button")
    page.select_option("#menu #sort", "rank")
    page.tap("#menu-close")
    assert table.hand() == by_rank

    ranks = Counter(card[:-1] for card in by_rank if card != "X")
    rank, count = ranks.most_common(1)[0]
    if count < 2:
        return  # no two cards of a rank in this deal
    if all(len(move["cards"]) <= 1 for move in engine_view(table)["legal"]):
        return  # a single to beat: every play takes one card, so a card is chosen alone
    index = next(i for i, card in enumerate(by_rank) if card[:-1] == rank)
    chosen = page.locator("#hand .card[aria-pressed=true]")
    legal = engine_view(table)["legal"]
    tapped: tuple[list[int], list[int]] = ([], [])
    for _ in range(2):
        tapped = assist.tap(legal, by_rank, tapped[0], tapped[1], index)
    table.tap_card(index)
    table.tap_card(index)  # two quick taps: the assist's, no rank selected
    expect(chosen).to_have_count(len(tapped[0]))
    page.keyboard.press("Escape")
    expect(chosen).to_have_count(0)

    x, y = table.visible_point(index)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)  # held
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    expect(chosen).to_have_count(count)
    assert all(card[:-1] == rank for card in chosen.evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))

    page.keyboard.press("Escape")
    expect(chosen).to_have_count(0)
    page.mouse.dblclick(x, y)  # its two clicks select as two taps do; then the rank joins
    same_rank = {i for i, card in enumerate(by_rank) if card[:-1] == rank}
    expect(chosen).to_have_count(len(same_rank | set(tapped[0])))
