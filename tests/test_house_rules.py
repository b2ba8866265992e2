"""Tycoon's house rules (issue 28), one test per rule and its interactions: sequences,
the lucky rank (8-cut), suit lock and 11-back. Each is off unless its option is on."""

import pytest
from hypothesis import strategies as st

from engine import IllegalAction, legal_actions, parse_cards, setup, step
from engine.api import Session
from engine.core.options import option_infos
from engine.families.climbing.rules.machine import observe
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import DISCARD_PILE, Owed, Phase
from engine.families.climbing.rules.tycoon import TycoonRules
from engine.families.climbing.rules.tycoon_presets import PRESET_TITLES, PRESETS, RULES_HELP
from engine.families.climbing.words.play_words import describe_play
from engine.families.climbing.words.views import ClimbPresenter
from engine.players.advice import explain

HOUSE_RULES = st.fixed_dictionaries({
    "sequences": st.booleans(), "sequence_revolution": st.booleans(), "lock": st.booleans(),
    "eleven_back": st.booleans(), "five_skip": st.booleans(), "nine_reverse": st.booleans(),
    "seven_pass": st.booleans(), "ten_discard": st.booleans(),
    "forbidden_finish": st.booleans(),
    "cut": st.sampled_from(["seed", "7", "8", "none"]),
    "order": st.sampled_from(["standard", "p5r"]), "jokers": st.sampled_from([0, 1, 2]),
    "bankruptcy": st.booleans(), "fives": st.booleans(), "all_pass": st.booleans(),
    "lead": st.sampled_from(["heart", "diamond"]), "points_from_one": st.booleans(),
    "joker_past_ends": st.booleans()})
"""Tycoon's options, the house rules among them, in any combination (the property tests
of tests/test_properties.py and tests/test_bots.py draw from it)."""

PRESIDENT_HOUSE_RULES = st.fixed_dictionaries({
    "skip": st.booleans(), "cut": st.sampled_from(["none", "8"]), "lock": st.booleans(),
    "eleven_back": st.booleans()})
"""President's options in any combination."""

SEQUENCES = TycoonRules(sequences=True, cut="none")  # no 7 clears a trick here


def position(hands, rules, to_act=0):
    return setup(rules, [parse_cards(h) for h in hands], to_act)


def play(state, *texts):
    for text in texts:
        state = step(state, state.rules.parse_action(text))
    return state


def moves(state, seat=None):
    seat = state.actor if seat is None else seat
    return {str(a).partition(":")[2] for a in legal_actions(state, seat)}


def rejects(state, text, message):
    with pytest.raises(IllegalAction, match=message):
        step(state, state.rules.parse_action(text))


# ------------------------------------------------------------ sequences


def test_without_the_option_a_sequence_is_not_a_play():
    state = position(["5s 6s 7s", "Kd", "3h"], TycoonRules())
    rejects(state, "0:5s 6s 7s", "not all one rank")
    assert moves(state) == {"5s", "6s", "7s"}


def test_a_sequence_is_three_or_more_consecutive_ranks_of_one_suit():
    state = position(["5s 6s 7s 8s 6h", "Kd", "3h"], SEQUENCES)
    assert {"5s 6s 7s", "6s 7s 8s", "5s 6s 7s 8s"} <= moves(state)
    rejects(state, "0:5s 6s", "3 or more cards of one suit")
    rejects(state, "0:5s 6h 7s", "all one suit")
    rejects(state, "0:5s 7s 8s", "consecutive ranks")


def test_jokers_fill_any_gap_and_are_written_with_the_card_they_stand_for():
    state = position(["5s 7s X", "Kd", "3h"], SEQUENCES)
    assert {"5s X=6s 7s", "X=4s 5s X=6s"} & moves(state) == {"5s X=6s 7s"}
    after = play(state, "0:5s X=6s 7s")
    top = after.top
    assert isinstance(top, RunPlay) and str(top) == "0:5s X=6s 7s"
    assert describe_play(top) == "a 5-6-7 sequence of spades with a Joker as the 6"
    rejects(state, "0:5s 7s X", "say which card each Joker")


