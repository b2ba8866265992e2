"""Quick playouts for Hard's search in Matchstick Tycoon: a round played out with Normal's
judgement for every seat, on counts of faces instead of cards.

Through the engine a Matchstick move costs about 190 µs: ``legal_plays`` lists every
multiset of cards that can act as every value the matchsticks pay for, and Normal judges
each. Here a hand is how many cards of each face it holds, and Normal's choice is found
without listing the plays: its rules of thumb (``policies.normal_v1_move``) prefer a
set used whole, then the weakest value, then the most cards, so the values are tried
weakest first and, for each, the first multiset in the engine's order that qualifies
(``_first``): the engine's order is a depth-first walk over the faces that fit, cheapest
first, so the same walk, pruned to the qualifying sets, meets the same play first.

It is a second copy of those rules, kept because it is about twenty times faster, and
fenced like Tycoon's (engine.families.climbing.bots.playout): ``matchstick_counts`` states the
options it models (``MATCHSTICK_OPTIONS``) and gives None for any other, which the search
then plays out through the engine. ``stick_playout(game, state, seat)`` is exactly
``search.rollout(state, seat, normal_move)``, and ``stick_would_pass`` Normal's pass
(tests/test_matchstick_playout.py checks both, move for move).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.core.actions import Play
from engine.core.cards import Card
from engine.families.climbing.bots.counts import NO_SEAT
from engine.families.climbing.bots.playout import ANY, TrickTurns, modelled
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT, deck_average, normal_move
from engine.families.climbing.bots.search import Model, rollout
from engine.families.climbing.rules.matchstick import (
    EXPANSION_FACES,
    FACES,
    MAX_PLAY,
    VALUES,
    Face,
    MatchstickRules,
    StickPlay,
    as_cards,
    cost,
    fit,
)
from engine.families.climbing.rules.state import ClimbState, Phase

__all__ = ["MATCHSTICK_OPTIONS", "StickGame", "matchstick_counts", "matchstick_model",
           "stick_choice", "stick_playout", "stick_would_pass"]

MATCHSTICK_OPTIONS: Mapping[str, tuple[Any, ...] | None] = {"expansion": (0, 2, 4),
                                                            "rounds": ANY}
"""The options (and their values) the playouts model."""

# How a play may use the faces it takes: any copies of them; only all of each (it splits
# no set); or none held four times (a play of fewer than four keeps those whole).
ANY_COPIES, WHOLE, KEEP_FOURS = 0, 1, 2

Takes = tuple[tuple[int, int], ...]
"""The cards of a play: (face index, copies) pairs, in the engine's order."""
StickSet = tuple[int, Takes]
"""A play: the value index its cards act as, and its cards."""


@dataclass(frozen=True, slots=True)
class StickGame:
    """The rules a playout in counts plays by."""

    slots: dict[Card, int]  # each card's face index (weakest 0)
    strengths: tuple[int, ...]  # each face's value index: its strength without a revolution
    values: int  # how many values a play may act as
    # For each value, the faces that can act as it: (face index, matchsticks), cheapest
    # first, then weakest, as the engine lists them.
    makers: tuple[tuple[tuple[int, int], ...], ...]
    costs: tuple[tuple[int, ...], ...]  # costs[face][value]; -1 where it cannot fit
    averages: tuple[float, float]  # the deck's mean strength without and with a revolution

    @property
    def size(self) -> int:
        """A hand's index of its number of cards (after one count per face)."""
        return len(self.strengths)


def matchstick_counts(rules: MatchstickRules) -> StickGame | None:
    """Matchstick Tycoon's rules for playouts in counts; None for options it does not
    model."""
    if not modelled(rules, MATCHSTICK_OPTIONS):
        return None
    faces = FACES + (EXPANSION_FACES if rules.expansion else "")
    values = rules.values
    costs = tuple(tuple(-1 if fit(face, value) is None else cost(face, value)
                        for value in values) for face in faces)
    makers = tuple(tuple(sorted(((f, costs[f][v]) for f in range(len(faces))
                                 if costs[f][v] >= 0), key=lambda m: (m[1], m[0])))
                   for v in range(len(values)))
    cards = as_cards([Face(face) for face in faces])
    return StickGame({card: f for f, card in enumerate(cards)},
                     tuple(VALUES.index(face) for face in faces), len(values), makers, costs,
                     (deck_average(rules, False), deck_average(rules, True)))


# By identity, as bots' models are (hashing a rules dataclass costs more than a move); the
# rules are kept in the entry, so an id is not reused while it is cached.
_MODELS: dict[int, tuple[MatchstickRules, Model | None]] = {}


def matchstick_model(rules: MatchstickRules) -> Model | None:
    """Normal as Hard's search assumes every seat plays, in these playouts; None for
    options they do not model."""
    known = _MODELS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    game = matchstick_counts(rules)
    model = None if game is None else Model(normal_move, partial(stick_would_pass, game),
                                             partial(stick_playout, game))
    _MODELS[id(rules)] = (rules, model)
    return model


