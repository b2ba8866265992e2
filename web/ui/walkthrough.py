"""A scenario's panel above your hand, from the view's ``script``: the guided first trick
(a caption at a time: Back, Next to the others' moves, the player's own move made in
the hand, and Skip, then Deal my game), or a reader stepping through a shared scenario
or replay (Back, Next, Play and Pause, a round to jump to, and Play on from here). The
moves, the captions, the counter, where Back goes and whether Next is due are the
engine's; this asks the engine for them through the page, and the page shows what
comes back.
"""

import asyncio

import lobby
import screens
from dom import by_id, escape, listen, spawn, toggle_class
from language import _, p_

READER_BUTTONS = ("script-auto",)  # a reader's only: the guided trick has no autoplay


class Walkthrough:
    def __init__(self, page):
        self.page = page  # the engine, its views and the table, as the page holds them
        self.playing = False  # a reader's replay plays on by itself, at the bots' pace
        # A guided Next's step is under way: the others' moves to its caption, at the pace.
        self.stepping = False
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
        page.update_controls()  # the step buttons wait
        reply = await getattr(page.engine, call)(*args)
        page.game.busy = False
        page.update_controls()
        return reply

    async def take_over(self):
        self.playing = False
        reply = await self.ask("take_over")
        if reply is not None and reply["ok"]:
            self.page.game.accept(reply)
            await self.page.game.run_bots()

    async def step_forward(self):
        """Next: the script's next move, narrated and shown moving; in the guided trick,
        then the rest of its step (the others' moves up to its caption) at the bots'
        pace."""
        if not self.can_step():
            return
        reply = await self.ask("next_step")
        if reply is None:
            return
        if not reply["ok"]:
            self.playing = False
            self.page.render()
            return
        moving = self.page.game.accept(reply, step=True)
        view = reply["view"]
        script = view["script"]
        if (script is not None and not script["stepped"] and not script["waits"]
                and not view["your_turn"]):
            await self.finish_step(moving)

    async def finish_step(self, moving):
        """The guided step's other moves, after the pace (or while ``moving`` ms the last
        move's cards are on their way), as the bots' turns are played."""
        self.stepping = True
        self.page.render()  # Back and Next wait
        await asyncio.sleep_ms(max(self.page.settings["pace"], moving))
        self.stepping = False
        await self.page.game.run_bots()

    async def step_back(self):
        """Back: the script's step before this one (the engine says which)."""
        back = self.page.view["script"].get("back")
        if back is not None and not self.stepping:
            await self.goto(back)

    async def goto(self, step_number):
        """A jump back or to a round: the position after that many of the script's
        moves."""
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

    def render(self, view):
        """The panel for ``view`` (hidden where it follows no script); whether its step
        buttons take a tap is the controls' update (``update_steps``), which follows."""
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
        # The counter names the step whose caption is shown (a view kept by an earlier
        # version, painted while the engine loads, has none).
        counter = script.get("counter")
        by_id("script-title").textContent = script["title"] if counter is None else _(
            "{title} · {at} of {of}").format(title=script["title"], at=counter["at"],
                                             of=counter["of"])
        by_id("script-caption").textContent = script["caption"]
        for name in READER_BUTTONS:
            by_id(name).hidden = not stepped
        # The guided trick's end has no Next: the player plays on, or deals their game.
        by_id("script-next").hidden = finished and not stepped
        # In the guided trick, Next is the way on while the others' moves wait for it.
        toggle_class(by_id("script-next"), "primary", not stepped and bool(script.get("waits")))
        auto = by_id("script-auto")
        auto.textContent = _("Pause") if self.playing else p_("replay", "Play")
        auto.setAttribute("aria-pressed", "true" if self.playing else "false")
        auto.setAttribute("aria-disabled", "true" if finished else "false")
        self.render_rounds(script, stepped)
        done = by_id("script-done")
        done.textContent = (_("Play on") if stepped else _("Deal my game") if finished
                            else p_("guided", "Skip"))
        if stepped:
            done.setAttribute("aria-label", _("Play on from here"))
        else:
            done.removeAttribute("aria-label")
        toggle_class(done, "primary", finished or stepped)

    def update_steps(self, view, busy):
        """Back and Next, and a reader's Play on, wait (``aria-disabled``) while a step,
        an engine call or the bots' turns are under way (``busy``): a tap then would be
        lost."""
        script = None if view is None else view.get("script")
        if script is None:
            return
        waiting = busy or self.stepping
        by_id("script-back").setAttribute(
            "aria-disabled", "true" if waiting or script.get("back") is None else "false")
        by_id("script-next").setAttribute(
            "aria-disabled", "true" if waiting or not script.get("waits") else "false")
        by_id("script-done").setAttribute(
            "aria-disabled", "true" if waiting and script["stepped"] else "false")

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
            + escape(_("Round {n}").format(n=number + 1)) + "</option>"
            for number, start in enumerate(starts))

    def can_step(self):
        return by_id("script-next").getAttribute("aria-disabled") == "false"

