"""The table drawn from a view: the other players, the trick, whose turn, the history,
your line, and the results of a round or a game.

Every word and value comes from the view (the engine's); every value is escaped,
so nothing in a view, however it was kept, runs as markup.
"""

from dom import by_id, escape

TRICK_PLAYS_SHOWN = 3


def card_face(card, small=False):
    """A card as the view describes it: its corner (rank and suit), a big suit in the
    middle, and its name for screen readers."""
    return (f'<span class="card{" small" if small else ""}" data-color="{escape(card["color"])}">'
            f'<span class="rank" aria-hidden="true">{escape(card["rank"])}</span>'
            f'<span class="suit" aria-hidden="true">{escape(card["suit"])}</span>'
            f'<span class="pip" aria-hidden="true">{escape(card["suit"])}</span>'
            f'<span class="name">{escape(card["name"])}</span></span>')


def render_table(view, last_play):
    """The table of ``view``; ``last_play`` is the latest play (seat, cards) while the
    trick it won is cleared in this view, so it stays on show as it is narrated."""
    you = view["players"][view["seat"]]
    rounds = view["rounds"]
    by_id("round-info").textContent = (
        "Round " + str(view["round"]) + (" of " + str(rounds) if rounds else ""))
    by_id("revolution").hidden = not view["revolution"]
    render_opponents(view)
    render_trick(view, last_play)
    by_id("turn").textContent = view["prompt"]
    by_id("history").innerHTML = "".join(
        "<li>" + escape(text) + "</li>" for text in view["history"])
    me = by_id("me-info")
    me.textContent = " · ".join(
        [you["name"]] + ([you["title"]] if you["title"] else [])
        + [str(you["score"]) + " points", str(you["cards"]) + " cards"])
    me.setAttribute("aria-current", "true" if view["your_turn"] else "false")


def render_opponents(view):
    items = []
    for player in view["players"]:
        if player["seat"] == view["seat"]:
            continue
        state = ""
        if player["bankrupt"]:
            state = "bankrupt"
        elif player["place"] is not None:
            state = "out"
        elif player["passed"]:
            state = "passed"
        current = "true" if view["to_act"] == player["seat"] else "false"
        items.append(
            f'<li class="opponent" aria-current="{current}">'
            f'<div class="name">{escape(player["name"])}</div>'
            f'<div class="detail">{escape(player["title"] or "")}</div>'
            f'<div class="detail"><span class="count">{escape(player["cards"])} cards</span>'
            f' · {escape(player["score"])} pts</div>'
            f'<div class="state">{state}</div></li>')
    opponents = by_id("opponents")
    opponents.innerHTML = "".join(items)
    opponents.style.setProperty("--opponents", str(len(items)))


def render_trick(view, last_play):
    names = [player["name"] for player in view["players"]]
    plays = [(play["seat"], play["cards"], play["text"]) for play in view["trick"]]
    if not plays and last_play is not None:
        plays = [(last_play[0], last_play[1], "")]
    items = []
    for seat, cards, text in plays[-TRICK_PLAYS_SHOWN:]:
        label = names[seat] + (": " + text if text else "")
        faces = "".join(card_face(card, small=True) for card in cards)
        items.append(f'<li class="play" aria-label="{escape(label)}">'
                     f'<span class="who" aria-hidden="true">{escape(names[seat])}</span>'
                     f'<span class="cards" aria-hidden="true">{faces}</span></li>')
    by_id("trick").innerHTML = "".join(items)


def render_results(view):
    """The results of the round just ended, or the game's; the button goes on."""
    outcome = view["outcome"]
    players = view["players"]
    last_round = view["last_round"]
    rows = []
    if outcome is None:
        by_id("results-title").textContent = (
            "Round " + str(last_round["round"]) + " results")
        by_id("results-next").textContent = "Next round"
        for entry in last_round["results"]:
            rows.append((players[entry["seat"]], entry["title"], "+" + str(entry["points"])))
    else:
        by_id("results-title").textContent = "Game over: " + outcome["text"]
        by_id("results-next").textContent = "New game"
        titles = {entry["seat"]: entry["title"] for entry in last_round["results"]} if (
            last_round) else {}
        for seat in outcome["ranking"]:
            rows.append((players[seat], titles.get(seat, ""), ""))
    by_id("results-rows").innerHTML = "".join(
        f'<tr class="{"you" if player["seat"] == view["seat"] else ""}">'
        f'<td>{escape(player["name"])}</td><td>{escape(title)}</td>'
        f'<td>{escape(gained)} <strong>{escape(player["score"])}</strong></td></tr>'
        for player, title, gained in rows)
