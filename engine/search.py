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
    evolve,
    legal_actions,
    sort_cards,
)
from engine.rng import shuffled

Policy = Callable[[ClimbingRules, tuple[Card, ...], bool, Play | None, int, Sequence[Action]],
                  Action]
"""A quick choice (for rollouts) from a seat's hand, the revolution, the play to beat, the
fewest cards another player holds, and the seat's legal moves."""


def fewest_cards(hand_sizes: Sequence[int], seat: int) -> int:
    """The fewest cards any other player still in the round holds (99 when none is)."""
    return min((n for s, n in enumerate(hand_sizes) if s != seat and n), default=99)


PASSES_WEIGHED = 16
SAMPLING_TRIES = 8


def sample_world(observation: ClimbObservation, rng: random.Random,
                 policy: Policy | None = None, tries: int = SAMPLING_TRIES) -> ClimbState:
    """A full state that agrees with everything ``observation`` shows.

    Passes tell something too: a player who passed most likely had nothing
    worth playing then. With a ``policy`` standing for how players
    choose, a world in which it would have played instead is dealt again, up
    to ``tries`` times; then the world that fits the passes best is kept.
    """
    return _sample(observation, rng, policy, tries)[0]


def _sample(observation: ClimbObservation, rng: random.Random, policy: Policy | None,
            tries: int) -> tuple[ClimbState, int]:
    """``sample_world``'s world, and how many passes it weighed (its cost, in moves)."""
    best: tuple[int, ClimbState] | None = None
    weighed = 0
    for _ in range(tries if policy is not None else 1):
        world = _deal_world(observation, rng)
        if policy is None:
            return world, 0
        misfits, checked = _unexplained_passes(world, observation, policy,
                                               enough=best[0] if best is not None else None)
        weighed += checked
        if not misfits:
            return world, weighed
        if best is None or misfits < best[0]:
            best = (misfits, world)
    assert best is not None
    return best[1], weighed


def _unexplained_passes(world: ClimbState, observation: ClimbObservation, policy: Policy,
                        enough: int | None = None) -> tuple[int, int]:
    """How many of the round's last ``PASSES_WEIGHED`` passes the policy would not have
    made in ``world`` (counting stops at ``enough``), and how many it weighed.

    A pass answers the latest play before it (a trick's first move is a play);
    the passer's hand then was its hand now and the cards it has played since.
    The latest passes say the most about the hands now, and weighing them all
    would cost more than the rollouts late in a round.
    """
    rules, me = observation.rules, observation.seat
    answered: list[tuple[int, Pass, Play, bool]] = []  # event index, pass, top, revolution
    top: Play | None = None
    revolution = False  # every round starts without one
    for index, event in enumerate(observation.events):
        if isinstance(event, Play):
            revolution ^= rules.effect(event, top, revolution).revolution
            top = event
        elif isinstance(event, Pass) and event.seat != me and top is not None:
            answered.append((index, event, top, revolution))
    answered = answered[-PASSES_WEIGHED:]
    if not answered:
        return 0, 0
    hands = [list(hand) for hand in world.hands]  # walking back from now
    sizes = list(observation.hand_sizes)
    misfits = weighed = 0
    walked = len(observation.events)
    for index, event, top, revolution in reversed(answered):
        weighed += 1
        for later in observation.events[index + 1:walked]:
            if isinstance(later, Play):
                hands[later.seat].extend(later.cards)
                sizes[later.seat] += len(later.cards)
        walked = index + 1
        hand = sort_cards(rules, hands[event.seat])
        then = evolve(world, hands=(*world.hands[:event.seat], hand,
                                    *world.hands[event.seat + 1:]),
                      trick=(top,), revolution=revolution, to_act=event.seat)
        moves = [*rules.legal_plays(then, event.seat), event]
        choice = policy(rules, hand, revolution, top, fewest_cards(sizes, event.seat), moves)
        misfits += choice != event
        if misfits == enough:
            break
    return misfits, weighed


def _deal_world(observation: ClimbObservation, rng: random.Random) -> ClimbState:
    """A full state that agrees with every card ``observation`` shows."""
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


def rollout(state: ClimbState, seat: int, policy: Policy) -> tuple[float, int]:
    """Play the round out with ``policy`` until ``seat``'s place is known; how well it did
    (1 best, 0 worst), and in how many moves.

    Places go in the order players go out, and a bankrupt player's is last, so
    the rollout stops there: the rest of the round would not change it.
    """
    moved = 0
    while ((state.phase is Phase.PLAY or state.phase is Phase.GIVE)
           and seat not in state.out and state.bankrupt != seat):
        moved += 1
        actor = state.actor
        assert actor is not None
        moves = legal_actions(state, actor)
        sizes = [len(hand) for hand in state.hands]
        state = apply(state, policy(state.rules, state.hands[actor], state.revolution, state.top,
                                    fewest_cards(sizes, actor), moves))
    if seat in state.out:
        place = state.out.index(seat)
    elif state.bankrupt == seat:
        place = state.players - 1
    else:
        place = state.places[-1].index(seat)
    return 1 - place / (state.players - 1), moved


def candidates(observation: ClimbObservation, most: int, policy: Policy) -> list[Action]:
    """The moves worth searching: all of them, or the policy's favourites and a pass."""
    legal = list(observation.legal)
    if len(legal) <= most:
        return legal
    chosen: list[Action] = []
    rest = legal
    fewest = fewest_cards(observation.hand_sizes, observation.seat)
    while rest and len(chosen) < most - 1:
        pick = policy(observation.rules, observation.hand, observation.revolution,
                      observation.top, fewest, rest)
        chosen.append(pick)
        rest = [a for a in rest if a != pick]
    chosen.extend(a for a in legal if isinstance(a, Pass) and a not in chosen)
    return chosen


def search(observation: ClimbObservation, rng: random.Random, budget: int, policy: Policy,
           most: int = 8) -> tuple[Action, dict[Action, float]]:
    """The move with the best mean rollout result, and the means of the moves last compared.

    ``budget`` counts the policy's moves: those of the rollouts, and the passes
    weighed in sampling worlds. Moves, not the clock, bound the search, so the
    choice depends only on the seed, and they track its time closely.
    Successive halving spends the budget well: every candidate is played out in
    a few worlds, the worse half is dropped, and the rest are played out in
    further worlds, until two are left; each stage has an equal share. The
    moves compared at each stage have been played out in the same worlds.
    """
    moves = candidates(observation, most, policy)
    if len(moves) == 1 or observation.phase not in (Phase.PLAY, Phase.GIVE):
        return moves[0], {}
    stages = max(1, (len(moves) - 1).bit_length())
    totals = dict.fromkeys(moves, 0.0)
    played = 0
    alive = moves
    while True:
        spent = 0
        while spent < budget // stages:
            world, spent_sampling = _sample(observation, rng, policy, SAMPLING_TRIES)
            spent += spent_sampling
            for move in alive:
                value, moved = rollout(apply(world, move), observation.seat, policy)
                totals[move] += value
                spent += moved
            played += 1
        means = {move: totals[move] / played for move in alive}
        if len(alive) <= 2:
            break
        alive = sorted(alive, key=lambda m: -means[m])[:(len(alive) + 1) // 2]
    return max(alive, key=lambda m: means[m]), means
