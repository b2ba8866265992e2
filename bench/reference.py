"""A fixed pure-Python reference workload, timed in the same process as a benchmark.

These machines' speed swings by tens of percent from minute to minute, so an
absolute figure from another run says little. A benchmark that runs its own
work and this reference in turn, slice by slice, can report its work as a
ratio to the reference measured at the same moments: that ratio moves only
when the code does (docs/PERFORMANCE.md).

The reference does what interpreted game code does (small loops, tuples,
dict lookups, method calls, a sort) and never changes: changing it would
break every recorded ratio.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass


class _Counter:
    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def add(self, key: int) -> None:
        self.seen[key] = self.seen.get(key, 0) + 1


def reference_work() -> int:
    """One unit of the reference: about half a millisecond of CPython 3.11 here."""
    counter = _Counter()
    items: list[tuple[int, int, str]] = []
    for i in range(600):
        key = (i * 7919) % 97
        counter.add(key)
        items.append((key, i & 15, str(i)))
    items.sort()
    total = 0
    for key, low, text in items:
        total += len(text) + key * low + counter.seen[key]
    return total


@dataclass(frozen=True, slots=True)
class Interleaved:
    """A workload's units and CPU seconds, and the reference's, over the same slices."""

    units: float
    seconds: float
    reference_units: int
    reference_seconds: float

    @property
    def per_second(self) -> float:
        return self.units / self.seconds

    @property
    def per_reference(self) -> float:
        """Units of work done in the time one unit of the reference takes."""
        return self.per_second * self.reference_seconds / self.reference_units


REFERENCE_SLICE = 60  # units of the reference per slice: about 30 ms


def interleave(work: Callable[[], float], slices: int) -> Interleaved:
    """Run ``work`` (one slice of it; it returns the units it did) and the reference in
    turn, ``slices`` times; CPU time of this process, so other processes disturb it
    little."""
    units = seconds = reference_seconds = 0.0
    for _ in range(slices):
        started = time.process_time()
        for _ in range(REFERENCE_SLICE):
            reference_work()
        reference_seconds += time.process_time() - started
        started = time.process_time()
        units += work()
        seconds += time.process_time() - started
    return Interleaved(units, seconds, REFERENCE_SLICE * slices, reference_seconds)
