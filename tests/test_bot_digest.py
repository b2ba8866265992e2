"""The bots decide exactly as they did when docs/BOTS.md was measured.

Every bot is deterministic: its choice depends only on what its seat sees and
the generator it is given. So a digest of the actions chosen over a fixed set
of seeded games pins every level's decisions; a change that moves one
decision (a refactor that was meant to change nothing, a new option the
playouts ignore) fails here before it silently changes the arena's figures.
A change meant to alter a bot's play updates the digest and re-measures the
arena (docs/BOTS.md).
"""

import hashlib

import pytest

from engine.config import GameConfig
from engine.play import turns
from engine.play.table import Table

# Each level in each game, at the game's default table: Hard at one seat keeps it quick.
TABLES = {
    "tycoon": (["hard", "normal", "easy", "greedy"], {"rounds": 1}),
    "president": (["hard", "normal", "easy", "greedy", "random"], {}),
    "matchstick": (["hard", "normal", "easy", "greedy"], {"rounds": 1}),
    "corporation": (["hard", "normal", "easy", "greedy", "random"], {}),
}
SEED = 2026
MOST_ACTIONS = 200  # President plays on until a score reaches 0: its first rounds suffice

DIGESTS = {
    "tycoon": "2397a4d86b42d265",  # 2026-11-28: mending weighs again only the choices
    # that read a count a swap moved, and is charged at its cost
    "president": "c07a6e236face2ce",  # 2026-11-28: the same
    "matchstick": "bf3ee5594e16982a",  # 2026-11-27: Hard plays out in counts of faces,
    # 25 times as many moves in the same time
    "corporation": "1953a04af0c456fc",  # 2026-11-26: every bot seat has a temperament;
    # Normal and Easy talk, mix their commits and sometimes break their word
}


# The arena's yardstick, normal-v1, at every seat: Normal as it was frozen. These never
# change (a change to Normal moves Normal's code of today to normal-v1 first).
FROZEN_DIGESTS = {
    "tycoon": "f320b5223cc00b55",
    "president": "00bee1328a1a3b62",
    "matchstick": "8e3ad66da950a76a",
    "corporation": "8303506640259981",
}


# normal-v1 under Tycoon's house-rule presets, one round: Normal's tactics for the house
# rules (engine/families/climbing/bots/house_tactics.py) are not the yardstick's.
FROZEN_UNDER_HOUSE_RULES = {
    "tycoon-japan": (4, "1bf886763d4bac9c"),
    "tycoon-uecda": (5, "a2bb6f8048437a01"),
}


def actions_chosen(game: str, seats: list[str] | None = None, preset: str | None = None
                   ) -> list[str]:
    levels, options = TABLES[game]
    seats = seats or levels
    table = Table.create(GameConfig.read({"game": game, "preset": preset, "seats": seats,
                                          "options": options, "seed": SEED}))
    actions = []
    while len(actions) < MOST_ACTIONS and (action := turns.advance(table)) is not None:
        actions.append(str(action))
    return actions


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_bot_level_chooses_as_it_was_measured(game: str):
    digest = hashlib.sha256("\n".join(actions_chosen(game)).encode()).hexdigest()[:16]
    assert digest == DIGESTS[game]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_frozen_normal_chooses_as_it_always_has(game: str):
    seats = ["normal-v1"] * len(TABLES[game][0])
    digest = hashlib.sha256("\n".join(actions_chosen(game, seats)).encode()).hexdigest()[:16]
    assert digest == FROZEN_DIGESTS[game]


@pytest.mark.parametrize("preset", sorted(FROZEN_UNDER_HOUSE_RULES))
def test_the_frozen_normal_plays_no_house_rule_tactics(preset: str):
    players, frozen = FROZEN_UNDER_HOUSE_RULES[preset]
    chosen = actions_chosen("tycoon", ["normal-v1"] * players, preset)
    assert hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:16] == frozen
    assert chosen != actions_chosen("tycoon", ["normal"] * players, preset)  # Normal's are
