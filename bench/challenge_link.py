"""How long a challenge link is: a 4-player Tycoon game of 3 rounds against Normal bots,
sent on by 4 players in turn, each playing the same deal through ``Session``.

    python bench/challenge_link.py [--games 5] [--players 4]

Each game's deal is sent by its first player and sent on by each next one
(``challenge_link`` with the link they were sent): the link then carries every
player's name and moves. The players choose among their legal moves at random, which
makes longer games than a careful player (more passes, more tricks). Prints each game's
link length in characters, the time to read (replay) its runs, and last
``challenge_link_chars=<number>``: the longest link (the issue's bound is 8,000).
"""

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from engine.api import Session

NAMES = ("Mia", "Noor", "Olu", "Pia", "Quin", "Rui", "Sol", "Tam")


def played(config: Mapping[str, Any], rng: random.Random) -> Session:
    """A game of ``config`` played to its end, the person's moves drawn by ``rng``."""
    session = Session()
    assert session.new_game(config)["ok"]
    while True:
        step = session.advance()
        assert step["ok"], step
        if step["action"] is not None:
            continue
        if step["view"]["outcome"] is not None:
            return session
        assert session.act(rng.choice(step["view"]["legal"])["act"])["ok"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4, help="players sending it on")
    args = parser.parse_args()

    longest = 0
    for seed in range(args.games):
        config: Mapping[str, Any] = {
            "game": "tycoon", "seats": ["human", "normal", "normal", "normal"],
            "options": {"rounds": 3}, "seed": seed, "undo": False}
        link = None
        for number in range(args.players):
            session = played(config, random.Random(seed * 100 + number))
            reply = session.challenge_link(NAMES[number], link)
            assert reply["ok"], reply
            link = "#" + reply["link"]
            challenge = Session().read_challenge(link)
            assert challenge["ok"], challenge
            config = challenge["config"]
        assert link is not None
        started = time.perf_counter()
        challenge = Session().read_challenge(link)
        assert challenge["ok"], challenge
        runs = challenge["runs"]
        read_s = time.perf_counter() - started
        moves = sum(run["moves"] for run in runs)
        print(f"seed {seed}: {len(link) - 1:,} characters, {len(runs)} runs, {moves} of "
              f"their moves, read in {read_s:.2f} s")
        longest = max(longest, len(link) - 1)
    print(f"challenge_link_chars={longest}")


if __name__ == "__main__":
    main()
