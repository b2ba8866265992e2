"""What every family's bots share with the bot levels (engine.players.levels): Easy's
share of careless moves, the settings Hard plays a game with, how a move fared in
Hard's search (which a hint quotes), and how a family's bots learn a move policy."""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

__all__ = ["EASY_MISTAKES", "Fared", "HardSettings", "Learning", "Lesson"]

EASY_MISTAKES = 0.2
"""Easy's share of moves made at random, in every game."""

Model = TypeVar("Model")


@dataclass(frozen=True, slots=True)
class HardSettings(Generic[Model]):
    """What Hard needs of its game, given by the bot levels from the catalogue: its budget
    of simulated moves per decision (0 where its family sets its own); ``counts``, the
    quick playouts' model of a game's rules where there is one (None where it plays out
    through the engine); and ``playouts``, where a game has quick playouts of its own
    instead, the search's model of every seat in them (None for rules they do not
    model)."""

    budget: int
    counts: Callable[[Any], Model | None] | None = None
    playouts: Callable[[Any], Any] | None = None


@dataclass(frozen=True, slots=True)
class Fared:
    """How a move fared in the search: its mean rollout result (1 best, 0 worst), by which
    the bot chooses, and in how many of the worlds it was played out in the seat finished
    the round in each place (``places[0]`` first)."""

    mean: float
    places: tuple[int, ...]

    @property
    def worlds(self) -> int:
        return sum(self.places)

    def in_top(self, places: int) -> int:
        """In how many worlds the seat finished in one of the first ``places`` places."""
        return sum(self.places[:places])


@dataclass(frozen=True, slots=True)
class Lesson:
    """A decision of the teacher's, to learn from: its ``action``, the features of each
    legal move (``rows``, in the legal moves' order) and which of them it chose."""

    action: Any
    rows: list[list[float]]
    chosen: int


ObsT = TypeVar("ObsT")


@dataclass(frozen=True, slots=True)
class Learning(Generic[ObsT]):
    """How a family's bots learn their move policy by self-play (``python -m engine
    train``): the teacher's ``lesson(observation, rng, settings, share)`` at a position
    (None where it has one move), the ``digest(rules)`` of the weights a game's bots play
    with (None before any are trained; a game's log records it), ``keep(rules, weights,
    trained, out, preset)``, which writes fitted weights as the file the engine ships (the
    game's, or a preset's own; or to ``out``) and returns its path, and
    ``play(observation)``, the policy's own move (no search)."""

    play: Callable[[ObsT], Any]
    lesson: Callable[[ObsT, random.Random, HardSettings[Any], float], Lesson | None]
    digest: Callable[[Any], str | None]
    keep: Callable[[Any, Sequence[float], Mapping[str, Any], Path | None, str | None], Path]
