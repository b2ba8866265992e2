"""The lobby: a tile for each game deals it in one tap, in sight at first paint on a phone
either way up; each game's options are a sheet of their own, its choices its own; the
lobby, the rules and the settings work while the engine is still loading, and before the
UI's Python has started."""

import json

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tycoon_page import (
    ENGINE_TIMEOUT_MS,
    ENGINE_WHEEL_ROUTE,
    GUIDED_TRICKS_OFFERED,
    LOBBY_KEY,
    SETTINGS_KEY,
    Guard,
    Site,
    Table,
)

GAMES = ("tycoon", "president", "matchstick", "corporation")


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
    context.route(ENGINE_WHEEL_ROUTE, held)
    table.open()
    page = table.page
    expect(page.locator("#engine-status")).to_have_text("Getting the cards ready…")
    assert page.get_attribute("body", "data-engine") is None

    page.tap("[data-rules=tycoon]")  # a game's How to play: its rules
    expect(page.locator("#rules")).to_contain_text("Revolution")
    table.choose(players=3, rounds=1)
    assert table.accessibility_violations() == []
    table.deal()  # Tycoon's tile, with the choices its sheet was left with
    expect(page.locator("#lobby-status")).to_have_text("Dealing as soon as the cards are ready…")
    assert page.get_attribute("body", "data-engine") is None

    held.release()
    table.wait_for_engine()
    expect(page.locator("#engine-status")).to_have_text("Ready to play")
    table.wait_for_my_turn()
    # The lobby's choices reached the engine: two bots, one round.
    expect(page.locator("#opponents .opponent")).to_have_count(2)
    expect(page.locator("#round-info")).to_have_text("Round 1 of 1")


def in_sight(page: Page, selector: str) -> bool:
    """Whether every element ``selector`` finds lies wholly inside the viewport."""
    return bool(page.eval_on_selector_all(selector, """elements => elements.length > 0
        && elements.every((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
                && box.right <= innerWidth;
        })"""))


# Records the page's furthest scroll from its start.
WATCH_SCROLL = """window.__furthest = 0;
addEventListener("scroll", () => { window.__furthest = Math.max(window.__furthest, scrollY); },
                 true);"""


@pytest.mark.parametrize(("width", "height", "game"), [(360, 640, "tycoon"),
                                                       (640, 360, "corporation")])
