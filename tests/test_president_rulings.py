"""One test per rule of President, as its rule text and rulings state it (docs/RULES.md)."""

from collections import Counter

import pytest

from engine import (
    BadOptions,
    Deal,
    IllegalAction,
    Play,
    chance_action,
    initial_state,
    legal_actions,
    make_rules,
    new_game,
    outcome,
    parse_action,
    parse_cards,
    setup,
    step,
)
from engine.families.climbing.rules.machine import observe
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.state import Phase, Skipped, Transfer
from engine.families.climbing.words.views import ClimbPresenter

RULES = PresidentRules()
SKIP = PresidentRules(skip=True)


def position(hands, to_act=0, trick=(), rules=RULES, **kw):
    return setup(rules, [parse_cards(h) for h in hands], to_act,
                 trick=[parse_action(t) for t in trick], **kw)


def play(state, text):
    return step(state, parse_action(text))


def moves(state):
    return {str(a).partition(":")[2] for a in legal_actions(state, state.actor)}


def rejects(state, text, message):
    with pytest.raises(IllegalAction, match=message):
        step(state, parse_action(text))


def test_order_is_three_low_and_two_high():
    state = position(["2c Kc 3d", "4d", "5h", "6s"], trick=["3:Ah"])
    assert moves(state) == {"2c", "pass"}


def test_jokers_are_not_wild():
    state = position(["9c X 3c", "4d", "5h", "6s"], trick=["3:5c 5d"])
    rejects(state, "0:9c X", "a Joker is played alone")


def test_a_joker_beats_any_play_of_any_size_and_wins_the_trick():
    state = position(["X 3c", "4d", "5h", "6s"], trick=["3:2c 2d 2h 2s"])
    assert "X" in moves(state)
    state = play(state, "0:X")
    assert state.trick == () and state.actor == 0


def test_a_joker_may_lead_and_wins_the_trick_at_once():
    state = position(["X 3c", "4d", "5h", "6s"])
    assert play(state, "0:X").actor == 0


def test_sets_are_one_to_four_cards_of_one_rank():
    state = position(["9c 9d 9h 9s Tc", "4d", "5h", "6s"])
    assert "9c 9d 9h 9s" in moves(state)
    rejects(state, "0:9c Tc", "not all one rank")


def test_the_leader_sets_the_number_of_cards():
    state = position(["9c 9d Tc", "4d", "5h", "6s"], trick=["3:5c 5d"])
    rejects(state, "0:Tc", "two cards needed: the table holds a pair")


def test_passing_locks_you_out_of_the_trick():
    state = position(["5c Tc", "6c Jc", "7d Qc", "8c Kc"], trick=["3:4c"])
    for move in ("0:pass", "1:6c", "2:Qc", "3:Kc"):
        state = play(state, move)
    assert state.actor == 1


def test_four_of_a_kind_is_a_revolution_and_another_flips_back():
    state = position(["9c 9d 9h 9s 3c", "Jc Jd Jh Js 4c", "5h", "6s"])
    state = play(state, "0:9c 9d 9h 9s")
    assert state.revolution
    assert "Jc Jd Jh Js" not in moves(state)
    revolting = position(["3c", "5c 5d 5h 5s 4c", "8h", "6s"], to_act=1,
                         trick=["0:9c 9d 9h 9s"], revolution=True)
    assert not play(revolting, "1:5c 5d 5h 5s").revolution


def test_jokers_stay_above_all_in_a_revolution():
    state = position(["X 3c", "4d", "5h", "6s"], trick=["3:3h"], revolution=True)
    assert "X" in moves(state)


def test_skip_matching_rank_makes_the_next_player_lose_the_turn():
    state = position(["7c 3c", "7d 4d", "5h 8h", "6s 9s"], trick=["3:7h"], rules=SKIP)
    assert "7c" in moves(state)
    state = play(state, "0:7c")
    assert state.actor == 2  # seat 1 is skipped
    state = play(state, "2:8h")
    assert state.actor == 3  # and the skipped seat 1 is not locked out:
    state = play(state, "3:9s")
    state = play(state, "0:pass")
    assert state.actor == 1


