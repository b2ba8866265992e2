"""Every bot level: only legal moves, in every game, and the same moves for the same seed."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_house_rules import HOUSE_RULES, PRESIDENT_HOUSE_RULES

from engine import PRESETS
from engine.api import Session
from engine.catalogue import (
    GAMES,
    chance_action,
    initial_state,
    legal_actions,
    make_rules,
    observe,
    step,
)
from engine.core.actions import Pass
from engine.core.rng import derive_seed
from engine.families.corporation.rules.machine import SIMULTANEOUS
from engine.players.levels import BOTS, make_bot

GAME_NAMES = sorted(GAMES)
# Hard's share of its budget where a test plays whole games with it: every part of its
# search still runs (8 candidates, and worlds mended from the first trick: ``MEND_FROM``
# is 15% of Tycoon's budget), in a fifth of the time.
TESTED_SHARE = 0.2


@pytest.mark.parametrize(("bot", "game"), [(bot, game) for bot in sorted(BOTS)
                                             for game in GAME_NAMES])
def test_every_bot_makes_only_legal_moves(bot, game):
    preset = next(name for name, rules in PRESETS.items() if rules.game == game)
    # Hard searches every move: one table size keeps it to seconds.
    for players in GAMES[game].players[:1 if bot == "hard" else 2]:
        seed = derive_seed(3, bot, game, players)
        state = initial_state(PRESETS[preset], players, seed)
        player, rng = make_bot(bot, TESTED_SHARE), random.Random(seed)
        for _ in range(600):
            actor = state.actor
            if actor is None:
                break
            if actor == SIMULTANEOUS:
                actor = min(state.to_act)
            if actor < 0:
                state = step(state, chance_action(state))
                continue
            move = player.choose(observe(state, actor), rng)
            assert move in legal_actions(state, actor) or move.__class__.__name__ == "Announce"
            state = step(state, move)


GAMES_WITH_HOUSE_RULES = st.one_of(
    st.tuples(st.just("tycoon"), HOUSE_RULES.map(lambda rules: {**rules, "rounds": 1}),
              st.sampled_from([3, 4, 5])),
    st.tuples(st.just("president"), PRESIDENT_HOUSE_RULES, st.sampled_from([4, 6])))


@settings(max_examples=6)
@given(game=GAMES_WITH_HOUSE_RULES, seed=st.integers(0, 2**32))
def test_every_bot_plays_every_house_rule_legally(game, seed):
    """Each level plays a round of Tycoon or President under random house rules with legal
    moves only (Hard, through the engine, for its first moves at a slow phone's share)."""
    name, options, players = game
    rules = make_rules(name, options=options)
    for bot in sorted(BOTS):
        state = initial_state(rules, players, seed)
        player, rng = make_bot(bot, hard_share=0.05), random.Random(seed)
        for _ in range(12 if bot == "hard" else 400):
            actor = state.actor
            if actor is None:
                break
            if actor < 0:
                state = step(state, chance_action(state))
                continue
            move = player.choose(observe(state, actor), rng)
            assert move in legal_actions(state, actor), (bot, str(move))
            state = step(state, move)


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_is_deterministic_for_a_seed(bot):
    logs = []
    for _ in range(2):
        session = Session()
        session.new_game({"game": "tycoon", "seats": [bot] * 4, "seed": 21,
                          "options": {"rounds": 2}, "hard_budget": TESTED_SHARE})
        while session.advance()["action"] is not None:
            pass
        logs.append(session.export_log()["log"])
    assert logs[0] == logs[1]


def test_normal_revolts_with_a_weak_hand_and_keeps_four_of_a_kind_with_a_strong_one():
    from engine import parse_cards, setup
    from engine.families.climbing.rules.tycoon import TycoonRules

    rules = TycoonRules()
    weak = setup(rules, [parse_cards("3c 3d 3h 3s 4c 5d 6h"), parse_cards("Ac Kd"),
                         parse_cards("Qh Jh")], 0)
    move = make_bot("normal").choose(observe(weak, 0), random.Random(0))
    assert str(move) == "0:3c 3d 3h 3s"
    strong = setup(rules, [parse_cards("3c 3d 3h 3s Ac Ad Kh"), parse_cards("4c 5d"),
                           parse_cards("6h 7h")], 0)
    move = make_bot("normal").choose(observe(strong, 0), random.Random(0))
    assert len(move.cards) != 4


def test_normal_stops_a_player_about_to_go_out():
    from engine import parse_action, parse_cards, setup
    from engine.families.climbing.rules.tycoon import TycoonRules

    state = setup(TycoonRules(), [parse_cards("4c 5c 6d 8d 9d X"), parse_cards("Kd"),
                                  parse_cards("6h 7h 8c 9c")], 0, trick=[parse_action("1:Ac")])
    assert str(make_bot("greedy").choose(observe(state, 0), random.Random(0))) == "0:pass"
    assert str(make_bot("normal").choose(observe(state, 0), random.Random(0))) == "0:X"


def test_every_bot_plays_every_game_and_an_unknown_one_is_refused_by_name():
    answer = Session().new_game({"game": "corporation", "seats": ["human", "hard", "clever",
                                                                  "normal"]})
    assert not answer["ok"] and "unknown bot 'clever'" in answer["error"]["message"]
    for game in GAME_NAMES:
        players = GAMES[game].players[0]
        answer = Session().new_game({"game": game, "seats": ["human"] + ["hard"] * (players - 1)})
        assert answer["ok"], answer


def test_sampled_worlds_agree_with_everything_the_seat_has_seen():
    from collections import Counter

    from engine.families.climbing.bots.search import sample_world

    session = Session()
    session.new_game({"game": "tycoon", "seats": ["greedy"] * 4, "seed": 8,
                      "options": {"rounds": 2}})
    seen = 0
    while session.advance()["action"] is not None:
        state = session.table.state
        if state.phase.value != "play" or state.round_no < 2:
            continue
        seat = state.actor
        observation = observe(state, seat)
        world = sample_world(observation, random.Random(seen))
        seen += 1
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert observe(world, seat) == observation
        cards = Counter(c for h in world.hands for c in h) + Counter(world.discards)
        played = Counter(c for e in state.events if hasattr(e, "cards") and e.__class__.__name__
                         in ("Play", "StickPlay") for c in e.cards)
        assert cards + played == Counter(state.rules.deck())
    assert seen > 10


def test_sampled_worlds_explain_the_rounds_passes():
    """A player who passed most likely had nothing worth playing then: with the policy
    that stands for the players, sampled worlds rarely give a passer a play it would
    have made, while worlds dealt blind often do."""
    from engine.families.climbing.bots.levels import THROUGH_THE_ENGINE, normal_model
    from engine.families.climbing.bots.search import sample_world, unexplained_passes

    blind = informed = positions = 0
    for seed in range(6):
        session = Session()
        session.new_game({"game": "tycoon", "seats": ["normal"] * 4, "seed": seed,
                          "options": {"rounds": 1}})
        in_counts = normal_model(session.table.state.rules, GAMES["tycoon"].counts)
        assert in_counts is not THROUGH_THE_ENGINE
        while session.advance()["action"] is not None:
            state = session.table.state
            if state.phase.value != "play" or not any(
                    isinstance(e, Pass) and e.seat != state.actor for e in state.events):
                continue
            observation = observe(state, state.actor)
            rng = random.Random(positions)
            positions += 1
            for _ in range(4):
                blind += unexplained_passes(sample_world(observation, rng), observation,
                                            in_counts)[0]
                informed += unexplained_passes(sample_world(observation, rng, in_counts),
                                               observation, in_counts)[0]
            # The real hands explain every pass: these bots choose by that very policy,
            # judged in counts or through the engine.
            assert unexplained_passes(state, observation, in_counts)[0] == 0
            assert unexplained_passes(state, observation, THROUGH_THE_ENGINE)[0] == 0
    assert positions > 30
    assert blind > 20 and informed * 5 < blind, (blind, informed)


@pytest.mark.parametrize("game", [g for g in GAME_NAMES if g != "corporation"])
def test_a_rollout_stops_when_the_seats_place_is_known_and_scores_it_as_the_whole_round(game):
    """Rollouts stop when the seat goes out or goes bankrupt; its place must be the
    one the whole round gives it (titles from a first round make bankruptcy possible)."""
    from engine.families.climbing.bots.policies import normal_move
    from engine.families.climbing.bots.search import policy_step, rollout
    from engine.families.climbing.rules.state import Phase

    def play_out(state):
        while state.phase in (Phase.PLAY, Phase.GIVE):
            state = policy_step(state, normal_move)
        return state

    preset = next(name for name, rules in PRESETS.items() if rules.game == game)
    for seed in range(6):
        players = GAMES[game].players[seed % 2]
        state = initial_state(PRESETS[preset], players, seed)
        state = play_out(step(state, chance_action(state)))
        if state.phase.value != "deal":
            continue
        state = step(state, chance_action(state))
        finished = play_out(state)
        for seat in range(players):
            whole = 1 - finished.places[-1].index(seat) / (players - 1)
            assert rollout(state, seat, normal_move)[0] == whole


def test_normal_spends_matchsticks_on_the_cards_it_plays():
    """Matchsticks must all go before a player is out: Normal plays the card greedy would
    lead, a 1, as the weakest value that spends the most of its two matchsticks."""
    from engine import setup
    from engine.families.climbing.rules.matchstick import MatchstickRules

    rules = MatchstickRules()
    state = setup(rules, [rules.parse_cards("1 4 8"), rules.parse_cards("2 5"),
                          rules.parse_cards("6 C")], 0, sticks=[2, 1, 1])
    assert str(make_bot("greedy").choose(observe(state, 0), random.Random(0))) == "0:1"
    assert str(make_bot("normal").choose(observe(state, 0), random.Random(0))) == "0:1>4"


def test_normal_chooses_among_a_searchs_remaining_candidates_when_only_fours_are_left():
    """Hard's search asks Normal for its favourite among the candidates left; when only a
    four of a kind is left there, Normal plays it (it keeps fours only when it has another
    move)."""
    from engine.core.actions import Play
    from engine.core.cards import parse_cards
    from engine.families.climbing.bots.policies import normal_move
    from engine.families.climbing.rules.tycoon import TycoonRules

    hand = parse_cards("3c 9c 9d 9h 9s Jd Kc")
    four = Play(0, parse_cards("9c 9d 9h 9s"))
    assert normal_move(TycoonRules(), hand, False, None, 99, (four,)) == four
