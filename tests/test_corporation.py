"""One test per rule of Corporation, as its rule text and rulings state it (docs/RULES.md).

Seats are named like the rule text's players: A is seat 0, B seat 1, and so on.
"""

import pytest

from engine.core.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn
from engine.core.options import option_infos
from engine.core.outcome import Outcome
from engine.families.corporation.rules.definition import (
    PRESETS,
    Announce,
    Commit,
    CorporationRules,
    parse_action,
)
from engine.families.corporation.rules.machine import (
    SIMULTANEOUS,
    Corporation,
    Phase,
    chance_action,
    initial_state,
    legal_actions,
    observe,
    outcome,
    setup,
    step,
    verify,
)
from engine.families.corporation.words.views import (
    CorpPresenter,
    describe_action,
    describe_round,
)

SEED_RULES = PRESETS["corporation-seed"]
EXAMPLE = PRESETS["corporation-example"]
NAMES = "ABCDEFGHIJ"
A, B, C, D, E = range(5)


def commit(state, seat, card):
    return step(state, parse_action(f"{seat}:commit {card}"))


def play_round(state, **cards):
    """Every seat commits, A first: ``play_round(state, A=3, B=10, ...)``."""
    for name, card in cards.items():
        state = commit(state, NAMES.index(name), card)
    return state


def scores(state):
    return dict(zip(NAMES, state.scores, strict=False))


def corporations(state):
    """{value: member names}, as the rule text names Corporations."""
    return {c.value: "".join(NAMES[m] for m in c.members) for c in state.corporations}


def rejects(state, text, error, message):
    with pytest.raises(error, match=message):
        step(state, parse_action(text))


def corp(value, members):
    return Corporation(value, tuple(NAMES.index(m) for m in members))


# ------------------------------------------------------------ the worked example


def test_the_rule_texts_example_scores_every_round_as_ruled():
    state = initial_state(EXAMPLE, 5, seed=0)

    # Round: A plays 3, B plays 10, C plays 3, D plays 10, E plays 3.
    state = play_round(state, A=3, B=10, C=3, D=10, E=3)
    # Result: B and D form Corporation 10 (and A, C, E Corporation 3); no one scores.
    assert corporations(state) == {3: "ACE", 10: "BD"}
    assert scores(state) == {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0}
    assert 10 not in state.hands[B] and 10 not in state.hands[D] and 3 not in state.hands[A]

    # Round: A=7, B=5, C=7, D=7, E=7
    state = play_round(state, A=7, B=5, C=7, D=7, E=7)
    # B, having played an unmatched card, gets 5 points. A, C, E do not get Corporate
    # Rewards because D played the same card as them. A, C, D and E form Corporation 7.
    assert scores(state) == {"A": 0, "B": 5, "C": 0, "D": 0, "E": 0}
    assert corporations(state) == {7: "ACDE"}
    assert 3 in state.hands[A] and 10 in state.hands[B] and 10 in state.hands[D]

    # Round: A=5, B=10, C=5, D=5, E=5
    state = play_round(state, A=5, B=10, C=5, D=5, E=5)
    # B again scores 10 Profits; the members of Corporation 7 (A, C, D, E by the
    # ruling, not the text's "A, B, D, E") score 5 x 4 = 20 each and form Corporation 5.
    last = state.history[-1]
    assert last.profits == (0, 10, 0, 0, 0)
    assert last.rewards == (20, 0, 20, 20, 20)
    assert scores(state) == {"A": 20, "B": 15, "C": 20, "D": 20, "E": 20}
    assert corporations(state) == {5: "ACDE"}
    assert state.round_no == 4 and state.phase is Phase.COMMIT


