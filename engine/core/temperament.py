"""A bot seat's temperament: how trusting, how greedy and how truthful it is.

At a table where the bots talk (Corporation), every bot seat of every level
gets one of its own, drawn from the game's seed and its seat, so a deal and a
shared link seat the same characters on any device. The level bounds each
trait: Easy believes what it hears and mostly keeps its word; Normal ranges
from honest to sly; Hard reasons for itself and takes only its trust and
greed from it. A seat's most marked trait is shown on it as a word.

>>> draw(2026, 1, "normal").word in WORDS
True
>>> draw(2026, 1, "greedy") is None
True
"""

import random
from dataclasses import dataclass

from engine.core.rng import derive_seed

__all__ = ["MIDDLE", "NEUTRAL", "RANGES", "WORDS", "Temperament", "draw", "none"]


@dataclass(frozen=True, slots=True)
class Temperament:
    """Traits from 0 to 1."""

    trust: float  # how far it believes what another seat says, before anyone breaks a word
    greed: float  # how much it prefers Profits now to a Corporation's rewards later
    truth: float  # how often it keeps its own word

    @property
    def word(self) -> str:
        """Its most marked trait, for its seat: "trusting" or "wary", "greedy" or
        "patient", "honest" or "sly"."""
        traits = ((self.trust, "trusting", "wary"), (self.greed, "greedy", "patient"),
                  (self.truth, "honest", "sly"))
        value, high, low = max(traits, key=lambda trait: abs(trait[0] - MIDDLE[trait[1]]))
        return high if value >= MIDDLE[high] else low


WORDS = ("trusting", "wary", "greedy", "patient", "honest", "sly")
# Where a trait counts as neither: the middle of Normal's range, so a Normal seat's word
# tells the player how it differs from the others.
MIDDLE = {"trusting": 0.5, "greedy": 0.5, "honest": 0.7}

NEUTRAL = Temperament(trust=0.5, greed=0.5, truth=0.7)
"""The temperament a bot assumes of a seat it models, and a hint's."""

# Each level's range of each trait: (lowest, highest).
RANGES: dict[str, tuple[tuple[float, float], tuple[float, float], tuple[float, float]]] = {
    "easy": ((0.6, 1.0), (0.0, 1.0), (0.85, 1.0)),  # believes what it hears, rarely lies
    "normal": ((0.15, 0.85), (0.0, 1.0), (0.3, 1.0)),
    "normal-v1": ((0.15, 0.85), (0.0, 1.0), (0.3, 1.0)),  # Normal's, frozen with its play
    "hard": ((0.25, 0.75), (0.0, 1.0), (0.4, 1.0)),
}


def draw(seed: int, seat: int, level: str) -> Temperament | None:
    """The temperament of a ``level`` bot at ``seat`` in the game of ``seed``; None for a
    level without one (the baselines, random and greedy)."""
    ranges = RANGES.get(level)
    if ranges is None:
        return None
    rng = random.Random(derive_seed(seed, "temperament", seat))
    trust, greed, truth = (low + (high - low) * rng.random() for low, high in ranges)
    return Temperament(trust=trust, greed=greed, truth=truth)


def none(seed: int, seat: int, level: str) -> None:
    """No temperament: the bots of a family where they do not talk play without one."""
