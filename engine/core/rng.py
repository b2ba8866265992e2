"""Seeded randomness that deals the same cards on every Python version.

Only ``random.Random(int).random()`` has a sequence promised across Python
versions, so shuffles and draws here are built on it alone (not on
``shuffle``, ``sample`` or ``randrange``, whose algorithms may change).
"""

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["below", "choice", "derive_seed", "shuffled"]

T = TypeVar("T")


def derive_seed(seed: int, *labels: object) -> int:
    """A seed for one named use of the game seed (a round's deal, a bot)."""
    text = "/".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)``."""
    return min(int(rng.random() * n), n - 1)


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """A uniform pick from a non-empty sequence."""
    return items[below(rng, len(items))]


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A Fisher-Yates shuffle of a copy of ``items``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
