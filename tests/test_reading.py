"""Reading the round (engine.families.climbing.bots.reading): every decision the other seats made
is replayed, the true hands explain every one of Normal's, and a mended world keeps all
the observation shows while explaining more of them. Hard's search mends its worlds only
with a budget large enough to pay for it (``search.MEND_FROM``), or late in a round
(``search.MEND_LATE``)."""

import random
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from engine.catalogue import GAMES, make_rules
from engine.core.actions import Pass, Play
from engine.families.climbing.bots.counts import (
    JOKERS,
    JOKERS_ONLY,
    RANKS,
    SIZE,
    SPADE,
    CountsGame,
    count_hand,
    normal_choice,
    normal_reads,
)
from engine.families.climbing.bots.levels import hard_model
from engine.families.climbing.bots.policies import normal_move
from engine.families.climbing.bots.reading import RoundReading, read_round
from engine.families.climbing.bots.search import (
    MEND_FROM,
    Model,
    _Sampler,
    fewest_cards,
    late_in_round,
    search,
)
from engine.families.climbing.rules.machine import (
    apply,
    chance_action,
    initial_state,
    legal_actions,
    observe,
)
from engine.families.climbing.rules.state import ClimbObservation, Phase, Transfer

# Normal draws nothing, so Normal at every seat makes every decision a reading weighs.
TABLES = [
    (make_rules("tycoon", None, {"rounds": 1}), 4),
    (make_rules("tycoon", None, {"rounds": 3}), 4),  # exchanges, bankruptcies
    (make_rules("tycoon", None, {"rounds": 3}), 3),  # bankruptcy's gift
    (make_rules("tycoon", None, {"rounds": 2, "order": "p5r", "jokers": 0, "cut": "8"}), 5),
    (make_rules("president"), 5),
    (make_rules("president", None, {"skip": True, "cut": "8"}), 4),
]


def counts(rules) -> CountsGame:
    game = GAMES[rules.game].counts(rules)
    assert game is not None
    return game


def normal_games(rules, players: int, seed: int):
    """Each position of a game Normal plays at every seat, with the true state."""
    state = initial_state(rules, players, seed)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.DEAL:
            state = apply(state, chance_action(state))
            continue
        seat = state.actor
        yield state
        state = apply(state, normal_move(
            rules, state.hands[seat], state.revolution, state.top,
            fewest_cards([len(h) for h in state.hands], seat), legal_actions(state, seat)))


def reading_of(observation: ClimbObservation) -> tuple[_Sampler, RoundReading | None]:
    sampler = _Sampler(observation)
    return sampler, read_round(counts(observation.rules), observation,
                               sampler.deal(random.Random(0)), sampler.known)


def unexplained(reading: RoundReading, hands) -> int:
    return sum(reading.misfits(seat, count_hand(reading.game, hands[seat]))[0]
               for seat in reading.decisions if hands[seat])


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_true_hands_explain_every_decision_and_mended_worlds_keep_what_is_seen(
        rules, players):
    read = mended = weighed = 0
    for seed in range(2):
        for state in normal_games(rules, players, seed):
            if state.phase is not Phase.PLAY or state.actor != 0:
                continue
            observation = observe(state, 0)
            sampler, reading = reading_of(observation)
            moves = [e for e in observation.events if isinstance(e, Play | Pass)]
            if reading is None:  # a bankruptcy or its gift: the passes are weighed instead
                assert observation.bankrupt is not None or any(
                    isinstance(e, Transfer) for e in observation.events
                    [observation.events.index(moves[0]):])
                continue
            read += 1
            # Every decision of another seat this round is read: plays and passes alike.
            assert sum(len(d) for d in reading.decisions.values()) == sum(
                move.seat != 0 for move in moves)
            assert unexplained(reading, state.hands) == 0
            rng = random.Random(seed)
            dealt = sampler.deal(rng)
            world, cost = reading.mended(dealt, rng)
            weighed += cost > 0
            assert world.hands[0] == observation.hand
            assert [len(h) for h in world.hands] == list(observation.hand_sizes)
            assert Counter(c for h in world.hands for c in h) == Counter(
                c for h in dealt.hands for c in h)
            for seat, cards in sampler.known.items():
                assert not Counter(cards) - Counter(world.hands[seat])
            assert unexplained(reading, world.hands) <= unexplained(reading, dealt.hands)
            mended += unexplained(reading, world.hands) == 0
    assert read > 10 and weighed
    assert mended > read / 2  # most worlds come to explain every decision


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_a_world_is_mended_alike_with_or_without_the_choices_a_swap_keeps(
        rules, players, monkeypatch):
    """A swap of ranks a choice did not read keeps the choice without weighing it again
    (``counts.normal_reads``): the worlds mended are the very same, for a fifth less
    weighing or more (none under the lucky rank's tactics)."""
    observations = [observe(state, 0) for seed in range(2)
                    for state in normal_games(rules, players, seed)
                    if state.phase is Phase.PLAY and state.actor == 0]
    readings = [(sampler, reading) for sampler, reading in map(reading_of, observations[::3])
                if reading is not None]

    def mended_worlds() -> tuple[list, float]:
        worlds, cost = [], 0.0
        for index, (sampler, reading) in enumerate(readings):
            reading.remembered.clear()
            rng = random.Random(index)
            world, spent = reading.mended(sampler.deal(rng), rng)
            worlds.append(world.hands)
            cost += spent
        return worlds, cost

    kept, cost_kept = mended_worlds()
    weigh_all = RoundReading.misfits
    monkeypatch.setattr(RoundReading, "misfits", lambda self, seat, hand, enough=1 << 30,
                        traded=None: weigh_all(self, seat, hand, enough))
    weighed, cost_weighed = mended_worlds()
    assert len(readings) > 5 and kept == weighed
    if counts(rules).lucky_tactics:  # they count every kind held: every choice reads all
        assert cost_kept == cost_weighed
    else:
        assert cost_kept < cost_weighed * 0.8


