"""Engine speed: full 4-player Tycoon rounds per second with random bots, on one core.

Two figures:
Time is this process's CPU time, so other work on the machine disturbs it little.

- checked: what the app does: every bot gets an observation, every action is
  verified by ``step``.
- rollout: what a search bot does inside its simulations: ``legal_actions``
  and the unchecked ``apply`` (tests/test_properties.py proves both paths agree).

The headline, printed last, is the rollout figure: ``rounds_per_s=<number>``.

    python bench/engine_speed.py [--seconds 5]
"""

import argparse
import random
import time

from engine import apply, chance_action, legal_actions, make_rules, new_game, observe, step
from engine.bots import RandomBot
from engine.climbing import Phase


def rounds_per_second(checked: bool, seconds: float) -> float:
    rules = make_rules("tycoon", options={"rounds": 0})  # endless: every round is dealt alike
    bot = RandomBot()
    rounds, seed = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        seed += 1
        state = new_game(rules, 4, seed)
        rng = random.Random(seed)
        for _ in range(5):
            # One round: from its deal (and exchange) to its ranking.
            if state.phase is Phase.DEAL:
                deal = chance_action(state)
                state = step(state, deal) if checked else apply(state, deal)
            played = len(state.places)
            while len(state.places) == played:
                actor = state.actor
                if checked:
                    state = step(state, bot.choose(observe(state, actor), rng))
                else:
                    moves = legal_actions(state, actor)
                    state = apply(state, moves[int(rng.random() * len(moves))])
            rounds += 1
    return rounds / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    checked = rounds_per_second(True, args.seconds)
    rollout = rounds_per_second(False, args.seconds)
    print(f"checked_rounds_per_s={checked:.0f}")
    print(f"rounds_per_s={rollout:.0f}")


if __name__ == "__main__":
    main()