def test_the_same_cards_offer_every_place_their_jokers_can_take():
    plays = SEQUENCES.plays_of_cards(0, parse_cards("5s X X"))
    assert [str(p) for p in plays] == ["0:5s X X", "0:X=3s X=4s 5s", "0:X=4s 5s X=6s",
                                       "0:5s X=6s X=7s"]


def test_a_sequence_answers_only_a_sequence_as_long_and_stronger_throughout():
    state = position(["8h 9h Th Jh 6c 7c 8c 9c", "3h 4d", "5s 6s 7s Kd"], SEQUENCES, to_act=2)
    state = play(state, "2:5s 6s 7s")
    assert moves(state) == {"8h 9h Th", "9h Th Jh", "pass"}
    rejects(state, "0:6c 7c 8c", "its weakest card must beat the other's strongest")
    rejects(state, "0:8h 9h Th Jh", "as many cards")
    rejects(state, "0:Jh", "only a sequence of 3 cards beats a sequence")


def test_a_set_is_not_answered_by_a_sequence():
    state = position(["8h 9h Th", "3h 4d", "5s 5d Kd"], SEQUENCES, to_act=2)
    state = play(state, "2:5s 5d")
    rejects(state, "0:8h 9h Th", "does not answer two 5s")


def test_in_a_revolution_a_weaker_sequence_is_stronger_throughout():
    state = position(["2h 3h 4h 8h 9h Th", "Qc", "5s 6s 7s Kd"], SEQUENCES, to_act=2)
    state = play(state, "2:5s 6s 7s")
    flipped = setup(SEQUENCES, [state.hands[0], state.hands[1], state.hands[2]], 0,
                    trick=list(state.trick), revolution=True)
    assert moves(flipped) == {"2h 3h 4h", "pass"}


@pytest.mark.parametrize(("rules", "length", "revolts"), [
    (SEQUENCES, 5, False),
    (TycoonRules(sequences=True, sequence_revolution=True), 5, True),
    (TycoonRules(sequences=True, sequence_revolution=True), 4, False),
])
def test_a_long_sequence_is_a_revolution_only_with_its_option(rules, length, revolts):
    run = " ".join(f"{rank}d" for rank in "34567"[:length])
    state = play(position([run + " Kd", "Qc", "Jc"], rules), f"0:{run}")
    assert state.revolution is revolts


# ------------------------------------------------------------ the lucky rank (8-cut)


@pytest.mark.parametrize(("cut", "order", "clears", "stays"), [
    ("seed", "standard", "7c", "8c"),
    ("seed", "p5r", "8c", "7c"),
    ("8", "standard", "8c", "7c"),
    ("7", "p5r", "7c", "8c"),
])
def test_the_lucky_rank_clears_the_trick_and_only_it(cut, order, clears, stays):
    rules = TycoonRules(cut=cut, order=order)
    state = position([f"{clears} {stays} Kd", "3h 4h", "3d 4d"], rules)
    cleared = play(state, f"0:{clears}")
    assert cleared.trick == () and cleared.to_act == 0
    assert play(state, f"0:{stays}").to_act == 1


def test_with_no_lucky_rank_nothing_clears_the_trick_at_once():
    state = position(["7c 8c Kd", "3h 4h", "3d 4d"], TycoonRules(cut="none"))
    assert play(state, "0:7c").to_act == 1 and play(state, "0:8c").to_act == 1


def test_an_eight_inside_a_sequence_cuts_and_so_does_a_joker_standing_for_one():
    rules = TycoonRules(sequences=True, cut="8")
    state = position(["7s 8s 9s 5h 6h 7h X Kd", "3h 4h", "3d 4d"], rules)
    assert play(state, "0:7s 8s 9s").trick == ()
    assert play(state, "0:6h 7h X=8h").trick == ()
    assert play(state, "0:5h 6h 7h").to_act == 1


