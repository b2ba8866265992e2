"""The table of a climbing game (a view whose ``table`` is "tricks") drawn from a view:
the other players with their titles, cards and matchsticks, the trick, and your line;
cards, seats and the turn are drawn as every table draws them (``cards``), and the
results as every table's (``scores``), with no reveal.

Every word and value comes from the view (the engine's); every value is escaped,
so nothing in a view, however it was kept, runs as markup.
"""

from cards import card_face, render_round, render_seats, render_turn
from dom import by_id, escape, toggle_class
from language import N_, _

TRICK_PLAYS_SHOWN = 3


def render_table(view, last_play):
    """The table of ``view``; ``last_play`` is the latest play (seat, cards, faces) while the
    trick it won is cleared in this view, so it stays on show as it is narrated."""
    you = view["players"][view["seat"]]
    render_round(view)
    render_order(view)
    render_notes(view)
    render_seats(view, [(player, seat_inside(view, player)) for player in view["players"]])
    render_trick(view, last_play)
    by_id("talk").hidden = True
    by_id("last-event").removeAttribute("tabindex")  # two lines at most: no scrolling
    render_turn(view, escape(_(" · ").join(
        [you["name"]] + ([you["title"]] if you["title"] else [])
        + [you["points_text"], you["cards_text"]]
        + ([you["status"]] if you.get("status") else []))) + (
        sticks_text(you) if view.get("matchsticks") else ""))


def render_order(view):
    """The order of the cards, always on show in the banner's place: a plain line, and
    the banner with its headline while a revolution (or an 11-back) has turned it."""
    banner = by_id("revolution")
    note = view["order_note"]
    banner.hidden = not (note or view.get("order_text"))
    toggle_class(banner, "usual", not note)
    by_id("order-note").hidden = not note
    by_id("order-note").textContent = note or ""
    by_id("order").textContent = view.get("order_text") or ""


def render_notes(view):
    """What the house rules hold in force (a suit lock, the turns' way), in the view's
    words, a tag over the middle."""
    notes = by_id("table-notes")
    notes.hidden = not view["table_notes"]
    notes.textContent = _(" · ").join(view["table_notes"])


def sticks_text(player):
    """A seat's matchsticks: a stick and the count (named in full for screen readers)."""
    between, named = escape(_(" · ")), escape(_("matchsticks: "))
    return (f'{between}<span class="sticks"><span class="sr-only">{named}</span>'
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
        label = _("{name}: {play}").format(name=names[seat], play=text) if text else names[seat]
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


# The results: "Round 2 results", with the columns a view kept before views named them
# had (every view since names its own).
ROUND_HEADING = N_("Round {n} results")
COLUMNS = ("place", "title", "points", "total")


def render_results(view):
    """Nothing is the climbing games' own on their results: no reveal."""
    by_id("reveal").hidden = True
    by_id("reveal-steps").hidden = True
