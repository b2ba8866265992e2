"""How a Corporation bot reads the table and weighs its cards
(engine.families.corporation.bots.levels says how each level uses it).

*Beliefs* (``beliefs``). A bot gives each card of every other seat a chance:
by the seat's habit, read from the rounds it has played (at first, high cards
more than low ones: they score the biggest Profits); for a Corporation's member,
the card a fellow member named, or else its highest; for an outsider, the card
that would spoil a Corporation's rewards; and for a seat that named a card, that
card, as far as the bot trusts it. Trust starts at the bot's temperament and
moves with every word the seat kept or broke in earlier rounds (``trust``),
falling furthest when the bot was the one let down: it played the card the seat
named, and the seat did not.

*Weighing* (``card_values``). Each card by how the table would stand after the
round if the others play as believed: the points each seat may expect, a share
of next round's Corporate Rewards included, which a greedy seat counts less.
``Position`` puts them together for one seat, with its mixed strategy
(``mixed``: the better cards more often) and its word kept as often as its
truthfulness says.

Every decision uses only arithmetic (no ``exp`` or ``log``, whose last digit may
differ between CPython and WebAssembly), so a seed replays alike everywhere.
"""

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from engine.core.temperament import Temperament
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorporationRules,
    announced_cards,
)
from engine.families.corporation.rules.machine import (
    CorpObservation,
    Corporation,
    RoundResult,
    face_up_cards,
    held_cards,
)

__all__ = [
    "BETRAYAL",
    "CROWD",
    "FOLLOW_THROUGH",
    "HABIT_PRIOR",
    "KEEP_WORSE",
    "LOYAL",
    "LOYAL_TO_A_WORD",
    "PRIOR_WEIGHT",
    "SCALE",
    "SPOIL",
    "SPREAD",
    "WIN_BONUS",
    "Position",
    "announced_card",
    "beliefs",
    "card_values",
    "commits",
    "draw_card",
    "fellows",
    "habit",
    "habits",
    "may_talk",
    "mixed",
    "named_card",
    "next_value",
    "prospect",
    "ranks_played",
    "standing",
    "trust",
    "words_kept",
]

FOLLOW_THROUGH = 0.9  # the share of next round's Corporate Rewards counted on
CROWD = 0.7  # each member past two makes a Corporation's next rewards this much less sure
WIN_BONUS = 1.0  # a win is worth this much more than its place
SCALE = 6.0  # points that make a lead count as nearly sure in a game not yet over

LOYAL = 0.45  # the chance a member plays its Corporation's highest card unasked
LOYAL_TO_A_WORD = 0.7  # ... and the card a fellow member named
SPOIL = 0.4  # the chance an outsider plays the card a Corporation's members will
HABIT_PRIOR = 4.0  # how many rounds the prior habit counts as
PRIOR_WEIGHT = 3.0  # how many kept words the temperament's trust counts as
BETRAYAL = 2.0  # a word broken to this bot counts as this many more broken words
SPREAD = 0.25  # Normal plays cards whose value is within this of its best's
KEEP_WORSE = 0.8  # a word is kept this much less often when it is no longer the best card


def announced_card(said: Announce | str, hand: Sequence[int]) -> int | None:
    """The first card of ``hand`` named in an announcement ("I'll play 5" names 5), or None."""
    return next((card for card in announced_cards(said) if card in hand), None)


def named_card(announcements: Sequence[Announce], seat: int, hand: Sequence[int]
               ) -> int | None:
    """The card of ``hand`` that ``seat`` named last among ``announcements`` (its word), or
    None."""
    for said in reversed(announcements):
        if said.seat == seat:
            card = announced_card(said, hand)
            if card is not None:
                return card
    return None


def fellows(corporations: Sequence[Corporation], seat: int) -> tuple[int, ...]:
    """The other members of ``seat``'s Corporation (none when it is in none)."""
    members = next((c.members for c in corporations if seat in c.members), ())
    return tuple(member for member in members if member != seat)



def commits(observation: CorpObservation) -> list[Commit]:
    """The seat's legal commits."""
    return [a for a in observation.legal if isinstance(a, Commit)]


def may_talk(observation: CorpObservation) -> bool:
    """Whether the seat may still talk and has said nothing this round (bots talk once)."""
    return (any(isinstance(a, Announce) for a in observation.legal)
            and not any(a.seat == observation.seat for a in observation.announcements))



