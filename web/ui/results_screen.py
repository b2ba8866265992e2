"""The results screens: a round's (Next round) and the game's (Play again), drawn as every
table draws its results (``scores``) with what the game's layout adds to them (``table``:
nothing; ``reveal``: Corporation's cards turned over); the lobby is one tap away from
either, a game between rounds waiting there (Resume).

Results open at their top, the headline in sight (the focus on the way on, without
scrolling to it), and a win (or the game's end) is celebrated, unless the player asked
for reduced motion."""

import js
from pyscript.ffi import to_js

import scores
import screens
from dom import by_id, listen, spawn

CONFETTI_PIECES = 40
CONFETTI_COLOURS = 5  # as web/css/results.css colours them (data-colour 0 to 4)
CELEBRATION_MS = 3600  # the longest piece's fall: then the pieces are taken away


class ResultsScreen:
    def __init__(self, page, layouts):
        self.page = page  # the game on show and its state
        self.layouts = layouts  # how each kind of table draws what is its own
        # The results open (their moves): drawn again, as when the engine comes up after
        # the saved view was painted, they keep their scroll, focus and celebration.
        self.opened = None
        self.celebration = None  # the timer that ends the celebration

    def watch(self):
        listen(by_id("results-next"), "click", lambda event: self.go_on())
        listen(by_id("results-again"), "click", lambda event: spawn(self.play_again()))
        listen(by_id("results-share"), "click", lambda event: self.page.menu.share())
        listen(by_id("results-lobby"), "click", lambda event: self.to_lobby())

    def render(self, view):
        results = by_id("results")
        results.dataset.layout = view["table"]
        # A reveal is told a line at a time, at the bots' pace.
        results.style.setProperty("--step-ms", str(self.page.settings["pace"] // 2) + "ms")
        layout = self.layouts[view["table"]]
        scores.render(view, layout.ROUND_HEADING, layout.COLUMNS)
        layout.render_results(view)
        self.page.challenges.render(view)
        over = view["outcome"] is not None
        by_id("results-next").hidden = over
        by_id("results-again").hidden = not over
        if self.opened != self.page.moves:
            self.opened = self.page.moves
            self.open_at_top(by_id("results-again" if over else "results-next"))
            if over or scores.you_won(view):
                self.celebrate()

    def open_at_top(self, primary):
        """The results from their top, where the headline (and a reveal) is; the focus on
        the way on, which must not scroll the headline away."""
        js.window.scrollTo(0, 0)
        by_id("results-body").scrollTop = 0
        primary.focus(to_js({"preventScroll": True}))

    def celebrate(self):
        """Confetti falls over the results for a moment, and the headline springs in: each
        piece's place, drift, spin, delay and fall set through the CSSOM (the page's policy
        refuses style attributes in markup). None where motion is to be reduced."""
        self.stop_celebrating()
        if js.window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        confetti = by_id("confetti")
        confetti.innerHTML = "".join(
            f'<i data-colour="{index % CONFETTI_COLOURS}"></i>'
            for index in range(CONFETTI_PIECES))
        pieces = confetti.children
        for index in range(pieces.length):
            style = pieces[index].style
            style.setProperty("--x", str(int(js.Math.random() * 100)) + "vw")
            style.setProperty("--drift", str(int(js.Math.random() * 24 - 12)) + "vw")
            style.setProperty("--spin", str(int(js.Math.random() * 1080 - 540)) + "deg")
            style.setProperty("--delay", str(int(js.Math.random() * 700)) + "ms")
            style.setProperty("--fall", str(int(1800 + js.Math.random() * 1100)) + "ms")
        confetti.hidden = False
        by_id("results").dataset.celebrate = "true"
        self.celebration = js.setTimeout(lambda: self.stop_celebrating(), CELEBRATION_MS)

    def stop_celebrating(self):
        if self.celebration is not None:
            js.clearTimeout(self.celebration)
            self.celebration = None
        confetti = by_id("confetti")
        confetti.hidden = True
        confetti.innerHTML = ""
        by_id("results").removeAttribute("data-celebrate")

    def leave(self):
        """The results are read: the next time results open, they open afresh."""
        self.opened = None
        self.stop_celebrating()

    def go_on(self):
        """The next round is dealt (a round's results read)."""
        self.leave()
        self.page.go(screens.RESULTS_READ)
        spawn(self.page.game.run_bots())

    async def play_again(self):
        """A new deal of the game's own choices (the engine keeps them: a game opened by a
        link or resumed is not the lobby form's), or of the lobby's where the game had none
        (a scenario). The results stay on show until it is dealt."""
        page = self.page
        self.leave()
        reply = await page.engine.again() if page.engine_ready else None
        config = reply["config"] if reply is not None and reply["ok"] else None
        page.game.forget()
        if config is None:
            page.lobby.deal()
        else:
            page.lobby.start_game(config)

    def to_lobby(self):
        """The lobby, between rounds too: a game in progress waits there (Resume), a game
        over is done with."""
        page = self.page
        self.leave()
        if page.view["outcome"] is not None:
            page.game.forget()
        page.lobby.show()
