"""How each bot level plays the climbing games (Tycoon, President, Matchstick Tycoon).

Greedy and Normal play their rules of thumb (engine.families.climbing.policies); Hard
searches (engine.families.climbing.search), modelling every seat as Normal: in counts
where the game's quick playouts model its rules (engine.families.climbing.playout), through
the engine otherwise.
"""

import random
from collections.abc import Callable, Mapping
from functools import partial

from engine.core.actions import Action
from engine.core.bots import EASY_MISTAKES, Fared, HardSettings, Lesson
from engine.core.rng import choice
from engine.core.temperament import Temperament
from engine.families.climbing.counts import CountsGame
from engine.families.climbing.learned import (
    LearnedPolicy,
    keep_weights,
    learned_policy,
    move_features,
)
from engine.families.climbing.playout import (
    learned_playout,
    learned_would_pass,
    normal_playout,
    normal_would_pass,
)
from engine.families.climbing.policies import greedy_move, normal_move
from engine.families.climbing.search import Model, candidates, fewest_cards, policy_model, search
from engine.families.climbing.state import ClimbingRules, ClimbObservation

__all__ = [
    "MOST",
    "MOVES_PER_CANDIDATE",
    "SHARE_PER_CANDIDATE",
    "THROUGH_THE_ENGINE",
    "easy",
    "greedy",
    "hard",
    "keep_weights",
    "learned",
    "lesson",
    "normal",
    "normal_model",
    "policy",
    "search_size",
    "searched",
    "searches",
]

MOST = 8  # candidates Hard compares per decision, at most
# A candidate is worth comparing only if the budget plays it out in a few worlds: one per
# this many simulated moves (8 for Matchstick's whole budget, fewer for a share of it,
# where each world's playouts through the engine would otherwise overrun the budget).
MOVES_PER_CANDIDATE = 150
# With a small share of its budget (a slow phone's), Hard compares fewer candidates, each
# in more worlds: one per this share, so 3 at 5% (against three normal-v1 at 5%, Tycoon's
# Hard placed 2.255 with 3, 2.288 with 4, 2.342 with 8 and 2.408 with 2; docs/BOTS.md).
SHARE_PER_CANDIDATE = 1 / 60

THROUGH_THE_ENGINE = policy_model(normal_move)
"""Normal for Hard's search, through the engine's moves."""

# By identity, since hashing a rules dataclass costs more than a playout move; the rules
# are kept in the entry, so an id is not reused while it is cached.
_MODELS: dict[int, tuple[ClimbingRules, Model]] = {}


def normal_model(rules: ClimbingRules,
                 counts: Callable[[ClimbingRules], CountsGame | None] | None) -> Model:
    """Normal as Hard's search assumes every seat plays: in counts where ``counts`` models
    ``rules``, through the engine otherwise."""
    known = _MODELS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    game = counts(rules) if counts is not None else None
    model = THROUGH_THE_ENGINE if game is None else Model(
        normal_move, partial(normal_would_pass, game), partial(normal_playout, game))
    _MODELS[id(rules)] = (rules, model)
    return model


def learned_model(rules: ClimbingRules, policy: LearnedPolicy,
                  counts: Callable[[ClimbingRules], CountsGame | None] | None) -> Model:
    """The learned policy as Hard's search assumes every seat plays: in counts where
    ``counts`` models ``rules``, through the engine otherwise."""
    game = counts(rules) if counts is not None else None
    if game is None:
        return policy_model(policy)
    return Model(policy, partial(learned_would_pass, game, policy),
                 partial(learned_playout, game, policy))


def greedy(observation: ClimbObservation) -> Action:
    return greedy_move(observation.rules, observation.hand, observation.revolution,
                       observation.legal)


def easy(observation: ClimbObservation, rng: random.Random,
         temperament: Temperament | None = None) -> Action:
    """Greedy's move, or one move in five any legal move (a careless player's); the
    climbing games' bots have no temperament."""
    if rng.random() < EASY_MISTAKES:
        return choice(rng, observation.legal)
    return greedy(observation)


def normal(observation: ClimbObservation, rng: random.Random | None = None,
           temperament: Temperament | None = None) -> Action:
    """Normal's move: its rules of thumb decide alone (it draws nothing)."""
    return normal_move(observation.rules, observation.hand, observation.revolution,
                       observation.top, fewest_cards(observation.hand_sizes, observation.seat),
                       observation.legal)


def hard(observation: ClimbObservation, rng: random.Random,
         settings: HardSettings[CountsGame], share: float,
         temperament: Temperament | None = None) -> tuple[Action, Mapping[Action, Fared]]:
    """Hard's move with ``share`` of its game's budget, and how each move its search
    compared fared (empty when there was nothing to compare)."""
    if len(observation.legal) > 1:
        return searched(observation, rng, normal_model(observation.rules, settings.counts),
                        settings, share)
    return normal(observation), {}


def searched(observation: ClimbObservation, rng: random.Random, model: Model,
             settings: HardSettings[CountsGame], share: float
             ) -> tuple[Action, dict[Action, Fared]]:
    """Hard's search with ``share`` of its game's budget, every seat assumed to play as
    ``model``: its move, and how each move it compared fared."""
    budget, most = search_size(settings, share)
    return search(observation, rng, budget, model, most)


def searches(observation: ClimbObservation, settings: HardSettings[CountsGame],
             share: float) -> bool:
    """Whether Hard searches this position with ``share`` of its budget: it has more than
    one candidate to compare (else it answers at once)."""
    legal = observation.legal
    if len(legal) <= 1:
        return False
    most = search_size(settings, share)[1]
    if most > 2 or len(legal) <= most:
        return True
    # Normal's favourite and a pass: none to compare where it leads.
    model = normal_model(observation.rules, settings.counts)
    return len(candidates(observation, most, model.policy)) > 1


def search_size(settings: HardSettings[CountsGame], share: float) -> tuple[int, int]:
    """The moves Hard simulates with ``share`` of its game's budget, and the candidates it
    compares at most."""
    budget = max(1, round(settings.budget * share))
    return budget, min(MOST, max(2, budget // MOVES_PER_CANDIDATE),
                       max(2, round(share / SHARE_PER_CANDIDATE)))


def policy(rules: ClimbingRules) -> str | None:
    """The digest of the learned weights the bots of ``rules``' game play with, or None."""
    learned = learned_policy(rules)
    return None if learned is None else learned.digest


def learned(observation: ClimbObservation) -> Action:
    """The learned policy's move, without search (Normal's where the game has no weights
    yet)."""
    policy = learned_policy(observation.rules)
    if policy is None:
        return normal(observation)
    return policy(observation.rules, observation.hand, observation.revolution,
                  observation.top, fewest_cards(observation.hand_sizes, observation.seat),
                  observation.legal)


def lesson(observation: ClimbObservation, rng: random.Random,
           settings: HardSettings[CountsGame], share: float) -> Lesson | None:
    """The teacher's decision to learn the policy from (engine.families.climbing.learned):
    Hard's search with every seat modelled as Normal, at ``share`` of its budget; None
    where there is one legal move."""
    legal = observation.legal
    if len(legal) == 1:
        return None
    rules = observation.rules
    action, _ = searched(observation, rng, normal_model(rules, settings.counts), settings,
                         share)
    rows = move_features(rules, observation.hand, observation.revolution, observation.top,
                         fewest_cards(observation.hand_sizes, observation.seat), legal)
    return Lesson(action, rows, legal.index(action))