def test_first_paint_to_a_dealt_table_in_one_tap_with_no_scroll(
        browser: Browser, site: Site, guard: Guard, width: int, height: int, game: str):
    """Upright and on its side, a phone shows every game's tile whole at first paint,
    and one tap on one deals it: the table shows, and the page never scrolled."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=2, is_mobile=True, has_touch=True,
                                  reduced_motion="reduce")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    context.add_init_script(WATCH_SCROLL)
    guard.watch(context)
    page = context.new_page()
    try:
        page.goto(site.url)
        page.wait_for_selector("body[data-lobby=ready]")  # as the lobby is first painted
        assert page.locator(".tile").count() == len(GAMES)
        assert in_sight(page, ".tile"), page.eval_on_selector_all(
            ".tile", "tiles => tiles.map((t) => JSON.stringify(t.getBoundingClientRect()))")
        x, y = page.evaluate("""(game) => {
            const box = document.querySelector(`[data-deal=${game}]`).getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2];
        }""", game)
        page.wait_for_selector("body[data-ui=ready]")
        page.touchscreen.tap(x, y)  # where it was painted: no scroll into view first
        table = Table(page, site)
        table.wait_for_my_turn()
        expect(page.locator("#table")).to_be_visible()
        assert json.loads(table.saved_game() or "null")["game"] == game
        assert page.evaluate("[window.scrollY, window.__furthest]") == [0, 0]
    finally:
        context.close()


def test_the_lobby_answers_at_first_paint_and_the_ui_keeps_what_it_took(
        table: Table, context: BrowserContext):
    ui, engine = HeldBack(), HeldBack()
    context.route("**/micropython.wasm", ui)
    context.route(ENGINE_WHEEL_ROUTE, engine)
    # Last visit's choices, which the UI restores when it starts (an earlier version kept
    # the bots' level as "bots").
    table.store_before_opening(local={LOBBY_KEY: json.dumps(
        {"game": "tycoon", "tycoon": {"tycoon.players": "3", "bots": "hard",
                                      "tycoon.sequences": "on"}})})
    page = table.page
    page.goto(table.site.url)
    page.wait_for_selector("body[data-lobby=ready]")
    assert page.get_attribute("body", "data-ui") is None  # no Python has run on the page

    # Plain HTML answers: a setting, a game's options sheet, its players.
    table.set_pace("1600")
    page.tap("[data-options=president]")
    expect(page.locator("#options")).to_be_visible()
    expect(page.locator("#options-title")).to_have_text("President: options",
                                                                  use_inner_text=True)
    expect(page.locator("input[name='president.players'][value='5']")).to_be_visible()
    expect(page.locator("input[name='tycoon.players'][value='4']")).to_be_hidden()
    page.tap("input[name='president.players'][value='5']")

    # The UI starts with the sheet open: it takes it over, and what was chosen meanwhile
    # wins over what it restores, and is kept.
    ui.release()
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("body")).to_have_attribute("data-sheet", "options")
    expect(page.locator("input[name='game'][value='president']")).to_be_checked()
    expect(page.locator("input[name='president.players'][value='5']")).to_be_checked()
    expect(page.locator("input[name='tycoon.players'][value='3']")).to_be_checked()
    expect(page.locator("input[name='tycoon.bots'][value='hard']")).to_be_checked()
    # A house rule kept on: its group is open, and counts it.
    house_rules = page.locator(".choices[data-game=tycoon] details[data-group='House rules']")
    expect(house_rules).to_have_js_property("open", True)
    expect(house_rules.locator("> summary")).to_have_text("House rules · 1 on")
    expect(page.locator("#pace")).to_have_value("1600")
    assert json.loads(table.local_storage()[SETTINGS_KEY])["pace"] == 1600
    table.deal()
    expect(page.locator("#options")).to_be_hidden()
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "options")
    expect(page.locator("#lobby-status")).to_have_text("Dealing as soon as the cards are ready…")

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
    worker installs without the UI, which starts at the player's first choice. A game's
    How to play shows its rules alone, with no Python."""
    table.open()
    page = table.page
    expect(page.locator("body")).to_have_attribute("data-ui", "on-demand")
    expect(page.locator("#engine-status")).to_have_text("Ready to play",
                                                        timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("body[data-service-worker=registered]")
    page.tap("[data-rules=president]")
    rules = page.locator("#rules")
    expect(rules).to_have_attribute("open", "")
    expect(rules.locator(".game-rules[data-game=president]")).to_be_visible()
    for other in ("tycoon", "matchstick", "corporation"):
        expect(rules.locator(f".game-rules[data-game={other}]")).to_be_hidden()
    expect(rules.locator("summary")).to_be_focused()
    assert table.on_screen("#rules summary")
    page.click("#rules summary")  # closed, the panel holds every game's rules again
    page.click("#rules summary")
    expect(rules.locator(".game-rules[data-game=tycoon]")).to_be_visible()
    assert not python_has_run(page)

    page.tap("[data-options=president]")
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("body")).to_have_attribute("data-sheet", "options")
    page.tap("input[name='president.players'][value='5']")
    table.deal()
    page.tap("#offer-guided button[value=skip]")  # the first Deal of a game offers it
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(4)
    page.reload()  # now the page keeps a game: the UI starts at once
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#table")).to_be_visible()


@pytest.mark.first_visit
def test_a_first_tap_on_a_tile_starts_the_ui_and_offers_the_guided_trick(table: Table):
    table.open()
    page = table.page
    page.tap("[data-deal=matchstick]")
    expect(page.locator("#offer-guided-title")).to_have_text("New to Matchstick Tycoon?")
    page.tap("#offer-guided button[value=skip]")
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(3)
    assert json.loads(table.saved_game() or "null")["game"] == "matchstick"


@pytest.mark.first_visit
def test_a_first_visit_starts_the_ui_for_a_setting_and_keeps_it(table: Table):
    table.open()
    page = table.page
    table.set_pace("1600")
    page.wait_for_selector("body[data-ui=ready]")
    expect(page.locator("#pace")).to_have_value("1600")
    assert json.loads(table.local_storage()[SETTINGS_KEY])["pace"] == 1600


def test_an_engine_that_cannot_start_is_told_and_the_lobby_stays(
        table: Table, context: BrowserContext, guard: Guard):
    context.route(ENGINE_WHEEL_ROUTE, lambda route: route.fulfill(status=404, body="gone"))
    table.open()
    status = table.page.locator("#engine-status")
    expect(status).to_have_text("The cards could not be made ready.", timeout=60_000)
    expect(status).to_have_attribute("data-state", "failed")
    expect(table.page.locator("#engine-failed")).to_contain_text(
        "The app's files are incomplete on this site. Try again in a minute.")
    table.page.click("#rules summary")  # the lobby and its rules still answer
    expect(table.page.locator("#rules")).to_contain_text("Revolution")
    # The failure goes to the console with its reason, once; nothing else went wrong.
    guard.expect("console error: Tycoon Table's engine could not start: engine.whl: HTTP 404")


