"""The table of a game of secret commits and a reveal (a view whose ``table`` is
"reveal": Corporation): who has committed (never what), each bot's temperament, the
Corporations on the table, the table talk with what you may say (its newest line in
sight), and the reveal, told a step at a time at the top of the results, where the player
is looking. Cards, seats and the turn are drawn as every table draws them (``cards``),
the rest of the results as every table's (``scores``).

Every word and value comes from the view; every value is escaped.
"""

from cards import card_face, render_round, render_seats, render_turn
from dom import by_id, escape, size_watcher
from language import N_, _


def render_table(view, last_play):
    """The round under way; ``last_play`` is unused (nothing stays on show here)."""
    you = view["players"][view["seat"]]
    render_round(view)
    by_id("revolution").hidden = True
    by_id("table-notes").hidden = True
    render_seats(view, [(player, seat_inside(player)) for player in view["players"]],
                 lambda player: seat_state(view, player))
    # The Corporations on the table, and under them what they do this round. Where room
    # is short, each shows its card and its members alone, and is heard whole.
    by_id("trick").innerHTML = "".join(
        f'<li class="corporation">{card_face(corporation["card"], small=True)}'
        f'<span class="who">{escape(corporation["text"])}</span>'
        f'<span class="members" aria-hidden="true">{escape(corporation["who"])}</span></li>'
        for corporation in view["corporations"]) + "".join(
        f'<li class="corporation-note">{escape(note)}</li>'
        for note in view.get("table_notes") or [])
    render_talk(view)
    render_turn(view, escape(_(" · ").join([you["name"], you["points_text"],
                                            you["to_go_text"]])))
    if view["last_round"] is not None:
        # The reveal was read on the results: until anyone acts in the next round, the
        # middle names that round, not the last one's cards.
        by_id("last-event").textContent = view["round_text"]
    # A reveal is told in several lines: the last, about the latest step, stays in sight.
    at_end(by_id("last-event"))


AT_END = ("talk-lines", "last-event")  # what keeps its newest line in sight
ENDS = []  # the watcher of their sizes, once made


def at_end(element):
    """Scroll ``element`` to its last line (the newest), marking it as a region a keyboard
    can scroll while it has more lines than it shows. Kept there as it is resized (the
    hand and the seats under it are laid out after it, and the screen may turn)."""
    if not ENDS:
        ENDS.append(size_watcher(keep_at_end))
        for name in AT_END:
            ENDS[0].observe(by_id(name))
    scroll_to_end(element)


def keep_at_end():
    if by_id("table").getAttribute("data-layout") == "reveal":
        for name in AT_END:
            scroll_to_end(by_id(name))


def scroll_to_end(element):
    element.scrollTop = element.scrollHeight
    if element.scrollHeight > element.clientHeight:
        element.setAttribute("tabindex", "0")
    else:
        element.removeAttribute("tabindex")


def seat_inside(player):
    """A Corporation seat's points and how far it is from the target, a word each, so
    a narrow seat wraps between them and never inside one."""
    return (f'<div class="detail counts"><span>{escape(player["points_text"])}</span>'
            f'<span class="to-go">{escape(player["to_go_text"])}</span></div>')


def seat_state(view, player):
    """A seat's card face up in a Corporation (named for screen readers by its
    Corporation), then its state this round, a card back beside "card down"."""
    face_up = ""
    if player["face_up"] is not None:
        corporation = next(c for c in view["corporations"] if c["value"] == player["face_up"])
        face_up = (f'<span class="face-up">{card_face(corporation["card"], small=True)}'
                   f'<span class="sr-only">{escape(corporation["text"])}</span></span>')
    down = '<span class="face-down" aria-hidden="true"></span>' if player["committed"] else ""
    status = f'<span class="status">{down}{escape(player["status"])}</span>' if (
        player["status"]) else ""
    return f'<div class="state">{face_up}{status}</div>'


def render_talk(view):
    """This round's announcements in order, and the phrases the view offers to say."""
    by_id("talk").hidden = False
    names = [player["name"] for player in view["players"]]
    lines = [f'<li><span class="speaker">{escape(names[said["seat"]])}</span> '
             f'<q>{escape(said["text"])}</q></li>' for said in view["announcements"]]
    quiet = _("No one has said anything this round.")
    by_id("talk-lines").innerHTML = "".join(lines) or (
        f'<li class="quiet">{escape(quiet)}</li>')
    phrases = [move for move in view["legal"] if move["kind"] == "announce"]
    select = by_id("say")
    offered = [move["act"] for move in phrases]
    shown = [select.options[i].value for i in range(select.options.length)]
    if shown != offered:  # never redrawn under the finger
        chosen = select.value
        select.innerHTML = "".join(
            f'<option value="{escape(move["act"])}">{escape(phrase(move))}</option>'
            for move in phrases)
        if chosen in offered:
            select.value = chosen
    by_id("say-row").hidden = not phrases
    at_end(by_id("talk-lines"))  # the newest line in sight


def phrase(move):
    """What an announcement says, beside the Say button; a view kept before views gave
    the words alone has the whole label ('Say "I'll play 5"')."""
    return move.get("said") or move["label"]


# The results: "Round 2 revealed", with the columns a view kept before views named them
# had (every view since names its own).
ROUND_HEADING = N_("Round {n} revealed")
COLUMNS = ("card", "points", "total", "to_go")


def render_results(view):
    """The reveal, under the headline: every card turned over at once, then what the cards
    did a line at a time (in the engine's words)."""
    last_round = view["last_round"]
    players = view["players"]
    entries = {entry["seat"]: entry for entry in last_round["results"]} if last_round else {}
    reveal = by_id("reveal")
    reveal.hidden = not entries
    reveal.innerHTML = "".join(
        f'<li class="revealed"><span class="who">{escape(players[seat]["name"])}</span>'
        f'{card_face(entries[seat]["card"])}</li>' for seat in sorted(entries))
    steps = by_id("reveal-steps")
    lines = last_round["text"][1:] if last_round else []  # the first names the cards above
    steps.hidden = not lines
    steps.innerHTML = "".join(f"<li>{escape(line)}</li>" for line in lines)
    # Each line's place, for its delay, through the CSSOM: the page's policy refuses style
    # attributes in markup (docs/SECURITY.md).
    told = steps.children
    for index in range(told.length):
        told[index].style.setProperty("--n", str(index))
