"""The hint: the Hard bot's move for a seat, and why, in one line.

``hint(observation, rng)`` asks the Hard bot what it would do from the seat's
observation, and the game's explainer (named in the catalogue) says why from
facts of the position and the move: what the move keeps, why this move, why a
pass, what an exchange gives back, in Corporation which value and why. When
the Hard bot searched, the reason ends with how the move fared in the search's
guesses at the unseen cards, in its own counts, as a friend would say them: "Tried
against guesses at the others' cards, this way you go out first 7 times in 10; passing,
4."

It sees only the observation, so it cannot name a card another seat holds
unseen. Cards are named as the table's labels name them.

>>> from engine import parse_action, parse_cards, setup, observe
>>> from engine.families.climbing.rules.tycoon import TycoonRules
>>> hands = [parse_cards("4c 5d 6c 6d 9c 9d Jh Jd Qs X"), parse_cards("3c 3d 3h 7c 8c 8d Kd"),
...          parse_cards("2s 6h 7h Tc Ts Th Qc Qd")]
>>> state = setup(TycoonRules(), hands, 0, trick=[parse_action("1:8s 8h")])
>>> print(explain(observe(state, 0), parse_action("0:9c 9d")))
Keeps your Joker; your two 9s are the weakest pair that beats the table's two 8s.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.catalogue import Action, Observation, game_of
from engine.core.errors import NotYourTurn
from engine.core.language import _
from engine.core.seats import YOU
from engine.players.levels import HardBot

__all__ = ["Hint", "explain", "hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    """A move for the seat and why, in one line."""

    action: Action
    reason: str


def hint(observation: Observation, rng: random.Random,
         names: Sequence[str] | None = None, share: float = 1.0) -> Hint:
    """The Hard bot's move for the observing seat (thinking with ``share`` of its
    budget), with its reason. ``names`` are the seats' names ("You" for the seat
    itself); by default "Seat 2" and so on. Raises ``NotYourTurn`` when the observation
    has no legal move."""
    if not observation.legal:
        raise NotYourTurn(_("no hint without a legal move"))
    action, fared = HardBot(share).decide(observation, rng)
    return Hint(action, game_of(observation.rules).explain(
        observation, action, _names(observation, names), fared))


def explain(observation: Observation, action: Action,
            names: Sequence[str] | None = None) -> str:
    """Why ``action``, a legal move of the observing seat, in one line: facts of the
    position and of the move, in the words of the table's labels."""
    return game_of(observation.rules).explain(observation, action,
                                              _names(observation, names), {})


def _names(observation: Observation, names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else [
        YOU if s == observation.seat else _("Seat {n}").format(n=s + 1)
        for s in range(observation.players)]
