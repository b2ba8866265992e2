"""Tycoon Table's rules engine: pure Python, no dependencies, the same on CPython and Pyodide.

The tree reads as what things are (docs/ENGINE.md):

- ``core``: cards, actions and their notation, errors, seeded randomness,
  rules options, the outcome, English words;
- ``games``: the climbing core, one module per game, and the registry
  (``games.registry``: one definition per game, and the functions that play
  any of them, re-exported here);
- ``views``: each game family's presenter (views, labels, narration);
- ``bots``: the bot levels, their rules of thumb, Hard's search and playouts;
- ``hints``: the Hard bot's move with a reason;
- ``log`` (JSON game logs and replay), ``api`` (the JSON face for front ends),
  ``cli`` (terminal play, simulate, arena).
"""

from engine.core.actions import CHANCE, Action, Deal, Give, Pass, Play, parse_action
from engine.core.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from engine.core.errors import (
    BadLog,
    BadNotation,
    BadOptions,
    BadSeat,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RulesError,
)
from engine.core.outcome import Outcome
from engine.games.registry import (
    GAMES,
    PRESETS,
    Observation,
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
    "CHANCE", "GAMES", "JOKER", "PRESETS", "Action", "BadLog", "BadNotation", "BadOptions",
    "BadSeat", "Card", "Deal", "GameOver", "Give", "IllegalAction", "NotYourTurn",
    "Observation", "Outcome", "Pass", "Play", "Rank", "Rules", "RulesError", "State", "Suit",
    "apply", "chance_action", "initial_state", "legal_actions", "make_rules", "new_game",
    "observe", "outcome", "parse_action", "parse_card", "parse_cards", "setup", "step",
    "verify",
]