def count_hand(game: StickGame, cards: Sequence[Card]) -> list[int]:
    """A hand in counts: how many cards of each face, then how many in all."""
    hand = [0] * (game.size + 1)
    for card in cards:
        hand[game.slots[card]] += 1
    hand[-1] = len(cards)
    return hand


Options = list[tuple[int, int, int]]
"""The faces of a hand that can act as a value: (face index, matchsticks, copies held), in
the engine's order."""


def _options(game: StickGame, value: int, hand: list[int], how: int) -> Options:
    """The faces of ``hand`` a play acting as ``value`` may take: any, or where ``how`` is
    ``KEEP_FOURS`` none held four times."""
    if how == KEEP_FOURS:
        return [(f, price, hand[f]) for f, price in game.makers[value]
                if hand[f] and hand[f] != 4]
    return [(f, price, hand[f]) for f, price in game.makers[value] if hand[f]]


def _first(options: Options, start: int, left: int, budget: int, whole: bool
           ) -> Takes | None:
    """The first multiset of ``left`` cards from ``options[start:]`` that ``budget``
    matchsticks pay for, in the engine's order (``matchstick._multisets``: a depth-first
    walk, the fewest copies of a face first), taking all copies of each face where
    ``whole``; None if there is none."""
    for i in range(start, len(options)):
        face, price, copies = options[i]
        if price > budget:
            return None  # the options are cheapest first
        for take in ((copies,) if whole else range(1, copies + 1)):
            if take > left or price * take > budget:
                break
            if take == left:
                return ((face, take),)
            rest = _first(options, i + 1, left - take, budget - price * take, whole)
            if rest is not None:
                return ((face, take), *rest)
    return None


def _search(game: StickGame, hand: list[int], sticks: int, values: Sequence[int],
            sizes: Sequence[int], how: int) -> StickSet | None:
    """The first play, the weakest value first, then the most cards (of ``sizes``, largest
    first), that ``how`` allows; None if there is none."""
    whole = how == WHOLE
    for value in values:
        every = _options(game, value, hand, ANY_COPIES)
        if not every:
            continue
        # Normal's rule of thumb spares a four of a face only from plays of fewer cards.
        kept = _options(game, value, hand, how) if how == KEEP_FOURS else every
        for size in sizes:
            options = every if size >= 4 else kept
            found = _first(options, 0, size, sticks, whole)
            if found is not None:
                return value, found
    return None


def _weakest_first(game: StickGame, revolution: bool) -> range:
    return range(game.values - 1, -1, -1) if revolution else range(game.values)


def stick_choice(game: StickGame, hand: list[int], sticks: int, top_value: int,
                 top_size: int, revolution: bool, fewest: int) -> StickSet | None:
    """``policies.normal_move`` in counts, for a seat holding cards: the play Normal makes
    holding ``hand`` and ``sticks`` matchsticks, answering ``top_size`` cards acting as
    ``top_value`` (``top_size`` 0 to lead), or None to pass."""
    order = _weakest_first(game, revolution)
    values = order if not top_size else order[order.index(top_value) + 1:]
    sizes = (top_size,) if top_size else tuple(range(MAX_PLAY, 0, -1))
    held = hand[-1]
    if top_size in (0, MAX_PLAY):
        # A revolution (five cards): made when the rest of the hand is weak; a strong
        # hand of more than four cards keeps it.
        revolt = _search(game, hand, sticks, values, (MAX_PLAY,), ANY_COPIES)
        if revolt is not None:
            if _weaker_than_average(game, hand, revolt[1], revolution):
                return revolt
            if held > 4:
                sizes = tuple(n for n in sizes if n != MAX_PLAY)
    # Greedy's play: one that splits no set if any, the weakest value, then the most
    # cards; else the same among plays that keep every four of a face whole (any play,
    # in the endgame).
    move = (_search(game, hand, sticks, values, sizes, WHOLE)
            or _search(game, hand, sticks, values, sizes, ANY_COPIES if held <= 4
                       else KEEP_FOURS))
    if move is None:
        if not top_size:
            move = _search(game, hand, sticks, values, sizes, ANY_COPIES)
        elif fewest <= ABOUT_TO_GO_OUT:  # stop a player about to go out
            return _search(game, hand, sticks, values, (top_size,), ANY_COPIES)
        else:
            return None
    assert move is not None
    return _costliest(game, move[1], sticks, values)


def _costliest(game: StickGame, takes: Takes, sticks: int, values: Sequence[int]
               ) -> StickSet:
    """The same cards as the value that costs the most matchsticks (then the weakest):
    they must all go before a player is out."""
    best, best_cost = -1, -1
    for value in values:
        price = 0
        for face, copies in takes:
            each = game.costs[face][value]
            if each < 0:
                break
            price += each * copies
        else:
            if best_cost < price <= sticks:
                best, best_cost = value, price
    return best, takes


