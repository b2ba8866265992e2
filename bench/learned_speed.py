"""The learned policy as Hard's playout policy: microseconds a move, against Normal's.

Hard's search plays its rounds out in counts of cards (engine.families.climbing.bots.playout).
Normal's choice there is a few comparisons; the learned policy's scores every legal set
on its features (engine.families.climbing.bots.counts_learned.learned_choice). This bench plays the
same sampled worlds of Tycoon (4 players) and President (5) out both ways with the
shipped weights, a slice at a time, in turn with each other, and prints each way's
microseconds a move and moves per second. The last line is the larger of the two games'
costs of the learned policy over Normal's, a move for a move (the same machine, the same
minute): ``learned_playout_cost=<number>``.

    python bench/learned_speed.py [--worlds 400]
"""

import argparse
import time

from engine.catalogue import GAMES
from engine.families.climbing.bots.learned import learned_policy
from engine.families.climbing.bots.levels import learned_model, normal_model
from engine.families.climbing.bots.search import Playout
from engine.families.climbing.rules.state import ClimbState
from playout_speed import SLICE_WORLDS, sampled_worlds


class Race:
    """The same worlds played out by each playout, a slice of worlds at a time."""

    def __init__(self, worlds: list[tuple[ClimbState, int]], ways: dict[str, Playout]) -> None:
        self.worlds = worlds
        self.ways = ways
        self.seconds = dict.fromkeys(ways, 0.0)
        self.moves = dict.fromkeys(ways, 0)

    def run(self) -> None:
        for start in range(0, len(self.worlds), SLICE_WORLDS):
            chunk = self.worlds[start:start + SLICE_WORLDS]
            for way, playout in self.ways.items():
                started = time.process_time()
                self.moves[way] += sum(playout(world, seat)[1] for world, seat in chunk)
                self.seconds[way] += time.process_time() - started

    def us_per_move(self, way: str) -> float:
        return self.seconds[way] / self.moves[way] * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=400, help="sampled worlds a game")
    args = parser.parse_args()
    costs = []
    for game in ("tycoon", "president"):
        worlds = sampled_worlds(game, args.worlds)
        rules = worlds[0][0].rules
        policy = learned_policy(rules)
        assert policy is not None, f"{game} ships no weights"
        race = Race(worlds, {
            "normal": normal_model(rules, GAMES[game].counts).playout,
            "learned": learned_model(rules, policy, GAMES[game].counts).playout})
        race.run()
        normal_us, learned_us = race.us_per_move("normal"), race.us_per_move("learned")
        costs.append(learned_us / normal_us)
        print(f"{game:9} normal_us_per_move={normal_us:.1f} "
              f"({1e6 / normal_us:,.0f} moves/s)  learned_us_per_move={learned_us:.1f} "
              f"({1e6 / learned_us:,.0f} moves/s)  cost={learned_us / normal_us:.1f}")
    print(f"learned_playout_cost={max(costs):.1f}")


if __name__ == "__main__":
    main()
