"""The player's statistics, kept on this device: per game and rule set, games played,
wins, average place and the best streak of wins; drawn in the lobby, with a reset
that asks first."""

import store
from dom import by_id, escape, listen, show_notice


class Statistics:
    def __init__(self, page):
        self.page = page  # its dialogs
        self.counts = {}  # the player's statistics (see store.load_stats)

    def watch(self):
        listen(by_id("stats-reset"), "click", lambda event: self.confirm_reset())
        listen(by_id("confirm-reset"), "close", self.on_confirm_reset)

    def load(self):
        self.counts, fell_back = store.load_stats()
        if fell_back:
            show_notice("Some of your statistics could not be read and were set aside.")
        render(self.counts)

    def record(self, view):
        """Count the game that just ended, once: at the step that ended it."""
        self.counts = store.record_game(self.counts, view)
        store.write(store.STATS_KEY, self.counts)
        render(self.counts)

    def confirm_reset(self):
        self.page.open_dialog("confirm-reset", "confirm")

    def on_confirm_reset(self, event):
        if by_id("confirm-reset").returnValue == "reset":
            self.counts = {}
            store.forget(store.STATS_KEY)
            render(self.counts)
            self.page.today.reset_days()


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
