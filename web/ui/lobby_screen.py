"""The lobby as a screen: a tile for each game, whose tap deals it with its last choices
(``lobby`` holds them), and whose Options opens its choices in a sheet with a Deal of its
own; resuming the game in progress (its tile comes first); opening a shared link; the
guided trick offered to a newcomer. A game in progress is only replaced once the player
says so and the new one has started. (A game's How to play is plain HTML: web/early-input.js
opens its rules.)"""

import js

import lobby
import scores
import screens
import store
from dom import by_id, listen, show_notice, spawn
from engine_client import stopped
from language import N_, _

OPTIONS = "options"  # the options sheet's dialog


def _elements(selector):
    found = js.document.querySelectorAll(selector)
    return [found[index] for index in range(found.length)]


class LobbyScreen:
    def __init__(self, page):
        self.page = page  # the game on show, the engine and the state, as it holds them
        self.confirming = None  # the config a new game waits to start with, once confirmed

    def watch(self):
        page = self.page
        for tile in _elements("[data-deal]"):
            listen(tile, "click", lambda event: self.deal_game(
                event.currentTarget.getAttribute("data-deal")))
        for button in _elements("[data-options]"):
            listen(button, "click", lambda event: self.open_options(
                event.currentTarget.getAttribute("data-options")))
        listen(by_id("lobby-form"), "submit", self.on_deal)
        listen(by_id("resume"), "click", lambda event: page.resume_table())
        listen(by_id("confirm-new"), "close", self.on_confirm_new)
        listen(by_id("offer-guided"), "close", self.on_offer_closed)
        listen(by_id("lobby-share"), "click", lambda event: self.share())
        if by_id(OPTIONS).open:  # opened before the UI started (web/early-input.js)
            page.go(screens.OPEN, "options")

    def open_options(self, game):
        lobby.choose(game)
        self.page.open_dialog(OPTIONS, "options")

    def deal_game(self, game):
        """A game's tile: a new game of it with its last choices, once a game in progress
        may be replaced."""
        lobby.choose(game)
        self.new_game()

    def on_deal(self, event):
        if event.submitter is not None and event.submitter.value == "close":
            return  # the sheet's Close: the dialog closes itself
        event.preventDefault()
        by_id("lobby-form").removeAttribute("data-pending")  # the page's guard marks every Deal
        by_id(OPTIONS).close()
        self.new_game()

    def new_game(self):
        if self.page.game_in_progress():
            self.confirm_new_game(None)
        else:
            self.deal()

    def share(self):
        """Share a deal of the sheet's game and choices: the sheet gives way to the link."""
        page = self.page
        config = lobby.config()
        by_id(OPTIONS).close()
        spawn(page.share.open_for_lobby(config, lambda: page.engine_ready))

    def confirm_new_game(self, config):
        """A game in progress is never thrown away by one tap: a new one (``config``, or
        the lobby's choices) is asked first, keeping the game the default."""
        self.confirming = config
        view = self.page.view
        by_id("confirm-new-text").textContent = _(
            "Your game of {title} in progress ({round}) will be lost.").format(
                title=view["title"], round=view["round_text"])
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
        """Open the game a link asks for (a deal, a replay, a scenario; a challenge, which
        ``challenges`` asks about), asking first if a game is in progress. What the link
        got wrong is named in a notice, with the engine's caution about the game it opens
        (its bots may play otherwise than where it was shared); nothing from it is shown
        as markup. A reload then resumes the game, not the link."""
        page = self.page
        fragment, page.link = page.link, None
        if page.slot is not None and page.view is not None:
            page.resume_table()  # an embedded table goes on with the game its link began
            return
        if page.slot is None:
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
        # A long replay's moves take a moment to read: each is checked as it is made.
        by_id("lobby-status").textContent = _("Reading the link…")
        reply = await page.engine.read_link(fragment)
        by_id("lobby-status").textContent = ""
        if stopped(reply):
            return  # web/engine.js says so, and offers a restart
        if reply["ok"] and reply["kind"] == "challenge":
            await page.challenges.offer(fragment)  # asked first, and its moves replayed
            return
        notices = "; ".join(reply["notices"]) if reply["ok"] else reply["error"]["message"]
        if not reply["ok"] or reply["kind"] == "none":
            if notices:
                show_notice(_("This link could not be opened: {why}.").format(why=notices))
            if page.screen() == screens.LOBBY:  # the game kept on show goes on
                self.update()
            else:
                page.resume_table()
            return
        said = [_("Part of the link was set aside: {what}.").format(what=notices)] if (
            notices) else []
        if reply["caution"]:
            said.append(reply["caution"])
        if said:
            show_notice(" ".join(said))
        if page.game_in_progress():
            self.show()
            self.confirm_new_game(reply["config"])
        else:
            self.start_game(reply["config"])

    def deal(self):
        """A new game with the lobby's choices; the first of each game offers its guided
        trick first (once: it is never offered again for that game)."""
        page = self.page
        for tile in _elements("[data-deal][data-pending]"):  # a deal held before the UI
            tile.removeAttribute("data-pending")
        config = page.share.seeded(lobby.config())
        lobby.remember()
        game = config["game"]
        settings = page.settings
        if game not in settings["guided"]:
            # A new list each time: the defaults' own list is never changed.
            settings["guided"] = settings["guided"] + [game]
            store.write(store.SETTINGS_KEY, settings)
            by_id("offer-guided-title").textContent = _("New to {title}?").format(
                title=lobby.title(game))
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
            by_id("lobby-status").textContent = _("Play here to deal in this tab.")
            return
        if not page.engine_ready:
            page.pending_config = config
            by_id("lobby-status").textContent = _("Dealing as soon as the cards are ready…")
            return
        spawn(page.deal_here(config))

    def update(self):
        """While a game is in progress, its Resume comes first and names it, and a deal
        is a new game (which asks first)."""
        view = self.page.view
        in_progress = self.page.game_in_progress()
        by_id("resume-tile").hidden = not in_progress
        if in_progress:
            # Resume leads where the game stands: a round's results wait until read.
            if screens.screen_for(view) == screens.ROUND_RESULTS:
                standing = scores.round_title(view["last_round"], N_("Round {n} results"))
            else:
                standing = view["round_text"]
            by_id("resume").textContent = _("Resume {title} · {standing}").format(
                title=view["title"], standing=standing)
        by_id("deal").textContent = _("New game") if in_progress else _("Deal")
        by_id("lobby-status").textContent = ""

    def show(self):
        self.page.go(screens.GO_TO_LOBBY)
        self.update()
