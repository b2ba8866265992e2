"""A whole round of Tycoon on a phone, played by taps (and one swipe)."""

from playwright.sync_api import expect

from tycoon_page import SETTLED, Table


def select(table: Table, index: int) -> None:
    """Tap a card: one tap selects it."""
    table.tap_card(index)
    expect(table.card(index)).to_have_attribute("aria-pressed", "true")


def play_a_tap_or_pass(table: Table, swipe: bool) -> tuple[list[str], list[str]]:
    """Tap each card in turn, as a player would: a tap selects the play the card makes
    (web/ui/assist.py), or the card alone, and the Play button names the play, or says
    why the cards make none. Play the first legal one (by swipe if asked), else pass.
    Returns the cards played (none for a pass) and the reasons seen."""
    page = table.page
    reasons = []
    for index in range(len(table.hand())):
        select(table, index)
        page.wait_for_selector(SETTLED)
        label = page.inner_text("#play")
        if page.get_attribute("#play", "aria-disabled") == "false":
            assert label.startswith("Play "), label
            played = [str(card) for card in page.eval_on_selector_all(
                "#hand .card[aria-pressed=true]", "cards => cards.map(c => c.dataset.card)")]
            if swipe:
                table.swipe_up(index)
            else:
                page.tap("#play")
            return played, reasons
        # The engine's reason is shown above the buttons; the button keeps its size, and
        # the hand and buttons stay on screen however tall the table has grown.
        assert label == "Play", label
        reasons.append(page.inner_text("#hint"))
        assert table.on_screen("#hand") and table.on_screen("#play")
        table.tap_card(index)  # deselect
        expect(table.card(index)).to_have_attribute("aria-pressed", "false")
    page.tap("#pass")
    return [], reasons


def test_a_full_round_by_taps_on_a_phone(table: Table):
    table.open()
    table.choose(players=4, rounds=3)
    table.wait_for_engine()
    table.deal()
    page = table.page
    reasons: list[str] = []
    swiped = False
    checked_accessibility = False
    while True:
        table.wait_for_my_turn()
        if table.results_shown():
            break
        if not checked_accessibility:
            assert table.accessibility_violations() == []
            checked_accessibility = True
            # A quick flick over the hand (nothing selected, so nothing played), then a tap
            # at once: the browser must not have taken the flick for a fling, whose end
            # would swallow the tap.
            table.swipe_up(len(table.hand()) - 1)
            select(table, 0)
            page.keyboard.press("Escape")  # (a second tap could widen the play)
            expect(table.card(0)).to_have_attribute("aria-pressed", "false")
        before = table.hand()
        moves = table.moves()
        played, seen = play_a_tap_or_pass(table, swipe=not swiped)
        reasons += seen
        table.wait_for_moves_after(moves)
        if played:
            swiped = True
            if table.results_shown():  # that was the round's last card
                break
            after = table.hand()
            assert len(after) == len(before) - len(played)
            assert all(after.count(card) == before.count(card) - played.count(card)
                       for card in played)
    assert swiped
    assert all(reason and not reason.startswith("Play") for reason in reasons)

    expect(page.locator("#results-title")).to_have_text("Round 1 results")
    expect(page.locator("#results-rows tr")).to_have_count(4)
    expect(page.locator("#results-next")).to_have_text("Next round")
    page.tap("#results-next")

    # The next round: the exchange (giving back, if this seat must), then play.
    table.wait_for_my_turn()
    expect(page.locator("#round-info")).to_have_text("Round 2 of 3")
    if "give" in page.inner_text("#turn"):
        table.give_first_cards()
        table.wait_for_my_turn()
    expect(page.locator("#turn")).to_have_text("Your turn")

    # The deal is random: where every tap of round 1 made a play, round 2's turns show
    # why a card makes none.
    while not reasons and not table.results_shown():
        moves = table.moves()
        reasons += play_a_tap_or_pass(table, swipe=False)[1]
        table.wait_for_moves_after(moves)
        table.wait_for_my_turn()
    assert reasons and all(reason and not reason.startswith("Play") for reason in reasons)

