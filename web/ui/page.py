"""Tycoon Table's page: MicroPython on the main thread, starting in a fraction of a second
while the engine worker is still loading Pyodide, so the lobby, the rules and the
settings work at once.

It shows the views the engine worker sends and sends back the moves they offer; it
knows no rules: what can be played, what a move is called and why it cannot be
played all come from the engine (``engine.api``), through the worker's JSON calls.
It never holds a hidden card: the worker sends views (the human's observation)
and public steps, and keeps and saves the game's log itself.

The page's parts: ``dom`` (elements, escaping, events), ``store`` (what it keeps,
validated), ``engine_client`` (the worker's calls), ``lobby`` (the form's choices),
``table`` and ``reveal`` (drawing a view, by the layout it names: a climbing game's
tricks, or Corporation's secret commits, talk and reveal), ``hand`` (the cards,
selection, gestures), ``controls`` (the buttons), ``motion`` (what moves across the
table), ``feedback`` (sounds and vibration), ``stats`` (the player's statistics),
``updates`` (the service worker). This module starts them and runs the game:
screens, the menu, the keyboard, the bots' pace, hints, undo. ``main`` makes the page.
"""

import asyncio

import js
from pyscript import document
from pyscript.ffi import to_js

import lobby
import reveal
import stats
import store
import table
from author import Author
from controls import Controls
from dom import by_id, listen, next_task, show_notice, spawn, toggle_class
from engine_client import Engine, stopped
from feedback import Feedback
from hand import Hand
from motion import Motion
from share import Share
from tabs import Tabs
from updates import offer_updates
from walkthrough import Walkthrough

js.performance.mark("ui-imported")  # a start-up stage (bench/startup.py reads the marks)

# The screen that keeps the round's log open beside the table (as app.css lays it out).
WIDE_SCREEN = "(min-width: 64rem) and (min-height: 36rem)"
# The settings switched on and off, and their checkboxes.
SWITCHES = {"sound": "sound", "vibration": "vibration", "four_colour": "four-colour",
            "large_cards": "large-cards"}
# The view's field that gives the hand in each order but the engine's own ("rank").
ORDER_FIELDS = {"suit": "suit_order", "dealt": "dealt_order"}

# How each kind of table is drawn, by the layout its views name (``view["table"]``).
LAYOUTS = {"tricks": table, "reveal": reveal}

# What a tab says while another tab plays its game (it offers Play here).
OPEN_ELSEWHERE = "Your game is open in another tab."
WENT_ON_ELSEWHERE = "Your game went on in another tab."


def table_slot(fragment):
    """A short name for an embedded table's link (its FNV-1a hash), under which its game
    is kept."""
    number = 2166136261
    for byte in fragment.encode():
        number = ((number ^ byte) * 16777619) & 0xFFFFFFFF
    return "t" + hex(number)[2:]


