"""Motion that explains what happened: a play flies from its seat (or your hand) to the
middle, a won trick sweeps to its winner, given cards fly between the seats, a deal
comes out of the middle into your hand, and then the cards its exchange forces over
(the Beggar's best) fly from seat to seat, a transfer after another.

Only ``transform`` and ``opacity`` move (the compositor animates them, off the main
thread). Where the player asks for reduced motion, nothing moves: things fade in and
out. The bots' pace sets how long a movement takes; at Instant, nothing is animated.
Where cards go comes from the engine's step (``to``, ``trick_to``, ``transfers``, with
the faces only where you saw them); the page never works it out.
"""

import json

import js
from pyscript import document
from pyscript.ffi import create_proxy

from cards import card_face
from dom import by_id

LONGEST_MS = 420  # a movement never takes longer, however slow the pace
SHARE_OF_PACE = 0.6  # of the pause after a step: the movement ends before the next one
DEAL_STAGGER_MS = 18  # between two cards of a deal
HAND_OVER_STAGGER_MS = 90  # between two cards handed over after a deal


def duration(pace):
    return min(LONGEST_MS, int(pace * SHARE_OF_PACE))


def reduced():
    return js.window.matchMedia("(prefers-reduced-motion: reduce)").matches


def middle(rect):
    return rect.left + rect.width / 2, rect.top + rect.height / 2


def animate(element, frames, ms, delay=0, easing="cubic-bezier(0.2, 0.7, 0.3, 1)", done=None):
    """Run keyframes (a list of dicts; a property left out of the last one ends where the
    page's style puts it) on ``element``, then ``done``; with reduced motion, only
    their opacity changes."""
    if reduced():
        frames = [{"opacity": frame.get("opacity", 1)} for frame in frames]
    animation = element.animate(js.JSON.parse(json.dumps(frames)), js.JSON.parse(json.dumps(
        {"duration": ms, "delay": delay, "easing": easing, "fill": "backwards"})))
    if done is not None:
        animation.onfinish = create_proxy(lambda _event: done())


def from_place(element, source, ms, scale=0.5, done=None):
    """``element``, drawn where it belongs, arrives there from the box ``source``, face up
    and whole from its first frame; then ``done``."""
    x, y = middle(source)
    to_x, to_y = middle(element.getBoundingClientRect())
    animate(element, [
        {"transform": f"translate({x - to_x}px, {y - to_y}px) scale({scale})", "opacity": 1},
        {"opacity": 1}], ms, done=done)


def land(play, source, ms):
    """A play (the trick's ``.play.current``) flies in from the box ``source``: the play
    it beat keeps its face (``beaten``) until this one lies on it, and the player's
    name under it shows as it lands; before, the middle showed a blank card."""
    beaten = play.previousElementSibling
    if beaten is not None:
        beaten.classList.add("beaten")

    def landed():
        if beaten is not None:
            beaten.classList.remove("beaten")

    from_place(play.querySelector(".cards"), source, ms, done=landed)
    who = play.querySelector(".who")
    if who is not None:
        animate(who, [{"opacity": 0}, {"opacity": 0, "offset": 0.7}, {"opacity": 1}], ms)


def remover(element):
    return lambda: element.remove()


def seat_box(seat, you):
    """Where a seat sits on screen: another player's seat, or your hand for you."""
    if seat == you:
        return by_id("hand").getBoundingClientRect()
    found = by_id("opponents").querySelector(f'.opponent[data-seat="{seat}"]')
    return found.getBoundingClientRect() if found else None


def transfer_boxes(giver, receiver, you):
    """Where cards handed from ``giver`` to ``receiver`` fly from and to: the two seats,
    or, while the exchange is on show over the felt (``exchange``), the two names in
    its row for them; your hand for you."""
    row = document.querySelector(f'#exchange:not([hidden]) .transfer[data-from="{giver}"]'
                                 f'[data-to="{receiver}"]')

    def box(seat, part):
        found = row.querySelector(part) if row is not None and seat != you else None
        return found.getBoundingClientRect() if found else seat_box(seat, you)

    return box(giver, ".giver"), box(receiver, ".receiver")