# ---------------------------------------------------------------- reading the table


@lru_cache(maxsize=4096)
def words_kept(rules: CorporationRules, players: int, result: RoundResult
               ) -> tuple[int | None, ...]:
    """Each seat's word in a revealed round, the card it last named that it held; None
    where it named none (a revealed round never changes, so each is read once)."""
    cards = rules.cards(players)
    face_up = face_up_cards(result.corporations, players)
    return tuple(named_card(result.announcements, seat, held_cards(cards, face_up[seat]))
                 for seat in range(players))


def trust(rules: CorporationRules, players: int, history: Sequence[RoundResult], me: int,
          prior: float) -> list[float]:
    """How far ``me`` believes each seat's word: ``prior`` at first, then moving with the
    words each kept and broke, a word broken to ``me`` (it played the card named, and the
    speaker did not) counting ``BETRAYAL`` times more."""
    said, kept, betrayed = [0] * players, [0] * players, [0] * players
    for result in history:
        for seat, word in enumerate(words_kept(rules, players, result)):
            if word is None or seat == me:
                continue
            said[seat] += 1
            if result.played[seat] == word:
                kept[seat] += 1
            elif result.played[me] == word:
                betrayed[seat] += 1
    return [(prior * PRIOR_WEIGHT + kept[s]) / (PRIOR_WEIGHT + said[s] + BETRAYAL * betrayed[s])
            for s in range(players)]


@lru_cache(maxsize=4096)
def ranks_played(rules: CorporationRules, players: int, result: RoundResult
                 ) -> tuple[int, ...]:
    """How high each seat's card was in its hand in a revealed round: 0 its highest, 1 the
    next, and so on."""
    cards = rules.cards(players)
    face_up = face_up_cards(result.corporations, players)
    return tuple(sum(1 for card in held_cards(cards, face_up[seat]) if card > played)
                 for seat, played in enumerate(result.played))


def habits(rules: CorporationRules, players: int, history: Sequence[RoundResult]
           ) -> list[list[float]]:
    """Each seat's habit, read from the rounds it has played: the weight of its highest
    card, its next, and so on. Before it has played, each card weighs twice the one below
    it (high cards score the biggest Profits); every round played adds one to the weight
    of the card it chose, counted from its highest."""
    size = len(rules.cards(players))
    prior = [HABIT_PRIOR * (1 << (size - 1 - rank)) / ((1 << size) - 1) for rank in range(size)]
    weights = [list(prior) for _ in range(players)]
    for result in history:
        for seat, rank in enumerate(ranks_played(rules, players, result)):
            weights[seat][rank] += 1.0
    return weights


def habit(hand: Sequence[int], weights: Sequence[float]) -> dict[int, float]:
    """The chance of each card of ``hand`` by a seat's habit (``habits``)."""
    ranked = sorted(hand, reverse=True)
    total = sum(weights[rank] for rank in range(len(ranked)))
    return {card: weights[rank] / total for rank, card in enumerate(ranked)}


def _mix(chances: dict[int, float], card: int, weight: float) -> dict[int, float]:
    """``chances`` with ``weight`` of the whole moved onto ``card``."""
    mixed = {c: (1.0 - weight) * p for c, p in chances.items()}
    mixed[card] = mixed.get(card, 0.0) + weight
    return mixed


def beliefs(rules: CorporationRules, players: int, viewer: int,
            face_up: Sequence[int | None], corporations: Sequence[Corporation],
            announcements: Sequence[Announce], trusts: Sequence[float],
            habit_weights: Sequence[Sequence[float]]) -> list[dict[int, float]]:
    """The chance ``viewer`` gives each card of every other seat (its own is empty)."""
    cards = rules.cards(players)
    believed: list[dict[int, float]] = []
    for seat in range(players):
        if seat == viewer:
            believed.append({})
            continue
        hand = held_cards(cards, face_up[seat])
        chances = habit(hand, habit_weights[seat])
        members = fellows(corporations, seat)
        if members:
            named = next((card for member in members
                          if (card := named_card(announcements, member, hand)) is not None),
                         None)
            chances = (_mix(chances, max(hand), LOYAL) if named is None
                       else _mix(chances, named, LOYAL_TO_A_WORD))
        else:
            # An outsider spoils a Corporation's rewards by playing the card its members
            # will: the one a member named, else their highest.
            for corporation in corporations:
                target = _target(rules, players, corporation, hand, announcements)
                if target is not None:
                    chances = _mix(chances, target, SPOIL)
        word = named_card(announcements, seat, hand)
        if word is not None:
            chances = _mix(chances, word, trusts[seat])
        believed.append(chances)
    return believed


