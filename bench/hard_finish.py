"""Hard's own side of its playouts: how much better it places than Normal's, and its cost.

Hard plays its own side of each playout as Normal does, except where counting the cards
still out shows a finish (engine.families.climbing.bots.counts.finishing_set). This bench deals
the same rounds of Tycoon (4 players, one round) and President (5) and plays each out
from the deal twice, in counts: once with one seat on Hard's own judgement, once with
every seat on Normal's; that seat's mean place each way, and the difference, paired by
deal (negative is better). Then the microseconds a move of Hard's playouts against
Normal's, on the same sampled worlds. The last line is the larger (the less good) of the
two games' differences: ``finish_place_gain=<number>``.

    python bench/hard_finish.py [--deals 6000] [--worlds 400]
"""

import argparse
import statistics

from engine.catalogue import GAMES, apply, chance_action, make_rules
from engine.families.climbing.bots.levels import hard_model, normal_model
from engine.families.climbing.bots.playout import hard_playout, normal_playout
from engine.families.climbing.rules.state import ClimbState
from engine.log import GameRecord
from learned_speed import Race
from playout_speed import sampled_worlds

OPTIONS = {"tycoon": {"rounds": 1}, "president": {}}


def places(game: str, deals: int) -> tuple[float, float, float]:
    """The seat's mean place on Hard's own judgement, on Normal's, and the difference's
    95% half-interval, over ``deals`` deals (the seat turns with the deal)."""
    rules = make_rules(game, None, OPTIONS[game])
    make_counts = GAMES[game].counts
    assert make_counts is not None
    counts = make_counts(rules)
    assert counts is not None
    players = GAMES[game].default_players
    hard: list[float] = []
    plain: list[float] = []
    for seed in range(deals):
        state = GameRecord(rules, players, seed).initial()
        while (deal := chance_action(state)) is not None:
            state = apply(state, deal)
        seat = seed % players
        assert isinstance(state, ClimbState)
        for results, playout in ((hard, hard_playout), (plain, normal_playout)):
            value, _ = playout(counts, state, seat)
            results.append(1 + (1 - value) * (players - 1))
    gains = [h - p for h, p in zip(hard, plain, strict=True)]
    return (statistics.fmean(hard), statistics.fmean(plain),
            1.96 * statistics.stdev(gains) / len(gains) ** 0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6000, help="deals a game")
    parser.add_argument("--worlds", type=int, default=400, help="sampled worlds a game")
    args = parser.parse_args()
    gains = []
    for game in OPTIONS:
        hard, plain, spread = places(game, args.deals)
        gains.append(hard - plain)
        worlds = sampled_worlds(game, args.worlds)
        rules = worlds[0][0].rules
        race = Race(worlds, {"normal": normal_model(rules, GAMES[game].counts).playout,
                             "hard": hard_model(rules, GAMES[game].counts).playout})
        race.run()
        normal_us, hard_us = race.us_per_move("normal"), race.us_per_move("hard")
        print(f"{game:9} place_hard_side={hard:.3f} place_normal={plain:.3f} "
              f"gain={hard - plain:+.3f} (±{spread:.3f})  normal_us_per_move={normal_us:.1f} "
              f"hard_us_per_move={hard_us:.1f} cost={hard_us / normal_us:.2f}")
    print(f"finish_place_gain={max(gains):.3f}")


if __name__ == "__main__":
    main()
