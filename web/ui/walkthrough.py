"""A scenario's panel above your hand, from the view's ``script``: the guided first trick
(its caption, and Skip, then Deal my game), or a reader stepping through a shared
scenario or replay (Back, Next, Play and Pause, a round to jump to, and Play on from
here). The moves, the captions and where each round begins are the engine's; this
asks the engine for them through the page, and the page shows what comes back.
"""

import asyncio

import lobby
import screens
from dom import by_id, listen, spawn, toggle_class

STEP_BUTTONS = ("script-back", "script-next", "script-auto")


class Walkthrough:
    def __init__(self, page):
        self.page = page  # the engine, its views and the table, as the page holds them
        self.playing = False  # a reader's replay plays on by itself, at the bots' pace
        listen(by_id("script-done"), "click", lambda event: self.on_done())
        listen(by_id("script-back"), "click", lambda event: spawn(self.step_back()))
        listen(by_id("script-next"), "click", lambda event: spawn(self.step_forward()))
        listen(by_id("script-auto"), "click", lambda event: self.toggle_autoplay())
        listen(by_id("script-round"), "change",
               lambda event: spawn(self.goto(int(event.target.value))))

    def on_done(self):
        """The guided trick is skipped or done: the game chosen in the lobby is dealt. A
        reader of a shared scenario or replay plays on from where it stands."""
        page = self.page
        if page.view["script"]["stepped"]:
            spawn(self.take_over())
            return
        page.game.forget()
        page.lobby.start_game(lobby.config())

    async def ask(self, call, *args):
        """An engine call of the script's, one at a time; its reply (None if the engine
        is busy with something else)."""
        page = self.page
        if not page.game.idle():
            return None
        page.game.busy = True
        reply = await getattr(page.engine, call)(*args)
        page.game.busy = False
        return reply

    async def take_over(self):
        self.playing = False
        reply = await self.ask("take_over")
        if reply is not None and reply["ok"]:
            self.page.game.accept(reply)
            await self.page.game.run_bots()

    async def step_forward(self):
        """A reader's Next: the script's next move, narrated and shown moving."""
        if not self.can_step():
            return
        reply = await self.ask("next_step")
        if reply is None:
            return
        if reply["ok"]:
            self.page.game.accept(reply, step=True)
        else:
            self.playing = False
            self.page.render()

    async def step_back(self):
        step = self.page.view["script"]["step"]
        if step > 0:
            await self.goto(step - 1)

    async def goto(self, step_number):
        """A reader's jump: the position after that many of the script's moves."""
        self.playing = False
        reply = await self.ask("goto", step_number)
        if reply is not None and reply["ok"]:
            self.page.game.last_play = None
            by_id("last-event").textContent = ""
            self.page.game.accept(reply)

    def toggle_autoplay(self):
        """Play the script's moves one after another at the bots' pace, or pause."""
        self.playing = not self.playing
        self.page.render()
        if self.playing:
            spawn(self.autoplay())

    async def autoplay(self):
        page = self.page
        while self.playing and page.screen() in screens.TABLE_SCREENS:
            await self.step_forward()
            await asyncio.sleep_ms(page.settings["pace"])
        page.render()

    def render(self, view, busy):
        """The panel for ``view`` (hidden where it follows no script); ``busy`` while a step
        is under way (the step buttons wait)."""
        script = view.get("script")
        panel = by_id("script")
        panel.hidden = script is None
        stepped = script is not None and script["stepped"]
        by_id("table").dataset.reading = "true" if stepped else "false"
        if script is None:
            self.playing = False
            return
        finished = script["next"] is None
        if finished:
            self.playing = False
        shown = script["step"] if stepped else min(script["step"] + 1, script["steps"])
        by_id("script-title").textContent = (
            script["title"] + " · " + str(shown) + " of " + str(script["steps"]))
        by_id("script-caption").textContent = script["caption"]
        panel.dataset.stepped = "true" if stepped else "false"
        for name in STEP_BUTTONS:
            by_id(name).hidden = not stepped
        by_id("script-back").setAttribute(
            "aria-disabled", "true" if busy or script["step"] == 0 else "false")
        by_id("script-next").setAttribute("aria-disabled", "true" if busy or finished
                                          else "false")
        auto = by_id("script-auto")
        auto.textContent = "Pause" if self.playing else "Play"
        auto.setAttribute("aria-pressed", "true" if self.playing else "false")
        auto.setAttribute("aria-disabled", "true" if finished else "false")
        self.render_rounds(script, stepped)
        done = by_id("script-done")
        done.textContent = ("Play on" if stepped else "Deal my game" if finished else "Skip")
        if stepped:
            done.setAttribute("aria-label", "Play on from here")
        else:
            done.removeAttribute("aria-label")
        toggle_class(done, "primary", finished or stepped)

    def render_rounds(self, script, stepped):
        """A list of the rounds to jump to (a replay of several rounds)."""
        field = by_id("script-round-field")
        rounds = script["rounds"]
        field.hidden = not stepped or not rounds
        if field.hidden:
            return
        starts = [0] + rounds  # noqa: RUF005 - MicroPython has no starred list displays
        current = max(number for number, start in enumerate(starts)
                      if start <= script["step"])
        by_id("script-round").innerHTML = "".join(
            f'<option value="{start}"{" selected" if number == current else ""}>'
            f'Round {number + 1}</option>' for number, start in enumerate(starts))

    def can_step(self):
        return by_id("script-next").getAttribute("aria-disabled") == "false"

