"""The people at a table sharing one phone: who they are, which of them decides next (the
one to hand the phone to), and what happened since a person's last move, in their words.

What a seat may see is decided once per family (``seen_by``, ``observe``); this module
only picks whose eyes a view, a step or a line of news is seen through.
"""

from engine.catalogue import observe, outcome, seats_to_act
from engine.catalogue import seen_step as seen_by
from engine.core.actions import CHANCE
from engine.core.contract import PersonJson
from engine.core.language import _
from engine.core.seats import shown_name
from engine.play import turns
from engine.play.table import Table

__all__ = ["MAX_NEWS", "hand_over", "next_person", "people_json", "since_text"]

MAX_NEWS = 12  # the steps a line of news tells at most (the latest)


def people_json(table: Table) -> list[PersonJson]:
    """Every person at the table, in seat order, with their own name (as the others read
    it: the owner's "Player 1" where they gave none)."""
    return [{"seat": seat, "name": shown_name(table.person_name(seat))} for seat in table.persons]


def next_person(table: Table, holder: int | None = None) -> int | None:
    """The person who decides next at this position: ``holder`` (the one holding the
    phone) while they may still act (a Corporation's talk before its commit, or people
    choosing at once), else the first, in seat order, of the people who may act now, the
    one to hand the phone to. None while a bot or chance is due (they act first), an
    unstepped script waits for its reader, or the game is over. A script stepped through
    (a replay) is the reader's throughout: they press Next for every move, whoever made
    it, and no one else's hand is shown on the way."""
    if outcome(table.state) is not None or turns.pending(table) is not None:
        return None
    if table.script is not None and table.script.stepped:
        return table.human
    due = table.scripted()
    if due is not None:
        return due.action.seat if due.action.seat in table.persons else None
    deciding = [seat for seat in seats_to_act(table.state)
                if seat != CHANCE and seat not in table.bots]
    return holder if holder in deciding else next(iter(deciding), None)


def hand_over(table: Table, seat: int) -> bool:
    """Whether the next decision is another person's than ``seat``'s, who holds the
    phone: it goes to them (the page says so, and shows nothing of ``seat``'s hand
    meanwhile)."""
    person = next_person(table, seat)
    return len(table.persons) > 1 and person is not None and person != seat


def since_text(table: Table, seat: int) -> str:
    """What happened since ``seat``'s last move, as that seat may see it and in its words
    ("Aiko plays two 9s; Bruno passes"): every step after it this round (from the round's
    deal, for a seat that has not moved in it), the latest ``MAX_NEWS`` of them; "" where
    there is none."""
    actions = table.record.actions
    states = [*table.positions(), table.state]
    round_no = table.state.round_no
    first = len(actions)
    while first > 0 and actions[first - 1].seat != seat and (
            states[first - 1].round_no == round_no):
        first -= 1
    told = max(first, len(actions) - MAX_NEWS)
    presenter = table.presenter(you=seat)
    lines = ["…"] if told > first else []
    for before, action, after in zip(states[told:], actions[told:], states[told + 1:],
                                     strict=False):
        lines.append(_told(presenter.narrate(seen_by(before, action, seat),
                                             observe(before, seat), observe(after, seat))))
    # Translators: between the parts of a list of clauses (the steps of a line of news).
    return _("; ").join(line for line in lines if line)


def _told(sentence: str) -> str:
    """A step's sentence as one part of a line: its lines joined, no closing stop."""
    return _("; ").join(part.strip().rstrip(".。") for part in sentence.splitlines()
                        if part.strip())
