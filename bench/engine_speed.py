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

from engine.catalogue import GAMES, initial_state, make_rules
from engine.core.actions import CHANCE
from engine.core.options import option_infos
from engine.players.levels import RandomBot
from reference import Interleaved, interleave

ENDLESS = {"rounds": 0}  # every round is then dealt like the first
SLICE_SECONDS = 0.1  # the work's share of a slice; the reference takes about as long


class Rounds:
    """Whole games of a game, five rounds each, played slice by slice."""

    def __init__(self, game: str, checked: bool) -> None:
        entry = GAMES[game]
        counts_rounds = any(info.name == "rounds" for info in option_infos(entry.rules))
        self.rules = make_rules(game, options=ENDLESS if counts_rounds else {})
        self.players = entry.default_players
        self.checked = checked
        # Search bots call their game family's functions directly, as this does.
        self.family = entry.family
        self.seed = 0
        self.bot = RandomBot()

    def game(self) -> int:
        """One game of five rounds, each from its deal (and exchange) to its ranking or
        reveal; a game that ends on its scores first (President, Corporation) stops
        earlier. Returns the rounds played."""
        family, checked = self.family, self.checked
        seats_to_act, chance_action, observe = (family.seats_to_act, family.chance_action,
                                                family.observe)
        legal_actions, verify, apply = family.legal_actions, family.verify, family.apply
        self.seed += 1
        state = initial_state(self.rules, self.players, self.seed)
        rng = random.Random(self.seed)
        # A round ends with its ranking (climbing games) or its reveal (Corporation).
        while state.round_no <= 5:
            seats = seats_to_act(state)
            if not seats:
                return state.round_no  # the game ended on its scores
            actor = seats[0]  # where every seat still to commit may act: in turn
            if actor == CHANCE:
                action = chance_action(state)
            elif checked:
                action = self.bot.choose(observe(state, actor), rng)
            else:
                moves = legal_actions(state, actor)
                action = moves[int(rng.random() * len(moves))]
            if checked:
                verify(state, action)
            state = apply(state, action)
        return 5

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
    figures = {game: measure(game, False, args.seconds) for game in GAMES}
    for game, figure in figures.items():
        print(f"rounds_per_s[{game}]={figure.per_second:.0f}  "
              f"rounds_per_ref[{game}]={figure.per_reference:.3f}")
    print(f"rounds_per_s={figures['tycoon'].per_second:.0f}")
    print(f"rounds_per_ref={figures['tycoon'].per_reference:.3f}")


if __name__ == "__main__":
    main()
