"""The learned policy's playouts in counts are the engine's rollouts with the policy, move
for move, whatever its weights: the same result and the same number of moves, and the
same judgement of passes in sampling (as tests/test_playout.py checks Normal's)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_playout import MODELLED_TABLES, positions

from engine.catalogue import GAMES
from engine.families.climbing.bots.learned import FEATURES, LearnedPolicy, read_weights
from engine.families.climbing.bots.playout import learned_playout, learned_would_pass
from engine.families.climbing.bots.search import fewest_cards, policy_model, rollout
from engine.families.climbing.rules.state import ClimbState, Phase


def policy_of(seed: int) -> LearnedPolicy:
    """A policy with any weights: the counts must agree whatever was learned."""
    rng = random.Random(seed)
    weights = [round(rng.uniform(-3, 3), 6) for _ in FEATURES]
    weights[0] = rng.choice([0.0, 2.0, 6.0])  # Normal's move: ignored, liked, or nearly all
    return LearnedPolicy(read_weights(json.dumps(
        {"format": 1, "game": "tycoon", "features": list(FEATURES), "weights": weights}),
        "tycoon"))


def agree(state: ClimbState, policy: LearnedPolicy) -> None:
    game = GAMES[state.rules.game].counts(state.rules)
    for seat in range(state.players):
        assert learned_playout(game, policy, state, seat) == rollout(state, seat, policy), seat
    seat = state.actor
    if state.phase is Phase.PLAY and state.trick and state.hands[seat]:
        fewest = fewest_cards([len(h) for h in state.hands], seat)
        cards = random.Random(seat).sample(state.hands[seat], len(state.hands[seat]))
        assert learned_would_pass(game, policy, state, seat, cards, state.top,
                                  state.revolution, fewest) == policy_model(policy).would_pass(
            state, seat, state.hands[seat], state.top, state.revolution, fewest)


@settings(max_examples=60)
@given(table=st.sampled_from(MODELLED_TABLES), seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
       every=st.integers(7, 15), weights=st.integers(0, 2**32))
def test_the_learned_playout_equals_the_engines_rollout(table, seed, rounds, every, weights):
    rules, players = table
    policy = policy_of(weights)
    for index, state in enumerate(positions(rules, players, seed, rounds, policy)):
        if index % every == 0:
            agree(state, policy)
