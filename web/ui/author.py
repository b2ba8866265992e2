"""Embed a table: the code an author pastes into a blog post or a rules page, with a live
preview. The table is the lobby's choices (a new deal for each reader) or an example to
step through, one of the site's or the author's own, which the engine checks and refuses
with what to fix. The engine writes the table's attributes and link; this only shows
them, as text, and puts the preview in a frame.
"""

import js

from dom import by_id, escape, listen, spawn
from language import _

NEW_DEAL = ""
OWN_EXAMPLE = "custom"


def _elements(selector):
    found = js.document.querySelectorAll(selector)
    return [found[index] for index in range(found.length)]


class Author:
    def __init__(self, engine, config, selected_game):
        self.engine = engine  # the worker's client, once it is up (a callable)
        self.config = config  # the lobby's choices, as a new game's config
        self.selected_game = selected_game
        listen(by_id("author-example"), "change", lambda event: spawn(self.on_example()))
        listen(by_id("author-preview"), "click", lambda event: spawn(self.preview()))
        listen(by_id("author-copy"), "click", lambda event: spawn(self.copy()))
        listen(by_id("lobby-form"), "change", lambda event: self.offer_examples())

    def offer_examples(self):
        """Only the chosen game's examples are offered."""
        game = self.selected_game()
        select = by_id("author-example")
        for option in _elements("#author-example option[data-game]"):
            option.hidden = option.getAttribute("data-game") != game
            if option.hidden and option.selected:
                select.value = NEW_DEAL
                spawn(self.on_example())

    async def on_example(self):
        """An example chosen: its JSON, in the box where the author can change it."""
        choice = by_id("author-example").value
        box = by_id("author-scenario")
        box.hidden = by_id("author-scenario-label").hidden = choice == NEW_DEAL
        if choice not in (NEW_DEAL, OWN_EXAMPLE):
            response = await js.fetch("scenarios/" + choice)
            box.value = await response.text()

    async def preview(self):
        status = by_id("author-status")
        engine = self.engine()
        if engine is None:
            status.textContent = _("The preview works once the cards are ready.")
            return
        box = by_id("author-scenario")
        scenario = None if box.hidden else box.value
        reply = await engine.embed(self.config(), scenario)
        if not reply["ok"]:
            status.textContent = _("This example cannot be played: {error}").format(
                error=reply["error"]["message"])
            return
        status.textContent = ""
        here = js.location.origin + js.location.pathname.rsplit("/", 1)[0] + "/"
        attributes = "".join(f' data-{escape(name)}="{escape(value)}"'
                             for name, value in reply["fields"])
        snippet = by_id("author-snippet")
        snippet.value = (f'<script src="{here}embed.js" defer></script>\n'
                         f'<div class="tycoon-table"{attributes}></div>')
        for name in ("author-snippet", "author-snippet-label", "author-copy", "author-frame"):
            by_id(name).hidden = False
        by_id("author-frame").src = "embed.html#" + reply["link"]

    async def copy(self):
        snippet = by_id("author-snippet")
        try:
            await js.navigator.clipboard.writeText(snippet.value)
            by_id("author-status").textContent = _("Copied: paste it into your page.")
        except Exception:  # no clipboard here: the code is selected to copy by hand
            snippet.select()
            by_id("author-status").textContent = _("The code is selected: copy it.")
