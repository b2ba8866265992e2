"""One test per rule of Matchstick Tycoon, as its rule text and rulings state it (docs/RULES.md)."""

from collections import Counter

import pytest

from engine import BadNotation, BadOptions, IllegalAction, chance_action, initial_state, setup, step
from engine.core.actions import Discard, Pass
from engine.families.climbing.rules.machine import legal_actions
from engine.families.climbing.rules.matchstick import (
    GLYPHS,
    MatchstickRules,
    StickPlay,
    cost,
    fit,
    parse_action,
    parse_play,
)
from engine.families.climbing.rules.state import Phase

RULES = MatchstickRules()


def position(hands, to_act=0, trick=(), sticks=None, rules=RULES, **kw):
    return setup(rules, [rules.parse_cards(h) for h in hands], to_act,
                 trick=[parse_action(t) for t in trick], sticks=sticks, **kw)


def play(state, text):
    return step(state, parse_action(text))


def moves(state):
    return {str(a).partition(":")[2] for a in legal_actions(state, state.actor)}


def test_the_deck_is_fourteen_faces_four_of_each():
    assert Counter(map(str, RULES.deck())) == dict.fromkeys("012345678AbCdF", 4)


@pytest.mark.parametrize("copies", [2, 4])
def test_the_expansion_adds_g_and_h_above_f(copies):
    rules = MatchstickRules(expansion=copies)
    counts = Counter(map(str, rules.deck()))
    assert counts["G"] == counts["H"] == copies and len(rules.deck()) == 56 + 2 * copies
    assert rules.strength("H", False) > rules.strength("G", False) > rules.strength("F", False)


def test_the_glyphs_are_the_rulings_table():
    table = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
             "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "A": "abcefg",
             "b": "cdefg", "C": "adef", "d": "bcdeg", "E": "adefg", "F": "aefg",
             "G": "acdef", "H": "bcefg"}
    assert {v: "".join(sorted(g)) for v, g in GLYPHS.items()} == table


def test_a_turned_three_reads_e_and_a_turned_six_reads_nine_for_free():
    assert fit("3", "E") is True and cost("3", "E") == 0
    assert fit("6", "9") is True and cost("6", "9") == 0


def test_adding_segments_costs_one_matchstick_each():
    assert fit("1", "7") is False and cost("1", "7") == 1
    assert fit("1", "8") is False and cost("1", "8") == 5


def test_a_card_cannot_lose_segments():
    assert fit("8", "0") is None
    assert fit("7", "1") is None


def test_a_play_is_one_to_five_cards_acting_as_one_value():
    state = position(["3 3 3 3 C 1", "2"], sticks=[1, 1])
    assert "3~E 3~E 3~E 3~E C>E" in moves(state)
    with pytest.raises(BadNotation, match="one value"):
        parse_play(0, "3 3~E")


def test_a_play_costs_its_added_segments_paid_from_matchsticks():
    state = position(["1 7 2", "4"], sticks=[1, 1])
    state = play(state, "0:1>7 7")
    assert state.sticks == (0, 1)
    assert state.top == StickPlay(0, RULES.parse_cards("1 7"), "7")


def test_a_play_you_cannot_pay_for_is_illegal():
    state = position(["1 1 2", "4"], sticks=[1, 1])
    with pytest.raises(IllegalAction, match="costs 2 matchsticks and you have 1"):
        play(state, "0:1>7 1>7")
    assert "1>7 1>7" not in moves(state)


def test_every_distinct_play_is_listed_once_upright_when_both_fit():
    state = position(["0 0", "4"], sticks=[2, 1])
    listed = [str(a) for a in legal_actions(state, 0)]
    assert len(listed) == len(set(listed))
    assert "0:0>8 0>8" in listed and "0:0~8" not in listed
    assert parse_action("0:0~8 0~8") == parse_action("0:0>8 0>8")


def test_five_card_plays_made_by_transforming_are_found():
    state = position(["6 6 6 0 0", "4"], sticks=[0, 1])
    assert "0 0 6~9 6~9 6~9" not in moves(state)  # a 0 cannot read 9
    assert "6~9 6~9 6~9" in moves(state)


def test_following_needs_the_same_count_and_a_stronger_value():
    state = position(["2 2 5 5", "3 3"], to_act=0, trick=["1:3 3"], sticks=[0, 1])
    assert moves(state) == {"5 5", "pass"}
    with pytest.raises(IllegalAction, match="2 does not beat 3"):
        play(state, "0:2 2")


def test_passing_takes_a_matchstick_and_does_not_lock_you_out():
    state = position(["2 5", "3 6", "4 7"], to_act=1, trick=["0:2"], sticks=[1, 1, 1])
    state = play(state, "1:pass")
    assert state.sticks == (1, 2, 1)
    state = play(state, "2:4")
    state = play(state, "0:5")
    assert state.actor == 1 and "6" in moves(state)  # seat 1 passed, but plays again


def test_the_trick_ends_when_all_others_have_passed_since_the_last_play():
    state = position(["2 5", "3 6", "4 7"], to_act=1, trick=["0:8"], sticks=[1, 1, 1])
    state = play(state, "1:pass")
    state = play(state, "2:pass")
    assert state.trick == () and state.actor == 0