# ------------------------------------------------------------ suit lock


LOCK = TycoonRules(lock=True)


def test_a_play_of_the_same_suit_locks_the_trick_until_it_clears():
    state = position(["4h 9c", "5h 6c Ks", "9h 9s Jc", "Qd"], LOCK)
    state = play(state, "0:4h", "1:5h")
    assert state.lock == {parse_cards("5h")[0].suit}
    assert moves(state) == {"9h", "pass"}
    rejects(state, "2:9s", "locked to hearts")
    assert observe(state, 3).lock == state.lock
    cleared = play(state, "2:9h", "3:pass", "0:pass", "1:pass")
    assert cleared.trick == () and cleared.lock == frozenset() and cleared.to_act == 2


def test_different_suits_do_not_lock_and_without_the_option_nothing_locks():
    state = position(["4h 9s", "5c Ks", "Th", "Qd"], LOCK)
    assert play(state, "0:4h", "1:5c").lock == frozenset()
    plain = position(["4h 9s", "5h Ks", "Th", "Qd"], TycoonRules())
    assert play(plain, "0:4h", "1:5h").lock == frozenset()


def test_pairs_lock_to_both_suits_and_a_joker_takes_the_suit_that_locks():
    state = position(["4h 4s Qd", "5h X Ks", "9h 9s 9c Td Tc", "Qc"], LOCK)
    locked = play(state, "0:4h 4s", "1:5h X")
    assert {suit.value for suit in locked.lock} == {"h", "s"}
    assert moves(locked) == {"9h 9s", "pass"}


def test_a_sequence_under_a_lock_keeps_its_suit():
    rules = TycoonRules(sequences=True, lock=True, cut="none")
    state = position(["3s 4s 5s 9h Th Jh", "6s 7s 8s Qc", "9s Ts Js 9c Tc Jc", "2d"], rules)
    state = play(state, "0:3s 4s 5s", "1:6s 7s 8s")
    assert {suit.value for suit in state.lock} == {"s"}
    assert moves(state, 2) == {"9s Ts Js", "pass"}
    rejects(play(state, "2:pass", "3:pass"), "0:9h Th Jh", "locked to spades")


# ------------------------------------------------------------ 11-back


BACK = TycoonRules(eleven_back=True)


def test_a_jack_reverses_the_order_until_the_trick_clears():
    state = position(["Jc 3c 5c", "Qd 4d 2d", "Kh", "Ah"], BACK)
    state = play(state, "0:Jc")
    assert state.revolution and state.back and not state.round_revolution
    assert moves(state) == {"4d", "2d", "pass"}
    cleared = play(state, "1:4d", "2:pass", "3:pass", "0:pass")
    assert cleared.trick == () and not cleared.revolution and not cleared.back


def test_a_sequence_revolution_during_an_eleven_back_outlasts_the_trick():
    # A sequence of five with a Jack is both: the trick's order flips twice (back to
    # normal), and the round's revolution stays once the trick clears.
    rules = TycoonRules(sequences=True, sequence_revolution=True, eleven_back=True, cut="none")
    state = position(["7c 8c 9c Tc Jc 5c", "2d 3d 4d 5d 6d Kd", "Qh", "Ah"], rules)
    state = play(state, "0:7c 8c 9c Tc Jc")
    assert not state.revolution and state.back and state.round_revolution
    assert observe(state, 1).round_revolution
    cleared = play(state, "1:pass", "2:pass", "3:pass")
    assert cleared.trick == () and cleared.revolution and not cleared.back
    assert moves(cleared) == {"5c"}


# ------------------------------------------------------------ 5-skip and 9-reverse


