"""The game on show, played: a new game (the saved one comes back through
``saved_game``), the player's moves sent as the view offered
them, the bots' turns at the chosen pace, hints, undo, and passing for the player when
nothing in the hand can beat the table. Every view comes from the engine worker; this
keeps the latest one and has the page show it."""

import asyncio

import screens
import store
from cover import shared
from dom import by_id, show_notice, spawn
from engine_client import stopped
from language import N_, _

# How often a wait of the bots' (their pause, a halt) looks whether the player moved, ms.
HALT_POLL_MS = 16

# What a turn passed for the player says (the setting's own words, in the menu).
PASSED_FOR_YOU = N_("Passed for you: nothing in your hand beats the table.")


class Game:
    def __init__(self, page):
        self.page = page  # the engine, the state, the hand and the controls, as it holds them
        self.busy = False  # an engine call of the player's (a move, a take-back) is under way
        self.bots_running = False  # the bots' turns are under way (``run_bots``)
        self.halting = False  # the player moved: the bots' turns stop, and leave it to them
        self.advice = None  # the engine's hint for the position at ``advice["moves"]``
        self.last_play = None  # (seat, cards, faces, view) of the latest play: it stays on show
        self.save_error_shown = False

    async def new_game(self, config):
        page = self.page
        page.pending_config = None
        reply = await page.engine.new_game(config)
        if not reply["ok"]:
            said = (_("The new game could not start: {why}. Your game in progress is kept.")
                    if page.game_in_progress() else _("The new game could not start: {why}."))
            show_notice(said.format(why=reply["error"]["message"]))
            if page.view is None:
                page.lobby.show()  # the game over that Play again left
            else:
                page.lobby.update()
            return False
        store.forget(page.table_key)  # the old game's picture: the new one is drawn next
        page.holder = reply["view"]["seat"]  # the phone's owner, who dealt
        page.share.dealt(config)
        page.challenges.dealt(config)
        page.today.dealt()
        self.last_play = None
        by_id("last-event").textContent = ""  # the old game's last words are not this one's
        self.accept(reply, show=True)
        page.hand.lay_out()  # where the dealt cards fly to
        page.motion.deal(page.settings["pace"])
        page.hand.focus_card(0)
        await self.run_bots()
        return True

    def accept(self, reply, step=False, show=False):
        """Take the engine's new view (after a step, if ``step``; to come on show, if
        ``show``): show it, and keep it to paint the table at once on the next visit.
        Returns how long, in ms, what the step moved takes to arrive."""
        page = self.page
        pace = page.settings["pace"]
        if step:
            page.motion.before(reply, pace)
            # A play stays on show while the trick it won is cleared in the new view.
            played = reply["kind"] == "play"
            self.last_play = (reply["seat"], reply["cards"], reply.get("faces"),
                              reply["view"]) if played else None
            by_id("last-event").textContent = reply["text"]
        before = page.view
        page.moves = reply["moves"]
        page.view = reply["view"]
        # What the middle says is kept too, so a reload shows the last move told; at a
        # table of several people, nothing is kept (a view holds a person's hand).
        if shared(page.view):
            store.forget(page.table_key)
        else:
            store.keep_table(page.table_key, page.view, page.moves,
                             by_id("last-event").textContent)
        if reply.get("save_error") and not self.save_error_shown:
            self.save_error_shown = True
            show_notice(_("Your game cannot be saved: {why}. It ends when the page is "
                          "closed.").format(why=reply["save_error"]))
        # How many actions the game has seen: a count that only grows (tests wait on it).
        by_id("table").dataset.moves = str(page.moves)
        page.go(screens.SHOW_GAME if show else screens.STEP, page.view)
        if step:
            self.cue(reply, before)
            if (page.view["outcome"] is not None and page.view["script"] is None
                    and page.slot is None and (before is None or before["outcome"] is None)):
                page.statistics.record(page.view)  # not a guided trick played on, nor an embed
                page.today.ended(page.view)
        moving = 0
        if step and page.screen() in screens.TABLE_SCREENS and not page.covered():
            moving = page.motion.after(reply, page.view, pace)
            if reply["kind"] == "deal":  # a new hand: the keyboard's focus goes to it
                page.hand.focus_card(0)
        return moving

    def cue(self, step, before):
        """The sound (and vibration) of a step, as the settings allow."""
        view = self.page.view
        if self.page.screen() in screens.RESULTS_SCREENS:
            self.page.feedback.cue("round_end")
        elif before is not None and view.get("revolution") and not before.get("revolution"):
            self.page.feedback.cue("revolution")
        elif view["your_turn"] and (before is None or not before["your_turn"]):
            self.page.feedback.cue("turn")
        elif step["kind"] in ("play", "pass"):
            self.page.feedback.cue(step["kind"])

    async def perform(self, move):
        """Send the human's move (an ``act`` the view offered); then the bots play, the
        first no sooner than the pace, so the player sees the move land. A move made
        while the bots' turns still run (the pause after the step that gave the player
        the turn, or a Corporation bot's talk) stops them first; where the step they
        were taking meanwhile no longer offers the move, the player sees that view."""
        page = self.page
        if not self.can_act():
            return
        self.busy = True
        page.update_controls()
        halted = await self.halt_bots()
        if halted and not (page.view["your_turn"]
                           and any(offered["act"] == move for offered in page.view["legal"])):
            self.busy = False
            page.render()
            await self.run_bots()
            return
        reply = await page.engine.act(move, page.holder)
        if page.elsewhere:  # the move was not kept: the game went on in another tab
            self.busy = False
            page.update_controls()
            return
        if not reply["ok"]:
            self.busy = False
            page.view = reply.get("view") or page.view
            page.render()
            page.controls.say(reply["error"]["message"], illegal=True)
            if halted:
                spawn(self.run_bots())
            return
        self.advice = None
        page.hand.clear()
        moving = self.accept(reply, step=True)
        self.busy = False  # where the move leaves the turn the player's, it is theirs at once
        await self.run_bots(max(page.settings["pace"], moving))

    async def halt_bots(self):
        """Stop the bots' turns where they run (at the end of their pause, or of the step
        they are taking) and wait until they have; whether they were running."""
        if not self.bots_running:
            return False
        self.halting = True
        while self.bots_running:
            await asyncio.sleep_ms(HALT_POLL_MS)
        self.halting = False
        return True

    async def pause(self, ms):
        """The bots' pause of ``ms``, cut short where the player moves meanwhile."""
        waited = 0
        while waited < ms and not self.halting:
            step = min(HALT_POLL_MS, ms - waited)
            await asyncio.sleep_ms(step)
            waited += step

    async def play_selection(self):
        page = self.page
        move = page.controls.chosen(page.view, page.hand.selected_ids())
        if move is not None:
            await self.perform(move)

    async def say(self):
        """Say the phrase chosen in the table talk's list (a move the view offered)."""
        act = by_id("say").value
        if act and any(move["act"] == act for move in self.page.view["legal"]):
            await self.perform(act)

    async def pass_turn(self):
        page = self.page
        move = page.controls.pass_move(page.view) if page.view is not None else None
        if move is not None:
            await self.perform(move["act"])

    def forget(self):
        """The game is over for this page (finished, or given up for a new one)."""
        page = self.page
        store.forget(page.table_key)
        page.challenges.forget()
        page.view = None
        if page.engine_ready:
            spawn(page.engine.forget())

    async def run_bots(self, wait_ms=0):
        """After ``wait_ms`` (the player's move landing), advance the bots (and the
        deals) one step at a time, at the chosen pace, until the human must act, a
        round's results are to be read, or the game is over; then pass for the player if
        the setting asks and nothing else can be played.

        Where a step makes it the player's turn, the hand and the controls take input at
        once, through the pause after it and any step still due (a Corporation bot's
        talk): the player's move stops the bots (``halt_bots``) and is made."""
        page = self.page
        if self.bots_running:
            return
        self.bots_running = True
        self.halting = False
        # Whether the bots' turns run (the browser tests wait for them to end).
        by_id("table").dataset.bots = "running"
        page.update_controls()
        try:
            await self.pause(wait_ms)
            while (page.screen() in screens.TABLE_SCREENS and not page.elsewhere
                   and not self.halting):
                await page.exchange.let_read()  # a round's first play waits for its reader
                if self.halting:
                    break
                reply = await page.engine.advance(page.holder)
                if page.elsewhere:
                    break  # the game went on in another tab: this step was not kept
                if stopped(reply):
                    break  # web/engine.js says so, and offers a restart
                if not reply["ok"]:
                    raise RuntimeError(reply["error"]["message"])
                if reply["action"] is None:
                    page.view = reply["view"]
                    break
                moving = self.accept(reply, step=True)
                # The pace, or longer while the step's cards are still on their way (a
                # deal's hand, then what its exchange forced over).
                await self.pause(max(page.settings["pace"], moving))
        finally:
            self.bots_running = False
            by_id("table").dataset.bots = "idle"
        if self.halting:
            return  # the player's move goes on from here
        if self.pass_due() is None:
            page.render()
        else:
            await self.pass_for_you()

    def pass_due(self):
        """The pass the setting makes for the player: where it is their turn and every move
        the view offers is that pass (no card of the hand makes a move); else None."""
        page = self.page
        view = page.view
        if (not self.can_act() or page.screen() != screens.TABLE
                or not page.settings_sheet.auto_passes(view["game"])):
            return None
        pass_move = page.controls.pass_move(view)
        if pass_move is None or any(move["cards"] for move in view["legal"]):
            return None
        return pass_move

    async def pass_for_you(self):
        """Make the setting's pass, if one is due, and say so."""
        pass_move = self.pass_due()
        if pass_move is not None:
            self.page.toast(_(PASSED_FOR_YOU))
            await self.perform(pass_move["act"])

    async def undo(self):
        """Take back your last move (a practice game): the engine replays the game
        without it, and the position before it comes back."""
        page = self.page
        if not self.can_undo():
            return
        self.busy = True
        page.update_controls()
        halted = await self.halt_bots()
        reply = await page.engine.undo(page.holder)
        self.busy = False
        if not reply["ok"]:
            page.controls.say(reply["error"]["message"], illegal=True)
            page.update_controls()
            if halted:
                spawn(self.run_bots())
            return
        self.advice = None
        self.last_play = None
        page.hand.clear()
        by_id("last-event").textContent = _("You took back your move.")
        self.accept(reply)

    def ready(self):
        """Whether the engine is up with no call of the player's under way, and the game
        is played in this tab (the bots' turns may still run)."""
        page = self.page
        return (page.engine_ready and not self.busy and page.view is not None
                and not page.elsewhere and not page.engine_stopped)

    def idle(self):
        """Whether the engine is up and idle (no call or bot turn under way), and the game
        is played in this tab."""
        return self.ready() and not self.bots_running

    def can_act(self):
        """Whether the hand and the controls take input: from the moment the view on show
        makes it the player's turn, though the bots' pause after the step that made it
        so still runs (a move stops it); never under the cover."""
        return self.ready() and self.page.view["your_turn"] and not self.page.covered()

    def can_undo(self):
        """Whether Undo takes the last move back now: as a move would be made."""
        return (self.idle() or self.can_act()) and bool(self.page.view.get("can_undo"))

    async def ask_hint(self):
        """The engine's suggestion for this turn: its reason is shown, its cards selected
        (or Pass marked); the player still decides."""
        page = self.page
        if not self.can_act():
            return
        moves = page.moves
        page.controls.say(_("Thinking…"))
        reply = await page.engine.hint(page.holder)
        if moves != page.moves or not self.can_act():
            return  # the game moved on meanwhile
        if not reply["ok"]:
            page.controls.say(reply["error"]["message"], illegal=True)
            return
        # A move of no card is the button beside Play (a pass, a matchstick discarded) or
        # a phrase of table talk, chosen in its list.
        pass_move = page.controls.pass_move(page.view)
        self.advice = {"moves": moves, "reason": reply["reason"], "act": reply["text"],
                       "pass": pass_move is not None and pass_move["act"] == reply["text"]}
        if reply["text"] in page.controls.phrases():
            by_id("say").value = reply["text"]
        page.hand.select_ids(reply["cards"])
        page.update_controls()

    def current_advice(self):
        """The hint for the position on show, if the player asked for one."""
        advice = self.advice
        return advice if advice is not None and advice["moves"] == self.page.moves else None

    def one_card_at_a_time(self):
        """Whether every move the view offers with cards takes one card (a Corporation
        commit): then a tap on another card moves the selection."""
        sizes = {len(move["cards"]) for move in self.page.view["legal"] if move["cards"]}
        return sizes == {1}
