"""Tycoon Table's rules engine: pure Python, no dependencies, the same on CPython and Pyodide.

The pieces, from the bottom up: ``cards`` and ``actions`` (values and their
notation), ``climbing`` (the core shared by the climbing games), one module
per game (``tycoon``), ``games`` (one set of functions for every game),
``log`` (JSON game logs and replay), ``bots``, and ``api`` (the JSON face used
by the browser worker and the command line).
"""

from engine.actions import CHANCE, Action, Deal, Give, Pass, Play, parse_action
from engine.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from engine.errors import (
    BadLog,
    BadNotation,
    BadOptions,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RulesError,
)
from engine.games import (
    PRESETS,
    Observation,
    Outcome,
    Rules,
    State,
    apply,
    chance_action,
    initial_state,
    legal_actions,
    make_rules,
    new_game,
    observe,
    outcome,
    setup,
    step,
    verify,
)

__all__ = [
    "CHANCE", "JOKER", "PRESETS", "Action", "BadLog", "BadNotation", "BadOptions", "Card",
    "Deal", "GameOver", "Give", "IllegalAction", "NotYourTurn", "Observation", "Outcome",
    "Pass", "Play", "Rank", "Rules", "RulesError", "State", "Suit", "apply", "chance_action",
    "initial_state", "legal_actions", "make_rules", "new_game", "observe", "outcome",
    "parse_action", "parse_card", "parse_cards", "setup", "step", "verify",
]