def test_a_five_skips_the_next_player():
    rules = TycoonRules(five_skip=True)
    state = position(["5c 9c", "6d Kd", "7h Ah", "8s Qs"], rules)
    state = play(state, "0:5c")
    assert state.to_act == 2 and [str(e) for e in state.events] == ["0:5c", "1:skipped"]
    assert play(position(["5c 9c", "6d Kd", "7h Ah", "8s Qs"], TycoonRules()),
                "0:5c").to_act == 1


def test_a_nine_turns_the_direction_of_play_until_the_next_nine():
    rules = TycoonRules(nine_reverse=True, cut="none")
    state = position(["9c 3c", "Td Kd", "7h Ah", "8s 9s Qs"], rules)
    state = play(state, "0:9c")
    assert state.anticlockwise and state.to_act == 3
    assert observe(state, 1).anticlockwise
    state = play(state, "3:Qs")
    assert state.to_act == 2
    back = play(position(["3c 4c", "Td Kd", "7h Ah", "8s 9s Qs"], rules), "0:3c", "1:Td",
                "2:pass")
    assert play(back, "3:pass").to_act == 0
    turned = play(position(["3c 4c", "Td Kd", "7h Ah", "8s 9s Qs"], rules), "0:3c", "1:pass",
                  "2:7h", "3:9s")
    assert turned.anticlockwise and turned.to_act == 2


# ------------------------------------------------------------ 7-pass and 10-discard


def test_sevens_hand_as_many_cards_to_the_next_player_who_alone_sees_them():
    rules = TycoonRules(seven_pass=True, cut="none")
    state = position(["7c 7d 3c 4h Kd", "5d Qd", "6h Ah", "8s Qs"], rules)
    state = play(state, "0:7c 7d")
    assert state.phase is Phase.GIVE and state.owed == (Owed(0, 1, 2),)
    assert moves(state) >= {"give 3c 4h", "give 4h Kd"}
    rejects(state, "0:give 3c", "give exactly 2 cards")
    state = play(state, "0:give 3c 4h")
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert parse_cards("3c 4h")[0] in state.hands[1] and len(state.hands[0]) == 1
    assert observe(state, 1).events[-1].cards == parse_cards("3c 4h")
    assert observe(state, 2).events[-1].cards == ()


def test_a_player_who_passes_their_last_cards_goes_out():
    rules = TycoonRules(seven_pass=True, cut="none")
    state = play(position(["7c 3c", "5d Qd", "6h Ah", "8s Qs"], rules), "0:7c", "0:give 3c")
    assert state.out == (0,) and state.to_act == 1 and state.hands[1][0] == parse_cards("3c")[0]


def test_tens_discard_as_many_cards_face_up():
    rules = TycoonRules(ten_discard=True)
    state = position(["Tc Td X 3c 4h Kd", "5d Qd", "6h Ah", "8s Qs"], rules)
    state = play(state, "0:Tc Td X")
    assert state.owed == (Owed(0, DISCARD_PILE, 3),)
    rejects(state, "0:give 3c", "discard exactly 3 cards")
    rejects(state, "0:pass", "first discard 3 cards")
    state = play(state, "0:give 3c 4h Kd")
    assert state.hands[0] == () and state.out == (0,)
    assert set(parse_cards("3c 4h Kd")) <= set(state.discards)
    assert observe(state, 2).events[-1].cards == parse_cards("3c 4h Kd")


def test_going_out_by_a_discard_bankrupts_the_tycoon_and_the_turn_moves_past_them():
    rules = TycoonRules(ten_discard=True)
    state = setup(rules, [parse_cards(h) for h in ("5d 6d", "Tc Kc", "3h 4h", "7s 8s")], 1,
                  places=[(2, 1, 0, 3)])
    state = play(state, "1:Tc")
    assert state.to_act == 2  # the Tycoon's turn, once the discard is made
    state = play(state, "1:give Kc")
    assert state.out == (1,) and state.bankrupt == 2 and state.hands[2] == ()
    assert state.to_act == 3 and moves(state) == {"pass"}


