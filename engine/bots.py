"""Bots. A bot sees only an observation and draws only on the generator it is given.

Every bot, now and later, has one method: ``choose(observation, rng) -> action``.
"""

import random
from collections.abc import Mapping
from typing import ClassVar, Protocol

from engine.actions import Action as ClimbAction
from engine.corporation import Announce, Commit, CorpObservation
from engine.corporation_bots import hard_choose, normal_choose
from engine.errors import BadOptions
from engine.games import Action, Observation
from engine.playout import NORMAL
from engine.policies import greedy_move, normal_move
from engine.rng import choice
from engine.search import fewest_cards, search


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action: ...


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return choice(rng, observation.legal)


class GreedyBot:
    """A rule-of-thumb player.

    It plays its weakest set, whole (breaking up a set only when nothing else
    beats the table), keeps Jokers and four-of-a-kinds (revolution material)
    until its hand is nearly out, passes rather than waste them, and gives
    back its weakest cards. Matchsticks it spends gladly: they must all go
    before a player is out.
    """

    name = "greedy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if isinstance(observation, CorpObservation):
            return max((a for a in observation.legal if isinstance(a, Commit)),
                       key=lambda a: a.card)  # the biggest Profits, if unmatched
        return greedy_move(observation.rules, observation.hand, observation.revolution,
                           observation.legal)


class EasyBot:
    """A forgiving player: the greedy rule of thumb, with one move in five made at random
    (table talk aside)."""

    name = "easy"
    MISTAKES = 0.2

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if rng.random() < self.MISTAKES:
            return choice(rng, [a for a in observation.legal if not isinstance(a, Announce)])
        return GreedyBot().choose(observation, rng)


class NormalBot:
    """A careful player: the greedy rule of thumb, and what a careful player adds.

    It revolts (plays four of a kind) when the rest of its hand is weak, since
    the revolution makes it strong, and keeps the four while the hand is strong;
    when a player is about to go out it stops them with whatever beats the
    table, Jokers included, instead of passing; in Matchstick Tycoon it plays
    its cards as the value that spends the most matchsticks. In Corporation it
    weighs each card by where the table would stand after the round, next
    round's Corporate Rewards included (engine.corporation_bots). Each rule was
    kept because the arena measured it (docs/BOTS.md).
    """

    name = "normal"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if isinstance(observation, CorpObservation):
            return normal_choose(observation)
        return normal_move(observation.rules, observation.hand, observation.revolution,
                           observation.top, fewest_cards(observation.hand_sizes, observation.seat),
                           observation.legal)


class HardBot:
    """Search: every decision of a climbing round, the exchange included.

    It samples the hidden hands consistent with what it has seen (passes
    included) and plays its candidates out in those worlds with Normal's
    judgement for every seat (engine.search). Its budget of simulated moves
    keeps each decision within 250 ms in the browser worker
    (bench/bot_latency.py).
    Corporation it searches every round (engine.corporation_bots).
    """

    name = "hard"
    # Moves simulated per decision (playouts and passes weighed): a p95 near 165 ms in
    # CPython, which the browser worker's 1.3x makes about 215 ms (bench/bot_latency.py,
    # docs/PERFORMANCE.md). Tycoon and President play out in counts (engine.playout);
    # Matchstick Tycoon's moves go through the engine, and hoarded matchsticks allow
    # many transforms.
    BUDGET: ClassVar[dict[str, int]] = {"tycoon": 40000, "president": 48000, "matchstick": 1200}
    MOST = 8  # candidates per decision

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return self.decide(observation, rng)[0]

    def decide(self, observation: Observation, rng: random.Random
               ) -> tuple[Action, Mapping[ClimbAction, float]]:
        """Its move, and how each move it compared in a climbing game's search fared
        (mean rollout results, 1 best; empty when it did not search)."""
        if isinstance(observation, CorpObservation):
            return hard_choose(observation, rng), {}
        if len(observation.legal) > 1:
            budget = self.BUDGET[observation.rules.game]
            return search(observation, rng, budget, NORMAL, self.MOST)
        return NormalBot().choose(observation, rng), {}


BotType = type[RandomBot] | type[GreedyBot] | type[EasyBot] | type[NormalBot] | type[HardBot]
BOTS: dict[str, BotType] = {
    "random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(name: str) -> Bot:
    """A bot by name (every bot plays every game); raises ``BadOptions`` for an unknown
    name."""
    cls = BOTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise BadOptions(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return cls()
