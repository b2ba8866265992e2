"""Corporation bots: every seat reads the table its own way, talks, and may lie.

Every hand is public but for the card a seat puts face down this round, so a
bot's art is guessing what the others will play, and talking so that they play
what suits it. Each bot seat has a temperament (engine.bots.temperament): how
far it believes others, how much it prefers Profits now to rewards later, and
how often it keeps its word.

*Beliefs* (``beliefs``). A bot gives each card of every other seat a chance:
by the seat's habit, read from the rounds it has played (at first, high cards
more than low ones: they score the biggest Profits); for a Corporation's member,
the card a fellow member named, or else its highest; for an outsider, the card
that would spoil a Corporation's rewards; and for a seat that named a card, that
card, as far as the bot trusts it. Trust starts at the bot's temperament and
moves with every word the seat kept or broke in earlier rounds (``trust``),
falling furthest when the bot was the one let down: it played the card the seat
named, and the seat did not.

*Normal* weighs each of its cards by how the table would stand after the round
if the others play as it believes (``card_values``: the points each seat may
expect, a share of next round's Corporate Rewards included, which a greedy seat
counts less), and commits one of its best cards at random, the better ones more
often (``mixed``): no seat is exactly predictable, and two Normals in one
position do not always agree. Before committing it talks when that helps it
(``normal_talk``): it tells its fellow members what it will play, claims a card
to warn the table off when greedy, and invites the seats it expects on its card
when trusting. When it commits it keeps its word as often as its truthfulness
says, else plays one of its best other cards (``Position.policy``).

*Easy* believes everyone, says what it means to play when it is in a
Corporation or greedy, plays the card its fellow members named or its highest,
rarely breaks its word, and makes one move in five at random.

*Hard* keeps its own reasoning. It samples the face-down cards and the
choices still to come (each other seat as a Normal of middling temperament
would choose, keeping its word as often as it has, or at random as often as its
revealed rounds surprised that model), plays each of its cards in the same
worlds, and rolls every world several rounds on with plain play, so next
round's Corporate Rewards count; a world is valued by the places it leads to, a
win counting extra, so near the end it plays against the leader. Before
committing it may say once a round "I'll play N", when that makes its
Corporation's members follow it to a better round; it then plays whatever pays
best, which may break its word. Sample counts are fixed, so a choice depends
only on the generator.

Every decision uses only arithmetic (no ``exp`` or ``log``, whose last digit may
differ between CPython and WebAssembly), so a seed replays alike everywhere.
"""

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.bots.temperament import NEUTRAL, Temperament
from engine.core.rng import below, choice
from engine.games.corporation import (
    Announce,
    Commit,
    CorpAction,
    CorpObservation,
    Corporation,
    CorporationRules,
    CorpState,
    Phase,
    RoundResult,
    announced_cards,
    apply,
    face_up_cards,
    held_cards,
    round_scores,
)

if TYPE_CHECKING:
    from engine.games.registry import Game

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
EASY_MISTAKES = 0.2  # Easy's share of moves made at random
KEEP_WORSE = 0.8  # a word is kept this much less often when it is no longer the best card


def announced_card(text: str, hand: Sequence[int]) -> int | None:
    """The first card of ``hand`` named in an announcement ("I'll play 5" names 5), or None."""
    return next((card for card in announced_cards(text) if card in hand), None)


def named_card(announcements: Sequence[Announce], seat: int, hand: Sequence[int]
               ) -> int | None:
    """The card of ``hand`` that ``seat`` named last among ``announcements`` (its word), or
    None."""
    for said in reversed(announcements):
        if said.seat == seat:
            card = announced_card(said.text, hand)
            if card is not None:
                return card
    return None


def fellows(corporations: Sequence[Corporation], seat: int) -> tuple[int, ...]:
    """The other members of ``seat``'s Corporation (none when it is in none)."""
    members = next((c.members for c in corporations if seat in c.members), ())
    return tuple(member for member in members if member != seat)