def test_the_example_reveal_reads_like_the_rule_text():
    state = initial_state(EXAMPLE, 5, seed=0)
    state = play_round(state, A=3, B=10, C=3, D=10, E=3)
    state = play_round(state, A=7, B=5, C=7, D=7, E=7)
    assert describe_round(state.history[-1], NAMES) == (
        "Revealed: A 7, B 5, C 7, D 7, E 7",
        "Corporation 3 (A, C and E) pays no Corporate Rewards: D played 7 too",
        "Corporation 10 (B and D) pays no Corporate Rewards: its members played different cards",
        "B played an unmatched card: 5 points in Profits",
        "A, C, D and E form Corporation 7",
    )
    state = play_round(state, A=5, B=10, C=5, D=5, E=5)
    assert describe_round(state.history[-1], NAMES)[1:3] == (
        "Corporation 7 (A, C, D and E) pays Corporate Rewards: 5 x 4 = 20 points each",
        "B played an unmatched card: 10 points in Profits",
    )


def test_in_the_example_b_cannot_play_its_face_up_ten_in_the_second_round():
    state = play_round(initial_state(EXAMPLE, 5, seed=0), A=3, B=10, C=3, D=10, E=3)
    rejects(state, "1:commit 10", IllegalAction, "your 10 is face up in Corporation 10 this round")


# ------------------------------------------------------------ players, cards, options


@pytest.mark.parametrize("players", range(4, 11))
def test_each_player_holds_cards_one_to_the_number_of_players(players):
    state = initial_state(SEED_RULES, players, seed=1)
    assert state.hands == (tuple(range(1, players + 1)),) * players


def test_top_card_gives_every_player_more_cards():
    state = initial_state(EXAMPLE, 5, seed=1)
    assert state.hands == (tuple(range(1, 11)),) * 5


@pytest.mark.parametrize("players", [3, 11])
def test_corporation_is_for_four_to_ten_players(players):
    with pytest.raises(BadOptions, match=f"Corporation is for 4 to 10 players, not {players}"):
        initial_state(SEED_RULES, players, seed=1)


def test_top_card_below_the_number_of_players_is_rejected():
    rules = CorporationRules(top_card=5)
    initial_state(rules, 5, seed=1)
    with pytest.raises(BadOptions, match="top_card=5 is too low for 6 players"):
        initial_state(rules, 6, seed=1)


@pytest.mark.parametrize(("options", "message"), [
    ({"top_card": -1}, "top_card=-1 is not allowed: it must be a whole number, at least 0"),
    ({"top_card": 21}, "top_card=21 is not allowed: it must be 0 .* or a whole number up to 20"),
    ({"announcements": -2}, "announcements=-2 is not allowed"),
    ({"target": 50}, "unknown option target; the options are announcements, target_score, "
                     "top_card"),
    ({"target_score": 1001}, "target_score=1001 is not allowed: it must be 0 .* up to 1000"),
    ({"target_score": -1}, "target_score=-1 is not allowed"),
])
def test_bad_options_are_refused_with_the_reason(options, message):
    with pytest.raises(BadOptions, match=message):
        CorporationRules.from_options(options)


def test_every_option_has_rules_help():
    infos = option_infos(CorporationRules)
    assert [i.name for i in infos] == ["top_card", "announcements", "target_score"]
    assert all(len(i.help) > 40 for i in infos)


def test_presets_are_the_seed_and_its_worked_example():
    assert list(PRESETS) == ["corporation-seed", "corporation-example"]
    assert PRESETS["corporation-seed"] == CorporationRules(top_card=0, announcements=3)
    assert PRESETS["corporation-example"] == CorporationRules(top_card=10)
    assert all(rules.game == "corporation" for rules in PRESETS.values())


@pytest.mark.parametrize("players", range(4, 11))
def test_the_target_is_two_n_squared_whatever_the_top_card(players):
    assert initial_state(SEED_RULES, players, seed=1).target == 2 * players**2
    assert initial_state(EXAMPLE, players, seed=1).target == 2 * players**2


def test_nothing_is_dealt_by_chance():
    assert chance_action(initial_state(SEED_RULES, 4, seed=1)) is None


# ------------------------------------------------------------ profits and corporations


def test_an_unmatched_card_scores_its_value_in_profits_and_goes_back_to_the_hand():
    state = play_round(initial_state(SEED_RULES, 4, seed=0), A=1, B=2, C=3, D=4)
    assert scores(state) == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert state.hands == ((1, 2, 3, 4),) * 4
    assert state.corporations == ()


