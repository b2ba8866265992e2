"""Positions set up by hand rather than dealt: ``setup`` for tests, scenarios and the
hints' examples, and ``Start``, the position a logged game starts from."""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import CARD_ORDER, Play
from engine.core.cards import Card
from engine.core.errors import BadLog, IllegalAction
from engine.core.language import _
from engine.families.climbing.rules.state import ClimbingRules, ClimbState, Phase, sort_cards

__all__ = ["Start", "setup"]


def setup(rules: ClimbingRules, hands: Sequence[Iterable[Card]], to_act: int, *,
          trick: Sequence[Play] = (), passed: Iterable[int] = (), revolution: bool = False,
          out: Sequence[int] = (), places: Sequence[Sequence[int]] = (),
          scores: Sequence[int] | None = None, sticks: Sequence[int] | None = None,
          seed: int = 0) -> ClimbState:
    """A position from explicit hands, the seat to act and the table.

    Cards in neither a hand nor the trick count as already played. ``places``
    are the finished rounds' results (seats best first), which decide titles,
    the exchange and bankruptcy; the position is then in the round after them.
    Raises ``IllegalAction`` when the position cannot arise.
    """
    players = len(hands)
    rules.check_players(players)
    sorted_hands = tuple(sort_cards(rules, hand) for hand in hands)
    played = [card for play in trick for card in play.cards]
    rest = Counter(rules.deck())
    rest.subtract(Counter(card for hand in sorted_hands for card in hand))
    rest.subtract(Counter(played))
    if any(n < 0 for n in rest.values()):
        extra = sorted(card for card, n in rest.items() if n < 0)
        raise IllegalAction(_("more copies than the deck holds of {cards}").format(
            cards=" ".join(map(str, extra))))
    passed = frozenset(passed)
    if any(not 0 <= seat < players for seat in passed):
        raise IllegalAction(_("passed seats are numbers from 0 to {last}").format(
            last=players - 1))
    if not 0 <= to_act < players or not (sorted_hands[to_act] or (sticks and sticks[to_act])):
        raise IllegalAction(_("seat {seat} cannot be the one to act").format(seat=to_act))
    if len({len(p.cards) for p in trick}) > 1:
        raise IllegalAction(_("every play in a trick has the same number of cards"))
    for seat in out:
        if sorted_hands[seat] or (sticks and sticks[seat]):
            raise IllegalAction(_("seat {seat} is out, so it holds no cards or "
                                  "matchsticks").format(seat=seat))
    for result in places:
        if sorted(result) != list(range(players)):
            raise IllegalAction(_("a round's places list every seat once, not {places}").format(
                places=list(result)))
    if scores is not None and len(scores) != players:
        raise IllegalAction(_("one score for each of the {players} seats").format(
            players=players))
    if sticks is not None and (len(sticks) != players or min(sticks) < 0):
        raise IllegalAction(_("a number of matchsticks, 0 or more, for each of the {players} "
                              "seats").format(players=players))
    state = ClimbState(
        rules=rules, players=players, seed=seed, round_no=len(places) + 1, phase=Phase.PLAY,
        hands=sorted_hands, dealt=sorted_hands, to_act=to_act, trick=tuple(trick), passed=passed,
        revolution=revolution, out=tuple(out),
        discards=tuple(sorted(rest.elements(), key=CARD_ORDER)) + tuple(played),
        places=tuple(map(tuple, places)),
        scores=tuple(scores) if scores is not None else (rules.starting_score,) * players,
        sticks=tuple(sticks) if sticks is not None else (rules.starting_sticks,) * players,
    )
    if to_act in passed:
        raise IllegalAction(_("seat {seat} has passed this trick").format(seat=to_act))
    return state


@dataclass(frozen=True, slots=True)
class Start:
    """A position a logged game starts from instead of a deal (scenarios, tests): each
    seat's hand, the seat to act, and the table, in notation."""

    hands: tuple[str, ...]
    to_act: int
    trick: tuple[str, ...] = ()
    passed: tuple[int, ...] = ()
    revolution: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def from_json(cls, data: Any) -> "Start":
        """A start from a log's JSON; raises ``BadLog`` (or a ``KeyError`` or ``TypeError``
        the log reader reports) for one that cannot be read."""
        passed = data.get("passed", [])
        if not isinstance(passed, list) or not all(type(p) is int for p in passed):
            raise BadLog(_("the start's passed seats are a list of seat numbers"))
        hands, trick = data["hands"], data.get("trick", [])
        if not all(isinstance(text, str) for text in [*hands, *trick]):
            raise BadLog(_("the start's hands and trick are written in card notation"))
        return cls(tuple(hands), int(data["to_act"]), tuple(trick), tuple(passed),
                   bool(data.get("revolution", False)))

    def state(self, rules: ClimbingRules, seed: int) -> "ClimbState":
        trick = []
        for text in self.trick:
            action = rules.parse_action(text)
            if not isinstance(action, Play):
                raise BadLog(_("{text} is not a play").format(text=repr(text)))
            trick.append(action)
        return setup(rules, [rules.parse_cards(h) for h in self.hands], self.to_act,
                     trick=trick, passed=self.passed, revolution=self.revolution, seed=seed)

    def to_json(self) -> dict[str, Any]:
        return {"hands": list(self.hands), "to_act": self.to_act, "trick": list(self.trick),
                "passed": list(self.passed), "revolution": self.revolution}
