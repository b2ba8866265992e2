"""Bots. A bot sees only an observation and draws only on the generator it is given.

Every bot, now and later, has one method: ``choose(observation, rng) -> action``.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar, Protocol

from engine.actions import Action as ClimbAction
from engine.actions import Give, Pass, Play
from engine.cards import JOKER, Card
from engine.climbing import ClimbingRules, without
from engine.corporation import Announce, Commit, CorpObservation
from engine.corporation_bots import hard_choose, normal_choose
from engine.errors import BadOptions
from engine.games import Action, Observation
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


def greedy_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                legal: Sequence[ClimbAction]) -> ClimbAction:
    """The greedy bot's choice, from what the seat holds and may do (rollouts use it too)."""
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        # The give whose strongest card is weakest, then the next card, and so on.
        return min(gives, key=lambda a: sorted(
            (rules.card_strength(c, False) for c in a.cards), reverse=True))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # a pass, or the discard of a player with only matchsticks
    # Rollouts call this for every move, so strengths are looked up once per card.
    power = {c: rules.card_strength(c, revolution) for c in hand}
    held: Counter[int] = Counter(power[c] for c in hand if c != JOKER)

    def judged(play: Play) -> tuple[bool, tuple[int, int, int]]:
        """Whether the play is wasteful (uses a Joker, or breaks up a four-of-a-kind
        without revolting), and its cost: weakest first; among equals, plays that
        don't split a set, and bigger ones."""
        kinds: dict[int, int] = {}  # how many cards of each strength, Jokers left out
        for c in play.cards:
            if c != JOKER:
                kind = power.get(c)
                if kind is None:
                    kind = power[c] = rules.card_strength(c, revolution)
                kinds[kind] = kinds.get(kind, 0) + 1
        wasteful = JOKER in play.cards or (
            len(play.cards) < 4 and any(held[kind] == 4 for kind in kinds))
        splits = int(any(held[kind] > n for kind, n in kinds.items()))
        return wasteful, (splits, rules.play_strength(play, revolution), -len(play.cards))

    endgame = len(hand) <= 4
    costs = [(p, *judged(p)) for p in plays]
    kept = [(cost, p) for p, wasteful, cost in costs if endgame or not wasteful]
    if not kept:
        passing = [a for a in legal if isinstance(a, Pass)]
        return passing[0] if passing else min(costs, key=lambda c: c[2])[0]
    return min(kept, key=lambda c: c[0])[1]


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
            return _corporation_move(observation)
        return normal_move(observation.rules, observation.hand, observation.revolution,
                           observation.top, fewest_cards(observation.hand_sizes, observation.seat),
                           observation.legal)


ABOUT_TO_GO_OUT = 2  # cards left: Normal stops a player this close to going out


def normal_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                top: Play | None, fewest_cards: int, legal: Sequence[ClimbAction]
                ) -> ClimbAction:
    """The Normal bot's choice, given the fewest cards another player still holds
    (rollouts use it too)."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays or any(isinstance(a, Give) for a in legal):
        return greedy_move(rules, hand, revolution, legal)
    revolts = [p for p in plays if rules.effect(p, top, revolution).revolution]
    if revolts:
        revolt = min(revolts, key=lambda p: rules.play_strength(p, revolution))
        if weaker_than_average(rules, without(hand, revolt.cards), revolution):
            return revolt
        if len(hand) > 4:  # a strong hand keeps its four of a kind
            legal = tuple(a for a in legal if a not in revolts)
    move = greedy_move(rules, hand, revolution, legal)
    if isinstance(move, Pass) and fewest_cards <= ABOUT_TO_GO_OUT:
        return min(plays, key=lambda p: (rules.play_strength(p, revolution), -len(p.cards)))
    if rules.pass_takes_stick and isinstance(move, Play):
        # Matchsticks must all go before a player is out, one a turn once the cards are
        # gone: the cards chosen are played as the value that spends the most of them.
        cards = Counter(move.cards)
        same = [p for p in plays if len(p.cards) == len(move.cards) and Counter(p.cards) == cards]
        return max(same, key=lambda p: (rules.play_cost(p), -rules.play_strength(p, revolution)))
    return move


def weaker_than_average(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool
                         ) -> bool:
    """Whether the hand's natural cards are weaker, on average, than the deck's."""
    mine = [rules.card_strength(c, revolution) for c in hand if c != JOKER]
    return bool(mine) and sum(mine) / len(mine) < _deck_average(rules, revolution)


_DECK_AVERAGES: dict[tuple[object, bool], float] = {}


def _deck_average(rules: ClimbingRules, revolution: bool) -> float:
    """The mean strength of the deck's natural cards, once per rules and order."""
    average = _DECK_AVERAGES.get((rules, revolution))
    if average is None:
        deck = [rules.card_strength(c, revolution) for c in set(rules.deck()) if c != JOKER]
        average = _DECK_AVERAGES[rules, revolution] = sum(deck) / len(deck)
    return average


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
    # Moves simulated per decision: a p95 near 135 ms in CPython, which the browser
    # worker's 1.5x makes about 200 ms (bench/bot_latency.py, docs/PERFORMANCE.md).
    # Matchstick Tycoon's moves are dearer: hoarded matchsticks allow many transforms.
    BUDGET: ClassVar[dict[str, int]] = {"tycoon": 4400, "president": 5400, "matchstick": 1200}
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
            return search(observation, rng, budget, normal_move, self.MOST)
        return NormalBot().choose(observation, rng), {}


def _corporation_move(observation: CorpObservation) -> Action:
    return normal_choose(observation)  # engine.corporation_bots


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
