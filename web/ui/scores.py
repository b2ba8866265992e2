"""The results every layout shows the same way, from the view alone: the heading and the
headline (who won, where you finished, your title), the scoreboard with the columns the
view names, what the round changed and what comes before the next one, and every
round's points. A layout draws only what is its own (Corporation's reveal).

Every word and value comes from the view; every value is escaped.
"""

from dom import by_id, escape
from language import N_, _

# The columns a view may name for its scoreboard, and their headings.
HEADINGS = {"place": N_("Place"), "title": N_("Title"), "card": N_("Card"),
            "points": N_("This round"), "total": N_("Total"), "to_go": N_("To go")}


def render(view, round_heading, kept_columns):
    """The results of the round just ended (``round_heading``: "Round {n} results"), or
    the game's.
    ``kept_columns`` are the layout's, for a view kept before views named theirs."""
    render_headline(view, round_heading)
    outcome = view["outcome"]
    last_round = view["last_round"]
    if outcome is None:
        order = [entry["seat"] for entry in last_round["results"]]
        places = [entry.get("place_text", "") for entry in last_round["results"]]
    else:
        order = outcome["ranking"]
        places = outcome.get("places_text", [])
    columns = columns_of(last_round, kept_columns)
    name_at = 1 if columns[0] == "place" else 0
    headings = [f'<th scope="col" data-column="{column}">{escape(_(HEADINGS[column]))}</th>'
                for column in columns]
    headings.insert(name_at, '<th scope="col">' + escape(_("Player")) + "</th>")
    by_id("results-head").innerHTML = "".join(headings)
    players = view["players"]

    def cells(index, entry):
        seat = order[index]
        player = players[seat]
        texts = {"place": places[index] if index < len(places) else "",
                 "title": entry.get("title", ""),
                 "card": entry["card"]["name"] if "card" in entry else "",
                 "points": figure(entry.get("points"), entry.get("points_text", ""), True),
                 "total": figure(player.get("score"), player["points_text"]),
                 "to_go": figure(player.get("to_go"), player.get("to_go_text", ""))}
        return [texts[column] for column in columns]

    by_id("results-rows").innerHTML = result_rows(view, order, cells, name_at, columns)
    render_story(last_round)
    render_rounds(view)


def columns_of(last_round, kept):
    """The scoreboard's columns as the round's view names them, else ``kept``."""
    named = last_round.get("columns") if last_round else None
    if isinstance(named, list) and named and all(column in HEADINGS for column in named):
        return named
    return list(kept)


def figure(value, words, signed=False):
    """A scoreboard's figure: the view's number ("+5" under "This round", "55" under
    "Total"; the heading names what it counts), so the columns fit a phone; the view's
    ``words`` where a view kept by an earlier version has no number."""
    if not isinstance(value, int):
        return words
    return ("+" if signed and value > 0 else "") + str(value)


def text_of(value):
    """A line the view gives, or nothing where a view kept by an earlier version has none."""
    return value if isinstance(value, str) else ""


def round_title(last_round, heading):
    """ "Round 2 results": how the results' heading and the lobby's Resume name a round
    that has ended (``heading``, the layout's message for its results)."""
    return _(heading).format(n=last_round["round"])


def render_headline(view, round_heading):
    """The heading, then who won the round (the game's winner is in its heading) and
    where you finished, with your title where the game gives titles."""
    outcome = view["outcome"]
    last_round = view["last_round"]
    if outcome is None:
        by_id("results-title").textContent = round_title(last_round, round_heading)
        winner = text_of(last_round.get("headline"))
        yours = text_of(last_round.get("you_text"))
    else:
        by_id("results-title").textContent = _("Game over: {result}").format(
            result=outcome["text"])
        winner = ""
        ranking = outcome["ranking"]
        places = outcome.get("places_text", [])
        index = ranking.index(view["seat"]) if view["seat"] in ranking else len(places)
        yours = (_("Your place: {place} of {players}").format(
            place=places[index], players=len(ranking)) if index < len(places) else "")
    for name, text in (("results-winner", winner), ("results-you", yours)):
        line = by_id(name)
        line.textContent = text
        line.hidden = not text
    by_id("results").dataset.won = "true" if you_won(view) else "false"


def you_won(view):
    """Whether the results on show are a win of yours: the game's, or else the round's."""
    outcome = view["outcome"]
    if outcome is not None:
        return view["seat"] in outcome.get("winners", [])
    winners = view["last_round"].get("winners")
    return isinstance(winners, list) and view["seat"] in winners


def result_rows(view, order, cells, name_at=0, columns=None):
    """The results table's rows, a player each in ``order``: the player's name (a row
    heading) at column ``name_at`` among the texts ``cells(index, entry)`` gives (each
    cell's ``data-column`` its column's name in ``columns``, if given: a class "card"
    would style it as a card), the human's row marked."""
    entries = {entry["seat"]: entry for entry in view["last_round"]["results"]} if (
        view["last_round"]) else {}
    rows = []
    for index, seat in enumerate(order):
        texts = [f'<td data-column="{columns[number]}">{escape(text)}</td>' if columns else
                 f"<td>{escape(text)}</td>"
                 for number, text in enumerate(cells(index, entries.get(seat, {})))]
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
    round_word, total = escape(_("Round")), escape(_("Total"))
    by_id("rounds-table").innerHTML = (
        f'<thead><tr><th scope="col">{round_word}</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">{total}</th>{totals}</tr></tfoot>')
