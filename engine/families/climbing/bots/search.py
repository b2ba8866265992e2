"""Search for the climbing games: determinized Monte Carlo.

A bot cannot see the other hands, so it samples hands consistent with all it
has seen (its own hand, every card played, the cards it gave away in
exchanges, every seat's hand size, and the passes a model of the players
explains, or, with a budget that pays for it or late in a round, every play and pass of it:
``engine.families.climbing.bots.reading``), plays each candidate move in each sampled
world, lets every seat play the round out as the model plays
(``engine.families.climbing.bots.playout`` does it quickly for Normal), and keeps the
move whose rounds ended best for it on average. The same worlds serve every
candidate, so their comparison is fair. A budget of simulated moves, not the
clock, bounds the search, so a bot's choice depends only on its seed. Beside
each move's mean it counts the places the move led to, which a hint quotes in a player's words.
"""

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from engine.core.actions import Action, Pass, Play
from engine.core.bots import Fared
from engine.core.cards import Card
from engine.core.evolve import evolve
from engine.core.rng import shuffled
from engine.families.climbing.rules.machine import apply, legal_actions
from engine.families.climbing.rules.state import (
    DISCARD_PILE,
    ClimbingRules,
    ClimbObservation,
    ClimbState,
    Phase,
    Transfer,
    sort_cards,
)

__all__ = [
    "MEND_FROM",
    "MEND_LATE",
    "PASSES_WEIGHED",
    "SAMPLING_TRIES",
    "Mender",
    "Model",
    "PassToExplain",
    "Playout",
    "Policy",
    "Reads",
    "WouldPass",
    "candidates",
    "fewest_cards",
    "late_in_round",
    "policy_model",
    "policy_step",
    "rollout",
    "sample_world",
    "search",
    "unexplained_passes",
    "unseen_cards",
]

Policy = Callable[[ClimbingRules, tuple[Card, ...], bool, Play | None, int, Sequence[Action]],
                  Action]
"""A quick choice (for rollouts) from a seat's hand, the revolution, the play to beat, the
fewest cards another player holds, and the seat's legal moves."""

Playout = Callable[[ClimbState, int], tuple[float, int]]
"""A round played out from a state: how well a seat did (1 best, 0 worst), in how many moves
(``rollout`` with a policy, or a quicker equal of it)."""

WouldPass = Callable[[ClimbState, int, Sequence[Card], Play, bool, int], bool]
"""Whether, in a world, a seat holding some cards (in any order) would pass rather than
answer a play, with or without a revolution, given the fewest cards another player holds."""


class Mender(Protocol):
    """Mends worlds to explain every decision the other seats made this round
    (engine.families.climbing.bots.reading)."""

    def mend(self, world: ClimbState, rng: random.Random) -> tuple[ClimbState, int]:
        """``world`` mended, and what mending it cost, in simulated moves."""
        ...


Reads = Callable[[ClimbObservation, ClimbState, Mapping[int, Sequence[Card]]], Mender | None]
"""The mender of an observation's worlds, from any world it allows and the cards the seat
knows are in other hands (those it gave); None where the model cannot read the round."""


@dataclass(frozen=True, slots=True)
class Model:
    """How the search assumes every seat plays: its choice (the candidates come from it),
    whether it would pass (sampled worlds must explain passes), a round played out with
    it, and, where it can, a reading of the round that mends worlds to explain every
    decision (then the passes are not weighed apart)."""

    policy: Policy
    would_pass: WouldPass
    playout: Playout
    reads: Reads | None = None


def policy_model(policy: Policy) -> Model:
    """The model of a policy, through the engine's moves."""

    def would_pass(world: ClimbState, seat: int, cards: Sequence[Card], top: Play,
                   revolution: bool, fewest: int) -> bool:
        rules = world.rules
        hand = sort_cards(rules, cards)
        then = evolve(world, hands=(*world.hands[:seat], hand, *world.hands[seat + 1:]),
                      trick=(top,), revolution=revolution, to_act=seat)
        moves = [*rules.legal_plays(then, seat), Pass(seat)]
        return isinstance(policy(rules, hand, revolution, top, fewest, moves), Pass)

    def playout(state: ClimbState, seat: int) -> tuple[float, int]:
        return rollout(state, seat, policy)

    return Model(policy, would_pass, playout)