def test_a_sequence_through_seven_and_ten_passes_one_and_discards_one():
    rules = TycoonRules(sequences=True, seven_pass=True, ten_discard=True, cut="none")
    state = position(["7s 8s 9s Ts 3c 4h Kd", "5d Qd", "6h Ah", "8d Qs"], rules)
    state = play(state, "0:7s 8s 9s Ts")
    assert state.owed == (Owed(0, 1, 1), Owed(0, DISCARD_PILE, 1))
    state = play(state, "0:give 3c", "0:give 4h")
    assert state.phase is Phase.PLAY and state.hands[0] == parse_cards("Kd")


def test_the_view_asks_for_the_cards_to_discard():
    rules = TycoonRules(ten_discard=True)
    state = play(position(["Tc 3c 4h", "5d Qd", "6h Ah", "8s Qs"], rules), "0:Tc")
    view = ClimbPresenter(NAMES).view(observe(state, 0), ["human"] + ["normal"] * 3)
    assert view["prompt"] == "Your turn: choose 1 card to discard"
    assert view["verb"] == "Discard" and view["legal"][0]["label"] == "Discard 3♣"


# ------------------------------------------------------------ forbidden finishes


FOUL = TycoonRules(forbidden_finish=True, bankruptcy=False)


@pytest.mark.parametrize("finish", ["X", "Ac", "7c", "2s", "Kc"])
def test_going_out_on_a_joker_an_ace_a_lucky_seven_or_the_low_spade_ranks_last(finish):
    state = position([finish, "5d Qd", "6h Ah", "8s Qs"], FOUL)
    state = play(state, f"0:{finish}")
    fouled = finish != "Kc"
    assert state.out == (0,) and state.fouled == ((0,) if fouled else ())
    view = ClimbPresenter(NAMES).view(observe(state, 1), ["human"] * 4)
    assert view["players"][0]["status"] == ("forbidden finish" if fouled else "out")
    assert view["players"][0]["place"] == (None if fouled else 1)


def test_forbidden_finishers_rank_below_everyone_the_first_lowest():
    state = position(["Ac 3c", "X 4d", "5h 9h", "6s Ts"], FOUL)
    state = play(state, "0:3c", "1:4d", "2:5h", "3:6s", "0:Ac", "1:pass", "2:pass", "3:pass",
                 "1:X")
    assert state.fouled == (0, 1)
    state = play(state, "2:pass", "3:pass", "2:9h")
    assert state.places[-1] == (2, 3, 1, 0)


def test_a_forbidden_finish_does_not_bankrupt_the_tycoon():
    rules = TycoonRules(forbidden_finish=True)
    state = setup(rules, [parse_cards(h) for h in ("Ac", "5d Qd", "6h Ah", "8s Qs")], 0,
                  places=[(2, 1, 0, 3)])
    state = play(state, "0:Ac")
    assert state.fouled == (0,) and state.bankrupt is None and state.hands[2]


# ------------------------------------------------------------ help


def test_every_house_rule_is_an_option_with_help_and_off_by_default():
    infos = {info.name: info for info in option_infos(TycoonRules)}
    for name in ("sequences", "sequence_revolution", "lock", "eleven_back", "five_skip",
                 "nine_reverse", "seven_pass", "ten_discard", "forbidden_finish"):
        assert infos[name].default is False and len(infos[name].help) > 60
    assert infos["cut"].default == "seed" and "8-cut" in infos["cut"].help


# ------------------------------------------------------------ the hint's words


HOUSE = TycoonRules(sequences=True, lock=True, eleven_back=True, cut="8")
NAMES = ["You", "Aiko", "Bruno", "Chen"]


