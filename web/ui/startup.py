"""The page's start, before the engine is up: what this device kept read back (settings,
the lobby's choices, statistics, a challenge), the kept table painted, every handler of
the page listened to, and what the player chose and tapped before the UI started
replayed. The engine's connection follows (``Page.connect_engine``)."""

import js
from pyscript import document
from pyscript.ffi import to_js

import language
import lobby
import store
from dom import by_id, listen, next_task, show_notice, spawn
from language import _

# The dialogs that open as sheets, and their sheets' names (``screens.SHEETS``).
DIALOG_SHEETS = {"menu": "menu", "share": "share", "confirm-new": "confirm",
                 "confirm-reset": "confirm", "offer-guided": "guided-offer",
                 "keys-help": "keys", "options": "options", "challenge": "challenge",
                 "today": "today"}


async def start(page):
    """The page's start, in steps with a task each (the browser paints and takes taps
    between them, which web/early-input.js holds for the UI); the handlers come last, so a
    tap is either held and replayed or handled, never both."""
    await language.take_chosen()  # the page's words, before any is written
    document.body.dataset.language = language.current()
    store.watch(show_notice)  # what cannot be kept is said, once for each kind
    store.move_legacy()  # what earlier versions kept for the origin, into the site's
    page.settings_sheet.load()
    lobby.restore()
    page.author.offer_examples()
    page.on_resize()
    by_id("log").open = page.shape[1]
    page.statistics.load()
    page.challenges.load()
    page.today.load()
    await next_task()
    page.saved_game.paint()
    await next_task()
    lobby.watch_presets()
    for part in (page.lobby, page.settings_sheet, page.menu, page.results,
                 page.statistics, page.keys, page.exchange, page.cover,
                 page.challenges, page.today):
        part.watch()
    for dialog, sheet in DIALOG_SHEETS.items():
        listen(by_id(dialog), "close", lambda event, sheet=sheet: page.on_sheet_closed(sheet))
    game = page.game
    listen(by_id("notice-dismiss"), "click", lambda event: page.dismiss_notice())
    listen(by_id("play"), "click", lambda event: spawn(game.play_selection()))
    listen(by_id("pass"), "click", lambda event: spawn(game.pass_turn()))
    listen(by_id("hint-button"), "click", lambda event: spawn(game.ask_hint()))
    listen(by_id("undo"), "click", lambda event: spawn(game.undo()))
    listen(by_id("mute"), "click", lambda event: page.settings_sheet.set_switch(
        "sound", not page.settings["sound"]))
    listen(by_id("say-button"), "click", lambda event: spawn(game.say()))
    listen(js.window, "resize", lambda event: page.on_resize())
    listen(js.window, "tycoon-engine-stopped", lambda event: page.on_engine_stopped())
    page.engine_stopped = by_id("engine-status").dataset.state == "stopped"
    if "v=" in js.location.hash:  # a shared deal, replay or scenario, opened once up
        page.link = js.location.hash
        by_id("lobby-status").textContent = _(
            "Opening the shared game as soon as the cards are ready…")
    replay_early_input()
    document.body.dataset.ui = "ready"
    form = by_id("lobby-form")
    if form.getAttribute("data-pending") == "deal":  # Deal pressed before the UI started
        form.removeAttribute("data-pending")
        page.lobby.deal()

def replay_early_input():
    """What the player chose and tapped before the UI started (web/early-input.js notes it),
    put back over the choices restored and told to the handlers, in order: the
    lobby answered at first paint, and nothing it took is lost."""
    early = js.window.earlyInput
    for index in range(early.length):
        noted = early[index]
        target = noted.target
        if noted.click:
            target.click()
            continue
        if target.type in ("checkbox", "radio"):
            target.checked = noted.checked
        else:
            target.value = noted.value
        target.dispatchEvent(js.Event.new("change", to_js({"bubbles": True})))
    early.length = 0
