"""Taking a move back (a practice game): the human's last move of this round, and every
move after it. The game is replayed from its record without them (the bots answer the
same position the same way); the log keeps what was taken back, and when."""

from engine.catalogue import outcome, step
from engine.core.errors import CannotUndo
from engine.play.table import Table

__all__ = ["refusal", "rounds", "undo"]


def rounds(table: Table) -> list[int]:
    """The round each of the table's recorded actions was made in: kept by the table as
    it goes, or, for a table made from a record, its record replayed once to see."""
    if table.rounds is None:
        state, table.rounds = table.record.initial(), []
        for action in table.record.actions:
            table.rounds.append(state.round_no)
            state = step(state, action)
    return table.rounds


def refusal(table: Table) -> str | None:
    """Why the human's last move cannot be taken back now, or None if it can."""
    if not table.undo_allowed:
        return "taking back a move is off in this game (a scored game)"
    if outcome(table.state) is not None:
        return "the game is over"
    if _last_human_move(table) is None:
        return "you have no move to take back this round"
    return None


def _last_human_move(table: Table) -> int | None:
    """Where in the record the human's last move of this round is."""
    actions = table.record.actions
    made_in = rounds(table)
    for index in range(len(actions) - 1, -1, -1):
        if made_in[index] != table.state.round_no:
            return None
        if actions[index].seat == table.human:
            return index
    return None


def undo(table: Table) -> None:
    """Take back the human's last move of this round, and every move after it."""
    why_not = refusal(table)
    if why_not is not None:
        raise CannotUndo(why_not)
    index = _last_human_move(table)
    assert index is not None
    table.taken_back.append({"moves": index, "action": str(table.record.actions[index])})
    table.rewind(index)
