"""The table of a climbing game (a view whose ``table`` is "tricks") drawn from a view:
the other players, the trick, whose turn, the history, your line, and the results of a
round or a game; and what every table shares: cards and the scoreboard of every round.

Every word and value comes from the view (the engine's); every value is escaped,
so nothing in a view, however it was kept, runs as markup.
"""

import js

from dom import by_id, escape
from glyphs import glyph

TRICK_PLAYS_SHOWN = 3


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


def render_table(view, last_play):
    """The table of ``view``; ``last_play`` is the latest play (seat, cards, faces) while the
    trick it won is cleared in this view, so it stays on show as it is narrated."""
    you = view["players"][view["seat"]]
    by_id("round-info").textContent = view["round_text"]
    by_id("revolution").hidden = not view["revolution"]
    order = view.get("order")
    by_id("order").textContent = (
        " weak → strong " + " ".join(str(rank) for rank in order) if order else "")
    render_seats(view, [(player, seat_inside(view, player)) for player in view["players"]])
    render_trick(view, last_play)
    by_id("talk").hidden = True
    by_id("last-event").removeAttribute("tabindex")  # two lines at most: no scrolling
    render_turn(view, escape(" · ".join(
        [you["name"]] + ([you["title"]] if you["title"] else [])
        + [you["points_text"], you["cards_text"]]
        + ([you["status"]] if you.get("status") else []))) + (
        sticks_text(you) if view.get("matchsticks") else ""))


def render_turn(view, your_line):
    """What every table shows the same way: whose turn and what to do, the round so far,
    and your line (``your_line``, markup already escaped), marked while it is your turn."""
    by_id("turn").textContent = view["prompt"]
    by_id("history").innerHTML = "".join(
        "<li>" + escape(text) + "</li>" for text in view["history"])
    me = by_id("me-info")
    me.innerHTML = your_line
    me.setAttribute("aria-current", "true" if view["your_turn"] else "false")


def sticks_text(player):
    """A seat's matchsticks: a stick and the count (named in full for screen readers)."""
    return (f' · <span class="sticks"><span class="sr-only">matchsticks: </span>'
            f'{escape(player.get("sticks", 0))}</span>')


def seat_inside(view, player):
    """A climbing seat: its title, its cards (a back and the count), points, matchsticks."""
    title = (f'<div class="detail title">{escape(player["title"])}</div>'
             if player["title"] else "")
    sticks = sticks_text(player) if view.get("matchsticks") else ""
    return (f'{title}<div class="detail counts"><span><span class="count" aria-hidden="true">'
            f'{escape(player["cards"])}</span><span class="sr-only">'
            f'{escape(player["cards_text"])}</span>{sticks}</span>'
            f'<span>{escape(player["points_text"])}</span></div>')


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
    names = ", ".join(escape(card["name"]) for card in cards)
    return (f'<div class="revealed" aria-hidden="true">{corners}</div>'
            f'<span class="sr-only">holds {names}</span>')


def sides(count, upright):
    """How many of ``count`` seats sit on your left, across and on your right: on a phone
    held upright all sit across the top; else a third down each side, the rest across."""
    if upright:
        return 0, count, 0
    side = (count + 1) // 3
    return side, count - 2 * side, side


def seat_state(player):
    """A seat's state ("thinking…", "passed", "out"), in a line that stands out."""
    return f'<div class="state">{escape(player.get("status", ""))}</div>'