def _weaker_than_average(game: StickGame, hand: list[int], play: Takes, revolution: bool
                         ) -> bool:
    """``policies.weaker_than_average`` of the hand without ``play``."""
    left = hand[:-1]
    for face, copies in play:
        left[face] -= copies
    cards = sum(left)
    if not cards:
        return False
    total = sum(n * s for n, s in zip(left, game.strengths, strict=True))
    return (-total if revolution else total) / cards < game.averages[revolution]


def _top(top: Play | None) -> tuple[int, int]:
    """The play to beat: its value index and size (0, 0 when leading)."""
    if top is None:
        return 0, 0
    assert isinstance(top, StickPlay)
    return VALUES.index(top.value), len(top.cards)


def stick_would_pass(game: StickGame, world: ClimbState, seat: int, cards: Sequence[Card],
                     top: Play, revolution: bool, fewest: int) -> bool:
    """Whether Normal holding ``cards`` (and the matchsticks it holds in ``world``) would
    pass rather than answer ``top``."""
    value, size = _top(top)
    return stick_choice(game, count_hand(game, cards), world.sticks[seat], value, size,
                        revolution, fewest) is None


def stick_playout(game: StickGame, state: ClimbState, seat: int) -> tuple[float, int]:
    """``rollout(state, seat, normal_move)``: how well ``seat`` did (1 best, 0 worst) when
    every seat plays the round out with Normal's judgement, and in how many moves."""
    if state.phase is not Phase.PLAY or seat in state.out:
        return rollout(state, seat, normal_move)
    return _Round(game, state).play_out(seat)


class _Round(TrickTurns):
    """A round in counts, from a state in play, played on with Normal's judgement."""

    __slots__ = ("game", "hands", "places", "sticks", "top_size", "top_value")

    def __init__(self, game: StickGame, state: ClimbState) -> None:
        super().__init__(state)
        self.game = game
        self.hands = [count_hand(game, hand) for hand in state.hands]
        self.sticks = list(state.sticks)
        self.top_value, self.top_size = _top(state.top)
        self.places: list[int] | None = None

    def play_out(self, seat: int) -> tuple[float, int]:
        """Play on until ``seat``'s place is known: how well it did, in how many moves."""
        moved = 0
        game, hands, sticks = self.game, self.hands, self.sticks
        while self.places is None and seat not in self.out:
            moved += 1
            actor = self.to_act
            hand = hands[actor]
            if not hand[-1]:
                self._discard(actor)
                continue
            fewest = 99
            for other, held in enumerate(hands):
                if other != actor and 0 < held[-1] < fewest:
                    fewest = held[-1]
            play = stick_choice(game, hand, sticks[actor], self.top_value, self.top_size,
                                self.revolution, fewest)
            if play is None:
                sticks[actor] += 1
                self._pass(actor)
            else:
                self._play(actor, play)
        if seat in self.out:
            place = self.out.index(seat)
        else:
            assert self.places is not None
            place = self.places.index(seat)
        return 1 - place / (self.players - 1), moved

    def _in_round(self, seat: int) -> bool:
        return bool(self.hands[seat][-1] or self.sticks[seat])

    def _clear_top(self) -> None:
        self.top_value = self.top_size = 0

    def _discard(self, seat: int) -> None:
        """A matchstick discarded by a seat with no cards: out with the last of them."""
        self.sticks[seat] -= 1
        if not self.sticks[seat]:
            self.out.append(seat)
            if self._finished():
                return
        if self.top_size:
            self._pass(seat)
        else:  # a leader with only matchsticks: the next seat leads
            self.to_act = self._next_seat(seat, False)

    def _play(self, seat: int, play: StickSet) -> None:
        value, takes = play
        hand, costs = self.hands[seat], self.game.costs
        size = 0
        for face, copies in takes:
            hand[face] -= copies
            size += copies
            self.sticks[seat] -= costs[face][value] * copies
        hand[-1] -= size
        self.top_value, self.top_size, self.top_seat = value, size, seat
        self.passed = 0
        if size == MAX_PLAY:
            self.revolution = not self.revolution
        if self._in_round(seat):
            following = self._next_seat(seat, True)
            if following != NO_SEAT:
                self.to_act = following
            else:
                self._clear_trick(seat)
            return
        self.out.append(seat)
        if self._finished():
            return
        following = self._next_seat(seat, True)
        if following == NO_SEAT:
            self._clear_trick(seat)
        else:
            self.to_act = following

    def _finished(self) -> bool:
        """Whether one player or none is left; then the round's places are set."""
        remaining = [s for s in range(self.players) if self._in_round(s)]
        if len(remaining) > 1:
            return False
        self.places = [*self.out, *remaining]
        return True
