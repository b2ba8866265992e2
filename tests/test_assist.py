"""The hand's play assistance (web/ui/assist.py), from the view's legal moves alone:
the cards it dims are those no legal move takes, and a tap selects a legal play,
the smallest holding the card; a second tap widens it or clears it.

Positions come from real games of every game, the engine's own views of seeded deals
played on by random legal moves.
"""

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import assist  # web/ui is the page's folder, not a package

View = dict[str, Any]


def plays_of(view: View) -> list[Counter[str]]:
    """The card sets the view's legal moves take."""
    return [Counter(move["cards"]) for move in view["legal"] if move["cards"]]


def ids(hand: list[str | None], positions: list[int]) -> Counter[str]:
    return Counter(hand[position] for position in positions)  # type: ignore[misc]


def holds(play: Counter[str], cards: Counter[str]) -> bool:
    return all(play[card] >= count for card, count in cards.items())


def smallest_holding(view: View, cards: Counter[str]) -> list[Counter[str]]:
    holding = [play for play in plays_of(view) if holds(play, cards)]
    least = min((play.total() for play in holding), default=0)
    unique = []
    for play in holding:
        if play.total() == least and play not in unique:
            unique.append(play)
    return unique


def hand_of(view: View) -> list[str | None]:
    """The ids by position as the hand shows them: the hand, then the cards held back."""
    return [card["id"] for card in view["hand"]] + [None for _ in view["held_back"]]


def positions_seen(game: str, seed: int, turns: int) -> list[View]:
    """The human's views on each of its turns in a seeded game of random bots, the
    human playing a random legal move each turn, up to ``turns`` turns (and one view
    while it waits)."""
    session = Session()
    players = random.Random(seed).choice(GAMES[game].players)
    answer = session.new_game({"game": game, "seed": seed,
                               "seats": ["human"] + ["random"] * (players - 1)})
    assert answer["ok"], answer
    chooser = random.Random(seed)
    views = []
    waiting_seen = False
    for _ in range(2000):
        view = answer["view"]
        if view["outcome"] is not None or len(views) >= turns:
            break
        if view["your_turn"]:
            views.append(view)
            answer = session.act(chooser.choice(view["legal"])["act"])
        else:
            if not waiting_seen:
                views.append(view)
                waiting_seen = True
            answer = session.advance()
            if answer["action"] is None and not answer["view"]["your_turn"]:
                break  # the round's results, or nothing due
        assert answer["ok"], answer
    return views


def check_dimming(view: View) -> None:
    hand = hand_of(view)
    dimmed = set(assist.dimmed(view["legal"], hand, view["your_turn"]))
    taken = {card for move in view["legal"] for card in move["cards"]}
    assert assist.playable_ids(view["legal"]) == taken
    for index, card in enumerate(hand):
        if card is None or not view["your_turn"]:
            assert index not in dimmed  # a card held back has its own look; others play
        else:
            in_a_move = any(card in move["cards"] for move in view["legal"])
            assert (index in dimmed) == (not in_a_move), (card, view["legal"])


def check_selection(hand: list[str | None], selection: list[int], chosen: list[int]) -> None:
    assert selection == sorted(set(selection)) and set(chosen) <= set(selection)
    assert all(0 <= index < len(hand) and hand[index] is not None for index in selection)


def check_taps(view: View, data: st.DataObject) -> None:
    """A first tap on each card, then a second tap on the same card; and a run of taps
    anywhere."""
    hand, legal = hand_of(view), view["legal"]
    plays = plays_of(view)
    for index, card in enumerate(hand):
        if card is None:
            continue
        selection, chosen = assist.tap(legal, hand, [], [], index)
        check_selection(hand, selection, chosen)
        assert index in selection and chosen == [index]
        picked = ids(hand, selection)
        smallest = smallest_holding(view, Counter([card]))
        if not smallest:  # a card no play takes: selected alone, for the engine's reason
            assert picked == Counter([card])
        elif len(smallest) == 1:  # the one smallest play holding it
            assert picked == smallest[0]
        else:  # several as small: none guessed, the card alone
            assert picked == Counter([card])
        again, chosen_again = assist.tap(legal, hand, selection, chosen, index)
        check_selection(hand, again, chosen_again)
        if picked in plays:
            larger = [play for play in plays
                      if play.total() > picked.total() and holds(play, picked)]
            if larger:  # widened: the first of the next larger plays holding it
                least = min(play.total() for play in larger)
                assert ids(hand, again) == next(p for p in larger if p.total() == least)
                assert set(selection) <= set(again)
            else:
                assert again == []
        else:
            assert again == []  # the card put back: nothing else was selected
        for other in selection:
            if other != index:  # a card the tap added: tapped, it stays (and is the player's)
                kept, mine = assist.tap(legal, hand, selection, chosen, other)
                assert kept == selection and other in mine
    selection, chosen = [], []
    choosable = [index for index, card in enumerate(hand) if card is not None]
    if not choosable:
        return
    for index in data.draw(st.lists(st.sampled_from(choosable), max_size=8)):
        before = ids(hand, selection)
        selection, chosen = assist.tap(legal, hand, selection, chosen, index)
        check_selection(hand, selection, chosen)
        picked = ids(hand, selection)
        if hand[index] in assist.playable_ids(legal) and index in selection:
            # Whatever else it holds, a selection with a playable card tapped into it is
            # part of some play (or is the play).
            assert any(holds(play, picked) for play in plays) or before == picked


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 80), data=st.data())
def test_dimmed_cards_and_taps_agree_with_the_views_legal_moves(game: str, seed: int,
                                                                   turns: int,
                                                                   data: st.DataObject):
    views = positions_seen(game, seed, turns)
    assert views
    for view in views:
        check_dimming(view)
        if view["your_turn"]:
            check_taps(view, data)


