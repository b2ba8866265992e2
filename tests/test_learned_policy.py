"""The learned move policy of the climbing games: its features, its weights files, its
choices (always legal, in every game and option set), and its training (the same seed
gives the same weights, on the local pool and on Ray)."""

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_playout import values

from engine.catalogue import GAMES, make_rules
from engine.core.cards import parse_cards
from engine.core.options import option_infos
from engine.core.rng import choice
from engine.families.climbing.bots.learned import (
    FEATURES,
    WEIGHTS,
    LearnedPolicy,
    WeightsError,
    learned_policy,
    move_features,
    read_weights,
    weights_digest,
)
from engine.families.climbing.bots.search import fewest_cards
from engine.families.climbing.rules.machine import (
    apply,
    chance_action,
    initial_state,
    legal_actions,
)
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.state import Phase

LEARNED = ("tycoon", "president", "matchstick")


@st.composite
def tables(draw: st.DrawFn) -> tuple[Any, int]:
    """A learned game with any preset and any values of its options, and a table size."""
    game = GAMES[draw(st.sampled_from(LEARNED))]
    preset = draw(st.sampled_from(sorted(game.presets)))
    options = {info.name: draw(st.sampled_from(values(info)))
               for info in option_infos(game.rules)}
    return make_rules(game.name, preset, options), draw(st.sampled_from(game.players))


def test_every_learned_game_ships_weights_for_todays_features():
    for game in LEARNED:
        policy = learned_policy(make_rules(game))
        assert policy is not None, game
        assert len(policy.weights) == len(FEATURES)
        assert len(policy.digest) == 12


@settings(max_examples=40)
@given(table=tables(), seed=st.integers(0, 2**32), moves=st.integers(0, 400))
def test_the_policys_choice_is_always_a_legal_move(table, seed, moves):
    """From positions reached by random legal moves, in any game and option set, the
    policy plays a legal move, and its probabilities are a distribution over them."""
    rules, players = table
    policy = learned_policy(rules)
    assert policy is not None
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    checked = 0
    for _ in range(moves):
        deal = chance_action(state)
        if deal is not None:
            state = apply(state, deal)
            continue
        if state.phase is Phase.OVER or state.actor is None:
            break
        seat = state.actor
        legal = legal_actions(state, seat)
        fewest = fewest_cards([len(hand) for hand in state.hands], seat)
        picked = policy(rules, state.hands[seat], state.revolution, state.top, fewest, legal)
        assert picked in legal
        odds = policy.probabilities(rules, state.hands[seat], state.revolution, state.top,
                                    fewest, legal)
        assert len(odds) == len(legal) and abs(sum(odds) - 1) < 1e-9
        rows = move_features(rules, state.hands[seat], state.revolution, state.top, fewest,
                             legal)
        assert all(len(row) == len(FEATURES) for row in rows)
        checked += 1
        state = apply(state, choice(rng, legal))
    assert checked or moves < 10


def test_a_weights_file_for_other_features_or_another_game_is_refused():
    good = {"format": 1, "game": "tycoon", "features": list(FEATURES),
            "weights": [0.0] * len(FEATURES)}
    assert read_weights(json.dumps(good), "tycoon").values == (0.0,) * len(FEATURES)
    for broken, words in (
            ({**good, "game": "president"}, "not a format 1 file for tycoon"),
            ({**good, "features": [*FEATURES, "new"]}, "fitted to other features"),
            ({**good, "weights": [0.0] * (len(FEATURES) - 1)}, f"are {len(FEATURES)} numbers"),
            ({**good, "weights": [float("nan")] * len(FEATURES)}, "numbers")):
        with pytest.raises(WeightsError, match=words):
            read_weights(json.dumps(broken), "tycoon")
    with pytest.raises(WeightsError, match="not JSON"):
        read_weights("{", "tycoon")


def test_the_digest_is_the_files_and_changes_with_any_weight():
    good = {"format": 1, "game": "tycoon", "features": list(FEATURES),
            "weights": [0.0] * len(FEATURES)}
    text = json.dumps(good)
    other = json.dumps({**good, "weights": [0.0] * (len(FEATURES) - 1) + [1e-6]})
    assert read_weights(text, "tycoon").digest == weights_digest(text)
    assert weights_digest(text) != weights_digest(other)


