"""The hint: the Hard bot's move for the seat to act, and a reason a player understands.

It is legal in any position of any game, says why in one line from facts of the
position, never names a card the seat has not seen, is the same every time for
the same position, and is refused out of turn and after the game.
"""

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Pass, Play, parse_action, parse_cards, setup
from engine.api import Session
from engine.catalogue import (
    GAMES,
    PRESETS,
    chance_action,
    initial_state,
    legal_actions,
    observe,
    step,
)
from engine.core.bots import Fared
from engine.core.evolve import evolve
from engine.core.rng import derive_seed
from engine.families.climbing.bots.search import sample_world
from engine.families.climbing.rules.matchstick import Face, MatchstickRules, as_cards, parse_play
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.state import Owed, Phase, Transfer
from engine.families.climbing.rules.tycoon import TycoonRules
from engine.families.climbing.words.hint_figures import figures, search_sentence
from engine.families.corporation.rules.definition import Announce, Commit, CorporationRules
from engine.families.corporation.rules.machine import SIMULTANEOUS, Corporation
from engine.families.corporation.rules.machine import apply as corp_apply
from engine.families.corporation.rules.machine import setup as corp_setup
from engine.log import GameRecord
from engine.play import turns
from engine.play.table import Table
from engine.players.advice import explain, hint
from engine.players.levels import HardBot, make_bot

THREE = ["You", "Aiko", "Bruno"]
FOUR = ["You", "Aiko", "Bruno", "Chen"]
FIVE = ["You", "Aiko", "Bruno", "Chen", "Dana"]


def reason(state, names, move, seat=0):
    """Why the legal ``move`` (notation) here, as the hint says it."""
    action = state.rules.parse_action(move, seat)
    assert action in legal_actions(state, seat)
    return explain(observe(state, seat), action, names)


def faces(text):
    return as_cards([Face(value) for value in text.split()])


# ---------------------------------------------------------------- named situations


def test_keeps_the_joker_and_plays_the_weakest_pair_that_beats_the_table():
    state = setup(TycoonRules(), [parse_cards("4c 5d 6c 6d 9c 9d Jh Jd Qs X"),
                                  parse_cards("3c 3d 3h 7c 8c 8d Kd Kh"),
                                  parse_cards("2s 6h 7h Tc Ts Th Qc Qd")],
                  0, trick=[parse_action("1:8s 8h")])
    assert reason(state, THREE, "9c 9d") == (
        "Keeps your Joker; your two 9s are the weakest pair that beats the table's two 8s.")


def test_passes_rather_than_spend_the_joker():
    state = setup(TycoonRules(), [parse_cards("4c 5d 6c 6d 9c 9d Jh Jd Qs X"),
                                  parse_cards("3c 3d 3h 7c 8c 8d Kd Kh"),
                                  parse_cards("2s 6h 7h Tc Ts Th Qc Qd")],
                  0, trick=[parse_action("1:As")])
    assert reason(state, THREE, "pass") == (
        "Nothing beats the table's Ace of spades without spending your Joker: pass and keep "
        "it for later.")


def test_passes_when_nothing_beats_the_table():
    state = setup(TycoonRules(), [parse_cards("3c 4d 5c 6d 7h 8c 9d Tc Jc Qc Kc"),
                                  parse_cards("9c 9h Td Th Jh Jd Qd Qh Kh X"),
                                  parse_cards("3h 4c 4h 5d 5h 6c 6h 7c 8d")],
                  0, trick=[parse_action("1:X")])
    assert reason(state, THREE, "pass") == "Nothing in your hand beats the table's Joker: pass."
    forced = hint(observe(state, 0), random.Random(0), THREE)
    assert (str(forced.action), forced.reason) == (
        "0:pass", "Nothing in your hand beats the table's Joker: pass.")


def test_stops_a_player_about_to_go_out_with_the_joker():
    state = setup(TycoonRules(), [parse_cards("4c 5c 6d 8d 9c 9d Tc Td Jc Jd Qc X"),
                                  parse_cards("Kd"),
                                  parse_cards("3c 3d 3h 5d 5h 6h 7h 8c 9h Th Jh Qh")],
                  0, trick=[parse_action("1:Ac")])
    assert reason(state, THREE, "X") == (
        "Aiko has only 1 card left: beat the table's Ace of clubs with your Joker rather than "
        "pass, so they don't take the lead and go out.")


