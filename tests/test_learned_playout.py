"""The learned policy's playouts in counts are the engine's rollouts with the policy, move
for move, whatever its weights: the same result and the same number of moves, and the
same judgement of passes in sampling (as tests/test_playout.py checks Normal's)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_learned_policy import option_values

from engine.catalogue import GAMES, make_rules
from engine.core.options import option_infos
from engine.families.climbing.learned import FEATURES, LearnedPolicy, read_weights
from engine.families.climbing.machine import apply, chance_action, initial_state, legal_actions
from engine.families.climbing.playout import learned_playout, learned_would_pass
from engine.families.climbing.search import fewest_cards, policy_model, rollout
from engine.families.climbing.state import ClimbState, Phase


def modelled_tables():
    """Every preset of the games played in counts, with each value of each option the
    playouts model, at their smallest and largest tables."""
    seen = []
    for game in GAMES.values():
        if game.counts is None:
            continue
        for preset in game.presets:
            for info in option_infos(game.rules):
                for value in option_values(info):
                    rules = make_rules(game.name, preset, {info.name: value})
                    for players in (game.players[0], game.players[-1]):
                        if game.counts(rules) is not None and (rules, players) not in seen:
                            seen.append((rules, players))
    return seen


TABLES = modelled_tables()


def policy_of(seed: int) -> LearnedPolicy:
    """A policy with any weights: the counts must agree whatever was learned."""
    rng = random.Random(seed)
    weights = [round(rng.uniform(-3, 3), 6) for _ in FEATURES]
    weights[0] = rng.choice([0.0, 2.0, 6.0])  # Normal's move: ignored, liked, or nearly all
    return LearnedPolicy(read_weights(json.dumps(
        {"format": 1, "game": "tycoon", "features": list(FEATURES), "weights": weights}),
        "tycoon"))


def positions(rules, players: int, seed: int, rounds: int, policy: LearnedPolicy):
    """Positions of a game played by the policy mixed with random moves, from round
    ``rounds`` on."""
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    while state.phase is not Phase.OVER and state.round_no <= rounds + 1:
        if state.phase is Phase.DEAL:
            state = apply(state, chance_action(state))
            continue
        legal = legal_actions(state, state.actor)
        if state.round_no >= rounds:
            yield state
        move = (rng.choice(legal) if rng.random() < 0.4 else policy(
            rules, state.hands[state.actor], state.revolution, state.top,
            fewest_cards([len(h) for h in state.hands], state.actor), legal))
        state = apply(state, move)


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


@settings(max_examples=60, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
       every=st.integers(7, 15), weights=st.integers(0, 2**32))
def test_the_learned_playout_equals_the_engines_rollout(table, seed, rounds, every, weights):
    rules, players = table
    policy = policy_of(weights)
    for index, state in enumerate(positions(rules, players, seed, rounds, policy)):
        if index % every == 0:
            agree(state, policy)
