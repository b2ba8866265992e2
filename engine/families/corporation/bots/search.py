"""Corporation's Hard: a search over sampled worlds
(engine.families.corporation.bots.levels says how the levels play).

Hard keeps its own reasoning. It samples the face-down cards and the choices still
to come (each other seat as a Normal of middling temperament would choose, keeping
its word as often as it has, or at random as often as its revealed rounds surprised
that model), plays each of its cards in the same worlds, and rolls every world
several rounds on with plain play, so next round's Corporate Rewards count; a world
is valued by the places it leads to, a win counting extra, so near the end it plays
against the leader. Before committing it may say once a round "I'll play N", when
that makes its Corporation's members follow it to a better round; it then plays
whatever pays best, which may break its word. Sample counts are fixed, so a choice
depends only on the generator.
"""

import random
from collections.abc import Sequence
from functools import lru_cache

from engine.core.rng import below
from engine.core.temperament import NEUTRAL, Temperament
from engine.families.corporation.bots.reading import (
    Position,
    announced_card,
    commits,
    draw_card,
    fellows,
    may_talk,
    named_card,
    prospect,
    standing,
    trust,
)
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorpAction,
    CorporationRules,
)
from engine.families.corporation.rules.machine import (
    CorpObservation,
    Corporation,
    CorpState,
    Phase,
    apply,
    held_cards,
    round_scores,
)

__all__ = [
    "HORIZON", "MIN_WORLDS", "SEEN_ROUNDS", "SURPRISING", "TALK_GAIN", "WORK", "WORLDS",
    "effort", "expected_card", "hard_choose", "modelled_policy", "outlook", "plain_cards",
    "round_points", "surprise",
]

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
    legal = commits(observation)
    cards = [a.card for a in legal]
    if len(cards) == 1:
        return legal[0]
    model = _Model(observation, temperament or NEUTRAL)
    plain = _Plain()
    said = observation.announcements
    worlds, horizon = effort(observation.players, len(cards), share)
    values = _values(observation, model, plain, cards, said, worlds, horizon,
                     below(rng, 2**53))
    best = max(cards, key=lambda c: (values[c], c))
    talks = [a for a in observation.legal if isinstance(a, Announce)]
    if talks and may_talk(observation) and _listeners(observation):
        # Each announcement is weighed by the better of keeping it and of playing the
        # card that was best unspoken, in the same worlds as staying silent.
        seed = below(rng, 2**53)
        talk_worlds = max(2, worlds // 2)
        silent = _values(observation, model, plain, [best], said, talk_worlds, horizon,
                         seed)[best]
        weighed: set[int] = set()
        for talk in talks:
            card = announced_card(talk, cards)
            if card is None or card in weighed:
                continue  # another phrase naming the same card is heard the same way
            weighed.add(card)
            heard = _values(observation, model, plain, sorted({card, best}), (*said, talk),
                            talk_worlds, horizon, seed)
            if max(heard.values()) > silent + TALK_GAIN:
                return talk
    return Commit(me, best)


def _listeners(observation: CorpObservation) -> bool:
    """Whether a fellow member of this seat's Corporation is still to commit."""
    return any(m not in observation.committed
               for m in fellows(observation.corporations, observation.seat))
