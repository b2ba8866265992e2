"""Search for the climbing games: determinized Monte Carlo.

A bot cannot see the other hands, so it samples hands consistent with all it
has seen (its own hand, every card played, the cards it gave away in
exchanges, every seat's hand size), plays each candidate move in each sampled
world, lets every seat play the round out with a quick policy, and keeps the
move whose rounds ended best for it on average. The same worlds serve every
candidate, so their comparison is fair. The number of worlds is fixed, not
timed, so a bot's choice depends only on its seed.
"""

import random
from collections import Counter
from collections.abc import Callable, Sequence

from engine.actions import Action, Pass, Play
from engine.cards import Card
from engine.climbing import (
    ClimbingRules,
    ClimbObservation,
    ClimbState,
    Phase,
    Transfer,
    apply,
    legal_actions,
)
from engine.rng import shuffled

Policy = Callable[[ClimbingRules, tuple[Card, ...], bool, Sequence[Action]], Action]
"""A quick choice from a seat's hand, the revolution and its legal moves (rollouts)."""


def sample_world(observation: ClimbObservation, rng: random.Random) -> ClimbState:
    """A full state that agrees with everything ``observation`` shows."""
    me, rules = observation.seat, observation.rules
    played = Counter(c for e in observation.events if isinstance(e, Play) for c in e.cards)
    # Cards this seat gave in an exchange are in the receiver's hand until they are played.
    known: dict[int, list[Card]] = {}
    for event in observation.events:
        if isinstance(event, Transfer) and event.giver == me:
            known.setdefault(event.receiver, []).extend(event.cards)
    for seat, cards in known.items():
        shown = Counter(c for e in observation.events
                        if isinstance(e, Play) and e.seat == seat for c in e.cards)
        still = Counter(cards) - shown
        known[seat] = list(still.elements())
    pool = Counter(rules.deck()) - Counter(observation.hand) - played
    pool -= Counter(c for cards in known.values() for c in cards)
    unseen = shuffled(rng, sorted(pool.elements(), key=rules.card_key))
    hands: list[tuple[Card, ...]] = []
    for seat in range(observation.players):
        if seat == me:
            hands.append(observation.hand)
            continue
        mine = known.get(seat, [])[:observation.hand_sizes[seat]]
        draw = observation.hand_sizes[seat] - len(mine)
        hands.append(tuple(sorted([*mine, *unseen[:draw]], key=rules.card_key)))
        unseen = unseen[draw:]
    return ClimbState(
        rules=rules, players=observation.players, seed=0, round_no=observation.round_no,
        phase=observation.phase, hands=tuple(hands), to_act=observation.actor,
        trick=observation.trick, passed=observation.passed, revolution=observation.revolution,
        out=observation.out, bankrupt=observation.bankrupt, owed=observation.owed,
        sticks=observation.sticks, discards=tuple(unseen), events=observation.events,
        places=observation.places, scores=observation.scores)


def rollout(state: ClimbState, seat: int, policy: Policy) -> float:
    """Play the round out with ``policy``; how well ``seat`` did (1 best, 0 worst)."""
    while state.phase is Phase.PLAY or state.phase is Phase.GIVE:
        actor = state.actor
        assert actor is not None
        moves = legal_actions(state, actor)
        state = apply(state, policy(state.rules, state.hands[actor], state.revolution, moves))
    place = state.places[-1].index(seat)
    return 1 - place / (state.players - 1)


def candidates(observation: ClimbObservation, most: int, policy: Policy) -> list[Action]:
    """The moves worth searching: all of them, or the policy's favourites and a pass."""
    legal = list(observation.legal)
    if len(legal) <= most:
        return legal
    chosen: list[Action] = []
    rest = legal
    while rest and len(chosen) < most - 1:
        pick = policy(observation.rules, observation.hand, observation.revolution, rest)
        chosen.append(pick)
        rest = [a for a in rest if a != pick]
    chosen.extend(a for a in legal if isinstance(a, Pass) and a not in chosen)
    return chosen


def search(observation: ClimbObservation, rng: random.Random, worlds: int, policy: Policy,
           most: int = 8) -> tuple[Action, dict[Action, float]]:
    """The move with the best mean rollout result, and every candidate's mean."""
    moves = candidates(observation, most, policy)
    if len(moves) == 1 or observation.phase is not Phase.PLAY:
        return moves[0], {}
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(worlds):
        world = sample_world(observation, rng)
        for move in moves:
            totals[move] += rollout(apply(world, move), observation.seat, policy)
    means = {move: total / worlds for move, total in totals.items()}
    return max(moves, key=lambda m: means[m]), means
