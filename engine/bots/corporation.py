"""Corporation bots: Normal's one-round look-ahead and Hard's search.

Every hand in Corporation is public but for the card a seat has put face
down this round, so what a bot must guess is what the others will play. A
*plain* player (``expected_card``) plays what it said it would, else the
value a fellow member of its Corporation announced, else its highest card.

Normal guesses that every other seat plays plainly and picks its own card by
how the table would stand after the round: the points scored, plus what each
Corporation formed is likely to pay next round (``outlook``), its own total
against the best of the others'.

Hard samples the face-down cards and the choices still to come (each other
seat plays plainly, or at random as often as its revealed rounds show it
does), plays each of its cards in the same worlds, and rolls every world
several rounds on with Normal play, so next round's Corporate Rewards count;
a world is valued by the places it leads to, a win counting extra, so near
the end it plays against the leader. Before committing it may say once a
round "I'll play N", when that makes its Corporation's members follow it to
a better round; it then plays whatever pays best, which may break its word.
Sample counts are fixed, so a choice depends only on the generator.
"""

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core.rng import below
from engine.games.corporation import (
    Announce,
    Commit,
    CorpAction,
    CorpObservation,
    Corporation,
    CorporationRules,
    CorpState,
    Phase,
    announced_cards,
    apply,
    held_cards,
    round_scores,
)

if TYPE_CHECKING:
    from engine.games.registry import Game

FOLLOW_THROUGH = 0.5  # the share of next round's Corporate Rewards counted on
DOUBT = 0.05  # the weight of the rounds in which one other seat plays unexpectedly
WIN_BONUS = 1.0  # a win is worth this much more than its place
SCALE = 6.0  # points that make a lead count as nearly sure in a game not yet over


def announced_card(text: str, hand: Sequence[int]) -> int | None:
    """The first card of ``hand`` named in an announcement ("I'll play 5" names 5), or None."""
    return next((card for card in announced_cards(text) if card in hand), None)


def greedy(observation: CorpObservation) -> CorpAction:
    """Greedy's commit: its highest card, the biggest Profits if no one matches it."""
    return max((a for a in observation.legal if isinstance(a, Commit)), key=lambda a: a.card)


def mistakes(observation: CorpObservation) -> Sequence[CorpAction]:
    """A careless player commits any card (it does not talk)."""
    return [a for a in observation.legal if isinstance(a, Commit)]


def expected_card(seat: int, hand: Sequence[int], corporations: Sequence[Corporation],
                  announcements: Sequence[Announce]) -> int:
    """What a plain player plays: its own word, else a fellow member's, else its highest card."""
    members = next((c.members for c in corporations if seat in c.members), (seat,))
    for speakers in ((seat,), members):
        for said in reversed(announcements):
            if said.seat in speakers:
                card = announced_card(said.text, hand)
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


def prospect(rules: CorporationRules, players: int, value: int, members: int) -> float:
    """A share of what a Corporation formed on ``value`` may pay each member next round.

    Its members then hold every card but ``value``, so it counts on their highest.
    """
    top = rules.top(players)
    return FOLLOW_THROUGH * (top if value != top else top - 1) * members


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


def normal_card(rules: CorporationRules, seat: int, face_up: Sequence[int | None],
                corporations: Sequence[Corporation], announcements: Sequence[Announce],
                scores: Sequence[int], doubt: float = 0.0) -> int:
    """Normal's card: the best standing after the round if the others play plainly.

    With ``doubt`` above 0, the rounds in which one other seat plays another card
    count too, with that weight in all: they settle the many near-ties of the
    plain round (the arena measured it; Hard's rollouts go without, for speed).
    Only the swerves that change who matches whom are weighed: to a card someone
    else plays, or to the highest card no one plays.
    """
    players = len(face_up)
    hands = [held_cards(rules.cards(players), face_up[s]) for s in range(players)]
    plain = [expected_card(s, hands[s], corporations, announcements) for s in range(players)]

    def value(played: list[int]) -> float:
        totals, over = outlook(rules, corporations, played, scores)
        return standing(totals, seat, over)

    def worth(card: int) -> tuple[float, int]:
        played = [*plain]
        played[seat] = card
        total = value(played)
        if doubt:
            swerves = 0.0
            count = 0
            for other in range(players):
                if other == seat:
                    continue
                for swerve in _swerves(hands[other], played):
                    if swerve != plain[other]:
                        played[other] = swerve
                        swerves += value(played)
                        count += 1
                played[other] = plain[other]
            total += doubt * swerves / count
        return total, card

    return max(hands[seat], key=worth)


