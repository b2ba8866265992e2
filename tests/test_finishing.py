"""Hard's finish: counting the cards still out, a hand whose sets all but one cannot be
beaten plays those first and goes out (``counts.finishing_set``). Its playouts in counts
are the engine's rollouts with that judgement for the playing seat, move for move; the
finish is always a legal move, and does what it says."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_playout import MODELLED_TABLES, positions

from engine.catalogue import GAMES, make_rules
from engine.core.actions import Play
from engine.core.cards import parse_cards
from engine.families.climbing.bots.counts import (
    CountsGame,
    beatable,
    count_hand,
    finishing_play,
    finishing_set,
    set_of,
)
from engine.families.climbing.bots.levels import finishing, hard_model
from engine.families.climbing.bots.playout import hard_playout
from engine.families.climbing.bots.policies import normal_move
from engine.families.climbing.bots.search import candidates, fewest_cards, policy_step, rollout
from engine.families.climbing.rules.machine import apply, legal_actions, observe
from engine.families.climbing.rules.state import ClimbState, Phase
from engine.players.levels import hard_settings

TYCOON = make_rules("tycoon")


def counts(rules) -> CountsGame:
    game = GAMES[rules.game].counts(rules)
    assert game is not None
    return game


def hard_rollout(state: ClimbState, seat: int) -> tuple[float, int]:
    """The round played out through the engine: ``seat`` finishes where the cards out
    (the other hands) show it can, and plays as Normal otherwise, as every other seat."""
    game = counts(state.rules)
    moved = 0
    while ((state.phase is Phase.PLAY or state.phase is Phase.GIVE)
           and seat not in state.out and state.bankrupt != seat):
        moved += 1
        if state.actor != seat or state.phase is not Phase.PLAY:
            state = policy_step(state, normal_move)
            continue
        hand, legal = state.hands[seat], legal_actions(state, seat)
        out = [c for other, held in enumerate(state.hands) if other != seat for c in held]
        move = finishing_play(game, hand, out, state.top, state.revolution, legal)
        if move is None:
            move = normal_move(state.rules, hand, state.revolution, state.top,
                               fewest_cards([len(h) for h in state.hands], seat), legal)
        state = apply(state, move)
    value, _ = rollout(state, seat, normal_move)  # the place, once known
    return value, moved


@settings(max_examples=40)
@given(table=st.sampled_from(MODELLED_TABLES), seed=st.integers(0, 2**32),
       rounds=st.integers(1, 3), every=st.integers(5, 13))
def test_hards_playout_equals_the_engines_rollout_with_its_finish(table, seed, rounds, every):
    rules, players = table
    game = counts(rules)
    for index, state in enumerate(positions(rules, players, seed, rounds)):
        if index % every:
            continue
        for seat in range(players):
            assert hard_playout(game, state, seat) == hard_rollout(state, seat), seat


@settings(max_examples=40)
@given(table=st.sampled_from(MODELLED_TABLES), seed=st.integers(0, 2**32),
       rounds=st.integers(1, 3))
def test_the_finish_is_a_legal_play_nothing_out_can_beat(table, seed, rounds):
    rules, players = table
    game = counts(rules)
    model = hard_model(rules, GAMES[rules.game].counts)
    assert model.playout.func is hard_playout  # type: ignore[attr-defined]
    for state in positions(rules, players, seed, rounds):
        if state.phase is not Phase.PLAY:
            continue
        observation = observe(state, state.actor)
        move = finishing(observation, GAMES[rules.game].counts)
        if move is None:
            continue
        assert move in observation.legal
        assert isinstance(move, Play) and len(move.cards) < 4
        out = [c for other, held in enumerate(state.hands) if other != state.actor
               for c in held]
        # The seat counts more cards out than the others hold only where some are set
        # aside; what it counts is at least what they hold.
        rank, naturals, wild = set_of(game, move)
        assert not beatable(game, count_hand(game, out), rank, naturals + wild,
                            state.revolution)


def test_a_lead_plays_the_unbeatable_set_before_the_last_one():
    game = counts(TYCOON)  # the seed's order: 2 weakest, Ace strongest; lucky 7s
    ace, four = (game.slots[c] for c in parse_cards("As 4h"))
    hand = count_hand(game, parse_cards("4h As"))
    no_aces = count_hand(game, parse_cards("3c 5d 9h Kd"))
    assert finishing_set(game, no_aces, hand, 0, 0, revolution=False) == (ace, 1, 0)
    # A Joker still out beats a lone Ace: no sure finish, Normal leads its 4.
    with_joker = count_hand(game, parse_cards("3c 5d X"))
    assert finishing_set(game, with_joker, hand, 0, 0, revolution=False) is None
    # In a revolution the 4 is the strong one, and the Ace goes last.
    kings_out = count_hand(game, parse_cards("Kd Qc"))
    assert finishing_set(game, kings_out, hand, 0, 0, revolution=True) == (four, 1, 0)
    assert beatable(game, kings_out, ace, 1, revolution=True)
    # Nothing beats the lucky 7s: they win the trick at once.
    sevens = count_hand(game, parse_cards("7h 7d 4h"))
    assert finishing_set(game, no_aces, sevens, 0, 0, revolution=False) == (
        game.slots[parse_cards("7h")[0]], 2, 0)


def test_an_answer_that_keeps_the_lead_and_leaves_one_set():
    game = counts(TYCOON)
    king, ace = (game.slots[c] for c in parse_cards("Kd As"))
    out = count_hand(game, parse_cards("3c 5d 9h Qc"))
    hand = count_hand(game, parse_cards("4h 4d As"))
    assert finishing_set(game, out, hand, king, 1, revolution=False) == (ace, 1, 0)
    # Two beatable sets would be left (a 4 and a 6): no finish.
    more = count_hand(game, parse_cards("4h 6d As"))
    assert finishing_set(game, out, more, king, 1, revolution=False) is None


def test_a_single_set_or_four_of_a_kind_is_no_finish():
    game = counts(TYCOON)
    empty = count_hand(game, ())
    assert finishing_set(game, empty, count_hand(game, parse_cards("9h 9d")), 0, 0,
                         revolution=False) is None
    # The 9 and the four of 5s are unbeatable; the four would revolt, so the 9 goes first.
    fours = count_hand(game, parse_cards("5h 5d 5c 5s 9h"))
    assert finishing_set(game, empty, fours, 0, 0, revolution=False) == (
        game.slots[parse_cards("9h")[0]], 1, 0)
    # Five sets, all unbeatable but one: Hard looks for a finish from four sets down.
    five = count_hand(game, parse_cards("3h 9h Th Jh Qh"))
    assert finishing_set(game, empty, five, 0, 0, revolution=False) is None
    four = count_hand(game, parse_cards("3h 9h Th Jh"))
    assert finishing_set(game, count_hand(game, parse_cards("4c")), four, 0, 0,
                         revolution=False) == (game.slots[parse_cards("9h")[0]], 1, 0)
    only_fours = count_hand(game, parse_cards("5h 5d 5c 5s 6h 6d 6c 6s"))
    assert finishing_set(game, count_hand(game, parse_cards("3c")), only_fours, 0, 0,
                         revolution=False) is None


def test_hard_compares_the_finish_whatever_its_share(monkeypatch):
    """Hard's search is given the finish as a move to compare, and compares it among its
    fewest candidates (three, at the smallest share)."""
    from engine.families.climbing.bots import levels as bots

    given_first = []

    def search(observation, rng, budget, model, most, first, ranker):
        given_first.append(first)
        assert first is None or first in candidates(observation, most, model.policy, first,
                                                    ranker)
        return observation.legal[0], {}

    monkeypatch.setattr(bots, "search", search)
    rules = make_rules("tycoon", None, {"rounds": 1})
    settings = hard_settings(GAMES["tycoon"])
    finishes = 0
    for seed in range(30):
        for state in positions(rules, 4, seed, 1):
            if state.phase is not Phase.PLAY or len(legal_actions(state, state.actor)) < 2:
                continue
            observation = observe(state, state.actor)
            bots.hard(observation, random.Random(seed), settings, 0.05)
            assert given_first[-1] == finishing(observation, GAMES["tycoon"].counts)
            finishes += given_first[-1] is not None
    assert finishes >= 10


def test_the_hint_says_why_a_finish_in_player_words():
    from engine.families.climbing.words.hints import explain_president, explain_tycoon

    for game, explain in (("tycoon", explain_tycoon), ("president", explain_president)):
        rules = make_rules(game)
        players = GAMES[game].default_players
        said = 0
        for seed in range(20):
            for state in positions(rules, players, seed, 1):
                if state.phase is not Phase.PLAY:
                    continue
                observation = observe(state, state.actor)
                move = finishing(observation, GAMES[game].counts)
                if move is None or len(move.cards) == len(observation.hand):
                    continue
                names = [f"P{seat}" for seat in range(players)]
                reason = explain(observation, move, names, {})
                assert "nothing still out beats your" in reason.lower(), reason
                assert "rest of your hand can follow it out" in reason, reason
                said += 1
        assert said >= 3, game