def fewest_cards(hand_sizes: Sequence[int], seat: int) -> int:
    """The fewest cards any other player still in the round holds (99 when none is)."""
    return min((n for s, n in enumerate(hand_sizes) if s != seat and n), default=99)


PASSES_WEIGHED = 16
SAMPLING_TRIES = 8
MEND_FROM = 6000
"""The smallest budget (simulated moves) whose worlds are mended to explain the round
throughout, where the model reads it: mending costs about as much as the playouts, and below
this the worlds left early in a round are too few (Tycoon's Hard against three ``normal-v1``
placed alike with and without it at 5% and 10% of its budget, and 0.06 better at 25%;
docs/BOTS.md)."""
MEND_LATE = 5
"""With a smaller budget, worlds are mended once the hands hold this many cards a player or
fewer: the round's decisions then tell most about the few cards left, and its playouts are
short, so worlds enough are left (Tycoon's Hard at 5% of its budget placed 2.056 against
2.116 unmended, at 10% 2.007 against 2.064; docs/BOTS.md)."""


def late_in_round(observation: ClimbObservation) -> bool:
    """Whether the hands hold ``MEND_LATE`` cards a player or fewer."""
    return sum(observation.hand_sizes) <= MEND_LATE * observation.players


def sample_world(observation: ClimbObservation, rng: random.Random,
                 model: Model | None = None, tries: int = SAMPLING_TRIES) -> ClimbState:
    """A full state that agrees with everything ``observation`` shows.

    Passes tell something too: a player who passed most likely had nothing
    worth playing then. With a ``model`` of how players choose, a world in
    which it would have played instead is dealt again, up to ``tries`` times;
    then the world that fits the passes best is kept.
    """
    return _Sampler(observation).sample(rng, model, tries)[0]


def unseen_cards(observation: ClimbObservation) -> list[Card]:
    """The cards still out as the seat counts them: the deck less its hand and every card
    played this round (in the others' hands, or set aside)."""
    played = Counter(c for e in observation.events
                     if isinstance(e, Play) or (isinstance(e, Transfer)
                                                and e.receiver == DISCARD_PILE)
                     for c in e.cards)
    return list((Counter(observation.rules.deck()) - Counter(observation.hand)
                 - played).elements())


def unexplained_passes(world: ClimbState, observation: ClimbObservation, model: Model
                        ) -> tuple[int, int]:
    """How many of the round's last passes ``model`` would not have made in ``world``, and
    how many it weighed."""
    return _Sampler(observation).unexplained_passes(world, model)


class PassToExplain(NamedTuple):
    """A pass to explain: who passed, the cards they have played since, the play they
    passed on, whether a revolution was on, and the fewest cards another player held."""

    seat: int
    since: tuple[Card, ...]
    top: Play
    revolution: bool
    fewest: int