def _swerves(hand: Sequence[int], played: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that another seat plays, and the highest that no seat plays."""
    swerves = [card for card in hand if card in played]
    fresh = [card for card in hand if card not in played]
    return [*swerves, *fresh[-1:]]


def normal_choose(observation: CorpObservation) -> CorpAction:
    """Normal's action: a commit (Normal never talks)."""
    card = normal_card(observation.rules, observation.seat, observation.face_up,
                       observation.corporations, observation.announcements, observation.scores,
                       DOUBT)
    return Commit(observation.seat, card)


# ---------------------------------------------------------------- Hard

WORLDS = 24  # sampled worlds per candidate card at the default table (5 players, cards 1-5)
HORIZON = 3  # rounds rolled out after this one
# Worlds x rounds x (players x cards)^2: a rollout round costs about (players x cards)^2,
# so bigger tables get fewer worlds and, below MIN_WORLDS, one round (within 150 ms).
WORK = WORLDS * HORIZON * 5**4
MIN_WORLDS = 4
SEEN_ROUNDS = 10  # the latest revealed rounds read to judge how plainly each seat plays
TALK_GAIN = 0.02  # an announcement must win this much mean utility to be made


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
    """How often each seat played other than Normal would have, in the latest revealed
    rounds: its chance of playing at random, with a prior of one surprise in four."""
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
# after it (this was most of a decision's time at a small share of the budget).
@lru_cache(maxsize=4096)
def _surprised(rules: CorporationRules, players: int, corporations: tuple[Corporation, ...],
               scores: tuple[int, ...], seat: int, said: tuple[Announce, ...],
               card: int) -> bool:
    """Whether ``card``, played in a revealed round that opened so, is not Normal's."""
    opened = CorpState(rules=rules, players=players, seed=0, corporations=corporations,
                       scores=scores)
    normal = _Normal()
    # Normal's quick choice first: it is Normal's own far more often than not.
    return (normal.card(opened, seat, said, 0.0) != card
            and normal.card(opened, seat, said, DOUBT) != card)


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


class _Normal:
    """Normal's cards, each position worked out once per decision (rollouts revisit many)."""

    def __init__(self) -> None:
        self.known: dict[tuple[object, ...], int] = {}

    def card(self, state: CorpState, seat: int, announcements: tuple[Announce, ...],
             doubt: float) -> int:
        key = (seat, state.corporations, announcements, state.scores, doubt)
        card = self.known.get(key)
        if card is None:
            card = self.known[key] = normal_card(state.rules, seat, state.face_up,
                                                 state.corporations, announcements,
                                                 state.scores, doubt)
        return card

    def guess(self, state: CorpState, seat: int, announcements: tuple[Announce, ...],
              doubt: float, noise: float, rng: random.Random) -> int:
        """A card for ``seat``: Normal's, or with chance ``noise`` any card it holds."""
        hand = state.hands[seat]
        if rng.random() < noise:
            return hand[below(rng, len(hand))]
        return self.card(state, seat, announcements, doubt)

    def rollout(self, state: CorpState, seat: int, noise: Sequence[float], horizon: int,
                rng: random.Random) -> float:
        """Play ``horizon`` more rounds (or to the end); the utility for ``seat``."""
        for _ in range(horizon):
            if state.phase is Phase.OVER:
                break
            played = [self.guess(state, s, (), 0.0, 0.0 if s == seat else noise[s], rng)
                      for s in range(state.players)]
            state = _play_round(state, played)
        return _utility(state, seat)


def effort(players: int, cards: int, share: float = 1.0) -> tuple[int, int]:
    """Worlds per candidate card, and rounds per rollout, for a table: ``share`` of
    ``WORK`` in all."""
    size = (players * cards) ** 2
    work = round(WORK * share)
    horizon = HORIZON if work // (size * HORIZON) >= MIN_WORLDS else 1
    return min(round(WORLDS * share) or 1, max(MIN_WORLDS, work // (size * horizon))), horizon


def _values(observation: CorpObservation, normal: _Normal, cards: Sequence[int],
            said: tuple[Announce, ...], noise: Sequence[float], worlds: int, horizon: int,
            seed: int) -> dict[int, float]:
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
    totals = dict.fromkeys(cards, 0.0)
    for _ in range(worlds):
        played = [0] * observation.players
        for seat in range(observation.players):
            if seat != me:
                heard = heard_before if seat in observation.committed else said
                played[seat] = normal.guess(start, seat, heard, DOUBT, noise[seat], rng)
        world = below(rng, 2**53)
        for card in cards:
            played[me] = card
            # The same rollout randomness for every card: a fair comparison.
            totals[card] += normal.rollout(_play_round(start, played), me, noise, horizon,
                                           random.Random(world))
    return {card: total / worlds for card, total in totals.items()}


def hard_choose(observation: CorpObservation, rng: random.Random, share: float = 1.0
                ) -> CorpAction:
    """Hard's action, with ``share`` of its work: a commit, or once a round an
    announcement when one pays."""
    me = observation.seat
    commits = [a for a in observation.legal if isinstance(a, Commit)]
    cards = [a.card for a in commits]
    if len(cards) == 1:
        return commits[0]
    normal = _Normal()
    noise = surprise(observation)
    said = observation.announcements
    worlds, horizon = effort(observation.players, len(cards), share)
    values = _values(observation, normal, cards, said, noise, worlds, horizon,
                     below(rng, 2**53))
    best = max(cards, key=lambda c: (values[c], c))
    talks = [a for a in observation.legal if isinstance(a, Announce)]
    if talks and not any(a.seat == me for a in said) and _listeners(observation):
        # Each announcement is weighed by the better of keeping it and of playing the
        # card that was best unspoken, in the same worlds as staying silent.
        seed = below(rng, 2**53)
        talk_worlds = max(2, worlds // 2)
        silent = _values(observation, normal, [best], said, noise, talk_worlds, horizon,
                         seed)[best]
        weighed: set[int] = set()
        for talk in talks:
            card = announced_card(talk.text, cards)
            if card is None or card in weighed:
                continue  # another phrase naming the same card is heard the same way
            weighed.add(card)
            heard = _values(observation, normal, sorted({card, best}), (*said, talk), noise,
                            talk_worlds, horizon, seed)
            if max(heard.values()) > silent + TALK_GAIN:
                return talk
    return Commit(me, best)


def hard(observation: CorpObservation, rng: random.Random, game: "Game", share: float
         ) -> tuple[CorpAction, Mapping[CorpAction, float]]:
    """Hard's action with ``share`` of its work; its search has no figures a hint shows."""
    return hard_choose(observation, rng, share), {}


def searches(observation: CorpObservation, game: "Game", share: float) -> bool:
    """Whether Hard searches this position: it has more than one card to commit (else it
    commits its last at once), whatever its share."""
    return sum(1 for a in observation.legal if isinstance(a, Commit)) > 1


def _listeners(observation: CorpObservation) -> bool:
    """Whether a fellow member of this seat's Corporation is still to commit."""
    me = observation.seat
    members = next((c.members for c in observation.corporations if me in c.members), ())
    return any(m != me and m not in observation.committed for m in members)
