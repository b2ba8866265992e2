"""The bot levels. A bot sees only an observation and draws only on the generator it is
given: every bot, now and later, has one method, ``choose(observation, rng) -> action``.

Each level plays every game through its family's hooks in the catalogue
(engine.families.climbing.bots.levels, engine.families.corporation.bots.levels), giving
Hard its game's settings (``HardSettings``). A level's bot may have a temperament of its
own (engine.core.temperament), given when its seat is made: where its family talks
(Corporation), each seat reads the table and keeps its word its own way.
"""

import random
from collections.abc import Mapping
from typing import Any, Protocol, TypedDict

from engine.catalogue import Action, Game, Observation, family_of, game_of
from engine.core.bots import Fared, HardSettings
from engine.core.errors import BadOptions
from engine.core.language import N_, _
from engine.core.limits import shown
from engine.core.rng import choice
from engine.core.temperament import Temperament

__all__ = [
    "BOTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "BotType",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "LearnedBot",
    "LevelJson",
    "NormalBot",
    "RandomBot",
    "ReferenceNormalBot",
    "hard_settings",
    "levels_json",
    "make_bot",
]


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action: ...


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"
    label = N_("Random: any legal move")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return choice(rng, observation.legal)


class GreedyBot:
    """A rule-of-thumb player.

    It plays its weakest set, whole (breaking up a set only when nothing else
    beats the table), keeps Jokers and four-of-a-kinds (revolution material)
    until its hand is nearly out, passes rather than waste them, and gives
    back its weakest cards. Matchsticks it spends gladly: they must all go
    before a player is out. In Corporation it commits its highest card.
    """

    name = "greedy"
    label = N_("Greedy: plays its weakest sets")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        action: Action = family_of(observation).bots.greedy(observation)
        return action


class EasyBot:
    """A forgiving player: the greedy rule of thumb, with one move in five made at random;
    in Corporation it also says what it means to play, and nearly always does."""

    name = "easy"
    label = N_("Easy: forgiving, makes mistakes")

    def __init__(self, temperament: Temperament | None = None) -> None:
        self.temperament = temperament

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        action: Action = family_of(observation).bots.easy(observation, rng, self.temperament)
        return action


class NormalBot:
    """A careful player: the greedy rule of thumb, and what a careful player adds.

    It revolts (plays four of a kind) when the rest of its hand is weak, since
    the revolution makes it strong, and keeps the four while the hand is strong;
    when a player is about to go out it stops them with whatever beats the
    table, Jokers included, instead of passing; where the same cards make
    several plays (Matchstick Tycoon) it plays the one that spends the most
    matchsticks. In Corporation it weighs each card by where the table would
    stand after the round if the others play as it believes, and talks, trusts and
    keeps its word as its temperament says (engine.families.corporation.bots.levels). Each
    rule was kept because the arena measured it (docs/BOTS.md).
    """

    name = "normal"
    label = N_("Normal: careful, plays the sensible move")

    def __init__(self, temperament: Temperament | None = None) -> None:
        self.temperament = temperament

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        action: Action = family_of(observation).bots.normal(observation, rng, self.temperament)
        return action


class ReferenceNormalBot(NormalBot):
    """Normal as it played on 2026-11-26, frozen as the arena's yardstick: the levels may
    improve, and every figure in docs/BOTS.md stays comparable, measured against this one.
    It plays its family's ``normal_v1``: Normal's code, temperaments and all, until Normal
    changes, and then Normal of that day (in the climbing games, Normal without the house
    rules' tactics; tests/test_bot_digest.py pins its every decision)."""

    name = "normal-v1"
    label = N_("Normal v1: the arena's frozen yardstick")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        action: Action = family_of(observation).bots.normal_v1(observation, rng,
                                                               self.temperament)
        return action


class LearnedBot:
    """The learned move policy alone, without search: each legal move scored on its
    features by weights fitted to Hard's choices in self-play (``python -m engine train``;
    engine.families.climbing.bots.learned). Where a game's bots learn no policy (Corporation)
    it plays as Normal. The arena measures it (docs/BOTS.md); the lobby does not offer it."""

    name = "learned"
    label = N_("Learned: the learned policy alone, no search")

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        bots = family_of(observation).bots
        if bots.learning is None:
            action: Action = bots.normal(observation, rng, None)
            return action
        played: Action = bots.learning.play(observation)
        return played


class HardBot:
    """Search: every decision of a climbing round, the exchange included.

    It samples the hidden hands consistent with what it has seen (passes
    included) and plays its candidates out in those worlds with Normal's
    judgement for every seat (engine.families.climbing.bots.search). Its budget of simulated
    moves per game (``Game.hard_budget`` in the catalogue) keeps each decision
    within 250 ms in the browser worker (bench/bot_latency.py). Corporation it
    searches every round (engine.families.corporation.bots.levels).
    """

    name = "hard"
    label = N_("Hard: searches every decision")

    def __init__(self, share: float = 1.0, temperament: Temperament | None = None) -> None:
        self.share = share  # of the game's budget: a slower device gets less
        self.temperament = temperament

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return self.decide(observation, rng)[0]

    def decide(self, observation: Observation, rng: random.Random
               ) -> tuple[Action, Mapping[Any, Fared]]:
        """Its move, and how each move it compared fared in its search (empty when it did
        not search or its search has no figures)."""
        game = game_of(observation.rules)
        return game.family.bots.hard(observation, rng, hard_settings(game), self.share,
                                     self.temperament)

    def searches(self, observation: Observation) -> bool:
        """Whether it searches this position (else it answers at once: it has nothing to
        compare)."""
        game = game_of(observation.rules)
        return game.family.bots.searches(observation, hard_settings(game), self.share)


def hard_settings(game: Game) -> HardSettings[Any]:
    """What Hard needs of ``game`` from the catalogue: its budget and its playouts' model."""
    return HardSettings(game.hard_budget, game.counts, game.playouts)


BotType = (type[RandomBot] | type[GreedyBot] | type[EasyBot] | type[NormalBot] | type[HardBot]
           | type[LearnedBot])
BOTS: dict[str, BotType] = {
    "random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "normal": NormalBot,
    "hard": HardBot, "normal-v1": ReferenceNormalBot, "learned": LearnedBot,
}
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels a player picks from in the lobby (random and greedy are baselines, normal-v1
the arena's yardstick, learned the policy alone)."""
DEFAULT_LEVEL = "normal"


def make_bot(name: str, hard_share: float = 1.0, temperament: Temperament | None = None
             ) -> Bot:
    """A bot by name (every bot plays every game), Hard with ``hard_share`` of its game's
    budget, a level with ``temperament`` where its seat has one; raises ``BadOptions`` for
    an unknown name."""
    cls = BOTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise BadOptions(f"unknown bot {shown(name)}; the bots are {', '.join(BOTS)}")
    if cls is HardBot:
        return HardBot(hard_share, temperament)
    if cls is EasyBot or cls is NormalBot or cls is ReferenceNormalBot:
        return cls(temperament)
    return cls()


class LevelJson(TypedDict):
    """A level a lobby offers: its ``name``, its ``label`` and whether it is the
    ``default``."""

    name: str
    label: str
    default: bool


def levels_json() -> list[LevelJson]:
    """The levels offered in a lobby, with their labels in the language in force; the
    default marked."""
    return [{"name": name, "label": _(BOTS[name].label), "default": name == DEFAULT_LEVEL}
            for name in LEVELS]
