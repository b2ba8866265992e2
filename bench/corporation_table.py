"""Hard's decisions at a Corporation table with a human, as the app's table asks for them.

    python bench/corporation_table.py [--games 3] [--players 5] [--full]

At a table with a human the bots keep their commits until the human has committed:
each bot is asked once while the human is to act (whether it talks) and again when its
turn comes. This plays seeded games through ``Session`` (the human says nothing and
commits its highest card), times every Hard decision (wall time, as the app's sizing
does) and prints the decisions per round, p50 and p95, and last
``corporation_table_hard_p95_ms=<number>``. By default the session sizes Hard's share
of its budget to this machine, as the app's engine worker does (``Session(clock)``:
slow decisions take three quarters of 250 ms); ``--full`` gives Hard its whole
budget. Bots among themselves are measured by ``bench/bot_latency.py``.
"""

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.api import Session
from engine.players.levels import HardBot

ROUNDS = 8  # per game at most: the first rounds show the pattern


def bots_move(session: Session) -> None:
    """Every bot and chance step due, until a human must act or the game is over."""
    while True:
        step = session.advance()
        assert step["ok"], step
        if step["action"] is None:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--full", action="store_true", help="Hard thinks with its whole budget")
    args = parser.parse_args()

    times: list[float] = []
    # The table makes a Hard bot with the share of the moment for each decision, so the
    # class's decide is what to time.
    decide: Callable[..., Any] = HardBot.decide

    def decide_timed(bot: HardBot, *arguments: Any) -> Any:
        started = time.perf_counter()
        answer = decide(bot, *arguments)
        times.append((time.perf_counter() - started) * 1000)
        return answer

    HardBot.decide = decide_timed  # type: ignore[method-assign, assignment]

    rounds = 0
    for seed in range(args.games):
        session = Session() if args.full else Session(time.perf_counter)
        assert session.new_game({"game": "corporation", "seed": seed,
                                 "seats": ["human"] + ["hard"] * (args.players - 1)})["ok"]
        for _ in range(ROUNDS):
            bots_move(session)
            view = session.view()["view"]
            if view["outcome"] is not None:
                break
            commits = [move for move in view["legal"] if move["kind"] == "commit"]
            assert session.act(commits[-1]["act"])["ok"]
            rounds += 1
        bots_move(session)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"rounds={rounds} decisions={len(times)} per_round={len(times) / rounds:.1f}")
    print(f"p50_ms={statistics.median(times):.1f}")
    print(f"corporation_table_hard_p95_ms={p95:.1f}")


if __name__ == "__main__":
    main()
