"""The table on a phone held upright, on its side, and on a desktop: whatever the number
of seats, with the revolution banner up and a card lifted from the hand, the play to
beat, the narration, every seat and the Play button are wholly on screen, and none of
them covers another. One page a game, turned through the three screens."""

import json
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.api import Session
from engine.families.climbing.rules.positions import Start
from tycoon_page import Table

SCREENS = [(360, 640), (640, 360), (1280, 800)]


def mid_trick(game: str, players: int) -> dict[str, Any]:
    """A saved game that starts in the middle of a trick of a real deal, two plays or
    more on the table, a revolution on, and the seat before the human's to act (so a
    bot's play or pass is narrated before the human's turn)."""
    session = Session()
    assert session.new_game({"game": game, "seed": 1,
                             "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    for _ in range(2000):
        state = session.table.state
        if (state.phase.value == "play" and state.to_act == players - 1
                and len(state.trick) >= 2 and state.hands[0] and 0 not in state.passed):
            log = dict(session.export_log()["log"])
            log["actions"] = []
            log["start"] = Start(tuple(" ".join(map(str, hand)) for hand in state.hands),
                                 players - 1, tuple(map(str, state.trick)),
                                 tuple(sorted(state.passed)), revolution=True).to_json()
            return log
        if session.advance()["action"] is None:
            session.act(session.view()["view"]["legal"][-1]["act"])
    raise AssertionError("no such position in this deal")


def round_under_way(players: int) -> dict[str, Any]:
    """A saved Corporation game at the human's first turn, the bots' talk said."""
    session = Session()
    assert session.new_game({"game": "corporation", "seed": 1,
                             "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    while session.advance()["action"] is not None:
        pass
    return dict(session.export_log()["log"])


def resize(page: Page, width: int, height: int) -> None:
    """The viewport at ``width`` x ``height``, once the page has taken the new size."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                           arg=[width, height])


def boxes(table: Table, selectors: list[str]) -> dict[str, dict[str, float]]:
    """Each element's box on screen, named by its selector (and index when several)."""
    found: dict[str, dict[str, float]] = {}
    for selector in selectors:
        for index, box in enumerate(table.page.eval_on_selector_all(selector, """els =>
                els.map(e => e.getBoundingClientRect()).map(
                    b => ({x: b.left, y: b.top, right: b.right, bottom: b.bottom}))""")):
            found[f"{selector}[{index}]"] = box
        assert any(name.startswith(selector + "[") for name in found), f"no {selector} on show"
    return found


def inside(box: dict[str, float], frame: dict[str, float]) -> bool:
    return (box["x"] >= frame["x"] and box["y"] >= frame["y"] and box["right"] <= frame["right"]
            and box["bottom"] <= frame["bottom"])


def check_screen(table: Table, selectors: list[str], width: int, height: int) -> None:
    shown = boxes(table, selectors)
    screen = {"x": 0, "y": 0, "right": width, "bottom": height}
    for name, box in shown.items():
        assert inside(box, screen), f"{name} is not wholly on the {width}x{height} screen: {box}"
    # Nor cut off by the middle of the table, which shows no more than fits.
    pile = boxes(table, [".pile"])[".pile[0]"]
    for name, box in shown.items():
        if name.startswith(("#trick", "#last-event", "#say-row")):
            assert inside(box, pile), f"at {width}x{height}, {name} {box} is cut off: {pile}"
    names = sorted(shown)
    for index, first in enumerate(names):
        for second in names[index + 1:]:
            a, b = shown[first], shown[second]
            apart = (a["right"] <= b["x"] or b["right"] <= a["x"]
                     or a["bottom"] <= b["y"] or b["bottom"] <= a["y"])
            assert apart, f"at {width}x{height}, {first} {a} overlaps {second} {b}"


def check_hand(table: Table, width: int, height: int) -> None:
    """Each card of the hand shows a strip at least 32 px wide (its corner and room for a
    finger), none is hidden, and the hand is at least 44 px tall."""
    cards = table.page.eval_on_selector_all("#hand .card", """cards => cards.map(card => {
        const box = card.getBoundingClientRect();
        return {left: box.left, top: box.top};
    })""")
    for index, (card, after) in enumerate(pairwise(cards)):
        if abs(after["top"] - card["top"]) < 12:  # the same row
            assert after["left"] - card["left"] >= 31.5, (
                f"at {width}x{height}, card {index} shows {after['left'] - card['left']} px")
    for index in range(len(cards)):
        table.visible_point(index)  # fails for a card nowhere in sight
    box = table.page.locator("#hand").bounding_box()
    assert box is not None and box["height"] >= 44


def check_counts_alike(table: Table, width: int, height: int) -> None:
    """The seats of each side lay out their cards and points alike, whether a count has
    one digit or two (a one-digit count once kept its points on its line)."""
    sides = table.page.eval_on_selector_all("#opponents .seats", """sides => sides.map(
        side => [...side.querySelectorAll(".counts")].map(
            counts => [counts.querySelector(".count").textContent,
                       Math.round(counts.getBoundingClientRect().height)]))""")
    for seats in sides:
        assert len({tall for _count, tall in seats}) <= 1, (
            f"at {width}x{height}, seats' counts and points lie unlike: {seats}")


@pytest.mark.parametrize(("game", "players"), [("tycoon", 3), ("tycoon", 4), ("president", 8),
                                               ("matchstick", 4), ("corporation", 10)])
def test_every_seat_the_play_to_beat_and_the_buttons_stay_on_screen(table: Table, game: str,
                                                                     players: int):
    climbing = game != "corporation"
    log = mid_trick(game, players) if climbing else round_under_way(players)
    table.store_before_opening(save=json.dumps(log), local={})
    table.page.set_viewport_size({"width": 360, "height": 640})
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()
    page = table.page
    expect(page.locator("#opponents .opponent")).to_have_count(players - 1)
    table.tap_card(0)  # a card lifted from the hand
    expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(1)
    assert table.accessibility_violations() == []  # mid-trick, a card selected
    if climbing:
        expect(page.locator("#revolution")).to_be_visible()
        expect(page.locator("#last-event")).not_to_be_empty()
        selectors = ["#trick .play.current", "#revolution", "#last-event"]
    else:
        selectors = ["#turn", "#say-row"]
    selectors += ["#opponents .opponent", "#play", "#hand .card[aria-pressed=true]"]
    for width, height in SCREENS:
        resize(page, width, height)
        # All the others across the top of a phone held upright; else a third of them
        # down each side.
        if width < height:
            expect(page.locator("#opponents [data-side=top] .opponent")).to_have_count(
                players - 1)
        else:
            expect(page.locator("#opponents [data-side=left] .opponent")).to_have_count(
                players // 3)
        check_screen(table, selectors, width, height)
        check_hand(table, width, height)
        if climbing:
            check_counts_alike(table, width, height)


def test_seats_lay_out_alike_whether_a_count_has_one_digit_or_two(table: Table):
    log = mid_trick("tycoon", 4)
    hands = [hand.split() for hand in log["start"]["hands"]]
    hands[2] += hands[1][9:]  # the seat on your left keeps 9 cards, the next 16
    del hands[1][9:]
    log["start"]["hands"] = [" ".join(hand) for hand in hands]
    table.store_before_opening(save=json.dumps(log), local={})
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()
    for width, height in SCREENS:
        resize(table.page, width, height)
        expect(table.page.locator("#opponents .count").first).to_have_text("9")
        check_counts_alike(table, width, height)