def test_starts_a_revolution_when_the_rest_of_the_hand_is_weak():
    state = setup(TycoonRules(), [parse_cards("3c 3d 3h 3s 4c 5d 6h 7s 8c 9d"),
                                  parse_cards("Ac Ad Ah As Kc Kd Qd"),
                                  parse_cards("Jc Jh Js Qc Qh Qs Kh Ks")], 0)
    assert reason(state, THREE, "3c 3d 3h 3s") == (
        "Your four 3s start a revolution: the rest of your hand is weaker than average, and "
        "the revolution makes low cards strong.")


def test_leads_low_but_keeps_the_four_of_a_kind_with_a_strong_hand():
    state = setup(TycoonRules(), [parse_cards("4c 4d 4h 4s 6c 8c Td Kc Kh Ad X"),
                                  parse_cards("3c 3d 5c 5d 7c 9c Jc Qc Qd"),
                                  parse_cards("3h 5h 7h 9h Jh Qh Ah 2h 2c")], 0)
    assert reason(state, THREE, "6c") == (
        "Keeps your Joker and your Ace; lead low: your 6 of clubs is your weakest card "
        "outside your four of a kind.")


def test_a_lucky_seven_wins_the_trick_it_beats():
    state = setup(TycoonRules(), [parse_cards("2c 2d 7c 9d Tc Jd Qc Kd Ac Ad"),
                                  parse_cards("Th Jc Jh Qd Qh Kc Kh"),
                                  parse_cards("3c 3d 3h 4c 4d 4h 5c 5d")],
                  0, trick=[parse_action("1:5h")])
    assert reason(state, THREE, "7c") == (
        "Keeps your two Aces; lucky 7s: any play of 7s that beats the table also wins it at "
        "once, so your 7 of clubs takes the trick and you lead the next one.")


def test_the_exchange_gives_back_the_two_weakest_cards():
    hands = [parse_cards("3c 4d 5c 6d 7h 8c 9d Tc Jc Qc Kc Ac As X"),
             parse_cards("9c 9h Td Th Jh Jd Qd Qh Kh"),
             parse_cards("3h 4c 4h 5d 5h 6c 6h 7c 8d")]
    state = setup(TycoonRules(), hands, 0, places=[(0, 1, 2)])
    state = evolve(state, phase=Phase.GIVE, owed=(Owed(0, 2, 2),),
                   events=(Transfer(2, 0, 2, parse_cards("Ac As"), chosen=False),))
    assert reason(state, THREE, "give 3c 4d") == (
        "Gives back your two weakest cards, the 3 of clubs and the 4 of diamonds; you keep "
        "your Joker and your two Aces.")


def test_a_give_that_is_not_the_weakest_says_what_it_spares():
    hands = [parse_cards("3c 3s 4d 5s 6c 6d 6s 7c 9d Ts Jd Js Kc Kh Ks X"),
             parse_cards("9c 9h Td Th Jh Qd Qh"), parse_cards("4c 4h 5d 5h 6h 7h 8d")]
    state = setup(TycoonRules(), hands, 0, places=[(0, 1, 2)])
    state = evolve(state, phase=Phase.GIVE, owed=(Owed(0, 2, 2),),
                   events=(Transfer(2, 0, 2, parse_cards("Kh Ks"), chosen=False),))
    assert reason(state, THREE, "give 4d 5s") == (
        "Gives back the 4 of diamonds and the 5 of spades, lone cards, and keeps your two 3s "
        "together.")
    assert reason(state, THREE, "give 3c 3s") == (
        "Gives back your two weakest cards, the 3 of clubs and the 3 of spades; you keep your "
        "Joker.")


def test_president_plays_the_weakest_single_without_breaking_a_pair():
    state = setup(PresidentRules(skip=True),
                  [parse_cards("4c 4d 6c 7c 8c 9c Tc Jc Qc Kc"),
                   parse_cards("5c 5d 6d 7d 8d 9d Td"), parse_cards("3c 3d 3h 6h 7h 8h 9h"),
                   parse_cards("Jd Qd Kd Jh Qh")],
                  0, trick=[parse_action("3:4h")])
    assert reason(state, FOUR, "6c") == (
        "Your 6 of clubs is the weakest single that beats the table's 4 of hearts without "
        "breaking up a set.")


