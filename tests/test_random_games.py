"""Bots play seeded games of every preset and player count to the end.

The generic game test (as OpenSpiel's ``random_sim_test``): random and greedy
bots, seeing only their observations, play whole games through the checked
path ``step``; after every round of a climbing game the places rank every
seat once and each seat scores its place's points (after every Corporation
round each seat scores what the reveal says); and every game ends, within a
bound, with winners who have the most points.
"""

import random

import pytest

from engine import CHANCE, PRESETS, chance_action, initial_state, observe, outcome, step
from engine.catalogue import GAMES, State
from engine.core.rng import derive_seed
from engine.families.climbing.rules.machine import PASSES_TO_END
from engine.families.climbing.rules.state import ClimbState
from engine.families.corporation.rules.machine import SIMULTANEOUS, CorpState
from engine.players.levels import make_bot

CASES = [(preset, players) for preset, rules in PRESETS.items()
         for players in GAMES[rules.game].players]
TOTAL_GAMES = 2200  # shared among the cases, so more games or presets do not slow the file
GAMES_PER_CASE = TOTAL_GAMES // len(CASES) + 1
MAX_ROUNDS = 100  # a game with a fixed number of rounds stops there; others end on scores


def actions_per_round_bound(state: State) -> int:
    """More actions than a round can take.

    Every play removes at least one card; between two plays each other seat
    passes at most once (or discards a matchstick, which it got by passing), or, where a
    leader may pass (UECda's tricks), there are fewer passes than end the round.
    A Corporation round is a commit and the announcements allowed per seat.
    """
    if isinstance(state, CorpState):
        return state.players * (state.rules.announcements + 1)
    if state.rules.all_pass:
        return PASSES_TO_END * len(state.rules.deck()) + 10
    return 2 * len(state.rules.deck()) * state.players + 10


def bots_for(game: int, players: int) -> list:
    """A mix of random and greedy bots that differs from game to game."""
    return [make_bot("random" if (game >> seat) & 1 else "greedy") for seat in range(players)]


def check_round_result(before: ClimbState, after: ClimbState) -> None:
    places = after.places[-1]
    rules, players = after.rules, after.players
    assert sorted(places) == list(range(players)), f"round {before.round_no} places {places}"
    for place, seat in enumerate(places):
        gained = after.scores[seat] - before.scores[seat]
        assert gained == rules.points(place, players), (
            f"seat {seat}, {rules.title(place, players)}, scored {gained}")
    per_round = sum(rules.points(place, players) for place in range(players))
    assert sum(after.scores) - sum(before.scores) == per_round


def check_reveal(before: CorpState, after: CorpState) -> None:
    result = after.history[-1]
    gained = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
    assert gained == result.points, f"round {result.round_no}: {gained} != {result.points}"


def rounds_played(state: State) -> int:
    return len(state.history) if isinstance(state, CorpState) else len(state.places)


def play_to_the_end(preset: str, players: int, game: int) -> State:
    seed = derive_seed(game, "random games", preset, players)
    state = initial_state(PRESETS[preset], players, seed)
    bots = bots_for(game, players)
    rng = random.Random(seed)
    actions_this_round = 0
    while state.actor is not None:
        actor = state.actor
        if actor == SIMULTANEOUS:  # any seat still to commit may act: take them in turn
            actor = min(state.to_act)
        if actor == CHANCE:
            action = chance_action(state)
        else:
            seen = observe(state, actor)
            assert seen.legal, f"seat {actor} is to act with no legal action (seed {seed})"
            action = bots[actor].choose(seen, rng)
        before = state
        state = step(state, action)
        actions_this_round += 1
        if rounds_played(state) > rounds_played(before):
            if isinstance(state, CorpState):
                check_reveal(before, state)
            else:
                check_round_result(before, state)
            actions_this_round = 0
        assert actions_this_round <= actions_per_round_bound(state), f"seed {seed}"
        assert rounds_played(state) <= MAX_ROUNDS, f"seed {seed}"
    return state


@pytest.mark.parametrize(("preset", "players"), CASES,
                         ids=[f"{preset}-{players}p" for preset, players in CASES])
def test_bots_play_seeded_games_to_the_end_keeping_every_invariant(preset, players):
    rules = PRESETS[preset]
    for game in range(GAMES_PER_CASE):
        state = play_to_the_end(preset, players, game)
        if getattr(rules, "rounds", 0):
            assert rounds_played(state) == rules.rounds
        result = outcome(state)
        assert result is not None
        assert result.scores == state.scores
        best = max(state.scores)
        assert result.winners and all(state.scores[w] == best for w in result.winners)
        assert set(result.winners) == {s for s in range(players) if state.scores[s] == best}
        assert sorted(result.ranking) == list(range(players))
        ranked = [state.scores[s] for s in result.ranking]
        assert ranked == sorted(ranked, reverse=True)