def _target(rules: CorporationRules, players: int, corporation: Corporation,
            hand: Sequence[int], announcements: Sequence[Announce]) -> int | None:
    """The card of ``hand`` an outsider would play to spoil ``corporation``: the one a
    member named, else the members' highest (None if the hand lacks it)."""
    named = next((card for member in corporation.members
                  if (card := named_card(announcements, member, hand)) is not None), None)
    if named is not None:
        return named
    top = next_value(rules, players, corporation.value)
    return top if top in hand else None


# ---------------------------------------------------------------- weighing the cards


def next_value(rules: CorporationRules, players: int, value: int) -> int:
    """The highest card a Corporation formed on ``value`` has for its rewards next round."""
    top = rules.top(players)
    return top if value != top else top - 1


def prospect(rules: CorporationRules, players: int, value: int, members: float,
             follow: float = FOLLOW_THROUGH) -> float:
    """A share of what a Corporation formed on ``value`` may pay each member next round:
    it counts on their highest card, the less surely the more members it has."""
    return (follow * next_value(rules, players, value) * members
            / (1.0 + CROWD * max(0.0, members - 2.0)))


def card_values(rules: CorporationRules, players: int, me: int, hand: Sequence[int],
                believed: Sequence[Mapping[int, float]],
                corporations: Sequence[Corporation], scores: Sequence[int],
                follow: float) -> dict[int, float]:
    """Each card of ``me``'s by ``standing`` after the round, when every other seat plays
    as ``believed`` (independently): the points each seat may expect, Profits, Corporate
    Rewards and ``prospect`` weighted by their chances."""
    others = [s for s in range(players) if s != me]
    values = set(range(1, rules.top(players) + 1))
    # For each other seat and card: the chance no third seat plays it, and how many do.
    alone: dict[int, dict[int, float]] = {}
    crowd: dict[int, dict[int, float]] = {}
    for seat in others:
        alone[seat], crowd[seat] = {}, {}
        for card in believed[seat]:
            free, many = 1.0, 0.0
            for other in others:
                if other != seat:
                    chance = believed[other].get(card, 0.0)
                    free *= 1.0 - chance
                    many += chance
            alone[seat][card], crowd[seat][card] = free, many

    def their_gain(seat: int, card: int, with_me: bool) -> float:
        """What ``seat`` may expect of ``card``: Profits and the prospect of forming."""
        if with_me:
            return prospect(rules, players, card, 2.0 + crowd[seat][card], follow)
        free = alone[seat][card]
        if free >= 1.0:
            return float(card)
        joined = 1.0 - free
        return (card * free
                + joined * prospect(rules, players, card, 1.0 + crowd[seat][card] / joined,
                                    follow))

    base = {seat: sum(p * their_gain(seat, card, False) for card, p in believed[seat].items())
            for seat in others}
    # Each Corporation's rewards on each value: its members all play it, no one else does.
    rewards: list[tuple[Corporation, dict[int, float]]] = []
    for corporation in corporations:
        paid = {}
        for value in values:
            chance = 1.0
            for seat in others:
                p = believed[seat].get(value, 0.0)
                chance *= p if seat in corporation.members else 1.0 - p
            paid[value] = chance * value * len(corporation.members)
        rewards.append((corporation, paid))

    def value_of(card: int) -> float:
        gains = [0.0] * players
        for seat in others:
            p = believed[seat].get(card, 0.0)
            gains[seat] = base[seat]
            if p:
                gains[seat] += p * (their_gain(seat, card, True)
                                    - their_gain(seat, card, False))
        free, many = 1.0, 0.0
        for seat in others:
            chance = believed[seat].get(card, 0.0)
            free *= 1.0 - chance
            many += chance
        gains[me] = card * free
        if free < 1.0:
            joined = 1.0 - free
            gains[me] += joined * prospect(rules, players, card, 1.0 + many / joined, follow)
        for corporation, paid in rewards:
            # A Corporation of this seat's pays only if it plays the same value; another
            # pays on any value but the one this seat plays (that one it spoils).
            reward = (paid[card] if me in corporation.members
                      else sum(paid.values()) - paid[card])
            for member in corporation.members:
                gains[member] += reward
        totals = [score + gain for score, gain in zip(scores, gains, strict=True)]
        return standing(totals, me, False)

    return {card: value_of(card) for card in hand}