def test_matchstick_names_the_transform_and_its_cost():
    rules = MatchstickRules()
    hands = [faces("1 1 2 3 4 4 5 6 A b"), faces("0 0 2 2 3 5 6 8 C"),
             faces("0 1 3 4 5 6 8 A b d")]
    state = setup(rules, hands, 0, trick=[parse_play(1, "6")])
    assert reason(state, THREE, "6>8") == (
        "An 8 (from your 6 plus 1 matchstick) is the weakest value that beats the table's 6 "
        "without breaking up a set; spending 1 matchstick is progress, as you must be rid of "
        "them all to go out.")
    state = setup(rules, hands, 0, trick=[parse_play(1, "d")])
    assert reason(state, THREE, "3~E") == (
        "An E (from your 3 turned) is the weakest value that beats the table's d.")


def test_corporation_plays_the_value_a_fellow_member_announced():
    state = corp_setup(CorporationRules(), 5, corporations=[Corporation(5, (0, 2))],
                       scores=[5, 0, 5, 3, 4])
    state = corp_apply(state, Announce(2, "I'll play 3"))
    state = corp_apply(state, Announce(2, "I'll play 3"))  # said twice, named once
    assert reason(state, FIVE, "commit 3") == (
        "Commit 3: Bruno said 3, so if every member of Corporation 5 plays 3 and no one else "
        "does, each of you scores 3 x 2 = 6 points in Corporate Rewards.")


def test_corporation_warns_that_an_announced_value_forms_a_corporation():
    state = corp_apply(corp_setup(CorporationRules(), 5), Announce(3, "I'll play 5"))
    assert reason(state, FIVE, "commit 5") == (
        "Commit 5: Chen said 5, and playing the same value forms a Corporation with them: no "
        "points now, but it can pay Corporate Rewards next round.")


def test_corporation_profits_and_the_rivals_for_the_highest_card():
    state = corp_setup(CorporationRules(), 4)
    assert reason(state, FOUR, "commit 4") == (
        "Commit 4, your highest card: if no one else plays it, it scores 4 points in Profits.")
    assert reason(state, FOUR, "commit 3") == (
        "Commit 3, a card no one has announced: if no one else plays it, it scores 3 points "
        "in Profits. Everyone else has 4 as their highest card too, and a value played twice "
        "scores nothing now.")


def test_corporation_warns_a_member_who_plays_other_than_a_fellow_said():
    state = corp_setup(CorporationRules(), 5, corporations=[Corporation(5, (0, 2))],
                       scores=[5, 0, 5, 3, 4])
    state = corp_apply(state, Announce(2, "I'll play 3"))
    assert reason(state, FIVE, "commit 4") == (
        "Commit 4, your highest card: if no one else plays it, it scores 4 points in Profits. "
        "Bruno said 3, but by the Hard bot's guesses at what everyone will play, your 4 is "
        "worth more: if they keep their word, Corporation 5 pays no Corporate Rewards this "
        "round.")


def test_corporation_says_why_it_goes_against_a_fellow_members_word():
    """Where the hint plays other than a fellow member said, it says why: the rewards are
    spoiled by an outsider's word, worth less than the card's Profits, or promised by a
    member who broke their word before."""
    def fellow_said(value, *also):
        state = corp_setup(CorporationRules(), 5, corporations=[Corporation(5, (0, 2))],
                           scores=[5, 0, 5, 3, 4])
        for seat, said in ((2, value), *also):
            state = corp_apply(state, Announce(seat, f"I'll play {said}"))
        return state

    assert reason(fellow_said(3, (3, 3)), FIVE, "commit 4").endswith(
        "Bruno said 3, but Chen said 3 too, and one card of 3 from outside Corporation 5 "
        "spoils its Corporate Rewards.")
    assert reason(fellow_said(1), FIVE, "commit 4").endswith(
        "Bruno said 1, but the Corporate Rewards for it, 1 x 2 = 2 points each, are no more "
        "than your 4 in Profits: if they keep their word, Corporation 5 pays no Corporate "
        "Rewards this round.")
    rules = CorporationRules()
    # Round 1: Bruno said 3 and played 1; round 2 forms Corporation 4 of you and Bruno.
    state = corp_setup(rules, 5)
    for action in (Announce(2, "I'll play 3"), Commit(0, 2), Commit(1, 5), Commit(2, 1),
                   Commit(3, 4), Commit(4, 3), Commit(0, 4), Commit(1, 5), Commit(2, 4),
                   Commit(3, 1), Commit(4, 3), Announce(2, "I'll play 3")):
        state = corp_apply(state, action)
    assert [c.members for c in state.corporations] == [(0, 2)]
    assert reason(state, FIVE, "commit 5").endswith(
        "Bruno said 3, but kept only 0 of 1 word so far: if they keep their word, "
        "Corporation 4 pays no Corporate Rewards this round.")


