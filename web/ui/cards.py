"""What every table draws the same way, whichever layout it has (``table`` for the
climbing games' tricks, ``reveal`` for Corporation's secret commits, peers over this
module): cards, the seats around the felt, and whose turn it is with your line.

Every word and value comes from the view (the engine's); every value is escaped,
so nothing in a view, however it was kept, runs as markup.
"""

import js

from dom import by_id, escape
from glyphs import glyph
from language import _


def card_inside(card, added="", turned=False):
    """What a card shows, as the view describes it: its corner (rank and suit) and a big
    suit, or the seven-segment glyph of a card that has ``segments`` (with ``added``
    ones, ``turned`` as played); and its name for screen readers."""
    if card.get("segments") is not None:
        middle = glyph(card["segments"], added, turned)
    else:
        middle = (f'<span class="suit" aria-hidden="true">{escape(card["suit"])}</span>'
                  f'<span class="pip" aria-hidden="true">{escape(card["suit"])}</span>')
    return (f'<span class="rank" aria-hidden="true">{escape(card["rank"])}</span>{middle}'
            f'<span class="name">{escape(card["name"])}</span>')


def card_face(card, small=False, added="", turned=False):
    return (f'<span class="card{" small" if small else ""}" data-color="{escape(card["color"])}"'
            f' data-suit="{escape(card["suit"])}">'
            f'{card_inside(card, added, turned)}</span>')


def revealed_hand(view, seat):
    """A seat's cards, where the view reveals every hand (a replay its sharer chose to show
    whole): their corners in a line, named for screen readers."""
    revealed = view.get("revealed")
    if revealed is None:
        return ""
    cards = revealed[seat]
    corners = "".join(f'<span data-color="{escape(card["color"])}">'
                      f'{escape(card["rank"])}{escape(card["suit"])}</span>'
                      for card in cards)
    holds = _("holds {cards}").format(cards=_(", ").join(card["name"] for card in cards))
    return (f'<div class="revealed" aria-hidden="true">{corners}</div>'
            f'<span class="sr-only">{escape(holds)}</span>')


def render_round(view):
    """The round and what the game plays to, in the top bar ("Round 2 of 5", "Round 1 ·
    target 50 points"): each part between the view's " · " kept whole, so a narrow bar
    wraps between them, never inside one ("Round 1 of" over "5")."""
    parts = view["round_text"].split(" · ")
    last = len(parts) - 1
    by_id("round-info").innerHTML = " ".join(
        f'<span class="phrase">{escape(part)}{" ·" if index < last else ""}</span>'
        for index, part in enumerate(parts))


def render_turn(view, your_line):
    """The round so far, and your line (``your_line``, markup already escaped), marked
    while it is your turn. Whose turn it is and what to do (the view's ``prompt``) is
    the page's to say, with the controls (``Page.update_controls``): "Your turn" only
    while they take input."""
    by_id("history").innerHTML = "".join(
        "<li>" + escape(text) + "</li>" for text in view["history"])
    me = by_id("me-info")
    me.innerHTML = your_line
    me.setAttribute("aria-current", "true" if view["your_turn"] else "false")


def sides(count, upright):
    """How many of ``count`` seats sit on your left, across and on your right: on a phone
    held upright all sit across the top; else a third down each side, the rest across."""
    if upright:
        return 0, count, 0
    side = (count + 1) // 3
    return side, count - 2 * side, side


def seat_state(player):
    """A seat's state ("thinking…", "passed", "out"), in a line that stands out: in the
    short words the view gives a seat, where it gives them."""
    return (f'<div class="state">'
            f'{escape(player.get("seat_status", player.get("status", "")))}</div>')


def seat_name(player):
    """A seat's name, and the temperament its view gives a bot ("Aiko, sly" to a screen
    reader): beside the name where the seat has room, else under it."""
    temperament = player.get("temperament")
    if not temperament:
        return f'<div class="name">{escape(player["name"])}</div>'
    # Translators: between a bot's name and its temperament, heard as a pause.
    pause = _(",")
    return (f'<div class="name"><span>{escape(player["name"])}'
            f'<span class="pause">{escape(pause)}</span></span> '
            f'<span class="temperament">{escape(temperament)}</span></div>')


def render_seats(view, seats, state=seat_state):
    """The other players around the table, in the order of play from your left:
    ``seats`` pairs each player with what its seat shows under the name, and
    ``state(player)`` gives the line under that. A seat whose turn it is is marked."""
    you = view["seat"]
    count = len(view["players"])
    around = [seats[(you + step) % count] for step in range(1, count)]
    to_act = view["to_act"]
    acting = to_act if isinstance(to_act, list) else [to_act]
    items = []
    for player, inside in around:
        current = "true" if player["seat"] in acting else "false"
        # A seat that has passed, or is out of the round, steps back.
        done = " done" if player.get("passed") or player.get("place") else ""
        items.append(
            f'<li class="opponent{done}" aria-current="{current}" data-seat="{player["seat"]}">'
            f'{seat_name(player)}{inside}{revealed_hand(view, player["seat"])}'
            f'{state(player)}</li>')
    upright = js.window.matchMedia("(orientation: portrait)").matches
    left, top, _right = sides(len(items), upright)
    lists = by_id("opponents").querySelectorAll(".seats")
    for index, part in enumerate((items[:left], items[left:left + top], items[left + top:])):
        lists[index].innerHTML = "".join(part)
        lists[index].hidden = not part
    by_id("opponents").dataset.count = str(len(items))