def greedy(observation: CorpObservation) -> CorpAction:
    """Greedy's commit: its highest card, the biggest Profits if no one matches it."""
    return max((a for a in observation.legal if isinstance(a, Commit)), key=lambda a: a.card)


def _commits(observation: CorpObservation) -> list[Commit]:
    return [a for a in observation.legal if isinstance(a, Commit)]


def _can_talk(observation: CorpObservation) -> bool:
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


# ---------------------------------------------------------------- Normal


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


def normal_talk(position: Position, observation: CorpObservation) -> Announce | None:
    """What Normal says before committing, when it helps, naming its best card: to fellow
    members still to commit, so they play it with it; to a seat that named the same card;
    greedy, to warn the table off a card it means to take Profits with; trusting, to
    invite the seats it expects on its card into a Corporation."""
    me, card = position.seat, position.best
    waiting = [m for m in fellows(position.corporations, me) if m not in observation.committed]
    named_by_others = any(card in announced_cards(a.text) for a in position.heard
                          if a.seat != me)
    alone = 1.0
    for seat in range(position.players):
        if seat != me:
            alone *= 1.0 - position.believed[seat].get(card, 0.0)
    temperament = position.temperament
    if waiting or (alone >= 0.5 and temperament.greed >= 0.5):
        return Announce(me, f"I'll play {card}")
    if alone < 0.5 and temperament.trust >= 0.5 and not named_by_others:
        return Announce(me, f"Join my Corporation on {card}")
    return None


def normal_choose(observation: CorpObservation, rng: random.Random,
                  temperament: Temperament | None = None) -> CorpAction:
    """Normal's action: an announcement when it helps, else a commit drawn from its
    policy."""
    position = Position(observation, temperament or NEUTRAL)
    if _can_talk(observation):
        talk = normal_talk(position, observation)
        if talk is not None and talk in observation.legal:
            return talk
    return Commit(observation.seat, draw_card(position.policy(), rng))


def easy_choose(observation: CorpObservation, rng: random.Random,
                temperament: Temperament | None = None) -> CorpAction:
    """Easy's action: one move in five a careless commit; else it says what it means to
    play when it is in a Corporation or greedy, and commits it, its word nearly always
    kept: the card its fellow members named (it believes them), else its highest."""
    temperament = temperament or NEUTRAL
    commits = _commits(observation)
    if rng.random() < EASY_MISTAKES:
        return choice(rng, commits)
    me, hand = observation.seat, observation.hand
    word = named_card(observation.announcements, me, hand)
    members = fellows(observation.corporations, me)
    told = next((card for member in members
                 if (card := named_card(observation.announcements, member, hand)) is not None),
                None)
    plan = told if told is not None else max(hand)
    if _can_talk(observation) and (members or temperament.greed >= 0.5):
        return Announce(me, f"I'll play {plan}")
    if word is None:
        return Commit(me, plan)
    if len(hand) == 1 or rng.random() < temperament.truth:
        return Commit(me, word)
    return Commit(me, max(card for card in hand if card != word))


# ---------------------------------------------------------------- Hard

WORLDS = 24  # sampled worlds per candidate card at the default table (5 players, cards 1-5)
HORIZON = 3  # rounds rolled out after this one
# Worlds x rounds x (players x cards)^2: a rollout round costs about (players x cards)^2,
# so bigger tables get fewer worlds and, below MIN_WORLDS, one round (within 150 ms).
WORK = WORLDS * HORIZON * 5**4
MIN_WORLDS = 4
SEEN_ROUNDS = 10  # the latest revealed rounds read to judge how well the model fits a seat
SURPRISING = 0.1  # a card the model gave less than this chance surprises it
TALK_GAIN = 0.02  # an announcement must win this much mean utility to be made


