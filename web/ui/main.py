"""Tycoon Table's page: MicroPython on the main thread.

It shows the views the engine worker sends, turns taps, swipes and keys into
intents, and paces the bots' turns. It knows no rules: what can be played, what a
selection is called, and why it cannot be played all come from the engine
(``engine.api``), through the worker's JSON calls.

It never holds a hidden card: the worker sends views (the human's observation)
and public steps, and keeps and saves the game's log itself. The page keeps only
the last view, to paint the table at once on the next visit.

It starts in a fraction of a second, while the worker is still loading
Pyodide, so the lobby, the rules and the settings work at once.
"""

import asyncio
import json

import js
from pyscript import document, workers
from pyscript.ffi import create_proxy, to_js

TABLE_KEY = "tycoon-table/table"  # the last view and move count: no hidden card
LEGACY_SAVE_KEY = "tycoon-table/game"  # the log and view an earlier version kept here
SETTINGS_KEY = "tycoon-table/settings"
SWIPE_UP_PX = 48  # how far a drag that starts on the hand must rise to play the selection
TAP_SLOP_PX = 10  # a pointer that moves less than this is a tap
MIN_CARD_STRIP_PX = 22  # the narrowest visible strip of a card that keeps its corner readable
TRICK_PLAYS_SHOWN = 3
ENGINE_SLOW_S = 60  # when to tell the player that loading is taking unusually long
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

# Storage can throw (disabled, private modes, a full quota), and a JavaScript
# exception cannot be caught from MicroPython, so each call goes through this guard.
_guarded_storage = js.Function.new(
    "method", "key", "value",
    "try { return {ok: true, value: window.localStorage[method](key, value)}; }"
    " catch (error) { return {ok: false, error: String(error)}; }")


def storage(method, key, value=None):
    """Call ``localStorage[method]``: (True, result) or (False, the error's text)."""
    result = _guarded_storage(method, key, value)
    return (True, result.value) if result.ok else (False, result.error)


def by_id(name):
    return document.getElementById(name)


