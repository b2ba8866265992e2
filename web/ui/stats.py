"""The player's statistics, kept on this device: per game and rule set, games played,
wins, average place and the best streak of wins; drawn in the lobby, with a reset
that asks first."""

import lobby
import store
from dom import by_id, escape, listen, show_notice
from language import N_, _

# The statistics table's columns.
HEADINGS = (N_("Game"), N_("Games"), N_("Wins"), N_("Average place"), N_("Best streak"))


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
            show_notice(_("Some of your statistics could not be read and were set aside."))
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
        body.innerHTML = "<p>" + escape(_("No games finished yet on this device.")) + "</p>"
        return
    rows = []
    for key in sorted(stats):
        entry = stats[key]
        average = entry["places"] / entry["games"] if entry["games"] else 0
        # Named as the lobby names them now, in the page's language; as they were kept
        # where it does not (a game gone from it, the player's own rules).
        game, _slash, rule_set = key.partition("/")
        rows.append(
            f'<tr><th scope="row">{escape(lobby.title(game) or entry["game"])}'
            f'<span class="rule-set">'
            f'{escape(lobby.rule_set_title(game, rule_set) or entry["rule_set"])}</span></th>'
            f'<td>{entry["games"]}</td><td>{entry["wins"]}</td>'
            f'<td>{average:.1f}</td><td>{entry["best_streak"]}</td></tr>')
    headings = "".join(f'<th scope="col">{escape(_(heading))}</th>' for heading in HEADINGS)
    body.innerHTML = (
        f'<table class="scores stats-table"><thead><tr>{headings}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>')
