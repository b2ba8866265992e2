"""Your hand: cards as toggle buttons, fanned to the width, selected by tap; a selection
swiped up is played.

A hand that has not changed is never drawn again: a redraw between a finger going
down and coming up would take the card from under it, and the tap would be lost.
A finger moving over the hand is the page's alone: left to the browser, a quick swipe
becomes a fling (even where nothing scrolls), and Chromium swallows the next tap, on
any card or button, as the touch that stops the fling, up to two seconds later.
The hand knows cards only by the ids the view gives them; what a selection makes
is for the controls to find among the view's moves. On your turn, the cards no move
the view offers takes are dimmed, and a tap selects a whole play (``assist``).
"""

import js
from pyscript import document
from pyscript.ffi import create_proxy

import assist
from cards import card_inside
from dom import escape, listen, size_watcher
from language import _, current

SWIPE_UP_PX = 48  # how far a drag that starts on the hand must rise to play the selection
TAP_SLOP_PX = 10  # a pointer that moves less than this is a tap
LONG_PRESS_MS = 500  # a finger held this long on a card selects every card of its rank
MIN_CARD_STRIP_PX = 32  # the narrowest strip of a card on show: its corner, and a fingertip


def in_order(cards, order):
    """``cards`` rearranged as the ids of ``order`` list them (each id once per card)."""
    if not order:
        return cards
    left = list(cards)
    arranged = []
    for card_id in order:
        for position, card in enumerate(left):
            if card["id"] == card_id:
                arranged.append(left.pop(position))
                break
    return arranged + left


def card_button(card, index, pressed):
    """A card of the hand: a toggle button named for screen readers ("Queen of hearts");
    the corner is for the eyes only. A card held back (face up in a Corporation) is
    shown but cannot be selected; tapping it says why. A card received in this round's
    exchange is marked until you play."""
    reason = card.get("reason")
    held = (f' aria-disabled="true" data-reason="{escape(reason)}"'
            f' aria-describedby="held-{index}"' if reason else "")
    note = f'<span id="held-{index}" class="sr-only">{escape(reason)}</span>' if reason else ""
    received = card.get("received")
    if received:
        giver = card.get("received_from")
        said = _(", received from {name}").format(name=giver) if giver else _(", received")
        note += '<span class="sr-only">' + escape(said) + "</span>"
    classes = "card received" if received else "card"
    return (f'<button type="button" class="{classes}" data-card="{escape(card["id"])}"'
            f' data-index="{index}" data-color="{escape(card["color"])}"'
            f' data-suit="{escape(card["suit"])}"{held}'
            f' aria-pressed="{"true" if pressed else "false"}">{card_inside(card)}{note}'
            f'</button>')


