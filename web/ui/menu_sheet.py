"""The game's menu, a sheet over the table: the rules of the game on show, the settings
(the lobby's own controls, moved here while the menu is open), sharing, and leaving for
the lobby."""

from pyscript import document

from dom import by_id, listen, spawn
from language import _


class Menu:
    def __init__(self, page):
        self.page = page  # the view on show, the settings, sharing and the lobby

    def watch(self):
        listen(by_id("menu-button"), "click", lambda event: self.open())
        listen(by_id("menu-close"), "click", lambda event: by_id("menu").close())
        listen(by_id("menu"), "close", self.on_closed)
        listen(by_id("leave"), "click", lambda event: self.leave())
        listen(by_id("menu-share"), "click", lambda event: self.share())

    def open(self):
        view = self.page.view
        by_id("menu-rules-title").textContent = _("Rules of {title}").format(
            title=view["title"] if view else "")
        rules = document.querySelector(f'#rules .game-rules[data-game="{view["game"]}"]')
        by_id("menu-rules-text").innerHTML = rules.innerHTML if rules else ""
        by_id("menu-settings").appendChild(by_id("settings-controls"))
        self.page.settings_sheet.offer_for(view)
        self.page.open_dialog("menu", "menu")

    def on_closed(self, event):
        by_id("settings").appendChild(by_id("settings-controls"))
        self.page.settings_sheet.offer_for(None)  # the lobby's settings are for every game

    def leave(self):
        by_id("menu").close()
        self.page.lobby.show()

    def share(self):
        by_id("menu").close()
        page = self.page
        if page.engine_ready and page.view is not None:
            spawn(page.share.open_for_game())
