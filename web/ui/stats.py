"""The player's statistics, kept on this device: per game and rule set, games played,
wins, average place and the best streak of wins; drawn in the lobby, with a reset
that asks first."""

from dom import by_id, escape


def render(stats):
    """The statistics panel's table (or a line saying there is nothing yet)."""
    body = by_id("stats-body")
    by_id("stats-reset").hidden = not stats
    if not stats:
        body.innerHTML = "<p>No games finished yet on this device.</p>"
        return
    rows = []
    for key in sorted(stats):
        entry = stats[key]
        average = entry["places"] / entry["games"] if entry["games"] else 0
        rows.append(
            f'<tr><th scope="row">{escape(entry["game"])}'
            f'<span class="rule-set">{escape(entry["rule_set"])}</span></th>'
            f'<td>{entry["games"]}</td><td>{entry["wins"]}</td>'
            f'<td>{average:.1f}</td><td>{entry["best_streak"]}</td></tr>')
    body.innerHTML = (
        '<table class="scores stats-table"><thead><tr>'
        '<th scope="col">Game</th><th scope="col">Games</th><th scope="col">Wins</th>'
        '<th scope="col">Average place</th><th scope="col">Best streak</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>')
