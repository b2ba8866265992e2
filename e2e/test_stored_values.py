"""Whatever storage holds never breaks the app: a value nested thousands deep or
megabytes long, in localStorage or in the engine's saves, is set aside unread with a
notice naming it, and the app deals and plays at once; a full localStorage is said, once
for each kind of value it cannot keep, and the game still plays (the engine's save is
kept apart)."""

import json

from playwright.sync_api import Page, expect

from tycoon_page import (
    LEGACY_SAVE_KEY,
    LOBBY_KEY,
    SAVE_PATH,
    SAVES_CACHE,
    SETTINGS_KEY,
    STATS_KEY,
    TABLE_KEY,
    Table,
)

DEEP = "[" * 20_000 + "]" * 20_000
# Every text the page puts in its notice, in order (a notice replaces the one before).
RECORD_NOTICES = """(() => {
    const notices = window.__notices = [];
    const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
    Object.defineProperty(Node.prototype, "textContent", {
        ...text,
        set(value) {
            if (this.id === "notice-text") notices.push(String(value));
            text.set.call(this, value);
        },
    });
})();"""
def notices(page: Page) -> list[str]:
    return [str(text) for text in page.evaluate("window.__notices")]


def open_and_wait(table: Table) -> None:
    table.open()
    table.wait_for_engine()


def keep_and_reload(table: Table, save: str | None, local: dict[str, str],
                    afresh: bool = False) -> None:
    """Leave ``save`` as the engine's save and ``local`` in localStorage, from the app's own
    page at the human's turn (nothing is written meanwhile; the site's service worker
    answers every address of it, so no blank page of the test's can be routed there), and
    open the app again. ``afresh``: nothing else kept, and localStorage filled to the
    brim."""
    table.wait_for_my_turn()
    table.page.evaluate("""async ([cacheName, url, save, local, afresh]) => {
        if (afresh) {
            localStorage.clear();
            await caches.delete(cacheName);
        }
        if (save !== null) await (await caches.open(cacheName)).put(url, new Response(save));
        for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
        for (let index = 0, size = afresh ? 1 << 20 : 0; size > 0; index++) {
            try {
                localStorage.setItem(`filler ${index}`, "x".repeat(size));
            } catch (error) {
                size >>= 1;
            }
        }
    }""", [SAVES_CACHE, table.site.origin + SAVE_PATH, save, local, afresh])
    table.page.reload()
    table.page.wait_for_selector("body[data-ui=ready]")
    table.wait_for_engine()


def deal_and_play(table: Table, first_deal: bool = False) -> None:
    """The app deals (offering the guided trick first at a ``first_deal``: the settings
    that said it was offered were set aside), the bots play, and so does the human."""
    table.choose(players=3, rounds=1, pace="0")
    table.deal()
    if first_deal:
        table.page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    moves = table.moves()
    table.take_a_quick_turn()
    shown = table.moves()
    assert shown > moves
    assert len(json.loads(table.saved_game() or "null")["actions"]) >= shown


def test_values_too_deep_or_too_long_are_set_aside_and_a_full_storage_is_said(
        table: Table, context):
    context.add_init_script(RECORD_NOTICES)
    page = table.page
    long_settings = json.dumps({"pace": 350, "note": "x" * 3_000_000})
    table.store_before_opening("x" * 3_000_000, {LEGACY_SAVE_KEY: DEEP,
                                                 SETTINGS_KEY: long_settings})
    open_and_wait(table)
    expect(page.locator("#notice-text")).to_contain_text("the log is too long to read")
    assert notices(page) == [
        "Some of your settings could not be read; the defaults are used.",
        "Your saved game could not be read (it nests deeper than 32 levels), so a new game "
        "starts here.",
        "Your saved game could not be read (the log is too long to read (3,000,000 "
        "characters; at most 2,000,000)), so a new game starts here."]
    kept = table.local_storage()
    assert LEGACY_SAVE_KEY not in kept and len(kept[SETTINGS_KEY]) < 200
    deal_and_play(table, first_deal=True)

    keep_and_reload(table, DEEP, {TABLE_KEY: json.dumps({"view": "x" * 2_000_000}),
                                  LOBBY_KEY: DEEP, STATS_KEY: DEEP})
    expect(page.locator("#notice-text")).to_contain_text("nests deeper than 32 levels), so")
    assert notices(page) == [
        "Your last choices in the lobby could not be read (it nests deeper than 32 levels), "
        "so the lobby starts afresh.",
        "Some of your statistics could not be read and were set aside.",
        "The table kept on this device could not be read; your game comes back from its "
        "save.",
        "Your saved game could not be read (the log nests deeper than 32 levels), so a new "
        "game starts here."]
    deal_and_play(table)

    settings = {"pace": 900, "guided": ["tycoon"]}
    keep_and_reload(table, None, {SETTINGS_KEY: json.dumps(settings)}, afresh=True)
    assert notices(page) == []
    table.choose(players=3, rounds=1, pace="350")  # a setting changed: it cannot be kept
    expect(page.locator("#notice-text")).to_have_text(
        "Your settings could not be kept on this device: its storage for the site is full.")
    table.page.tap("#notice-dismiss")
    table.deal()
    table.wait_for_my_turn()
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    assert notices(page)[1:] == [  # each once, however many times it could not be kept
        "Your choices in the lobby could not be kept on this device: its storage for the "
        "site is full.",
        "The table you see could not be kept on this device: its storage for the site is "
        "full."]
    assert len(json.loads(table.saved_game() or "null")["actions"]) == table.moves()
