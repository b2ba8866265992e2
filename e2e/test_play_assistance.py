"""Play assistance in the hand (web/ui/assist.py): on your turn the cards no legal move
takes are dimmed, as the engine's view offers its moves; one tap selects the only pair
that holds a card, and a second tap on that card clears it; leading, a card's second
and third taps widen it to a pair and three of a kind, and a fourth clears it."""

import json
from typing import Any

from playwright.sync_api import expect

from engine.api import Session
from engine.families.climbing.rules.positions import Start
from tycoon_page import SETTINGS_KEY, Table, stored_settings

# Tycoon for four, the human to answer a pair of 4s with 5c 5s (the only pair of 5s) or a
# pair of 9s (three to choose from); 3c and Jd make no pair. The bots hold no pair, so
# they pass, and the human leads next.
HANDS = ("3c 5c 5s 9c 9d 9h Jd", "6h 7h 8h Qs Kd", "6s 7s 8s Qh Kh", "6d 7d 8d Qc Ac")


def answering_a_pair() -> dict[str, Any]:
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": 1,
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    log = dict(session.export_log()["log"])
    log["actions"] = []
    log["start"] = Start(HANDS, 0, ("3:4c 4d",)).to_json()
    return log


def engine_view(table: Table) -> dict[str, Any]:
    """The human's view of the game the page's engine saved, as the engine gives it."""
    loaded = Session().load_log(table.saved_game() or "")
    assert loaded["ok"], loaded
    return dict(loaded["view"])


def dimmed(table: Table) -> list[str]:
    return [str(card) for card in table.page.eval_on_selector_all(
        "#hand .card.unplayable", "cards => cards.map(c => c.dataset.card)")]


def selected(table: Table) -> list[str]:
    return [str(card) for card in table.page.eval_on_selector_all(
        "#hand .card[aria-pressed=true]", "cards => cards.map(c => c.dataset.card)")]


def expect_selected(table: Table, cards: list[str]) -> None:
    pressed = table.page.locator("#hand .card[aria-pressed=true]")
    expect(pressed).to_have_count(len(cards))
    assert selected(table) == cards


def check_dimmed_as_the_view_offers(table: Table) -> None:
    view = engine_view(table)
    taken = {card for move in view["legal"] for card in move["cards"]}
    expected = [card["id"] for card in view["hand"] if card["id"] not in taken]
    expect(table.page.locator("#hand .card.unplayable")).to_have_count(len(expected))
    assert dimmed(table) == expected
    for card in table.page.locator("#hand .card.unplayable").all():
        expect(card).to_have_attribute("aria-description", "no play with this card now")


def test_dimmed_cards_and_a_tap_that_selects_a_pair_then_clears_it(table: Table):
    table.store_before_opening(save=json.dumps(answering_a_pair()),
                               local={SETTINGS_KEY: stored_settings(pace=900)})
    table.open()
    table.wait_for_engine()
    page = table.page
    page.tap("#resume")
    table.wait_for_my_turn()
    hand = table.hand()
    assert hand == HANDS[0].split()

    check_dimmed_as_the_view_offers(table)
    assert dimmed(table) == ["3c", "Jd"]
    assert table.accessibility_violations() == []  # dimmed cards stay legible

    table.tap_card(hand.index("5c"))  # the only pair holding it
    expect_selected(table, ["5c", "5s"])
    expect(page.locator("#play")).to_have_text("Play two 5s")
    table.tap_card(hand.index("5c"))  # a second tap: no larger play, cleared
    expect_selected(table, [])

    table.tap_card(hand.index("9c"))  # three 9s: which pair is the player's to say
    expect_selected(table, ["9c"])
    table.tap_card(hand.index("9h"))
    expect_selected(table, ["9c", "9h"])
    expect(page.locator("#play")).to_have_text("Play two 9s")
    table.tap_card(hand.index("3c"))  # dimmed: no pair with it, but tappable, to hear why
    expect_selected(table, ["3c", "9c", "9h"])
    expect(page.locator("#play.illegal")).to_be_visible()
    page.keyboard.press("Escape")
    expect_selected(table, [])

    table.tap_card(hand.index("5s"))
    table.tap_card(hand.index("5c"))  # tapping the partner too, as before: the pair stays
    expect_selected(table, ["5c", "5s"])
    moves = table.moves()
    page.tap("#play")
    table.wait_for_moves_after(moves)
    # Not your turn: nothing is dimmed while the others play.
    assert page.get_attribute("#table", "data-turn") == "wait"
    assert dimmed(table) == []

    table.wait_for_my_turn()  # the bots passed: the human leads, every card a play
    hand = table.hand()
    assert hand == ["3c", "9c", "9d", "9h", "Jd"]
    check_dimmed_as_the_view_offers(table)
    assert dimmed(table) == []
    nine = hand.index("9c")
    for cards in (["9c"], ["9c", "9d"], ["9c", "9d", "9h"], []):
        table.tap_card(nine)
        expect_selected(table, cards)