def standing(totals: Sequence[float], seat: int, over: bool) -> float:
    """How good ``totals`` are for ``seat``: its place (1 first, 0 last), a win counting extra.

    At the end of the game places are exact; before it, leads and deficits count
    smoothly (``_sure``).
    """
    mine = totals[seat]
    others = [t for s, t in enumerate(totals) if s != seat]
    best = max(others)
    if over:
        beaten = sum(1.0 if mine > t else 0.5 if mine == t else 0.0 for t in others)
        won = WIN_BONUS / (1 + others.count(mine)) if mine >= best else 0.0
        return beaten / len(others) + won
    beaten = 0.0
    for other in others:
        beaten += _sure(mine - other)
    return beaten / len(others) + WIN_BONUS * _sure(mine - best)


def _sure(lead: float) -> float:
    """A smooth step: 0.5 for no lead, near 1 for a lead of several ``SCALE`` points."""
    return 0.5 + 0.5 * lead / (abs(lead) + SCALE)


def mixed(values: Mapping[int, float]) -> dict[int, float]:
    """A mixed strategy over cards: each within ``SPREAD`` of the best value, the nearer
    the likelier (a smooth ramp, not ``exp``, so every platform draws alike)."""
    spread = SPREAD
    best = max(values.values())
    weights = {card: (1.0 - (best - value) / spread) ** 2 for card, value in values.items()
               if best - value < spread}
    total = sum(weights.values())
    return {card: weight / total for card, weight in weights.items()}


def draw_card(chances: Mapping[int, float], rng: random.Random) -> int:
    """A card drawn from ``chances`` (in card order, so a seed draws alike everywhere)."""
    point = rng.random()
    cards = sorted(chances)
    for card in cards:
        point -= chances[card]
        if point < 0.0:
            return card
    return cards[-1]


# ---------------------------------------------------------------- one seat's position


class Position:
    """What a seat weighs its cards by: its observation's public facts, read with its own
    trust, under the talk it has heard."""

    def __init__(self, observation: CorpObservation, temperament: Temperament,
                 heard: Sequence[Announce] | None = None, seat: int | None = None) -> None:
        self.rules, self.players = observation.rules, observation.players
        self.seat = observation.seat if seat is None else seat
        self.face_up = observation.face_up
        self.corporations = observation.corporations
        self.scores = observation.scores
        self.heard = tuple(observation.announcements if heard is None else heard)
        self.temperament = temperament
        self.hand = held_cards(self.rules.cards(self.players), self.face_up[self.seat])
        trusts = trust(self.rules, self.players, observation.history, self.seat,
                       temperament.trust)
        self.believed = beliefs(self.rules, self.players, self.seat, self.face_up,
                                self.corporations, self.heard, trusts,
                                habits(self.rules, self.players, observation.history))
        follow = FOLLOW_THROUGH * 2.0 * (1.0 - temperament.greed)
        self.values = card_values(self.rules, self.players, self.seat, self.hand,
                                  self.believed, self.corporations, self.scores, follow)

    @property
    def best(self) -> int:
        """Its best card (the higher of equals)."""
        return max(self.hand, key=lambda card: (self.values[card], card))

    def word(self) -> int | None:
        """The card it named this round, if it holds it."""
        return named_card(self.heard, self.seat, self.hand)

    def policy(self) -> dict[int, float]:
        """The chance of each card it commits: its word as often as it keeps one, else one
        of its best cards (``mixed``)."""
        word = self.word()
        if word is None or len(self.hand) == 1:
            return mixed(self.values)
        truth = self.temperament.truth
        # A word that is no longer its best card is kept less often, but always by the
        # perfectly honest.
        keep = truth if word == self.best else truth * (KEEP_WORSE + (1.0 - KEEP_WORSE) * truth)
        others = mixed({card: value for card, value in self.values.items() if card != word})
        chances = {card: (1.0 - keep) * p for card, p in others.items()}
        chances[word] = keep
        return chances