def test_a_skip_is_recorded_and_told_to_every_seat():
    """The skipped seat is in the round's record, so the narration and every seat's
    history say who lost the turn."""
    before = position(["7c 3c", "7d 4d", "5h 8h", "6s 9s"], trick=["3:7h"], rules=SKIP)
    after = play(before, "0:7c")
    assert after.events[-1] == Skipped(1)
    presenter = ClimbPresenter(["You", "Aiko", "Bruno", "Chen"])
    assert presenter.narrate(parse_action("0:7c"), observe(before, 2), observe(after, 2)) == (
        "You play the 7 of clubs — Aiko is skipped")
    assert presenter.view(observe(after, 1), ["human"] + ["easy"] * 3)["history"][-1] == (
        "Aiko is skipped")
    assert not isinstance(play(before, "0:pass").events[-1], Skipped)


def test_without_the_skip_option_a_matching_rank_is_not_allowed():
    state = position(["7c 3c", "7d 4d", "5h 8h", "6s 9s"], trick=["3:7h"])
    assert "7c" not in moves(state)
    rejects(state, "0:7c", "does not beat")


def test_the_best_rank_cannot_be_matched_to_skip():
    state = position(["2c 3c", "7d 4d", "5h 8h", "6s 9s"], trick=["3:2h"], rules=SKIP)
    assert "2c" not in moves(state)
    rejects(state, "0:2c", "the best rank cannot be matched")
    revolution = position(["3c 4c", "7d", "5h", "6s"], trick=["3:3h"], rules=SKIP,
                          revolution=True)
    assert "3c" not in moves(revolution)


def test_the_deal_is_one_card_at_a_time_from_the_first_leader():
    for players in range(4, 9):
        state = initial_state(RULES, players, seed=players)
        deal = chance_action(state)
        sizes = [len(h) for h in deal.hands]
        base, extra = divmod(54, players)
        expected = [base + ((s - deal.leader) % players < extra) for s in range(players)]
        assert sizes == expected
        assert Counter(c for h in deal.hands for c in h) == Counter(RULES.deck())


def test_the_first_leader_is_drawn_by_chance():
    leaders = {new_game(RULES, 5, seed).actor for seed in range(30)}
    assert len(leaders) > 1


def test_a_deal_may_name_any_first_leader():
    state = initial_state(RULES, 4, 0)
    deal = chance_action(state)
    other = (deal.leader + 1) % 4
    sizes = [len(h) for h in deal.hands]
    assert sorted(sizes) == [13, 13, 14, 14]
    state = step(state, Deal(deal.hands, other))
    assert state.actor == other


def won_in_seat_order(players):
    hands = ["3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc"][:players]
    state = position(hands, to_act=0)
    for seat in range(players - 1):
        state = step(state, Play(seat, state.hands[seat]))
    return state


@pytest.mark.parametrize(("players", "titles"), [
    (4, ("President", "Prime Minister", "Peasant", "Beggar")),
    (5, ("President", "Prime Minister", "Citizen", "Peasant", "Beggar")),
    (7, ("President", "Prime Minister", "Citizen", "Citizen", "Citizen", "Peasant", "Beggar")),
])
def test_titles_by_place(players, titles):
    state = won_in_seat_order(players)
    assert observe(step(state, chance_action(state)), 0).titles() == titles


def test_points_start_at_fifty_and_follow_the_titles():
    state = won_in_seat_order(5)
    assert state.scores == (55, 50, 45, 40, 35)


def test_exchange_beggar_two_highest_to_president_peasant_one_to_prime_minister():
    state = won_in_seat_order(5)
    state = step(state, chance_action(state))
    forced = [(t.giver, t.receiver, t.count) for t in state.events if isinstance(t, Transfer)]
    assert forced == [(4, 0, 2), (3, 1, 1)]
    assert [(o.giver, o.receiver, o.count) for o in state.owed] == [(0, 4, 2), (1, 3, 1)]
    beggar_gave = next(t for t in state.events if isinstance(t, Transfer)).cards
    assert all(RULES.card_key(c) >= max(map(RULES.card_key, state.hands[4]))
               for c in beggar_gave)