def _hands(rules):
    """A hand then (in counts) that ``rules``' deck allows, with one card traded for another
    of two other ranks: the slots given and taken, the hand before and after."""
    game = counts(rules)
    deck = Counter(game.slots[card] for card in rules.deck())

    @st.composite
    def traded(draw):
        hand = [draw(st.integers(0, deck[slot])) for slot in range(RANKS)]
        hand.append(draw(st.integers(0, deck[JOKERS])))
        spade = game.low_spade is not None and hand[game.slots[game.low_spade]] > 0
        hand.append(int(spade and draw(st.booleans())))
        hand.append(sum(hand[:RANKS + 1]))
        gone = draw(st.sampled_from([r for r in range(RANKS) if hand[r]] or [0]))
        come = draw(st.sampled_from([r for r in range(RANKS) if hand[r] < deck[r]]))
        after = hand.copy()
        after[gone] -= 1
        after[come] += 1
        if after[gone] < 0 or gone == come:
            return None
        if gone == game.slots.get(game.low_spade) and hand[SPADE] and draw(st.booleans()):
            after[SPADE] = 0
        return gone, come, hand, after

    return game, traded()


@pytest.mark.parametrize(("rules", "players"), TABLES)
@settings(max_examples=300)
@given(data=st.data())
def test_a_choice_stands_through_a_trade_of_counts_it_did_not_read(rules, players, data):
    game, traded = _hands(rules)
    trade = data.draw(traded)
    if trade is None:
        return
    gone, come, hand, after = trade
    size = data.draw(st.integers(0, 4))
    top = data.draw(st.sampled_from([*range(RANKS), JOKERS_ONLY])) if size else JOKERS_ONLY
    revolution, fewest = data.draw(st.booleans()), data.draw(st.integers(1, 13))
    choice = normal_choice(game, hand, top, size, revolution, fewest)
    reads = normal_reads(game, hand, top, size, revolution, choice)
    if reads.keeps(gone, after[gone], come, after[come]):
        event("kept")
        assert normal_choice(game, after, top, size, revolution, fewest) == choice
    assert hand[SIZE] == after[SIZE]


def test_a_bankruptcy_is_not_read():
    """Its seat's unseen cards left the round, so the sizes of the hands before are
    unknown: the search weighs the passes instead."""
    rules = make_rules("tycoon", None, {"rounds": 3})
    seen = 0
    for seed in range(6):
        for state in normal_games(rules, 4, seed):
            if state.phase is Phase.PLAY and state.bankrupt is not None and state.actor != 0:
                seen += 1
                assert reading_of(observe(state, state.actor))[1] is None
    assert seen


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_a_mended_world_is_one_the_observation_allows(seed, moves):
    rules = make_rules("tycoon", None, {"rounds": 1})
    state = next(s for i, s in enumerate(normal_games(rules, 4, seed))
                 if i >= moves or s.phase is not Phase.PLAY)
    if state.phase is not Phase.PLAY:
        return
    observation = observe(state, state.actor)
    sampler, reading = reading_of(observation)
    assert reading is not None
    world, _ = reading.mended(sampler.deal(random.Random(seed)), random.Random(seed))
    assert observe(world, state.actor).hand == observation.hand
    assert observe(world, state.actor).legal == observation.legal
    assert unexplained(reading, state.hands) == 0


class _Counted:
    """A model's reading that counts the worlds it mends."""

    def __init__(self, model: Model) -> None:
        self.model, self.mended = model, 0

    def reads(self, observation, world, fixed):
        mender = self.model.reads(observation, world, fixed)
        outer = self

        class Mender:
            def mend(self, world, rng):
                outer.mended += 1
                return mender.mend(world, rng)

        return Mender()


@pytest.mark.parametrize("late", [False, True])
def test_the_search_mends_its_worlds_only_where_a_budget_pays_for_it(late):
    """Early in a round only a budget of ``MEND_FROM`` mends; late in it, any budget."""
    rules = make_rules("tycoon", None, {"rounds": 1})
    model = hard_model(rules, GAMES["tycoon"].counts)
    state = next(s for s in normal_games(rules, 4, 3)
                 if s.phase is Phase.PLAY and len(s.events) > 8 and s.trick
                 and len(observe(s, s.actor).legal) > 2
                 and late_in_round(observe(s, s.actor)) == late)
    observation = observe(state, state.actor)
    for budget, mends in ((MEND_FROM // 4, late), (MEND_FROM, True)):
        counted = _Counted(model)
        searched = Model(model.policy, model.would_pass, model.playout, counted.reads)
        move, _ = search(observation, random.Random(1), budget, searched, 3)
        assert (counted.mended > 0) == mends
        assert move in observation.legal
        # The same seed, the same choice.
        assert search(observation, random.Random(1), budget, searched, 3)[0] == move