def seat_name(player):
    """A seat's name, and the temperament its view gives a bot ("Aiko, sly" to a screen
    reader): beside the name where the seat has room, else under it."""
    temperament = player.get("temperament")
    if not temperament:
        return f'<div class="name">{escape(player["name"])}</div>'
    return (f'<div class="name"><span>{escape(player["name"])}'
            f'<span class="pause">,</span></span> '
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


def render_trick(view, last_play):
    """The plays of the trick: the one to beat on top, big; the ones before it stacked
    under it."""
    names = [player["name"] for player in view["players"]]
    plays = [(play["seat"], play["cards"], play["text"], play.get("faces"))
             for play in view["trick"]]
    if not plays and last_play is not None:
        plays = [(last_play[0], last_play[1], "", last_play[2])]
    shown = plays[-TRICK_PLAYS_SHOWN:]
    items = []
    for index, (seat, cards, text, played_as) in enumerate(shown):
        label = names[seat] + (": " + text if text else "")
        # Matchstick cards as played: turned, and with the sticks added.
        faces = ""
        for number, card in enumerate(cards):
            face = played_as[number] if played_as else {}
            faces += card_face(card, added=face.get("added", ""),
                               turned=face.get("turned", False))
        under = len(shown) - 1 - index  # how many plays lie on top of this one
        items.append(f'<li class="play{" current" if under == 0 else ""}"'
                     f' data-seat="{seat}" aria-label="{escape(label)}">'
                     f'<span class="who" aria-hidden="true">{escape(names[seat])}</span>'
                     f'<span class="cards" aria-hidden="true">{faces}</span></li>')
    trick = by_id("trick")
    trick.innerHTML = "".join(items)
    # How many plays lie on each, set through the CSSOM: the page's policy refuses style
    # attributes in markup (docs/SECURITY.md).
    plays = trick.children
    for index in range(plays.length):
        plays[index].style.setProperty("--under", str(plays.length - 1 - index))
    trick.style.setProperty("--stack", str(max(0, len(shown) - 1)))


def render_results(view):
    """The results of the round just ended, or the game's: places, titles, the points of
    the round and the totals, labelled; what changed; and what comes before the next
    round. The button goes on."""
    outcome = view["outcome"]
    players = view["players"]
    last_round = view["last_round"]
    entries = {entry["seat"]: entry for entry in last_round["results"]} if last_round else {}
    if outcome is None:
        by_id("results-title").textContent = "Round " + str(last_round["round"]) + " results"
        by_id("results-next").textContent = "Next round"
        order = [entry["seat"] for entry in last_round["results"]]
    else:
        by_id("results-title").textContent = "Game over: " + outcome["text"]
        by_id("results-next").textContent = "New game"
        order = outcome["ranking"]
    by_id("results-again").hidden = outcome is None
    by_id("reveal").hidden = True
    by_id("reveal-steps").hidden = True
    by_id("results-head").innerHTML = (
        '<th scope="col">Place</th><th scope="col">Player</th><th scope="col">Title</th>'
        '<th scope="col">This round</th><th scope="col">Total</th>')
    # A round's places, or at the game's end the final standings.
    places = ([entries[seat].get("place_text", "") for seat in order] if outcome is None
              else outcome.get("places_text", [""] * len(order)))
    by_id("results-rows").innerHTML = result_rows(view, order, lambda index, entry: [
        places[index] if index < len(places) else "", entry.get("title", ""),
        entry.get("points_text", ""), players[order[index]]["points_text"]], 1)
    render_story(last_round)
    render_rounds(view)
    results = by_id("results")
    results.appendChild(results.querySelector(".results-buttons"))  # after all the results


def focus_results():
    """The focus on Next (which scrolls it into sight)."""
    by_id("results-next").focus()


def result_rows(view, order, cells, name_at=0):
    """The results table's rows, a player each in ``order``: the player's name (a row
    heading) at column ``name_at`` among the texts ``cells(index, entry)`` gives, the
    human's row marked."""
    entries = {entry["seat"]: entry for entry in view["last_round"]["results"]} if (
        view["last_round"]) else {}
    rows = []
    for index, seat in enumerate(order):
        texts = [f"<td>{escape(text)}</td>" for text in cells(index, entries.get(seat, {}))]
        texts.insert(name_at, f'<th scope="row">{escape(view["players"][seat]["name"])}</th>')
        rows.append(f'<tr class="{"you" if seat == view["seat"] else ""}">{"".join(texts)}</tr>')
    return "".join(rows)


def render_story(last_round):
    """What the round changed and what comes before the next one, in the engine's words."""
    parts = (("changes", last_round.get("changes", []) if last_round else []),
             ("next", last_round.get("next", []) if last_round else []))
    for name, lines in parts:
        by_id(name).innerHTML = "".join("<li>" + escape(line) + "</li>" for line in lines)
        by_id(name + "-part").hidden = not lines
    by_id("story").hidden = not any(lines for _name, lines in parts)


def render_rounds(view):
    """The score history: every round's points and where each player stood after it, a
    column a player, in the engine's words."""
    played = view.get("rounds_played", [])  # a view kept by an earlier version has none
    by_id("rounds").hidden = len(played) < 2
    players = view["players"]
    head = "".join(f'<th scope="col">{escape(player["name"])}</th>' for player in players)
    rows = []
    for entry in played:
        results = {result["seat"]: result for result in entry["results"]}
        cells = "".join(
            f'<td>{escape(results[player["seat"]].get("points_text", ""))}'
            f'<span class="after">{escape(results[player["seat"]].get("total_text", ""))}'
            f'</span></td>' if player["seat"] in results else "<td></td>"
            for player in players)
        rows.append(f'<tr><th scope="row">{escape(entry["round"])}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{escape(player['points_text'])}</strong></td>"
                     for player in players)
    by_id("rounds-table").innerHTML = (
        f'<thead><tr><th scope="col">Round</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot>')
