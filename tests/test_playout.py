"""The quick playout in counts is the engine's rollout with Normal, move for move.

Hard's search plays thousands of rounds out per decision with
``engine.families.climbing.bots.playout``; it must agree exactly with ``search.rollout(state, seat,
normal_move)`` on the same states: the same result and the same number of
moves, and the same judgement of passes in sampling.
"""

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalogue import GAMES, make_rules
from engine.core.actions import Pass, Play
from engine.core.cards import JOKER, parse_cards
from engine.core.options import OptionInfo, option_infos
from engine.core.rng import choice
from engine.families.climbing.bots.counts import count_hand, normal_choice, set_of, top_of
from engine.families.climbing.bots.playout import ANY, MODELLED, normal_playout, normal_would_pass
from engine.families.climbing.bots.policies import normal_move
from engine.families.climbing.bots.search import (
    Policy,
    fewest_cards,
    policy_model,
    policy_step,
    rollout,
)
from engine.families.climbing.rules.machine import (
    apply,
    chance_action,
    initial_state,
    legal_actions,
)
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.state import ClimbState, Phase
from engine.families.climbing.rules.tycoon import TycoonRules

COUNTED = [game for game in GAMES.values() if game.counts is not None]
THROUGH_THE_ENGINE = policy_model(normal_move)


def values(info: OptionInfo) -> tuple[Any, ...]:
    """The values of an option a test tries: every choice, both truths, or the numbers
    the lobby offers."""
    if info.choices is not None:
        return info.choices
    if info.minimum is None:
        return (False, True)
    return tuple(info.labels)


def rule_tables() -> Iterator[tuple[Any, int]]:
    """Every preset of each game with quick playouts, with each value of each option over
    it, at the game's smallest and largest tables: a new option, or a new value, is tried
    here as soon as it exists."""
    seen = set()
    for game in COUNTED:
        for preset in game.presets:
            for info in option_infos(game.rules):
                for value in values(info):
                    rules = make_rules(game.name, preset, {info.name: value})
                    for players in (game.players[0], game.players[-1]):
                        if (rules, players) not in seen:
                            seen.add((rules, players))
                            yield rules, players


TABLES = list(rule_tables())
MODELLED_TABLES = [(rules, players) for rules, players in TABLES
                   if GAMES[rules.game].counts(rules) is not None]


def test_every_option_of_a_game_played_in_counts_is_declared():
    """A new option of Tycoon or President fails here until the playout models it (or
    declares which of its values it models: rules with any other value are played out
    through the engine)."""
    for game in COUNTED:
        declared = MODELLED[game.rules]
        assert {info.name for info in option_infos(game.rules)} == set(declared), game.name


def test_rules_the_playout_does_not_model_are_played_out_through_the_engine():
    for rules, _ in TABLES:
        declared = MODELLED[type(rules)]
        modelled = all(declared[name] is ANY or value in declared[name]
                       for name, value in rules.options().items())
        assert (GAMES[rules.game].counts(rules) is not None) == modelled
    # Every value of the rule text's options is modelled; the house rules are not.
    house_rules = {"sequences", "sequence_revolution", "lock", "eleven_back", "five_skip",
                   "nine_reverse", "seven_pass", "ten_discard", "forbidden_finish", "fives",
                   "all_pass"}
    assert {rules for rules, _ in TABLES if rules not in dict(MODELLED_TABLES)} == {
        rules for rules, _ in TABLES
        if any(rules.options().get(name) for name in house_rules)
        or rules.options().get("jokers") == 1 or rules.options().get("lead") == "diamond"}


def counts_of(state: ClimbState) -> Any:
    game = GAMES[state.rules.game].counts(state.rules)
    assert game is not None
    return game


def normal(state: ClimbState, policy: Policy = normal_move) -> Play | Pass:
    """The move of the seat to act as Normal (or another ``policy``) chooses it."""
    actor = state.actor
    sizes = [len(hand) for hand in state.hands]
    return policy(state.rules, state.hands[actor], state.revolution, state.top,
                  fewest_cards(sizes, actor), legal_actions(state, actor))


def positions(rules, players: int, seed: int, rounds: int, policy: Policy = normal_move):
    """Every position of a game played by Normal (or another ``policy``) mixed with random
    moves, from round ``rounds`` on (earlier rounds make titles, exchanges and
    bankruptcy)."""
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    while state.phase is not Phase.OVER and state.round_no <= rounds + 1:
        if state.phase is Phase.DEAL:
            state = apply(state, chance_action(state))
            continue
        if state.round_no >= rounds:
            yield state
        move = (choice(rng, legal_actions(state, state.actor)) if rng.random() < 0.4
                else normal(state, policy))
        state = apply(state, move)


def agree(state: ClimbState) -> None:
    game = counts_of(state)
    for seat in range(state.players):
        assert normal_playout(game, state, seat) == rollout(state, seat, normal_move), seat
    seat = state.actor
    if state.phase is Phase.PLAY and state.trick and state.hands[seat]:
        assert would_pass(state) == THROUGH_THE_ENGINE.would_pass(
            state, seat, state.hands[seat], state.top, state.revolution, fewest(state))


def fewest(state: ClimbState) -> int:
    return fewest_cards([len(hand) for hand in state.hands], state.actor)


