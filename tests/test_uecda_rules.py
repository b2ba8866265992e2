"""The UECda contest's table (issue 28's "UECda standard" preset): 5 players and one Joker,
the 3 of Diamonds leading, sets of five, tricks that clear only when everyone has passed,
20 passes ending a round, a Joker past either end of a sequence, the 5-player exchange and
5/4/3/2/1 points."""

from collections import Counter

import pytest

from engine import (
    BadOptions,
    IllegalAction,
    chance_action,
    initial_state,
    legal_actions,
    parse_cards,
    setup,
    step,
)
from engine.core.cards import Card, Rank, Suit
from engine.families.climbing.rules.machine import PASSES_TO_END
from engine.families.climbing.rules.state import Phase
from engine.families.climbing.rules.tycoon import TycoonRules
from engine.families.climbing.rules.tycoon_presets import PRESET_TITLES, PRESETS, RULES_HELP
from tests.test_house_rules import moves, play, position, rejects

UECDA = PRESETS["tycoon-uecda"]
ALL_PASS = TycoonRules(all_pass=True, cut="none")


def test_five_players_are_dealt_53_cards_11_11_11_10_10_and_the_three_of_diamonds_leads():
    for seed in range(20):
        state = step(initial_state(UECDA, 5, seed), chance_action(initial_state(UECDA, 5, seed)))
        assert sorted(map(len, state.hands)) == [10, 10, 11, 11, 11]
        assert Counter(c for hand in state.hands for c in hand) == Counter(UECDA.deck())
        assert len(UECDA.deck()) == 53
        assert Card(Rank.THREE, Suit.DIAMONDS) in state.hands[state.to_act]


def test_five_players_have_five_titles_and_the_uecda_points():
    titles = [UECDA.title(place, 5) for place in range(5)]
    assert titles == ["Tycoon", "Rich Man", "Commoner", "Poor Man", "Beggar"]
    assert [UECDA.points(place, 5) for place in range(5)] == [5, 4, 3, 2, 1]
    assert [TycoonRules().points(place, 5) for place in range(5)] == [4, 3, 2, 1, 0]


def test_from_the_second_game_the_beggar_and_poor_man_give_their_best_and_get_choices_back():
    state = initial_state(UECDA, 5, 7)
    state = step(state, chance_action(state))
    while state.phase is not Phase.DEAL:
        state = step(state, legal_actions(state, state.actor)[0])
    places = state.places[-1]
    state = step(state, chance_action(state))
    assert state.phase is Phase.GIVE
    assert [(o.giver, o.receiver, o.count) for o in state.owed] == [
        (places[0], places[-1], 2), (places[1], places[-2], 1)]
    assert [(e.giver, e.receiver, len(e.cards)) for e in state.events] == [
        (places[-1], places[0], 2), (places[-2], places[1], 1)]


def test_four_of_a_kind_and_a_joker_make_five_and_any_set_of_four_or_more_revolts():
    rules = TycoonRules(fives=True, cut="none")
    state = position(["9c 9d 9h 9s X 4d", "3c 3d 3h 3s Kd", "5h"], rules)
    assert "9c 9d 9h 9s X" in moves(state)
    after = play(state, "0:9c 9d 9h 9s X")
    assert after.revolution
    assert moves(after, 1) == {"pass"}  # no five to answer with
    assert play(position(["9c 9d 9h 9s 4d", "3c", "5h"], rules), "0:9c 9d 9h 9s").revolution
    rejects(position(["9c 9d 9h 9s X", "Kd", "3h"], TycoonRules(cut="none")),
            "0:9c 9d 9h 9s X", "1 to 4 cards")


def test_the_last_player_may_play_again_on_their_own_cards_before_the_trick_clears():
    state = position(["5s 9d Kc", "4h", "3h"], ALL_PASS)
    state = play(state, "0:5s", "1:pass", "2:pass")
    assert state.actor == 0 and [str(p) for p in state.trick] == ["0:5s"]
    assert moves(state) == {"9d", "Kc", "pass"}
    state = play(state, "0:9d")
    assert state.actor == 0  # the others passed for the trick: they stay out of it
    state = play(state, "0:pass")
    assert state.trick == () and state.actor == 0  # the last player leads the next trick


def test_without_the_option_the_trick_clears_when_everyone_else_has_passed():
    state = play(position(["5s 9d Kc", "4h", "3h"], TycoonRules(cut="none")),
                 "0:5s", "1:pass", "2:pass")
    assert state.trick == () and state.actor == 0
    rejects(state, "0:pass", "you lead this trick")


def test_a_leader_may_pass_and_20_passes_in_a_row_rank_the_rest_at_random():
    state = position(["5s 9d", "4h 6c", "3h 7d"], ALL_PASS)
    assert "pass" in moves(state)
    after = play(state, "0:pass")
    assert after.trick == () and after.actor == 1
    for _ in range(PASSES_TO_END - 2):
        after = play(after, f"{after.actor}:pass")
    assert after.phase is Phase.PLAY
    ended = play(after, f"{after.actor}:pass")
    assert ended.phase is not Phase.PLAY and sorted(ended.places[-1]) == [0, 1, 2]
    everyone_passes = [f"{turn % 3}:pass" for turn in range(PASSES_TO_END)]
    orders = {play(_with_seed(seed), *everyone_passes).places[-1] for seed in range(12)}
    assert len(orders) > 1  # at random, by the game's seed


def test_a_leader_who_passes_sits_the_trick_out_as_the_contests_server_has_it():
    state = position(["5s 9d", "4h 6c", "3h 7d", "3c 6d", "Jh Jd"], UECDA)
    state = play(state, "0:pass", "1:4h", "2:pass", "3:pass", "4:pass")
    assert state.actor == 1 and state.passed == {0, 2, 3, 4}  # the leader is not asked again
    assert play(state, "1:pass").trick == () and play(state, "1:pass").actor == 1


