"""Corporation's Normal and Hard bots: legal everywhere, deterministic, and the play they
were built for (engine/bots/corporation.py)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.bots import corporation as corporation_bots
from engine.bots.corporation import (
    announced_card,
    hard_choose,
    normal_choose,
    round_points,
)
from engine.bots.levels import make_bot
from engine.games.corporation import (
    Announce,
    Commit,
    Corporation,
    CorporationRules,
    CorpState,
    Phase,
    initial_state,
    legal_actions,
    observe,
    setup,
    step,
)

RULES = CorporationRules()


def random_position(seed: int, players: int, rules: CorporationRules) -> tuple[CorpState, int]:
    """A position reached by random rounds, talk and commits, and a seat still to commit."""
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    for _ in range(rng.randrange(4)):
        for seat in range(players):
            state = step(state, Commit(seat, rng.choice(state.hands[seat])))
        if state.phase is Phase.OVER:
            return random_position(seed + 1, players, rules)
    for seat in range(players):
        if rng.random() < 0.3 and rules.announcements:
            state = step(state, Announce(seat, f"I'll play {rng.choice(state.hands[seat])}"))
    me = rng.randrange(players)
    for seat in range(players):
        if seat != me and rng.random() < 0.5:
            state = step(state, Commit(seat, rng.choice(state.hands[seat])))
    return state, me


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(4, 7),
       rules=st.sampled_from([RULES, CorporationRules(top_card=8),
                              CorporationRules(announcements=0)]))
def test_normal_and_hard_choose_only_legal_actions(seed, players, rules):
    state, me = random_position(seed, players, rules)
    seen = observe(state, me)
    for action in (normal_choose(seen), hard_choose(seen, random.Random(seed))):
        assert action in legal_actions(state, me)
        step(state, action)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 6))
def test_hard_announces_at_most_once_a_round(seed, players):
    state, me = random_position(seed, players, RULES)
    state = step(state, Announce(me, f"I'll play {state.hands[me][0]}"))
    assert isinstance(hard_choose(observe(state, me), random.Random(seed)), Commit)


def play(seats: list[str], seed: int) -> dict:
    session = Session()
    assert session.new_game({"game": "corporation", "seats": seats, "seed": seed})["ok"]
    while session.advance()["action"] is not None:
        pass
    return session.export_log()["log"]


def test_hard_and_normal_are_deterministic_for_a_seed():
    seats = ["hard", "normal", "hard", "normal", "easy"]
    assert play(seats, 12) == play(seats, 12)


def test_hard_talks_in_a_game_but_never_more_than_once_a_round():
    session = Session()
    session.new_game({"game": "corporation", "seats": ["hard", "hard", "normal", "normal",
                                                       "normal"], "seed": 4})
    while session.advance()["action"] is not None:
        pass
    history = session.table.state.history
    said = [a for result in history for a in result.announcements]
    assert said, "Hard never announced"
    for result in history:
        speakers = [a.seat for a in result.announcements]
        assert all(speakers.count(seat) <= 1 for seat in speakers)


def test_normal_plays_the_value_its_fellow_members_announced():
    # Corporation 1 (A, B, C) and Corporation 2 (D, E): A and B said they will play 3.
    state = setup(RULES, 5, corporations=[Corporation(1, (0, 1, 2)), Corporation(2, (3, 4))])
    state = step(state, Announce(0, "I'll play 3"))
    state = step(state, Announce(1, "I'll play 3"))
    assert normal_choose(observe(state, 2)) == Commit(2, 3)  # 3 x 3 = 9 Corporate Rewards
    # Without the talk, everyone plays high and the 5s clash.
    quiet = setup(RULES, 5, corporations=[Corporation(1, (0, 1, 2)), Corporation(2, (3, 4))])
    assert normal_choose(observe(quiet, 2)) != Commit(2, 3)


def test_hard_follows_through_with_its_corporation_when_it_pays():
    # Hard (A) is in Corporation 1 with B and C; D and E hold 5 face up, so A, B, C
    # playing 5 all score 15 Corporate Rewards and no one can spoil them.
    state = setup(RULES, 5, corporations=[Corporation(1, (0, 1, 2)), Corporation(5, (3, 4))])
    for seed in range(3):
        seen, action = state, hard_choose(observe(state, 0), random.Random(seed))
        while isinstance(action, Announce):
            seen = step(seen, action)
            action = hard_choose(observe(seen, 0), random.Random(seed))
        assert action == Commit(0, 5)


def test_hard_spoils_a_corporation_and_joins_the_next_rather_than_take_profits():
    # B, C, D (Corporation 2) all play 4 for 12 points each. Hard's 3 would score 3 Profits;
    # its 4 scores nothing now but spoils their 12 and forms a Corporation of four with them.
    state = setup(RULES, 4, corporations=[Corporation(2, (1, 2, 3))], scores=[3, 0, 0, 0])
    for seat in (1, 2, 3):
        state = step(state, normal_choose(observe(state, seat)))
    assert state.commits[1:] == (4, 4, 4)
    for seed in range(3):
        assert hard_choose(observe(state, 0), random.Random(seed)) == Commit(0, 4)


def test_hard_counts_next_rounds_corporate_rewards():
    # After a round in which A took 4 Profits and B, C, D formed a Corporation, A is ahead
    # on points; after one in which all four formed a Corporation, no one is. The lesson
    # of docs/BOTS.md: the second is better for A, as next round's rewards will show.
    profits = setup(RULES, 4, corporations=[Corporation(1, (1, 2, 3))], scores=[4, 0, 0, 0])
    joined = setup(RULES, 4, corporations=[Corporation(1, (0, 1, 2, 3))], scores=[0, 0, 0, 0])
    assert corporation_bots._utility(joined, 0) > corporation_bots._utility(profits, 0)


def test_a_bot_reads_a_card_from_an_announcement():
    assert announced_card("I'll play 5", (1, 2, 5)) == 5
    assert announced_card("Join my Corporation on 3.", (1, 3)) == 3
    assert announced_card("I'll play 5", (1, 2)) is None
    assert announced_card("I'll play ²", (2,)) is None


@settings(max_examples=200, deadline=None)
@given(players=st.integers(4, 7), data=st.data())
def test_round_points_are_what_the_engine_scores(players, data):
    state = initial_state(RULES, players, 0)
    for _ in range(2):
        played = [data.draw(st.sampled_from(state.hands[s])) for s in range(players)]
        points = round_points(state.corporations, played)
        for seat, card in enumerate(played):
            state = step(state, Commit(seat, card))
        assert list(state.history[-1].points) == points
        if state.phase is Phase.OVER:
            break


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bots_play_corporation_by_name(level):
    state = initial_state(RULES, 5, 0)
    assert make_bot(level).choose(observe(state, 0), random.Random(0)) in (
        legal_actions(state, 0))