def test_matching_cards_form_a_corporation_and_score_nothing():
    state = play_round(initial_state(SEED_RULES, 4, seed=0), A=2, B=2, C=3, D=4)
    assert corporations(state) == {2: "AB"}
    assert scores(state) == {"A": 0, "B": 0, "C": 3, "D": 4}
    assert state.hands[A] == state.hands[B] == (1, 3, 4)


def test_several_corporations_may_form_in_one_round():
    state = play_round(initial_state(SEED_RULES, 5, seed=0), A=1, B=1, C=4, D=4, E=4)
    assert corporations(state) == {1: "AB", 4: "CDE"}


def test_corporate_rewards_when_exactly_the_members_play_one_value():
    state = setup(SEED_RULES, 5, corporations=[corp(1, "AB"), corp(2, "CDE")])
    state = play_round(state, A=4, B=4, C=3, D=3, E=3)
    # 4 x 2 members = 8 each for A and B; 3 x 3 members = 9 each for C, D and E.
    assert state.history[-1].rewards == (8, 8, 9, 9, 9)
    assert scores(state) == {"A": 8, "B": 8, "C": 9, "D": 9, "E": 9}


def test_an_outsider_playing_the_members_value_voids_the_rewards():
    state = setup(SEED_RULES, 5, corporations=[corp(1, "AB")])
    state = play_round(state, A=4, B=4, C=4, D=2, E=3)
    assert state.history[-1].rewards == (0,) * 5
    assert scores(state) == {"A": 0, "B": 0, "C": 0, "D": 2, "E": 3}
    assert corporations(state) == {4: "ABC"}


def test_a_member_defecting_voids_the_rewards():
    state = setup(SEED_RULES, 5, corporations=[corp(1, "ABC")])
    state = play_round(state, A=4, B=4, C=5, D=2, E=3)
    assert state.history[-1].rewards == (0,) * 5
    # The defector's unmatched card still scores its Profits.
    assert scores(state) == {"A": 0, "B": 0, "C": 5, "D": 2, "E": 3}


def test_rewards_and_profits_both_score_in_the_same_round():
    state = setup(SEED_RULES, 4, corporations=[corp(1, "AB")])
    state = play_round(state, A=3, B=3, C=2, D=4)
    assert state.history[-1].points == (6, 6, 2, 4)


def test_a_corporation_lasts_exactly_one_round_and_its_cards_return():
    state = play_round(initial_state(SEED_RULES, 4, seed=0), A=2, B=2, C=3, D=4)
    assert corporations(state) == {2: "AB"}
    state = play_round(state, A=1, B=3, C=4, D=1)
    assert corporations(state) == {1: "AD"}  # Corporation 2 is gone
    assert state.hands[B] == state.hands[C] == (1, 2, 3, 4)
    assert state.hands[A] == state.hands[D] == (2, 3, 4)
    # A Corporation pays only in the round after it formed, never later.
    state = play_round(state, A=4, B=1, C=2, D=3)
    assert state.history[-1].rewards == (0,) * 4


def test_rewarded_members_who_match_again_form_a_new_corporation():
    state = setup(SEED_RULES, 4, corporations=[corp(1, "AB")])
    state = play_round(state, A=3, B=3, C=2, D=4)
    assert corporations(state) == {3: "AB"}
    assert state.hands[A] == (1, 2, 4)


def test_a_face_up_card_cannot_be_played_in_the_next_round():
    state = setup(SEED_RULES, 4, corporations=[corp(2, "AB")])
    assert {a.card for a in legal_actions(state, A) if isinstance(a, Commit)} == {1, 3, 4}
    rejects(state, "0:commit 2", IllegalAction, "your 2 is face up in Corporation 2 this round")
    commit(state, C, 2)  # an outsider may play the value


def test_only_cards_one_to_the_top_card_exist():
    state = initial_state(SEED_RULES, 4, seed=0)
    rejects(state, "0:commit 5", IllegalAction, "there is no 5: the cards are 1 to 4")
    rejects(state, "0:commit 0", IllegalAction, "there is no 0: the cards are 1 to 4")


