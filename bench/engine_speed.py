"""Engine speed: full rounds per second with random bots, on one core, for every game.

For 4-player Tycoon, two figures:
- checked: what the app does: every bot gets an observation, every action is
  verified by ``step``;
- rollout: what a search bot does inside its simulations: ``legal_actions``
  and the unchecked ``apply`` (tests/test_properties.py proves both agree).
Every game then gets its rollout figure, as rounds per second of CPU time
(``rounds_per_s[<game>]``) and as rounds per unit of a fixed pure-Python
reference workload run in turn with it (``rounds_per_ref[<game>]``, see
bench/reference.py): the ratio is what to compare between runs on a machine
whose speed swings. The headline, printed last, is Tycoon's ratio:
``rounds_per_ref=<number>``.

    python bench/engine_speed.py [--seconds 3]
"""

import argparse
import random
import time
from typing import Any

from reference import Interleaved, interleave

from engine import climbing, corporation
from engine.actions import CHANCE
from engine.bots import RandomBot
from engine.corporation import SIMULTANEOUS
from engine.games import DEFAULT_PLAYERS, RULES_TYPES, initial_state, make_rules
from engine.options import option_infos

ENDLESS = {"rounds": 0}  # every round is then dealt like the first
SLICE_SECONDS = 0.1  # the work's share of a slice; the reference takes about as long


class Rounds:
    """Whole games of a game, five rounds each, played slice by slice."""

    def __init__(self, game: str, checked: bool) -> None:
        counts_rounds = any(info.name == "rounds" for info in option_infos(RULES_TYPES[game]))
        self.rules = make_rules(game, options=ENDLESS if counts_rounds else {})
        self.players = DEFAULT_PLAYERS[game]
        self.checked = checked
        # Search bots call their game family's functions directly, as this does.
        self.family: Any = corporation if game == "corporation" else climbing
        # A round ends with its ranking (climbing games) or its reveal (Corporation).
        self.finished_rounds = "history" if game == "corporation" else "places"
        self.seed = 0
        self.bot = RandomBot()

    def game(self) -> int:
        """One game of five rounds, each from its deal (and exchange) to its ranking or
        reveal; a game that ends on its scores first (President, Corporation) stops
        earlier. Returns the rounds played."""
        family, checked = self.family, self.checked
        self.seed += 1
        state = initial_state(self.rules, self.players, self.seed)
        rng = random.Random(self.seed)
        while len(getattr(state, self.finished_rounds)) < 5:
            actor = state.actor
            if actor is None:
                break
            if actor == SIMULTANEOUS:
                actor = min(state.to_act)  # every seat still to commit may act: in turn
            if actor == CHANCE:
                action = family.chance_action(state)
            elif checked:
                action = self.bot.choose(family.observe(state, actor), rng)
            else:
                moves = family.legal_actions(state, actor)
                action = moves[int(rng.random() * len(moves))]
            state = family.step(state, action) if checked else family.apply(state, action)
        return len(getattr(state, self.finished_rounds))

    def slice(self) -> float:
        """Games until the slice's CPU time is spent; the rounds they played."""
        rounds = 0
        started = time.process_time()
        while time.process_time() - started < SLICE_SECONDS:
            rounds += self.game()
        return rounds


def measure(game: str, checked: bool, seconds: float) -> Interleaved:
    return interleave(Rounds(game, checked).slice, max(1, round(seconds / SLICE_SECONDS)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds of engine work per figure (the reference as much)")
    args = parser.parse_args()
    checked = measure("tycoon", True, args.seconds)
    print(f"checked_rounds_per_s[tycoon]={checked.per_second:.0f}  "
          f"checked_rounds_per_ref[tycoon]={checked.per_reference:.3f}")
    figures = {game: measure(game, False, args.seconds) for game in RULES_TYPES}
    for game, figure in figures.items():
        print(f"rounds_per_s[{game}]={figure.per_second:.0f}  "
              f"rounds_per_ref[{game}]={figure.per_reference:.3f}")
    print(f"rounds_per_s={figures['tycoon'].per_second:.0f}")
    print(f"rounds_per_ref={figures['tycoon'].per_reference:.3f}")


if __name__ == "__main__":
    main()
