"""A new frozen state from an old one with some fields changed, quickly."""

from typing import Any, TypeVar

__all__ = ["evolve"]

State = TypeVar("State")


def evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a game's state, several times faster.

    Bots' rollouts make millions of states; ``replace`` re-runs ``__init__``
    field by field, while a frozen dataclass with a ``__dict__`` (not slotted) can be
    copied whole. Only field names may be passed.
    """
    new = object.__new__(state.__class__)
    new.__dict__.update(state.__dict__, **changes)
    return new