def test_no_cards_but_matchsticks_means_discarding_one_on_your_turn():
    state = position(["", "3 6", "4 7"], to_act=0, trick=["2:8"], sticks=[2, 1, 1])
    assert [str(a) for a in legal_actions(state, 0)] == ["0:discard"]
    with pytest.raises(IllegalAction, match="no cards left: discard"):
        step(state, Pass(0))
    state = step(state, Discard(0))
    assert state.sticks == (1, 1, 1) and 0 not in state.out


def test_a_discard_counts_as_a_pass_for_ending_the_trick():
    state = position(["", "3 6", "4 7"], to_act=1, trick=["0:8"], sticks=[2, 1, 1])
    state = play(state, "1:pass")
    state = play(state, "2:pass")
    assert state.trick == () and state.actor == 0
    assert legal_actions(state, 0) == [Discard(0)]
    state = step(state, Discard(0))
    assert state.actor == 1 and state.sticks[0] == 1


def test_you_are_out_with_no_cards_and_no_matchsticks():
    state = position(["8", "3 6", "4 7"], to_act=0, sticks=[0, 1, 1])
    state = play(state, "0:8")
    assert state.out == (0,)
    state = position(["8", "3 6", "4 7"], to_act=0, sticks=[1, 1, 1])
    state = play(state, "0:8")
    assert state.out == () and state.sticks[0] == 1


def test_discarding_the_last_matchstick_goes_out():
    state = position(["", "3 6", "4 7"], to_act=0, sticks=[1, 1, 1])
    state = step(state, Discard(0))
    assert state.out == (0,) and state.actor == 1


def test_five_cards_make_a_revolution_and_five_more_flip_it_back():
    state = position(["8 8 8 8 0 2", "4 4 4 4 1 C", "5"], to_act=0, sticks=[1, 5, 1])
    state = play(state, "0:0>8 8 8 8 8")
    assert state.revolution and state.sticks[0] == 0
    assert "1>4 4 4 4 4" in moves(state)  # in the revolution 4 beats 8
    state = play(state, "1:1>4 4 4 4 4")
    assert not state.revolution and state.sticks[1] == 3


def test_in_a_revolution_zero_is_strongest():
    state = position(["0 8", "F 1"], to_act=1, trick=["0:3"], sticks=[0, 0], revolution=True)
    assert moves(state) == {"1", "pass"}


def test_the_deal_is_as_even_as_possible_from_the_first_leader_with_one_matchstick_each():
    for players in range(2, 9):
        state = initial_state(RULES, players, seed=players)
        deal = chance_action(state)
        base, extra = divmod(56, players)
        assert [len(h) for h in deal.hands] == [
            base + ((s - deal.leader) % players < extra) for s in range(players)]
        state = step(state, deal)
        assert state.sticks == (1,) * players and state.actor == deal.leader


def test_places_follow_the_order_players_went_out():
    state = position(["2", "3", "4 5"], to_act=0, sticks=[0, 0, 0])
    state = play(play(state, "0:2"), "1:3")
    assert state.places == ((0, 1, 2),)


def test_a_match_scores_players_minus_place_each_round():
    state = position(["2", "3", "4 5"], to_act=0, sticks=[0, 0, 0],
                     rules=MatchstickRules(rounds=2))
    state = play(play(state, "0:2"), "1:3")
    assert state.scores == (2, 1, 0) and state.phase is Phase.DEAL


def test_a_single_round_is_the_default_game():
    state = position(["2", "3", "4 5"], to_act=0, sticks=[0, 0, 0])
    state = play(play(state, "0:2"), "1:3")
    assert state.phase is Phase.OVER


@pytest.mark.parametrize("players", [1, 9])
def test_matchstick_tycoon_is_for_two_to_eight_players(players):
    with pytest.raises(BadOptions, match="2 to 8 players"):
        initial_state(RULES, players, 0)


@pytest.mark.parametrize("text", ["2:3~E 3~E", "0:1>7 7", "1:8 8", "3:6~9", "0:discard",
                                  "2:pass"])
def test_the_notation_reads_back(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(("text", "message"), [
    ("0:9", "there is no 9 card"),
    ("0:8>0", "cannot be made into 0"),
    ("0:6>9", "turn it"),
    ("0:3 3>E", "turn it"),
    ("0:x", "not a card of a play"),
])
def test_bad_plays_are_explained(text, message):
    with pytest.raises(BadNotation, match=message):
        parse_action(text)


def test_a_card_that_cannot_make_the_value_is_refused():
    state = position(["8", "1 1"], sticks=[1, 1])
    with pytest.raises(IllegalAction, match="an 8 cannot be made into 1"):
        step(state, StickPlay(0, RULES.parse_cards("8"), "1"))


def test_values_said_with_a_vowel_sound_take_an():
    from engine.families.climbing.rules.matchstick import article

    assert [f"{article(v)} {v}" for v in "78AEFH2"] == [
        "a 7", "an 8", "an A", "an E", "an F", "an H", "a 2"]
