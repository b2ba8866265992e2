"""How Corporation's bots play together: the figures of docs/BOTS.md's Corporation table.

    python bench/corporation_bots.py [--deals 200] [--seed 1] [--only talk,random,...]

Five seats. At a table of five Normal bots, over ``--deals`` seeded games (each deal
seats other temperaments):

- ``cartel_rounds``: the share of rounds in which every Normal commits the same card;
- ``talk_rate``: the share of a Normal seat's rounds in which it announces;
- ``kept_word``: the share of a Normal's words (the card it last named that it held)
  that it played.

Then the arena (``engine.cli.arena``: each deal played in every seat rotation) with
``--deals`` deals per table: a ``random`` seat, a ``greedy`` seat and a Hard seat against
four Normals (win share, chance 20%; mean place), and two Hards against three Normals
(their share of first places, chance 40%). The tables run side by side, one process
each, on every core. The headline figure, ``cartel_rounds=<share>``, is printed last.
"""

import argparse
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.cli.arena import ArenaResult, report, run_arena
from engine.config import GameConfig
from engine.core.rng import derive_seed
from engine.families.corporation.bots.reading import words_kept
from engine.families.corporation.rules.machine import CorpState
from engine.play import turns
from engine.play.table import Table

PLAYERS = 5
ARENA_TABLES = {
    "random": ["random"] + ["normal"] * 4,
    "greedy": ["greedy"] + ["normal"] * 4,
    "hard": ["hard"] + ["normal"] * 4,
    "two-hard": ["hard", "hard"] + ["normal"] * 3,
}


def normal_table(deals: int, seed: int) -> dict[str, float]:
    """Five Normals, ``deals`` games: cartel rounds, talk rate and kept words."""
    rounds = cartels = seat_rounds = talked = words = kept = 0
    for deal in range(deals):
        table = Table.create(GameConfig.read({"game": "corporation", "seats": ["normal"] * PLAYERS,
                                              "seed": derive_seed(seed, "normal-table", deal)}))
        while turns.advance(table) is not None:
            pass
        state = table.state
        assert isinstance(state, CorpState)
        for result in state.history:
            rounds += 1
            cartels += len(set(result.played)) == 1
            speakers = {said.seat for said in result.announcements}
            seat_rounds += PLAYERS
            talked += len(speakers)
            for seat, word in enumerate(words_kept(state.rules, PLAYERS, result)):
                if word is not None:
                    words += 1
                    kept += result.played[seat] == word
    return {"games": deals, "rounds": rounds, "cartel_rounds": cartels / rounds,
            "talk_rate": talked / seat_rounds, "words": words, "kept_word": kept / words}


def arena(name: str, deals: int, seed: int) -> ArenaResult:
    return run_arena("corporation", ARENA_TABLES[name], deals, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="talk," + ",".join(ARENA_TABLES),
                        help="the tables to play, of: talk, " + ", ".join(ARENA_TABLES))
    args = parser.parse_args()
    wanted = args.only.split(",")
    jobs: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
        name: (arena, (name, args.deals, args.seed)) for name in ARENA_TABLES if name in wanted}
    if "talk" in wanted:
        jobs["talk"] = (normal_table, (args.deals, args.seed))
    with ProcessPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 1)) as pool:
        # The tables with Hard take longest: they start first.
        order = sorted(jobs, key=lambda name: "hard" not in name)
        futures = {name: pool.submit(jobs[name][0], *jobs[name][1]) for name in order}
        results = {name: future.result() for name, future in futures.items()}
    for name in ARENA_TABLES:
        if name not in results:
            continue
        result = results[name]
        print(report(result))
        first = result.bots[0]
        key = name.replace("-", "_")
        print(f"{key}_win_share={first.win_share:.3f}")
        print(f"{key}_mean_place={first.mean_place:.3f}")
        print()
    if "talk" in results:
        talk = results["talk"]
        print(f"five Normals: {talk['games']} games, {talk['rounds']} rounds, "
              f"{talk['words']} words given")
        print(f"talk_rate={talk['talk_rate']:.3f}")
        print(f"kept_word={talk['kept_word']:.3f}")
        print(f"cartel_rounds={talk['cartel_rounds']:.3f}")


if __name__ == "__main__":
    main()