def test_settings_are_kept(table: Table):
    table.open()
    table.set_pace("1600")
    table.page.reload()
    table.page.wait_for_selector("body[data-ui=ready]")
    assert table.page.input_value("#pace") == "1600"


def open_with_the_ui_held(table: Table, context: BrowserContext) -> HeldBack:
    """The app opened with its UI's Python held back: the lobby is its plain HTML."""
    held = HeldBack()
    context.route("**/web/ui/main.py", held)
    table.page.goto(table.site.url)
    table.page.wait_for_selector("body[data-lobby=ready]")
    return held


def test_a_tap_on_a_tile_before_the_ui_has_started_is_kept_for_it(
        table: Table, context: BrowserContext):
    """The lobby is plain HTML: a game's options, and a tap on its tile before the UI's
    Python runs, reload nothing and are not lost; the UI deals once it starts."""
    held = open_with_the_ui_held(table, context)
    page = table.page
    table.open_options("tycoon")
    page.tap("input[name='tycoon.players'][value='3']")
    page.tap("#options .options-close")
    expect(page.locator("#options")).to_be_hidden()
    page.tap("[data-deal=tycoon]")
    expect(page.locator("#lobby-form")).to_have_attribute("data-pending", "deal")
    tile = page.locator("[data-deal=tycoon]")
    expect(tile).to_have_attribute("data-pending", "deal")
    expect(tile).to_have_css("cursor", "progress")  # it shows it was taken
    held.release()
    table.wait_for_engine()
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(2)
    assert page.locator("[data-deal][data-pending]").count() == 0


def test_a_deal_from_the_sheet_before_the_ui_has_started_is_kept_for_it(
        table: Table, context: BrowserContext):
    held = open_with_the_ui_held(table, context)
    page = table.page
    table.open_options("president")
    page.tap("input[name='president.players'][value='4']")
    page.tap("#deal")
    expect(page.locator("#options")).to_be_hidden()
    expect(page.locator("[data-deal=president]")).to_have_attribute("data-pending", "deal")
    held.release()
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(3)
    assert json.loads(table.saved_game() or "null")["game"] == "president"


def test_each_games_options_are_its_own_and_its_tile_deals_them(table: Table):
    """A game's sheet holds its choices alone, every bot's level in words, and "About"
    links that look like links; the game's tile deals what was chosen there, and its
    choices are kept for the next visit, per game."""
    table.open()
    page = table.page
    table.open_options("corporation")
    sheet = page.locator("#options")
    expect(page.locator("#options-title")).to_have_text("Corporation: options",
                                                                  use_inner_text=True)
    expect(page.locator("body")).to_have_attribute("data-sheet", "options")
    expect(page.locator(".choices:visible")).to_have_count(1)
    # Every level's words whole: nothing cut or running over the sheet.
    for label in page.locator(".choices[data-game=corporation] .bots label").all():
        expect(label).to_be_visible()
        assert label.evaluate("""label => label.scrollWidth <= label.clientWidth
            && label.getBoundingClientRect().right <= innerWidth""")
    about = sheet.locator(".option-help summary:visible").first
    expect(about).to_have_css("text-decoration-line", "underline")
    about.click()
    assert table.accessibility_violations() == []
    page.tap("#options .options-close")
    expect(sheet).to_be_hidden()
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "options")

    table.choose_game("president", 6, {"skip": True}, bots="normal")
    page.click(".choices[data-game=president] .who-plays summary")
    page.select_option("#president-bot-3", "easy")
    page.check("#president-scored")
    page.keyboard.press("Escape")  # closed without a Deal: its tile deals what it holds
    expect(sheet).to_be_hidden()
    table.wait_for_engine()
    page.tap("[data-deal=president]")
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(5)
    expect(page.locator("#undo")).to_be_hidden()  # scored: no taking moves back
    log = json.loads(table.saved_game() or "null")
    assert log["game"] == "president" and log["options"]["skip"] is True
    assert [seat["kind"] for seat in log["seats"]][1:4] == ["normal", "normal", "easy"]

    # Kept for the next visit, per game.
    page.reload()
    page.wait_for_selector("body[data-ui=ready]")
    table.leave_table()
    expect(page.locator("input[name='president.players'][value='6']")).to_be_checked()
    expect(page.locator("input[name='president.skip']")).to_be_checked()
    expect(page.locator("input[name='president.preset']:checked")).to_have_value(
        "president-skip")
    expect(page.locator("input[name='president.bots'][value='normal']")).to_be_checked()
    assert page.input_value("#president-bot-3") == "easy"
    expect(page.locator("#president-scored")).to_be_checked()
    # Tycoon's choices are its own.
    expect(page.locator("input[name='tycoon.players'][value='4']")).to_be_checked()
    expect(page.locator("#tycoon-scored")).not_to_be_checked()


