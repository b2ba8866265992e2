"""The buttons under the hand (Hint, Pass, Play) and the line above them.

The Play button names the move the selected cards make, from the view's own
moves; when they make none, the engine says why (the reason goes in the line
above the buttons, so the button keeps its size and the hand stays under the
finger). The page never writes a move: it sends back the ``act`` the view
offered.
"""

from dom import by_id, spawn, toggle_class


def same_cards(move, cards):
    """Whether ``move`` takes exactly ``cards`` (ids, in any order) from the hand."""
    return sorted(move["cards"]) == sorted(cards)


class Controls:
    def __init__(self, engine):
        self.engine = engine  # a function giving the engine client, once it is up
        self.serial = 0  # answers about older selections are dropped
        self.play = by_id("play")
        self.pass_button = by_id("pass")
        self.hint_button = by_id("hint-button")
        self.line = by_id("hint")

    def say(self, text, illegal=False, advice=False):
        if self.line.textContent != text:  # the same words are not announced again
            self.line.textContent = text
        toggle_class(self.line, "illegal", illegal)
        toggle_class(self.line, "advice", advice)

    def moves(self, view, cards):
        """The view's moves that take exactly these cards."""
        return [move for move in view["legal"] if move["cards"] and same_cards(move, cards)]

    def pass_move(self, view):
        """The move that plays no card (a pass, or a matchstick discarded), if offered."""
        return next((move for move in view["legal"] if not move["cards"]), None)

    def update(self, view, can_act, cards, advice):
        """The buttons for ``view``: ``can_act`` when they take input, ``cards`` the
        selection's ids, ``advice`` the hint on show (or None)."""
        self.serial += 1
        pass_move = self.pass_move(view) if view is not None else None
        self.pass_button.hidden = view is None or view["pass_label"] is None
        if view is not None and view["pass_label"] is not None:
            self.pass_button.textContent = view["pass_label"]
        toggle_class(self.pass_button, "suggested", advice is not None and advice["pass"])
        toggle_class(self.play, "illegal", False)
        # "you" exactly when the controls accept input (the browser tests wait on it).
        by_id("table").dataset.turn = "you" if can_act else "wait"
        self.hint_button.setAttribute("aria-disabled", "false" if can_act else "true")
        verb = view["verb"] if view is not None else "Play"
        self.play.textContent = verb
        self.play.setAttribute("aria-disabled", "true")
        if not can_act:
            self.pass_button.setAttribute("aria-disabled", "true")
            self.say("")
            return
        self.pass_button.setAttribute("aria-disabled", "false" if pass_move else "true")
        if advice is not None:
            self.say(advice["reason"], advice=True)
        if not cards:
            if advice is None:
                self.say(f"Tap cards to select them, then {verb} or swipe them up.")
            return
        if advice is None:
            self.say("")
        moves = self.moves(view, cards)
        if moves:
            self.play.textContent = moves[0]["label"]
            self.play.setAttribute("aria-disabled", "false")
            return
        spawn(self.explain(cards, self.serial))

    async def explain(self, cards, serial):
        """Why the selected cards make no move, in the engine's words."""
        reply = await self.engine().check_cards(cards)
        if serial != self.serial or reply["ok"]:
            return
        toggle_class(self.play, "illegal", True)
        self.say(reply["error"]["message"], illegal=True)

    def chosen(self, view, cards):
        """The move to send for the selection, if it makes exactly one."""
        moves = self.moves(view, cards) if view is not None else []
        return moves[0]["act"] if len(moves) == 1 and (
            self.play.getAttribute("aria-disabled") == "false") else None