class _Sampler:
    """Worlds for one observation: what the observation tells is worked out once, since a
    search samples hundreds of worlds from it."""

    def __init__(self, observation: ClimbObservation) -> None:
        self.observation = observation
        self._read: Model | None = None
        self._mender: Mender | None = None
        me, rules, events = observation.seat, observation.rules, observation.events
        # Cards this seat gave in an exchange are in the receiver's hand until played.
        known: dict[int, list[Card]] = {}
        for event in events:
            if isinstance(event, Transfer) and event.giver == me:
                known.setdefault(event.receiver, []).extend(event.cards)
        for seat, cards in known.items():
            shown = Counter(c for e in events
                            if isinstance(e, Play) and e.seat == seat for c in e.cards)
            known[seat] = list((Counter(cards) - shown).elements())
        self.known = known
        pool = Counter(unseen_cards(observation))
        pool -= Counter(c for cards in known.values() for c in cards)
        self.pool = sort_cards(rules, pool.elements())
        # The passes worth explaining: each answers the latest play before it (a trick's
        # first move is a play), with the order of ranks then.
        answered: list[tuple[int, int, Play, bool]] = []  # event index, seat, top, revolution
        top: Play | None = None
        revolution = False  # every round starts without one
        for index, event in enumerate(events):
            if isinstance(event, Play):
                revolution ^= rules.effect(event, top, revolution).revolution
                top = event
            elif isinstance(event, Pass) and event.seat != me and top is not None:
                answered.append((index, event.seat, top, revolution))
        # The passer's hand then was its hand now and the cards it has played since; the
        # hand sizes then tell who was about to go out. Neither depends on the world.
        self.passes: list[PassToExplain] = []
        since: list[list[Card]] = [[] for _ in range(observation.players)]
        sizes = list(observation.hand_sizes)
        walked = len(events)
        for index, seat, top, revolution in reversed(answered[-PASSES_WEIGHED:]):
            for later in events[index + 1:walked]:
                if isinstance(later, Play):
                    since[later.seat].extend(later.cards)
                    sizes[later.seat] += len(later.cards)
            walked = index + 1
            self.passes.append(PassToExplain(seat, tuple(since[seat]), top, revolution,
                                     fewest_cards(sizes, seat)))

    def sample(self, rng: random.Random, model: Model | None, tries: int, mend: bool = False
               ) -> tuple[ClimbState, int]:
        """``sample_world``'s world, and what sampling it cost, in moves: the passes weighed,
        or, to ``mend`` it where the model reads the round, what mending it cost."""
        mender = self.mender(model) if mend else None
        if mender is not None:
            return mender.mend(self.deal(rng), rng)
        best: tuple[int, ClimbState] | None = None
        weighed = 0
        for _ in range(tries if model is not None else 1):
            world = self.deal(rng)
            if model is None:
                return world, 0
            misfits, checked = self.unexplained_passes(
                world, model, enough=best[0] if best is not None else None)
            weighed += checked
            if not misfits:
                return world, weighed
            if best is None or misfits < best[0]:
                best = (misfits, world)
        assert best is not None
        return best[1], weighed

    def mender(self, model: Model | None) -> Mender | None:
        """The model's reading of this observation's round (once), or None."""
        if model is None or model.reads is None:
            return None
        if self._read is not model:
            # Any world the observation allows serves to replay the round: a fixed one.
            self._read, self._mender = model, model.reads(
                self.observation, self.deal(random.Random(0)), self.known)
        return self._mender

    def unexplained_passes(self, world: ClimbState, model: Model, enough: int | None = None
                           ) -> tuple[int, int]:
        """How many of the round's last ``PASSES_WEIGHED`` passes ``model`` would not have
        made in ``world`` (counting stops at ``enough``), and how many it weighed.

        The latest passes say the most about the hands now, and weighing them
        all would cost more than the rollouts late in a round.
        """
        misfits = weighed = 0
        hands = world.hands
        for seat, since, top, revolution, fewest in self.passes:  # the latest first
            weighed += 1
            misfits += not model.would_pass(world, seat, hands[seat] + since, top, revolution,
                                            fewest)
            if misfits == enough:
                break
        return misfits, weighed

    def deal(self, rng: random.Random) -> ClimbState:
        """A full state that agrees with every card the observation shows."""
        observation, rules = self.observation, self.observation.rules
        unseen = shuffled(rng, self.pool)
        hands: list[tuple[Card, ...]] = []
        for seat in range(observation.players):
            if seat == observation.seat:
                hands.append(observation.hand)
                continue
            mine = self.known.get(seat, [])[:observation.hand_sizes[seat]]
            draw = observation.hand_sizes[seat] - len(mine)
            hands.append(sort_cards(rules, [*mine, *unseen[:draw]]))
            unseen = unseen[draw:]
        # Only the seat's own hand is known as it was dealt; the others' orders are not.
        dealt = tuple(observation.dealt if seat == observation.seat else ()
                      for seat in range(observation.players))
        return ClimbState(
            rules=rules, players=observation.players, seed=0, round_no=observation.round_no,
            phase=observation.phase, hands=tuple(hands), dealt=dealt, to_act=observation.actor,
            trick=observation.trick, passed=observation.passed,
            revolution=observation.revolution, back=observation.back, lock=observation.lock,
            anticlockwise=observation.anticlockwise, out=observation.out,
            fouled=observation.fouled,
            bankrupt=observation.bankrupt, owed=observation.owed, sticks=observation.sticks,
            discards=tuple(unseen), events=observation.events, places=observation.places,
            scores=observation.scores)


