"""The settings: the language, the bots' pace, the hand's order, sounds, vibration, the
deck's colours and the cards' size. One set of controls, shown in the lobby's settings
and moved into the game's menu while it is open; kept on this device (``store``)."""

import js
from pyscript import document

import language
import lobby
import screens
import stats
import store
from cover import shared
from dom import by_id, listen, show_notice, spawn
from engine_client import stopped
from language import N_, _

# The settings switched on and off, and their checkboxes.
SWITCHES = {"sound": "sound", "vibration": "vibration", "four_colour": "four-colour",
            "large_cards": "large-cards"}
# The view's field that gives the hand in each order but the engine's own ("rank").
ORDER_FIELDS = {"suit": "suit_order", "dealt": "dealt_order"}
# What the page says when a language's words could not be had, its own or the engine's
# (the engine's refusal: its error type, web/worker/engine_worker.py).
NOT_DOWNLOADED = N_("That language could not be downloaded. Connect to the internet once, "
                    "then choose it again.")
LANGUAGE_UNAVAILABLE = "LanguageUnavailable"


class Settings:
    def __init__(self, page):
        self.page = page  # its engine (told the pace) and its table (drawn again)
        self.values = dict(store.DEFAULT_SETTINGS)  # the dict the feedback reads too

    def watch(self):
        listen(by_id("language"), "change", lambda event: spawn(self.on_language(event)))
        listen(by_id("pace"), "change", self.on_pace)
        listen(by_id("sort"), "change", self.on_sort)
        listen(by_id("auto-pass"), "change", self.on_auto_pass)
        for name, element in SWITCHES.items():
            listen(by_id(element), "change",
                   lambda event, name=name: self.on_switch(name, event))

    def load(self):
        settings, fell_back = store.load_settings()
        self.values.update(settings)
        if fell_back:
            show_notice(_("Some of your settings could not be read; the defaults are used."))
        by_id("language").value = language.current()
        by_id("pace").value = str(self.values["pace"])
        by_id("sort").value = self.values["sort"]
        for name, element in SWITCHES.items():
            by_id(element).checked = self.values[name]
        by_id("vibration-switch").hidden = not hasattr(js.navigator, "vibrate")
        self.apply_looks()

    def keep(self):
        store.write(store.SETTINGS_KEY, self.values)

    async def on_language(self, event):
        """Everything in the language chosen, at once, the game going on (kept: the page
        starts in it from then on, whatever the device's)."""
        chosen = event.target.value
        if chosen == language.current() or chosen not in language.LANGUAGES:
            return
        if not await language.switch(chosen):
            by_id("language").value = language.current()
            show_notice(_(NOT_DOWNLOADED))
            return
        self.values["language"] = chosen
        self.keep()
        await self.speak_again()

    async def tell_language(self):
        """The engine says its views, hints and errors in the page's language, and the
        results of today's deal kept in another are said again; if it could not download
        that language's words, it speaks the one it spoke, and the player is told."""
        today = self.page.today
        reply = await self.page.engine.set_language(language.current(),
                                                    today.kept["results"])
        if reply["ok"]:
            today.said_again(reply["results"])
        if reply["ok"] or stopped(reply):
            return
        if reply["error"]["type"] == LANGUAGE_UNAVAILABLE:
            show_notice(_(NOT_DOWNLOADED))
        else:
            js.console.error("The engine refused the language: " + reply["error"]["message"])

    async def speak_again(self):
        """The page speaks another language: the engine too, and what is drawn is drawn
        again in it, the game going on where it was."""
        page = self.page
        by_id("toast").hidden = True  # a passing word in the other language goes at once
        if page.engine is not None:  # else it is told once it is up
            await self.tell_language()
            # A game to come, or a step on its way, comes in the new language anyway.
            if page.view is not None and page.game.ready():
                await self.view_again()
        page.lobby.update()
        lobby.say_counts()
        page.today.render()
        stats.render(page.statistics.counts)  # as counted: nothing read again
        self.offer_for(page.view if by_id("menu").open else None)
        document.body.dataset.language = language.current()  # all is said in it now

    async def view_again(self):
        """The game on show drawn again from a new view (its hint asked again: its reason
        was said in the other language)."""
        page = self.page
        advised = page.game.current_advice() is not None
        reply = await page.engine.view(page.holder)
        if not reply["ok"] or page.view is None:
            return
        page.game.advice = None
        page.view = reply["view"]
        by_id("last-event").textContent = ""  # the last move was told in the other language
        if not shared(page.view):  # a reload paints it in this language (as game.accept)
            store.keep_table(page.table_key, page.view, page.moves, "")
        page.render()
        if page.screen() in screens.TABLE_SCREENS:
            page.update_controls()
            if advised:
                await page.game.ask_hint()

    def on_pace(self, event):
        pace = int(event.target.value)
        if pace in store.PACES:
            self.values["pace"] = pace
            self.keep()
            if self.page.engine is not None:
                spawn(self.tell_pace())

    async def tell_pace(self):
        """The engine caps how long Hard thinks by the pace (a quicker pace, less)."""
        reply = await self.page.engine.set_pace(self.values["pace"])
        if not reply["ok"] and not stopped(reply):
            js.console.error("The engine refused the pace: " + reply["error"]["message"])

    def on_switch(self, name, event):
        self.set_switch(name, bool(event.target.checked))

    def set_switch(self, name, on):
        """A switch turned, here or by the table's own button (sound's mute)."""
        self.values[name] = on
        by_id(SWITCHES[name]).checked = on
        self.keep()
        self.apply_looks()
        self.page.feedback.on_gesture()  # turning sound on is the gesture that lets it start
        self.page.on_setting(name)

    def apply_looks(self):
        """The deck's colours and the cards' size (the hand lays itself out again)."""
        body = document.body
        body.setAttribute("data-deck", "four-colour" if self.values["four_colour"]
                          else "two-colour")
        large = "true" if self.values["large_cards"] else "false"
        if body.getAttribute("data-large-cards") != large:
            body.setAttribute("data-large-cards", large)

    def auto_passes(self, game):
        """Whether a turn with nothing that beats the table is passed for you in ``game``
        (on at first in President and Tycoon)."""
        return game in self.values["auto_pass"]

    def on_auto_pass(self, event):
        view = self.page.view
        if view is None:
            return
        game = view["game"]
        others = [name for name in self.values["auto_pass"] if name != game]
        # A new list each time: the defaults' own list is never changed.
        self.values["auto_pass"] = (others + [game]  # noqa: RUF005 - MicroPython has none
                                    if event.target.checked else others)
        self.keep()
        self.page.on_setting("auto_pass")

    def offer_for(self, view):
        """The settings as the menu over ``view``'s table offers them (None: the lobby's,
        for every game): its hand's orders, and whether to pass for you in this game."""
        self.offer_orders(view)
        by_id("auto-pass-switch").hidden = view is None
        if view is not None:
            by_id("auto-pass").checked = self.auto_passes(view["game"])

    def on_sort(self, event):
        """The hand by rank (the engine's order), grouped by suit, or as dealt."""
        if event.target.value in store.SORTS:
            self.values["sort"] = event.target.value
            self.keep()
            if by_id("menu").open:
                self.offer_for(self.page.view)
            self.page.on_setting("sort")

    def hand_order(self, view):
        """The order the setting asks for where ``view`` gives it (not every game's cards
        have suits, or a deal), else None: the engine's."""
        field = ORDER_FIELDS.get(self.values["sort"])
        return view.get(field) if field else None

    def offer_orders(self, view):
        """The hand's orders as the settings offer them: those ``view`` gives (every one
        with no view), the others greyed out, with a note saying how the hand shows."""
        select = by_id("sort")
        given = {sort: view is None or sort not in ORDER_FIELDS
                 or view.get(ORDER_FIELDS[sort]) is not None for sort in store.SORTS}
        options = select.options
        for index in range(options.length):
            options[index].disabled = not given[options[index].value]
        select.disabled = sum(given.values()) == 1
        note = ""
        if select.disabled:
            note = _("This game has one order for your hand.")
        elif not given[self.values["sort"]]:
            note = _("This game's hand cannot be shown {order}: it is shown by rank.").format(
                order=options[select.selectedIndex].text.lower())
        by_id("sort-note").textContent = note
        by_id("sort-note").hidden = not note
