"""Engine speed: full rounds per second with random bots, on one core, for every game.

For 4-player Tycoon, two figures:
- checked: what the app does: every bot gets an observation, every action is
  verified by ``step``;
- rollout: what a search bot does inside its simulations: ``legal_actions``
  and the unchecked ``apply`` (tests/test_properties.py proves both agree).
Every game then gets its rollout figure as ``rounds_per_s[<game>]=<number>``,
and the headline, printed last, is Tycoon's: ``rounds_per_s=<number>``.

Time is this process's CPU time, so other work on the machine disturbs it little.

    python bench/engine_speed.py [--seconds 3]
"""

import argparse
import random
import time
from typing import Any

from engine import climbing, corporation
from engine.actions import CHANCE
from engine.bots import RandomBot
from engine.corporation import SIMULTANEOUS
from engine.games import DEFAULT_PLAYERS, RULES_TYPES, initial_state, make_rules
from engine.options import option_infos

ENDLESS = {"rounds": 0}  # every round is then dealt like the first


def rounds_per_second(game: str, checked: bool, seconds: float) -> float:
    counts_rounds = any(info.name == "rounds" for info in option_infos(RULES_TYPES[game]))
    rules = make_rules(game, options=ENDLESS if counts_rounds else {})
    players = DEFAULT_PLAYERS[game]
    bot = RandomBot()
    # Search bots call their game family's functions directly, as this does.
    family: Any = corporation if game == "corporation" else climbing
    # A round ends with its ranking (climbing games) or its reveal (Corporation).
    finished_rounds = "history" if game == "corporation" else "places"
    rounds, seed = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        seed += 1
        state = initial_state(rules, players, seed)
        rng = random.Random(seed)
        # Five rounds a game, each from its deal (and exchange) to its ranking or reveal;
        # a game that ends on its scores first (President, Corporation) stops earlier.
        while len(getattr(state, finished_rounds)) < 5:
            actor = state.actor
            if actor is None:
                break
            if actor == SIMULTANEOUS:
                actor = min(state.to_act)  # every seat still to commit may act: in turn
            if actor == CHANCE:
                action = family.chance_action(state)
            elif checked:
                action = bot.choose(family.observe(state, actor), rng)
            else:
                moves = family.legal_actions(state, actor)
                action = moves[int(rng.random() * len(moves))]
            state = family.step(state, action) if checked else family.apply(state, action)
        rounds += len(getattr(state, finished_rounds))
    return rounds / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"checked_rounds_per_s[tycoon]={rounds_per_second('tycoon', True, args.seconds):.0f}")
    figures = {game: rounds_per_second(game, False, args.seconds) for game in RULES_TYPES}
    for game, figure in figures.items():
        print(f"rounds_per_s[{game}]={figure:.0f}")
    print(f"rounds_per_s={figures['tycoon']:.0f}")


if __name__ == "__main__":
    main()
