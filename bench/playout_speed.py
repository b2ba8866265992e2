"""Hard's playouts: microseconds a move, through the engine and in counts.

Hard plays thousands of rounds out per decision with Normal's judgement for
every seat. ``search.rollout`` does it through the engine (``legal_actions``,
``normal_move``, ``apply``); ``playout.normal_playout`` does the same moves
on counts of cards (tests/test_playout.py proves they agree). Both play the
same sampled worlds from seeded positions early in a Tycoon (4 players) and a
President (5 players) round. Time is this process's CPU time; the ratio is
what matters across machines. The last line is the smaller of the two games'
ratios: ``playout_speedup=<number>``.

    python bench/playout_speed.py [--worlds 400]
"""

import argparse
import random
import time
from collections.abc import Callable

from engine.api import Table
from engine.climbing import ClimbState
from engine.games import DEFAULT_PLAYERS, observe
from engine.playout import normal_playout
from engine.policies import normal_move
from engine.search import rollout, sample_world


def microseconds_a_move(playout: Callable[[ClimbState, int], tuple[float, int]],
                        worlds: list[tuple[ClimbState, int]]) -> float:
    """Each world played out for the seat it was sampled for."""
    moves = 0
    started = time.process_time()
    for world, seat in worlds:
        moves += playout(world, seat)[1]
    return (time.process_time() - started) / moves * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=400, help="sampled worlds a game")
    args = parser.parse_args()
    speedups = []
    for game in ("tycoon", "president"):
        worlds: list[tuple[ClimbState, int]] = []
        seed = 0
        while len(worlds) < args.worlds:
            seed += 1
            table = Table.create({"game": game, "seats": ["normal"] * DEFAULT_PLAYERS[game],
                                  "seed": seed})
            while table.pending() is not None and table.pending() < 0:
                table.advance()  # the deal (and any exchange) to the first play
            seat = table.pending()
            assert seat is not None
            observation = observe(table.state, seat)
            rng = random.Random(seed)
            worlds += [(sample_world(observation, rng), seat) for _ in range(20)]
        by_engine = microseconds_a_move(lambda w, s: rollout(w, s, normal_move), worlds)
        in_counts = microseconds_a_move(normal_playout, worlds)
        speedups.append(by_engine / in_counts)
        print(f"{game:9} engine_us_per_move={by_engine:.1f}  counts_us_per_move={in_counts:.1f}"
              f"  speedup={by_engine / in_counts:.1f}")
    print(f"playout_speedup={min(speedups):.1f}")


if __name__ == "__main__":
    main()
