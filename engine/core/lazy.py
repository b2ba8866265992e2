"""Functions whose module is imported at their first call.

The app's first screen (the lobby, or a saved game at the player's turn) needs no bot,
no search and no hint, so the catalogue names them here instead of importing their
modules: the engine starts sooner, and a bot's first move imports what it plays with.
"""

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["on_first_use"]


def on_first_use(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported when first called and called as itself from then on."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported at its first call."
    return call
