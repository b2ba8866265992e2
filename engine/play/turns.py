"""The bots' turns at a table: which bot (or chance) is due, its move, and Hard's share
of its budget and its thinking time on this device; and Hard's advice to a human (a
hint), which thinks the same way.

A bot's move depends only on the game, the move number, the seat and its observation,
so a reloaded game goes on exactly as it would have.
"""

import random
from collections.abc import Callable
from typing import TypeVar

from engine.catalogue import (
    Action,
    Observation,
    chance_action,
    observe,
    outcome,
    seats_to_act,
    step,
)
from engine.core.actions import CHANCE
from engine.core.contract import Hint
from engine.core.errors import GameOver, NotYourTurn
from engine.core.language import _
from engine.core.presenter import move_text
from engine.core.rng import derive_seed
from engine.play import script as scripts
from engine.play.table import BotChoices, Table
from engine.players.levels import HardBot

__all__ = ["advance", "hard_share_now", "hint", "pending"]

T = TypeVar("T")


def pending(table: Table) -> int | None:
    """The seat of the bot or chance due to act, or None (a human's turn, the end, or a
    script waiting for its reader's Next).

    While several seats may act at once (a Corporation round), a bot keeps its binding
    move (its commit) until every human has made theirs, so what the humans say reaches
    the bots that are yet to choose; before that a bot is due only to make a move that
    leaves it still to act (table talk). Bots act one at a time, in seat order.
    """
    if table.script is not None and table.script.stepped:
        return None  # a reader steps through the script, and plays on only by choice
    due = table.scripted()
    if due is not None and scripts.guided_stop(table):
        return None  # a guided script waits at its caption for Next (or the human)
    if due is not None:  # a scenario's bots and chance make their scripted moves
        seat = due.action.seat
        return seat if seat == CHANCE or seat in table.bots else None
    to_act = seats_to_act(table.state)
    humans_to_act = any(s != CHANCE and s not in table.bots for s in to_act)
    for seat in to_act:
        if seat == CHANCE:
            return seat
        if seat in table.bots and (not humans_to_act or _keeps_acting(table, seat)):
            return seat
    return None


def advance(table: Table) -> Action | None:
    """Let the bot or chance due to act take one action."""
    actor = pending(table)
    if actor is None:
        return None
    due = table.scripted()
    if due is not None:
        action: Action | None = due.action
    else:
        action = chance_action(table.state) if actor == CHANCE else _bot_choice(table, actor)
    assert action is not None
    table.apply(action)
    return action


def _keeps_acting(table: Table, seat: int) -> bool:
    """Whether the bot's move now leaves it still to act (it talks before it commits)."""
    return seat in seats_to_act(step(table.state, _bot_choice(table, seat)))


def _bot_choice(table: Table, seat: int) -> Action:
    """The bot's move now, chosen once per position."""
    known = table.choices
    if known is None or known.record is not table.record:
        known = BotChoices(table.record)
    if seat not in known.chosen:
        moves = len(table.record.actions)
        # The first seat to act uses the position's generator; others asked at the same
        # position (bots talking while a human is to act) each get one of their own.
        first = seats_to_act(table.state)[0] == seat
        rng = random.Random(derive_seed(table.record.seed, "bot", moves,
                                        *(() if first else (seat,))))
        bot, observation = table.bots[seat], observe(table.state, seat)
        if isinstance(bot, HardBot):
            hard = HardBot(hard_share_now(table), bot.temperament)
            chosen = _timed(table, observation, hard.share,
                            lambda: hard.choose(observation, rng))
        else:
            chosen = bot.choose(observation, rng)
        known = BotChoices(known.record, {**known.chosen, seat: chosen})
    table.choices = known
    return known.chosen[seat]


def hard_share_now(table: Table) -> float:
    """Hard's share of its budget at this position: the one recorded for it, or, in a
    game sized to its device at a position Hard has not thought at yet, what the device
    allows now, recorded as a change where it differs."""
    moves = len(table.record.actions)
    shares = table.shares
    share = shares.at(moves)
    if shares.sized and table.thinking is not None and moves >= shares.decided:
        sized = table.thinking.share(table.record.rules, table.record.players, share)
        if sized != share:
            shares.changes.append((moves, sized))
            share = sized
        shares.decided = moves + 1
    return share


def _timed(table: Table, observation: Observation, share: float,
           think: Callable[[], T]) -> T:
    """Hard's ``think()`` at ``observation``, timed for the device where one is known."""
    if table.thinking is None:
        return think()
    return table.thinking.timed(observation, share, think)


def hint(table: Table, seat: object = None) -> Hint:
    """The Hard bot's move for ``seat`` (default: the human) and why, from what that seat
    sees: ``{"text", "kind", "label", "reason", "cards"}``. ``text`` is the move's
    notation for ``act``; ``cards`` are the hand's cards to select (none for a pass). The
    same position always gets the same hint. Raises ``NotYourTurn`` when the seat may not
    act now and ``GameOver`` after the end."""
    who = table.seat(seat)
    if outcome(table.state) is not None:
        raise GameOver(_("the game is over: there is nothing left to hint"))
    observation = observe(table.state, who)
    due = table.scripted()
    if not observation.legal or (due is not None and due.action.seat != who):
        raise NotYourTurn(table.presenter(you=who).waiting_text(observation))
    presenter = table.presenter(you=who)
    if due is not None:
        action, reason = due.action, _("it is the move this example shows")
    else:
        rng = random.Random(derive_seed(table.record.seed, "hint", len(table.record.actions)))
        from engine.players.advice import hint as advise  # the search: on first use

        share = hard_share_now(table)
        advice = _timed(table, observation, share,
                        lambda: advise(observation, rng, presenter.names, share))
        action, reason = advice.action, advice.reason
    return {"text": move_text(action), "kind": action.kind,
            "label": presenter.label(action, observation), "reason": reason,
            "cards": [str(c) for c in action.cards]}