def escape(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def card_parts(card):
    """(suit class, rank text, suit symbol) of a card in the engine's notation."""
    if card == "X":
        return "x", "JOKER", "★"
    rank = card[:-1]
    return card[-1], "10" if rank == "T" else rank, SUIT_SYMBOLS[card[-1]]


def card_face(card):
    """A card on the table, as text: rank and suit in the corner, a big suit in the middle."""
    suit, rank, symbol = card_parts(card)
    return (f'<span class="card small" data-suit="{suit}"><span class="rank">{rank}</span>'
            f'<span class="suit">{symbol}</span><span class="pip">{symbol}</span></span>')


def card_button(card, name, index, pressed):
    """A card of the hand: a toggle button named for screen readers ("Queen of hearts");
    the corner's abbreviation ("Q♥") is for the eyes only."""
    suit, rank, symbol = card_parts(card)
    return (f'<button type="button" class="card" data-card="{card}" data-index="{index}"'
            f' data-suit="{suit}" aria-pressed="{"true" if pressed else "false"}">'
            f'<span class="rank" aria-hidden="true">{rank}</span>'
            f'<span class="suit" aria-hidden="true">{symbol}</span>'
            f'<span class="pip" aria-hidden="true">{symbol}</span>'
            f'<span class="name">{escape(name)}</span></button>')


def spawn(coroutine):
    """Run a coroutine from an event handler; a failure is shown, never silent."""

    async def guarded():
        try:
            await coroutine
        except Exception as error:  # everything reaches the player
            report(error)

    # MicroPython's scheduler holds the task until it ends: no reference to keep.
    asyncio.create_task(guarded())  # noqa: RUF006


def report(error):
    js.console.error("Tycoon Table: " + str(error))
    show_notice("Something went wrong: " + str(error))


def show_notice(text):
    by_id("notice-text").textContent = text
    by_id("notice").hidden = False


def listen(element, event, handler):
    def guarded(evt):
        try:
            handler(evt)
        except Exception as error:  # a handler must never fail silently
            report(error)

    element.addEventListener(event, create_proxy(guarded))


class Page:
    """The page's state: the screen shown, the engine once ready, the game's last view."""

    def __init__(self):
        self.engine = None
        self.engine_ready = False  # the engine is up and has restored the saved game
        self.view = None
        self.moves = 0  # how many actions the game has seen
        self.in_lobby = True  # the lobby is up; the game, if any, waits behind it
        self.selection = []  # positions in the hand, ascending (two Jokers share one notation)
        self.selection_hand = []  # the hand the selection was made in
        self.busy = False  # an engine call or the bots' turns are under way
        self.bots_running = False
        self.pending_config = None  # Deal pressed before the engine was ready
        self.legacy_log = None  # a log an earlier version saved here, for the worker
        self.check_serial = 0  # answers to older selections are dropped
        self.advice = None  # the engine's hint for the position at ``advice["moves"]``
        self.last_play = None  # (seat, cards, view) of the latest play: it stays on show
        self.gesture = None
        self.save_error_shown = False
        self.settings = {"pace": 900}

    # ------------------------------------------------------------ start-up

    def start(self):
        self.load_settings()
        listen(by_id("lobby-form"), "submit", self.on_deal)
        listen(by_id("resume"), "click", lambda event: self.resume_table())
        listen(by_id("pace"), "change", self.on_pace)
        listen(by_id("notice-dismiss"), "click", lambda event: self.dismiss_notice())
        listen(by_id("leave"), "click", lambda event: self.show_lobby())
        listen(by_id("play"), "click", lambda event: spawn(self.play_selection()))
        listen(by_id("pass"), "click", lambda event: spawn(self.perform("pass")))
        listen(by_id("hint-button"), "click", lambda event: spawn(self.ask_hint()))
        listen(by_id("results-next"), "click", lambda event: self.after_results())
        hand = by_id("hand")
        listen(hand, "click", self.on_hand_click)
        listen(hand, "pointerdown", self.on_pointer_down)
        listen(hand, "pointermove", self.on_pointer_move)
        listen(hand, "pointerup", self.on_pointer_up)
        listen(hand, "pointercancel", self.on_pointer_cancel)
        listen(js.window, "resize", lambda event: self.view and self.render())
        self.paint_saved_table()
        document.body.dataset.ui = "ready"

    def load_settings(self):
        ok, text = storage("getItem", SETTINGS_KEY)
        if ok and text:
            try:
                self.settings.update(json.loads(text))
            except ValueError:
                storage("removeItem", SETTINGS_KEY)
        by_id("pace").value = str(self.settings["pace"])

    def on_pace(self, event):
        self.settings["pace"] = int(event.target.value)
        storage("setItem", SETTINGS_KEY, json.dumps(self.settings))

    def paint_saved_table(self):
        """Show the game in progress at once from its last view, while the engine loads
        and replays the saved game. The view is only a picture: one that cannot be read
        (or storage that throws) just leaves the lobby up until the engine answers.
        A save an earlier version kept here (log and view) is painted the same way, and
        its log handed to the engine, which keeps it from then on."""
        for key in (LEGACY_SAVE_KEY, TABLE_KEY):
            ok, text = storage("getItem", key)
            if not ok or text is None:
                continue
            try:
                saved = json.loads(text)
                view = saved["view"]
                if not isinstance(view, dict):
                    raise TypeError("no view")
                if key == LEGACY_SAVE_KEY:
                    self.legacy_log = json.dumps(saved["log"])
                self.moves = int(saved.get("moves", 0))
                self.show_view(view)
                return
            except (ValueError, KeyError, TypeError, AttributeError, IndexError):
                storage("removeItem", key)
                self.view = None
                self.legacy_log = None
                self.show_lobby()

    def show_view(self, view):
        self.view = view
        self.in_lobby = False
        by_id("table").dataset.moves = str(self.moves)
        self.render()

    def discard_save(self, notice):
        storage("removeItem", TABLE_KEY)
        storage("removeItem", LEGACY_SAVE_KEY)
        self.view = None
        show_notice(notice)
        self.show_lobby()

    async def connect_engine(self):
        spawn(self.warn_if_slow())
        self.engine = await workers["engine"]
        # A new game asked for while loading wins over the saved one shown meanwhile.
        if self.pending_config is None:
            await self.restore()
        self.engine_ready = True
        status = by_id("engine-status")
        status.textContent = "Engine ready"
        status.dataset.state = "ready"
        document.body.dataset.engine = "ready"
        if self.pending_config is not None:
            await self.new_game(self.pending_config)
        else:
            self.update_lobby()
            if self.view is not None and not self.in_lobby:
                spawn(self.run_bots())
        # After the engine: the worker's own downloads fill the HTTP cache first,
        # so precaching revalidates them instead of downloading them twice.
        await register_service_worker()

    async def warn_if_slow(self):
        await asyncio.sleep(ENGINE_SLOW_S)
        if self.engine is None:
            by_id("engine-status").textContent = (
                "The engine is still loading: a slow connection? Reloading the page may help.")

    # ------------------------------------------------------------ lobby

    def lobby_config(self):
        form = js.FormData.new(by_id("lobby-form"))
        players = int(form.get("players"))
        return {
            "game": "tycoon",
            "options": {
                "jokers": int(form.get("jokers")),
                "order": form.get("order"),
                "bankruptcy": form.get("bankruptcy") is not None,
                "rounds": int(form.get("rounds")),
            },
            "seats": ["human"] + [form.get("bots")] * (players - 1),
        }

    def on_deal(self, event):
        event.preventDefault()
        config = self.lobby_config()
        if not self.engine_ready:
            self.pending_config = config
            by_id("lobby-status").textContent = "Dealing as soon as the engine is ready…"
            return
        spawn(self.new_game(config))

    def update_lobby(self):
        by_id("resume").hidden = self.view is None or self.view.get("outcome") is not None
        by_id("deal").textContent = "New game" if not by_id("resume").hidden else "Deal"
        by_id("lobby-status").textContent = ""

    def show_lobby(self):
        self.in_lobby = True
        self.update_lobby()
        by_id("table").hidden = True
        by_id("results").hidden = True
        by_id("lobby").hidden = False

    def resume_table(self):
        self.in_lobby = False
        self.render()
        if self.engine_ready and not self.showing_results():
            spawn(self.run_bots())

    def dismiss_notice(self):
        by_id("notice").hidden = True

    # ------------------------------------------------------------ engine calls

    async def new_game(self, config):
        self.pending_config = None
        reply = json.loads(await self.engine.new_game(json.dumps(config)))
        if not reply["ok"]:
            by_id("lobby-status").textContent = reply["error"]["message"]
            return
        self.selection = []
        self.last_play = None
        self.in_lobby = False
        self.accept(reply)
        await self.run_bots()

    async def restore(self):
        """Ask the engine for the game it saved (or for the one an earlier version of the
        page saved here, which the worker takes over)."""
        legacy = self.legacy_log
        self.legacy_log = None
        reply = json.loads(await (self.engine.resume() if legacy is None
                                  else self.engine.resume(legacy)))
        if not reply["ok"]:
            error = reply["error"]
            if error["type"] == "StorageError":
                self.discard_save("This browser does not let Tycoon Table read its saved game ("
                                  + error["message"] + "). Games will not be kept.")
            else:
                self.discard_save("Your saved game could not be read (" + error["message"]
                                  + "), so a new game starts here.")
            return
        if legacy is not None:
            storage("removeItem", LEGACY_SAVE_KEY)
        view = reply["view"]
        if view is None:
            if self.view is not None:
                self.discard_save("Your saved game was not found, so a new game starts here.")
        elif view["outcome"] is not None and self.in_lobby:
            await self.forget()  # its results were read before the engine was ready
        else:
            self.accept(reply)

    async def forget(self):
        """The finished game's save goes; the lobby's next Deal starts afresh."""
        await self.engine.forget()

    def accept(self, reply, step=False):
        """Take the engine's new view (after a step, if ``step``): show it, and keep it to
        paint the table at once on the next visit."""
        if step:
            # A play's cards: the ones a step showed while the table was in play.
            played = reply["cards"] and self.view is not None and self.view["phase"] == "play"
            self.last_play = (reply["seat"], reply["cards"], reply["view"]) if played else None
        self.moves = reply["moves"]
        self.view = reply["view"]
        storage("setItem", TABLE_KEY, json.dumps({"view": self.view, "moves": self.moves}))
        if reply.get("save_error") and not self.save_error_shown:
            self.save_error_shown = True
            show_notice("Your game cannot be saved in this browser (" + reply["save_error"]
                        + "); it will be lost if the page is closed.")
        # How many actions the game has seen: a count that only grows (tests wait on it).
        by_id("table").dataset.moves = str(self.moves)
        self.render()

    async def perform(self, text):
        """Send the human's action; on success the bots take their turns."""
        if not self.can_act():
            return
        self.busy = True
        self.update_actions()
        reply = json.loads(await self.engine.act(text))
        if not reply["ok"]:
            self.busy = False
            self.view = reply.get("view") or self.view
            self.render()
            self.show_hint(reply["error"]["message"], illegal=True)
            return
        self.selection = []
        self.advice = None
        self.accept(reply, step=True)
        by_id("last-event").textContent = reply["text"]
        await asyncio.sleep_ms(self.settings["pace"] // 2)
        await self.run_bots()

    async def run_bots(self):
        """Advance the bots (and the deals) one step at a time, at the chosen pace, until
        the human must act, a round's results are to be read, or the game is over."""
        if self.bots_running:
            return
        self.bots_running = True
        self.busy = True
        self.update_actions()
        try:
            while not self.showing_results() and not self.in_lobby:
                reply = json.loads(await self.engine.advance())
                if not reply["ok"]:
                    raise RuntimeError(reply["error"]["message"])
                if reply["action"] is None:
                    self.view = reply["view"]
                    break
                self.accept(reply, step=True)
                by_id("last-event").textContent = reply["text"]
                await asyncio.sleep_ms(self.settings["pace"])
        finally:
            self.bots_running = False
            self.busy = False
        self.render()

    async def ask_hint(self):
        """The engine's suggestion for this turn: its reason is shown, its cards selected
        (or Pass marked); the player still decides."""
        if not self.can_act():
            return
        moves = self.moves
        self.show_hint("Thinking…")
        reply = json.loads(await self.engine.hint())
        if moves != self.moves or not self.can_act():
            return  # the game moved on meanwhile
        if not reply["ok"]:
            self.show_hint(reply["error"]["message"], illegal=True)
            return
        self.advice = {"moves": moves, "reason": reply["reason"], "pass": reply["text"] == "pass"}
        self.selection = self.positions_of(reply["cards"])
        self.render_hand()
        self.update_actions()

    def positions_of(self, cards):
        """Where the given cards are in the hand (two Jokers share one notation)."""
        positions = []
        for card in cards:
            for index, held in enumerate(self.view["hand"]):
                if held == card and index not in positions:
                    positions.append(index)
                    break
        return sorted(positions)

    def current_advice(self):
        """The hint for the position on show, if the player asked for one."""
        advice = self.advice
        return advice if advice is not None and advice["moves"] == self.moves else None

    def can_act(self):
        return (self.engine_ready and not self.busy and self.view is not None
                and self.view["your_turn"])

    # ------------------------------------------------------------ rendering

    def showing_results(self):
        """A round has ended (or the game): its results stay up until the player goes on."""
        view = self.view
        return view is not None and view["last_round"] is not None and view["phase"] in (
            "deal", "over")

    def render(self):
        if self.in_lobby:
            return
        if self.showing_results():
            self.render_results()
            return
        by_id("results").hidden = True
        by_id("lobby").hidden = True
        by_id("table").hidden = False
        view = self.view
        you = view["players"][view["seat"]]
        rounds = view["rounds"]
        by_id("round-info").textContent = (
            "Round " + str(view["round"]) + (" of " + str(rounds) if rounds else ""))
        by_id("revolution").hidden = not view["revolution"]
        self.render_opponents()
        self.render_trick()
        by_id("turn").textContent = self.turn_text()
        by_id("history").innerHTML = "".join(
            "<li>" + escape(text) + "</li>" for text in view["history"])
        me = by_id("me-info")
        me.textContent = " · ".join(
            [you["name"]] + ([you["title"]] if you["title"] else [])
            + [str(you["score"]) + " points", str(you["cards"]) + " cards"])
        me.setAttribute("aria-current", "true" if view["your_turn"] else "false")
        self.render_hand()
        self.update_actions()

    def turn_text(self):
        view = self.view
        if view["to_act"] is None:
            return ""
        if view["your_turn"]:
            if view["phase"] == "give":
                owed = view["owed"][0]
                receiver = view["players"][owed["receiver"]]["name"]
                return ("Your turn: choose " + str(owed["count"]) + " card"
                        + ("s" if owed["count"] > 1 else "") + " to give to " + receiver)
            return "Your turn"
        return view["players"][view["to_act"]]["name"] + "'s turn"

    def render_opponents(self):
        view = self.view
        items = []
        for player in view["players"]:
            if player["seat"] == view["seat"]:
                continue
            state = ""
            if player["bankrupt"]:
                state = "bankrupt"
            elif player["place"] is not None:
                state = "out"
            elif player["passed"]:
                state = "passed"
            current = "true" if view["to_act"] == player["seat"] else "false"
            items.append(
                f'<li class="opponent" aria-current="{current}">'
                f'<div class="name">{escape(player["name"])}</div>'
                f'<div class="detail">{escape(player["title"] or "")}</div>'
                f'<div class="detail"><span class="count">{player["cards"]} cards</span>'
                f' · {player["score"]} pts</div>'
                f'<div class="state">{state}</div></li>')
        opponents = by_id("opponents")
        opponents.innerHTML = "".join(items)
        opponents.style.setProperty("--opponents", str(len(items)))

    def render_trick(self):
        view = self.view
        names = [p["name"] for p in view["players"]]
        plays = [(p["seat"], p["cards"], p["text"]) for p in view["trick"]]
        if not plays and self.last_play is not None and self.last_play[2] is view:
            # The play that just won the trick has already been cleared from the
            # table in the new view: show it for the moment it is narrated.
            plays = [(self.last_play[0], self.last_play[1], "")]
        items = []
        for seat, cards, text in plays[-TRICK_PLAYS_SHOWN:]:
            label = names[seat] + (": " + text if text else "")
            faces = "".join(card_face(card) for card in cards)
            items.append(f'<li class="play" aria-label="{escape(label)}">'
                         f'<span class="who" aria-hidden="true">{escape(names[seat])}</span>'
                         f'<span class="cards" aria-hidden="true">{faces}</span></li>')
        by_id("trick").innerHTML = "".join(items)

    def render_hand(self):
        view = self.view
        hand_cards = view["hand"]
        if hand_cards != self.selection_hand:
            self.selection = []
            self.selection_hand = hand_cards
        hand = by_id("hand")
        focused = document.activeElement.getAttribute("data-index")
        parts = []
        names = view["hand_names"]
        for index, card in enumerate(hand_cards):
            parts.append("<li>" + card_button(card, names[index], index, index in self.selection)
                         + "</li>")
        hand.innerHTML = "".join(parts)
        self.lay_out_hand(hand, len(hand_cards))
        if focused:
            card = hand.querySelector(f'[data-index="{focused}"]')
            if card:
                card.focus()

    def lay_out_hand(self, hand, count):
        """Fan the cards: overlap them as much as the width needs, but never so much that
        a card's corner is hidden; past that, use two rows."""
        if count == 0:
            return
        first = hand.querySelector(".card")
        card_width = first.offsetWidth
        width = hand.clientWidth
        rows = 1
        per_row = count
        while per_row > 1 and (width - card_width) / (per_row - 1) < MIN_CARD_STRIP_PX:
            rows += 1
            per_row = (count + rows - 1) // rows
        step = card_width + 4 if per_row == 1 else min(card_width + 4,
                                                       (width - card_width) / (per_row - 1))
        hand.style.setProperty("--step", str(int(step)) + "px")
        cards = hand.querySelectorAll(".card")
        for index in range(count):
            card = cards[index]
            in_row = index % per_row
            row_size = min(per_row, count - (index - in_row))
            card.style.setProperty("--i", str(in_row))
            card.style.setProperty("--mid", str((row_size - 1) / 2))
            if in_row == 0 and index > 0:
                card.classList.add("row-start")

    def show_hint(self, text, illegal=False, advice=False):
        hint = by_id("hint")
        if hint.textContent != text:  # the same words are not announced again
            hint.textContent = text
        for name, on in (("illegal", illegal), ("advice", advice)):
            if on:
                hint.classList.add(name)
            else:
                hint.classList.remove(name)

    def update_actions(self):
        """The Pass and Play buttons; Play's label comes from the engine's check."""
        play = by_id("play")
        pass_button = by_id("pass")
        view = self.view
        giving = view is not None and view["phase"] == "give"
        pass_button.hidden = giving
        play.classList.remove("illegal")
        advice = self.current_advice() if self.can_act() else None
        if advice is not None and advice["pass"]:
            pass_button.classList.add("suggested")
        else:
            pass_button.classList.remove("suggested")
        # "you" exactly when the controls accept input (the browser tests wait on it).
        by_id("table").dataset.turn = "you" if self.can_act() else "wait"
        by_id("hint-button").setAttribute("aria-disabled",
                                          "false" if self.can_act() else "true")
        if not self.can_act():
            play.setAttribute("aria-disabled", "true")
            pass_button.setAttribute("aria-disabled", "true")
            play.textContent = "Give" if giving else "Play"
            self.show_hint("")
            return
        can_pass = any(option["act"] == "pass" for option in view["legal"])
        pass_button.setAttribute("aria-disabled", "false" if can_pass else "true")
        if advice is not None:
            self.show_hint(advice["reason"], advice=True)
        if not self.selection:
            play.setAttribute("aria-disabled", "true")
            play.textContent = "Give" if giving else "Play"
            if advice is None:
                self.show_hint("Tap the cards to give, then Give." if giving else
                               "Tap cards to select them, then Play or swipe them up.")
            return
        if advice is None:
            self.show_hint("")
        play.setAttribute("aria-disabled", "true")
        spawn(self.check_selection())

    def selection_text(self):
        text = " ".join(self.view["hand"][index] for index in self.selection)
        return "give " + text if self.view["phase"] == "give" else text

    async def check_selection(self):
        self.check_serial += 1
        serial = self.check_serial
        reply = json.loads(await self.engine.check(self.selection_text()))
        if serial != self.check_serial or not self.can_act():
            return
        play = by_id("play")
        if reply["ok"]:
            play.textContent = reply["label"]
            play.setAttribute("aria-disabled", "false")
        else:
            # The reason goes in the line above the buttons (Play's aria-describedby),
            # so the button keeps its size and the hand stays where the finger is.
            play.classList.add("illegal")
            self.show_hint(reply["error"]["message"], illegal=True)

    async def play_selection(self):
        if self.selection and by_id("play").getAttribute("aria-disabled") == "false":
            await self.perform(self.selection_text())

    # ------------------------------------------------------------ results

    def render_results(self):
        view = self.view
        by_id("table").hidden = True
        by_id("lobby").hidden = True
        section = by_id("results")
        section.hidden = False
        outcome = view["outcome"]
        players = view["players"]
        rows = []
        last_round = view["last_round"]
        if outcome is None:
            by_id("results-title").textContent = (
                "Round " + str(last_round["round"]) + " results")
            by_id("results-next").textContent = "Next round"
            for entry in last_round["results"]:
                player = players[entry["seat"]]
                rows.append((player, entry["title"], "+" + str(entry["points"])))
        else:
            by_id("results-title").textContent = "Game over: " + outcome["text"]
            by_id("results-next").textContent = "New game"
            titles = {entry["seat"]: entry["title"] for entry in last_round["results"]}
            for seat in outcome["ranking"]:
                rows.append((players[seat], titles.get(seat, ""), ""))
        by_id("results-rows").innerHTML = "".join(
            f'<tr class="{"you" if player["seat"] == view["seat"] else ""}">'
            f'<td>{escape(player["name"])}</td><td>{escape(title)}</td>'
            f'<td>{escape(gained)} <strong>{player["score"]}</strong></td></tr>'
            for player, title, gained in rows)
        by_id("results-next").focus()

    def after_results(self):
        if self.view["outcome"] is not None:
            storage("removeItem", TABLE_KEY)
            self.view = None
            self.show_lobby()
            if self.engine_ready:
                spawn(self.forget())
            return
        # The round's results have been read: the next step deals the next round.
        self.view = dict(self.view, last_round=None)
        self.render()
        spawn(self.run_bots())

    # ------------------------------------------------------------ gestures

    def on_hand_click(self, event):
        card = event.target.closest(".card")
        # A swipe captures the pointer on the hand, so no card gets the click after it.
        if card is None or not self.can_act():
            return
        index = int(card.getAttribute("data-index"))
        if index in self.selection:
            self.selection.remove(index)
        else:
            self.selection.append(index)
            self.selection.sort()
        card.setAttribute("aria-pressed", "true" if index in self.selection else "false")
        self.update_actions()

    def on_pointer_down(self, event):
        # One finger at a time: a second touch while one is down is ignored.
        if self.gesture is None and event.isPrimary:
            self.gesture = {"id": event.pointerId, "x": event.clientX, "y": event.clientY,
                            "dragging": False}

    def on_pointer_move(self, event):
        gesture = self.gesture
        if gesture is None or event.pointerId != gesture["id"]:
            return
        rise = gesture["y"] - event.clientY
        if not gesture["dragging"] and rise > TAP_SLOP_PX and self.selection:
            gesture["dragging"] = True
            by_id("hand").setPointerCapture(event.pointerId)
        if gesture["dragging"]:
            hand = by_id("hand")
            if rise >= SWIPE_UP_PX:
                hand.classList.add("swiping")
            else:
                hand.classList.remove("swiping")

    def on_pointer_up(self, event):
        gesture = self.gesture
        if gesture is None or event.pointerId != gesture["id"]:
            return
        self.gesture = None
        by_id("hand").classList.remove("swiping")
        if gesture["dragging"] and gesture["y"] - event.clientY >= SWIPE_UP_PX:
            spawn(self.play_selection())

    def on_pointer_cancel(self, event):
        self.gesture = None
        by_id("hand").classList.remove("swiping")


async def register_service_worker():
    """Register the worker that makes the site work offline, and offer its updates.

    A new version installs in the background and waits; the page offers
    "Update", and only a tap on it lets the new version take over (then the page
    reloads and restores the saved game)."""
    if not js.Reflect.has(js.navigator, "serviceWorker"):
        return
    container = js.navigator.serviceWorker
    registration = await container.register("service-worker.js")

    def offer(worker):
        banner = by_id("update")
        banner.hidden = False

        def update(event):
            listen(container, "controllerchange", lambda event: js.location.reload())
            worker.postMessage(to_js({"type": "skip-waiting"}))

        listen(by_id("update-button"), "click", update)

    def watch(worker):
        def on_state(event):
            if worker.state == "installed" and container.controller:
                offer(worker)

        listen(worker, "statechange", on_state)

    if registration.waiting and container.controller:
        offer(registration.waiting)
    listen(registration, "updatefound", lambda event: watch(registration.installing))
    document.body.dataset.serviceWorker = "registered"


page = Page()
page.start()
await page.connect_engine()  # noqa: F704 - PyScript runs this module with top-level await
