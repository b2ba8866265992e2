"""The exchange that opens each later round, as a moment of its own: a sheet over the
felt (your hand and its buttons free under it) lists every transfer in the engine's
words (``view["exchange"]``), the cards you give and receive as cards, the others'
as backs, each row done as its cards fly (``motion``) at the bots' pace, from its
giver to its receiver (your hand, for you). When the
choice is yours, it asks you plainly; when every card has changed hands, the bots wait
a few paces for you to read it (or for Continue) before the round's first play, and
the sheet goes once that play is made. The cards you received keep a green band in
your hand until you play, and a line by the hand says whose they are
(``view["received_text"]``).

Every word comes from the view; every value is escaped.
"""

import asyncio

import screens
from cards import card_face
from dom import by_id, escape, listen

SHEET = "exchange"
# Once the exchange is done, the round's first bot play waits this many paces (or for
# Continue): the time to read who gave what.
READING_PACES = 4
WAIT_STEP_MS = 50


def card_backs(count):
    return "".join('<span class="card-back" aria-hidden="true"></span>' for _ in range(count))


def row_cards(row):
    """What a row shows of its cards: their faces where you gave or received them, else
    their backs once they went over; nothing while they are still to be chosen."""
    if not row["done"]:
        return ""
    if row["cards"]:
        return "".join(card_face(card, small=True) for card in row["cards"])
    return card_backs(row["count"])


def transfer_text(row):
    """The row's sentence, its giver and receiver marked (the cards fly between them)."""
    parts = row["parts"]
    return (f'<b class="giver">{escape(parts["giver"])}</b> {escape(parts["gives"])} '
            f'<b class="receiver">{escape(parts["receiver"])}</b> {escape(parts["what"])}')


def transfer_row(row, awaiting):
    """A transfer: its sentence, and its cards (or who is choosing them)."""
    state = "done" if row["done"] else (
        "choosing" if awaiting == row["giver"] and row["chosen"] else "waiting")
    return (f'<li class="transfer" data-state="{state}"'
            f' data-yours="{"true" if row["yours"] else "false"}"'
            f' data-from="{escape(row["giver"])}" data-to="{escape(row["receiver"])}"'
            f' data-count="{row["count"]}">'
            f'<span class="transfer-text">{transfer_text(row)}</span>'
            f'<span class="transfer-cards">{row_cards(row)}</span></li>')


class Exchange:
    def __init__(self, page):
        self.page = page  # the state, the view and the settings, as the page holds them
        self.dismissed = None  # the round whose exchange the player closed (Continue)
        self.shown = None  # the round whose exchange is on show, or None

    def watch(self):
        listen(by_id("exchange-continue"), "click", lambda event: self.dismiss())

    def render(self, view):
        """Show ``view``'s exchange over the table, or take it away once the round's play
        has begun (or the player went on); and the line that explains received cards."""
        legend = by_id("received-legend")
        received = view.get("received_text")
        legend.hidden = not received
        by_id("received-text").textContent = received or ""
        exchange = view.get("exchange")
        if exchange is None:
            self.dismissed = None  # the next exchange (of this game or another) is shown
        page = self.page
        wanted = (exchange is not None and page.screen() in screens.TABLE_SCREENS
                  and self.dismissed != view["round"])
        if not wanted:
            self.close()
            return
        self.shown = view["round"]
        section = by_id("exchange")
        by_id("exchange-title").textContent = exchange["title"]
        ask = by_id("exchange-ask")
        ask.textContent = exchange["ask"]
        ask.hidden = not exchange["ask"]
        by_id("exchange-rows").innerHTML = "".join(
            transfer_row(row, exchange["awaiting"]) for row in exchange["transfers"])
        by_id("exchange-status").textContent = "" if exchange["ask"] else exchange["status"]
        # Continue while nothing is asked of you: your choice is made in your hand.
        by_id("exchange-continue").hidden = bool(exchange["ask"])
        section.dataset.done = "true" if exchange["done"] else "false"
        section.hidden = False
        if page.state[1] is None:
            page.go(screens.OPEN, SHEET)

    def close(self):
        if self.shown is None:
            return
        self.shown = None
        by_id("exchange").hidden = True
        self.page.go(screens.CLOSE, SHEET)

    def dismiss(self):
        """Continue: the exchange is read (the bots play on at once)."""
        if self.shown is not None:
            self.dismissed = self.shown
        self.close()

    async def let_read(self):
        """Before the round's first play, a bot's, while the exchange is on show and done:
        wait a few paces, or until the player goes on (Continue)."""
        view = self.page.view
        exchange = view.get("exchange") if view is not None else None
        if (self.shown is None or exchange is None or not exchange["done"]
                or view["your_turn"]):
            return
        waited = 0
        while self.shown is not None and waited < READING_PACES * self.page.settings["pace"]:
            await asyncio.sleep_ms(WAIT_STEP_MS)
            waited += WAIT_STEP_MS