def test_the_search_figures_are_the_hard_bots_own():
    """Near the end of a round the Hard bot searches; the hint's figures must be the counts
    of that very search, not of another one, and agree with the means it chose by."""
    state = setup(TycoonRules(), [parse_cards("4c 5d 9c 9d Jh X"), parse_cards("Kd Kh 3c"),
                                  parse_cards("6h 7h 8c")], 0, trick=[parse_action("1:8s 8h")])
    observation = observe(state, 0)
    advice = hint(observation, random.Random(5), THREE)
    best, fared = HardBot().decide(observation, random.Random(5))
    assert advice.action == best == parse_action("0:9c 9d")
    (other,) = [m for m in fared if m != best]
    assert other == parse_action("0:9c X")
    mine, theirs = fared[best], fared[other]
    assert mine.worlds == theirs.worlds > 10
    for move in fared.values():  # places scored 1, 1/2 and 0 (exact in binary)
        first, second, _ = move.places
        assert move.mean == (first + second / 2) / move.worlds
    assert mine.mean > theirs.mean
    # Going out first favours the pair most (more than ending last does).
    assert mine.places[0] - theirs.places[0] > theirs.places[2] - mine.places[2] > 0
    assert advice.reason == (
        "Keeps your Joker; your two 9s are the weakest pair that beats the table's two 8s. "
        "Tried against guesses at the others' cards, this way you go out first about "
        f"{round(10 * mine.places[0] / mine.worlds)} times in 10; with two 9s with a Joker, "
        "about once.")
    assert round(10 * theirs.places[0] / theirs.worlds) == 1


def figures_sentence(players, mine_places, theirs_places):
    """The search sentence for a pass that fared ``mine_places`` (counts of each place,
    first to last) against the 8 of hearts, in a made-up position of ``players`` seats."""
    hands = [parse_cards("3c 4d 5c"), *(parse_cards(f"{r}h {r}d") for r in "6789TJQ"[
        :players - 1])]
    state = setup(TycoonRules() if players in (3, 4) else PresidentRules(), hands, 0,
                  trick=[parse_action("1:5h")])
    observation = observe(state, 0)
    passing, playing = Pass(0), parse_action("0:3c")
    return search_sentence(observation, passing, {
        passing: Fared(0.0, tuple(mine_places)), playing: Fared(0.0, tuple(theirs_places))})


