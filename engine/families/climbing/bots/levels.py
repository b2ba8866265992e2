"""How each bot level plays the climbing games (Tycoon, President, Matchstick Tycoon).

Greedy and Normal play their rules of thumb (engine.families.climbing.bots.policies); Hard
searches (engine.families.climbing.bots.search), modelling every other seat as Normal: in
counts where the game's quick playouts model its rules (engine.families.climbing.bots.playout;
Matchstick Tycoon's own, engine.families.climbing.bots.matchstick_playout), through the engine
otherwise. In counts of ranks it plays its own side as Normal does, but counts the cards
still out: where they show a finish (``counts.finishing_set``: the sets nothing out can
beat first, then the last), it compares that move too, and plays it in its playouts.
"""

import random
from collections.abc import Callable, Mapping
from functools import partial

from engine.core.actions import Action
from engine.core.bots import EASY_MISTAKES, Fared, HardSettings, Lesson
from engine.core.rng import choice
from engine.core.temperament import Temperament
from engine.families.climbing.bots.counts import CountsGame, finishing_play
from engine.families.climbing.bots.learned import (
    LearnedPolicy,
    keep_weights,
    learned_policy,
    move_features,
)
from engine.families.climbing.bots.playout import (
    hard_playout,
    learned_playout,
    learned_would_pass,
    normal_playout,
    normal_would_pass,
)
from engine.families.climbing.bots.policies import greedy_move, normal_move, normal_v1_move
from engine.families.climbing.bots.reading import read_round
from engine.families.climbing.bots.search import (
    Model,
    candidates,
    fewest_cards,
    policy_model,
    search,
    unseen_cards,
)
from engine.families.climbing.rules.state import ClimbingRules, ClimbObservation, Phase

__all__ = [
    "MOST",
    "MOVES_PER_CANDIDATE",
    "RANKED_BY_POLICY",
    "SHARE_PER_CANDIDATE",
    "THROUGH_THE_ENGINE",
    "compared",
    "easy",
    "finishing",
    "greedy",
    "hard",
    "hard_model",
    "keep_weights",
    "learned",
    "lesson",
    "normal",
    "normal_model",
    "normal_v1",
    "policy",
    "search_model",
    "search_size",
    "searched",
    "searches",
]

MOST = 8  # candidates Hard compares per decision, at most
# A candidate is worth comparing only if the budget plays it out in a few worlds: one per
# this many simulated moves (fewer candidates for a small budget, such as a share of
# ``ENGINE_MOVES``, where each world's playouts would otherwise overrun it).
MOVES_PER_CANDIDATE = 150
# With a small share of its budget (a slow phone's), Hard compares fewer candidates, each
# in more worlds: one per this share, so 3 at 5% (against three normal-v1 at 5%, Tycoon's
# Hard placed 2.255 with 3, 2.288 with 4, 2.342 with 8 and 2.408 with 2; docs/BOTS.md).
SHARE_PER_CANDIDATE = 1 / 60
# With this many candidates or fewer (a slow phone's share), those after the first are the
# learned policy's favourites rather than Normal's next: it was fitted to Hard's own choices,
# so it names the move Hard's search would prefer where Normal's second favourite rarely is
# (at 5%, with a lead's third candidate: Tycoon 2.014 against 2.056, President 1.996 against
# 2.135; docs/BOTS.md).
RANKED_BY_POLICY = 3
# The most moves Hard simulates where its playouts go through the engine (rules the counts
# do not model, such as the house rules): a move there costs ten to fifteen times one in
# counts, so Hard thinks at most about as long as in counts (a round of UECda's rules
# takes it half the time, of the Japanese house rules as long); at 1,200 it placed 0.17
# worse under UECda's rules, 0.10 under the Japanese (docs/BOTS.md).
ENGINE_MOVES = 3600

THROUGH_THE_ENGINE = policy_model(normal_move)
"""Normal for Hard's search, through the engine's moves."""

# By identity, since hashing a rules dataclass costs more than a playout move; the rules
# are kept in the entry, so an id is not reused while it is cached.
_MODELS: dict[tuple[int, bool], tuple[ClimbingRules, Model]] = {}


def normal_model(rules: ClimbingRules,
                 counts: Callable[[ClimbingRules], CountsGame | None] | None) -> Model:
    """Normal as Hard's search assumes every seat plays: in counts where ``counts`` models
    ``rules``, through the engine otherwise."""
    return _model(rules, counts, own_finish=False)


def hard_model(rules: ClimbingRules,
               counts: Callable[[ClimbingRules], CountsGame | None] | None) -> Model:
    """How Hard's search assumes the seats play: every other seat as Normal, and its own
    side as Normal with the finishes the cards still out show (``playout.hard_playout``),
    where ``counts`` models ``rules``; every seat as Normal through the engine otherwise."""
    return _model(rules, counts, own_finish=True)


_GAMES: dict[int, tuple[ClimbingRules, CountsGame | None]] = {}


def _counts_game(rules: ClimbingRules,
                 counts: Callable[[ClimbingRules], CountsGame | None] | None
                 ) -> CountsGame | None:
    """``rules`` in counts where ``counts`` models them (once per rules), else None."""
    if counts is None:  # not cached: a caller without counts must not hide them from Hard
        return None
    known = _GAMES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    game = counts(rules)
    _GAMES[id(rules)] = (rules, game)
    return game


