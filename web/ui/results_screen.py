"""The results screens: a round's (Next round) and the game's (Play again, or the lobby),
drawn by the game's layout; the lobby is one tap away from either."""

import screens
from dom import by_id, listen, spawn


class ResultsScreen:
    def __init__(self, page, layouts):
        self.page = page  # the game on show and its state
        self.layouts = layouts  # how each kind of table draws its results

    def watch(self):
        listen(by_id("results-next"), "click", lambda event: self.go_on())
        listen(by_id("results-again"), "click", lambda event: self.play_again())
        listen(by_id("results-share"), "click", lambda event: self.page.menu.share())
        listen(by_id("results-lobby"), "click", lambda event: self.to_lobby())

    def render(self, view):
        results = by_id("results")
        results.dataset.layout = view["table"]
        # A reveal is told a line at a time, at the bots' pace.
        results.style.setProperty("--step-ms", str(self.page.settings["pace"] // 2) + "ms")
        layout = self.layouts[view["table"]]
        layout.render_results(view)
        layout.focus_results()

    def go_on(self):
        """From a round's results, the next round is dealt; from the game's, the lobby."""
        page = self.page
        if page.view["outcome"] is not None:
            page.game.forget()
        page.go(screens.RESULTS_READ)
        if page.screen() == screens.LOBBY:
            page.lobby.update()
        else:
            spawn(page.game.run_bots())

    def play_again(self):
        """A new game with the same choices: the lobby's form still holds them. The results
        stay on show until it is dealt."""
        self.page.game.forget()
        self.page.lobby.deal()

    def to_lobby(self):
        """The lobby, between rounds too: a game in progress waits there (Resume), a game
        over is done with."""
        page = self.page
        if page.view["outcome"] is not None:
            page.game.forget()
        page.lobby.show()
