"""The page in the device's language: a phone set to Japanese opens Tycoon Table in
Japanese from first paint, plays in it, switches to English and back in the middle of a
game without losing a move (and keeps the choice), and shares deal links that are
language-free; `lang` is right on the page and on the words of another language; every
control has a name of its own in both languages, and axe finds nothing."""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tycoon_page import GUIDED_TRICKS_OFFERED, PHONE, Guard, Site, Table

# Latin words a Japanese page may show: card ranks and faces (a Joker's face says JOKER,
# as printed cards do), the app's and the contest's names, units, and the Language
# setting's "English", which names itself.
LATIN_ALLOWED = {"A", "K", "Q", "J", "b", "C", "d", "E", "F", "G", "H", "JOKER", "Tycoon",
                 "Table", "UECda", "UEC", "CPU", "MB", "P", "R", "n", "English"}


def latin_words(text: str) -> set[str]:
    """The words of Latin letters in ``text`` that a Japanese page should not show."""
    return {word for word in re.findall(r"[A-Za-z]+", text)
            if word not in LATIN_ALLOWED}


@pytest.fixture
def japanese_table(browser: Browser, site: Site, guard: Guard) -> Iterator[Table]:
    """A phone whose language is Japanese, opening the app for the first time."""
    context = browser.new_context(**{**PHONE, "locale": "ja-JP"}, reduced_motion="reduce")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    guard.watch(context)
    yield Table(context.new_page(), site)
    context.close()


def shown_text(page: Page, selector: str) -> str:
    return page.inner_text(selector)


def control_names(page: Page) -> list[str]:
    """The accessible name of every control a player can reach on screen: its label or
    its words (a screen reader's words included)."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
            'button, select, input:not([type=hidden]), summary, a[href]')]
        .filter(e => e.getClientRects().length && !e.closest('[hidden], [inert]'))
        .map(e => (e.getAttribute('aria-label') || (e.labels && e.labels[0]
                   && e.labels[0].textContent) || e.textContent || '')
                  .replace(/\\s+/g, ' ').trim())"""))


def tile_names(page: Page, game: str = "") -> list[str]:
    """What a screen reader names each button of the lobby's tiles (``game``'s alone, if
    given): its words and its hidden words."""
    tiles = f'.tile[data-game="{game}"]' if game else ".tile"
    return list(page.eval_on_selector_all(f"{tiles} button", """buttons => buttons.map(
        b => b.textContent.replace(/\\s+/g, ' ').trim())"""))


def switch_language(page: Page, language: str) -> None:
    """The Language setting, in the game's menu (the settings move there while it is
    open), then the menu closed."""
    page.tap("#menu-button")
    page.wait_for_selector("#menu[open]")
    page.select_option("#language", language)
    # The page's words change first; the engine's (the table's) once it has said them.
    page.wait_for_selector(f"body[data-language={language}]", state="attached")
    page.keyboard.press("Escape")
    page.wait_for_selector("#menu:not([open])", state="attached")


def test_a_japanese_phone_plays_in_japanese_and_switches_to_english_and_back(
        japanese_table: Table):
    table = japanese_table
    page = table.page
    table.open()
    # From first paint: the page, its lobby and its tiles in Japanese.
    assert page.evaluate("document.documentElement.lang") == "ja"
    expect(page.locator("#deal-tycoon .tile-title")).to_have_text("大富豪")
    assert latin_words(shown_text(page, "#lobby")) == set()
    names = control_names(page)
    assert all(names), names
    # Each tile's button has a name of its own, which names its game.
    assert len(set(tile_names(page))) == len(tile_names(page)), tile_names(page)
    assert all("大富豪" in name for name in tile_names(page, "tycoon")), tile_names(page, "tycoon")
    assert table.accessibility_violations() == []

    table.choose_game("tycoon", 4)
    table.deal()
    table.wait_for_my_turn()
    prompt = shown_text(page, "#turn")
    assert latin_words(prompt) == set(), prompt
    assert latin_words(shown_text(page, "#table")) == set()
    assert table.accessibility_violations() == []
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    moves, hand = table.moves(), table.hand()

    switch_language(page, "en")
    # The same game, at the same move, in English.
    expect(page.locator("#play")).to_contain_text("Play")
    assert table.moves() == moves and table.hand() == hand
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", shown_text(page, "#table"))
    assert all(control_names(page))
    assert table.accessibility_violations() == []

    switch_language(page, "ja")
    assert table.moves() == moves and table.hand() == hand
    assert latin_words(shown_text(page, "#table")) == set()
    # The choice is kept: the page opens in it again.
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert table.moves() == moves


def test_a_deal_link_made_in_japanese_opens_in_english_with_the_same_cards(
        japanese_table: Table, browser: Browser, site: Site, guard: Guard):
    table = japanese_table
    page = table.page
    table.open()
    table.choose_game("president", 5)
    table.deal()
    table.wait_for_my_turn()
    hand = table.hand()
    page.tap("#menu-button")
    page.tap("#menu-share")
    expect(page.locator("#share-link")).to_have_value(re.compile("#v=1&"))
    link = page.locator("#share-link").input_value()
    fragment = link[link.index("#"):]
    context = browser.new_context(**PHONE, reduced_motion="reduce")  # English
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    guard.watch(context)
    friend = Table(context.new_page(), site)
    friend.page.goto(site.url + fragment)
    friend.page.wait_for_selector("body[data-ui=ready]")
    friend.wait_for_my_turn()
    assert friend.page.evaluate("document.documentElement.lang") == "en"
    assert friend.hand() == hand
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", friend.page.inner_text("#table"))
    context.close()