def test_the_figures_name_the_count_that_favours_the_move_and_a_real_trade_off():
    assert figures_sentence(3, (7, 2, 1), (4, 3, 3)) == (
        "Tried against guesses at the others' cards, this way you go out first 7 times in "
        "10; with the 3 of clubs, 4.")
    # Ending last less often is the better figure; going out first less often is a cost
    # worth telling (its lead is at least half as large).
    assert figures_sentence(4, (2, 3, 4, 1), (4, 1, 0, 5)) == (
        "Tried against guesses at the others' cards, this way you end last once in 10; with "
        "the 3 of clubs, 5. But this way you go out first twice in 10; with the 3 of clubs, "
        "4.")
    assert figures_sentence(4, (2, 5, 2, 1), (3, 1, 1, 5)) == (
        "Tried against guesses at the others' cards, this way you end last once in 10; with "
        "the 3 of clubs, 5.")
    # Between first and last: the top two of five.
    assert figures_sentence(5, (0, 900, 50, 30, 20), (0, 600, 350, 30, 20)) == (
        "Tried against guesses at the others' cards, this way you finish in the top two "
        "about 9 times in 10; with the 3 of clubs, about 6.")
    # None, or almost none, is "never" or "almost never" rather than "about 0 in 10", and
    # where a friend says it; all 10 is "every time"; the other's count in full after it.
    for players, mine, theirs, said in (
            (4, (30, 40, 30, 0), (0, 10, 20, 70),
             "never end last; with the 3 of clubs, about 7 times in 10"),
            (4, (1, 60, 38, 1), (2, 8, 10, 80),
             "almost never end last; with the 3 of clubs, about 8 times in 10"),
            (3, (0, 10, 0), (0, 0, 10), "never end last; with the 3 of clubs, every time"),
            (3, (99, 1, 0), (20, 40, 40),
             "go out first almost every time; with the 3 of clubs, about twice in 10")):
        assert figures_sentence(players, mine, theirs) == (
            f"Tried against guesses at the others' cards, this way you {said}.")
    # Against a pass, the other move is said as it is done.
    hands = [parse_cards("3c 4d 5c"), parse_cards("6h 6d"), parse_cards("7h 7d")]
    state = setup(TycoonRules(), hands, 0, trick=[parse_action("1:5h")])
    play, passing = parse_action("0:3c"), Pass(0)
    assert search_sentence(observe(state, 0), play, {
        play: Fared(0.0, (7, 2, 1)), passing: Fared(0.0, (4, 3, 3))}) == (
        "Tried against guesses at the others' cards, this way you go out first 7 times in "
        "10; passing, 4.")
    # A lead of less than a deal in ten is no figure for a player.
    assert figures_sentence(3, (52, 25, 23), (50, 25, 25)) == ""
    # Equal counts, or none in the move's favour: nothing to add.
    assert figures_sentence(3, (4, 3, 3), (4, 3, 3)) == ""
    assert figures_sentence(3, (3, 3, 4), (4, 3, 3)) == ""


@settings(max_examples=300)
@given(st.integers(2, 8).flatmap(lambda players: st.tuples(
    st.lists(st.integers(0, 30), min_size=players, max_size=players),
    st.lists(st.integers(0, 30), min_size=players, max_size=players))))
def test_a_move_with_the_better_mean_leads_in_a_count_a_player_reads(places):
    """The search chooses by mean place; whenever a move's mean is better, at least one
    count the hint can quote favours it, so the hint never lacks a true figure for its
    choice."""
    mine_places, theirs_places = places
    worlds = sum(mine_places)
    theirs_places[-1] += worlds - sum(theirs_places)  # the same worlds for both
    if theirs_places[-1] < 0 or not worlds:
        return
    lowest = len(mine_places) - 1

    def mean(counts):
        return sum((1 - place / lowest) * n for place, n in enumerate(counts)) / worlds

    mine, theirs = Fared(mean(mine_places), tuple(mine_places)), Fared(
        mean(theirs_places), tuple(theirs_places))
    counted = figures(len(mine_places), mine, theirs)
    if mine_places == theirs_places:
        assert not counted
    elif abs(mine.mean - theirs.mean) > 1e-9:
        better = mine.mean > theirs.mean
        assert any((figure.gain > 0) == better for figure in counted), counted


# ---------------------------------------------------------------- every game, any position


def random_position(preset, players, seed, moves):
    """A position reached by random legal moves, with a seat that may act now."""
    rng = random.Random(seed)
    state = initial_state(PRESETS[preset], players, seed)
    for _ in range(moves):
        actor = state.actor
        if actor is None:
            break
        if actor == SIMULTANEOUS:
            actor = rng.choice(sorted(state.to_act))
        if actor < 0:
            state = step(state, chance_action(state))
            continue
        state = step(state, rng.choice(legal_actions(state, actor)))
    while state.actor is not None and state.actor < 0 and state.actor != SIMULTANEOUS:
        state = step(state, chance_action(state))
    return state


def unseen_card_names(state, seat):
    """The names of the natural cards (one copy each in Tycoon and President) the seat has
    neither held nor seen played or given to it."""
    seen = set(state.hands[seat])
    for event in state.events:
        shown = isinstance(event, Play) or (
            isinstance(event, Transfer) and seat in (event.giver, event.receiver))
        if shown:
            seen.update(event.cards)
    seen.update(card for play in state.trick for card in play.cards)
    return {card.name for card in state.rules.deck()
            if not card.is_joker and card not in seen}


