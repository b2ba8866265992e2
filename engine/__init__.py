"""Tycoon Table's rules engine: pure Python, no dependencies, the same on CPython and Pyodide.

The tree reads as what things are, each floor importing only the floors below it
(docs/ENGINE.md, checked by tests/test_import_graph.py):

- ``core``: cards, actions and their notation, errors, seeded randomness,
  rules options, the outcome, English words, and what every family's presenter and
  bots share (seats, the presenter's base, temperaments, Hard's settings);
- ``families``: one folder per family of games that play alike: ``climbing``
  (Tycoon, President, Matchstick Tycoon) and ``corporation``, each with its rules,
  state machine, presenter, bots and hints;
- ``catalogue``: every game, defined once, and the functions that play any of them
  (re-exported here, so ``parse_action``, ``setup``, ``step`` and the others work for
  every game);
- ``players``: the bot levels, how long Hard may think, and the hint;
- ``log`` (JSON game logs and replay), ``scenario``, ``links``, ``api`` (the JSON face
  for front ends), ``cli`` (terminal play, simulate, arena).
"""

from engine.catalogue import (
    GAMES,
    PRESETS,
    Action,
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
    parse_action,
    setup,
    step,
    verify,
)
from engine.core.actions import CHANCE, Deal, Discard, Give, Pass, Play
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
from engine.families.corporation.rules.definition import Announce, Commit

__all__ = [
    "CHANCE", "GAMES", "JOKER", "PRESETS", "Action", "Announce", "BadLog", "BadNotation",
    "BadOptions", "BadSeat", "Card", "Commit", "Deal", "Discard", "GameOver", "Give",
    "IllegalAction", "NotYourTurn",
    "Observation", "Outcome", "Pass", "Play", "Rank", "Rules", "RulesError", "State", "Suit",
    "apply", "chance_action", "initial_state", "legal_actions", "make_rules", "new_game",
    "observe", "outcome", "parse_action", "parse_card", "parse_cards", "setup", "step",
    "verify",
]