def policy_step(state: ClimbState, policy: Policy) -> ClimbState:
    """The state after the seat to act moves as ``policy`` chooses."""
    actor = state.actor
    assert actor is not None
    sizes = [len(hand) for hand in state.hands]
    return apply(state, policy(state.rules, state.hands[actor], state.revolution, state.top,
                               fewest_cards(sizes, actor), legal_actions(state, actor)))


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
        state = policy_step(state, policy)
    if seat in state.out:
        place = state.finished().index(seat)
        if seat in state.fouled:  # below everyone still in but a bankrupt
            place += state.players - len(state.out) - (state.bankrupt is not None)
    elif state.bankrupt == seat:
        place = state.players - 1
    else:
        place = state.places[-1].index(seat)
    return 1 - place / (state.players - 1), moved


def candidates(observation: ClimbObservation, most: int, policy: Policy,
               first: Action | None = None, ranker: Policy | None = None) -> list[Action]:
    """The moves worth searching: all of them, or ``first`` (where given, else the policy's
    favourite), the policy's next favourites, and a pass. With a ``ranker`` (for a small
    budget's few candidates), the favourites after the first are the ranker's, and where no
    pass is legal (a lead) one more takes the pass's place."""
    legal = list(observation.legal)
    if len(legal) <= most:
        return legal
    chosen: list[Action] = [] if first is None else [first]
    rest = [a for a in legal if a != first]
    passes = [a for a in legal if isinstance(a, Pass)]
    fewest = fewest_cards(observation.hand_sizes, observation.seat)
    favourites = most - 1 if ranker is None else most - len(passes)
    while rest and len(chosen) < favourites:
        chooser = policy if not chosen or ranker is None else ranker
        pick = chooser(observation.rules, observation.hand, observation.revolution,
                       observation.top, fewest, rest)
        chosen.append(pick)
        rest = [a for a in rest if a != pick]
    return [*chosen, *(a for a in passes if a not in chosen)]


def search(observation: ClimbObservation, rng: random.Random, budget: int, model: Model,
           most: int = 8, first: Action | None = None, ranker: Policy | None = None
           ) -> tuple[Action, dict[Action, Fared]]:
    """The move with the best mean rollout result, and how the moves last compared fared
    (their means, and the places they led to in the same worlds).

    ``model`` is how every seat is assumed to play; ``first``, where given, is
    among the candidates whatever the model's favourites; ``ranker``, where given, picks
    the candidates after the first (``candidates``). ``budget`` counts the
    moves of its playouts, and the passes (or decisions) weighed in sampling worlds. Moves,
    not the clock, bound the search, so the choice depends only on the seed,
    and they track its time closely.
    Successive halving spends the budget well: every candidate is played out in
    a few worlds, the worse half is dropped, and the rest are played out in
    further worlds, until two are left; each stage has an equal share. The
    moves compared at each stage have been played out in the same worlds.
    """
    moves = candidates(observation, most, model.policy, first, ranker)
    if len(moves) == 1 or observation.phase not in (Phase.PLAY, Phase.GIVE):
        return moves[0], {}
    sampler = _Sampler(observation)
    stages = max(1, (len(moves) - 1).bit_length())
    totals = dict.fromkeys(moves, 0.0)
    lowest = observation.players - 1
    places = {move: [0] * observation.players for move in moves}
    played = 0
    alive = moves
    mend = budget >= MEND_FROM or late_in_round(observation)
    while True:
        spent = 0
        while spent < budget // stages:
            world, spent_sampling = sampler.sample(rng, model, SAMPLING_TRIES, mend)
            spent += spent_sampling
            for move in alive:
                value, moved = model.playout(apply(world, move), observation.seat)
                totals[move] += value
                # A playout's value is 1 - place / lowest, so this is its place exactly.
                places[move][round((1 - value) * lowest)] += 1
                spent += moved
            played += 1
        means = {move: totals[move] / played for move in alive}
        if len(alive) <= 2:
            break
        alive = sorted(alive, key=lambda m: -means[m])[:(len(alive) + 1) // 2]
    fared = {move: Fared(means[move], tuple(places[move])) for move in alive}
    return max(alive, key=lambda m: means[m]), fared