# ------------------------------------------------------------ the end


def test_the_game_ends_after_a_round_in_which_someone_reaches_two_n_squared():
    state = setup(SEED_RULES, 4, scores=[28, 0, 0, 0])
    state = play_round(state, A=3, B=1, C=1, D=2)  # A: 28 + 3 = 31, one short of 32
    assert outcome(state) is None and state.phase is Phase.COMMIT
    state = play_round(state, A=1, B=2, C=3, D=4)  # A: 32
    assert state.phase is Phase.OVER and state.actor is None and state.to_act == frozenset()
    assert outcome(state) == Outcome(scores=(32, 2, 3, 6), ranking=(A, D, C, B), winners=(A,))


def test_the_most_points_wins_even_if_another_reached_the_target_first():
    state = setup(SEED_RULES, 4, corporations=[corp(1, "BC")], scores=[31, 25, 20, 0])
    state = play_round(state, A=1, B=4, C=4, D=3)  # A 32 reaches 2n²; B 33 has more
    assert outcome(state).winners == (B,)
    assert outcome(state).ranking == (B, A, C, D)


def test_a_tie_for_the_most_points_is_shared():
    state = setup(SEED_RULES, 4, scores=[30, 29, 0, 0])
    state = play_round(state, A=2, B=3, C=4, D=4)  # A 32, B 32
    assert state.phase is Phase.OVER
    assert outcome(state).winners == (A, B)


def test_no_one_acts_after_the_game_is_over():
    state = play_round(setup(SEED_RULES, 4, scores=[31, 0, 0, 0]), A=1, B=2, C=3, D=4)
    assert legal_actions(state, A) == []
    rejects(state, "0:commit 1", GameOver, "the game is over")
    rejects(state, "0:say good game", GameOver, "the game is over")


# ------------------------------------------------------------ simultaneous commits


def test_every_seat_that_has_not_committed_may_act_in_any_order():
    state = initial_state(SEED_RULES, 4, seed=0)
    assert state.actor == SIMULTANEOUS and state.to_act == {A, B, C, D}
    state = commit(state, C, 2)
    assert state.to_act == {A, B, D}
    assert legal_actions(state, C) == []
    assert all(legal_actions(state, seat) for seat in (A, B, D))


def test_the_order_of_commits_does_not_change_the_round():
    first = play_round(initial_state(SEED_RULES, 4, seed=0), A=1, B=1, C=3, D=4)
    second = play_round(initial_state(SEED_RULES, 4, seed=0), D=4, B=1, C=3, A=1)
    assert first == second


def test_a_seat_commits_once_a_round():
    state = commit(initial_state(SEED_RULES, 4, seed=0), A, 2)
    rejects(state, "0:commit 3", NotYourTurn, "you already committed a card this round")


def test_a_committed_card_leaves_the_hand_until_the_reveal():
    state = commit(initial_state(SEED_RULES, 4, seed=0), A, 2)
    assert state.hands[A] == (1, 3, 4)
    mine = observe(state, A)
    assert mine.hand == (1, 3, 4) and mine.commit == 2


def test_others_see_only_that_a_seat_committed_never_what():
    one = commit(initial_state(SEED_RULES, 4, seed=0), A, 2)
    other = commit(initial_state(SEED_RULES, 4, seed=0), A, 4)
    for seat in (B, C, D):
        seen = observe(one, seat)
        assert seen.committed == {A} and seen.to_act == {B, C, D} and seen.commit is None
        assert seen == observe(other, seat)
    assert observe(one, A) != observe(other, A)


def test_everyone_sees_every_card_once_the_round_is_revealed():
    state = play_round(initial_state(SEED_RULES, 4, seed=0), A=1, B=2, C=2, D=4)
    for seat in range(4):
        assert observe(state, seat).history[-1].played == (1, 2, 2, 4)
        assert observe(state, seat).committed == frozenset()


