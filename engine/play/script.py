"""The scripted part of a game: a scenario's moves (a tutorial's guided first trick, a
rules post's example, a shared replay) followed at a table (its ``Script``) until the
reader takes over.

A reader steps through the script (``next_step``, ``goto``); else it is guided: the
others' scripted moves wait for Next at each caption (its stops), and the human makes
their own.
"""

from collections.abc import Mapping
from typing import Any

from engine.catalogue import Action
from engine.core.actions import CHANCE
from engine.core.contract import Counter, ScriptJson
from engine.core.errors import IllegalAction
from engine.core.language import _
from engine.core.presenter import THINKING, Presenter, move_text
from engine.play.table import Table
from engine.scenario import said

__all__ = ["goto", "guided_stop", "next_step", "script_view", "scripted_view", "take_over",
           "waits_for_next"]


def next_step(table: Table) -> Action:
    """Make the script's next move: whoever's it is for a reader stepping through; in a
    guided script, a bot's or chance's (the human makes their own)."""
    due = table.scripted()
    if due is None or table.script is None:
        raise IllegalAction(_("the example has no more steps: play on from here"))
    seat = due.action.seat
    if not table.script.stepped and seat != CHANCE and seat not in table.bots:
        raise IllegalAction(table.script_refusal(due.action, seat))
    table.apply(due.action)
    return due.action


def guided_stop(table: Table) -> bool:
    """Whether a guided script stands at one of its stops (its start, or just after a
    move with a caption): its caption stays until Next or the human's move."""
    script = table.script
    return (script is not None and not script.stepped
            and script.done(len(table.record.actions)) in script.scenario.stops)


def waits_for_next(table: Table) -> bool:
    """Whether the script holds the bots back: a reader steps through it (and plays on
    only by choice), or a guided script waits at its caption for Next (or the human)."""
    script = table.script
    return script is not None and (script.stepped or guided_stop(table))


def take_over(table: Table) -> None:
    """Leave the script: from now on the seats play their own moves, and the hands that
    are not the human's are hidden again."""
    table.script = None


def goto(table: Table, step_number: object) -> None:
    """Show the script after ``step_number`` of its moves (a reader going back, or
    jumping to a round): the game replayed from its start to there."""
    script = table.script
    if script is None:
        raise IllegalAction(_("this game follows no script: there is nothing to go to"))
    steps = script.scenario.steps
    if type(step_number) is not int or not 0 <= step_number <= len(steps):
        raise IllegalAction(_("the example has steps 0 to {last}").format(last=len(steps)))
    done = len(table.record.actions) - script.start
    if step_number < done:
        table.rewind(script.start + step_number)
    for step in steps[done:step_number]:
        table.apply(step.action)


def script_view(table: Table) -> ScriptJson | None:
    """Where the table is in its scenario, in the language in force (``said``):
    ``title``, the ``caption`` of the last move made (the introduction before the first),
    ``step`` (moves made) of ``steps``, whose move is ``next`` (null once every scripted
    move is made), ``waits`` (the script's next move waits for the reader's Next),
    ``back`` (the step Back goes to, null at the first) and the ``counter`` a reader is
    shown ("at" of "of"; null for a position with no moves). A reader stepping through
    counts moves, from 0; a guided script counts its captions, from 1 at the start, and
    stops at each for Next."""
    script = table.script
    if script is None:
        return None
    scenario = script.scenario
    done = script.done(len(table.record.actions))
    due = table.scripted()
    if script.stepped:
        waits = due is not None
        back = done - 1 if done > 0 else None
        # A position with no moves to step through has nothing to count.
        counter: Counter | None = (
            {"at": done, "of": len(scenario.steps)} if scenario.steps else None)
    else:
        waits = due is not None and guided_stop(table) and (
            due.action.seat == CHANCE or due.action.seat in table.bots)
        back = max((stop for stop in scenario.stops if stop < done), default=None)
        counter = {"at": sum(1 for stop in scenario.stops if stop <= done),
                   "of": len(scenario.stops)}
    return {"title": said(scenario.title), "caption": said(scenario.shown_captions[done]),
            "step": done, "steps": len(scenario.steps), "stepped": script.stepped,
            "next": None if due is None else due.action.seat,
            "waits": waits, "back": back, "counter": counter,
            "rounds": list(scenario.round_starts)}


def scripted_view(table: Table, presenter: Presenter, view: Mapping[str, Any],
                  seat: int) -> Mapping[str, Any]:
    """``view`` of ``seat`` while a script is followed: the seat is offered its scripted
    move only, and only when it is the script's next (in Corporation, where all choose at
    once, the seat may be due while another's scripted move comes first: it waits for
    that one); while the script waits for its reader, no bot is shown thinking."""
    due = table.scripted()
    if due is None:
        return view
    act = move_text(due.action) if due.action.seat == seat else None
    legal = [move for move in view["legal"] if move["act"] == act]
    players = view["players"]
    at_next = waits_for_next(table)
    if at_next:  # neither the seat's long word nor its short one (climbing's seats)
        thinking = _(THINKING)
        players = [{**player, **{key: "" for key in ("status", "seat_status")
                                 if player.get(key) == thinking}} for player in players]
    prompt = view["prompt"]
    if view["your_turn"] and not legal:
        prompt = presenter.waiting_for(due.action.seat, at_next)
    return {**view, "legal": legal, "your_turn": bool(legal), "players": players,
            "prompt": prompt}
