"""Bot decision times: p50 and p95 per level and game, in CPython, in milliseconds.

Bots play seeded games against each other at each game's default table; every
decision of the measured level is timed (process CPU time). The last line is
the Hard level's p95 over every game it plays: ``hard_p95_ms=<number>``. The
browser worker runs Python about 1.6 times slower than CPython here
(ARCHITECTURE.md), so the budget of 250 ms there is about 150 ms here.

    python bench/bot_latency.py [--games 4]
"""

import argparse
import random
import time

from engine.api import Table
from engine.bots import make_bot, plays_game
from engine.games import DEFAULT_PLAYERS, RULES_TYPES, observe
from engine.rng import derive_seed

LEVELS = ("easy", "normal", "hard")


def decision_times(level: str, game: str, games: int) -> list[float]:
    """Milliseconds per decision of ``level`` bots playing ``game`` among themselves."""
    times = []
    players = DEFAULT_PLAYERS[game]
    options = {"rounds": 1} if game in ("tycoon", "matchstick") else {}
    for number in range(games):
        seed = derive_seed(5, "latency", level, game, number)
        table = Table.create({"game": game, "options": options, "seats": [level] * players,
                              "seed": seed})
        while True:
            seat = table.pending()
            if seat is None:
                break
            if seat < 0:
                table.advance()
                continue
            bot = make_bot(level, game)
            seen = observe(table.state, seat)
            rng = random.Random(seed + len(table.record.actions))
            started = time.process_time()
            action = bot.choose(seen, rng)
            times.append((time.process_time() - started) * 1000)
            table._apply(action)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    hard: list[float] = []
    for level in LEVELS:
        for game in RULES_TYPES:
            if not plays_game(level, game):
                continue
            times = decision_times(level, game, args.games)
            if level == "hard":
                hard.extend(times)
            print(f"{level:<7}{game:<12}decisions={len(times):<6}"
                  f"p50_ms={percentile(times, 0.5):.2f}  p95_ms={percentile(times, 0.95):.2f}  "
                  f"max_ms={max(times):.1f}")
    print(f"hard_p95_ms={percentile(hard, 0.95):.1f}")


if __name__ == "__main__":
    main()
