"""The buttons under the hand (Hint, Pass, Play), the line above them, and the picker
of what the selected cards are played as.

The Play button names the move the selected cards make, from the view's own
moves; when they make none, the engine says why (the reason goes in the line
above the buttons, so the button keeps its size and the hand stays under the
finger). Where the same cards make several moves, or a move that changes them (a
Matchstick play: a value, turned cards, matchsticks added), the picker offers
each, previewed as played, and the ones the rules refuse with the engine's
reason. The page never writes a move: it sends back the ``act`` the view offered.
"""

import js

from cards import card_face
from dom import by_id, escape, guarded, listen, size_watcher, spawn, toggle_class
from language import _, p_

ADVICE_GAP = 4  # px between the advice and the cards it leaves in sight


def same_cards(move, cards):
    """Whether ``move`` takes exactly ``cards`` (ids, in any order) from the hand."""
    return sorted(move["cards"]) == sorted(cards)


def needs_picking(moves):
    """Whether the player must say how the cards are played, or should see it first:
    several moves, or one that turns or adds to its cards."""
    return len(moves) > 1 or any(
        face["turned"] or face["added"] for move in moves for face in move.get("faces", ()))


class Controls:
    def __init__(self, engine, holder, on_choice):
        self.engine = engine  # a function giving the engine client, once it is up
        self.holder = holder  # a function giving the seat holding the phone (or None)
        self.on_choice = on_choice  # a choice was made in the picker
        self.serial = 0  # answers about older selections are dropped
        self.play = by_id("play")
        self.pass_button = by_id("pass")
        self.hint_button = by_id("hint-button")
        self.line = by_id("hint")
        self.values = by_id("values")
        self.cards = []  # the selection the controls were last drawn for
        self.picked = None  # (cards, act) chosen in the picker for that selection
        self.pick_shown = None  # the act the picker shows chosen, if any
        self.shown_choices = None  # (cards, choices) drawn in the picker
        self.by_keys = False  # the player's last input was the keyboard (else a finger or mouse)
        self.advice = None  # the hint the controls were last drawn with
        # The sheets over the hand the player closed, back to the cards: the hint whose
        # advice, and the selection whose picker; whether the picker on show is closed.
        self.closed_advice = None
        self.closed_cards = None
        self.covered = False
        listen(self.values, "click", self.on_pick)
        listen(by_id("sheet-close"), "click", self.on_close)
        # The advice's room over the cards the hint raised, measured after the browser's
        # layout: when it is given, and as your side changes size (the phone turned).
        self.fit = guarded(self.fit_advice)
        size_watcher(self.fit_advice).observe(self.line.parentElement)

    def say(self, text, illegal=False, advice=False):
        if self.line.textContent != text:  # the same words are not announced again
            self.line.textContent = text
        toggle_class(self.line, "illegal", illegal)
        toggle_class(self.line, "advice", advice)
        if advice:
            js.requestAnimationFrame(self.fit)

    def fit_advice(self, *_):
        """The advice is read whole, and leaves the cards the hint raised in sight where
        it can: its sheet reaches down to just above the highest of them where its words
        fit there (``--advice-room`` on your side, read by the stylesheet), else over the
        hand as far as they need (Play names the cards). With the picker up, the picker
        lies under the advice's last line (``--advice-height``), its choice in sight."""
        side = self.line.parentElement
        style = side.style
        advice = self.line.classList.contains("advice")
        if advice and not self.values.hidden:
            style.setProperty("--advice-height", f"{self.line.offsetHeight}px")
        else:
            style.removeProperty("--advice-height")
        self.show_choice()
        raised = by_id("hand").querySelectorAll(".card[aria-pressed=true]")
        if not advice or not raised.length:
            style.removeProperty("--advice-room")
            return
        top = self.line.getBoundingClientRect().top
        highest = min(raised[i].getBoundingClientRect().top for i in range(raised.length))
        room = int(highest - top - ADVICE_GAP)
        # Its words' height, borders included, whatever room it has now.
        needed = self.line.scrollHeight + self.line.offsetHeight - self.line.clientHeight
        if needed <= room:
            style.setProperty("--advice-room", f"{room}px")
        else:
            style.removeProperty("--advice-room")

    def show_choice(self):
        """The picker scrolled, if it must, to bring the choice made (else its first) into
        sight."""
        if self.values.hidden:
            return
        chosen = (self.values.querySelector(".value[aria-checked=true]")
                  or self.values.querySelector(".value"))
        if chosen is None:
            return
        top = chosen.offsetTop
        bottom = top + chosen.offsetHeight
        view = self.values.scrollTop
        if top < view:
            self.values.scrollTop = top
        elif bottom > view + self.values.clientHeight:
            self.values.scrollTop = bottom - self.values.clientHeight

    def moves(self, view, cards):
        """The view's moves that take exactly these cards."""
        return [move for move in view["legal"] if move["cards"] and same_cards(move, cards)]

    def pass_move(self, view):
        """The move of the button beside Play, which plays no card (a pass, or a
        matchstick discarded), if the view has that button and offers it."""
        if view["pass_label"] is None:
            return None
        return next((move for move in view["legal"] if not move["cards"]), None)

    def phrases(self):
        """The acts the table talk's list offers now."""
        options = by_id("say").options
        return [options[index].value for index in range(options.length)]

    def update(self, view, can_act, cards, advice):
        """The buttons for ``view``: ``can_act`` when they take input, ``cards`` the
        selection's ids, ``advice`` the hint on show (or None)."""
        self.serial += 1
        self.cards = list(cards)
        self.pick_shown = None
        self.advice = advice
        if self.closed_cards != sorted(cards):
            self.closed_cards = None  # another selection: its picker opens
        self.covered = self.closed_cards is not None
        shown_advice = None if advice is self.closed_advice else advice
        pass_move = self.pass_move(view) if view is not None else None
        self.pass_button.hidden = view is None or view["pass_label"] is None
        if view is not None and view["pass_label"] is not None:
            self.pass_button.textContent = view["pass_label"]
        toggle_class(self.pass_button, "suggested", advice is not None and advice["pass"])
        say = by_id("say-button")
        say.setAttribute("aria-disabled", "false" if can_act else "true")
        toggle_class(say, "suggested", advice is not None and advice["act"] in self.phrases())
        toggle_class(self.play, "illegal", False)
        # "you" exactly when the controls accept input (the browser tests wait on it).
        by_id("table").dataset.turn = "you" if can_act else "wait"
        self.hint_button.setAttribute("aria-disabled", "false" if can_act else "true")
        verb = view["verb"] if view is not None else p_("cards", "Play")
        self.play.textContent = verb
        self.play.setAttribute("aria-disabled", "true")
        if not can_act:
            self.pass_button.setAttribute("aria-disabled", "true")
            self.say("")
            self.hide_picker()
            return
        self.pass_button.setAttribute("aria-disabled", "false" if pass_move else "true")
        if shown_advice is not None:
            self.say(advice["reason"], advice=True)
        if not cards:
            self.hide_picker()
            if shown_advice is None and not view["hand"]:
                self.say("")  # no card to select: the turn line says what to do
            elif shown_advice is None:
                self.say(_("Arrow keys move along your hand, Space selects a card, Enter to "
                           "{verb}; ? lists every key.").format(verb=verb.lower())
                         if self.by_keys else
                         _("Tap cards, then {verb} or swipe them up.").format(verb=verb))
            return
        if shown_advice is None:
            self.say("")
        moves = self.moves(view, cards)
        if moves and not needs_picking(moves):
            self.hide_picker()
            self.play.textContent = moves[0]["label"]
            self.play.setAttribute("aria-disabled", "false")
            return
        if moves:
            picked = self.choice_for(cards, moves, advice)
            self.show_picker(view, cards, moves, picked)
            if picked is not None:
                # The button names the move chosen, as it names any other (in its own
                # words where the picker's are longer than it holds).
                self.pick_shown = picked["act"]
                self.play.textContent = picked.get("button") or picked["label"]
                self.play.setAttribute("aria-disabled", "false")
            elif shown_advice is None:
                self.say(_("Choose what to play the cards as."))
        else:
            self.hide_picker()
        spawn(self.explain(view, cards, self.serial, bool(moves)))

    def choice_for(self, cards, moves, advice):
        """The move chosen for this selection: the player's pick, the hint's, or the only
        one there is."""
        chosen = None
        if self.picked is not None and sorted(self.picked[0]) == sorted(cards):
            chosen = self.picked[1]
        elif advice is not None and advice.get("act") is not None:
            chosen = advice["act"]
        for move in moves:
            if move["act"] == chosen:
                return move
        return moves[0] if len(moves) == 1 else None

    def show_picker(self, view, cards, choices, picked):
        """The moves these cards make, each previewed as played, in the engine's order;
        refused ones disabled with the engine's reason, and folded where the engine folds
        them (under its title: "Not enough matchsticks (8)")."""
        key = (sorted(cards), [(c["act"], c.get("reason")) for c in choices],
               picked["act"] if picked else None)
        if self.shown_choices == key:
            if self.values.hidden != self.covered:
                self.values.hidden = self.covered
                js.requestAnimationFrame(self.fit)
            return  # the same picker: never redrawn under the finger
        self.shown_choices = key
        hand = {card["id"]: card for card in view["hand"]}
        buttons = []
        folds = {}  # a fold's title: its buttons, drawn after those in sight
        for choice in choices:
            faces = choice.get("faces") or [{"id": card, "turned": False, "added": ""}
                                            for card in choice["cards"]]
            preview = "".join(card_face(hand[face["id"]], small=True, added=face["added"],
                                        turned=face["turned"])
                              for face in faces if face["id"] in hand)
            refused = choice.get("reason")
            checked = "true" if picked is not None and choice["act"] == picked["act"] else "false"
            reason = f'<span class="reason">{escape(refused)}</span>' if refused else ""
            button = (
                f'<button type="button" class="value" role="radio" aria-checked="{checked}"'
                f' aria-disabled="{"true" if refused else "false"}"'
                f' data-act="{escape(choice["act"])}">'
                f'<span class="preview" aria-hidden="true">{preview}</span>'
                f'<span class="label">{escape(choice["label"])}{reason}</span></button>')
            fold = choice.get("fold")
            if fold:
                folds.setdefault(fold, []).append(button)
            else:
                buttons.append(button)
        for title, folded in folds.items():
            buttons.append(f'<details class="fold"><summary>{escape(title)}</summary>'
                           f'{"".join(folded)}</details>')
        self.values.innerHTML = "".join(buttons)
        self.values.hidden = self.covered
        js.requestAnimationFrame(self.fit)  # the advice's room, and the choice in sight

    def hide_picker(self):
        if not self.values.hidden:
            self.values.hidden = True
            self.values.innerHTML = ""
            js.requestAnimationFrame(self.fit)
        self.shown_choices = None

    def on_close(self, event):
        """The sheets over the hand close, back to the cards, until the selection or the
        hint changes (the choice made in the picker stands)."""
        self.closed_advice = self.advice
        if not self.values.hidden:
            self.closed_cards = sorted(self.cards)
        self.on_choice()

    def on_pick(self, event):
        button = event.target.closest(".value")
        if button is None:
            return
        if button.getAttribute("aria-disabled") == "true":
            reason = button.querySelector(".reason")
            self.say(reason.textContent if reason else "", illegal=True)
            return
        self.picked = (list(self.cards), button.getAttribute("data-act"))
        self.on_choice()

    async def explain(self, view, cards, serial, offered):
        """Why the selected cards make no move, in the engine's words; where the picker
        is up, its refused choices join it, with their reasons."""
        reply = await self.engine().check_cards(cards, self.holder())
        if serial != self.serial:
            return
        if offered:
            # Every move the cards could make, in the engine's order: those the view
            # offers, then the refused.
            offers = {move["act"]: move for move in self.moves(view, cards)}
            choices = [offers.get(choice["act"], choice) if choice["legal"] else choice
                       for choice in reply.get("choices") or []]
            choices += [move for act, move in offers.items()
                        if act not in [choice["act"] for choice in choices]]
            picked = next((m for m in offers.values() if m["act"] == self.pick_shown), None)
            self.show_picker(view, cards, choices, picked)
            return
        if reply["ok"]:
            return
        toggle_class(self.play, "illegal", True)
        self.say(reply["error"]["message"], illegal=True)

    def chosen(self, view, cards):
        """The move to send for the selection: the one it makes, or the one picked."""
        moves = self.moves(view, cards) if view is not None else []
        if not moves or self.play.getAttribute("aria-disabled") != "false":
            return None
        if needs_picking(moves):
            return self.pick_shown if sorted(cards) == sorted(self.cards) else None
        return moves[0]["act"]
