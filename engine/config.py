"""A game's configuration: the settings a new game is started with, read once.

A front end sends them as JSON (``Session.new_game``'s ``config``); a link is read into
the same JSON (engine.links); the command line builds it from its arguments. Every one
of them becomes a ``GameConfig`` through ``GameConfig.read``, the one place its keys are
checked, with the errors a player is shown:

>>> config = GameConfig.read({"game": "president", "seats": ["human", "hard", "hard",
...                                                          "hard"], "seed": 7})
>>> config.game, config.seats, config.seed, config.undo, config.hard_budget
('president', ('human', 'hard', 'hard', 'hard'), 7, True, 1.0)
>>> GameConfig.read({"game": "tycoon", "seed": -1})
Traceback (most recent call last):
...
engine.core.errors.BadOptions: the seed is a whole number, 0 or more
"""

import datetime
import hashlib
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from engine.catalogue import Rules, game_of, make_rules
from engine.core.errors import BadName, BadOptions
from engine.core.language import _
from engine.core.seats import HUMAN, check_names
from engine.players.thinking import HardShares
from engine.scenario import Scenario, read_scenario, tutorial

__all__ = ["ConfigJSON", "GameConfig", "daily_seed", "todays_deal"]

TODAYS_LEVEL = "normal"  # today's deal is played against Normal bots, whatever a lobby offers
ISO_DATE = re.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ConfigJSON(TypedDict, total=False):
    """A game's configuration as JSON, every key optional: a dealt game's ``game``,
    ``preset``, ``options``, ``seats`` (a person's seat is "human"), the ``people``'s
    names (by seat: a friend's name, null for a bot; the phone's owner, "You", may
    have one for the others to read) and ``seed``; or a ``scenario`` (its JSON) or a
    game's ``tutorial`` (its name), with ``reveal`` (every hand shown) and ``stepped`` (a
    reader steps through); and for both, ``undo`` (a practice game) and the share of its
    budget Hard thinks with, ``hard_budget``, changed at moves by ``hard_changes``."""

    game: str
    preset: str | None
    options: dict[str, Any]
    seats: list[str]
    people: list[str | None]
    seed: int
    undo: bool
    scenario: Mapping[str, Any]  # as written, or as ``Scenario.to_json`` writes it
    tutorial: str
    reveal: bool
    stepped: bool
    hard_budget: float
    hard_changes: list[list[int | float]]


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A new game's settings, checked. ``rules`` are the game's ``preset`` with its
    ``options`` over it (a scenario's own, for a scenario); ``seats`` holds "human" (a
    person) or a bot's level per seat, and ``people`` the people's names by seat (empty
    where none are given; see ``engine.core.seats``); ``hard_budget`` is None where the
    device sizes Hard's share (``ThinkingTime``), else fixed with its ``hard_changes``
    (moves, share)."""

    game: str
    rules: Rules
    seats: tuple[str, ...]
    seed: int
    preset: str | None = None
    options: tuple[tuple[str, Any], ...] = ()  # as given, over the preset
    undo: bool = True
    hard_budget: float | None = 1.0
    hard_changes: tuple[tuple[int, float], ...] = ()
    scenario: Scenario | None = None  # a scenario's, a tutorial's or a replay's script
    tutorial: str | None = None  # the game whose guided first trick ``scenario`` is
    reveal: bool = False
    stepped: bool = False
    people: tuple[str | None, ...] = ()

    @classmethod
    def read(cls, data: object, *, sized: bool = False, scripts: bool = True,
             scenario: Scenario | None = None) -> "GameConfig":
        """The configuration ``data`` (a ``ConfigJSON``) gives; raises ``BadOptions`` (or
        ``BadScenario``) saying what is wrong. A dealt game without a seed gets one drawn.
        ``sized``: the device sizes Hard's share where ``data`` gives none. ``scripts``:
        a ``scenario`` or ``tutorial`` is read (else those keys are not looked at: a
        lobby's choices to share or embed). ``scenario``: ``data``'s scenario, read
        already (a replay link's, made move by move as the link was decoded)."""
        if not isinstance(data, dict):
            raise BadOptions(_("a game is configured by an object of settings"))
        if scripts and ("scenario" in data or "tutorial" in data):
            return cls._scripted(data, sized, scenario)
        game = data.get("game", "tycoon")
        preset, options = data.get("preset"), data.get("options") or {}
        rules = make_rules(game, preset, options)
        seats = data.get("seats") or [HUMAN] + ["greedy"] * (
            game_of(rules).default_players - 1)
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadOptions(_("seats is a list like {example}").format(
                example='["human", "greedy", "greedy"]'))
        seed = data.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if type(seed) is not int or seed < 0:
            raise BadOptions(_("the seed is a whole number, 0 or more"))
        undo = data.get("undo", True)
        if type(undo) is not bool:
            raise BadOptions(_("undo is true (a practice game) or false (a scored game)"))
        rules.check_players(len(seats))
        people = _people(data, seats)
        budget, changes = _hard(data, sized)
        return cls(rules.game, rules, tuple(seats), seed, preset, tuple(options.items()),
                   undo, budget, changes, people=people)

    @classmethod
    def _scripted(cls, data: dict[str, Any], sized: bool, scenario: Scenario | None
                  ) -> "GameConfig":
        """A scenario's configuration (the scenario's JSON wins over a tutorial's name):
        its seats default to the reader at its seat ``you`` and Normal bots elsewhere."""
        if scenario is None:
            scenario = (read_scenario(data["scenario"]) if "scenario" in data
                        else tutorial(data["tutorial"]))
        players = scenario.players
        seats = data.get("seats") or [
            HUMAN if seat == scenario.you else "normal" for seat in range(players)]
        if (not isinstance(seats, list) or len(seats) != players
                or not all(isinstance(s, str) for s in seats)):
            raise BadOptions(_("seats is a list of {players} players, like {example}").format(
                players=players, example='["human", "normal", …]'))
        undo, reveal = data.get("undo", True), data.get("reveal", False)
        stepped = data.get("stepped", False)
        if type(undo) is not bool or type(reveal) is not bool or type(stepped) is not bool:
            raise BadOptions(_("undo (a practice game), reveal (every hand shown) and stepped "
                               "(a reader steps through) are true or false"))
        people = _people(data, seats)
        budget, changes = _hard(data, sized)
        record = scenario.record
        return cls(record.rules.game, record.rules, tuple(seats), record.seed, undo=undo,
                   hard_budget=budget, hard_changes=changes, scenario=scenario,
                   tutorial=None if "scenario" in data else data["tutorial"],
                   reveal=reveal, stepped=stepped, people=people)

    def hard_shares(self, sized_share: float | None) -> HardShares:
        """The shares of Hard's budget the game's bots start with: the fixed ones, or,
        where the device sizes them, ``sized_share`` (what it allows now), sized again as
        the game goes on."""
        if self.hard_budget is None:
            assert sized_share is not None, "a sized game is made where Hard is timed"
            return HardShares(sized_share, sized=True)
        return HardShares(self.hard_budget, list(self.hard_changes))


def todays_deal(date: object, game: object, preset: object = None) -> ConfigJSON:
    """The config of today's deal of ``game`` under ``preset`` (the game's first, its
    defaults, where None) on ``date``, the device's own date as ISO text ("2026-12-07"):
    the same deal for every player that day (``daily_seed``), the player at the first
    seat against Normal bots at the game's default table, scored. Raises ``BadOptions``
    for a date that is not a day of the calendar, an unknown game or preset.

    >>> todays_deal("2026-12-07", "tycoon")["seed"]
    242180211184062
    """
    if not isinstance(date, str) or not ISO_DATE.fullmatch(date):
        raise BadOptions(_("today's date is written year-month-day, like 2026-12-07"))
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise BadOptions(_("{date} is not a day of the calendar").format(date=date)) from None
    if not isinstance(game, str) or not (preset is None or isinstance(preset, str)):
        raise BadOptions(_("today's deal is of a game and its rule set, named like {game} "
                           "and {preset}").format(game='"tycoon"', preset='"tycoon-seed"'))
    entry = game_of(make_rules(game, preset))
    name = next(iter(entry.presets)) if preset is None else preset
    return {"game": entry.name, "preset": name,
            "seats": [HUMAN] + [TODAYS_LEVEL] * (entry.default_players - 1),
            "seed": daily_seed(date, entry.name, name), "undo": False, "hard_budget": 1.0}


def daily_seed(date: str, game: str, preset: str) -> int:
    """The seed of the deal of ``date`` (ISO, "2026-12-07") for ``game`` under ``preset``
    (their names), fixed for good (docs/ENGINE.md, "Today's deal"): the first 6 bytes,
    big-endian, of the SHA-256 of the UTF-8 text ``tycoon-table/today/<date>/<game>/<preset>``
    (a whole number below 2**48, which a link and JavaScript keep exactly)."""
    text = f"tycoon-table/today/{date}/{game}/{preset}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def _people(data: dict[str, Any], seats: list[str]) -> tuple[str | None, ...]:
    """The people's names ``data`` gives, by seat, checked (``BadName``); none given, none
    (a configuration from before people had names opens as it did)."""
    given = data.get("people")
    if given is None:
        return ()
    if not isinstance(given, list):
        raise BadName(_("people is a list with a name or null per seat, like {example}").format(
            example='[null, "Mia", null, null]'))
    return check_names(seats, given)


def _hard(data: dict[str, Any], sized: bool) -> tuple[float | None, tuple[tuple[int, float], ...]]:
    """Hard's share of its budget (None: the device sizes it) and its changes: those
    ``data`` gives (``hard_budget``, with a link's ``hard_changes``), fixed, so the bots
    choose alike on a replay or a shared deal; else, where the device is ``sized``, none;
    else the whole budget. Raises ``BadOptions`` for a share that is not a number from
    0.05 to 1."""
    if "hard_budget" in data or not sized:
        if "hard_sized" in data or "hard_decided" in data:
            raise BadOptions(_("a new game is given Hard's shares by hard_budget and "
                               "hard_changes only"))
        shares = HardShares.from_json(data, BadOptions)
        return shares.first, tuple(shares.changes)
    if "hard_changes" in data:
        raise BadOptions(_("hard_changes follow a hard_budget"))
    return None, ()