class Hand:
    """The hand's cards and which are selected (positions: two Jokers share an id)."""

    def __init__(self, element, can_select, on_change, on_swipe, on_refused, one_at_a_time):
        self.element = element
        self.can_select = can_select  # whether taps select now (the player's turn)
        self.on_change = on_change  # the selection changed
        self.on_swipe = on_swipe  # the selection was swiped up
        self.on_refused = on_refused  # a card held back was tapped: its reason
        self.one_at_a_time = one_at_a_time  # whether every move offered takes one card
        self.ids = []  # the ids of the cards drawn, in order
        self.ranks = []  # their ranks, as their corners show them
        self.received = []  # which were received in this round's exchange
        self.said_in = current()  # the language the cards' names were drawn in
        self.selection = []  # positions in the hand, ascending
        self.chosen = []  # those of them the player tapped (the assist added the rest)
        self.legal = []  # the moves the view offers (``offer``)
        self.your_turn = False
        self.gesture = None
        self.swallow_click = False
        self.pointer = "mouse"  # the kind of the last pointer down: mouse, touch or pen
        listen(element, "click", self.on_click)
        listen(element, "dblclick", self.on_double)
        # A long press is the hand's own (no menu of the browser's).
        listen(element, "contextmenu", lambda event: event.preventDefault())
        listen(element, "pointerdown", self.on_pointer_down)
        listen(element, "pointermove", self.on_pointer_move)
        listen(element, "pointerup", self.on_pointer_up)
        listen(element, "pointercancel", self.on_pointer_cancel)
        listen(element, "touchmove", self.on_touch_move)
        # The fan follows the hand's width and a card's (the window, the cards' size).
        self.sizes = size_watcher(self.lay_out)
        self.sizes.observe(element)
        self.watched_card = None

    def selected_ids(self):
        return [self.ids[index] for index in self.selection]

    def show(self, cards, held_back=(), order=None):
        """Draw the hand of a view in the engine's order, or in ``order`` (the ids as the
        view orders them by suit, or as dealt), and after it the cards ``held_back``
        (each with its reason): again only if its cards or the language changed (then the
        selection goes, and a focused card's place keeps the focus); else only the marks."""
        cards = in_order(list(cards), order) + list(held_back)
        ids = [card["id"] for card in cards]
        received = [bool(card.get("received")) for card in cards]
        if (ids == self.ids and received == self.received and self.said_in == current()
                and self.element.children.length == len(ids)):
            self.mark()
            return
        self.received = received
        self.said_in = current()
        self.ranks = [card["rank"] for card in cards]
        focused = document.activeElement.getAttribute("data-index")
        self.ids = ids
        self.selection = []
        self.chosen = []
        self.element.innerHTML = "".join(
            "<li>" + card_button(card, index, False) + "</li>"
            for index, card in enumerate(cards))
        self.watch_first_card()
        self.dim()
        if focused:
            card = self.element.querySelector(f'[data-index="{focused}"]')
            if card:
                card.focus()

    def offer(self, legal, your_turn):
        """The view's moves, each render: on your turn the cards none of them takes are
        dimmed (still readable, and still tappable: the engine says why), and a tap
        selects from them."""
        self.legal = list(legal)
        self.your_turn = bool(your_turn)
        self.dim()

    def choosable(self):
        """The ids by position, None for a card held back (never to be selected)."""
        buttons = self.cards()
        return [None if buttons[index].hasAttribute("data-reason") else card_id
                for index, card_id in enumerate(self.ids)]

    def dim(self):
        dimmed = assist.dimmed(self.legal, self.choosable(), self.your_turn)
        buttons = self.cards()
        for index in range(buttons.length):
            button = buttons[index]
            if (index in dimmed) == button.classList.contains("unplayable"):
                continue
            if index in dimmed:
                button.classList.add("unplayable")
                button.setAttribute("aria-description", _("no play with this card now"))
            else:
                button.classList.remove("unplayable")
                button.removeAttribute("aria-description")

    def cards(self):
        return self.element.querySelectorAll(".card")

    def focused_index(self):
        """The position of the card that has the keyboard focus, or None."""
        index = document.activeElement.getAttribute("data-index")
        return int(index) if index is not None and self.element.contains(
            document.activeElement) else None

    def focus_card(self, index):
        cards = self.cards()
        if cards.length:
            cards[max(0, min(cards.length - 1, index))].focus()

    def move_focus(self, step):
        """Arrow keys: the focus moves along the hand (onto it, if it was elsewhere)."""
        index = self.focused_index()
        self.focus_card(0 if index is None else index + step)

    def select_ids(self, ids):
        """Select the given cards (a hint's), each id once per card."""
        positions = []
        for card in ids:
            for index, held in enumerate(self.ids):
                if held == card and index not in positions:
                    positions.append(index)
                    break
        self.selection = sorted(positions)
        self.chosen = list(self.selection)
        self.mark()

    def clear(self):
        self.selection = []
        self.chosen = []
        self.mark()

    def mark(self):
        buttons = self.element.querySelectorAll(".card")
        for index in range(buttons.length):
            pressed = "true" if index in self.selection else "false"
            buttons[index].setAttribute("aria-pressed", pressed)

    def watch_first_card(self):
        """The cards are laid out once the browser has sized them (``size_watcher``)."""
        if self.watched_card is not None:
            self.sizes.unobserve(self.watched_card)
        self.watched_card = self.element.querySelector(".card")
        if self.watched_card is not None:
            self.sizes.observe(self.watched_card)

    def lay_out(self):
        """Fan the cards: overlap them as much as the width needs, but never so much that
        a card's corner is hidden; past that, use two rows. Called when the hand or a card
        changes size, and at once before the cards fly in to their places."""
        count = len(self.ids)
        if count == 0:
            return
        hand = self.element
        card_width = hand.querySelector(".card").offsetWidth
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
            else:
                card.classList.remove("row-start")

    # ------------------------------------------------------------ gestures

    def on_click(self, event):
        card = event.target.closest(".card")
        # A swipe captures the pointer on the hand, so no card gets the click after it.
        if card is None or not self.can_select():
            return
        if self.swallow_click:
            self.swallow_click = False
            return
        self.toggle(card)

    def on_double(self, event):
        """A double click: every card of that rank (after what its two clicks selected). A
        finger long-presses instead: two quick taps stay a tap and a second tap."""
        card = event.target.closest(".card")
        if (card is None or self.pointer != "mouse" or not self.can_select()
                or self.one_at_a_time()):
            return
        self.select_rank(int(card.getAttribute("data-index")))

    def select_rank(self, index):
        rank = self.ranks[index]
        chosen = [i for i, other in enumerate(self.ranks) if other == rank
                  and not self.cards()[i].hasAttribute("data-reason")]
        self.selection = sorted(set(self.selection) | set(chosen))
        self.chosen = list(self.selection)
        self.mark()
        self.on_change()

    def toggle(self, card):
        """A tap, or Space on the focused card: the selection as ``assist.tap`` makes it
        (a whole play, widened or cleared by a second tap; a dimmed card in or out)."""
        if card.hasAttribute("data-reason"):
            self.on_refused(card.getAttribute("data-reason"))
            return
        self.selection, self.chosen = assist.tap(self.legal, self.choosable(), self.selection,
                                                 self.chosen, int(card.getAttribute("data-index")))
        self.mark()
        self.on_change()

    def on_pointer_down(self, event):
        # One finger at a time: a second touch while one is down is not primary, and is
        # ignored; a primary one starts afresh, whatever became of the last.
        self.pointer = event.pointerType
        if event.isPrimary:
            self.swallow_click = False
            gesture = {"id": event.pointerId, "x": event.clientX, "y": event.clientY,
                       "at": event.timeStamp, "moved": False, "dragging": False,
                       "long": False, "card": None}
            self.gesture = gesture
            card = event.target.closest(".card")
            if card is not None and event.pointerType != "mouse":
                index = int(card.getAttribute("data-index"))
                gesture["card"] = index
                # At once while the finger is held (the lift checks again: a busy page
                # may run this late).
                js.setTimeout(create_proxy(lambda: self.on_long_press(gesture, index)),
                              LONG_PRESS_MS)

    def on_long_press(self, gesture, index):
        """A finger still down, and still, on a card: every card of its rank."""
        if (gesture is not self.gesture or gesture["moved"] or gesture["long"]
                or not self.can_select() or self.one_at_a_time()):
            return
        gesture["long"] = True
        self.swallow_click = True  # the lift that ends a long press is not a tap
        self.select_rank(index)

    def on_pointer_move(self, event):
        gesture = self.gesture
        if gesture is None or event.pointerId != gesture["id"]:
            return
        rise = gesture["y"] - event.clientY
        if max(abs(rise), abs(gesture["x"] - event.clientX)) > TAP_SLOP_PX:
            gesture["moved"] = True
        if not gesture["dragging"] and rise > TAP_SLOP_PX and self.selection:
            gesture["dragging"] = True
            self.element.setPointerCapture(event.pointerId)
        if gesture["dragging"]:
            if rise >= SWIPE_UP_PX:
                self.element.classList.add("swiping")
            else:
                self.element.classList.remove("swiping")

    def on_touch_move(self, event):
        # Pointer events come first, so the gesture knows already whether this is a tap.
        if self.gesture is not None and self.gesture["moved"] and event.cancelable:
            event.preventDefault()

    def on_pointer_up(self, event):
        gesture = self.gesture
        if gesture is None or event.pointerId != gesture["id"]:
            return
        if gesture["card"] is not None and event.timeStamp - gesture["at"] >= LONG_PRESS_MS:
            self.on_long_press(gesture, gesture["card"])
        self.gesture = None
        self.element.classList.remove("swiping")
        if gesture["dragging"] and gesture["y"] - event.clientY >= SWIPE_UP_PX:
            self.on_swipe()

    def on_pointer_cancel(self, event):
        gesture = self.gesture
        if gesture is not None and event.pointerId == gesture["id"]:
            self.gesture = None
            self.element.classList.remove("swiping")
