"""How much Hard may think on the device it runs on, and the shares a game recorded.

Hard's budget counts simulated moves, so its choice depends only on its seed; how long
the choice takes depends on the device (a budget phone is several times slower than
this project's machines) and on the moment. ``ThinkingTime`` sizes the share of the
budget Hard thinks with so that its slow decisions stay within a limit: the project's
250 ms, or less at a quicker pace (the player's pace has the last word, ``limit_ms``).
It learns the device's speed per game from a short calibration the first time the game
needs it, then from every search Hard makes: the time a whole budget would take, each
search's time over its share, as the 90th percentile of the last 20. The share is a
level of a fixed ladder of whole percents, moved down as soon as the slow decisions
would overrun their aim by more than a tenth and up as soon as the next level fits, so
a game changes it seldom.

``HardShares`` is what a game records of it: the share from its start and each change,
with the number of moves it was made at, so a reload, an undo, a replay played on or a
shared deal give every decision the share it had. Nothing here changes a game: the
clock is given (``time.perf_counter`` in the browser worker; a fake one in tests), and
a share reaches a decision only through the game's record.
"""

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict, TypeVar

from engine.catalogue import Action, Observation, Rules, play_on
from engine.core.errors import BadOptions, RulesError
from engine.core.limits import shown
from engine.log import GameRecord
from engine.players.levels import HardBot, NormalBot

__all__ = [
    "AIM",
    "CALIBRATION_SEED",
    "CALIBRATION_SHARE",
    "DEFAULT_PACE_MS",
    "INSTANT_LIMIT_MS",
    "LEVELS",
    "LIMIT_MS",
    "MAX_PACE_MS",
    "MIN_SHARE",
    "QUANTILE",
    "SLACK",
    "SPREAD",
    "WINDOW",
    "HardShares",
    "SharesJson",
    "ThinkingTime",
    "calibration_position",
    "check_pace",
    "limit_ms",
]

LIMIT_MS = 250.0  # a Hard decision within 250 ms (95th percentile) on any device
INSTANT_LIMIT_MS = 100.0  # the limit at the Instant pace, where the bots do not pause
MAX_PACE_MS = 10_000  # the slowest pace a page may ask for
DEFAULT_PACE_MS = 900  # the page's default pace (Normal)
AIM = 0.75  # the slow decisions are sized to take this share of the limit
QUANTILE = 0.9  # the slow decisions: this share of the recent searches took less
WINDOW = 20  # searches remembered per game
SPREAD = 1.3  # the slow decisions' time over the calibration's (until searches are seen)
SLACK = 0.1  # a share over its ideal by no more than this is kept (fewer changes)
CALIBRATION_SHARE = 0.05  # tens of ms on this project's machines
CALIBRATION_SEED = 14
# Each about 16% below the one before: a step changes a decision's time by about that.
LEVELS = (1.0, 0.84, 0.71, 0.59, 0.5, 0.42, 0.35, 0.3, 0.25, 0.21, 0.18, 0.15, 0.13, 0.11,
          0.09, 0.08, 0.06, 0.05)
MIN_SHARE = LEVELS[-1]  # Hard never thinks with less than this share of its budget

T = TypeVar("T")


def limit_ms(pace_ms: int) -> float:
    """The longest a Hard decision should take at a pace (the bots' pause between steps,
    in ms): 250 ms, or the pause itself where the player chose a quicker pace, and at the
    Instant pace 100 ms.

    >>> limit_ms(900), limit_ms(200), limit_ms(0)
    (250.0, 200.0, 100.0)
    """
    return min(LIMIT_MS, max(INSTANT_LIMIT_MS, float(pace_ms)))


def check_pace(pace_ms: object) -> int:
    """``pace_ms`` if it is a pace a page may set (whole ms, 0 to 10,000); raises
    ``BadOptions`` saying so otherwise."""
    if type(pace_ms) is not int or not 0 <= pace_ms <= MAX_PACE_MS:
        raise BadOptions(f"the pace is the bots' pause between steps, a whole number of "
                         f"milliseconds from 0 to {MAX_PACE_MS:,}, not {shown(pace_ms)}")
    return pace_ms