def test_when_every_seat_passes_on_an_empty_table_the_first_to_pass_leads_again():
    hands = [parse_cards(hand) for hand in ("5s 9d", "4h 6c", "3h 7d")]
    state = play(setup(ALL_PASS, hands, 1), "1:pass", "2:pass")
    assert state.actor == 0 and state.passed == {1, 2}
    state = play(state, "0:pass")
    assert state.actor == 1 and state.passed == frozenset() and state.phase is Phase.PLAY


def _with_seed(seed):
    return setup(ALL_PASS, [parse_cards(h) for h in ("5s 9d", "4h 6c", "3h 7d")], 0, seed=seed)


def test_a_play_between_passes_starts_the_count_again():
    state = _with_seed(0)
    for s in range(PASSES_TO_END - 1):
        state = play(state, f"{s % 3}:pass")
    state = play(state, f"{state.actor}:{legal_actions(state, state.actor)[0].cards[0]}")
    assert state.phase is Phase.PLAY


def test_a_lone_joker_lifts_a_suit_lock_so_the_three_of_spades_may_answer_it():
    # As the contest's server (tndhms) has it: the Joker alone is played whatever the
    # lock, and clears it; only the 3 of Spades follows, and takes the trick.
    state = position(["4h 9c", "5h 6c", "X Kd", "3s Qd", "Jc"], UECDA)
    locked = play(state, "0:4h", "1:5h")
    assert {suit.value for suit in locked.lock} == {"h"}
    answered = play(locked, "2:X")
    assert answered.lock == frozenset()
    assert moves(answered, 3) == {"3s", "pass"}
    assert play(answered, "3:3s").trick == ()


PAST_ENDS = TycoonRules(order="p5r", sequences=True, joker_past_ends=True, cut="none")


def test_a_joker_below_the_3_makes_a_sequence_that_a_5_6_7_beats_and_a_4_5_6_does_not():
    # The contest's tables have a column below the 3 (and above the 2) for the Joker.
    state = position(["3d 4d X 9c", "5d 6d 7d 4s 5s 6s", "Kc"], PAST_ENDS)
    assert {"X< 3d 4d", "3d 4d X=5d"} <= moves(state)
    after = play(state, "0:X< 3d 4d")
    assert "5d 6d 7d" in moves(after) and "4s 5s 6s" not in moves(after)
    assert "5d 6d 7d" not in moves(play(state, "0:3d 4d X=5d"))  # the Joker as the 5


def test_a_joker_above_the_2_makes_a_sequence_that_only_a_revolution_beats():
    hands = ["Ad 2d X 9c", "3s 4s 5s 6s 7s Kh", "Kc"]
    state = play(position(hands, PAST_ENDS), "0:Ad 2d X>")
    assert moves(state, 1) == {"pass"}
    revolution = setup(PAST_ENDS, [parse_cards(hand) for hand in hands], 0, revolution=True)
    assert "3s 4s 5s" in moves(play(revolution, "0:Ad 2d X>"), 1)


def test_without_the_option_a_joker_stands_within_the_ranks():
    rules = TycoonRules(order="p5r", sequences=True, cut="none")
    state = position(["3d 4d X 9c", "5d 6d 7d", "Kc"], rules)
    assert "X< 3d 4d" not in moves(state) and "3d 4d X=5d" in moves(state)
    rejects(state, "0:X< 3d 4d", "the UECda contest's rule")


def test_the_uecda_preset_is_in_the_lobby_and_its_rules_in_the_help():
    assert PRESET_TITLES["tycoon-uecda"].startswith("UECda standard")
    help_text = " ".join(RULES_HELP)
    for words in ("UECda standard", "3 of Diamonds", "20 passes", "5/4/3/2/1",
                  "their own cards", "below the 3 or above the 2"):
        assert words in help_text
    assert (UECDA.jokers, UECDA.order, UECDA.cut, UECDA.bankruptcy) == (1, "p5r", "8", False)
    assert UECDA.sequences and UECDA.sequence_revolution and UECDA.lock and UECDA.all_pass
    assert UECDA.joker_past_ends
    assert not (UECDA.eleven_back or UECDA.five_skip or UECDA.nine_reverse
                or UECDA.forbidden_finish)


def test_tycoon_takes_3_to_5_players():
    with pytest.raises(BadOptions, match="3 or 4 players, or 5"):
        initial_state(UECDA, 6, 0)
    with pytest.raises(IllegalAction):
        step(position(["5s", "4h", "3h"], TycoonRules()), TycoonRules().parse_action("0:pass"))


def test_the_lowest_diamond_leads_every_round_once_the_exchange_is_done():
    for seed in range(6):
        state = initial_state(UECDA, 5, seed)
        state = step(state, chance_action(state))
        while state.phase is not Phase.DEAL:
            state = step(state, legal_actions(state, state.actor)[0])
        state = step(state, chance_action(state))
        while state.phase is Phase.GIVE:
            state = step(state, legal_actions(state, state.actor)[-1])  # strongest cards back
        three = Card(Rank.THREE, Suit.DIAMONDS)
        assert three in state.hands[state.to_act], seed
    # The rule text's: the Beggar leads the rounds after the first.
    rules = TycoonRules()
    state = step(initial_state(rules, 4, 1), chance_action(initial_state(rules, 4, 1)))
    while state.phase is not Phase.DEAL:
        state = step(state, legal_actions(state, state.actor)[0])
    beggar = state.places[-1][-1]
    state = step(state, chance_action(state))
    while state.phase is Phase.GIVE:
        state = step(state, legal_actions(state, state.actor)[0])
    assert state.to_act == beggar