class Page:
    """The page's state: the screen shown, the engine once ready, the game's last view."""

    def __init__(self):
        self.engine = None
        self.engine_ready = False  # the engine is up and has restored the saved game
        self.view = None
        self.moves = 0  # how many actions the game has seen
        self.stats = {}  # the player's statistics (see store.load_stats)
        self.in_lobby = True  # the lobby is up; the game, if any, waits behind it
        self.busy = False  # an engine call or the bots' turns are under way
        self.bots_running = False
        self.pending_config = None  # Deal pressed before the engine was ready
        self.legacy_text = None  # what an earlier version kept here (a log), for the worker
        self.advice = None  # the engine's hint for the position at ``advice["moves"]``
        self.last_play = None  # (seat, cards, faces, view) of the latest play: it stays on show
        self.results_read = None  # the move count whose results the player went on from
        self.save_error_shown = False
        self.shape = None  # (upright, wide): the screen's shape the table was laid out for
        self.settings = dict(store.DEFAULT_SETTINGS)
        self.hand = Hand(by_id("hand"), self.can_act, self.update_controls,
                         lambda: spawn(self.play_selection()),
                         lambda reason: self.controls.say(reason, illegal=True),
                         self.one_card_at_a_time)
        self.controls = Controls(lambda: self.engine, self.update_controls)
        self.motion = Motion()
        self.feedback = Feedback(self.settings)
        self.share = Share(lambda: self.engine)
        self.author = Author(lambda: self.engine, lobby.config, lobby.selected_game)
        self.walkthrough = Walkthrough(self)
        self.link = None  # the game a link asks for (its fragment), until the engine reads it
        # An embedded table (embed.html) keeps its game apart, under a name of its link's;
        # it registers no service worker and counts no statistics.
        embedded = document.body.getAttribute("data-embed") == "true"
        self.slot = table_slot(js.location.hash) if embedded else None
        self.table_key = store.TABLE_KEY if self.slot is None else (
            store.TABLE_KEY + "/" + self.slot)
        self.confirming = None  # the config a new game waits to start with, once confirmed
        # One tab plays a game: another that holds it leaves this one waiting (Play here).
        self.elsewhere = False
        self.tabs = Tabs(self.slot, lambda: spawn(self.play_here()),
                         lambda: self.game_elsewhere(WENT_ON_ELSEWHERE))

    # ------------------------------------------------------------ start-up

    async def start(self):
        """The page's start, in steps with a task each (the browser paints and takes taps
        between them, which web/early-input.js holds for the UI); the handlers come last, so a
        tap is either held and replayed or handled, never both."""
        store.watch(show_notice)  # what cannot be kept is said, once for each kind
        store.move_legacy()  # what earlier versions kept for the origin, into the site's
        self.load_settings()
        lobby.restore()
        self.author.offer_examples()
        self.on_resize()
        by_id("log").open = self.shape[1]
        self.load_stats()
        await next_task()
        self.paint_saved_table()
        await next_task()
        lobby.watch_presets()
        listen(by_id("lobby-form"), "submit", self.on_deal)
        listen(by_id("resume"), "click", lambda event: self.resume_table())
        listen(by_id("confirm-new"), "close", self.on_confirm_new)
        listen(by_id("pace"), "change", self.on_pace)
        for name, element in SWITCHES.items():
            listen(by_id(element), "change", lambda event, name=name: self.on_switch(name, event))
        listen(by_id("menu-button"), "click", lambda event: self.open_menu())
        listen(by_id("menu-close"), "click", lambda event: by_id("menu").close())
        listen(by_id("menu"), "close", self.on_menu_closed)
        listen(by_id("notice-dismiss"), "click", lambda event: self.dismiss_notice())
        listen(by_id("leave"), "click", lambda event: self.leave_table())
        listen(by_id("play"), "click", lambda event: spawn(self.play_selection()))
        listen(by_id("pass"), "click", lambda event: spawn(self.pass_turn()))
        listen(by_id("hint-button"), "click", lambda event: spawn(self.ask_hint()))
        listen(by_id("undo"), "click", lambda event: spawn(self.undo()))
        listen(by_id("sort"), "change", self.on_sort)
        listen(by_id("say-button"), "click", lambda event: spawn(self.say()))
        listen(by_id("results-next"), "click", lambda event: self.after_results())
        listen(by_id("results-again"), "click", lambda event: self.play_again())
        listen(by_id("offer-guided"), "close", self.on_offer_closed)
        listen(by_id("lobby-share"), "click", lambda event: spawn(self.share.open_for_lobby(
            lobby.config(), lambda: self.engine_ready)))
        listen(by_id("menu-share"), "click", lambda event: self.share_game())
        listen(by_id("results-share"), "click", lambda event: self.share_game())
        listen(js.window, "resize", lambda event: self.on_resize())
        listen(document, "keydown", self.on_key)
        listen(document, "pointerdown", self.on_pointer)
        listen(by_id("stats-reset"), "click", lambda event: self.confirm_reset())
        listen(by_id("confirm-reset"), "close", self.on_confirm_reset)
        if "v=" in js.location.hash:  # a shared deal, replay or scenario, opened once up
            self.link = js.location.hash
            by_id("lobby-status").textContent = (
                "Opening the shared game as soon as the cards are ready…")
        self.replay_early_input()
        document.body.dataset.ui = "ready"
        form = by_id("lobby-form")
        if form.getAttribute("data-pending") == "deal":  # Deal pressed before the UI started
            form.removeAttribute("data-pending")
            self.deal()

    def replay_early_input(self):
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

    def load_settings(self):
        settings, fell_back = store.load_settings()
        self.settings.update(settings)  # the same dict the feedback reads
        if fell_back:
            show_notice("Some of your settings could not be read; the defaults are used.")
        by_id("pace").value = str(self.settings["pace"])
        by_id("sort").value = self.settings["sort"]
        for name, element in SWITCHES.items():
            by_id(element).checked = self.settings[name]
        by_id("vibration-switch").hidden = not hasattr(js.navigator, "vibrate")
        self.apply_looks()

    def on_pace(self, event):
        pace = int(event.target.value)
        if pace in store.PACES:
            self.settings["pace"] = pace
            store.write(store.SETTINGS_KEY, self.settings)
            if self.engine is not None:
                spawn(self.tell_pace())

    async def tell_pace(self):
        """The engine caps how long Hard thinks by the pace (a quicker pace, less)."""
        reply = await self.engine.set_pace(self.settings["pace"])
        if not reply["ok"] and not stopped(reply):
            js.console.error("The engine refused the pace: " + reply["error"]["message"])

    def on_switch(self, name, event):
        self.settings[name] = bool(event.target.checked)
        store.write(store.SETTINGS_KEY, self.settings)
        self.apply_looks()
        self.feedback.on_gesture()  # turning sound on is the gesture that lets it start

    def apply_looks(self):
        """The deck's colours and the cards' size (the hand lays itself out again)."""
        body = document.body
        body.setAttribute("data-deck", "four-colour" if self.settings["four_colour"]
                          else "two-colour")
        large = "true" if self.settings["large_cards"] else "false"
        if body.getAttribute("data-large-cards") != large:
            body.setAttribute("data-large-cards", large)

    # ------------------------------------------------------------ statistics

    def load_stats(self):
        self.stats, fell_back = store.load_stats()
        if fell_back:
            show_notice("Some of your statistics could not be read and were set aside.")
        stats.render(self.stats)

    def record_finished_game(self):
        """Count the game that just ended, once: at the step that ended it."""
        self.stats = store.record_game(self.stats, self.view)
        store.write(store.STATS_KEY, self.stats)
        stats.render(self.stats)

    def confirm_reset(self):
        dialog = by_id("confirm-reset")
        dialog.returnValue = ""
        dialog.showModal()

    def on_confirm_reset(self, event):
        if by_id("confirm-reset").returnValue == "reset":
            self.stats = {}
            store.forget(store.STATS_KEY)
            stats.render(self.stats)

    # ------------------------------------------------------------ the game's menu

    def open_menu(self):
        """The menu over the table: the rules of this game, the settings (the same
        controls as the lobby's, moved here while the menu is open), and leaving."""
        title = self.view["title"] if self.view is not None else ""
        by_id("menu-rules-title").textContent = "Rules of " + title
        rules = document.querySelector(f'#rules .game-rules[data-game="{self.view["game"]}"]')
        by_id("menu-rules-text").innerHTML = rules.innerHTML if rules else ""
        by_id("menu-settings").appendChild(by_id("settings-controls"))
        self.offer_orders(self.view)
        by_id("menu").showModal()

    def on_menu_closed(self, event):
        by_id("settings").appendChild(by_id("settings-controls"))
        self.offer_orders(None)  # the lobby's settings are for every game

    def offer_orders(self, view):
        """The hand's orders as the settings offer them: those ``view`` gives (every one
        with no view), the others greyed out, with a note saying how the hand shows."""
        select = by_id("sort")
        given = {sort: view is None or sort not in ORDER_FIELDS
                 or view.get(ORDER_FIELDS[sort]) is not None for sort in store.SORTS}
        options = select.options
        for index in range(options.length):
            options[index].disabled = not given[options[index].value]
        select.disabled = sum(given.values()) == 1
        note = ""
        if select.disabled:
            note = "This game has one order for your hand."
        elif not given[self.settings["sort"]]:
            note = (f"This game's hand cannot be shown "
                    f"{options[select.selectedIndex].text.lower()}: it is shown by rank.")
        by_id("sort-note").textContent = note
        by_id("sort-note").hidden = not note

    def leave_table(self):
        by_id("menu").close()
        self.show_lobby()

    def paint_saved_table(self):
        """Show the game in progress at once from its last view, while the engine loads
        and replays the saved game. The view is only a picture: one that cannot be
        drawn is set aside with a notice, and the engine's save decides. A save an
        earlier version kept here (log and view) is painted the same way, and its log
        handed to the engine, which keeps it from then on."""
        self.legacy_text, refusal = store.load_legacy()
        if refusal:
            store.forget(store.LEGACY_SAVE_KEY)
            show_notice("Your saved game could not be read (" + refusal
                        + "), so a new game starts here.")
        for key in (store.LEGACY_SAVE_KEY, self.table_key):
            view, moves, said, fell_back = store.load_table(key)
            if fell_back and key == self.table_key:
                store.forget(key)
                show_notice("The table kept on this device could not be read; your game "
                            "comes back from its save.")
            if view is not None:
                self.moves = moves
                by_id("last-event").textContent = said
                self.show_view(view)
                return

    def show_view(self, view):
        self.view = view
        self.in_lobby = False
        by_id("table").dataset.moves = str(self.moves)
        self.render()

    def discard_save(self, notice):
        store.forget(self.table_key)
        store.forget(store.LEGACY_SAVE_KEY)
        self.view = None
        show_notice(notice)
        self.show_lobby()

    async def connect_engine(self):
        try:
            await js.tycoonEngine.ready
        except Exception:  # the worker could not start: engine.js tells the player why
            return
        self.engine = Engine(js.tycoonEngine, lambda: self.game_elsewhere(WENT_ON_ELSEWHERE))
        await self.tell_pace()
        if self.slot is not None:
            await self.engine.use_slot(self.slot)
        if await self.tabs.hold():
            await self.take_up_game()
        else:
            self.engine_ready = True
            document.body.dataset.engine = "ready"
            self.game_elsewhere(OPEN_ELSEWHERE)
        await offer_updates()

    async def take_up_game(self):
        """This tab plays the game (it holds it): the engine claims the save, which another
        tab may have played on, and the game goes on here, or the new one asked for."""
        # A new game asked for while loading wins over the saved one shown meanwhile.
        if self.pending_config is None:
            await self.restore()
        self.engine_ready = True
        document.body.dataset.engine = "ready"
        if self.pending_config is not None:
            if not await self.new_game(self.pending_config):
                await self.restore()  # the game shown meanwhile goes on
        elif self.link is not None:
            await self.open_link()
        else:
            self.update_lobby()
            if self.view is not None and not self.in_lobby:
                spawn(self.run_bots())
        if self.view is None and self.pending_config is None:
            self.tabs.release()  # no game to play here: another tab may play one

    # ------------------------------------------------------------ another tab

    def game_elsewhere(self, text):
        """Another tab plays this game (this one was opened after it, or it took the game
        over): this tab stops, its bots too, says so and offers Play here."""
        self.elsewhere = True
        self.tabs.show(text)
        if self.view is not None and not self.in_lobby and not self.showing_results():
            self.update_controls()

    async def play_here(self):
        """Take the game over from the other tab: it goes on here from its save, where the
        other tab left it (that tab is told, and stops)."""
        if not self.elsewhere:
            return
        await self.tabs.hold(steal=True)
        self.elsewhere = False
        self.tabs.hide()
        # A new game asked for here replaces the one taken over only once asked, as ever.
        config, self.pending_config = self.pending_config, None
        await self.take_up_game()
        if config is None:
            return
        if self.game_in_progress():
            self.show_lobby()
            self.confirm_new_game(config)
        else:
            self.start_game(config)

    async def deal_here(self, config):
        """A new game, once this tab holds the game: a game another tab plays stays there
        until the player chooses to play here."""
        if await self.tabs.hold():
            await self.new_game(config)
        else:
            self.pending_config = config
            self.game_elsewhere(OPEN_ELSEWHERE)

    # ------------------------------------------------------------ lobby

    def on_deal(self, event):
        event.preventDefault()
        by_id("lobby-form").removeAttribute("data-pending")  # the page's guard marks every Deal
        if self.game_in_progress():
            self.confirm_new_game(None)
        else:
            self.deal()

    def game_in_progress(self):
        return self.view is not None and self.view["outcome"] is None

    def confirm_new_game(self, config):
        """A game in progress is never thrown away by one tap: a new one (``config``, or
        the lobby's choices) is asked first, keeping the game the default."""
        self.confirming = config
        dialog = by_id("confirm-new")
        by_id("confirm-new-text").textContent = (
            "Your game of " + self.view["title"] + " in progress (" + self.view["round_text"]
            + ") will be lost.")
        dialog.returnValue = ""
        dialog.showModal()

    def on_confirm_new(self, event):
        """The game in progress is replaced only once the new one has started (the worker
        saves it over the old): a new game that fails leaves the old one as it was."""
        if by_id("confirm-new").returnValue == "new":
            if self.confirming is None:
                self.deal()
            else:
                self.start_game(self.confirming)
        elif self.view is not None and self.in_lobby:
            self.update_lobby()

    async def open_link(self):
        """Open the game a link asks for (a deal, a replay, a scenario), asking first if a
        game is in progress. What the link got wrong is named in a notice; nothing from it
        is shown as markup. A reload then resumes the game, not the link."""
        fragment, self.link = self.link, None
        if self.slot is not None and self.view is not None:
            self.resume_table()  # an embedded table goes on with the game its link began
            return
        if self.slot is None:
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
        # A long replay's moves take a moment to read: each is checked as it is made.
        by_id("lobby-status").textContent = "Reading the link…"
        reply = await self.engine.read_link(fragment)
        by_id("lobby-status").textContent = ""
        if stopped(reply):
            return  # web/engine.js says so, and offers a restart
        notices = "; ".join(reply["notices"]) if reply["ok"] else reply["error"]["message"]
        if not reply["ok"] or reply["kind"] == "none":
            if notices:
                show_notice("This link could not be opened: " + notices + ".")
            if self.in_lobby:  # the game kept on show goes on
                self.update_lobby()
            else:
                self.resume_table()
            return
        if notices:
            show_notice("Part of the link was set aside: " + notices + ".")
        if self.game_in_progress():
            self.show_lobby()
            self.confirm_new_game(reply["config"])
        else:
            self.start_game(reply["config"])

    def share_game(self):
        by_id("menu").close()
        if self.engine_ready and self.view is not None:
            spawn(self.share.open_for_game())

    def deal(self):
        """A new game with the lobby's choices; the first of each game offers its guided
        trick first (once: it is never offered again for that game)."""
        config = self.share.seeded(lobby.config())
        lobby.remember()
        game = config["game"]
        if game not in self.settings["guided"]:
            # A new list each time: the defaults' own list is never changed.
            self.settings["guided"] = self.settings["guided"] + [game]
            store.write(store.SETTINGS_KEY, self.settings)
            dialog = by_id("offer-guided")
            by_id("offer-guided-title").textContent = "New to " + lobby.title(game) + "?"
            dialog.returnValue = ""
            dialog.showModal()
            return
        self.start_game(config)

    def on_offer_closed(self, event):
        config = self.share.seeded(lobby.config())
        if by_id("offer-guided").returnValue == "show":
            self.start_game({"tutorial": config["game"], "undo": True})
        else:
            self.start_game(config)

    def start_game(self, config):
        if self.elsewhere:
            self.pending_config = config
            by_id("lobby-status").textContent = "Play here to deal in this tab."
            return
        if not self.engine_ready:
            self.pending_config = config
            by_id("lobby-status").textContent = "Dealing as soon as the cards are ready…"
            return
        spawn(self.deal_here(config))

    def update_lobby(self):
        """While a game is in progress, Resume is the main action, and names the game."""
        resume = by_id("resume")
        deal = by_id("deal")
        in_progress = self.game_in_progress()
        resume.hidden = not in_progress
        if in_progress:
            resume.textContent = "Resume " + self.view["title"] + " · " + self.view["round_text"]
        deal.textContent = "New game" if in_progress else "Deal"
        toggle_class(deal, "primary", not in_progress)
        by_id("lobby-status").textContent = ""

    def show_lobby(self):
        self.in_lobby = True
        self.update_lobby()
        by_id("table").hidden = True
        by_id("results").hidden = True
        by_id("lobby").hidden = False

    def resume_table(self):
        self.in_lobby = False
        self.render()
        if self.engine_ready and not self.showing_results():
            spawn(self.run_bots())

    def on_resize(self):
        """On a turn to or from upright, seat the others again (all across the top, or
        around the sides); on a desktop, the log stays open."""
        upright = js.window.matchMedia("(orientation: portrait)").matches
        wide = js.window.matchMedia(WIDE_SCREEN).matches
        if self.shape is not None and self.shape[1] != wide:
            by_id("log").open = wide
        changed = self.shape is not None and self.shape[0] != upright
        self.shape = (upright, wide)
        if changed and not self.in_lobby and not self.showing_results():
            self.render()

    # ------------------------------------------------------------ keyboard

    def on_pointer(self, event):
        self.note_input(False)
        self.feedback.on_gesture()

    def note_input(self, by_keys):
        """Instructions name the input in use: keys, or a finger (or mouse)."""
        if self.controls.by_keys != by_keys:
            self.controls.by_keys = by_keys
            if self.view is not None and not self.in_lobby:
                self.update_controls()

    def on_key(self, event):
        """The table's keys (? lists them). Never while typing in a field, choosing from a
        list, or in a dialog, nor with Ctrl, Alt or Meta held."""
        self.feedback.on_gesture()
        target = event.target
        if (self.in_lobby or self.view is None or self.showing_results()
                or event.ctrlKey or event.altKey or event.metaKey
                or target.closest("input, select, textarea, dialog") is not None):
            return
        key = event.key
        on_card = target.closest("#hand .card") is not None
        if key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
            self.hand.move_focus(-1 if key in ("ArrowLeft", "ArrowUp") else 1)
        elif key == "Enter" and (on_card or target == document.body):
            spawn(self.play_selection())  # Space on a card selects it (the button's own key)
        elif key in ("p", "P"):
            spawn(self.pass_turn())
        elif key in ("h", "H"):
            spawn(self.ask_hint())
        elif key == "Escape":
            self.hand.clear()
            self.update_controls()
        elif key == "?":
            by_id("keys-help").showModal()
        else:
            return
        event.preventDefault()
        self.note_input(True)

    def dismiss_notice(self):
        by_id("notice").hidden = True

    # ------------------------------------------------------------ the game

    async def new_game(self, config):
        self.pending_config = None
        reply = await self.engine.new_game(config)
        if not reply["ok"]:
            kept = " Your game in progress is kept." if self.game_in_progress() else ""
            show_notice("The new game could not start: " + reply["error"]["message"] + "."
                        + kept)
            self.update_lobby()
            return False
        store.forget(self.table_key)  # the old game's picture: the new one is drawn next
        self.share.dealt(config)
        self.last_play = None
        self.in_lobby = False
        self.accept(reply)
        self.hand.lay_out()  # where the dealt cards fly to
        self.motion.deal(self.settings["pace"])
        self.hand.focus_card(0)
        await self.run_bots()
        return True

    async def restore(self):
        """Ask the engine for the game it saved (or for the one an earlier version of the
        page saved here, which the worker takes over)."""
        legacy = self.legacy_text
        self.legacy_text = None
        reply = await self.engine.resume(legacy)
        if stopped(reply):
            return  # the save is kept for the restart web/engine.js offers
        if self.elsewhere:
            return  # another tab took the game meanwhile, and plays it
        if not reply["ok"]:
            error = reply["error"]
            if error["type"] == "StorageError":
                self.discard_save("Tycoon Table cannot keep games here: " + error["message"]
                                  + ". Each game ends when the page is closed.")
            else:
                self.discard_save("Your saved game could not be read (" + error["message"]
                                  + "), so a new game starts here.")
            return
        if legacy is not None:
            store.forget(store.LEGACY_SAVE_KEY)
        view = reply["view"]
        if view is None:
            if self.view is not None:
                self.discard_save("Your saved game was not found, so a new game starts here.")
        elif view["outcome"] is not None and self.in_lobby:
            await self.engine.forget()  # its results were read before the engine was ready
        else:
            self.accept(reply)

    def accept(self, reply, step=False):
        """Take the engine's new view (after a step, if ``step``): show it, and keep it to
        paint the table at once on the next visit. Returns how long, in ms, what the step
        moved takes to arrive."""
        if step:
            self.motion.before(reply, self.settings["pace"])
            # A play stays on show while the trick it won is cleared in the new view.
            played = reply["kind"] == "play"
            self.last_play = (reply["seat"], reply["cards"], reply.get("faces"),
                              reply["view"]) if played else None
            by_id("last-event").textContent = reply["text"]
        before = self.view
        self.moves = reply["moves"]
        self.view = reply["view"]
        # What the middle says is kept too, so a reload shows the last move told.
        store.write(self.table_key, {"view": self.view, "moves": self.moves,
                                     "said": by_id("last-event").textContent})
        if reply.get("save_error") and not self.save_error_shown:
            self.save_error_shown = True
            show_notice("Your game cannot be saved: " + reply["save_error"]
                        + ". It ends when the page is closed.")
        # How many actions the game has seen: a count that only grows (tests wait on it).
        by_id("table").dataset.moves = str(self.moves)
        self.render()
        if step:
            self.cue(reply, before)
            if (self.view["outcome"] is not None and self.view["script"] is None
                    and self.slot is None and (before is None or before["outcome"] is None)):
                self.record_finished_game()  # not a guided trick played on, nor an embed
        moving = 0
        if step and not self.in_lobby and not self.showing_results():
            moving = self.motion.after(reply, self.view, self.settings["pace"])
            if reply["kind"] == "deal":  # a new hand: the keyboard's focus goes to it
                self.hand.focus_card(0)
        return moving

    def cue(self, step, before):
        """The sound (and vibration) of a step, if the player turned them on."""
        view = self.view
        if self.showing_results():
            self.feedback.cue("round_end")
        elif before is not None and view.get("revolution") and not before.get("revolution"):
            self.feedback.cue("revolution")
        elif view["your_turn"] and (before is None or not before["your_turn"]):
            self.feedback.cue("turn")
        elif step["kind"] in ("play", "pass"):
            self.feedback.cue(step["kind"])

    async def perform(self, move):
        """Send the human's move (an ``act`` the view offered); then the bots play."""
        if not self.can_act():
            return
        self.busy = True
        self.update_controls()
        reply = await self.engine.act(move)
        if self.elsewhere:  # the move was not kept: the game went on in another tab
            self.busy = False
            self.update_controls()
            return
        if not reply["ok"]:
            self.busy = False
            self.view = reply.get("view") or self.view
            self.render()
            self.controls.say(reply["error"]["message"], illegal=True)
            return
        self.advice = None
        self.hand.clear()
        self.accept(reply, step=True)
        await asyncio.sleep_ms(self.settings["pace"] // 2)
        await self.run_bots()

    async def play_selection(self):
        move = self.controls.chosen(self.view, self.hand.selected_ids())
        if move is not None:
            await self.perform(move)

    async def say(self):
        """Say the phrase chosen in the table talk's list (a move the view offered)."""
        act = by_id("say").value
        if act and any(move["act"] == act for move in self.view["legal"]):
            await self.perform(act)

    async def pass_turn(self):
        move = self.controls.pass_move(self.view) if self.view is not None else None
        if move is not None:
            await self.perform(move["act"])

    def forget_game(self):
        """The game is over for this page (finished, or given up for a new one)."""
        store.forget(self.table_key)
        self.view = None
        if self.engine_ready:
            spawn(self.engine.forget())

    def play_again(self):
        """A new game with the same choices: the lobby's form still holds them."""
        self.forget_game()
        by_id("results").hidden = True
        self.deal()

    async def run_bots(self):
        """Advance the bots (and the deals) one step at a time, at the chosen pace, until
        the human must act, a round's results are to be read, or the game is over."""
        if self.bots_running:
            return
        self.bots_running = True
        self.busy = True
        self.update_controls()
        try:
            while not self.showing_results() and not self.in_lobby and not self.elsewhere:
                reply = await self.engine.advance()
                if self.elsewhere:
                    break  # the game went on in another tab: this step was not kept
                if stopped(reply):
                    break  # web/engine.js says so, and offers a restart
                if not reply["ok"]:
                    raise RuntimeError(reply["error"]["message"])
                if reply["action"] is None:
                    self.view = reply["view"]
                    break
                moving = self.accept(reply, step=True)
                # The pace, or longer while the step's cards are still on their way (a
                # deal's hand, then what its exchange forced over).
                await asyncio.sleep_ms(max(self.settings["pace"], moving))
        finally:
            self.bots_running = False
            self.busy = False
        self.render()

    def on_sort(self, event):
        """The hand by rank (the engine's order), grouped by suit, or as dealt; kept as a
        setting."""
        if event.target.value in store.SORTS:
            self.settings["sort"] = event.target.value
            store.write(store.SETTINGS_KEY, self.settings)
            if by_id("menu").open:
                self.offer_orders(self.view)
            if self.view is not None and not self.in_lobby and not self.showing_results():
                self.render()

    async def undo(self):
        """Take back your last move (a practice game): the engine replays the game
        without it, and the position before it comes back."""
        if not self.engine_idle() or not self.view.get("can_undo"):
            return
        self.busy = True
        self.update_controls()
        reply = await self.engine.undo()
        self.busy = False
        if not reply["ok"]:
            self.controls.say(reply["error"]["message"], illegal=True)
            self.update_controls()
            return
        self.advice = None
        self.last_play = None
        self.hand.clear()
        by_id("last-event").textContent = "You took back your move."
        self.accept(reply)

    def engine_idle(self):
        """Whether the engine is up and idle (no call or bot turn under way), and the game
        is played in this tab."""
        return (self.engine_ready and not self.busy and self.view is not None
                and not self.elsewhere)

    async def ask_hint(self):
        """The engine's suggestion for this turn: its reason is shown, its cards selected
        (or Pass marked); the player still decides."""
        if not self.can_act():
            return
        moves = self.moves
        self.controls.say("Thinking…")
        reply = await self.engine.hint()
        if moves != self.moves or not self.can_act():
            return  # the game moved on meanwhile
        if not reply["ok"]:
            self.controls.say(reply["error"]["message"], illegal=True)
            return
        # A move of no card is the button beside Play (a pass, a matchstick discarded) or
        # a phrase of table talk, chosen in its list.
        pass_move = self.controls.pass_move(self.view)
        self.advice = {"moves": moves, "reason": reply["reason"], "act": reply["text"],
                       "pass": pass_move is not None and pass_move["act"] == reply["text"]}
        if reply["text"] in self.controls.phrases():
            by_id("say").value = reply["text"]
        self.hand.select_ids(reply["cards"])
        self.update_controls()

    def current_advice(self):
        """The hint for the position on show, if the player asked for one."""
        advice = self.advice
        return advice if advice is not None and advice["moves"] == self.moves else None

    def one_card_at_a_time(self):
        """Whether every move the view offers with cards takes one card (a Corporation
        commit): then a tap on another card moves the selection."""
        sizes = {len(move["cards"]) for move in self.view["legal"] if move["cards"]}
        return sizes == {1}

    def can_act(self):
        return self.engine_idle() and self.view["your_turn"]

    # ------------------------------------------------------------ screens

    def showing_results(self):
        """A round has ended (or the game): its results stay up until the player goes on."""
        return (self.view is not None and self.view["last_round"] is not None
                and self.results_read != self.moves)

    def render(self):
        if self.in_lobby:
            return
        by_id("lobby").hidden = True
        if self.showing_results():
            by_id("table").hidden = True
            by_id("results").hidden = False
            results = by_id("results")
            results.dataset.layout = self.view["table"]
            # A reveal is told a line at a time, at the bots' pace.
            results.style.setProperty("--step-ms", str(self.settings["pace"] // 2) + "ms")
            LAYOUTS[self.view["table"]].render_results(self.view)
            LAYOUTS[self.view["table"]].focus_results()
            return
        by_id("results").hidden = True
        by_id("table").hidden = False
        last_play = self.last_play
        shown = last_play[:3] if last_play is not None and last_play[3] is self.view else None
        layout = LAYOUTS[self.view["table"]]
        by_id("table").dataset.layout = self.view["table"]
        layout.render_table(self.view, shown)
        self.walkthrough.render(self.view, self.busy)
        # The order the setting asks for where the view gives it (not every game's cards
        # have suits, or a deal), else the engine's.
        field = ORDER_FIELDS.get(self.settings["sort"])
        self.hand.show(self.view["hand"], self.view["held_back"],
                       self.view.get(field) if field else None)
        self.update_controls()

    def update_controls(self):
        self.controls.update(self.view, self.can_act(), self.hand.selected_ids(),
                             self.current_advice())
        if self.elsewhere and self.view is not None:  # not "Your turn": not in this tab
            by_id("turn").textContent = "Playing in another tab"
        undo = by_id("undo")
        undo.hidden = self.view is None or not self.view.get("undo")
        undo.setAttribute("aria-disabled", "false" if self.engine_idle()
                          and self.view.get("can_undo") else "true")

    def after_results(self):
        if self.view["outcome"] is not None:
            self.forget_game()
            self.show_lobby()
            return
        # The round's results have been read: the next step deals the next round.
        self.results_read = self.moves
        self.render()
        spawn(self.run_bots())

