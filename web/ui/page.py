"""Tycoon Table's page: MicroPython on the main thread, starting in a fraction of a second
while the engine worker is still loading Pyodide, so the lobby, the rules and the
settings work at once.

It shows the views the engine worker sends and sends back the moves they offer; it
knows no rules: what can be played, what a move is called and why it cannot be
played all come from the engine (``engine.api``), through the worker's JSON calls.
It never holds a hidden card: the worker sends views (the human's observation)
and public steps, and keeps and saves the game's log itself.

The page's state is one value (``screens``): a screen (the lobby, the table, a round's
or the game's results, a reader's replay) and the sheet open over it, moved on by
``screens.after`` alone (``go``). Each screen and sheet is a module: ``lobby_screen``
(with ``lobby``, the form's choices), ``table_screen`` (drawing a view by the layout it
names: ``table`` for tricks, ``reveal`` for Corporation, over one card-drawing module),
``results_screen``, ``walkthrough`` (the guided trick's and a reader's panel),
``exchange`` (the sheet of a later round's exchange, over the table),
``menu_sheet``, ``settings_sheet``, ``share``, ``stats``, ``author``, ``challenges`` (a
friend's deal played and compared), ``today`` (today's deal); ``controls`` holds
the hint, the value picker and the buttons, ``hand`` the cards. ``game`` plays the game
on show (moves, the bots' pace, hints, undo); ``keys`` the keyboard; ``tabs`` which tab
plays; ``motion`` and ``feedback`` what moves and sounds; ``updates`` the service
worker. This module starts them, holds the state and the view, and moves between
screens. ``startup`` starts the page (its handlers, what was kept); ``main`` makes it.
"""

import js
from pyscript import document

import lobby
import reveal
import screens
import store
import table
from author import Author
from challenges import Challenges
from controls import Controls
from cover import Cover, covered, shared
from dom import by_id, spawn
from engine_client import Engine
from exchange import Exchange
from feedback import Feedback
from game import Game
from hand import Hand
from keys import Keys
from language import N_, _
from lobby_screen import LobbyScreen
from menu_sheet import Menu
from motion import Motion
from results_screen import ResultsScreen
from saved_game import SavedGame
from settings_sheet import Settings
from share import Share
from stats import Statistics
from table_screen import TableScreen
from tabs import Tabs
from today import TodaysDeal
from updates import offer_updates
from walkthrough import Walkthrough

js.performance.mark("ui-imported")  # a start-up stage (bench/startup.py reads the marks)

# The screen that keeps the round's log open beside the table (as web/css/wide.css lays it out).
WIDE_SCREEN = "(min-width: 64rem) and (min-height: 36rem)"

# How each kind of table is drawn, by the layout its views name (``view["table"]``).
LAYOUTS = {"tricks": table, "reveal": reveal}

# What a tab says while another tab plays its game (it offers Play here).
OPEN_ELSEWHERE = N_("Your game is open in another tab.")
WENT_ON_ELSEWHERE = N_("Your game went on in another tab.")
# What the turn line says while the engine loads under a kept picture of the player's turn.
ENGINE_LOADING = N_("Getting the cards ready…")

# How long a short notice on the table (a turn passed for you) stays up, in ms.
TOAST_MS = 2600


def table_slot(fragment):
    """A short name for an embedded table's link (its FNV-1a hash), under which its game
    is kept."""
    number = 2166136261
    for byte in fragment.encode():
        number = ((number ^ byte) * 16777619) & 0xFFFFFFFF
    return "t" + hex(number)[2:]