def test_there_is_no_seat_beyond_the_table():
    state = initial_state(SEED_RULES, 4, seed=0)
    with pytest.raises(NotYourTurn, match="there is no seat 4"):
        verify(state, Commit(4, 1))


# ------------------------------------------------------------ table talk


def test_announcements_are_public_and_in_every_observation():
    state = initial_state(SEED_RULES, 4, seed=0)
    state = step(state, parse_action("2:say Join my Corporation on 3"))
    for seat in range(4):
        assert observe(state, seat).announcements == (Announce(C, "Join my Corporation on 3"),)


def test_announcements_bind_no_one():
    state = step(initial_state(SEED_RULES, 4, seed=0), parse_action("0:say I'll play 4"))
    state = play_round(state, A=1, B=2, C=3, D=4)
    assert state.history[-1].played[A] == 1


def test_a_rounds_announcements_are_kept_in_its_history_and_cleared_for_the_next():
    state = initial_state(SEED_RULES, 4, seed=0)
    state = step(state, parse_action("1:say I'll play 2"))
    state = step(state, parse_action("3:say me too"))
    state = play_round(state, A=1, B=2, C=3, D=2)
    assert state.announcements == ()
    assert state.history[-1].announcements == (Announce(B, "I'll play 2"), Announce(D, "me too"))
    assert observe(state, A).history == state.history


def test_announcements_come_before_committing():
    state = commit(initial_state(SEED_RULES, 4, seed=0), A, 1)
    rejects(state, "0:say I played 3, trust me", NotYourTurn,
            "you already committed a card this round: announcements come before committing")


def test_a_seat_makes_at_most_the_allowed_announcements_each_round():
    state = initial_state(SEED_RULES, 4, seed=0)
    for text in ("one", "two", "three"):
        state = step(state, Announce(A, text))
    rejects(state, "0:say four", IllegalAction,
            "you have made all 3 of your announcements this round")
    assert all(isinstance(a, Commit) for a in legal_actions(state, A))
    state = play_round(state, A=1, B=2, C=3, D=4)
    step(state, Announce(A, "a new round"))


def test_one_announcement_a_round_when_the_option_says_one():
    state = step(initial_state(CorporationRules(announcements=1), 4, seed=0), Announce(A, "hi"))
    rejects(state, "0:say again", IllegalAction, "you have made your announcement this round")


def test_no_table_talk_when_announcements_are_zero():
    state = initial_state(CorporationRules(announcements=0), 4, seed=0)
    rejects(state, "0:say hello", IllegalAction, "this game is played without table talk")
    assert all(isinstance(a, Commit) for a in legal_actions(state, A))


def test_legal_actions_suggest_a_promise_and_an_invitation_for_each_card_in_hand():
    state = setup(SEED_RULES, 4, corporations=[corp(2, "AB")])
    assert {str(a) for a in legal_actions(state, A)} == {
        "0:commit 1", "0:commit 3", "0:commit 4",
        "0:say I'll play 1", "0:say I'll play 3", "0:say I'll play 4",
        "0:say Join my Corporation on 1", "0:say Join my Corporation on 3",
        "0:say Join my Corporation on 4"}


def test_any_one_line_text_may_be_announced():
    state = initial_state(SEED_RULES, 4, seed=0)
    verify(state, Announce(A, "Défendons la Corporation 3 ! 🤝"))
    verify(state, Announce(A, "x" * 120))


@pytest.mark.parametrize(("text", "message"), [
    ("x" * 121, "at most 120 characters"),
    ("two\nlines", "one line of text"),
    ("tab\there", "one line of text"),
    ("", "an announcement needs some words"),
    (" padded ", "does not start or end with spaces"),
])
def test_announcements_that_are_not_one_short_line_are_refused(text, message):
    with pytest.raises(IllegalAction, match=message):
        verify(initial_state(SEED_RULES, 4, seed=0), Announce(A, text))


# ------------------------------------------------------------ notation and words


@pytest.mark.parametrize(("text", "action"), [
    ("2:commit 5", Commit(2, 5)),
    ("2:say I'll play 5", Announce(2, "I'll play 5")),
    (" 3 : COMMIT  7 ", Commit(3, 7)),
    ("0:say Deal: you and me on 3", Announce(0, "Deal: you and me on 3")),
])
def test_actions_are_read_from_their_notation(text, action):
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


