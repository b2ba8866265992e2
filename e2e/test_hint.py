"""The hint on a phone: on the player's turn, Hint shows the Hard bot's move with its
reason, selects its cards (or marks Pass, or picks what to say), and the player still
plays it with Play.

What the page shows is checked against the engine itself: the worker's save (read by
the test, never by the app), replayed with the Python engine, gives the hint the page
should have received. It is read once the hint is shown, since the hint settles Hard's
share of its budget at its position (sized to the device at that moment) and is saved
with it.
"""

import json
from collections import Counter

import pytest
from playwright.sync_api import expect

from engine.play import turns
from engine.play.table import Table as Game
from tycoon_page import Table

TURNS = 40  # a player leads within a few turns; a pass hint comes first at most this often


def engine_hint(table: Table) -> dict[str, object]:
    """The hint for the position the worker saved, from the Python engine."""
    saved = table.saved_game()
    assert saved is not None
    return turns.hint(Game.from_log(json.loads(saved)))


def controls(table: Table) -> tuple[str, str]:
    """Whose turn the table says it is, and whether Hint takes a tap."""
    return table.page.evaluate("""() => [document.querySelector('#table').dataset.turn,
        document.querySelector('#hint-button').getAttribute('aria-disabled')]""")


def pressed(table: Table) -> list[str]:
    return table.page.eval_on_selector_all(
        "#hand .card[aria-pressed=true]", "cards => cards.map(c => c.dataset.card)")


@pytest.mark.parametrize("game", ["tycoon", "president", "matchstick", "corporation"])
def test_the_hint_says_why_selects_the_cards_and_the_player_plays_them(table: Table, game: str):
    table.open()
    page = table.page
    expect(page.locator("#rules")).to_contain_text("Hint shows what the Hard bot would do")
    if game == "tycoon":
        table.choose(players=4, rounds=1)
    else:
        table.choose_game(game, 4, pace="350")
    table.wait_for_engine()
    table.deal()
    button = page.locator("#hint-button")
    passes_hinted = 0
    for turn in range(TURNS):
        table.wait_for_my_turn()
        assert not table.results_shown(), "the round ended before a play was hinted"
        assert controls(table) == ["you", "false"]
        box = button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
        moves = table.moves()
        if turn == 0:  # by keyboard: a real button, reached and pressed without a finger
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.tap()
        # Shown once saved: with the share of Hard's budget the hint settled on here,
        # which this device sized at that moment (a busy machine's may differ from the
        # share the game had before).
        page.wait_for_selector("#hint.advice")
        expected = engine_hint(table)
        expect(page.locator("#hint")).to_have_text(expected["reason"])
        if not expected["cards"]:  # a pass, a matchstick discarded, or table talk
            talk = expected["kind"] == "announce"
            expect(page.locator("#say-button" if talk else "#pass")).to_have_class("suggested")
            if talk:  # the phrase is chosen in the list; Say says it
                expect(page.locator("#say")).to_have_value(str(expected["text"]))
            assert pressed(table) == []
            page.tap("#say-button" if talk else "#pass")
            table.wait_for_moves_after(moves)
            turn, hint_disabled = controls(table)
            assert hint_disabled == ("false" if turn == "you" else "true")
            passes_hinted += 1
            continue
        assert Counter(pressed(table)) == Counter(expected["cards"])
        expect(page.locator("#pass")).not_to_have_class("suggested")
        page.wait_for_selector("#play[aria-disabled=false]")
        if page.is_visible("#values"):  # the value the hint plays the cards as, chosen
            chosen = page.locator("#values .value[aria-checked=true]")
            expect(chosen).to_have_attribute("data-act", str(expected["text"]))
            expect(chosen.locator(".label")).to_have_text(str(expected["label"]))
        else:
            expect(page.locator("#play")).to_have_text(expected["label"])
        expect(page.locator("#play")).to_have_attribute("aria-disabled", "false")
        before = table.hand()
        page.tap("#play")
        table.wait_for_moves_after(moves)
        turn, hint_disabled = controls(table)
        assert hint_disabled == ("false" if turn == "you" else "true")
        if not table.results_shown():
            assert Counter(table.hand()) == Counter(before) - Counter(expected["cards"])
            expect(page.locator("#hint")).not_to_have_text(expected["reason"])
        return
    raise AssertionError(f"no play was hinted in {TURNS} turns ({passes_hinted} passes)")
