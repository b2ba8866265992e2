"""Bots. A bot sees only an observation and draws only on the generator it is given.

Every bot, now and later, has one method: ``choose(observation, rng) -> action``.
"""

import random
from typing import Protocol

from engine.actions import Action, Give, Pass, Play
from engine.cards import JOKER, Card
from engine.errors import BadOptions
from engine.games import Observation
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
    back its weakest cards.
    """

    name = "greedy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            # The give whose strongest card is weakest, then the next card, and so on.
            return min(gives, key=lambda a: sorted(
                (self._value(observation, c) for c in a.cards), reverse=True))
        plays = [a for a in legal if isinstance(a, Play)]
        hand = observation.hand
        endgame = len(hand) <= 4
        kept = [p for p in plays if endgame or not self._wasteful(observation, p.cards)]
        if not kept:
            return Pass(observation.seat) if len(plays) < len(legal) else min(
                plays, key=lambda p: self._cost(observation, p.cards))
        return min(kept, key=lambda p: self._cost(observation, p.cards))

    @staticmethod
    def _value(observation: Observation, card: Card) -> int:
        if card == JOKER:
            return 1000
        return observation.rules.strength(card.rank, observation.revolution)

    def _wasteful(self, observation: Observation, cards: tuple[Card, ...]) -> bool:
        """Uses a Joker, or breaks up a four-of-a-kind without revolting."""
        if JOKER in cards:
            return True
        rank = cards[0].rank
        held = sum(1 for c in observation.hand if c.rank == rank)
        return held == 4 and len(cards) < 4

    def _cost(self, observation: Observation, cards: tuple[Card, ...]) -> tuple[int, int, int]:
        """Weakest first; among equals, plays that don't split a set, and bigger ones."""
        naturals = [c for c in cards if c != JOKER]
        rank = naturals[0].rank if naturals else None
        held = sum(1 for c in observation.hand if c.rank == rank) if rank else 0
        splits = int(len(naturals) < held)
        strength = max(self._value(observation, c) for c in cards)
        return (splits, strength, -len(cards))


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    cls = BOTS.get(name)
    if cls is None:
        raise BadOptions(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return cls()