LEAD = [{"act": "5c", "cards": ["5c"]}, {"act": "5d", "cards": ["5d"]},
        {"act": "5h", "cards": ["5h"]}, {"act": "9s", "cards": ["9s"]},
        {"act": "5c 5d", "cards": ["5c", "5d"]}, {"act": "5c 5h", "cards": ["5c", "5h"]},
        {"act": "5d 5h", "cards": ["5d", "5h"]}, {"act": "5c 5d 5h", "cards": ["5c", "5d", "5h"]},
        {"act": "pass", "cards": []}]
LEAD_HAND: list[str | None] = ["3c", "5c", "5d", "5h", "9s"]


def test_a_lead_widens_a_single_to_a_pair_then_a_triple_then_clears():
    steps = []
    selection: list[int] = []
    chosen: list[int] = []
    for _ in range(4):
        selection, chosen = assist.tap(LEAD, LEAD_HAND, selection, chosen, 1)
        steps.append(selection)
    assert steps == [[1], [1, 2], [1, 2, 3], []]


def test_a_second_card_tapped_makes_the_pair_the_player_means():
    selection, chosen = assist.tap(LEAD, LEAD_HAND, [], [], 1)
    assert assist.tap(LEAD, LEAD_HAND, selection, chosen, 3) == ([1, 3], [1, 3])


def test_a_card_no_play_takes_is_dimmed_and_toggles():
    assert assist.dimmed(LEAD, LEAD_HAND, True) == [0]
    assert assist.dimmed(LEAD, LEAD_HAND, False) == []
    selection, chosen = assist.tap(LEAD, LEAD_HAND, [1], [1], 0)
    assert (selection, chosen) == ([0, 1], [0, 1])
    assert assist.tap(LEAD, LEAD_HAND, selection, chosen, 0) == ([1], [1])


FOLLOW_A_PAIR = [{"act": "5c 5d", "cards": ["5c", "5d"]}, {"act": "5c 5h", "cards": ["5c", "5h"]},
                 {"act": "5d 5h", "cards": ["5d", "5h"]}, {"act": "Kc Ks", "cards": ["Kc", "Ks"]},
                 {"act": "pass", "cards": []}]
FOLLOW_HAND: list[str | None] = ["5c", "5d", "5h", "9s", "Kc", "Ks"]


def test_following_a_pair_one_tap_selects_the_only_pair_and_a_second_clears_it():
    selection, chosen = assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, [], [], 5)
    assert (selection, chosen) == ([4, 5], [5])
    assert assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, selection, chosen, 5) == ([], [])


def test_a_tap_guesses_no_partner_among_several_and_a_partner_tapped_as_before_stays():
    selection, chosen = assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, [], [], 0)
    assert selection == [0]  # 5c with 5d or with 5h: the player says which
    assert assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, selection, chosen, 2) == ([0, 2], [0, 2])
    selection, chosen = assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, [], [], 4)
    assert assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, selection, chosen, 5) == ([4, 5], [4, 5])


def test_a_card_that_fits_no_play_with_the_selection_starts_it_again():
    selection, chosen = assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, [], [], 4)
    assert assist.tap(FOLLOW_A_PAIR, FOLLOW_HAND, selection, chosen, 0) == ([0], [0])


def test_cards_sharing_an_id_are_told_apart_by_place():
    legal = [{"act": "X", "cards": ["X"]}, {"act": "X X", "cards": ["X", "X"]}]
    hand: list[str | None] = ["4c", "X", "X"]
    selection, chosen = assist.tap(legal, hand, [], [], 2)
    assert (selection, chosen) == ([2], [2])
    assert assist.tap(legal, hand, selection, chosen, 2) == ([1, 2], [2])
    assert assist.tap(legal, hand, [], [], 1) == ([1], [1])


def test_a_card_held_back_is_never_placed_in_a_selection():
    legal = [{"act": "commit 3", "cards": ["3"]}]
    assert assist.placed([None, "3"], ["3"], [0]) == [1]
    assert assist.dimmed(legal, [None, "3", "4"], True) == [2]
    assert assist.tap(legal, [None, "3"], [], [], 1) == ([1], [1])
