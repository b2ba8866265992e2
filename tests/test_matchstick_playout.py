"""Matchstick Tycoon's quick playout is the engine's rollout with Normal, move for move.

Hard's search plays its rounds out in counts of faces
(``engine.families.climbing.bots.matchstick_playout``); it must agree exactly with
``search.rollout(state, seat, normal_move)``: the same result in the same number of moves,
the same choice at every decision, and the same judgement of passes in sampling.
"""

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalogue import GAMES
from engine.core.actions import Discard, Pass, Play
from engine.core.cards import Card
from engine.core.options import option_infos
from engine.core.rng import choice
from engine.families.climbing.bots.levels import THROUGH_THE_ENGINE, search_model
from engine.families.climbing.bots.matchstick_playout import (
    MATCHSTICK_OPTIONS,
    StickGame,
    count_hand,
    matchstick_counts,
    stick_choice,
    stick_playout,
    stick_would_pass,
)
from engine.families.climbing.bots.policies import normal_move
from engine.families.climbing.bots.search import fewest_cards, policy_step, rollout
from engine.families.climbing.rules.machine import (
    apply,
    chance_action,
    initial_state,
    legal_actions,
)
from engine.families.climbing.rules.matchstick import (
    MAX_PLAY,
    PLAYERS,
    PRESETS,
    MatchstickRules,
    StickPlay,
)
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.state import ClimbState, Phase
from engine.players.levels import hard_settings

MATCHSTICK = GAMES["matchstick"]


def cards(text: str) -> tuple[Card, ...]:
    return MatchstickRules().parse_cards(text)


def test_every_option_is_declared_and_every_preset_is_played_in_counts():
    """A new option fails here until the playout models it (or declares the values it
    models: rules with any other are played out through the engine)."""
    assert {info.name for info in option_infos(MatchstickRules)} == set(MATCHSTICK_OPTIONS)
    for rules in PRESETS.values():
        assert matchstick_counts(rules) is not None
        assert search_model(rules, hard_settings(MATCHSTICK)) is not THROUGH_THE_ENGINE


def game_of(state: ClimbState) -> StickGame:
    game = matchstick_counts(state.rules)
    assert game is not None
    return game


def normal(state: ClimbState) -> Play | Pass | Discard:
    actor = state.actor
    assert actor is not None
    return normal_move(state.rules, state.hands[actor], state.revolution, state.top,
                       fewest(state), legal_actions(state, actor))


def fewest(state: ClimbState) -> int:
    assert state.actor is not None
    return fewest_cards([len(hand) for hand in state.hands], state.actor)


def positions(rules: MatchstickRules, players: int, seed: int) -> Iterator[ClimbState]:
    """Every position of a round played by Normal mixed with random moves (which spend
    and gather matchsticks as Normal rarely would)."""
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    state = apply(state, chance_action(state))
    while state.phase is Phase.PLAY:
        yield state
        assert state.actor is not None
        move = (choice(rng, legal_actions(state, state.actor)) if rng.random() < 0.4
                else normal(state))
        state = apply(state, move)


def choice_in_counts(state: ClimbState) -> Play | Pass:
    """Normal's move, chosen in counts, as the engine's action."""
    game, actor = game_of(state), state.actor
    assert actor is not None
    top = state.top
    top_value = 0 if top is None else state.rules.values.index(top.value)
    chosen = stick_choice(game, count_hand(game, state.hands[actor]), state.sticks[actor],
                          top_value, 0 if top is None else len(top.cards), state.revolution,
                          fewest(state))
    if chosen is None:
        return Pass(actor)
    value, takes = chosen
    faces = {slot: card for card, slot in game.slots.items()}
    cards = tuple(faces[face] for face, copies in takes for _ in range(copies))
    return StickPlay(actor, cards, state.rules.values[value])


def agree(state: ClimbState) -> None:
    game, actor = game_of(state), state.actor
    assert actor is not None
    for seat in range(state.players):
        assert stick_playout(game, state, seat) == rollout(state, seat, normal_move), seat
    if state.hands[actor]:
        assert choice_in_counts(state) == normal(state)
    if state.trick and state.hands[actor]:
        cards = random.Random(actor).sample(state.hands[actor], len(state.hands[actor]))
        assert stick_would_pass(game, state, actor, cards, state.top, state.revolution,
                                fewest(state)) == THROUGH_THE_ENGINE.would_pass(
            state, actor, state.hands[actor], state.top, state.revolution, fewest(state))


@settings(max_examples=20)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.sampled_from(PLAYERS),
       seed=st.integers(0, 2**32), every=st.integers(6, 14))
def test_the_playout_equals_the_engines_rollout_with_normal(preset, players, seed, every):
    for index, state in enumerate(positions(PRESETS[preset], players, seed)):
        if index % every == 0:
            agree(state)


def test_normals_choice_in_counts_at_every_decision_of_many_rounds():
    """Every decision of seeded rounds at every table size: the choices the playouts
    are made of, one by one (the weakest value, sets kept whole, fours kept, the costliest
    reading of the same cards, revolutions, stopping a player about to go out)."""
    decided = 0
    for players in PLAYERS:
        for seed in range(6):
            for state in positions(PRESETS["matchstick-expansion-2"] if seed % 3 == 2
                                   else MatchstickRules(), players, seed):
                assert state.actor is not None
                if state.hands[state.actor]:
                    assert choice_in_counts(state) == normal(state)
                    decided += 1
    assert decided > 2000


def test_a_revolution_leaves_a_weak_hand_and_a_strong_one_keeps_it():
    """Five cards acting as one value revolt: Normal revolts where what is left is weak,
    and a strong hand of more than four cards keeps its five."""
    hands = [cards("3 3 3 3 1 0 2"), cards("0"),
             cards("2 2")]
    state = setup(MatchstickRules(), hands, 0, sticks=(4, 1, 1))
    move = normal(state)
    assert isinstance(move, StickPlay) and len(move.cards) == MAX_PLAY
    agree(state)
    strong = [cards("3 3 3 3 1 F F d"), hands[1], hands[2]]
    state = setup(MatchstickRules(), strong, 0, sticks=(4, 1, 1))
    move = normal(state)
    assert isinstance(move, StickPlay) and len(move.cards) < MAX_PLAY
    agree(state)


def test_a_seat_with_only_matchsticks_discards_them_and_goes_out():
    state = setup(MatchstickRules(), [(), cards("0 1"),
                                      cards("2")], 0, sticks=(2, 1, 1))
    assert normal(state) == Discard(0)
    after = policy_step(state, normal_move)
    assert after.sticks[0] == 1
    agree(state)
    agree(after)