def would_pass(state: ClimbState, fewest_held: int | None = None) -> bool:
    """Whether Normal, judging in counts, would pass where the seat to act answers a play
    (its hand shuffled: counts don't care about order)."""
    seat = state.actor
    cards = random.Random(seat).sample(state.hands[seat], len(state.hands[seat]))
    return normal_would_pass(counts_of(state), state, seat, cards, state.top, state.revolution,
                             fewest(state) if fewest_held is None else fewest_held)


@settings(max_examples=60)
@given(table=st.sampled_from(MODELLED_TABLES), seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
       every=st.integers(7, 15))
def test_the_playout_equals_the_engines_rollout_with_normal(table, seed, rounds, every):
    rules, players = table
    for index, state in enumerate(positions(rules, players, seed, rounds)):
        if index % every == 0:
            agree(state)


def play_out(state: ClimbState) -> ClimbState:
    while state.phase in (Phase.PLAY, Phase.GIVE):
        state = policy_step(state, normal_move)
    return state


def test_a_bankrupt_tycoon_in_a_playout():
    """Seat 1 goes out first in the second round, so seat 0, the last Tycoon, is bankrupt."""
    hands = [parse_cards(text) for text in ("3c 4d 9h Ks", "5c", "6c 7d 8h Qs", "6d Tc Jd Ah")]
    state = setup(TycoonRules(), hands, 1, places=[(0, 1, 2, 3)])
    assert play_out(state).places[-1][-1] == 0
    agree(state)


def test_the_three_player_bankruptcy_gift_in_a_playout():
    """With 3 players the third gives the bankrupt Tycoon a card, its weakest; giving its
    last card puts it out."""
    for third in ("9c", "4c 9c Kd"):
        hands = [parse_cards(text) for text in ("3c 4d Ks", "5c", third)]
        state = setup(TycoonRules(), hands, 1, places=[(0, 1, 2)])
        after = play_out(state)
        assert any(getattr(e, "chosen", False) for e in after.events)
        agree(state)


def test_the_low_spade_on_a_lone_joker_in_a_playout():
    """Only the lowest Spade beats a lone Joker; Normal plays it (it wins the trick) when
    a player is about to go out, and the Spade then leaves the hand, not another 2."""
    hands = [parse_cards(text) for text in ("2c 2s 9h", "4c", "5c 6d")]
    state = setup(TycoonRules(), hands, 0, trick=[Play(2, (JOKER,))])
    assert normal(state) == Play(0, parse_cards("2s"))
    agree(state)


def test_a_skip_in_a_president_playout():
    """With the skip option a matched rank skips the next player."""
    hands = [parse_cards(text) for text in ("Tc 4d", "9d 5c 5d", "Kc Kd 3h", "Qc 7h")]
    state = setup(PresidentRules(skip=True), hands, 1, trick=[Play(0, parse_cards("9c"))])
    assert normal(state) == Play(1, parse_cards("9d"))
    agree(state)


def test_a_revolution_in_a_playout():
    """Normal revolts with a weak hand; the order flips for the rest of the playout."""
    hands = [parse_cards(text) for text in ("3c 3d 3h 3s 4c 5d", "Ac Kd", "Qc 2d", "Jc Td")]
    state = setup(TycoonRules(), hands, 0)
    assert len(normal(state).cards) == 4
    agree(state)


def test_a_pass_explained_in_counts():
    """Normal with only its Joker above the table keeps it and passes; with a player about
    to go out it spends the Joker."""
    others = [parse_cards("4c 5d 6d"), parse_cards("6c 7c 8c")]
    hands = [parse_cards("3c 4d 9d Jc X"), parse_cards("Ac"), *others]
    state = setup(TycoonRules(), hands, 0, trick=[Play(1, parse_cards("Kd"))])
    assert not would_pass(state)
    assert normal(state) == Play(0, (JOKER,))  # seat 1 has one card left
    calm = setup(TycoonRules(), [hands[0], parse_cards("Ac Qd 8h"), *others], 0,
                 trick=[Play(1, parse_cards("Kd"))])
    assert would_pass(calm)
    assert normal(calm) == Pass(0)


@pytest.mark.parametrize("rules", [TycoonRules(order="p5r", cut="8"), PresidentRules(cut="8")],
                         ids=["tycoon", "president"])
def test_the_eight_cut_s_tactics_in_a_playout(rules):
    """With the 8-cut, Normal keeps its 8s from its leads while it holds more than three
    sets, and cuts with them when one set is left after; the counts choose both alike."""
    holding = setup(rules, [parse_cards(h) for h in ("8c 8d 9d Jh Ks 2c", "3c 4c 6d",
                                                    "5c 6c 7h", "Qd Kd Ah")], 0)
    cutting = setup(rules, [parse_cards(h) for h in ("6c 8h 8s", "3c 4c Kd", "5d 6d 9h",
                                                    "Jc Qd")], 0,
                    trick=[Play(3, parse_cards("4d 4h"))])
    for state, move in ((holding, "9d"), (cutting, "8h 8s")):
        assert normal(state) == Play(0, parse_cards(move))
        game = counts_of(state)
        top_rank, size = top_of(game, state.top)
        assert normal_choice(game, count_hand(game, state.hands[0]), top_rank, size,
                             state.revolution, fewest(state)) == set_of(game, normal(state))
        agree(state)
