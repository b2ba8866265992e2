"""Nothing lost: the engine worker saves the game after every action, and a reload
restores it exactly; a save that cannot be read, or storage that throws, gives a notice
and a fresh lobby. The page itself keeps only the last view, which holds no hidden card."""

import json

import pytest
from playwright.sync_api import BrowserContext, Route, expect

from engine.api import Session
from tycoon_page import LEGACY_SAVE_KEY, TABLE_KEY, VIEW_SCHEMA, Table, kept_table


def reach_my_turn_mid_trick(table: Table) -> None:
    """Lead single cards until it is this seat's turn with cards on the table."""
    while True:
        table.wait_for_my_turn()
        assert not table.results_shown()
        if table.page.locator("#trick .play").count():
            return
        table.play_first_card()


@pytest.mark.parametrize("game", ["tycoon", "president", "matchstick"])
def test_reload_mid_trick_restores_the_same_position(table: Table, game: str):
    table.open()
    if game == "tycoon":
        table.choose(players=4, rounds=3)
    else:
        table.choose_game(game, 4, pace="350")
    table.wait_for_engine()
    table.deal()
    reach_my_turn_mid_trick(table)
    before = table.snapshot()
    moves = table.moves()
    # The worker saved every action; the page kept only the last view.
    log = json.loads(table.saved_game() or "null")
    assert len(log["actions"]) == moves
    said = table.page.text_content("#last-event")
    assert said  # the last move, told in the middle of the table
    kept = json.loads(table.local_storage()[TABLE_KEY])
    assert kept.keys() == {"view", "moves", "said", "schema"} and kept["moves"] == moves
    assert kept["schema"] == VIEW_SCHEMA

    table.page.reload()
    table.page.wait_for_selector("body[data-ui=ready]")
    # Shown from the last view at once, the last move still told, before the engine is
    # back (the turn line says "Your turn" only once a tap is taken)...
    assert table.page.get_attribute("body", "data-engine") is None
    assert {**table.snapshot(), "turn": before["turn"]} == before
    expect(table.page.locator("#last-event")).to_have_text(said)
    # ...and the engine, replaying its save, agrees and goes on from there.
    table.wait_for_engine()
    table.wait_for_my_turn()
    assert table.snapshot() == before
    assert table.moves() == moves

    # Leaving for the lobby keeps the game; Resume brings back the same position.
    table.leave_table()
    expect(table.page.locator("#lobby")).to_be_visible()
    expect(table.page.locator("#deal")).to_have_text("New game")
    table.page.tap("#resume")
    table.wait_for_my_turn()
    assert table.snapshot() == before

    table.page.tap("#pass")
    table.wait_for_moves_after(moves)
    assert len(json.loads(table.saved_game() or "null")["actions"]) > moves


def expect_notice_and_lobby(table: Table, notice: str) -> None:
    page = table.page
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_contain_text(notice)
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#deal")).to_be_enabled()


def unreplayable_game() -> tuple[str, str]:
    """A log the engine cannot replay, and the view the page kept of that game."""
    session = Session()
    view = session.new_game({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 7})["view"]
    log = session.export_log()["log"]
    log["actions"].append("0:Ah Ah")  # nobody holds two Aces of hearts
    return json.dumps(log), kept_table(view, len(log["actions"]))


@pytest.mark.parametrize("damage", ["not JSON", "not replayable"])
def test_an_unreadable_save_gives_a_notice_and_a_fresh_lobby(table: Table, damage: str):
    if damage == "not JSON":
        save, kept = "{not json", "[]"  # the page's view is damaged too
    else:
        save, kept = unreplayable_game()
    table.store_before_opening(save, {TABLE_KEY: kept})
    table.open()
    if damage == "not replayable":
        expect(table.page.locator("#table")).to_be_visible()  # from the kept view
    table.wait_for_engine()
    expect_notice_and_lobby(table, "Your saved game could not be read")
    # The damaged save is gone, so the next visit starts clean.
    assert table.saved_game() is None
    assert TABLE_KEY not in table.local_storage()


def storage_that_throws(scope: str, name: str) -> str:
    """A script that makes ``scope.name`` (a storage API) throw, as a browser that
    disables storage does."""
    return (f"Object.defineProperty({scope}, {name!r}, {{get() {{"
            " throw new DOMException('storage is disabled', 'SecurityError'); }});")


def disable_storage_in_the_worker(route: Route) -> None:
    """Serve the engine worker with Cache Storage throwing in its global scope (an init
    script for the worker, which Playwright's add_init_script does not reach)."""
    source = route.fetch().text()
    script = storage_that_throws("self", "caches")
    route.fulfill(body=f"import js\njs.eval({script!r})\n{source}",
                  content_type="text/x-python")


def test_storage_that_throws_gives_a_notice_and_the_lobby(table: Table, context: BrowserContext):
    context.route("**/web/worker/engine_worker.py", disable_storage_in_the_worker)
    context.add_init_script(storage_that_throws("window", "localStorage"))
    table.open()
    table.choose(players=3, rounds=1)
    table.wait_for_engine()
    expect_notice_and_lobby(table, "Tycoon Table cannot keep games here: this browser blocks "
                                   "storage for this page.")

    # The game is still playable, unsaved, and the player is told so.
    table.page.tap("#notice-dismiss")
    table.deal()
    # Nothing can be kept, not even that the guided trick was offered: it is offered.
    table.page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    expect(table.page.locator("#notice-text")).to_contain_text("cannot be saved")
    expect(table.page.locator("#opponents .opponent")).to_have_count(2)


def test_a_game_an_earlier_version_saved_is_taken_over(table: Table):
    """Earlier versions kept the log in localStorage: the worker takes it over. This one's
    bots learned other weights: the game is as it was, and the player is told the bots
    may play on differently."""
    session = Session()
    session.new_game({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 11})
    while session.advance()["action"] is not None:
        pass  # the bots' turns, up to the human's
    view = session.view()["view"]
    log = {**session.export_log()["log"], "policy": "0123456789ab"}  # no weights here
    table.store_before_opening(local={LEGACY_SAVE_KEY: json.dumps({"log": log, "view": view})})
    table.open()
    expect(table.page.locator("#table")).to_be_visible()
    before = table.snapshot()
    assert before["hand"] == [card["id"] for card in view["hand"]]

    table.wait_for_engine()
    table.wait_for_my_turn()
    # The turn line says "Your turn" only once a tap is taken.
    assert table.snapshot() == {**before, "turn": "Your turn"}
    assert table.moves() == len(log["actions"])
    caution = Session().load_log(log)["caution"]
    assert caution is not None and "may play on differently" in caution
    expect(table.page.locator("#notice-text")).to_have_text(caution)
    saved = json.loads(table.saved_game() or "null")
    assert saved["actions"] == log["actions"]
    assert saved["policy"] == session.export_log()["log"]["policy"]  # this version's
    kept = table.local_storage()
    assert LEGACY_SAVE_KEY not in kept
    assert json.loads(kept[TABLE_KEY])["moves"] == len(log["actions"])
