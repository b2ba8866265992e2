"""Hard's decisions at a Corporation table with a human, as the app's table asks for them.

    python bench/corporation_table.py [--games 3] [--players 5]

At a table with a human the bots keep their commits until the human has committed:
each bot is asked once while the human is to act (whether it talks) and again when its
turn comes. This plays seeded games through ``Session`` (the human says nothing and
commits its highest card), times every Hard decision (process CPU time) and prints the
decisions per round, p50 and p95, and last ``corporation_table_hard_p95_ms=<number>``.
Bots among themselves are measured by ``bench/bot_latency.py``.
"""

import argparse
import random
import statistics
import time

from engine.api import Session
from engine.bots.levels import Bot
from engine.games.registry import Action, Observation

ROUNDS = 8  # per game at most: the first rounds show the pattern


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()

    times: list[float] = []

    def timed(bot: Bot) -> None:
        choose = bot.choose

        def choose_timed(observation: Observation, rng: random.Random) -> Action:
            started = time.process_time()
            action = choose(observation, rng)
            times.append((time.process_time() - started) * 1000)
            return action

        bot.choose = choose_timed  # type: ignore[method-assign]

    rounds = 0
    for seed in range(args.games):
        session = Session()
        assert session.new_game({"game": "corporation", "seed": seed,
                                 "seats": ["human"] + ["hard"] * (args.players - 1)})["ok"]
        assert session.table is not None
        for bot in session.table.bots.values():
            timed(bot)
        for _ in range(ROUNDS):
            while session.advance()["action"] is not None:
                pass
            view = session.view()["view"]
            if view["outcome"] is not None:
                break
            commits = [move for move in view["legal"] if move["kind"] == "commit"]
            assert session.act(commits[-1]["act"])["ok"]
            rounds += 1
        while session.advance()["action"] is not None:
            pass
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"rounds={rounds} decisions={len(times)} per_round={len(times) / rounds:.1f}")
    print(f"p50_ms={statistics.median(times):.1f}")
    print(f"corporation_table_hard_p95_ms={p95:.1f}")


if __name__ == "__main__":
    main()
