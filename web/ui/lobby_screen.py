"""The lobby as a screen: dealing a game with its choices (``lobby`` holds them), resuming
the one in progress, opening a shared link, the guided trick offered to a newcomer; a game
in progress is only replaced once the player says so and the new one has started."""

import js

import lobby
import screens
import store
from dom import by_id, listen, show_notice, spawn, toggle_class
from engine_client import stopped


class LobbyScreen:
    def __init__(self, page):
        self.page = page  # the game on show, the engine and the state, as it holds them
        self.confirming = None  # the config a new game waits to start with, once confirmed

    def watch(self):
        page = self.page
        listen(by_id("lobby-form"), "submit", self.on_deal)
        listen(by_id("resume"), "click", lambda event: page.resume_table())
        listen(by_id("confirm-new"), "close", self.on_confirm_new)
        listen(by_id("offer-guided"), "close", self.on_offer_closed)
        listen(by_id("lobby-share"), "click", lambda event: spawn(page.share.open_for_lobby(
            lobby.config(), lambda: page.engine_ready)))

    def on_deal(self, event):
        event.preventDefault()
        by_id("lobby-form").removeAttribute("data-pending")  # the page's guard marks every Deal
        if self.page.game_in_progress():
            self.confirm_new_game(None)
        else:
            self.deal()

    def confirm_new_game(self, config):
        """A game in progress is never thrown away by one tap: a new one (``config``, or
        the lobby's choices) is asked first, keeping the game the default."""
        self.confirming = config
        view = self.page.view
        by_id("confirm-new-text").textContent = (
            "Your game of " + view["title"] + " in progress (" + view["round_text"]
            + ") will be lost.")
        self.page.open_dialog("confirm-new", "confirm")

    def on_confirm_new(self, event):
        """The game in progress is replaced only once the new one has started (the worker
        saves it over the old): a new game that fails leaves the old one as it was."""
        page = self.page
        if by_id("confirm-new").returnValue == "new":
            if self.confirming is None:
                self.deal()
            else:
                self.start_game(self.confirming)
        elif page.view is not None and page.screen() == screens.LOBBY:
            self.update()

    async def open_link(self):
        """Open the game a link asks for (a deal, a replay, a scenario), asking first if a
        game is in progress. What the link got wrong is named in a notice; nothing from it
        is shown as markup. A reload then resumes the game, not the link."""
        page = self.page
        fragment, page.link = page.link, None
        if page.slot is not None and page.view is not None:
            page.resume_table()  # an embedded table goes on with the game its link began
            return
        if page.slot is None:
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
        # A long replay's moves take a moment to read: each is checked as it is made.
        by_id("lobby-status").textContent = "Reading the link…"
        reply = await page.engine.read_link(fragment)
        by_id("lobby-status").textContent = ""
        if stopped(reply):
            return  # web/engine.js says so, and offers a restart
        notices = "; ".join(reply["notices"]) if reply["ok"] else reply["error"]["message"]
        if not reply["ok"] or reply["kind"] == "none":
            if notices:
                show_notice("This link could not be opened: " + notices + ".")
            if page.screen() == screens.LOBBY:  # the game kept on show goes on
                self.update()
            else:
                page.resume_table()
            return
        if notices:
            show_notice("Part of the link was set aside: " + notices + ".")
        if page.game_in_progress():
            self.show()
            self.confirm_new_game(reply["config"])
        else:
            self.start_game(reply["config"])

    def deal(self):
        """A new game with the lobby's choices; the first of each game offers its guided
        trick first (once: it is never offered again for that game)."""
        page = self.page
        config = page.share.seeded(lobby.config())
        lobby.remember()
        game = config["game"]
        settings = page.settings
        if game not in settings["guided"]:
            # A new list each time: the defaults' own list is never changed.
            settings["guided"] = settings["guided"] + [game]
            store.write(store.SETTINGS_KEY, settings)
            by_id("offer-guided-title").textContent = "New to " + lobby.title(game) + "?"
            page.open_dialog("offer-guided", "guided-offer")
            return
        self.start_game(config)

    def on_offer_closed(self, event):
        config = self.page.share.seeded(lobby.config())
        if by_id("offer-guided").returnValue == "show":
            self.start_game({"tutorial": config["game"], "undo": True})
        else:
            self.start_game(config)

    def start_game(self, config):
        page = self.page
        if page.elsewhere:
            page.pending_config = config
            by_id("lobby-status").textContent = "Play here to deal in this tab."
            return
        if not page.engine_ready:
            page.pending_config = config
            by_id("lobby-status").textContent = "Dealing as soon as the cards are ready…"
            return
        spawn(page.deal_here(config))

    def update(self):
        """While a game is in progress, Resume is the main action, and names the game."""
        view = self.page.view
        resume = by_id("resume")
        deal = by_id("deal")
        in_progress = self.page.game_in_progress()
        resume.hidden = not in_progress
        if in_progress:
            resume.textContent = "Resume " + view["title"] + " · " + view["round_text"]
        deal.textContent = "New game" if in_progress else "Deal"
        toggle_class(deal, "primary", not in_progress)
        by_id("lobby-status").textContent = ""

    def show(self):
        self.page.go(screens.GO_TO_LOBBY)
        self.update()