def expected_card(seat: int, hand: Sequence[int], corporations: Sequence[Corporation],
                  announcements: Sequence[Announce]) -> int:
    """What a plain player plays: its own word, else a fellow member's, else its highest card."""
    for speaker in (seat, *fellows(corporations, seat)):
        card = named_card(announcements, speaker, hand)
        if card is not None:
            return card
    return max(hand)


def round_points(corporations: Sequence[Corporation], played: Sequence[int]) -> list[int]:
    """Each seat's points when ``played`` are revealed: Corporate Rewards and Profits."""
    rewards, profits = round_scores(corporations, played)
    return [r + p for r, p in zip(rewards, profits, strict=True)]


def outlook(rules: CorporationRules, corporations: Sequence[Corporation],
            played: Sequence[int], scores: Sequence[int]) -> tuple[list[float], bool]:
    """Each seat's score after the round, and whether that ends the game; while it goes on,
    plus ``prospect`` for the members of each Corporation formed."""
    totals = [float(s + p) for s, p in zip(scores, round_points(corporations, played),
                                            strict=True)]
    players = len(played)
    if max(totals) >= rules.target(players):
        return totals, True
    for seat, card in enumerate(played):
        members = played.count(card)
        if members > 1:
            totals[seat] += prospect(rules, players, card, members)
    return totals, False


def plain_cards(state: CorpState) -> tuple[int, ...]:
    """Every seat's card in Hard's rollouts: a plain player's, the best standing after the
    round if the others play plainly (``expected_card``); quick, and the same every time."""
    rules, players = state.rules, state.players
    face_up = state.face_up
    hands = [held_cards(rules.cards(players), face_up[s]) for s in range(players)]
    plain = [expected_card(s, hands[s], state.corporations, ()) for s in range(players)]

    def best(seat: int) -> int:
        def worth(card: int) -> tuple[float, int]:
            played = [*plain]
            played[seat] = card
            totals, over = outlook(rules, state.corporations, played, state.scores)
            return standing(totals, seat, over), card

        return max(hands[seat], key=worth)

    return tuple(best(seat) for seat in range(players))


def _start(observation: CorpObservation) -> CorpState:
    """The round as it opened: every seat holds all but its face-up card, nothing committed."""
    rules, players = observation.rules, observation.players
    cards = rules.cards(players)
    return CorpState(rules=rules, players=players, seed=0, round_no=observation.round_no,
                     hands=tuple(held_cards(cards, up) for up in observation.face_up),
                     commits=(None,) * players, announcements=observation.announcements,
                     corporations=observation.corporations, scores=observation.scores)


def _play_round(state: CorpState, played: Sequence[int]) -> CorpState:
    for seat, card in enumerate(played):
        state = apply(state, Commit(seat, card))
    return state


def surprise(observation: CorpObservation) -> list[float]:
    """How often each seat played a card Hard's model of it (a Normal of middling
    temperament) thought unlikely, in the latest revealed rounds: the chance Hard gives it
    of playing at random, with a prior of one surprise in four."""
    rules, players = observation.rules, observation.players
    history = observation.history
    scores = [0] * players
    misses, rounds = [1.0] * players, [4.0] * players
    first = max(0, len(history) - SEEN_ROUNDS)
    for number, result in enumerate(history):
        if number >= first:
            for seat in range(players):
                misses[seat] += _surprised(rules, players, result.corporations, tuple(scores),
                                           seat, result.announcements, result.played[seat])
                rounds[seat] += 1
        scores = [s + p for s, p in zip(scores, result.points, strict=True)]
    return [m / r for m, r in zip(misses, rounds, strict=True)]


# A revealed round never changes, so each is judged once a game, not at every decision
# after it.
@lru_cache(maxsize=4096)
def _surprised(rules: CorporationRules, players: int, corporations: tuple[Corporation, ...],
               scores: tuple[int, ...], seat: int, said: tuple[Announce, ...],
               card: int) -> bool:
    """Whether ``card``, played in a revealed round that opened so, was unlikely for the
    model (which reads the round's talk with its prior trust)."""
    opened = _opened(rules, players, corporations, scores)
    return modelled_policy(opened, seat, said, NEUTRAL.truth).get(card, 0.0) < SURPRISING


