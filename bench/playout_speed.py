"""Hard's playouts: microseconds a move, through the engine and in counts.

Hard plays thousands of rounds out per decision with Normal's judgement for
every seat. ``search.rollout`` does it through the engine (``legal_actions``,
``normal_move``, ``apply``); ``playout.normal_playout`` does the same moves
on counts of cards, and ``matchstick_playout.stick_playout`` on counts of faces
(tests/test_playout.py and tests/test_matchstick_playout.py prove they agree). Both
play the same sampled worlds from seeded positions early in a Tycoon (4 players), a
President (5 players) and a Matchstick Tycoon (4 players) round, a slice of worlds at
a time, in turn with each other and with a fixed pure-Python reference workload
(bench/reference.py). Time is this process's CPU time. Each game prints both speeds as
microseconds a move and as moves per unit of the reference
(``*_moves_per_ref``: the figure to compare between runs on a machine whose
speed swings). The last line is the smallest of the games' ratios of the
two ways: ``playout_speedup=<number>``. ``--tycoon NAME=VALUE`` sets an option of
Tycoon's tables (one the counts model, such as ``cut=8``).

    python bench/playout_speed.py [--worlds 400] [--tycoon cut=8]
"""

import argparse
import random
import time
from typing import Any

from engine.catalogue import GAMES, observe
from engine.config import GameConfig
from engine.families.climbing.bots.levels import normal_model
from engine.families.climbing.bots.policies import normal_move
from engine.families.climbing.bots.search import Playout, rollout, sample_world
from engine.families.climbing.rules.state import ClimbObservation, ClimbState
from engine.play import turns
from engine.play.table import Table
from reference import interleave

SLICE_WORLDS = 20


def sampled_worlds(game: str, count: int, options: dict[str, Any] | None = None
                   ) -> list[tuple[ClimbState, int]]:
    """Worlds sampled at the first play of seeded rounds under ``options``, each with its
    seat."""
    worlds: list[tuple[ClimbState, int]] = []
    seed = 0
    while len(worlds) < count:
        seed += 1
        seats = ["normal"] * GAMES[game].default_players
        table = Table.create(GameConfig.read({"game": game, "seats": seats, "seed": seed,
                                              "options": options or {}}))
        while (pending := turns.pending(table)) is not None and pending < 0:
            turns.advance(table)  # the deal (and any exchange) to the first play
        seat = turns.pending(table)
        assert seat is not None
        observation = observe(table.state, seat)
        assert isinstance(observation, ClimbObservation)
        rng = random.Random(seed)
        worlds += [(sample_world(observation, rng), seat) for _ in range(SLICE_WORLDS)]
    return worlds[:count]


class Race:
    """The same worlds played out both ways, a slice of worlds at a time."""

    def __init__(self, worlds: list[tuple[ClimbState, int]], in_counts: Playout) -> None:
        self.worlds = worlds
        self.in_counts = in_counts
        self.next = 0
        self.seconds = {"engine": 0.0, "counts": 0.0}

    def slice(self) -> float:
        """The next slice of worlds played out each way; the moves each way took (the same
        moves: the two ways agree)."""
        chunk = self.worlds[self.next:self.next + SLICE_WORLDS]
        self.next += SLICE_WORLDS
        moves = {}
        for way, playout in (("engine", by_engine), ("counts", self.in_counts)):
            started = time.process_time()
            moves[way] = sum(playout(world, seat)[1] for world, seat in chunk)
            self.seconds[way] += time.process_time() - started
        assert moves["engine"] == moves["counts"]
        return moves["engine"]


def by_engine(world: ClimbState, seat: int) -> tuple[float, int]:
    return rollout(world, seat, normal_move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=400, help="sampled worlds a game")
    parser.add_argument("--tycoon", action="append", default=[], metavar="NAME=VALUE",
                        help="an option of Tycoon's tables, e.g. cut=8")
    args = parser.parse_args()
    tycoon = dict(option.split("=", 1) for option in args.tycoon)
    speedups = []
    for game in ("tycoon", "president", "matchstick"):
        worlds = sampled_worlds(game, args.worlds, tycoon if game == "tycoon" else None)
        rules = worlds[0][0].rules
        # Normal as Hard's search plays it out for these rules: in the game's own quick
        # playouts (Matchstick Tycoon's, in counts of faces), or in counts of ranks.
        playouts = GAMES[game].playouts
        own = playouts(rules) if playouts is not None else None
        race = Race(worlds, (own or normal_model(rules, GAMES[game].counts)).playout)
        figure = interleave(race.slice, (args.worlds + SLICE_WORLDS - 1) // SLICE_WORLDS)
        engine_us, counts_us = (race.seconds[way] / figure.units * 1e6
                                for way in ("engine", "counts"))
        reference_us = figure.reference_seconds / figure.reference_units * 1e6
        speedups.append(engine_us / counts_us)
        print(f"{game:9} engine_us_per_move={engine_us:.1f}  counts_us_per_move={counts_us:.1f}"
              f"  speedup={engine_us / counts_us:.1f}  "
              f"engine_moves_per_ref={reference_us / engine_us:.1f}  "
              f"counts_moves_per_ref={reference_us / counts_us:.1f}")
    print(f"playout_speedup={min(speedups):.1f}")


if __name__ == "__main__":
    main()