class Page:
    """The page's state (screen and sheet), the engine once ready, the game's last view."""

    def __init__(self):
        self.state = screens.START
        self.engine = None
        self.engine_ready = False  # the engine is up and has restored the saved game
        self.view = None
        self.moves = 0  # how many actions the game has seen
        # At a table of several people at this phone, the seat of the one holding it: the
        # views are theirs. None until someone says so after a reload (the table is
        # covered meanwhile); at a table of one person, that person's seat or None.
        self.holder = None
        self.pending_config = None  # Deal pressed before the engine was ready
        self.shape = None  # (upright, wide): the screen's shape the table was laid out for
        self.toast_timer = None
        self.settings_sheet = Settings(self)
        self.settings = self.settings_sheet.values
        self.game = Game(self)
        self.saved_game = SavedGame(self)
        self.hand = Hand(by_id("hand"), self.game.can_act, self.update_controls,
                         lambda: spawn(self.game.play_selection()),
                         lambda reason: self.controls.say(reason, illegal=True),
                         self.game.one_card_at_a_time)
        self.controls = Controls(lambda: self.engine, lambda: self.holder,
                                 self.update_controls)
        self.motion = Motion()
        self.feedback = Feedback(self.settings)
        self.challenges = Challenges(self)
        self.today = TodaysDeal(self)
        self.share = Share(lambda: self.engine, self.open_dialog, self.settings,
                           lambda: (self.challenges.can_send(self.view),
                                    self.challenges.fragment))
        self.author = Author(lambda: self.engine, lobby.config, lobby.selected_game)
        self.walkthrough = Walkthrough(self)
        self.lobby = LobbyScreen(self)
        self.table_screen = TableScreen(self, LAYOUTS)
        self.cover = Cover(self)
        self.exchange = Exchange(self)
        self.results = ResultsScreen(self, LAYOUTS)
        self.menu = Menu(self)
        self.statistics = Statistics(self)
        self.keys = Keys(self)
        self.link = None  # the game a link asks for (its fragment), until the engine reads it
        # An embedded table (embed.html) keeps its game apart, under a name of its link's;
        # it registers no service worker and counts no statistics.
        embedded = document.body.getAttribute("data-embed") == "true"
        self.slot = table_slot(js.location.hash) if embedded else None
        self.table_key = store.TABLE_KEY if self.slot is None else (
            store.TABLE_KEY + "/" + self.slot)
        # One tab plays a game: another that holds it leaves this one waiting (Play here).
        self.elsewhere = False
        self.engine_stopped = False  # the worker stopped (web/engine.js offers a restart)
        self.tabs = Tabs(self.slot, lambda: spawn(self.play_here()),
                         lambda: self.game_elsewhere(WENT_ON_ELSEWHERE))
        # Where the banners live while no sheet is open (the element they follow).
        self.banners_after = by_id("banners").previousElementSibling

    # ------------------------------------------------------------ the state

    def screen(self):
        return self.state[0]

    def go(self, event, detail=None):
        """Move the state on (``screens.after``), show it, and draw the screen again when
        it changed or the game moved."""
        before = self.state
        self.state = screens.after(before, event, detail)
        body = document.body
        body.dataset.screen = self.state[0]
        if self.state[1] is None:
            body.removeAttribute("data-sheet")
        else:
            body.dataset.sheet = self.state[1]
        if self.state[0] != before[0] or event in (screens.SHOW_GAME, screens.STEP):
            self.render()

    def open_dialog(self, dialog_id, sheet):
        """Open a dialog as the sheet ``sheet``; its close event closes the sheet."""
        dialog = by_id(dialog_id)
        dialog.returnValue = ""
        dialog.showModal()
        self.place_banners()
        self.go(screens.OPEN, sheet)

    def place_banners(self):
        """The banners go where they can be read and answered: into the open sheet (a
        modal sheet makes the rest of the page inert), else back over the page. Moved in
        after the sheet opened, so its own first control keeps the focus."""
        banners = by_id("banners")
        sheet = document.querySelector("dialog:modal")
        if sheet is not None:
            sheet.prepend(banners)
        else:
            self.banners_after.after(banners)

    def covered(self):
        """Whether the table is covered: the phone is to pass to another person (or,
        after a reload, the person holding it is to say who they are)."""
        return self.screen() in screens.TABLE_SCREENS and covered(self.view, self.holder)

    def render(self):
        screen = self.screen()
        cover = self.covered()
        if cover:
            document.body.dataset.cover = "true"
        else:
            document.body.removeAttribute("data-cover")
        by_id("lobby").hidden = screen != screens.LOBBY
        by_id("table").hidden = screen not in screens.TABLE_SCREENS or cover
        by_id("cover").hidden = not cover
        by_id("results").hidden = screen not in screens.RESULTS_SCREENS
        if screen == screens.LOBBY or self.view is None:
            return  # a new game on its way keeps what is drawn until it is dealt
        if screen in screens.RESULTS_SCREENS:
            self.results.render(self.view)
        elif cover:
            self.cover.render(self.view)
        else:
            self.table_screen.render(self.view)

    def update_controls(self):
        view = self.view
        game = self.game
        self.controls.update(view, game.can_act(), self.hand.selected_ids(),
                             game.current_advice())
        self.walkthrough.update_steps(view, game.busy or game.bots_running)
        turn = by_id("turn")
        said = turn.textContent
        if view is None:
            pass
        elif self.engine_stopped:  # not "Your turn": no move is taken
            said = _("The game stopped: restart it to play on")
        elif self.elsewhere:  # not "Your turn": not in this tab
            said = _("Playing in another tab")
        elif view["your_turn"] and not self.engine_ready:
            # The kept picture, painted while the engine loads: "Your turn" only once a
            # tap is taken.
            said = _(ENGINE_LOADING)
        else:
            said = view["prompt"]
        if turn.textContent != said:  # the same words are not announced again
            turn.textContent = said
        undo = by_id("undo")
        undo.hidden = view is None or not view.get("undo")
        undo.setAttribute("aria-disabled", "false" if view is not None and game.can_undo()
                          else "true")
        mute = by_id("mute")
        mute.setAttribute("aria-pressed", "false" if self.settings["sound"] else "true")

    def toast(self, text):
        """A short notice over the table's bottom edge, which goes by itself."""
        toast = by_id("toast")
        toast.textContent = text
        toast.hidden = False
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)

        def hide():
            toast.hidden = True

        self.toast_timer = js.setTimeout(hide, TOAST_MS)

    def on_setting(self, name):
        """A setting changed: what it shows is drawn again, and a pass for you may be due."""
        if self.view is None or self.screen() not in screens.TABLE_SCREENS:
            return
        if name in ("sort", "sound"):
            self.render()
        elif name == "auto_pass":
            spawn(self.game.pass_for_you())

    def on_engine_stopped(self):
        self.engine_stopped = True
        if self.view is not None and self.screen() in screens.TABLE_SCREENS:
            self.update_controls()

    def game_in_progress(self):
        return self.view is not None and self.view["outcome"] is None

    # ------------------------------------------------------------ the engine

    async def connect_engine(self):
        try:
            await js.tycoonEngine.ready
        except Exception:  # the worker could not start: engine.js tells the player why
            return
        self.engine = Engine(js.tycoonEngine, lambda: self.game_elsewhere(WENT_ON_ELSEWHERE))
        await self.settings_sheet.tell_pace()
        await self.settings_sheet.tell_language()
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
            await self.saved_game.restore()
        self.engine_ready = True
        document.body.dataset.engine = "ready"
        if self.pending_config is not None:
            if not await self.game.new_game(self.pending_config):
                await self.saved_game.restore()  # the game shown meanwhile goes on
        elif self.link is not None:
            await self.lobby.open_link()
        else:
            self.lobby.update()
            if self.view is not None and self.screen() != screens.LOBBY:
                spawn(self.game.run_bots())
        if self.view is None and self.pending_config is None:
            self.tabs.release()  # no game to play here: another tab may play one

    def resume_table(self):
        if shared(self.view):
            self.holder = None  # the phone may have changed hands meanwhile: the cover asks
        self.go(screens.SHOW_GAME, self.view)
        if self.engine_ready and self.screen() in screens.TABLE_SCREENS:
            spawn(self.game.run_bots())

    def on_resize(self):
        """On a turn to or from upright, seat the others again (all across the top, or
        around the sides); on a desktop, the log stays open."""
        upright = js.window.matchMedia("(orientation: portrait)").matches
        wide = js.window.matchMedia(WIDE_SCREEN).matches
        if self.shape is not None and self.shape[1] != wide:
            by_id("log").open = wide
        changed = self.shape is not None and self.shape[0] != upright
        self.shape = (upright, wide)
        if changed and self.screen() in screens.TABLE_SCREENS:
            self.render()

    def on_sheet_closed(self, sheet):
        self.place_banners()
        self.go(screens.CLOSE, sheet)

    def dismiss_notice(self):
        by_id("notice").hidden = True

    # ------------------------------------------------------------ another tab

    def game_elsewhere(self, text):
        """Another tab plays this game (this one was opened after it, or it took the game
        over): this tab stops, its bots too, says so and offers Play here."""
        self.elsewhere = True
        self.tabs.show(_(text))
        if self.view is not None and self.screen() in screens.TABLE_SCREENS:
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
            self.lobby.show()
            self.lobby.confirm_new_game(config)
        else:
            self.lobby.start_game(config)

    async def deal_here(self, config):
        """A new game, once this tab holds the game: a game another tab plays stays there
        until the player chooses to play here."""
        if await self.tabs.hold():
            await self.game.new_game(config)
        else:
            self.pending_config = config
            self.game_elsewhere(OPEN_ELSEWHERE)