def _opened(rules: CorporationRules, players: int, corporations: tuple[Corporation, ...],
            scores: tuple[int, ...]) -> CorpObservation:
    """A round as it opened, its public facts only (what modelling any seat needs)."""
    return CorpObservation(
        rules=rules, players=players, seat=0, round_no=1, phase=Phase.COMMIT, actor=None,
        hand=(), commit=None, committed=frozenset(), announcements=(),
        corporations=corporations, scores=scores, history=(), legal=())


def modelled_policy(observation: CorpObservation, seat: int, heard: Sequence[Announce],
                    truth: float) -> dict[int, float]:
    """The chance of each card ``seat`` commits, as Hard models it: a Normal of middling
    temperament that keeps its word as often as ``truth``, having heard ``heard``."""
    temperament = Temperament(trust=NEUTRAL.trust, greed=NEUTRAL.greed, truth=truth)
    return Position(observation, temperament, heard, seat).policy()


def _utility(state: CorpState, seat: int) -> float:
    """``standing`` after a rolled-out round, counting the Corporations' prospects."""
    totals = [float(score) for score in state.scores]
    over = state.phase is Phase.OVER
    if not over:
        for corporation in state.corporations:
            for member in corporation.members:
                totals[member] += prospect(state.rules, state.players, corporation.value,
                                           len(corporation.members))
    return standing(totals, seat, over)


class _Plain:
    """Plain cards for Hard's rollouts, each position worked out once per decision
    (rollouts revisit many)."""

    def __init__(self) -> None:
        self.known: dict[tuple[object, ...], tuple[int, ...]] = {}

    def cards(self, state: CorpState) -> tuple[int, ...]:
        key = (state.corporations, state.scores)
        cards = self.known.get(key)
        if cards is None:
            cards = self.known[key] = plain_cards(state)
        return cards

    def rollout(self, state: CorpState, seat: int, noise: Sequence[float], horizon: int,
                rng: random.Random) -> float:
        """Play ``horizon`` more rounds (or to the end); the utility for ``seat``."""
        for _ in range(horizon):
            if state.phase is Phase.OVER:
                break
            played = list(self.cards(state))
            for s in range(state.players):
                hand = state.hands[s]
                if s != seat and rng.random() < noise[s]:
                    played[s] = hand[below(rng, len(hand))]
            state = _play_round(state, played)
        return _utility(state, seat)


