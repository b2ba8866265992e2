"""Where Hard at a budget phone's share loses against Hard with its whole budget, and how
much of it is in moves its search never compares.

It plays Tycoon rounds (4 players, one round) with Hard at ``--share`` at seat 0 against
three ``normal-v1``. At each of Hard's decisions it also asks Hard with its whole budget.
Where the two differ, both moves are played out in the same ``--worlds`` worlds, mended to
explain the round as the whole budget mends them, and the difference of their mean places
is the small share's regret (an estimate by Hard's own model, so it flatters the whole
budget's choice: read it for where the loss is, not for how large it is). It prints the
regret per round by the cards in hand and by leading or answering, and how much of it is
where the whole budget's move was not among the small share's candidates; the last line is
that part, in places a round: ``outside_candidates_regret=<number>``.

    python bench/candidate_regret.py [--deals 25] [--share 0.05] [--worlds 150]
"""

import argparse
import random
from collections import defaultdict

from engine.catalogue import GAMES, Action, Observation
from engine.core.actions import Action as CardAction
from engine.families.climbing.bots import levels as bots
from engine.families.climbing.bots import search
from engine.families.climbing.rules import machine
from engine.families.climbing.rules.state import ClimbObservation
from engine.players.levels import hard_settings, make_bot
from late_mending import play_round


def regret(observation: ClimbObservation, small: CardAction, whole: CardAction, worlds: int
           ) -> float:
    """How many places worse ``small`` fares than ``whole``, in the same mended worlds."""
    settings = hard_settings(GAMES["tycoon"])
    model = bots.search_model(observation.rules, settings)
    sampler = search._Sampler(observation)
    rng = random.Random(7)
    total = 0.0
    for _ in range(worlds):
        world, _ = sampler.sample(rng, model, search.SAMPLING_TRIES, mend=True)
        total += (model.playout(machine.apply(world, whole), observation.seat)[0]
                  - model.playout(machine.apply(world, small), observation.seat)[0])
    return total / worlds * (observation.players - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=25, help="Tycoon rounds played")
    parser.add_argument("--share", type=float, default=0.05, help="the small share")
    parser.add_argument("--worlds", type=int, default=150, help="worlds a regret is read in")
    args = parser.parse_args()
    settings = hard_settings(GAMES["tycoon"])
    normal = make_bot("normal-v1")
    by_kind: dict[tuple[int, bool], list[float]] = defaultdict(list)
    regrets = {"inside": 0.0, "outside": 0.0}
    decisions = agreed = 0
    rng = random.Random(0)

    def hard_at_seat_0(observation: Observation) -> Action:
        nonlocal decisions, agreed
        if observation.seat != 0 or not isinstance(observation, ClimbObservation):
            return normal.choose(observation, rng)
        move = bots.hard(observation, rng, settings, args.share)[0]
        if bots.searches(observation, settings, args.share):
            decisions += 1
            best = bots.hard(observation, random.Random(decisions), settings, 1.0)[0]
            lost = 0.0 if best == move else regret(observation, move, best, args.worlds)
            agreed += best == move
            by_kind[min(len(observation.hand) // 3, 4), observation.top is None].append(lost)
            compared = best in bots.compared(observation, settings, args.share)
            regrets["inside" if compared else "outside"] += lost
        return move

    for seed in range(args.deals):
        play_round(1000 + seed, hard_at_seat_0)
    inside, outside = regrets["inside"], regrets["outside"]
    print(f"{decisions} decisions, {agreed / decisions:.0%} the same move as the whole budget")
    for (third, leads), losses in sorted(by_kind.items()):
        print(f"{third * 3:2}-{third * 3 + 2:2} cards, {'leading ' if leads else 'answering'}: "
              f"{len(losses):3} decisions, regret {sum(losses) / args.deals:.3f} places a round")
    print(f"regret {(inside + outside) / args.deals:.3f} places a round, "
          f"{outside / args.deals:.3f} of it where the whole budget's move was not compared")
    print(f"outside_candidates_regret={outside / args.deals:.3f}")


if __name__ == "__main__":
    main()