def _model(rules: ClimbingRules,
           counts: Callable[[ClimbingRules], CountsGame | None] | None,
           own_finish: bool) -> Model:
    known = _MODELS.get((id(rules), own_finish))
    if known is not None and known[0] is rules:
        return known[1]
    game = _counts_game(rules, counts)
    model = THROUGH_THE_ENGINE if game is None else Model(
        normal_move, partial(normal_would_pass, game),
        partial(hard_playout if own_finish else normal_playout, game),
        partial(read_round, game))
    _MODELS[id(rules), own_finish] = (rules, model)
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


def normal_v1(observation: ClimbObservation, rng: random.Random | None = None,
              temperament: Temperament | None = None) -> Action:
    """The arena's yardstick ``normal-v1``: Normal by the rule text's rules of thumb alone,
    without the house rules' tactics."""
    return normal_v1_move(observation.rules, observation.hand, observation.revolution,
                          observation.top,
                          fewest_cards(observation.hand_sizes, observation.seat),
                          observation.legal)


def hard(observation: ClimbObservation, rng: random.Random,
         settings: HardSettings[CountsGame], share: float,
         temperament: Temperament | None = None) -> tuple[Action, Mapping[Action, Fared]]:
    """Hard's move with ``share`` of its game's budget, and how each move its search
    compared fared (empty when there was nothing to compare)."""
    if len(observation.legal) > 1:
        return searched(observation, rng, search_model(observation.rules, settings),
                        settings, share, finishing(observation, settings.counts))
    return normal(observation), {}


def finishing(observation: ClimbObservation,
              counts: Callable[[ClimbingRules], CountsGame | None] | None) -> Action | None:
    """The move that sees the hand out where the cards still out show one
    (``counts.finishing_set``), in a game whose rules ``counts`` models; else None."""
    game = _counts_game(observation.rules, counts)
    if game is None or observation.phase is not Phase.PLAY:
        return None
    return finishing_play(game, observation.hand, unseen_cards(observation),
                          observation.top, observation.revolution, observation.legal)


def searched(observation: ClimbObservation, rng: random.Random, model: Model,
             settings: HardSettings[CountsGame], share: float, first: Action | None = None
             ) -> tuple[Action, dict[Action, Fared]]:
    """Hard's search with ``share`` of its game's budget, every seat assumed to play as
    ``model``, and ``first`` among the moves it compares: its move, and how each move it
    compared fared."""
    budget, most = _sized(observation, settings, share)
    return search(observation, rng, budget, model, most, first,
                  _ranker(observation.rules, most))


def searches(observation: ClimbObservation, settings: HardSettings[CountsGame],
             share: float) -> bool:
    """Whether Hard searches this position with ``share`` of its budget: it has more than
    one candidate to compare (else it answers at once)."""
    legal = observation.legal
    if len(legal) <= 1:
        return False
    most = _sized(observation, settings, share)[1]
    # With more than two candidates there is always a second: only two are worth naming.
    return most > 2 or len(legal) <= most or len(compared(observation, settings, share)) > 1


def compared(observation: ClimbObservation, settings: HardSettings[CountsGame],
             share: float) -> list[Action]:
    """The moves Hard's search compares with ``share`` of its budget (``search.candidates``:
    the finish or Normal's favourite first)."""
    rules = observation.rules
    most = _sized(observation, settings, share)[1]
    return candidates(observation, most, search_model(rules, settings).policy,
                      finishing(observation, settings.counts), _ranker(rules, most))


def _ranker(rules: ClimbingRules, most: int) -> LearnedPolicy | None:
    """What picks Hard's candidates after the first: the learned policy with
    ``RANKED_BY_POLICY`` candidates or fewer (where the game has weights), else the model."""
    return learned_policy(rules) if most <= RANKED_BY_POLICY else None


def search_model(rules: ClimbingRules, settings: HardSettings[CountsGame]) -> Model:
    """How Hard's search assumes the seats play: as the game's own quick playouts model
    Normal, where it has them for ``rules`` (Matchstick Tycoon's); else ``hard_model``."""
    own = _own_playouts(rules, settings)
    return own if own is not None else hard_model(rules, settings.counts)


def _own_playouts(rules: ClimbingRules, settings: HardSettings[CountsGame]) -> Model | None:
    if settings.playouts is None:
        return None
    model: Model | None = settings.playouts(rules)
    return model


def _sized(observation: ClimbObservation, settings: HardSettings[CountsGame], share: float
           ) -> tuple[int, int]:
    """``search_size`` for ``observation``'s rules: its playouts go through the engine where
    neither counts nor the game's own playouts model them."""
    rules = observation.rules
    through_engine = (_counts_game(rules, settings.counts) is None
                      and _own_playouts(rules, settings) is None)
    return search_size(settings, share, through_engine)


def search_size(settings: HardSettings[CountsGame], share: float,
                through_engine: bool = False) -> tuple[int, int]:
    """The moves Hard simulates with ``share`` of its game's budget (of ``ENGINE_MOVES`` at
    most where its playouts go ``through_engine``), and the candidates it compares at
    most."""
    whole = min(settings.budget, ENGINE_MOVES) if through_engine else settings.budget
    budget = max(1, round(whole * share))
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
    """The teacher's decision to learn the policy from (engine.families.climbing.bots.learned):
    Hard's move at ``share`` of its budget; None where there is one legal move."""
    legal = observation.legal
    if len(legal) == 1:
        return None
    rules = observation.rules
    action, _ = hard(observation, rng, settings, share)
    rows = move_features(rules, observation.hand, observation.revolution, observation.top,
                         fewest_cards(observation.hand_sizes, observation.seat), legal)
    return Lesson(action, rows, legal.index(action))
