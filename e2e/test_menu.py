"""The game's menu: the rules of the game being played, the settings (the lobby's own
controls, so one setting everywhere), a four-colour deck, large cards, sounds and
vibration (on at first, muted by the table's own button, and heard again once turned back
on), and leaving to the lobby with the game kept."""

import json

from playwright.sync_api import expect

from tycoon_page import SETTINGS_KEY, Table

# Counts the notes the page plays and the vibrations it asks for.
COUNT_FEEDBACK = """(() => {
    window.__feedback = {contexts: 0, notes: 0, vibrations: 0};
    const Context = window.AudioContext;
    window.AudioContext = class extends Context {
        constructor(...args) { super(...args); window.__feedback.contexts += 1; }
        createOscillator() { window.__feedback.notes += 1; return super.createOscillator(); }
    };
    navigator.vibrate = () => { window.__feedback.vibrations += 1; return true; };
})();"""


# Whether the hand is fanned for its cards' size: every card inside the hand, and the
# overlap no deeper than needed (one pixel more to each step would overflow a row, or the
# cards already stand apart). Not "the step changed": a step is whole pixels, so a hand
# of 6, 11 or 12 cards at 360 px keeps its step when its cards grow by 8 px.
FANNED = """() => {
    const hand = document.querySelector('#hand');
    const cards = [...hand.querySelectorAll('.card')];
    const left = cards[0].offsetParent === hand ? 0 : hand.offsetLeft + hand.clientLeft;
    const width = cards[0].offsetWidth;
    const step = parseInt(hand.style.getPropertyValue('--step'));
    const perRow = cards.filter(card => card.offsetTop === cards[0].offsetTop).length;
    const inside = cards.every(card => card.offsetLeft >= left - 1
        && card.offsetLeft + card.offsetWidth <= left + hand.clientWidth + 1);
    return inside && (step >= width + 4 || (step + 1) * (perRow - 1) + width > hand.clientWidth);
}"""


def feedback(table: Table) -> dict[str, int]:
    return dict(table.page.evaluate("window.__feedback"))


def play_some(table: Table, turns: int) -> None:
    """Take ``turns`` turns and stop at the table, at the player's turn: a round (dealt
    anew each run, against Easy bots) may end within them, and its results are read on."""
    for turn in range(turns + 1):
        table.wait_for_my_turn()
        while table.results_shown():  # the quickest turn passes: a round can end soon
            table.page.tap("#results-next")
            expect(table.page.locator("#results")).to_be_hidden()
            table.wait_for_my_turn()
        if turn < turns:
            table.take_a_quick_turn()


def test_the_menu_holds_the_rules_the_settings_and_the_way_out(table: Table):
    page = table.page
    page.add_init_script(COUNT_FEEDBACK)
    table.open()
    table.choose_game("president", 4, bots="easy", pace="350")
    table.deal()
    play_some(table, 2)
    heard = feedback(table)  # on at first: your turn is heard, and felt where it can be
    vibrates = page.evaluate("'vibrate' in navigator")
    assert heard["contexts"] == 1 and heard["notes"] > 0, heard
    assert heard["vibrations"] > 0 or not vibrates, heard

    # The table's mute button: nothing more is heard.
    mute = page.locator("#mute")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.tap()
    expect(mute).to_have_attribute("aria-pressed", "true")
    notes = feedback(table)["notes"]
    play_some(table, 2)
    assert feedback(table)["notes"] == notes

    page.tap("#menu-button")
    menu = page.locator("#menu")
    expect(menu).to_be_visible()
    page.click("#menu-rules summary")
    expect(page.locator("#menu-rules-title")).to_have_text("Rules of President")
    expect(page.locator("#menu-rules-text")).to_contain_text("President")
    expect(menu.locator("#pace")).to_have_value("350")  # the lobby's own control
    assert table.accessibility_violations() == []

    assert menu.locator("#vibration-switch").is_visible() == vibrates
    expect(menu.locator("#sound")).not_to_be_checked()  # the mute button's own setting
    width = page.eval_on_selector("#hand .card", "card => card.offsetWidth")
    menu.locator("#large-cards").check()
    menu.locator("#four-colour").check()
    menu.locator("#sound").check()
    menu.locator("#pace").select_option("0")
    page.tap("#menu-close")
    expect(menu).to_be_hidden()
    assert page.eval_on_selector("#hand .card", "card => card.offsetWidth") > width
    page.wait_for_function(FANNED)  # fanned out again for the larger cards
    # (A dimmed club's ink is darker, to stay legible on its greyer face.)
    club = page.locator("#hand .card[data-suit='♣']:not(.unplayable)").first
    if club.count():
        assert club.evaluate("card => getComputedStyle(card).color") == "rgb(26, 107, 47)"

    play_some(table, 3)
    assert feedback(table)["notes"] > notes
    expect(mute).to_have_attribute("aria-pressed", "false")
    assert json.loads(table.local_storage()[SETTINGS_KEY])["sound"] is True

    table.leave_table()
    expect(page.locator("#lobby")).to_be_visible()
    page.click("#settings summary")
    # The same settings, back in the lobby.
    expect(page.locator("#settings #pace")).to_have_value("0")
    expect(page.locator("#settings #sound")).to_be_checked()
    page.tap("#resume")
    expect(page.locator("#table")).to_be_visible()
