"""Bots. A bot sees only an observation and draws only on the generator it is given.

Every bot, now and later, has one method: ``choose(observation, rng) -> action``.
"""

import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar, Protocol

from engine.actions import Action as ClimbAction
from engine.actions import Give, Pass, Play
from engine.cards import JOKER, Card
from engine.climbing import ClimbingRules, ClimbObservation, Phase, without
from engine.corporation import Announce, Commit, CorpObservation
from engine.errors import BadOptions
from engine.games import Action, Observation
from engine.rng import choice
from engine.search import search


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
    """A careful player: the greedy rule of thumb, and two things it never does.

    It revolts (plays four of a kind) when the rest of its hand is weak, since
    the revolution makes it strong, and keeps the four while the hand is strong;
    and when a player is about to go out it stops them with whatever beats the
    table, Jokers included, instead of passing. In Corporation, a member of a
    Corporation plays the value a fellow member announced; otherwise its highest
    card. Each rule was kept because the arena measured it (docs/BOTS.md).
    """

    name = "normal"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if isinstance(observation, CorpObservation):
            return _corporation_move(observation)
        rules, hand, revolution, legal = (observation.rules, observation.hand,
                                          observation.revolution, observation.legal)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays or any(isinstance(a, Give) for a in legal):
            return greedy_move(rules, hand, revolution, legal)
        revolts = [p for p in plays if rules.effect(p, observation.top, revolution).revolution]
        if revolts:
            revolt = min(revolts, key=lambda p: rules.play_strength(p, revolution))
            if _weaker_than_average(rules, without(hand, revolt.cards), revolution):
                return revolt
            if len(hand) > 4:  # a strong hand keeps its four of a kind
                legal = tuple(a for a in legal if a not in revolts)
        move = greedy_move(rules, hand, revolution, legal)
        others = [observation.hand_sizes[s] for s in range(observation.players)
                  if s != observation.seat and observation.hand_sizes[s]]
        if isinstance(move, Pass) and min(others, default=99) <= 2:
            return min(plays, key=lambda p: (rules.play_strength(p, revolution), -len(p.cards)))
        return move


def _weaker_than_average(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool
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
    """Search near the end of a round, Normal's judgement before it.

    Once a climbing round is down to its last ``ENDGAME`` cards in hand, it
    samples the hidden hands consistent with what it has seen and plays each
    candidate out in the same worlds (engine.search), with greedy rollouts,
    which are short there; before that, and in the exchange, it plays as
    Normal. Its worlds per decision keep it within 250 ms in the browser
    worker (bench/bot_latency.py): Matchstick Tycoon's many transforms make
    each of its worlds dearer. It does not play Corporation yet: a Corporation search must value
    next round's rewards (docs/BOTS.md).
    """

    name = "hard"
    games = frozenset({"tycoon", "president", "matchstick"})
    ENDGAME = 24
    # Worlds per decision, within 250 ms in the browser worker.
    WORLDS: ClassVar[dict[str, int]] = {"tycoon": 24, "president": 24, "matchstick": 6}

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if (isinstance(observation, ClimbObservation) and observation.phase is Phase.PLAY
                and len(observation.legal) > 1
                and sum(observation.hand_sizes) <= self.ENDGAME):
            worlds = self.WORLDS[observation.rules.game]
            return search(observation, rng, worlds, greedy_move)[0]
        return NormalBot().choose(observation, rng)


def _corporation_move(observation: CorpObservation) -> Action:
    commits = [a for a in observation.legal if isinstance(a, Commit)]
    corporation = next((c for c in observation.corporations if observation.seat in c.members),
                       None)
    if corporation is not None:
        for said in reversed(observation.announcements):
            if said.seat in corporation.members and said.seat != observation.seat:
                named = [c for c in commits if str(c.card) in said.text.split()]
                if named:
                    return named[0]
    return max(commits, key=lambda a: a.card)


BotType = type[RandomBot] | type[GreedyBot] | type[EasyBot] | type[NormalBot] | type[HardBot]
BOTS: dict[str, BotType] = {
    "random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "normal": NormalBot,
    "hard": HardBot,
}


def plays_game(name: str, game: str) -> bool:
    """Whether the bot called ``name`` plays ``game`` (most bots play every game)."""
    games: frozenset[str] | None = getattr(BOTS[name], "games", None)
    return games is None or game in games


def make_bot(name: str, game: str | None = None) -> Bot:
    """A bot by name, for ``game`` when given; raises ``BadOptions`` for an unknown name or
    a bot that does not play that game."""
    cls = BOTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise BadOptions(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    if game is not None and not plays_game(name, game):
        raise BadOptions(f"the {name} bot does not play {game} yet")
    return cls()
