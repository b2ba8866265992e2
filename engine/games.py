"""The game-independent face of the engine: one set of functions for every game.

>>> rules = make_rules("tycoon", preset="tycoon-p5r", options={"rounds": 3})
>>> rules.order, rules.rounds
('p5r', 3)
"""

from typing import Any

from engine import climbing, corporation, matchstick, president, tycoon
from engine.actions import Action as ClimbAction
from engine.climbing import ClimbObservation, ClimbState, Outcome
from engine.corporation import CorpAction, CorpObservation, CorpState
from engine.errors import BadOptions, IllegalAction

ClimbRules = tycoon.TycoonRules | president.PresidentRules | matchstick.MatchstickRules
Rules = ClimbRules | corporation.CorporationRules
State = ClimbState | CorpState
Observation = ClimbObservation | CorpObservation
Action = ClimbAction | CorpAction

RULES_TYPES: dict[str, type[Rules]] = {
    "tycoon": tycoon.TycoonRules,
    "president": president.PresidentRules,
    "matchstick": matchstick.MatchstickRules,
    "corporation": corporation.CorporationRules,
}
PRESETS: dict[str, Rules] = {**tycoon.PRESETS, **president.PRESETS, **matchstick.PRESETS,
                             **corporation.PRESETS}
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"tycoon": (3, 4),
                                             "president": tuple(president.PLAYERS),
                                             "matchstick": tuple(matchstick.PLAYERS),
                                             "corporation": tuple(corporation.PLAYERS)}
DEFAULT_PLAYERS: dict[str, int] = {"tycoon": 4, "president": 5, "matchstick": 4,
                                   "corporation": 5}
RULES_HELP: dict[str, tuple[str, ...]] = {
    "tycoon": tycoon.RULES_HELP, "president": president.RULES_HELP,
    "matchstick": matchstick.RULES_HELP, "corporation": corporation.RULES_HELP,
}

__all__ = [
    "PRESETS", "RULES_TYPES", "Action", "Observation", "Outcome", "Rules", "State", "apply",
    "chance_action", "initial_state", "legal_actions", "make_rules", "new_game", "observe",
    "outcome", "parse_action", "setup", "step", "verify",
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


def initial_state(rules: Rules, players: int, seed: int) -> State:
    """The game before anything happened: before the first deal, for the card games."""
    if isinstance(rules, corporation.CorporationRules):
        return corporation.initial_state(rules, players, seed)
    return climbing.initial_state(rules, players, seed)


def new_game(rules: Rules, players: int, seed: int) -> State:
    """A game ready to play: its first round dealt from ``seed`` where there is a deal."""
    state = initial_state(rules, players, seed)
    deal = chance_action(state)
    return state if deal is None else apply(state, deal)


def chance_action(state: State) -> ClimbAction | None:
    """The deal due now, from the seed; None when chance is not to act."""
    return None if isinstance(state, CorpState) else climbing.chance_action(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    if isinstance(state, CorpState):
        return list(corporation.legal_actions(state, seat))
    return list(climbing.legal_actions(state, seat))


def verify(state: State, action: Action) -> None:
    if isinstance(state, CorpState):
        corporation.verify(state, _corp_action(action))
    else:
        climbing.verify(state, _climb_action(action))


def step(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if illegal."""
    if isinstance(state, CorpState):
        return corporation.step(state, _corp_action(action))
    return climbing.step(state, _climb_action(action))


def apply(state: State, action: Action) -> State:
    """``step`` without the check, for actions taken from ``legal_actions``."""
    if isinstance(state, CorpState):
        return corporation.apply(state, _corp_action(action))
    return climbing.apply(state, _climb_action(action))


def observe(state: State, seat: int) -> Observation:
    if isinstance(state, CorpState):
        return corporation.observe(state, seat)
    return climbing.observe(state, seat)


def outcome(state: State) -> Outcome | None:
    if isinstance(state, CorpState):
        return corporation.outcome(state)
    return climbing.outcome(state)


def parse_action(rules: Rules, text: str, seat: int | None = None) -> Action:
    """Read an action of ``rules``' game; raises ``BadNotation`` with what was wrong."""
    return rules.parse_action(text, seat)


def _corp_action(action: Action) -> CorpAction:
    if not isinstance(action, corporation.Commit | corporation.Announce):
        raise IllegalAction(f"{action} is not a Corporation action")
    return action


def _climb_action(action: Action) -> ClimbAction:
    if isinstance(action, corporation.Commit | corporation.Announce):
        raise IllegalAction(f"{action} is a Corporation action")
    return action


setup = climbing.setup