AVERAGES = re.compile(r"average place|on average|\bplace [\d.]+ of\b", re.IGNORECASE)
"""What the hints said before they spoke in a player's counts ("place 2.8 of 4 on
average")."""

CASES = [(preset, players) for preset, rules in PRESETS.items()
         for players in GAMES[rules.game].players[:2]]


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31 - 1),
       moves=st.integers(0, 260))
def test_every_hint_is_legal_and_one_line_that_names_no_unseen_card(case, seed, moves):
    preset, players = case
    state = random_position(preset, players, seed, moves)
    if state.actor is None:
        return  # the game ended
    seat = min(state.to_act) if state.actor == SIMULTANEOUS else state.actor
    record = GameRecord(state.rules, players, seed)
    table = Table(record, state, ["human"] * players)
    advice = turns.hint(table, seat)
    action = state.rules.parse_action(advice["text"], seat)
    assert action in legal_actions(state, seat) or isinstance(action, Announce)
    assert advice["label"] == table.label(action)
    text = advice["reason"]
    observation = observe(state, seat)
    names = ["You" if s == seat else name for s, name in enumerate(table.names)]
    assert text.startswith(explain(observation, action, names))
    bot = make_bot("hard")
    chosen = bot.choose(observation, random.Random(derive_seed(seed, "hint", 0)))
    assert action == chosen  # the bot's own move, from the same generator
    # A sentence: its first letter a capital, unless it starts with a figure ("8-cut: …").
    assert text and "\n" not in text and text.endswith(".") and (
        text[0].isupper() or text[0].isdigit()), text
    assert len(text) < 400, text
    assert not AVERAGES.search(text), text
    assert Counter(advice["cards"]) == Counter(str(c) for c in getattr(
        action, "cards", [getattr(action, "card", None)] if hasattr(action, "card") else []))
    if state.rules.game in ("tycoon", "president"):
        for name in unseen_card_names(state, seat):
            assert not re.search(rf"\b{name}\b", text), (name, text)
        # Another deal of the unseen cards, the same observation: the same hint.
        world = sample_world(observe(state, seat), random.Random(seed))
        assert turns.hint(Table(record, world, ["human"] * players), seat) == advice


@pytest.mark.parametrize("game", sorted({rules.game for rules in PRESETS.values()}))
def test_no_hint_speaks_in_averages_of_places(game):
    """Over seeded positions of every game, each of its presets and player counts, the
    hints speak in counts a player reads, never in averages of places; the climbing
    games' do quote their search's counts."""
    rng = random.Random(24)
    cases = [case for case in CASES if PRESETS[case[0]].game == game]
    quoted = 0
    for number in range(10):
        preset, players = cases[number % len(cases)]
        seed = rng.randrange(2**31)
        state = random_position(preset, players, seed, rng.randrange(60))
        if state.actor is None:
            continue
        seat = min(state.to_act) if state.actor == SIMULTANEOUS else state.actor
        table = Table(GameRecord(state.rules, players, seed), state, ["human"] * players)
        text = turns.hint(table, seat)["reason"]
        assert not AVERAGES.search(text), text
        quoted += bool(re.search(r"Tried against guesses at the others' cards, this way you "
                                 r"((go out first|end last|finish in the top \w+) ((about )?"
                                 r"(once|twice|\d+ times) in 10|(almost )?every time)|"
                                 r"(almost )?never (go out first|end last|finish in the top "
                                 r"\w+)); (passing|giving|discarding|with) ", text))
    assert quoted if game != "corporation" else not quoted


# ---------------------------------------------------------------- the API


