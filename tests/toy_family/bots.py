"""How each bot level plays High Card (the hooks the catalogue names)."""

import random
from collections.abc import Mapping
from typing import Any

from engine.core.bots import EASY_MISTAKES, Fared, HardSettings
from engine.core.rng import choice
from engine.core.temperament import Temperament
from toy_family.machine import HighView
from toy_family.rules import Lay

__all__ = ["easy", "greedy", "hard", "normal", "searches"]


def greedy(observation: HighView) -> Lay:
    return max(observation.legal, key=lambda lay: lay.card)


def easy(observation: HighView, rng: random.Random,
         temperament: Temperament | None = None) -> Lay:
    return choice(rng, observation.legal) if rng.random() < EASY_MISTAKES else greedy(
        observation)


def normal(observation: HighView, rng: random.Random,
           temperament: Temperament | None = None) -> Lay:
    """Its highest card while it can still beat what is laid, else its lowest."""
    beaten = max(observation.laid, default=0)
    if max(observation.hand) > beaten:
        return greedy(observation)
    return min(observation.legal, key=lambda lay: lay.card)


def hard(observation: HighView, rng: random.Random, settings: HardSettings[Any],
         share: float, temperament: Temperament | None = None
         ) -> tuple[Lay, Mapping[Lay, Fared]]:
    return normal(observation, rng), {}


def searches(observation: HighView, settings: HardSettings[Any], share: float) -> bool:
    return False
