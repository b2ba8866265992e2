"""The game in progress coming back: its kept picture painted at once, while the engine
loads and replays its save (``paint``), then the engine's own save taken up (``restore``);
a save that cannot be read or kept is set aside with a notice, and the lobby shows."""

import screens
import store
from cover import shared
from dom import by_id, show_notice
from engine_client import stopped
from language import _


class SavedGame:
    def __init__(self, page):
        self.page = page  # the engine, the view and the game, as the page holds them
        self.legacy_text = None  # what an earlier version kept here (a log), for the worker

    def paint(self):
        """Show the game in progress at once from its last view, while the engine loads
        and replays the saved game. The view is only a picture: one that cannot be
        drawn is set aside with a notice, and the engine's save decides. A save an
        earlier version kept here (log and view) is painted the same way, and its log
        handed to the engine, which keeps it from then on."""
        page = self.page
        self.legacy_text, refusal = store.load_legacy()
        if refusal:
            store.forget(store.LEGACY_SAVE_KEY)
            show_notice(_("Your saved game could not be read ({why}), so a new game starts "
                          "here.").format(why=refusal))
        for key in (store.LEGACY_SAVE_KEY, page.table_key):
            view, moves, said, fell_back = store.load_table(key)
            if fell_back and key == page.table_key:
                store.forget(key)
                show_notice(_("The table kept on this device could not be read; your game "
                              "comes back from its save."))
            if view is not None:
                page.moves = moves
                by_id("last-event").textContent = said
                page.view = view
                by_id("table").dataset.moves = str(moves)
                page.go(screens.SHOW_GAME, view)
                return

    def discard_save(self, notice):
        page = self.page
        store.forget(page.table_key)
        store.forget(store.LEGACY_SAVE_KEY)
        page.view = None
        show_notice(notice)
        page.lobby.show()

    async def restore(self):
        """Ask the engine for the game it saved (or for the one an earlier version of the
        page saved here, which the worker takes over), with the engine's caution where
        the bots that played it learned otherwise than these."""
        page = self.page
        legacy = self.legacy_text
        self.legacy_text = None
        painted = page.view  # the kept picture on show, if any
        reply = await page.engine.resume(legacy)
        if stopped(reply):
            return  # the save is kept for the restart web/engine.js offers
        if page.elsewhere:
            return  # another tab took the game meanwhile, and plays it
        if not reply["ok"]:
            error = reply["error"]
            if error["type"] == "StorageError":
                self.discard_save(_("Tycoon Table cannot keep games here: {why}. Each game "
                                    "ends when the page is closed.").format(
                                        why=error["message"]))
            else:
                self.discard_save(_("Your saved game could not be read ({why}), so a new "
                                    "game starts here.").format(why=error["message"]))
            return
        if legacy is not None:
            store.forget(store.LEGACY_SAVE_KEY)
        view = reply["view"]
        page.holder = None  # at a table of several people, the cover asks who holds it
        if view is None:
            if page.view is not None:
                self.discard_save(_("Your saved game was not found, so a new game starts "
                                    "here."))
        elif view["outcome"] is not None and page.screen() == screens.LOBBY:
            await page.engine.forget()  # its results were read before the engine was ready
        else:
            if reply["moves"] != page.moves:
                # Another tab played on (or dealt another game): this tab's last words and
                # last play are not the game's any more.
                page.game.last_play = None
                by_id("last-event").textContent = ""
            # A table of several people keeps no picture (it would hold a hand): it opens
            # at its cover once the engine has it.
            page.game.accept(reply, show=painted is None and shared(view))
            page.today.ended(view)  # its result of the day, to share again
            if reply.get("caution"):  # after any notice of accept's (a save that failed)
                notice = by_id("notice")
                said = "" if notice.hidden else by_id("notice-text").textContent + " "
                show_notice(said + reply["caution"])