def test_the_seat_may_be_left_out_when_the_reader_knows_it():
    assert parse_action("commit 4", seat=1) == Commit(1, 4)
    assert parse_action("say Deal: 3?", seat=1) == Announce(1, "Deal: 3?")


@pytest.mark.parametrize(("text", "message"), [
    ("commit 4", "does not say whose action it is"),
    ("1:commit", "commit which card"),
    ("1:commit five", "commit which card"),
    ("1:commit ²", "commit which card"),
    ("1:pass", "is not a Corporation action"),
    ("1:say", "needs some words"),
    ("1:say " + "y" * 121, "at most 120 characters"),
    ("*:deal 1 | 2", "does not say whose action it is"),
    ("1234567890:commit 1", "is not a seat number"),
])
def test_bad_notation_says_what_is_wrong(text, message):
    with pytest.raises(BadNotation, match=message):
        parse_action(text)


def test_actions_are_labelled_for_a_player():
    assert describe_action(Commit(0, 5)) == "Commit 5"
    assert describe_action(Announce(0, "I'll play 5")) == 'Say "I\'ll play 5"'


def test_an_announcement_offers_its_words_alone_beside_say():
    presenter = CorpPresenter(["You", "Aiko", "Bruno", "Chen", "Dana"])
    state = initial_state(SEED_RULES, 5, seed=0)
    observation = observe(state, A)
    assert presenter.move(Announce(A, "I'll play 5"), observation)["said"] == '"I\'ll play 5"'
    assert "said" not in presenter.move(Commit(A, 5), observation)


@pytest.mark.parametrize(("formed", "seat", "note"), [
    ([], A, None),
    ([corp(1, "AB")], A, "If both of you play the same card and no one else does, each "
                         "scores twice its value."),
    ([corp(1, "ABC")], B, "If all 3 of you play the same card and no one else does, each "
                          "scores 3 times its value."),
    ([corp(1, "AB")], C, "A Corporation pays if its members all play the same card and no "
                         "one else does."),
    ([corp(1, "AB"), corp(2, "DE")], C, "Each Corporation pays if its members all play the "
                                        "same card and no one else does."),
])
def test_the_table_says_what_a_corporation_does_next(formed, seat, note):
    presenter = CorpPresenter(["You", "Aiko", "Bruno", "Chen", "Dana"])
    observation = observe(setup(SEED_RULES, 5, corporations=formed), seat)
    assert presenter.corporation_notes(observation) == ([note] if note else [])


# ------------------------------------------------------------ positions


def test_setup_builds_the_hands_from_the_corporations():
    state = setup(EXAMPLE, 5, corporations=[corp(7, "ACDE")], scores=[0, 5, 0, 0, 0])
    assert state.round_no == 2
    assert state.hands[B] == tuple(range(1, 11))
    assert state.hands[A] == (1, 2, 3, 4, 5, 6, 8, 9, 10)
    assert state.face_up == (7, None, 7, 7, 7)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"corporations": [corp(9, "AB")]}, "there is no Corporation 9"),
    ({"corporations": [corp(1, "A")]}, "two or more different members"),
    ({"corporations": [corp(1, "AB"), corp(2, "BC")]}, "one Corporation at most"),
    ({"corporations": [corp(1, "AB"), corp(1, "CD")]}, "a value of its own"),
    ({"corporations": [Corporation(1, (0, 7))]}, "must be seats 0 to 3"),
    ({"corporations": [corp(1, "AB")], "round_no": 1}, "round 2 or later"),
    ({"scores": [1, 2, 3]}, "one score of 0 or more for each of the 4 seats"),
    ({"scores": [32, 0, 0, 0]}, "the game would be over"),
])
def test_setup_refuses_positions_that_cannot_arise(kwargs, message):
    with pytest.raises(IllegalAction, match=message):
        setup(SEED_RULES, 4, **kwargs)
