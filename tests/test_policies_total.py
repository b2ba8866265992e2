"""Every policy of the climbing games names one of the moves it is given, whatever the
game, options and position, and whichever moves a caller left out: Hard's search asks its
policies again and again with the moves it already chose taken out (issue 65: under UECda's
rules, with the seat's own play on top and the pass taken, Normal once had nothing left to
name, and Hard raised mid-match)."""

import random
from collections.abc import Sequence

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_house_rules import HOUSE_RULES, PRESIDENT_HOUSE_RULES

from engine import parse_cards, setup, step
from engine.catalogue import GAMES, chance_action, initial_state, legal_actions, make_rules
from engine.core.actions import Action, Pass, Play
from engine.core.cards import Card
from engine.families.climbing.bots.learned import learned_policy
from engine.families.climbing.bots.levels import MOST, compared, search_model
from engine.families.climbing.bots.policies import greedy_move, normal_move, normal_v1_move
from engine.families.climbing.bots.search import Policy, candidates, fewest_cards
from engine.families.climbing.rules.machine import observe
from engine.families.climbing.rules.state import ClimbingRules, ClimbObservation, ClimbState, Phase
from engine.families.climbing.rules.tycoon_presets import PRESETS
from engine.players.levels import hard_settings

UECDA = PRESETS["tycoon-uecda"]
SHARES = (0.05, 0.2, 1.0)  # a slow phone's share of Hard's budget, the tests', the whole


def greedy(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool, top: Play | None,
           fewest: int, legal: Sequence[Action]) -> Action:
    return greedy_move(rules, hand, revolution, legal)


def policies(rules: ClimbingRules) -> dict[str, Policy]:
    """Every policy a bot or Hard's search plays under ``rules``."""
    search = search_model(rules, hard_settings(GAMES[rules.game])).policy
    named: dict[str, Policy] = {"greedy": greedy, "normal": normal_move,
                                "normal-v1": normal_v1_move, "search": search}
    learned = learned_policy(rules)
    if learned is not None:
        named["learned"] = learned
    return named


ASKED_AGAIN = MOST + 2  # more than Hard's search ever lists


def ask_until_none_is_left(policy: Policy, observation: ClimbObservation,
                           moves: list[Action], rng: random.Random) -> None:
    """Ask ``policy`` for its move, take it out, and ask again, as a search lists its
    candidates: every answer is one of the moves still left. A long list (Matchstick's
    turned cards) is asked again ``ASKED_AGAIN`` times, then its last few moves, each
    shorter list chosen at random from those left."""
    fewest = fewest_cards(observation.hand_sizes, observation.seat)
    asked = 0
    while moves:
        pick = policy(observation.rules, observation.hand, observation.revolution,
                      observation.top, fewest, moves)
        assert pick in moves, (str(pick), [str(move) for move in moves])
        moves = [move for move in moves if move != pick]
        asked += 1
        if asked == ASKED_AGAIN and len(moves) > 3:
            moves = rng.sample(moves, 3)


def check_every_policy(state: ClimbState, rng: random.Random) -> None:
    seat = state.actor
    assert seat is not None
    observation = observe(state, seat)
    legal = list(observation.legal)
    some = [move for move in legal if rng.random() < 0.5] or [rng.choice(legal)]
    for policy in policies(state.rules).values():
        ask_until_none_is_left(policy, observation, legal, rng)
        ask_until_none_is_left(policy, observation, some, rng)
    settings = hard_settings(GAMES[state.rules.game])
    for share in SHARES:
        chosen = compared(observation, settings, share)
        assert chosen and set(chosen) <= set(legal) and len(set(chosen)) == len(chosen)
    first = rng.choice(legal)
    for most in range(2, 9):
        chosen = candidates(observation, most, normal_move, first)
        assert chosen == legal if len(legal) <= most else (
            chosen[0] == first and set(chosen) <= set(legal))


def play_a_round(state: ClimbState, rng: random.Random, passing: float) -> None:
    """Play ``state``'s round with random moves (each seat passing where it may with the
    chance ``passing``, so that tricks come back to their last player), checking every
    policy at every decision."""
    for _ in range(400):
        actor = state.actor
        if actor is None or state.phase in (Phase.DEAL, Phase.OVER):
            return
        if actor < 0:
            state = step(state, chance_action(state))
            continue
        check_every_policy(state, rng)
        legal = legal_actions(state, actor)
        passes = [move for move in legal if isinstance(move, Pass)]
        state = step(state, passes[0] if passes and rng.random() < passing else rng.choice(legal))


GAMES_AND_OPTIONS = st.one_of(
    st.tuples(st.just("tycoon"), HOUSE_RULES.map(lambda rules: {**rules, "rounds": 1}),
              st.sampled_from([3, 4, 5])),
    st.tuples(st.just("president"), PRESIDENT_HOUSE_RULES, st.sampled_from([4, 6])),
    st.tuples(st.just("matchstick"), st.just({"rounds": 1}), st.sampled_from([3, 4])))


@settings(max_examples=12)
@given(game=GAMES_AND_OPTIONS, seed=st.integers(0, 2**32), passing=st.floats(0, 0.9))
@example(game=("tycoon", {**UECDA.options(), "rounds": 1}, 5), seed=65, passing=0.8)
def test_every_policy_names_one_of_the_moves_it_is_given_under_any_options(game, seed,
                                                                              passing):
    name, options, players = game
    rules = make_rules(name, options=options)
    state = initial_state(rules, players, seed)
    play_a_round(step(state, chance_action(state)), random.Random(seed), passing)


def test_hard_lists_its_candidates_when_its_own_play_tops_the_trick():
    # Everyone passed back to seat 0's 5: Normal's favourite is the pass, and without it
    # only plays that do not finish are left, all of which Normal holds back.
    hands = ("5s 9d Kc Qh 4d", "4h 6c", "3h 7d", "3c 6d", "Jh Jd")
    state = setup(UECDA, [parse_cards(hand) for hand in hands], 0)
    for move in ("0:5s", "1:pass", "2:pass", "3:pass", "4:pass"):
        state = step(state, UECDA.parse_action(move))
    observation = observe(state, 0)
    assert observation.top is not None and observation.top.seat == 0
    assert [str(move) for move in candidates(observation, 3, normal_move)] == [
        "0:pass", "0:9d"]
    assert normal_move(UECDA, observation.hand, False, observation.top, 2,
                       observation.legal[:-1]) in observation.legal[:-1]

