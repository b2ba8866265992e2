"""A seat at the table says its state in a few short words, so that a narrow seat (eight
players on a phone) wraps between them and never cuts one: a seat with only matchsticks
left says how many it must discard beside its count of them, where your own line says it
in full."""

import random

import pytest

from engine.catalogue import make_rules, observe
from engine.config import GameConfig
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.words.views import ClimbPresenter
from engine.play import turns
from engine.play.table import Table
from engine.play.view import table_view

NAMES = ["You", "Aiko", "Bruno", "Chen"]
LONGEST_WORD = 9  # characters: "thinking…", as wide as a seat of eight players allows


def test_a_seat_with_only_matchsticks_left_says_how_many_to_discard_in_short():
    rules = make_rules("matchstick")
    state = setup(rules, [rules.parse_cards(hand) for hand in ["3 4", "", "5", "6"]], 0,
                  sticks=[1, 2, 0, 1])
    view = ClimbPresenter(NAMES).view(observe(state, 0), ["human"] + ["easy"] * 3)
    aiko = view["players"][1]
    assert aiko["status"] == "2 matchsticks to discard"
    assert aiko["seat_status"] == "2 to discard"


@pytest.mark.parametrize("game", ["tycoon", "president", "matchstick"])
def test_every_word_a_seat_says_fits_a_narrow_seat(game: str):
    players = 8 if game != "tycoon" else 4
    table = Table.create(GameConfig.read({"game": game, "seed": 3,
                                          "seats": ["human"] + ["random"] * (players - 1)}))
    rng = random.Random(3)
    said = set()
    for _ in range(600):
        while turns.advance(table) is not None:
            said.update(player["seat_status"] for player in table_view(table)["players"])
        view = table_view(table)
        if view["outcome"] is not None or not view["legal"]:
            break
        table.act(rng.choice(view["legal"])["act"])
    words = {word for text in said for word in text.split()}
    assert {"passed", "thinking…"} <= words
    assert max(map(len, words)) <= LONGEST_WORD, sorted(words, key=len)[-3:]
