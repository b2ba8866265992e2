"""Work spread over this machine's processes, results in the order it was given: the
arena's deals and the training's games each depend only on their seed, so any number of
processes gives the same result."""

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["in_processes"]

T = TypeVar("T")
R = TypeVar("R")


def in_processes(work: Callable[[T], R], tasks: Sequence[T], jobs: int | None) -> list[R]:
    """``work`` on each of ``tasks``, in their order: here where ``jobs`` is 1, else on
    ``jobs`` processes (every core where it is None)."""
    if jobs == 1:
        return [work(task) for task in tasks]
    # Imported here: the browser's engine imports every module, and ships only the
    # standard library they import at their top (scripts/stdlib_zip.mjs).
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(work, tasks))
