"""The game-independent face of the engine: one set of functions for every game.

>>> rules = make_rules("tycoon", preset="tycoon-p5r", options={"rounds": 3})
>>> rules.order, rules.rounds
('p5r', 3)
"""

from typing import Any

from engine import climbing, matchstick, president, tycoon
from engine.actions import Action, parse_action
from engine.climbing import ClimbObservation, ClimbState, Outcome
from engine.errors import BadOptions

Rules = tycoon.TycoonRules | president.PresidentRules | matchstick.MatchstickRules
State = ClimbState
Observation = ClimbObservation

RULES_TYPES: dict[str, type[Rules]] = {
    "tycoon": tycoon.TycoonRules,
    "president": president.PresidentRules,
    "matchstick": matchstick.MatchstickRules,
}
PRESETS: dict[str, Rules] = {**tycoon.PRESETS, **president.PRESETS, **matchstick.PRESETS}
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"tycoon": (3, 4),
                                             "president": tuple(president.PLAYERS),
                                             "matchstick": tuple(matchstick.PLAYERS)}
DEFAULT_PLAYERS: dict[str, int] = {"tycoon": 4, "president": 5, "matchstick": 4}

__all__ = [
    "PRESETS",
    "RULES_TYPES",
    "Action",
    "Observation",
    "Outcome",
    "Rules",
    "State",
    "apply",
    "chance_action",
    "initial_state",
    "legal_actions",
    "make_rules",
    "new_game",
    "observe",
    "outcome",
    "parse_action",
    "setup",
    "step",
    "verify",
]


def make_rules(game: str, preset: str | None = None,
               options: dict[str, Any] | None = None) -> Rules:
    """Rules for ``game`` from a named preset (or the defaults) with options over it."""
    rules_type = RULES_TYPES.get(game) if isinstance(game, str) else None
    if rules_type is None:
        raise BadOptions(f"unknown game {game!r}; the games are {', '.join(RULES_TYPES)}")
    if not isinstance(options or {}, dict):
        raise BadOptions("options are given as names and values, like {\"jokers\": 0}")
    base = None
    if preset is not None:
        base = PRESETS.get(preset) if isinstance(preset, str) else None
        if base is None or base.game != game:
            names = [name for name, rules in PRESETS.items() if rules.game == game]
            raise BadOptions(f"unknown preset {preset!r}; the presets of {game} are "
                             f"{', '.join(names)}")
    return rules_type.from_options({**(base.options() if base else {}), **(options or {})})


def new_game(rules: Rules, players: int, seed: int) -> State:
    """A game with its first round dealt from ``seed``."""
    state = climbing.initial_state(rules, players, seed)
    deal = climbing.chance_action(state)
    assert deal is not None
    return climbing.apply(state, deal)


initial_state = climbing.initial_state
legal_actions = climbing.legal_actions
verify = climbing.verify
step = climbing.step
apply = climbing.apply
observe = climbing.observe
outcome = climbing.outcome
chance_action = climbing.chance_action
setup = climbing.setup
