"""Taking a move back (a practice game): a person's last move of this round, and every
move after it, as long as the phone has not been handed to another person since. The
game is replayed from its record without them (the bots answer the same position the
same way); the log keeps what was taken back, and when."""

from engine.catalogue import outcome
from engine.core.errors import CannotUndo
from engine.core.language import _
from engine.core.seats import shown_name
from engine.play import people
from engine.play.table import Table

__all__ = ["refusal", "rounds", "undo"]


def rounds(table: Table) -> list[int]:
    """The round each of the table's recorded actions was made in."""
    return [state.round_no for state in table.positions()]


def refusal(table: Table, seat: int | None = None) -> str | None:
    """Why ``seat``'s (default: the human's) last move cannot be taken back now, or None
    if it can."""
    if not table.undo_allowed:
        return _("taking back a move is off in this game (a scored game)")
    if outcome(table.state) is not None:
        return _("the game is over")
    who = table.human if seat is None else seat
    if who not in table.persons:
        return _("a bot's moves are not taken back")
    if _last_move(table, who) is None:
        return _("you have no move to take back this round")
    other = _handed_to(table, who)
    if other is not None:
        return _("the phone has gone to {name} since: a move is taken back only before it "
                 "is handed on").format(name=shown_name(table.person_name(other)))
    return None


def _last_move(table: Table, seat: int) -> int | None:
    """Where in the record the seat's last move of this round is."""
    actions = table.record.actions
    made_in = rounds(table)
    for index in range(len(actions) - 1, -1, -1):
        if made_in[index] != table.state.round_no:
            return None
        if actions[index].seat == seat:
            return index
    return None


def _handed_to(table: Table, seat: int) -> int | None:
    """The other person the phone went to since the seat's last move (one who has moved
    since, or whose decision is next), or None."""
    index = _last_move(table, seat)
    assert index is not None
    others = set(table.persons) - {seat}
    moved = [action.seat for action in table.record.actions[index + 1:]
             if action.seat in others]
    due = people.next_person(table, seat)
    return moved[0] if moved else due if due in others else None


def undo(table: Table, seat: int | None = None) -> None:
    """Take back ``seat``'s (default: the human's) last move of this round, and every move
    after it."""
    why_not = refusal(table, seat)
    if why_not is not None:
        raise CannotUndo(why_not)
    index = _last_move(table, table.human if seat is None else seat)
    assert index is not None
    table.taken_back.append({"moves": index, "action": str(table.record.actions[index])})
    table.rewind(index)
