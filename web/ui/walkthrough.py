"""A scenario's panel above your hand, from the view's ``script``: the guided first trick
(its caption, and Skip, then Deal my game), or a reader stepping through a shared
scenario or replay (Back, Next, Play and Pause, a round to jump to, and Play on from
here). The moves, the captions and where each round begins are the engine's.
"""

from dom import by_id, listen, toggle_class

STEP_BUTTONS = ("script-back", "script-next", "script-auto")


class Walkthrough:
    def __init__(self, on_done, on_back, on_next, on_auto, on_round):
        self.playing = False  # a reader's replay plays on by itself, at the bots' pace
        listen(by_id("script-done"), "click", lambda event: on_done())
        listen(by_id("script-back"), "click", lambda event: on_back())
        listen(by_id("script-next"), "click", lambda event: on_next())
        listen(by_id("script-auto"), "click", lambda event: on_auto())
        listen(by_id("script-round"), "change",
               lambda event: on_round(int(event.target.value)))

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

