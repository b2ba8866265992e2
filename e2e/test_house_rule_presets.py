"""A round of Tycoon under each house-rules preset on a phone (issue 28): "UECda standard"
picked in the lobby and played by five; and under each preset, a position where the player
leads with a sequence in hand: the cards chosen one by one make the move the view offers,
and the round is played out to its results. ("Japanese house rules" is picked in the lobby
in e2e/test_lobby.py.)"""

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from engine.api import Session
from engine.core.actions import Play, parse_action
from engine.core.cards import parse_cards
from engine.families.climbing.rules.positions import Start
from tycoon_page import SETTINGS_KEY, Table, stored_settings

PRESETS: dict[str, dict[str, Any]] = {
    # Seat 0 leads with the 4-5-6 of spades in hand; the others hold little, so the round
    # is short. With 7-pass and 10-discard in the Japanese set, 7s and 10s are kept out.
    "tycoon-japan": {"players": 4, "hands": ["4s 5s 6s 9h Kd", "3c Qd", "3d Jc 9c",
                                             "4h 8c"],
                     "sequence": ["4s", "5s", "6s"], "words": "Play 4-5-6 of spades"},
    "tycoon-uecda": {"players": 5, "hands": ["4d 5d 6d Kh", "3c Qd", "9c 2h", "4h Jc",
                                             "5c 9s"],
                     "sequence": ["4d", "5d", "6d"], "words": "Play 4-5-6 of diamonds"},
}


def position(preset: str, players: int, hands: list[str]) -> dict[str, Any]:
    """A saved game under ``preset`` whose round starts from ``hands``, seat 0 to lead."""
    session = Session()
    assert session.new_game({"game": "tycoon", "preset": preset, "seed": 4,
                             "seats": ["human"] + ["easy"] * (players - 1)})["ok"]
    log = session.export_log()["log"]
    log["start"] = Start(tuple(hands), 0).to_json()
    log["actions"] = []
    return log


def test_the_uecda_preset_is_picked_in_the_lobby_and_its_round_played_by_five(table: Table):
    page = table.page
    table.open()
    table.wait_for_engine()
    table.choose_game("tycoon", 5)
    page.tap("input[name='tycoon.preset'][value='tycoon-uecda']")
    expect(page.locator("#options details.option-group").filter(
        has_text="UECda contest rules")).to_have_attribute("open", "")
    table.deal()
    table.wait_for_my_turn()
    expect(page.locator("#opponents .opponent")).to_have_count(4)
    table.play_out_the_round()
    expect(page.locator("#results")).to_be_visible()


@pytest.mark.parametrize("preset", PRESETS)
def test_a_sequence_chosen_from_the_hand_is_the_move_the_view_offers(table: Table, preset: str):
    case = PRESETS[preset]
    page = table.page
    table.store_before_opening(save=json.dumps(position(preset, case["players"],
                                                        case["hands"])),
                               local={SETTINGS_KEY: stored_settings(pace=0)})
    table.open()
    table.wait_for_engine()
    page.tap("#resume")
    table.wait_for_my_turn()
    hand = table.hand()
    for card in case["sequence"]:
        table.tap_card(hand.index(card))
    expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(3)
    expect(page.locator("#play")).to_have_attribute("aria-disabled", "false")
    expect(page.locator("#play")).to_contain_text(case["words"])
    view = Session().load_log(table.saved_game() or "")["view"]
    offered = [sorted(move["cards"]) for move in view["legal"]]
    assert sorted(case["sequence"]) in offered, offered
    moves = table.moves()
    page.tap("#play")
    table.wait_for_moves_after(moves)
    # The log, not the trick: at Instant pace the next bot may already have beaten the
    # sequence or, after everyone passed, cleared the trick (a busy machine's CI saw both).
    played = json.loads(table.saved_game() or "{}")["actions"][moves]
    assert parse_action(played) == Play(0, parse_cards(" ".join(case["sequence"]))), played
    table.play_out_the_round()
    expect(page.locator("#results")).to_be_visible()
