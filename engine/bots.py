"""Bots. A bot sees only an observation and draws only on the generator it is given.

Every bot, now and later, has one method: ``choose(observation, rng) -> action``.
"""

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from engine.actions import Give, Pass, Play
from engine.cards import JOKER, Card
from engine.climbing import ClimbingRules
from engine.corporation import Commit, CorpObservation
from engine.errors import BadOptions
from engine.games import Action, Observation
from engine.rng import choice


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


def greedy_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                legal: Sequence[Action]) -> Action:
    """The greedy bot's choice, from what the seat holds and may do (rollouts use it too)."""
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        # The give whose strongest card is weakest, then the next card, and so on.
        return min(gives, key=lambda a: sorted(
            (rules.card_strength(c, False) for c in a.cards), reverse=True))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # a pass, or the discard of a player with only matchsticks
    held = Counter(rules.card_strength(c, revolution) for c in hand if c != JOKER)

    def kinds(cards: tuple[Card, ...]) -> Counter[int]:
        """How many cards of each strength (a rank, a face), Jokers left out."""
        return Counter(rules.card_strength(c, revolution) for c in cards if c != JOKER)

    def wasteful(play: Play) -> bool:
        """Uses a Joker, or breaks up a four-of-a-kind without revolting."""
        if JOKER in play.cards:
            return True
        return len(play.cards) < 4 and any(held[kind] == 4 for kind in kinds(play.cards))

    def cost(play: Play) -> tuple[int, int, int]:
        """Weakest first; among equals, plays that don't split a set, and bigger ones."""
        splits = int(any(held[kind] > n for kind, n in kinds(play.cards).items()))
        return (splits, rules.play_strength(play, revolution), -len(play.cards))

    endgame = len(hand) <= 4
    kept = [p for p in plays if endgame or not wasteful(p)]
    if not kept:
        passing = [a for a in legal if isinstance(a, Pass)]
        return passing[0] if passing else min(plays, key=cost)
    return min(kept, key=cost)


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    cls = BOTS.get(name)
    if cls is None:
        raise BadOptions(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return cls()