class Motion:
    """What is about to leave the table (a won trick) is kept as ghosts until the new
    view is drawn, then sent on its way with whatever arrived."""

    def __init__(self):
        self.ghosts = []

    def before(self, step, pace):
        """Before the view after ``step`` is drawn: a trick it ended is copied where it
        lies, to sweep away once the new view is up."""
        self.ghosts = []
        if duration(pace) == 0 or step.get("trick_to") is None:
            return
        plays = by_id("trick").querySelectorAll(".play")
        for index in range(plays.length):
            play = plays[index]
            box = play.getBoundingClientRect()
            ghost = play.cloneNode(True)
            ghost.removeAttribute("aria-label")
            ghost.setAttribute("aria-hidden", "true")
            ghost.classList.add("ghost")
            style = ghost.style
            style.left = f"{box.left}px"
            style.top = f"{box.top}px"
            style.width = f"{box.width}px"
            style.height = f"{box.height}px"
            self.ghosts.append(ghost)

    def after(self, step, view, pace):
        """Once the view after ``step`` is drawn: what the step moved, moves. Returns how
        long, in ms, until the last of it arrives (the next step waits for it)."""
        ms = duration(pace)
        if ms == 0:
            return 0
        you = view["seat"]
        kind = step.get("kind")
        if self.ghosts:
            self.sweep(seat_box(step["trick_to"], you), ms)
        if kind == "play":
            current = by_id("trick").querySelector(".play.current")
            source = seat_box(step["seat"], you)
            if current and source and current.getAttribute("data-seat") == str(step["seat"]):
                land(current, source, ms)
        elif kind == "give" and step.get("to") is not None:
            # The cards' faces where you gave or received them, else a back.
            return self.hand_over({"from": step["seat"], "to": step["to"],
                                   "count": max(1, len(step["cards"])), "cards": step["cards"]},
                                  you, ms, 0)
        elif kind == "deal":
            # The exchange's forced transfers, one after another once the hand is in.
            arrived = self.deal(pace)
            for transfer in step.get("transfers", []):
                arrived = self.hand_over(transfer, you, ms, arrived)
            return arrived
        return ms

    def sweep(self, target, ms):
        layer = document.body
        for ghost in self.ghosts:
            layer.appendChild(ghost)
            if target is None:
                frames = [{"opacity": 1}, {"opacity": 0}]
            else:
                x, y = middle(target)
                from_x, from_y = middle(ghost.getBoundingClientRect())
                frames = [{"transform": "none", "opacity": 1},
                          {"transform": f"translate({x - from_x}px, {y - from_y}px) scale(0.3)",
                           "opacity": 0}]
            animate(ghost, frames, ms, easing="ease-in", done=remover(ghost))
        self.ghosts = []

    def stop(self):
        """Everything in flight goes at once (the table is covered: one phone passes to
        another person, who must not see the cards the last one gave)."""
        self.ghosts = []
        flying = document.querySelectorAll(".flying-card, .flying-back, .ghost")
        for index in range(flying.length):
            flying[index].remove()

    def fly(self, source, target, ms, card=None):
        """A card flies from the box ``source`` to the box ``target``: its back, or the
        face of ``card``; none while the table is covered (a flight set off before)."""
        if source is None or target is None or document.body.getAttribute("data-cover") == "true":
            return
        flying = document.createElement("span")
        flying.setAttribute("aria-hidden", "true")
        if card is None:
            flying.className = "flying-back"
        else:
            flying.className = "flying-card"
            flying.innerHTML = card_face(card, small=True)
        x, y = middle(source)
        flying.style.left = f"{x}px"
        flying.style.top = f"{y}px"
        document.body.appendChild(flying)
        to_x, to_y = middle(target)
        animate(flying, [{"transform": "translate(-50%, -50%)", "opacity": 1},
                         {"transform": f"translate(calc({to_x - x}px - 50%), "
                                       f"calc({to_y - y}px - 50%))", "opacity": 0.2}],
                ms, done=remover(flying))

    def hand_over(self, transfer, you, ms, delay):
        """After ``delay`` ms (once the deal is in, or the transfer before), the cards
        handed over (``from``, ``to``, ``count``, ``cards``) fly from the giver to the
        receiver, one after another: their faces where you gave or received them, else
        their backs. Returns when the last arrives."""
        source, target = transfer_boxes(transfer["from"], transfer["to"], you)
        faces = transfer["cards"]
        for index in range(transfer["count"]):
            card = faces[index] if faces else None
            js.setTimeout(create_proxy(lambda card=card: self.fly(source, target, ms, card)),
                          delay + index * HAND_OVER_STAGGER_MS)
        return delay + (transfer["count"] - 1) * HAND_OVER_STAGGER_MS + ms

    def deal(self, pace):
        """The new hand comes out of the middle of the table, a card at a time. Returns
        when, in ms, the last card is in."""
        ms = duration(pace)
        pile = document.querySelector(".pile")
        if pile is None or ms == 0:
            return 0
        source = pile.getBoundingClientRect()
        x, y = middle(source)
        cards = by_id("hand").querySelectorAll(".card")
        for index in range(cards.length):
            card = cards[index]
            to_x, to_y = middle(card.getBoundingClientRect())
            animate(card, [
                {"transform": f"translate({x - to_x}px, {y - to_y}px) scale(0.4)", "opacity": 0},
                {"opacity": 1, "offset": 0.4},
                {"opacity": 1}], ms, delay=index * DEAL_STAGGER_MS)
        return ms + max(0, cards.length - 1) * DEAL_STAGGER_MS