def test_the_session_hint_is_deterministic_changes_nothing_and_can_be_played():
    config = {"game": "tycoon", "seats": ["human", "hard", "hard", "hard"], "seed": 12,
              "options": {"rounds": 1}}
    hints = []
    for _ in range(2):
        session = Session()
        session.new_game(config)
        while turns.pending(session.table) is not None:
            session.advance()
        log = session.export_log()
        answer = session.hint()
        assert answer["ok"], answer
        assert session.export_log() == log  # asking changes nothing
        assert session.hint() == answer
        hints.append(answer)
    assert hints[0] == hints[1]
    answer = hints[0]
    assert set(answer) == {"ok", "text", "kind", "label", "reason", "cards"}
    hand = [card["id"] for card in session.view()["view"]["hand"]]
    assert not Counter(answer["cards"]) - Counter(hand)
    played = session.act(answer["text"])
    assert played["ok"] and played["action"] == "0:" + answer["text"]
    assert Counter(card["id"] for card in played["view"]["hand"]) == (
        Counter(hand) - Counter(answer["cards"]))


def test_a_hint_out_of_turn_is_refused_with_the_reason():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["human"] * 4, "seed": 3})
    actor = session.table.state.actor
    other = next(s for s in range(1, 4) if s != actor)
    answer = session.hint(other)
    assert not answer["ok"] and answer["error"]["type"] == "NotYourTurn"
    # It speaks to the person who asked, holding the phone, as their hint would.
    assert answer["error"]["message"] == f"it is not your turn but Player {actor + 1}'s"
    # A seat that is not at the table, or not a seat number, is named as such.
    assert session.hint(7)["error"] == {
        "type": "BadSeat", "message": "there is no seat 7 at this table: the seats are 0 to 3"}
    assert session.hint("0")["error"]["type"] == "BadSeat"


def test_a_hint_while_the_bots_play_tells_whose_turn_it_is():
    session = Session()
    session.new_game({"game": "tycoon", "seats": ["human", "normal", "normal", "normal"],
                      "seed": 4})
    while session.table.state.actor == 0:
        session.act(session.hint()["text"])
    answer = session.hint()
    name = session.table.names[session.table.state.actor]
    assert answer["error"] == {"type": "NotYourTurn",
                               "message": f"it is not your turn but {name}'s"}


def test_a_corporation_seat_that_committed_gets_no_hint():
    session = Session()
    session.new_game({"game": "corporation", "seats": ["human", "normal", "normal", "normal"],
                      "seed": 1})
    assert session.act("commit 2")["ok"]
    answer = session.hint()
    assert answer["error"] == {"type": "NotYourTurn",
                               "message": "you have committed a card this round: wait for "
                                          "the reveal"}


def test_no_hint_after_the_game_or_before_it():
    session = Session()
    assert session.hint()["error"]["type"] == "RulesError"
    session.new_game({"game": "tycoon", "seats": ["greedy"] * 4, "seed": 2,
                      "options": {"rounds": 1}})
    while session.advance()["action"] is not None:
        pass
    answer = session.hint()
    assert answer == {"ok": False, "error": {
        "type": "GameOver", "message": "the game is over: there is nothing left to hint"}}


@pytest.mark.parametrize("game", sorted({rules.game for rules in PRESETS.values()}))
def test_every_game_gets_hints_to_its_end(game):
    """A human who always follows the hint plays a whole game of each kind."""
    players = GAMES[game].players[0]
    options = {} if game in ("president", "corporation") else {"rounds": 1}
    session = Session()
    session.new_game({"game": game, "seats": ["human"] + ["normal"] * (players - 1),
                      "seed": 9, "options": options})
    for _ in range(3000):
        view = session.view()["view"]
        if view["outcome"] is not None:
            break
        if view["your_turn"]:
            answer = session.hint()
            assert answer["ok"], answer
            assert session.act(answer["text"])["ok"]
        else:
            assert session.advance()["action"] is not None
    assert session.view()["view"]["outcome"] is not None


def test_corporation_tells_how_well_a_speaker_kept_their_word_before():
    # Round 1: Bruno said 3 and played 2; Chen said 4 and played it.
    state = corp_setup(CorporationRules(), 5)
    state = corp_apply(state, Announce(2, "I'll play 3"))
    state = corp_apply(state, Announce(3, "I'll play 4"))
    for seat, card in enumerate((5, 1, 2, 4, 3)):
        state = corp_apply(state, Commit(seat, card))
    state = corp_apply(state, Announce(2, "I'll play 5"))
    assert reason(state, FIVE, "commit 5") == (
        "Commit 5: Bruno said 5, and playing the same value forms a Corporation with them: no "
        "points now, but it can pay Corporate Rewards next round. So far Bruno kept 0 of 1 "
        "word.")