def test_the_house_rules_fold_into_a_group_that_counts_those_on(table: Table):
    """Tycoon's house rules are one folded group, closed while all are off; a rule set
    that turns some on opens it, its summary counts them, and so it does a rule ticked;
    it folds and opens from the keyboard, and the deal plays what it holds. President's
    are a group of their own, and its round is played out under them."""
    table.open()
    page = table.page
    table.set_pace("0")
    table.open_options("tycoon")
    page.wait_for_selector("body[data-ui=ready]")
    group = page.locator(".choices[data-game=tycoon] details[data-group='House rules']")
    summary = group.locator("> summary")
    five_skip = page.locator("input[name='tycoon.five_skip']")
    expect(summary).to_have_text("House rules · all off")
    expect(group).to_have_js_property("open", False)
    expect(five_skip).to_be_hidden()

    page.tap("input[name='tycoon.preset'][value='tycoon-japan']")
    expect(group).to_have_js_property("open", True)
    expect(summary).to_have_text("House rules · 7 on")
    expect(five_skip).to_be_visible()
    five_skip.tap()
    expect(summary).to_have_text("House rules · 8 on")
    expect(page.locator("input[name='tycoon.preset']:checked")).to_have_count(0)
    assert table.accessibility_violations() == []
    summary.focus()
    page.keyboard.press("Enter")
    expect(group).to_have_js_property("open", False)
    expect(summary).to_have_text("House rules · 8 on")
    page.keyboard.press("Space")
    expect(group).to_have_js_property("open", True)

    table.wait_for_engine()
    table.deal()
    table.wait_for_my_turn()
    options = json.loads(table.saved_game() or "null")["options"]
    assert options["five_skip"] is True and options["sequences"] is True
    assert options["cut"] == "8" and options["nine_reverse"] is False

    table.leave_table()
    table.open_options("president")
    group = page.locator(".choices[data-game=president] details[data-group='House rules']")
    expect(group.locator("> summary")).to_have_text("House rules · all off")
    group.locator("> summary").tap()
    page.tap("input[name='president.cut'][value='8']")
    page.tap("input[name='president.lock']")
    expect(group.locator("> summary")).to_have_text("House rules · 2 on")
    table.deal()
    page.tap("#confirm-new button[value=new]")  # the Tycoon game in progress is let go
    table.play_out_the_round()
    expect(page.locator("#results")).to_be_visible()
    options = json.loads(table.saved_game() or "null")["options"]
    assert options == {"skip": False, "cut": "8", "lock": True, "eleven_back": False}


def test_a_game_in_progress_is_resumed_first_and_never_lost_to_one_tap(table: Table):
    """While a game is in progress, its Resume is the first tile and names it; a game's
    tile, or its sheet's New game, asks first, and keeping the game is the default."""
    table.start("tycoon", 3)
    page = table.page
    before = table.snapshot()
    log = table.saved_game()
    table.leave_table()
    resume = page.locator("#resume")
    expect(resume).to_have_text("Resume Tycoon · Round 1 of 5")
    expect(resume).to_have_class("primary")
    expect(page.locator(".tiles > li:visible").first).to_have_id("resume-tile")
    expect(page.locator("#deal")).to_have_text("New game")
    for width, height in ((640, 360), (360, 640)):  # Resume and every tile in sight
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        assert in_sight(page, "#resume-tile, .tile"), (width, height)

    page.tap("[data-deal=tycoon]")
    dialog = page.locator("#confirm-new")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Your game of Tycoon in progress (Round 1 of 5) will be lost.")
    assert table.accessibility_violations() == []
    page.keyboard.press("Escape")  # as Keep playing
    expect(dialog).to_be_hidden()
    table.open_options("president")
    page.tap("#deal")
    expect(page.locator("#options")).to_be_hidden()
    dialog.get_by_role("button", name="Keep playing").tap()
    expect(dialog).to_be_hidden()
    assert table.saved_game() == log
    resume.tap()
    table.wait_for_my_turn()
    assert table.snapshot() == before

    table.leave_table()
    page.tap("[data-deal=tycoon]")
    dialog.get_by_role("button", name="Start a new game").tap()
    expect(dialog).to_be_hidden()
    table.wait_for_my_turn()
    for _ in range(100):  # the new game's first save
        if table.saved_game() != log:
            break
        page.wait_for_timeout(100)
    assert table.saved_game() != log
