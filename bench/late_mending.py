"""What mending worlds late in a round costs Hard's decisions at a budget phone's share.

Below ``search.MEND_FROM`` Hard mends its worlds only once the hands hold
``search.MEND_LATE`` cards a player or fewer. Mending is charged to the budget in
simulated moves, so a decision should take about as long with it as without; this bench
checks that, since a budget phone already thinks with the smallest share there is. It
deals Tycoon rounds (4 players, one round) played by Normal, takes every position where
Hard at 5% would search at seat 0, and times Hard's decision at each, with and without
late mending, in turns (A B A B), in this process. It prints the mean and the 95th
percentile each way, over every position and over the late ones alone; the last line is
the ratio of the p95s over every position (with over without):
``late_mending_p95_ratio=<number>``.

    python bench/late_mending.py [--deals 30] [--turns 3]
"""

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine.catalogue import (
    Action,
    Observation,
    apply,
    chance_action,
    make_rules,
    new_game,
    observe,
    outcome,
    seats_to_act,
)
from engine.families.climbing.bots import search
from engine.families.climbing.rules.state import ClimbObservation
from engine.players.levels import HardBot, make_bot

SHARE = 0.05


def play_round(seed: int, choose: Callable[[Observation], Action]) -> None:
    """A Tycoon round (4 players, one round) dealt from ``seed``, each move ``choose``'s."""
    state = new_game(make_rules("tycoon", None, {"rounds": 1}), 4, seed)
    while outcome(state) is None:
        deal = chance_action(state)
        state = apply(state, deal if deal is not None
                      else choose(observe(state, seats_to_act(state)[0])))


def positions(deals: int) -> list[ClimbObservation]:
    """Every position of Normal's rounds where Hard at ``SHARE`` would search at seat 0."""
    hard, normal = HardBot(SHARE), make_bot("normal-v1")
    found: list[ClimbObservation] = []

    def normal_noting_searches(observation: Observation) -> Action:
        if (observation.seat == 0 and isinstance(observation, ClimbObservation)
                and hard.searches(observation)):
            found.append(observation)
        return normal.choose(observation, random.Random(0))

    for seed in range(deals):
        play_round(seed, normal_noting_searches)
    return found


def timed(observations: list[ClimbObservation], late: int) -> list[float]:
    """Hard's decision time at each position, in ms, with ``MEND_LATE`` set to ``late``."""
    search.MEND_LATE = late
    hard = HardBot(SHARE)
    times = []
    for index, observation in enumerate(observations):
        started = time.perf_counter()
        hard.decide(observation, random.Random(index))
        times.append((time.perf_counter() - started) * 1000)
    return times


def p95(times: list[float]) -> float:
    return sorted(times)[int(0.95 * len(times))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="Tycoon rounds dealt")
    parser.add_argument("--turns", type=int, default=3, help="A B turns timed")
    args = parser.parse_args()
    kept = search.MEND_LATE
    observations = positions(args.deals)
    late = [search.late_in_round(o) for o in observations]
    print(f"{len(observations)} positions, {sum(late)} late (the hands hold "
          f"{kept} cards a player or fewer)")
    ratios = []
    for turn in range(args.turns):
        each = {label: timed(observations, value)
                for label, value in (("with", kept), ("without", 0))}
        for label, times in each.items():
            late_times = [t for t, is_late in zip(times, late, strict=True) if is_late]
            print(f"turn {turn + 1} {label:7} mean {statistics.fmean(times):.1f} ms "
                  f"p95 {p95(times):.1f} ms  late: mean {statistics.fmean(late_times):.1f} ms "
                  f"p95 {p95(late_times):.1f} ms")
        ratios.append(p95(each["with"]) / p95(each["without"]))
    search.MEND_LATE = kept
    print(f"late_mending_p95_ratio={statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
