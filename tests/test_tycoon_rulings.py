"""One test per rule of Tycoon, as its rule text and rulings state it (docs/RULES.md)."""

from collections import Counter

import pytest

from engine import (
    CHANCE,
    BadOptions,
    Deal,
    Give,
    IllegalAction,
    NotYourTurn,
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
from engine.catalogue import GAMES
from engine.families.climbing.rules.machine import observe
from engine.families.climbing.rules.state import Phase, Transfer
from engine.families.climbing.rules.tycoon import TycoonRules
from engine.families.climbing.rules.tycoon_presets import (
    PRESET_TITLES,
    PRESETS,
    RULES_HELP,
    TUTORIAL,
)

STANDARD = TycoonRules()
P5R = TycoonRules(order="p5r")


def position(hands, to_act=0, trick=(), rules=STANDARD, **kw):
    return setup(rules, [parse_cards(h) for h in hands], to_act,
                 trick=[parse_action(t) for t in trick], **kw)


def play(state, text):
    return step(state, parse_action(text))


def moves(state, seat=None):
    seat = state.actor if seat is None else seat
    return {str(a).partition(":")[2] for a in legal_actions(state, seat)}


def rejects(state, text, message):
    with pytest.raises(IllegalAction, match=message):
        step(state, parse_action(text))


# ------------------------------------------------------------ order and sets


def test_default_order_two_is_lowest_and_ace_highest():
    state = position(["Ac 2c", "Kd", "3h"], trick=["2:Kh"])
    assert moves(state) == {"Ac", "pass"}


def test_p5r_order_three_is_lowest_and_two_highest():
    state = position(["2c 3c", "Kd", "4h"], trick=["2:Ah"], rules=P5R)
    assert moves(state) == {"2c", "pass"}


def test_a_play_must_match_the_number_of_cards_on_the_table():
    state = position(["9c 9d 9h", "Kd", "3h"], trick=["2:5c 5d"])
    rejects(state, "0:9c 9d 9h", "two cards needed: the table holds a pair")
    assert step(state, parse_action("0:9c 9d")).top == Play(0, parse_cards("9c 9d"))


def test_a_play_must_be_strictly_stronger():
    state = position(["9c Tc", "Kd", "3h"], trick=["2:9d"])
    rejects(state, "0:9c", "the 9 of clubs does not beat the 9 of diamonds")
    assert "Tc" in moves(state)


def test_a_set_is_one_rank():
    state = position(["9c Tc", "Kd", "3h"])
    rejects(state, "0:9c Tc", "not all one rank")


def test_a_play_is_at_most_four_cards():
    state = position(["9c 9d 9h 9s X", "Kd", "3h"])
    rejects(state, "0:9c 9d 9h 9s X", "1 to 4 cards")


def test_the_leader_must_play():
    state = position(["9c", "Kd", "3h"])
    rejects(state, "0:pass", "you lead this trick")


def test_only_the_seat_to_act_may_act():
    state = position(["9c", "Kd", "3h"])
    with pytest.raises(NotYourTurn):
        step(state, parse_action("1:Kd"))


def test_you_cannot_play_cards_you_do_not_hold():
    state = position(["9c", "Kd", "3h"])
    rejects(state, "0:9d", "you don't hold the 9 of diamonds")


# ------------------------------------------------------------ passing and tricks


def test_pass_locks_you_out_of_the_trick():
    state = position(["5c Tc", "6c Jc", "7d Qc", "8c Kc"], trick=["3:4c"])
    state = play(state, "0:pass")
    state = play(state, "1:6c")
    state = play(state, "2:Qc")
    state = play(state, "3:Kc")
    assert state.actor == 1  # seat 0 passed, so it is skipped until the trick ends
    assert legal_actions(state, 0) == []


def test_trick_ends_when_everyone_else_has_passed_and_the_last_player_leads():
    state = position(["5c Tc", "6c Jc", "9d Qc"], trick=["2:8d"], to_act=0)
    state = play(state, "0:pass")
    state = play(state, "1:pass")
    assert state.trick == () and state.actor == 2


def test_when_the_trick_winner_is_out_the_next_player_leads():
    state = position(["5c Tc", "6c Jc", "Kd", "3d 4d"], trick=["3:8d"], to_act=2)
    state = play(state, "2:Kd")  # seat 2 goes out
    state = play(state, "3:pass")
    state = play(state, "0:pass")
    state = play(state, "1:pass")
    assert state.trick == () and state.actor == 3


def test_a_player_who_goes_out_leaves_the_others_to_beat_their_play():
    state = position(["5c Ac", "6c Jc", "Kd", "3d 4d"], trick=["1:8d"], to_act=2)
    state = play(state, "2:Kd")
    assert state.out == (2,) and state.actor == 3
    assert moves(state) == {"pass"}


# ------------------------------------------------------------ Jokers


def test_a_joker_is_wild_in_a_set():
    state = position(["9c X", "Kd", "3h"], trick=["2:5c 5d"])
    assert "9c X" in moves(state)
    assert play(state, "0:9c X").top.cards == parse_cards("9c X")


def test_a_set_of_jokers_with_naturals_takes_the_naturals_rank():
    state = position(["9c X", "Kd", "3h"], trick=["2:Tc Td"])
    rejects(state, "0:9c X", "two 9s with a Joker do not beat two 10s")


def test_jokers_alone_make_only_a_single_or_a_pair():
    state = position(["X X 3c", "Kd", "3h"])
    assert {"X", "X X"} <= moves(state)


def test_a_lone_joker_beats_any_single():
    state = position(["X 3c", "Kd", "3h"], trick=["2:Ah"])
    assert "X" in moves(state)


def test_two_jokers_beat_any_pair():
    state = position(["X X 3c", "Kd", "3h"], trick=["2:Ah As"])
    assert "X X" in moves(state)


def test_nothing_beats_a_pair_of_jokers():
    state = position(["2s 2c 3c", "Kd", "3h"], trick=["2:X X"])
    assert moves(state) == {"pass"}
    rejects(state, "0:2s 2c", "nothing beats a pair of Jokers")


def test_joker_plays_never_beat_each_other():
    state = position(["X 3c", "Kd", "3h"], trick=["2:X"])
    assert "X" not in moves(state)


def test_the_two_of_spades_beats_a_lone_joker_and_wins_the_trick():
    state = position(["2s 5c", "Kd", "3h Ah"], trick=["2:X"])
    assert moves(state) == {"2s", "pass"}
    state = play(state, "0:2s")
    assert state.trick == () and state.actor == 0


def test_two_of_spades_beats_a_lone_joker_in_revolution():
    state = position(["2s 5c", "Kd", "3h Ah"], trick=["2:X"], revolution=True)
    assert moves(state) == {"2s", "pass"}
    assert play(state, "0:2s").actor == 0


def test_other_cards_cannot_beat_a_lone_joker():
    state = position(["2c 5c Ac", "Kd", "3h Ah"], trick=["2:X"])
    assert moves(state) == {"pass"}
    rejects(state, "0:Ac", "only the 2 of spades beats a lone Joker")


def test_the_low_spade_has_no_other_power():
    state = position(["2s 5c", "Kd", "3h Ah"], trick=["2:4h"])
    assert "2s" not in moves(state)


def test_p5r_three_of_spades_beats_a_lone_joker():
    state = position(["3s 2s", "Kd", "3h Ah"], trick=["2:X"], rules=P5R)
    assert moves(state) == {"3s", "pass"}


def test_jokers_stay_on_top_in_a_revolution():
    state = position(["X 3c", "Kd", "2h"], trick=["2:2c"], revolution=True)
    assert "X" in moves(state)


# ------------------------------------------------------------ lucky 7s


def test_lucky_seven_wins_the_trick():
    state = position(["7c 3c", "Kd", "3h Ah"], trick=["2:5h"])
    state = play(state, "0:7c")
    assert state.trick == () and state.actor == 0


def test_lucky_sevens_with_a_joker_win_the_trick():
    state = position(["7c X 3c", "Kd", "3h Ah"], trick=["2:5h 5d"])
    state = play(state, "0:7c X")
    assert state.trick == () and state.actor == 0


def test_a_lucky_seven_must_still_beat_the_table():
    state = position(["7c 3c", "Kd", "3h Ah"], trick=["2:9h"])
    rejects(state, "0:7c", "does not beat")


def test_refused_sevens_say_that_lucky_sevens_must_beat_the_table_and_the_help_says_so():
    """A newcomer who reads "lucky 7s" as "7s always play" is told otherwise: by the rules
    help, and by the refusal of 7s on a pair of Queens."""
    state = position(["7c 7d 4h", "Kd", "3h Ah"], trick=["2:Qh Qd"])
    rejects(state, "0:7c 7d", "^two 7s do not beat two Queens; 7s win a trick only when "
                              "they beat the table$")
    rejects(state, "0:7c", "^two cards needed: the table holds a pair; 7s win a trick")
    rejects(position(["8c 7c", "Kd", "3h Ah"], trick=["2:9h"], rules=P5R), "0:8c",
            "^the 8 of clubs does not beat the 9 of hearts; 8s win a trick only when")
    rejects(position(["9c 7c", "Kd", "3h Ah"], trick=["2:Th"]), "0:9c",
            "^the 9 of clubs does not beat the 10 of hearts$")
    assert ("Lucky 7s: any play of 7s that beats the table also wins it at once"
            in " ".join(RULES_HELP))


def test_lucky_sevens_when_led_win_at_once():
    state = position(["7c 7d 3c", "Kd", "3h Ah"])
    assert play(state, "0:7c 7d").actor == 0


def test_p5r_lucky_rank_is_eight():
    state = position(["8c 7c 3c", "Kd", "3h Ah"], trick=["2:4h"], rules=P5R)
    assert play(state, "0:8c").actor == 0
    assert play(state, "0:7c").actor == 1


def test_a_lucky_seven_that_goes_out_passes_the_lead_on():
    state = position(["7c", "Kd", "3h Ah"], trick=["2:4h"])
    state = play(state, "0:7c")
    assert state.out == (0,) and state.actor == 1


# ------------------------------------------------------------ revolutions


def test_four_of_a_kind_starts_a_revolution():
    state = position(["9c 9d 9h 9s 3c", "Kd 4c", "3h Ah"])
    state = play(state, "0:9c 9d 9h 9s")
    assert state.revolution
    state = play(state, "0:pass") if state.actor == 0 else state
    # in revolution a 4 beats a King
    after = setup(STANDARD, [parse_cards("3c"), parse_cards("Kd 4c"), parse_cards("3h Ah")], 1,
                  trick=[parse_action("0:5c")], revolution=True)
    assert moves(after) == {"4c", "pass"}


def test_four_cards_with_a_joker_start_a_revolution():
    state = position(["9c 9d 9h X 3c", "Kd 4c", "3h Ah"])
    assert play(state, "0:9c 9d 9h X").revolution


def test_counter_revolution_restores_the_order():
    state = position(["9c 9d 9h 9s 3c", "5c 5d 5h 5s 4c", "3h Ah"], trick=["2:Jc Jd Jh Js"],
                     revolution=True)
    state = play(state, "0:9c 9d 9h 9s")
    assert not state.revolution
    assert moves(state) == {"pass"}  # four 5s no longer beat four 9s


def test_a_revolution_lasts_for_the_rest_of_the_round():
    state = position(["9c 9d 9h 9s 3c 4c", "Kd 5c", "3h Ah"])
    state = play(state, "0:9c 9d 9h 9s")
    state = play(state, "1:pass")
    state = play(state, "2:pass")
    assert state.revolution and state.trick == ()  # a new trick, still in revolution
    state = play(state, "0:4c")
    assert moves(state) == {"pass"}  # seat 1's King and 5 are weaker than a 4 now
    assert moves(play(state, "1:pass")) == {"3h", "pass"}


def test_four_sevens_revolt_and_win_the_trick():
    state = position(["7c 7d 7h 7s 3c", "Kd", "3h Ah"])
    state = play(state, "0:7c 7d 7h 7s")
    assert state.revolution and state.trick == () and state.actor == 0


# ------------------------------------------------------------ deals, leaders, places


def test_fifty_four_cards_deal_two_hands_of_fourteen():
    state = new_game(STANDARD, 4, seed=3)
    assert sorted(map(len, state.hands)) == [13, 13, 14, 14]
    assert Counter(c for h in state.hands for c in h) == Counter(STANDARD.deck())


def test_without_jokers_everyone_gets_thirteen():
    state = new_game(TycoonRules(jokers=0), 4, seed=3)
    assert list(map(len, state.hands)) == [13, 13, 13, 13]


def test_the_holder_of_the_two_of_hearts_leads_the_first_round():
    for seed in range(5):
        state = new_game(STANDARD, 4, seed)
        assert parse_cards("2h")[0] in state.hands[state.actor]


def test_p5r_the_holder_of_the_three_of_hearts_leads_the_first_round():
    for seed in range(5):
        state = new_game(P5R, 4, seed)
        assert parse_cards("3h")[0] in state.hands[state.actor]


def test_the_first_leader_need_not_play_the_two_of_hearts():
    state = new_game(STANDARD, 4, seed=1)
    hand = state.hands[state.actor]
    assert len(moves(state)) > 1 and any(c for c in hand if str(c) != "2h")


def test_a_deal_naming_the_wrong_leader_is_refused():
    state = initial_state(STANDARD, 4, 0)
    deal = chance_action(state)
    with pytest.raises(IllegalAction, match="leads this round"):
        step(state, Deal(deal.hands, (deal.leader + 1) % 4))


def first_round_won_in_seat_order(players=4, rules=STANDARD):
    """A first round in which seats 0, 1, 2, ... go out in that order."""
    state = position(["3c", "4c", "5c", "6c"][:players], to_act=0, rules=rules)
    for seat in range(players - 1):
        state = step(state, Play(seat, state.hands[seat]))
    assert state.places == (tuple(range(players)),)
    return state


def test_places_score_three_two_one_zero():
    state = position(["3c", "4c", "5c", "6c"], to_act=2)
    state = play(state, "2:5c")
    state = play(state, "3:6c")
    state = play(state, "0:pass")
    state = play(state, "1:pass")
    # seat 2 and 3 are out; seat 3's single is the last play, so seat 0 leads
    state = play(state, "0:3c")
    assert state.places == ((2, 3, 0, 1),)
    assert state.scores == (1, 0, 3, 2)


def test_the_round_ends_when_only_one_player_has_cards():
    state = position(["3c", "4c 4d", "5c"], to_act=0)
    state = play(state, "0:3c")
    state = play(state, "1:4c")
    state = play(state, "2:5c")
    assert state.phase is Phase.DEAL and state.places == ((0, 2, 1),)


def round_two(hands, places=(0, 1, 2, 3), rules=STANDARD, to_act=3, **kw):
    return position(hands, to_act=to_act, rules=rules, places=[places], **kw)


def test_later_rounds_give_fourteen_cards_to_tycoon_and_rich_man():
    state = position(["3c", "4c", "5c", "6c"], to_act=2)
    for move in ("2:5c", "3:6c", "0:pass", "1:pass", "0:3c"):
        state = play(state, move)
    assert state.places == ((2, 3, 0, 1),)
    assert [len(h) for h in chance_action(state).hands] == [13, 13, 14, 14]


def test_the_beggar_leads_later_rounds():
    state = first_round_won_in_seat_order()
    state = step(state, chance_action(state))
    state = step(state, Give(0, state.hands[0][:2]))
    state = step(state, Give(1, state.hands[1][:1]))
    assert state.phase is Phase.PLAY and state.actor == 3


def test_exchange_the_beggar_gives_the_two_highest_and_the_poor_man_the_highest():
    state = first_round_won_in_seat_order()  # Tycoon 0, Rich Man 1, Poor Man 2, Beggar 3
    deal = chance_action(state)
    state = step(state, deal)
    beggar_top2 = sorted(deal.hands[3], key=STANDARD.card_key)[-2:]
    poor_top = sorted(deal.hands[2], key=STANDARD.card_key)[-1:]
    forced = [e for e in state.events if isinstance(e, Transfer)]
    assert forced == [Transfer(3, 0, 2, tuple(beggar_top2), False),
                      Transfer(2, 1, 1, tuple(poor_top), False)]
    assert state.phase is Phase.GIVE and state.actor == 0


def test_jokers_count_as_highest_in_the_exchange():
    state = first_round_won_in_seat_order()
    deck = sorted(STANDARD.deck(), key=STANDARD.card_key)  # 2c 2d ... As X X
    beggar = deck[-2:] + deck[:11]  # both Jokers and the eleven lowest cards
    rest = deck[11:-2]
    hands = (tuple(rest[:14]), tuple(rest[14:28]), tuple(rest[28:]), tuple(beggar))
    state = step(state, Deal(hands, leader=3))
    taken = next(e for e in state.events if isinstance(e, Transfer) and e.giver == 3)
    assert taken.receiver == 0 and [str(c) for c in taken.cards] == ["X", "X"]


def test_tycoon_and_rich_man_choose_what_to_give_back_even_cards_just_received():
    state = first_round_won_in_seat_order()
    state = step(state, chance_action(state))
    received = next(e for e in state.events if isinstance(e, Transfer)).cards
    gives = legal_actions(state, 0)
    assert all(isinstance(g, Give) and len(g.cards) == 2 for g in gives)
    assert Give(0, received) in gives
    state = step(state, Give(0, received))
    rejects(state, "1:give 3c 4c", "give exactly 1 card")
    assert state.actor == 1 and all(len(g.cards) == 1 for g in legal_actions(state, 1))


def test_seats_owing_cards_cannot_play_before_giving():
    state = first_round_won_in_seat_order()
    state = step(state, chance_action(state))
    with pytest.raises(IllegalAction, match="first give 2 cards"):
        step(state, Play(0, state.hands[0][:1]))


# ------------------------------------------------------------ bankruptcy


def test_bankrupt_tycoon_becomes_beggar():
    # Tycoon of the last round is seat 0; seat 2 goes out first.
    state = round_two(["3c 4c", "5c 6c", "Ac", "9c 9d"], to_act=2)
    state = play(state, "2:Ac")
    assert state.bankrupt == 0 and state.hands[0] == ()
    for move in ("3:pass", "1:pass", "3:9c 9d"):  # the bankrupt seat 0 is skipped
        state = play(state, move)
    assert state.places[-1] == (2, 3, 1, 0)
    assert state.scores == (0, 1, 3, 2)


def test_no_bankruptcy_when_the_tycoon_goes_out_first():
    state = round_two(["3c", "5c 6c", "Ac Kc", "9c 9d"], to_act=0)
    state = play(state, "0:3c")
    assert state.bankrupt is None and state.out == (0,)


def test_no_bankruptcy_in_the_first_round():
    state = position(["3c 4c", "5c 6c", "Ac", "9c 9d"], to_act=2)
    assert play(state, "2:Ac").bankrupt is None


def test_bankruptcy_can_be_turned_off():
    rules = TycoonRules(bankruptcy=False)
    state = round_two(["3c 4c", "5c 6c", "Ac", "9c 9d"], to_act=2, rules=rules)
    state = play(state, "2:Ac")
    assert state.bankrupt is None and state.hands[0]


def test_only_the_first_player_out_can_bankrupt_the_tycoon():
    state = round_two(["3c 4c", "5c", "Ac", "9c 9d"], to_act=0, places=(1, 0, 2, 3))
    state = play(state, "0:3c")  # the previous Rich Man... seat 1 was Tycoon
    assert state.bankrupt is None
    state = round_two(["3c 4c", "5c", "Ac", "9c 9d"], to_act=1, places=(1, 0, 2, 3))
    state = play(state, "1:5c")
    assert state.bankrupt is None and state.out == (1,)


# ------------------------------------------------------------ three players


def test_three_players_deal_the_whole_deck():
    assert sorted(map(len, new_game(TycoonRules(jokers=0), 3, 1).hands)) == [17, 17, 18]
    assert list(map(len, new_game(STANDARD, 3, 1).hands)) == [18, 18, 18]


def test_three_player_titles_and_points():
    state = first_round_won_in_seat_order(players=3)
    obs = observe(step(state, chance_action(state)), 0)
    assert obs.titles() == ("Tycoon", "Bourgeoisie", "Beggar")
    assert state.scores == (2, 1, 0)


def test_three_players_later_round_gives_the_extra_card_to_the_tycoon():
    state = position(["3c", "4c", "5c"], to_act=1, rules=TycoonRules(jokers=0))
    state = play(play(state, "1:4c"), "2:5c")
    assert state.places == ((1, 2, 0),)
    assert [len(h) for h in chance_action(state).hands] == [17, 18, 17]


def test_three_players_only_tycoon_and_beggar_exchange():
    state = first_round_won_in_seat_order(players=3)
    state = step(state, chance_action(state))
    transfers = [e for e in state.events if isinstance(e, Transfer)]
    assert [(t.giver, t.receiver, t.count) for t in transfers] == [(2, 0, 2)]
    assert [(o.giver, o.receiver, o.count) for o in state.owed] == [(0, 2, 2)]


def test_three_player_bankrupt_tycoon_gets_a_card_of_choice_and_plays_on():
    state = round_two(["3c 4c", "Ac", "9c 9d"], places=(0, 1, 2), to_act=1)
    state = play(state, "1:Ac")
    assert state.bankrupt is None and state.phase is Phase.GIVE and state.actor == 2
    assert {str(g) for g in legal_actions(state, 2)} == {"2:give 9c", "2:give 9d"}
    state = play(state, "2:give 9d")
    assert state.phase is Phase.PLAY
    assert [str(c) for c in state.hands[0]] == ["3c", "4c", "9d"]
    assert state.actor == 2  # seat 1 won the trick and is out; seat 2 is next


# ------------------------------------------------------------ games


def test_the_game_ends_after_the_set_number_of_rounds_and_the_most_points_win():
    rules = TycoonRules(rounds=2)
    state = first_round_won_in_seat_order(rules=rules)
    assert state.phase is Phase.DEAL and outcome(state) is None
    state = position(["3c", "4c", "5c", "6c"], to_act=1, rules=rules, places=[(0, 1, 2, 3)],
                     scores=[3, 2, 1, 0])
    state = play(state, "1:4c")  # seat 1 goes out first: the Tycoon, seat 0, is bankrupt
    state = play(state, "2:5c")
    result = outcome(state)
    assert state.phase is Phase.OVER and state.places[-1] == (1, 2, 3, 0)
    assert result.scores == (3, 5, 3, 1) and result.winners == (1,)


def test_an_endless_game_never_ends():
    import random

    from engine.players.levels import GreedyBot

    rules = TycoonRules(rounds=0)
    state = new_game(rules, 4, 5)
    bot, rng = GreedyBot(), random.Random(0)
    while len(state.places) < 7:
        actor = state.actor
        action = chance_action(state) if actor == CHANCE else bot.choose(observe(state, actor),
                                                                          rng)
        state = step(state, action)
    assert outcome(state) is None and state.round_no == 8


# ------------------------------------------------------------ options


def test_options_reject_unknown_names_and_list_the_valid_ones():
    with pytest.raises(BadOptions, match="unknown option joker; the options are all_pass, "
                                         "bankruptcy, cut, eleven_back, "
                                         "five_skip, fives, forbidden_finish, "
                                         "joker_past_ends, jokers, lead, lock, "
                                         "nine_reverse, order, points_from_one, rounds, "
                                         "sequence_revolution, sequences, seven_pass, "
                                         "ten_discard"):
        make_rules("tycoon", options={"joker": 0})


@pytest.mark.parametrize(("name", "value", "valid"), [
    ("jokers", 3, "one of 0, 1, 2"),
    ("order", "p5", "one of 'standard', 'p5r'"),
    ("bankruptcy", "yes", "true or false"),
    ("rounds", -1, "at least 0"),
    ("jokers", True, "one of 0, 1, 2"),
])
def test_options_reject_bad_values_and_say_what_is_allowed(name, value, valid):
    with pytest.raises(BadOptions, match=valid):
        make_rules("tycoon", options={name: value})


def test_tycoon_is_for_three_to_five_players():
    with pytest.raises(BadOptions, match="3 or 4 players, or 5"):
        initial_state(STANDARD, 6, 0)


def test_the_rules_help_says_which_rule_set_seats_how_many_and_every_preset_takes_all():
    """The options offer 3, 4 and 5 players with every rule set: the help says whose
    counts they are (the rule text's 4 and its 3, the UECda contest's 5) and that any
    rule set takes any of them."""
    counts = RULES_HELP[0]
    assert "The rule text is for 4 players, with a variant for 3" in counts
    assert "the UECda contest plays with 5" in counts
    assert "Every rule set here may be played by 3, 4 or 5" in counts
    assert GAMES["tycoon"].players == (3, 4, 5)
    for rules in PRESETS.values():
        for players in (3, 4, 5):
            assert initial_state(rules, players, 0).players == players


def test_the_order_is_told_where_a_newcomer_reads():
    """Daifugō is usually played 3 low and 2 high; this rule text plays 2 low and Ace
    high, and the tile, the help, the guided trick's first caption and the preset's name
    say so."""
    tycoon = GAMES["tycoon"]
    assert "2 low and Ace high" in tycoon.description
    assert RULES_HELP[1].startswith("Order, weakest to strongest: 2, 3 … 10, Jack, Queen, "
                                    "King, Ace, then the Jokers")
    assert "the 2 is the lowest card and the Ace the highest" in TUTORIAL["intro"]
    assert PRESET_TITLES["tycoon-seed"] == "Standard (2 low, Ace high)"
    assert "(3 low, 2 high)" in PRESET_TITLES["tycoon-p5r"]


def test_presets_match_the_seed_and_its_p5r_note():
    assert make_rules("tycoon", "tycoon-seed") == TycoonRules()
    assert make_rules("tycoon", "tycoon-p5r").order == "p5r"


def test_exchanged_cards_are_seen_only_by_the_two_seats_involved():
    state = first_round_won_in_seat_order()
    state = step(state, chance_action(state))
    state = step(state, legal_actions(state, 0)[0])
    for seat in range(4):
        seen = [e for e in observe(state, seat).events if isinstance(e, Transfer)]
        for event in seen:
            assert bool(event.cards) == (seat in (event.giver, event.receiver))
            assert event.count == len(next(
                e for e in state.events if isinstance(e, Transfer) and e.giver == event.giver
            ).cards)


def test_three_player_gift_of_the_last_card_goes_out():
    state = round_two(["3c 4c", "Ac", "9c"], places=(0, 1, 2), to_act=1)
    state = play(state, "1:Ac")
    state = play(state, "2:give 9c")
    assert state.places[-1] == (1, 2, 0) and state.phase is Phase.DEAL
