"""The lobby, the rules and the settings work while the engine is still loading."""

import json

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tycoon_page import ENGINE_TIMEOUT_MS, LOBBY_KEY, SETTINGS_KEY, Guard, Table


class HeldBack:
    """Holds a file back until released (the engine's wheel: the engine cannot become
    ready; MicroPython's wasm: the UI's Python cannot start)."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.released = False

    def __call__(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


def test_lobby_is_usable_before_the_engine_is_ready(table: Table, context: BrowserContext):
    held = HeldBack()
    context.route("**/engine.whl", held)
    table.open()
    page = table.page
    expect(page.locator("#engine-status")).to_have_text("Getting the cards ready…")
    assert page.get_attribute("body", "data-engine") is None

    page.click("#rules summary")
    expect(page.locator("#rules")).to_contain_text("Revolution")
    table.choose(players=3, rounds=1)
    assert table.accessibility_violations() == []
    table.deal()
    expect(page.locator("#lobby-status")).to_have_text("Dealing as soon as the cards are ready…")
    assert page.get_attribute("body", "data-engine") is None

    held.release()
    table.wait_for_engine()
    expect(page.locator("#engine-status")).to_have_text("Ready to play")
    table.wait_for_my_turn()
    # The lobby's choices reached the engine: two bots, one round.
    expect(page.locator("#opponents .opponent")).to_have_count(2)
    expect(page.locator("#round-info")).to_have_text("Round 1 of 1")


def test_the_lobby_answers_at_first_paint_and_the_ui_keeps_what_it_took(
        table: Table, context: BrowserContext):
    ui, engine = HeldBack(), HeldBack()
    context.route("**/micropython.wasm", ui)
    context.route("**/engine.whl", engine)
    # Last visit's choices, which the UI restores when it starts.
    table.store_before_opening(local={LOBBY_KEY: json.dumps(
        {"game": "tycoon", "tycoon": {"tycoon.players": "3", "bots": "normal"}})})
    page = table.page
    page.goto(table.site.url)
    page.wait_for_selector("body[data-lobby=ready]")
    assert page.get_attribute("body", "data-ui") is None  # no Python has run on the page

    # Plain HTML answers: a game, its players, a setting, and Deal (held).
    page.tap("input[name='game'][value='president']")
    expect(page.locator("input[name='president.players'][value='5']")).to_be_visible()
    page.tap("input[name='president.players'][value='5']")
    page.click("#settings summary")
    page.select_option("#pace", "1600")
    table.deal()

    # The UI starts: what was chosen meanwhile wins over what it restores, and is kept.
    ui.release()
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("input[name='game'][value='president']")).to_be_checked()
    expect(page.locator("input[name='president.players'][value='5']")).to_be_checked()
    expect(page.locator("#pace")).to_have_value("1600")
    assert json.loads(table.local_storage()[SETTINGS_KEY])["pace"] == 1600
    expect(page.locator("#lobby-status")).to_have_text("Dealing as soon as the cards are ready…")

    # The Deal pressed before any Python ran deals that game once the engine is up.
    engine.release()
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(4)


def python_has_run(page: Page) -> bool:
    """Whether PyScript or MicroPython has been added to the page or fetched for it."""
    return bool(page.evaluate("""() => document.querySelector("script[src*='pyscript']") !== null
        || performance.getEntriesByType("resource").some(
            (entry) => /pyscript|micropython/.test(entry.name))"""))


@pytest.mark.first_visit
def test_a_first_visit_runs_no_python_until_the_player_chooses(table: Table):
    """With nothing kept, the lobby is plain HTML: the engine starts and the service
    worker installs without the UI, which starts at the player's first choice."""
    table.open()
    page = table.page
    expect(page.locator("body")).to_have_attribute("data-ui", "on-demand")
    expect(page.locator("#engine-status")).to_have_text("Ready to play",
                                                        timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("body[data-service-worker=registered]")
    page.click("#rules summary")  # reading the rules needs no Python
    expect(page.locator("#rules")).to_contain_text("Revolution")
    assert not python_has_run(page)

    page.tap("input[name='game'][value='president']")
    page.wait_for_selector("body[data-ui=ready]")
    page.tap("input[name='president.players'][value='5']")
    table.deal()
    page.tap("#offer-guided button[value=skip]")  # the first Deal of a game offers it
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(4)
    page.reload()  # now the page keeps a game: the UI starts at once
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#table")).to_be_visible()


@pytest.mark.first_visit
def test_a_first_deal_starts_the_ui_and_deals(table: Table):
    table.open()
    page = table.page
    table.deal()
    page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(3)


@pytest.mark.first_visit
def test_a_first_visit_starts_the_ui_for_a_setting_and_keeps_it(table: Table):
    table.open()
    page = table.page
    page.click("#settings summary")
    page.select_option("#pace", "1600")
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#pace")).to_have_value("1600")
    assert json.loads(table.local_storage()[SETTINGS_KEY])["pace"] == 1600


def test_an_engine_that_cannot_start_is_told_and_the_lobby_stays(
        table: Table, context: BrowserContext, guard: Guard):
    context.route("**/engine.whl", lambda route: route.fulfill(status=404, body="gone"))
    table.open()
    status = table.page.locator("#engine-status")
    expect(status).to_have_text("The cards could not be made ready. "
                                "Reloading the page may help.", timeout=60_000)
    expect(status).to_have_attribute("data-state", "failed")
    table.page.click("#rules summary")  # the lobby and its rules still answer
    expect(table.page.locator("#rules")).to_contain_text("Revolution")
    # The failure goes to the console with its reason; nothing else went wrong.
    expected = [problem for problem in guard.problems
                if "engine.whl" in problem or "404" in problem]
    assert any("engine.whl: HTTP 404" in problem for problem in expected), guard.problems
    guard.problems = [problem for problem in guard.problems if problem not in expected]


def test_settings_are_kept(table: Table):
    table.open()
    table.choose(pace="1600")
    table.page.reload()
    table.page.wait_for_selector("body[data-ui=ready]")
    assert table.page.input_value("#pace") == "1600"



def test_a_deal_before_the_ui_has_started_is_kept_for_it(table: Table, context: BrowserContext):
    """The lobby is plain HTML: a tap on Deal before the UI's Python runs reloads nothing
    and is not lost; the UI deals once it starts."""
    held = HeldBack()
    context.route("**/web/ui/main.py", held)
    page = table.page
    page.goto(table.site.url)
    page.wait_for_selector("#deal")
    page.tap("input[name='tycoon.players'][value='3']")
    page.tap("#deal")
    expect(page.locator("#lobby-form")).to_have_attribute("data-pending", "deal")
    expect(page.locator("#deal")).to_have_css("cursor", "progress")  # it shows it was taken
    held.release()
    table.wait_for_engine()
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(2)


def test_the_last_choices_are_kept_per_game(table: Table):
    table.open()
    table.choose_game("president", 6, {"skip": True}, bots="normal")
    page = table.page
    page.click(".seat-bots summary")
    page.select_option("#bot-3", "easy")
    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.leave_table()
    expect(page.locator("input[name='game'][value='president']")).to_be_checked()
    expect(page.locator("input[name='president.players'][value='6']")).to_be_checked()
    expect(page.locator("input[name='president.skip']")).to_be_checked()
    expect(page.locator("input[name='president.preset']:checked")).to_have_value(
        "president-skip")
    assert page.input_value("#bots") == "normal"
    assert page.input_value("#bot-3") == "easy"
    # Tycoon's choices are its own.
    page.tap("input[name='game'][value='tycoon']")
    expect(page.locator("input[name='tycoon.players'][value='4']")).to_be_checked()


def test_a_game_in_progress_is_resumed_first_and_never_lost_to_one_tap(table: Table):
    """While a game is in progress, Resume is the main action and names it; New game asks
    first, and keeping the game is the default."""
    table.start("tycoon", 3)
    page = table.page
    before = table.snapshot()
    log = table.saved_game()
    table.leave_table()
    resume = page.locator("#resume")
    expect(resume).to_have_text("Resume Tycoon · Round 1 of 5")
    expect(resume).to_have_class("primary")
    expect(page.locator("#deal")).to_have_text("New game")
    expect(page.locator("#deal")).not_to_have_class("primary")

    page.tap("#deal")
    dialog = page.locator("#confirm-new")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Your game of Tycoon in progress (Round 1 of 5) will be lost.")
    assert table.accessibility_violations() == []
    page.keyboard.press("Escape")  # as Keep playing
    expect(dialog).to_be_hidden()
    page.tap("#deal")
    dialog.get_by_role("button", name="Keep playing").tap()
    expect(dialog).to_be_hidden()
    assert table.saved_game() == log
    resume.tap()
    table.wait_for_my_turn()
    assert table.snapshot() == before

    table.leave_table()
    page.tap("#deal")
    dialog.get_by_role("button", name="Start a new game").tap()
    expect(dialog).to_be_hidden()
    table.wait_for_my_turn()
    for _ in range(100):  # the new game's first save
        if table.saved_game() != log:
            break
        page.wait_for_timeout(100)
    assert table.saved_game() != log