def test_the_policy_plays_its_best_scored_move():
    rules = make_rules("tycoon")
    state = initial_state(rules, 4, 3)
    while (deal := chance_action(state)) is not None:
        state = apply(state, deal)
    seat = state.actor
    assert seat is not None
    legal = legal_actions(state, seat)
    # Weights that like nothing but the play's size: the biggest set leads.
    weights = [1.0 if name == "size" else 0.0 for name in FEATURES]
    policy = LearnedPolicy(read_weights(json.dumps(
        {"format": 1, "game": "tycoon", "features": list(FEATURES), "weights": weights}),
        "tycoon"))
    picked = policy(rules, state.hands[seat], state.revolution, state.top, 99, legal)
    assert len(picked.cards) == max(len(a.cards) for a in legal)


def test_a_file_fitted_before_a_feature_existed_gives_it_no_weight():
    older = [name for name in FEATURES if name not in ("sequence", "locks")]
    text = json.dumps({"format": 1, "game": "tycoon", "features": older,
                       "weights": [1.0] * len(older)})
    weights = dict(zip(FEATURES, read_weights(text, "tycoon").values, strict=True))
    assert weights["sequence"] == weights["locks"] == 0.0 and weights["normal"] == 1.0


def test_the_house_rules_moves_have_features_of_their_own():
    rules = make_rules("tycoon", "tycoon-japan")
    state = setup(rules, [parse_cards(h) for h in ("4s 5s 6s 9h Jh 7d", "3h Kd", "Qc 3c")],
                  1, trick=[rules.parse_action("0:Th")])
    legal = legal_actions(state, 1)
    rows = move_features(rules, state.hands[1], False, state.top, 3, legal)
    feature = {str(move): dict(zip(FEATURES, row, strict=True))
               for move, row in zip(legal, rows, strict=True)}
    assert feature["1:Kd"]["locks"] == 0.0
    lead = setup(rules, [parse_cards(h) for h in ("4s 5s 6s 9h Jh 7d", "3h Kd", "Qc 3c")], 0)
    legal = legal_actions(lead, 0)
    rows = move_features(rules, lead.hands[0], False, None, 2, legal)
    feature = {str(move): dict(zip(FEATURES, row, strict=True))
               for move, row in zip(legal, rows, strict=True)}
    assert feature["0:4s 5s 6s"]["sequence"] == 1.0 and feature["0:9h"]["sequence"] == 0.0
    assert feature["0:Jh"]["reverses_order"] == 1.0  # 11-back
    assert feature["0:7d"]["hands_on"] == 0.25  # a 7 hands one card on (7-pass)
    answer = setup(rules, [parse_cards(h) for h in ("9h Qd", "3h Kd", "Qc 3c")], 0,
                   trick=[rules.parse_action("2:5h")])
    legal = legal_actions(answer, 0)
    rows = move_features(rules, answer.hands[0], False, answer.top, 2, legal)
    feature = {str(move): dict(zip(FEATURES, row, strict=True))
               for move, row in zip(legal, rows, strict=True)}
    assert feature["0:9h"]["locks"] == 1.0 and feature["0:Qd"]["locks"] == 0.0


def test_a_preset_plays_with_its_own_weights_where_it_has_them():
    assert (WEIGHTS / "tycoon-japan.json").is_file()
    for preset in sorted(path.stem for path in WEIGHTS.glob("tycoon-*.json")):
        rules = make_rules("tycoon", preset)
        own = learned_policy(rules)
        assert own is not None and own.digest != learned_policy(make_rules("tycoon")).digest
        # The number of rounds does not change the table; another option does.
        assert learned_policy(make_rules("tycoon", preset, {"rounds": 1})).digest == own.digest
        other = learned_policy(make_rules("tycoon", preset, {"bankruptcy": not rules.bankruptcy}))
        assert other.digest == learned_policy(make_rules("tycoon")).digest


def test_an_option_added_since_a_presets_weights_were_trained_does_not_part_them():
    # The UECda preset's weights name every option but the Joker past a sequence's end
    # (issue 65): they still serve the preset, with it on or off.
    uecda = learned_policy(make_rules("tycoon", "tycoon-uecda"))
    assert uecda is not None and uecda.digest != learned_policy(make_rules("tycoon")).digest
    without = make_rules("tycoon", "tycoon-uecda", {"joker_past_ends": False})
    assert learned_policy(without).digest == uecda.digest