class ThinkingTime:
    """The device's speed at Hard's searches, per game, and the share to think with."""

    def __init__(self, clock: Callable[[], float], pace_ms: int = DEFAULT_PACE_MS) -> None:
        self.clock = clock  # seconds, from any origin
        self.pace_ms = check_pace(pace_ms)
        # Per game: how many ms the whole budget took, for each recent search.
        self._whole_budget_ms: dict[str, deque[float]] = {}

    @property
    def limit_ms(self) -> float:
        return limit_ms(self.pace_ms)

    def share(self, rules: Rules, players: int, current: float | None = None) -> float:
        """The share of Hard's budget for its next decision in a game of ``rules`` and
        ``players``: the largest level whose slow decisions fit their aim, unless the
        share it has now (``current``) overruns that aim by no more than ``SLACK``."""
        ideal = AIM * self.limit_ms / self.whole_budget_ms(rules, players)
        fits = next((level for level in LEVELS if level <= ideal), MIN_SHARE)
        if current is None or fits > current or current > ideal * (1 + SLACK):
            return fits
        return current

    def whole_budget_ms(self, rules: Rules, players: int) -> float:
        """How long a slow decision of this game would take here with the whole budget:
        the 90th percentile of the recent searches (nearest rank), or, before any, the
        calibration's time with a margin for slower positions."""
        seen = self._whole_budget_ms.get(rules.game)
        if not seen:
            seen = deque([self.calibrate(rules, players) * SPREAD], maxlen=WINDOW)
            self._whole_budget_ms[rules.game] = seen
        ordered = sorted(seen)
        return ordered[min(len(ordered) - 1, int(QUANTILE * len(ordered)))]

    def calibrate(self, rules: Rules, players: int) -> float:
        """The ms a whole budget takes here at a fixed position of this game: a search
        with a small share of it, timed."""
        observation = calibration_position(rules, players)
        started = self.clock()
        HardBot(CALIBRATION_SHARE).decide(observation, random.Random(CALIBRATION_SEED))
        return max(self.clock() - started, 1e-4) * 1000 / CALIBRATION_SHARE

    def timed(self, observation: Observation, share: float, think: Callable[[], T]) -> T:
        """``think()``'s answer: Hard's decision at ``observation`` with ``share`` of its
        budget, timed, and its time learnt when it searched."""
        started = self.clock()
        answer = think()
        if HardBot(share).searches(observation):
            self.seen(observation.rules.game, share, (self.clock() - started) * 1000)
        return answer

    def seen(self, game: str, share: float, ms: float) -> None:
        """A search of ``game`` with ``share`` of the budget took ``ms``."""
        whole = self._whole_budget_ms.setdefault(game, deque(maxlen=WINDOW))
        whole.append(ms / share)


def calibration_position(rules: Rules, players: int) -> Observation:
    """The first position where Hard would search with the calibration's share in a game
    of ``rules`` dealt from a fixed seed, every seat played by Normal until then."""
    normal, rng = NormalBot(), random.Random(CALIBRATION_SEED)
    hard = HardBot(CALIBRATION_SHARE)
    found: list[Observation] = []

    def normal_until_hard_searches(observation: Observation) -> Action | None:
        if hard.searches(observation):
            found.append(observation)
            return None
        return normal.choose(observation, rng)

    play_on(GameRecord(rules, players, CALIBRATION_SEED).initial(), normal_until_hard_searches)
    if not found:
        raise RulesError("the game ended before Hard had a choice to make")
    return found[0]


class SharesJson(TypedDict):
    """Hard's shares as a game's log records them (``HardShares``)."""

    hard_budget: float
    hard_changes: list[list[int | float]]  # each [moves, share]
    hard_sized: bool
    hard_decided: int


@dataclass
class HardShares:
    """The shares of its budget Hard thinks with in one game: ``first`` from its start,
    and each of ``changes`` (moves, share) from that many moves on. While ``sized``, the
    device sizes the share at each position Hard has not thought at yet (``decided``:
    every position before that many moves has its share for good)."""

    first: float = 1.0
    changes: list[tuple[int, float]] = field(default_factory=list)
    sized: bool = False
    decided: int = 0

    def at(self, moves: int) -> float:
        """The share at the position after ``moves`` moves."""
        share = self.first
        for start, changed in self.changes:
            if start > moves:
                break
            share = changed
        return share

    def to_json(self) -> SharesJson:
        """The keys a game's log records them under."""
        return {"hard_budget": self.first,
                "hard_changes": [[moves, share] for moves, share in self.changes],
                "hard_sized": self.sized, "hard_decided": self.decided}

    @classmethod
    def from_json(cls, settings: dict[str, Any], error: type[RulesError]) -> "HardShares":
        """The shares a game's settings or log give (the whole budget, fixed, where they
        give none: a log of an earlier version); raises ``error`` saying what is wrong."""
        first = _share(settings.get("hard_budget", 1), "hard_budget", error)
        written = settings.get("hard_changes", [])
        if not isinstance(written, list):
            raise error("hard_changes lists the changes of Hard's share, each [moves, "
                        f"share], not {shown(written)}")
        changes: list[tuple[int, float]] = []
        for change in written:
            if (not isinstance(change, list) or len(change) != 2 or type(change[0]) is not int
                    or change[0] <= (changes[-1][0] if changes else -1)):
                raise error("each change of Hard's share is [moves, share], in order of "
                            f"moves, not {shown(change)}")
            changes.append((change[0], _share(change[1], "a change's share", error)))
        sized, decided = settings.get("hard_sized", False), settings.get("hard_decided", 0)
        if type(sized) is not bool or type(decided) is not int or decided < 0:
            raise error("hard_sized is true or false, and hard_decided a count of moves")
        return cls(first, changes, sized, decided)


def _share(share: object, name: str, error: type[RulesError]) -> float:
    if (isinstance(share, bool) or not isinstance(share, int | float)
            or not MIN_SHARE <= share <= 1):
        raise error(f"{name} is the share of Hard's thinking, from {MIN_SHARE} to 1, "
                    f"not {shown(share)}")
    return float(share)