def test_the_beggar_leads_later_rounds():
    state = won_in_seat_order(4)
    state = step(state, chance_action(state))
    state = step(state, legal_actions(state, 0)[0])
    state = step(state, legal_actions(state, 1)[0])
    assert state.phase is Phase.PLAY and state.actor == 3


def test_the_game_ends_after_the_round_in_which_someone_reaches_zero():
    state = position(["3c", "4c", "5c", "6c"], to_act=0, places=[(0, 1, 2, 3)],
                     scores=[70, 50, 30, 15])
    for seat in range(3):
        state = step(state, Play(seat, state.hands[seat]))
    result = outcome(state)
    assert state.phase is Phase.OVER
    assert result.scores == (75, 50, 20, 0) and result.winners == (0,)


def test_the_game_goes_on_while_everyone_is_above_zero():
    state = won_in_seat_order(4)
    assert state.phase is Phase.DEAL and outcome(state) is None


@pytest.mark.parametrize("players", [3, 9])
def test_president_is_for_four_to_eight_players(players):
    with pytest.raises(BadOptions, match="4 to 8 players"):
        initial_state(RULES, players, 0)


def test_presets_and_options():
    assert make_rules("president", "president-bga") == PresidentRules()
    assert make_rules("president", options={"skip": True}).skip
    with pytest.raises(BadOptions, match="the options are cut, eleven_back, lock, skip"):
        make_rules("president", options={"skips": True})


def test_a_trick_is_won_when_the_turn_comes_back_past_a_skipped_player():
    state = position(["5c 9c", "5d 9h", "6d 7d", "6s 8s"], rules=SKIP)
    for move in ("0:5c", "1:5d", "3:pass", "0:pass"):  # seat 2 lost its turn to the skip
        state = play(state, move)
    assert state.trick == () and state.actor == 1


# ------------------------------------------------------------ house rules (issue 28)


def test_the_eight_cut_clears_the_trick_and_its_player_leads_again():
    rules = PresidentRules(cut="8")
    state = play(position(["5h 8c 8d Kd", "6h 6s", "3c 4c", "6c 7d"], rules=rules), "0:5h")
    state = play(state, "1:6h")
    state = play(state, "2:pass")
    state = play(state, "3:7d")
    state = play(state, "0:8c")
    assert state.trick == () and state.actor == 0
    plain = play(play(play(play(position(["5h 8c 8d Kd", "6h 6s", "3c 4c", "6c 7d"]),
                                "0:5h"), "1:6h"), "2:pass"), "3:7d")
    assert play(plain, "0:8c").trick != ()  # without the option, an 8 is an 8


def test_matching_suits_lock_the_trick_and_a_joker_still_beats_it():
    rules = PresidentRules(lock=True)
    state = position(["5h 9c Kd", "6h 7s", "Qc X", "Th Jd"], rules=rules)
    state = play(play(state, "0:5h"), "1:6h")
    assert state.lock == frozenset({parse_cards("5h")[0].suit})
    rejects(state, "2:Qc", "locked to hearts")
    assert moves(state) == {"X", "pass"}
    assert moves(play(state, "2:pass")) == {"Th", "pass"}
    assert PresidentRules().lock_after(parse_action("1:6h"), parse_action("0:5h"),
                                       frozenset()) == frozenset()


def test_a_jack_reverses_the_order_until_the_trick_clears():
    rules = PresidentRules(eleven_back=True)
    state = play(position(["Jh 4c 8d", "5s Ks", "3c 2c", "Th Qd"], rules=rules), "0:Jh")
    assert state.revolution and state.back
    assert moves(state) == {"5s", "pass"}  # lower ranks beat the Jack now
    state = play(play(play(state, "1:5s"), "2:3c"), "3:pass")
    state = play(play(state, "0:pass"), "1:pass")
    assert state.trick == () and not state.revolution and not state.back
