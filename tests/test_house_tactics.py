"""Normal's tactics for the house rules (engine/families/climbing/bots/house_tactics.py):
positions where Normal now holds its 8s, cuts, sheds before a forbidden finish, locks and
leads a sequence, each against the rule text's Normal (normal-v1's ``normal_v1_move``),
and under the rule text's options no change at all."""

import random

import pytest

from engine import legal_actions, parse_cards, setup, step
from engine.catalogue import make_rules
from engine.core.actions import Play
from engine.core.rng import choice
from engine.families.climbing.bots.house_tactics import house_tactics
from engine.families.climbing.bots.levels import normal, normal_v1
from engine.families.climbing.bots.policies import normal_move, normal_v1_move
from engine.families.climbing.bots.search import fewest_cards
from engine.families.climbing.rules.machine import apply, chance_action, initial_state, observe
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.state import Phase
from engine.families.climbing.rules.tycoon import TycoonRules

EIGHT_CUT = TycoonRules(order="p5r", cut="8")  # 3 low, 2 high: the 8 is a middling rank
FORBIDDEN = TycoonRules(order="p5r", forbidden_finish=True)  # no finish on a 2, 8, 3s, Joker


def position(rules, hands, trick=()):
    """Seat 0 to act, holding ``hands[0]``; ``trick`` lists (seat, cards) played."""
    return setup(rules, [parse_cards(h) for h in hands], 0,
                 trick=[Play(seat, parse_cards(cards)) for seat, cards in trick])


def moves(state):
    """Normal's move, and the rule text's Normal's."""
    observation = observe(state, state.actor)
    return str(normal(observation)).partition(":")[2], str(normal_v1(observation)).partition(
        ":")[2]


def test_normal_keeps_its_eights_to_take_tricks_with_rather_than_lead_them():
    hands = ["8c 9d Jh Ks 2c", "3c 4c", "5c 6c"]
    assert moves(position(EIGHT_CUT, hands)) == ("9d", "8c")
    # The rule text's lucky 8s (P5R order) are played as ever.
    assert moves(position(TycoonRules(order="p5r"), hands)) == ("8c", "8c")


@pytest.mark.parametrize("rules", [EIGHT_CUT, PresidentRules(cut="8")],
                         ids=["tycoon", "president"])
def test_an_eight_cut_clears_the_trick_for_the_last_set_to_go_out(rules):
    assert moves(position(rules, ["5c 8h", "3c 4c", "5d 6c", "Tc Qs Ks"])) == ("8h", "5c")
    answering = position(rules, ["6c 8h", "3c 4c Kd", "5d 6d", "Tc Qs Ks"],
                         trick=[(1, "4d")])
    assert moves(answering) == ("8h", "6c")


def test_with_forbidden_finishes_a_2_is_led_before_the_last_clean_set():
    assert moves(position(FORBIDDEN, ["5c 2h", "3c 4c", "5d 6c"])) == ("2h", "5c")


def test_normal_does_not_go_out_on_a_forbidden_finish_while_it_may_pass():
    assert moves(position(FORBIDDEN, ["2h", "3c 4c", "5d 6c"], trick=[(1, "Kd")])) == (
        "pass", "2h")


def test_normal_does_not_leave_itself_only_cards_that_may_not_finish():
    stranding = position(FORBIDDEN, ["Jc 2h", "3c 4c", "5d 6c"], trick=[(1, "9d")])
    assert moves(stranding) == ("2h", "Jc")
    # A 10-discard too: the 2 goes, not the last clean card.
    rules = TycoonRules(order="p5r", forbidden_finish=True, ten_discard=True)
    state = step(position(rules, ["Ts 4c 2h", "3c 4d", "5d 6c"]), rules.parse_action("0:Ts"))
    assert state.phase is Phase.GIVE
    assert moves(state) == ("give 2h", "give 4c")


@pytest.mark.parametrize("lock", [TycoonRules(lock=True), PresidentRules(lock=True)],
                         ids=["tycoon", "president"])
def test_under_the_suit_lock_normal_locks_with_a_card_as_strong_when_it_holds_a_follow_up(lock):
    others = ["3c 4c", "5d 6c", "Tc Qs Ks"]
    assert moves(position(lock, ["9c 9h Jc Jh", *others], trick=[(1, "7h")])) == ("9h", "9c")
    # Without a stronger Heart to follow, the lock is not sought.
    assert moves(position(lock, ["9c 9h Jc Js", *others], trick=[(1, "7h")])) == ("9c", "9c")


def test_with_sequences_normal_leads_its_longest_sequence():
    sequences = TycoonRules(sequences=True, cut="none")
    assert moves(position(sequences, ["3d 4c 5c 6c Kh", "3c 4d", "5d 6d"])) == (
        "4c 5c 6c", "3d")


@pytest.mark.parametrize("rules", [
    make_rules("tycoon", "tycoon-seed", {}), make_rules("tycoon", "tycoon-p5r", {}),
    make_rules("tycoon", "tycoon-no-jokers", {}), TycoonRules(cut="none"),
    TycoonRules(bankruptcy=False), PresidentRules(), PresidentRules(skip=True)])
def test_under_the_rule_text_s_options_normal_plays_as_the_rule_text_s_normal(rules):
    assert not house_tactics(rules)
    rng = random.Random(28)
    for seed in range(3):
        state = initial_state(rules, 4, seed)
        while state.phase is not Phase.OVER and state.round_no <= 2:
            if state.phase is Phase.DEAL:
                state = apply(state, chance_action(state))
                continue
            seat = state.actor
            hand, legal = state.hands[seat], legal_actions(state, seat)
            fewest = fewest_cards([len(h) for h in state.hands], seat)
            move = normal_move(rules, hand, state.revolution, state.top, fewest, legal)
            assert move == normal_v1_move(rules, hand, state.revolution, state.top, fewest,
                                          legal)
            state = apply(state, choice(rng, legal) if rng.random() < 0.3 else move)


def test_where_all_must_pass_normal_passes_on_its_own_play_and_leads_instead():
    """UECda's tricks: back to its own 6 with everyone passed, the rule text's Normal
    answers it with its 9; Normal passes (the trick clears and it leads), unless a play
    goes out."""
    rules = TycoonRules(all_pass=True)
    others = ["3c 4c", "5d 6c", "Tc Qs Ks"]
    own = position(rules, ["9h Kc Kd", *others], trick=[(0, "6h")])
    assert own.actor == 0
    assert moves(own) == ("pass", "9h")
    assert moves(position(rules, ["9h", *others], trick=[(0, "6h")])) == ("9h", "9h")
