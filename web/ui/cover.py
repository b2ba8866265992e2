"""The cover over the table while one phone passes between people (friends at this phone):
"Pass the phone to Mia", and one button, "I'm Mia" (and the way to the lobby, where the
game waits). Whenever the next decision is another
person's than the one holding the phone (the view's ``hand_over``), and after a reload,
when no one has said who holds it, the table goes and the cover comes. The table's DOM
is emptied of everything one person may see and another may not (a hand, the exchange's
cards, the hint, the round's log, the narration, the seats, cards in flight), so no hand is in the
DOM, the accessibility tree or a picture of the screen while it is up; the bots play on
behind it. Once the person says who they are, the engine sends their own view, and the
narration tells them what happened since their last move (``view["since"]``).

Every name comes from the view; every value is escaped.
"""

from dom import by_id, listen, show_notice, spawn
from language import _

# The table's parts that show one person's secrets, emptied under the cover with the
# seats around it (the table draws them again from the next person's view).
SECRET_PARTS = ("hand", "history", "exchange-rows", "exchange-ask", "exchange-status",
                "received-text", "hint", "values", "last-event", "trick", "talk-lines")


def person_name(view, seat):
    """A person's name as the others read it (the view's ``people``)."""
    return next(person["name"] for person in view["people"] if person["seat"] == seat)


def shared(view):
    """Whether several people share the phone at ``view``'s table."""
    return len(view.get("people") or ()) > 1


def covered(view, holder):
    """Whether ``view`` (of a game in progress) is to be covered: at a table of several
    people, while no one has said they hold the phone (``holder`` None: after a reload)
    or the next decision is another person's."""
    if view is None or not shared(view) or view["outcome"] is not None:
        return False
    return holder is None or bool(view["hand_over"])


class Cover:
    def __init__(self, page):
        self.page = page  # the engine, the view, the game and who holds the phone
        self.taking = False  # a person's view is on its way

    def watch(self):
        listen(by_id("cover-ready"), "click", lambda event: spawn(self.take()))
        listen(by_id("cover-lobby"), "click", lambda event: self.page.lobby.show())

    def render(self, view):
        """The cover for ``view``'s next person (none while a bot moves first: the others
        play on), the table's secrets taken away."""
        self.hide_secrets()
        person = view["next_person"]
        by_id("cover-game").textContent = _("{title} · {round}").format(
            title=view["title"], round=view["round_text"])
        button = by_id("cover-ready")
        if person is None:
            by_id("cover-title").textContent = _("The others are playing…")
            by_id("cover-note").textContent = _("The phone goes to the next of you in a "
                                                "moment.")
            button.hidden = True
            return
        name = person_name(view, person)
        by_id("cover-title").textContent = _("Pass the phone to {name}").format(name=name)
        by_id("cover-note").textContent = _("Only {name} looks at the screen from "
                                            "here.").format(name=name)
        said = _("I'm {name}").format(name=name)
        if button.textContent != said or button.hidden:
            button.textContent = said
            button.hidden = False
            button.focus()

    def hide_secrets(self):
        page = self.page
        page.hand.show([], (), None)
        page.exchange.close()
        page.motion.stop()
        seats = by_id("opponents").querySelectorAll(".seats")
        parts = [by_id(part) for part in SECRET_PARTS] + [seats[i] for i in range(seats.length)]
        for element in parts:
            if element.innerHTML:
                element.innerHTML = ""

    async def take(self):
        """The next person says they hold the phone: their own view comes on show, and
        the narration tells them what happened since their last move."""
        page = self.page
        view = page.view
        person = view["next_person"] if view is not None else None
        if person is None or self.taking or not page.game.ready():
            return
        self.taking = True
        try:
            reply = await page.engine.view(person)
        finally:
            self.taking = False
        if not reply["ok"]:
            show_notice(_("The table could not be shown: {why}.").format(
                why=reply["error"]["message"]))
            return
        if page.view is not view:
            return  # the game moved on meanwhile (another tab): its own view is on show
        page.holder = person
        page.game.advice = None
        page.game.last_play = None
        by_id("last-event").textContent = reply["view"]["since"] or ""
        page.game.accept({"moves": page.moves, "view": reply["view"]})
