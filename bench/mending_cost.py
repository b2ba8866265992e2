"""Whether mending a world is charged to Hard's budget at what it costs beside a playout.

Hard's budget counts simulated moves: a playout's moves, and ``reading.CHECK_MOVES`` for
each decision weighed in mending a world (``REMEMBERED_MOVES`` for one looked up). The
budget tracks the time only if a charged move of mending takes as long as a playout move;
otherwise mending gets more (or less) of the time than its share of the budget says.
The bench takes every position where Hard at 5% would search at seat 0 in Normal's Tycoon
rounds (``late_mending.positions``), mends worlds there and plays one candidate out in
each, and times both, in turns in this process. The last line is the time of a charged
move of mending over a playout move's (the median of the turns):
``mending_to_playout_ratio=<number>``.

    python bench/mending_cost.py [--deals 10] [--worlds 20] [--turns 3]
"""

import argparse
import random
import statistics
import time

from engine.catalogue import game_of
from engine.families.climbing.bots.levels import search_model
from engine.families.climbing.bots.search import sample_world
from engine.families.climbing.rules.machine import apply
from engine.families.climbing.rules.state import ClimbObservation
from engine.players.levels import hard_settings
from late_mending import positions


def turn(observations: list[ClimbObservation], worlds: int) -> tuple[float, float]:
    """µs a charged move of mending, and a playout move, over every position."""
    model = search_model(observations[0].rules, hard_settings(game_of(observations[0].rules)))
    assert model.reads is not None
    mending = charged = playing = moved = 0.0
    for index, observation in enumerate(observations):
        rng = random.Random(index)
        mender = model.reads(observation, sample_world(observation, rng), {})
        if mender is None:
            continue
        dealt = [sample_world(observation, rng) for _ in range(worlds)]
        started = time.perf_counter()
        mended = []
        for world in dealt:
            world, cost = mender.mend(world, rng)
            mended.append(world)
            charged += cost
        mending += time.perf_counter() - started
        # The candidate's own move goes through the engine, outside the budget and the timing.
        moved_on = [apply(world, observation.legal[0]) for world in mended]
        started = time.perf_counter()
        for world in moved_on:
            moved += model.playout(world, observation.seat)[1]
        playing += time.perf_counter() - started
    return mending / charged * 1e6, playing / moved * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="Tycoon rounds dealt")
    parser.add_argument("--worlds", type=int, default=20, help="worlds mended a position")
    parser.add_argument("--turns", type=int, default=3, help="turns timed")
    args = parser.parse_args()
    observations = positions(args.deals)
    print(f"{len(observations)} positions, {args.worlds} worlds each")
    ratios = []
    for number in range(args.turns):
        mending, playout = turn(observations, args.worlds)
        ratios.append(mending / playout)
        print(f"turn {number + 1}: mending {mending:.2f} µs a charged move, "
              f"playout {playout:.2f} µs a move, ratio {ratios[-1]:.3f}")
    print(f"mending_to_playout_ratio={statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
