"""The table of a game of secret commits and a reveal (a view whose ``table`` is
"reveal": Corporation): who has committed (never what), the Corporations on the table,
the table talk with what you may say, and the reveal, told a step at a time.

Every word and value comes from the view; every value is escaped.
"""

from dom import by_id, escape
from table import (
    card_face,
    render_rounds,
    render_seats,
    render_story,
    render_turn,
    result_rows,
)


def render_table(view, last_play):
    """The round under way; ``last_play`` is unused (nothing stays on show here)."""
    you = view["players"][view["seat"]]
    by_id("round-info").textContent = view["round_text"]
    by_id("revolution").hidden = True
    render_seats(view, [(player, seat_inside(view, player)) for player in view["players"]])
    by_id("trick").innerHTML = "".join(
        f'<li class="corporation">{card_face(corporation["card"], small=True)}'
        f'<span class="who">{escape(corporation["text"])}</span></li>'
        for corporation in view["corporations"])
    render_talk(view)
    render_turn(view, escape(" · ".join([you["name"], you["points_text"],
                                         you["to_go_text"]])))


def seat_inside(view, player):
    """A Corporation seat: points, how far from the target, a card back while its card is
    down, and the card it has face up in a Corporation."""
    down = '<span class="face-down" aria-hidden="true"></span>' if player["committed"] else ""
    face_up = ""
    if player["face_up"] is not None:
        corporation = next(c for c in view["corporations"] if c["value"] == player["face_up"])
        face_up = (f'<div class="detail face-up">'
                   f'{card_face(corporation["card"], small=True)}'
                   f'<span class="sr-only">{escape(corporation["text"])}</span></div>')
    return (f'<div class="detail counts"><span>{escape(player["points_text"])}</span>'
            f'<span class="to-go">{escape(player["to_go_text"])}</span>{down}</div>{face_up}')


def render_talk(view):
    """This round's announcements in order, and the phrases the view offers to say."""
    by_id("talk").hidden = False
    names = [player["name"] for player in view["players"]]
    lines = [f'<li><span class="speaker">{escape(names[said["seat"]])}</span> '
             f'<q>{escape(said["text"])}</q></li>' for said in view["announcements"]]
    by_id("talk-lines").innerHTML = "".join(lines) or (
        '<li class="quiet">No one has said anything this round.</li>')
    phrases = [move for move in view["legal"] if move["kind"] == "announce"]
    select = by_id("say")
    offered = [move["act"] for move in phrases]
    shown = [select.options[i].value for i in range(select.options.length)]
    if shown != offered:  # never redrawn under the finger
        chosen = select.value
        select.innerHTML = "".join(
            f'<option value="{escape(move["act"])}">{escape(move["label"])}</option>'
            for move in phrases)
        if chosen in offered:
            select.value = chosen
    by_id("say-row").hidden = not phrases


def render_results(view):
    """The reveal: every card turned over at once, then what the cards did a line at a
    time (in the engine's words), the points and how far each player is from the target."""
    outcome = view["outcome"]
    last_round = view["last_round"]
    players = view["players"]
    entries = {entry["seat"]: entry for entry in last_round["results"]} if last_round else {}
    if outcome is None:
        by_id("results-title").textContent = "Round " + str(last_round["round"]) + " revealed"
        by_id("results-next").textContent = "Next round"
        order = [player["seat"] for player in players]
    else:
        by_id("results-title").textContent = "Game over: " + outcome["text"]
        by_id("results-next").textContent = "New game"
        order = outcome["ranking"]
    by_id("results-again").hidden = outcome is None
    reveal = by_id("reveal")
    reveal.hidden = not entries
    reveal.innerHTML = "".join(
        f'<li class="revealed"><span class="who">{escape(players[seat]["name"])}</span>'
        f'{card_face(entries[seat]["card"])}</li>' for seat in sorted(entries))
    steps = by_id("reveal-steps")
    lines = last_round["text"][1:] if last_round else []  # the first names the cards above
    steps.hidden = not lines
    steps.innerHTML = "".join(f'<li style="--n: {index}">{escape(line)}</li>'
                              for index, line in enumerate(lines))
    by_id("results-head").innerHTML = (
        '<th scope="col">Player</th><th scope="col">Card</th><th scope="col">This round</th>'
        '<th scope="col">Total</th><th scope="col">To go</th>')
    by_id("results-rows").innerHTML = result_rows(view, order, lambda index, entry: [
        entry["card"]["name"] if entry else "", entry.get("points_text", ""),
        players[order[index]]["points_text"], players[order[index]]["to_go_text"]])
    render_story(None)
    render_rounds(view)
