"""Sharing: a link that deals the same cards anywhere, or replays the game so far, or, of
a game over, challenges a friend to play its cards (web/ui/challenges.py), under the
player's name, asked once and kept with the settings; or a day's result of today's deal
(web/ui/today.py), its line with its link. The engine writes the links (the
page writes no notation) and checks the name; this shows a link, copies it, and hands it
to the phone's own share sheet where there is one (the Web Share API).
"""

import asyncio
import json

import js

import store
from dom import by_id, listen, spawn
from language import N_, _

# What the link is, above it: a deal or replay, or a challenge.
DEAL_WORDS = N_("Anyone who opens this link gets the same deal, on any device:")
CHALLENGE_WORDS = N_("Your friend plays your cards from your seat, against the same bots, "
                     "and sees how you did once they have played:")
RESULT_WORDS = N_("The link to the same cards")  # heard: the line above says what it is


def page_url(fragment):
    """The app's own address with ``fragment``: the link opens this page, wherever it is
    hosted."""
    return js.location.origin + js.location.pathname + "#" + fragment


class Share:
    def __init__(self, engine, open_dialog, settings, challenge):
        self.engine = engine  # the worker's client, once it is up (a callable)
        self.open_dialog = open_dialog  # opens a dialog as a sheet of the page's state
        self.settings = settings  # the player's name is kept with them
        # (whether a challenge can be sent of the game on show, the challenge it played)
        self.challenge = challenge
        self.links = None  # the game's links while the dialog is open: deal and replay
        self.lobby_deal = None  # (choices, seed) of the deal the lobby shared, till dealt
        self.result = None  # (line, link_of(name), ask_name) of a day's result shared
        listen(by_id("share-copy"), "click", lambda event: spawn(self.copy()))
        listen(by_id("share-send"), "click", lambda event: spawn(self.send()))
        for radio in by_id("share-what").querySelectorAll("input"):
            listen(radio, "change", lambda event: spawn(self.fetch_links()))
        by_id("share-send").hidden = not hasattr(js.navigator, "share")
        listen(by_id("share-name-ok"), "click", lambda event: spawn(self.fetch_links()))
        listen(by_id("share-name"), "keydown", self.on_name_key)

    async def open_for_game(self, challenge=False):
        """Share the game in progress: its deal from the start, or a replay so far; or, of
        a game over, a challenge (chosen at once if ``challenge``)."""
        self.sharing(None)
        by_id("share-what").hidden = False
        by_id("share-reveal").checked = False
        can_challenge = self.challenge()[0]
        by_id("share-challenge-choice").hidden = not can_challenge
        choice = by_id("share-what")
        if challenge and can_challenge:
            choice.querySelector("input[value=challenge]").checked = True
        elif not challenge and choice.querySelector("input[value=challenge]").checked:
            choice.querySelector("input[value=deal]").checked = True  # the menu's Share
        by_id("share-name").value = self.settings.get("name", "")
        self.links = None
        await self.fetch_links()

    def on_name_key(self, event):
        if event.key == "Enter":
            event.preventDefault()  # not the dialog's form: the link is made
            spawn(self.fetch_links())

    async def open_for_lobby(self, config, engine_ready):
        """Share a new deal of the lobby's choices (``config``), the deal its next Deal of
        them deals (see ``seeded``). The dialog opens at once; with the engine not ready yet
        (``engine_ready()``), its link comes once it is."""
        self.sharing(None)
        by_id("share-what").hidden = True
        self.links = None
        self.choose_words(False)
        dialog = by_id("share")
        if not engine_ready():
            by_id("share-link").value = ""
            by_id("share-status").textContent = _(
                "The link comes as soon as the cards are ready…")
            self.open_dialog("share", "share")
            while not engine_ready() and dialog.open:
                await asyncio.sleep_ms(100)
            if not dialog.open:
                return  # closed before the link came
        reply = await self.engine().deal_link(config)
        self.show(reply, reply.get("link"))
        self.lobby_deal = (config, reply["seed"]) if reply["ok"] else None

    async def open_for_result(self, line, link_of, ask_name):
        """Share a day's result: its ``line`` and the link ``link_of(name)`` answers (a
        challenge under the player's name where ``ask_name``: asked once and kept)."""
        self.sharing((line, link_of, ask_name))
        by_id("share-what").hidden = True
        by_id("share-name").value = self.settings.get("name", "")
        self.links = None
        await self.fetch_links()

    def sharing(self, result):
        self.result = result
        by_id("share-result").hidden = result is None
        by_id("share-result").textContent = "" if result is None else result[0]

    def seeded(self, config):
        """``config`` (the lobby's choices) with the seed of the deal the lobby shared, if
        it shared one of these very choices: a Deal deals what the link deals."""
        if self.lobby_deal is not None and self.lobby_deal[0] == config:
            return dict(config, seed=self.lobby_deal[1])
        return config

    def dealt(self, config):
        """A game of ``config`` has started: once the shared deal is dealt, the next Deal
        is a new deal."""
        if self.lobby_deal is not None and config.get("seed") == self.lobby_deal[1]:
            self.lobby_deal = None

    def challenging(self):
        return (not by_id("share-challenge-choice").hidden and by_id("share-what")
                .querySelector("input[value=challenge]").checked)

    def choose_words(self, challenge):
        by_id("share-label").classList.remove("sr-only")
        by_id("share-title").textContent = _("Share")
        by_id("share-copy").textContent = _("Copy link")
        by_id("share-name-part").hidden = not challenge
        by_id("share-reveal-switch").hidden = challenge  # a replay's, not a challenge's
        by_id("share-label").textContent = _(CHALLENGE_WORDS if challenge else DEAL_WORDS)

    async def fetch_links(self):
        if self.result is not None:
            await self.fetch_result()
            return
        challenge = self.challenging()
        self.choose_words(challenge)
        if challenge:
            await self.fetch_challenge()
            return
        reply = await self.engine().links(by_id("share-reveal").checked)
        self.links = reply if reply["ok"] else None
        self.show(reply, self.chosen_link())

    async def fetch_challenge(self):
        """The challenge's link under the name given (the engine checks it; a name it
        refuses is said in its words), kept for the next challenge once it is taken."""
        self.links = None
        name = self.name_given()
        if name:
            reply = await self.engine().challenge_link(name, self.challenge()[1])
            self.show(reply, reply.get("link"))
            self.keep_name(reply, name)

    async def fetch_result(self):
        """A day's result: its line, and its link (a challenge, under the name given)."""
        _line, link_of, ask_name = self.result
        by_id("share-name-part").hidden = not ask_name
        by_id("share-reveal-switch").hidden = True
        by_id("share-label").textContent = _(RESULT_WORDS)
        by_id("share-label").classList.add("sr-only")
        by_id("share-title").textContent = _("Share my result")
        by_id("share-copy").textContent = _("Copy")  # the line and its link
        name = self.name_given() if ask_name else None
        if name is None and ask_name:
            return
        reply = await link_of(name)
        self.show(reply, reply.get("link"))
        self.keep_name(reply, name)

    def name_given(self):
        """The name in the dialog's field; where none is, it is asked for (None)."""
        field = by_id("share-name")
        name = field.value.strip()
        if name:
            return name
        by_id("share-link").value = ""
        by_id("share-status").textContent = _(
            "Your name goes with the challenge, so your friend knows who sent it.")
        if not by_id("share").open:
            self.open_dialog("share", "share")
        field.focus()
        return None

    def keep_name(self, reply, name):
        """The name a link was made under, kept for the next."""
        if reply["ok"] and name and self.settings.get("name") != name:
            self.settings["name"] = name
            store.write(store.SETTINGS_KEY, self.settings)

    def chosen_link(self):
        if self.links is None:
            return None
        what = "replay" if by_id("share-what").querySelector(
            "input[value=replay]").checked else "deal"
        return self.links.get(what)

    def show(self, reply, fragment):
        field = by_id("share-link")
        status = by_id("share-status")
        if not reply["ok"] or fragment is None:
            field.value = ""
            status.textContent = (reply["error"]["message"] if not reply["ok"]
                                  else reply.get("replay_note")
                                  or _("This game cannot be shared that way."))
        else:
            field.value = page_url(fragment)
            status.textContent = ""
        dialog = by_id("share")
        if not dialog.open:
            self.open_dialog("share", "share")

    async def copy(self):
        field = by_id("share-link")
        if not field.value:
            return
        status = by_id("share-status")
        text = field.value if self.result is None else self.result[0] + "\n" + field.value
        try:
            await js.navigator.clipboard.writeText(text)
            status.textContent = _("Link copied.") if self.result is None else _("Copied.")
        except Exception:  # no clipboard here: the link is selected to copy by hand
            field.select()
            status.textContent = _("Copying is not allowed here: the link is selected, "
                                   "copy it.")

    async def send(self):
        field = by_id("share-link")
        if not field.value:
            return
        if self.result is not None:
            text = self.result[0]
        elif self.challenging():
            text = _("Can you beat me at these cards? A challenge of Tycoon Table:")
        else:
            text = _("A deal of Tycoon Table for you:")
        try:
            await js.navigator.share(js.JSON.parse(json.dumps(
                {"title": "Tycoon Table", "text": text, "url": field.value})))
        except Exception:  # the player closed the share sheet: the link is still shown
            by_id("share-status").textContent = _("Not shared; the link is still here to "
                                                  "copy.")
