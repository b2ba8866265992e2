"""The end of a game, as a value."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.contract import OutcomeCore

__all__ = ["Outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the final scores, seats ranked, and the winners (ties share)."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, scores: Sequence[int], tie_break: Callable[[int], Any] | None = None
           ) -> "Outcome":
        """Seats ranked by score, most first (equal scores by ``tie_break`` of the seat,
        lowest first, else in seat order); every seat with the best score wins."""
        seats = range(len(scores))
        ranking = sorted(seats, key=lambda s: (-scores[s], tie_break(s) if tie_break else 0))
        best = max(scores)
        return cls(tuple(scores), tuple(ranking), tuple(s for s in seats if scores[s] == best))

    def to_json(self) -> OutcomeCore:
        return {"scores": list(self.scores), "ranking": list(self.ranking),
                "winners": list(self.winners)}