PRESIDENT_HOUSE = PresidentRules(cut="8", lock=True, eleven_back=True)
# Hands, the seat to lead, the plays before, the move, and what its hint says.
SET_HINTS = [
    (["3h 8h 9c Kc", "3c 5c Qd", "4s 6s", "7h 2s Qs"], 3, ["3:7h"], "0:8h",
     "8-cut: any play of 8s that beats the table also wins it at once, so your 8 of hearts "
     "takes the trick and you lead the next one"),
    (["6h 8d Kc", "3c 5c Qd", "4h 4s 6s", "5h 2s Qs"], 3, ["3:5h"], "0:6h",
     "and matching the table's suits it locks the trick: only hearts may follow until it "
     "clears"),
    (["Jd 4h Kc", "3c 5c Qd", "4s 6s", "5h 2s Qs"], 3, ["3:5h"], "0:Jd",
     "Your Jack of diamonds turns the order upside down until the trick clears (11-back), "
     "so only lower cards can answer"),
]
SEQUENCE_HINTS = [
    (["6d 7d 8d Kc Ks", "3c 5c Qd", "4s 6s", "2s Qs"], 0, [], "0:6d 7d 8d",
     "Your 6-7-8 sequence of diamonds holds an 8, and the 8 clears the trick (8-cut): "
     "you lead again"),
    (["9c Tc Jc 4d", "3c 5c Qd", "4s 6s", "5h 2s Qs"], 0, [], "0:9c Tc Jc",
     "Your 9-10-J sequence of clubs holds a Jack: the order turns upside down"),
]


@pytest.mark.parametrize(("rules", "hands", "to_act", "before", "move", "says"), [
    *((HOUSE, *case) for case in SET_HINTS + SEQUENCE_HINTS),
    *((PRESIDENT_HOUSE, *case) for case in SET_HINTS)])
def test_the_hint_says_what_a_house_rule_does(rules, hands, to_act, before, move, says):
    state = play(position(hands, rules, to_act), *before)
    action = rules.parse_action(move)
    assert action in legal_actions(state, 0)
    assert says in explain(observe(state, 0), action, NAMES)


def test_the_hint_says_a_five_skips_the_next_player():
    rules = TycoonRules(five_skip=True)
    state = position(["5d 6d 7c Kc", "3c 5c Qd", "4s 6s", "2s Qs"], rules)
    assert "Your 5 of diamonds skips the next player's turn (5-skip)" in explain(
        observe(state, 0), rules.parse_action("0:5d"), NAMES)


def test_the_house_rules_preset_is_in_the_lobby_and_the_rules_help_says_what_it_plays():
    japan = PRESETS["tycoon-japan"]
    assert PRESET_TITLES["tycoon-japan"] == "Japanese house rules (3 low, 2 high)"
    help_text = " ".join(RULES_HELP)
    assert "Japanese house rules (a preset)" in help_text
    on = [name for name in HOUSE_RULE_WORDS if japan.options()[name]]
    assert all(HOUSE_RULE_WORDS[name] in help_text.split("Japanese house rules")[1]
               for name in on)
    assert japan.lucky_name == "8-cut" and "8-cut" in help_text


HOUSE_RULE_WORDS = {"sequences": "sequences", "lock": "suit lock", "eleven_back": "11-back",
                    "five_skip": "5-skip", "seven_pass": "7-pass", "ten_discard": "10-discard",
                    "nine_reverse": "9-reverse", "forbidden_finish": "forbidden finishes"}


def test_the_lobby_folds_the_house_rules_into_a_group_and_the_rule_texts_options_not():
    options = Session().games()["games"]["tycoon"]["options"]
    grouped = [option["name"] for option in options if option["group"] == "House rules"]
    assert grouped == ["cut", "sequences", "sequence_revolution", "lock", "eleven_back",
                       "five_skip", "nine_reverse", "seven_pass", "ten_discard",
                       "forbidden_finish"]
    contest = [option["name"] for option in options
               if option["group"] == "UECda contest rules"]
    assert contest == ["fives", "all_pass", "lead", "points_from_one", "joker_past_ends"]
    assert {option["name"]: option["group"] for option in options
            if option["name"] not in grouped + contest} == {
        "jokers": None, "order": None, "bankruptcy": None, "rounds": None}