def effort(players: int, cards: int, share: float = 1.0) -> tuple[int, int]:
    """Worlds per candidate card, and rounds per rollout, for a table: ``share`` of
    ``WORK`` in all."""
    size = (players * cards) ** 2
    work = round(WORK * share)
    horizon = HORIZON if work // (size * HORIZON) >= MIN_WORLDS else 1
    return min(round(WORLDS * share) or 1, max(MIN_WORLDS, work // (size * horizon))), horizon


class _Model:
    """Hard's picture of the other seats this round: how far it trusts each one's word,
    how often each surprises it, and each one's chance of every card under what it
    heard (worked out once per talk weighed)."""

    def __init__(self, observation: CorpObservation, temperament: Temperament) -> None:
        self.observation = observation
        self.truths = trust(observation.rules, observation.players, observation.history,
                            observation.seat, temperament.trust)
        self.noise = surprise(observation)
        self.known: dict[tuple[int, tuple[Announce, ...]], dict[int, float]] = {}

    def chances(self, seat: int, heard: tuple[Announce, ...]) -> dict[int, float]:
        key = (seat, heard)
        known = self.known.get(key)
        if known is None:
            policy = modelled_policy(self.observation, seat, heard, self.truths[seat])
            hand = held_cards(self.observation.rules.cards(self.observation.players),
                              self.observation.face_up[seat])
            noise = self.noise[seat]
            known = {card: (1.0 - noise) * policy.get(card, 0.0) + noise / len(hand)
                     for card in hand}
            self.known[key] = known
        return known


def _values(observation: CorpObservation, model: _Model, plain: _Plain, cards: Sequence[int],
            said: tuple[Announce, ...], worlds: int, horizon: int, seed: int
            ) -> dict[int, float]:
    """Each card's mean utility over the same sampled worlds (drawn from ``seed``), when
    ``said`` is the talk the seats still to commit will have heard."""
    me = observation.seat
    start = _start(observation)
    # Seats that committed heard the talk before it, not this seat's (it speaks just
    # before it commits).
    heard_before = tuple(a for a in observation.announcements if a.seat != me)
    # An integer seed: a float one is hashed, and float hashes differ between 64-bit
    # CPython and 32-bit WebAssembly, so the browser would choose differently.
    rng = random.Random(seed)
    chances = [model.chances(seat, heard_before if seat in observation.committed else said)
               if seat != me else {} for seat in range(observation.players)]
    totals = dict.fromkeys(cards, 0.0)
    for _ in range(worlds):
        played = [0] * observation.players
        for seat in range(observation.players):
            if seat != me:
                played[seat] = draw_card(chances[seat], rng)
        world = below(rng, 2**53)
        for card in cards:
            played[me] = card
            # The same rollout randomness for every card: a fair comparison.
            totals[card] += plain.rollout(_play_round(start, played), me, model.noise,
                                          horizon, random.Random(world))
    return {card: total / worlds for card, total in totals.items()}


def hard_choose(observation: CorpObservation, rng: random.Random, share: float = 1.0,
                temperament: Temperament | None = None) -> CorpAction:
    """Hard's action, with ``share`` of its work: a commit, or once a round an
    announcement when one pays."""
    me = observation.seat
    commits = _commits(observation)
    cards = [a.card for a in commits]
    if len(cards) == 1:
        return commits[0]
    model = _Model(observation, temperament or NEUTRAL)
    plain = _Plain()
    said = observation.announcements
    worlds, horizon = effort(observation.players, len(cards), share)
    values = _values(observation, model, plain, cards, said, worlds, horizon,
                     below(rng, 2**53))
    best = max(cards, key=lambda c: (values[c], c))
    talks = [a for a in observation.legal if isinstance(a, Announce)]
    if talks and _can_talk(observation) and _listeners(observation):
        # Each announcement is weighed by the better of keeping it and of playing the
        # card that was best unspoken, in the same worlds as staying silent.
        seed = below(rng, 2**53)
        talk_worlds = max(2, worlds // 2)
        silent = _values(observation, model, plain, [best], said, talk_worlds, horizon,
                         seed)[best]
        weighed: set[int] = set()
        for talk in talks:
            card = announced_card(talk.text, cards)
            if card is None or card in weighed:
                continue  # another phrase naming the same card is heard the same way
            weighed.add(card)
            heard = _values(observation, model, plain, sorted({card, best}), (*said, talk),
                            talk_worlds, horizon, seed)
            if max(heard.values()) > silent + TALK_GAIN:
                return talk
    return Commit(me, best)


def hard(observation: CorpObservation, rng: random.Random, game: "Game", share: float,
         temperament: Temperament | None = None
         ) -> tuple[CorpAction, Mapping[CorpAction, float]]:
    """Hard's action with ``share`` of its work; its search has no figures a hint shows."""
    return hard_choose(observation, rng, share, temperament), {}


def searches(observation: CorpObservation, game: "Game", share: float) -> bool:
    """Whether Hard searches this position: it has more than one card to commit (else it
    commits its last at once), whatever its share."""
    return len(_commits(observation)) > 1


def _listeners(observation: CorpObservation) -> bool:
    """Whether a fellow member of this seat's Corporation is still to commit."""
    return any(m not in observation.committed
               for m in fellows(observation.corporations, observation.seat))
