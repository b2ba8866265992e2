"""The table screen (and a reader's replay, drawn on it): the game's layout draws the seats
and the middle (``table`` for tricks, ``reveal`` for Corporation's secret commits, over
one card-drawing module), the guided trick's or the reader's panel, your hand and the
controls under it."""

from dom import by_id


class TableScreen:
    def __init__(self, page, layouts):
        self.page = page  # the view, the game, the hand and the controls
        self.layouts = layouts  # how each kind of table is drawn, by its view's ``table``

    def render(self, view):
        page = self.page
        last_play = page.game.last_play
        shown = last_play[:3] if last_play is not None and last_play[3] is view else None
        by_id("table").dataset.layout = view["table"]
        self.layouts[view["table"]].render_table(view, shown)
        page.exchange.render(view)
        page.walkthrough.render(view)
        page.hand.show(view["hand"], view["held_back"], page.settings_sheet.hand_order(view))
        page.hand.offer(view["legal"], view["your_turn"])
        page.update_controls()
