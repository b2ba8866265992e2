"""Quick playouts for Hard's search: a round of Tycoon or President played out with
Normal's judgement, or the learned policy's, for every seat, on counts of cards instead
of cards (engine.families.climbing.bots.counts).

Hard's strength is bought with simulations (docs/BOTS.md), and the engine's
``apply`` and ``legal_actions``, with ``normal_move`` judging every legal set,
cost about 30 µs a move. In these two games a card's suit never matters in
play but for Tycoon's low Spade, and Normal always plays the first cards of a
rank in hand order, where the Spade comes last. So a hand here is how many
cards of each rank it holds, its Jokers, and whether it holds the low Spade;
a play is a rank, a number of natural cards and a number of Jokers; and
Normal's choice is made over those, in the order the engine lists the sets.

It is a second copy of those rules, kept because it is ten times faster, and
fenced: ``tycoon_counts`` and ``president_counts`` state the options and values
they model (``TYCOON_OPTIONS``, ``PRESIDENT_OPTIONS``), and give None for any
other rules, which the search then plays out through the engine.
``normal_playout(game, state, seat)`` is exactly ``search.rollout(state, seat,
normal_move)`` (tests/test_playout.py checks it over every preset and every
modelled option value, and that every option of these games is declared): the
same moves, the same result; ``learned_playout`` is ``rollout`` with the learned
policy, whatever its weights (tests/test_learned_playout.py). The exchange before a
round's first play goes through the engine.
"""

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from engine.core.actions import Play
from engine.core.cards import JOKER, Card
from engine.families.climbing.bots.counts import (
    JOKERS,
    JOKERS_ONLY,
    NO_LUCKY_RANK,
    NO_SEAT,
    RANKS,
    SIZE,
    SPADE,
    CountsGame,
    Hand,
    Set,
    count_hand,
    hard_choice,
    normal_choice,
    normal_gift,
    top_of,
)
from engine.families.climbing.bots.counts_learned import learned_choice, learned_gift
from engine.families.climbing.bots.house_tactics import CUTS
from engine.families.climbing.bots.learned import LearnedPolicy, scaled, strength_scale
from engine.families.climbing.bots.policies import deck_average, normal_move
from engine.families.climbing.bots.search import Policy, policy_step, rollout
from engine.families.climbing.rules.president import PresidentRules
from engine.families.climbing.rules.state import ClimbingRules, ClimbState, Phase
from engine.families.climbing.rules.tycoon import TycoonRules

__all__ = [
    "ANY",
    "MODELLED",
    "PRESIDENT_OPTIONS",
    "TYCOON_OPTIONS",
    "Choose",
    "Gift",
    "Own",
    "TrickTurns",
    "hard_playout",
    "learned_playout",
    "learned_would_pass",
    "modelled",
    "normal_playout",
    "normal_would_pass",
    "president_counts",
    "tycoon_counts",
]


ANY = None
"""An option whose every value plays a round alike (how many rounds a game has)."""

TYCOON_OPTIONS: Mapping[str, tuple[Any, ...] | None] = {
    "jokers": (0, 2), "order": ("standard", "p5r"), "bankruptcy": (False, True), "rounds": ANY,
    "cut": ("seed", "7", "8", "none"),
    # The house rules are played out through the engine.
    "sequences": (False,), "sequence_revolution": (False,), "lock": (False,),
    "eleven_back": (False,), "five_skip": (False,), "nine_reverse": (False,),
    "seven_pass": (False,), "ten_discard": (False,), "forbidden_finish": (False,),
    "fives": (False,), "all_pass": (False,), "lead": ("heart",),
    "points_from_one": ANY,
    "joker_past_ends": ANY}  # (it shapes sequences only, which are played out as above)
PRESIDENT_OPTIONS: Mapping[str, tuple[Any, ...] | None] = {
    "skip": (False, True), "cut": ("none", "8"), "lock": (False,), "eleven_back": (False,)}
MODELLED: Mapping[type, Mapping[str, tuple[Any, ...] | None]] = {
    TycoonRules: TYCOON_OPTIONS, PresidentRules: PRESIDENT_OPTIONS}
"""The options (and their values) the playouts model, for each rules type they play."""



def modelled(rules: ClimbingRules, declared: Mapping[str, tuple[Any, ...] | None]) -> bool:
    """Whether every option of ``rules`` is one a playout models (``declared``), at a
    modelled value."""
    options = rules.options()
    return options.keys() == declared.keys() and all(
        values is ANY or any(options[name] == v and type(options[name]) is type(v)
                             for v in values)
        for name, values in declared.items())


def _game(rules: TycoonRules | PresidentRules, wild_jokers: bool, low_spade: Card | None,
          lucky: int, lucky_tactics: bool, skip: bool, bankruptcy: bool) -> CountsGame:
    slots = {card: JOKERS if card == JOKER else rules.ranks.index(card.rank)
             for card in rules.deck()}
    return CountsGame(slots, wild_jokers, low_spade, lucky, lucky_tactics, skip, bankruptcy,
                      (deck_average(rules, False), deck_average(rules, True)),
                      (_scaled(rules, slots, False), _scaled(rules, slots, True)))


def _scaled(rules: ClimbingRules, slots: dict[Card, int], revolution: bool
            ) -> tuple[float, ...]:
    """Each rank's strength as the learned policy's features scale it."""
    scale = strength_scale(rules, revolution)
    strengths = {slot: rules.card_strength(card, revolution) for card, slot in slots.items()
                 if card != JOKER}
    return tuple(scaled(strengths[rank], scale) for rank in range(RANKS))


def tycoon_counts(rules: TycoonRules) -> CountsGame | None:
    """Tycoon's rules for playouts in counts; None for options it does not model."""
    if not modelled(rules, TYCOON_OPTIONS):
        return None
    lucky = rules.lucky_rank
    return _game(rules, wild_jokers=True, low_spade=rules.low_spade,
                 lucky=NO_LUCKY_RANK if lucky is None else rules.ranks.index(lucky),
                 lucky_tactics=rules.cut in CUTS, skip=False, bankruptcy=rules.bankruptcy)


def president_counts(rules: PresidentRules) -> CountsGame | None:
    """President's rules for playouts in counts; None for options it does not model."""
    if not modelled(rules, PRESIDENT_OPTIONS):
        return None
    lucky = rules.lucky_rank
    return _game(rules, wild_jokers=False, low_spade=None,
                 lucky=NO_LUCKY_RANK if lucky is None else rules.ranks.index(lucky),
                 lucky_tactics=lucky is not None, skip=rules.skip, bankruptcy=False)


def normal_playout(game: CountsGame, state: ClimbState, seat: int) -> tuple[float, int]:
    """``rollout(state, seat, normal_move)``: how well ``seat`` did (1 best, 0 worst) when
    every seat plays the round out with Normal's judgement, and in how many moves."""
    return _play_out(game, state, seat, normal_move, partial(normal_choice, game),
                     normal_gift)


def hard_playout(game: CountsGame, state: ClimbState, seat: int) -> tuple[float, int]:
    """How well ``seat`` did when it plays the round out as Hard plays its own side
    (``counts.hard_choice``: Normal's judgement, and a finish the cards still out show)
    and every other seat with Normal's judgement, and in how many moves."""
    return _play_out(game, state, seat, normal_move, partial(normal_choice, game),
                     normal_gift, partial(hard_choice, game))


def normal_would_pass(game: CountsGame, world: ClimbState, seat: int, cards: Sequence[Card],
                      top: Play, revolution: bool, fewest: int) -> bool:
    """Whether Normal holding ``cards`` would pass rather than answer ``top``."""
    top_rank, size = top_of(game, top)
    return normal_choice(game, count_hand(game, cards), top_rank, size, revolution, fewest) is None


def learned_playout(game: CountsGame, policy: LearnedPolicy, state: ClimbState, seat: int
                    ) -> tuple[float, int]:
    """``rollout(state, seat, policy)``: the round played out by the learned policy for
    every seat."""
    return _play_out(game, state, seat, policy, partial(learned_choice, game, policy.weights),
                     partial(learned_gift, game, policy.weights))


def learned_would_pass(game: CountsGame, policy: LearnedPolicy, world: ClimbState, seat: int,
                       cards: Sequence[Card], top: Play, revolution: bool, fewest: int) -> bool:
    """Whether the learned policy holding ``cards`` would pass rather than answer ``top``."""
    top_rank, size = top_of(game, top)
    return learned_choice(game, policy.weights, count_hand(game, cards), top_rank, size,
                          revolution, fewest) is None


Choose = Callable[[Hand, int, int, bool, int], Set | None]
"""A choice in counts, from a hand, the play to beat (its rank and size; size 0 to lead),
the revolution and the fewest cards another player holds: a set, or None to pass."""

Own = Callable[[Sequence[Hand], int, int, int, bool, int], Set | None]
"""The playing seat's own choice in counts: a ``Choose`` from every hand and the seat's
(counting the cards still out from the others' hands, as the cards played tell them)."""

Gift = Callable[[Hand, bool], int]
"""A gift of one card in counts, from a hand, with or without a revolution: its rank, or
``JOKERS_ONLY`` for a Joker."""


def _play_out(game: CountsGame, state: ClimbState, seat: int, policy: Policy, choose: Choose,
              give: Gift, own: Own | None = None) -> tuple[float, int]:
    """The round played out by ``policy``, in counts (``choose``, and ``own`` for
    ``seat``'s own moves where given) once the cards are played: the exchange's gives
    (few, and the cards matter) and a bankruptcy gift go through the engine."""
    moved = 0
    while state.phase is Phase.GIVE and seat not in state.out and state.bankrupt != seat:
        state = policy_step(state, policy)
        moved += 1
    if state.phase is not Phase.PLAY or seat in state.out or state.bankrupt == seat:
        value, more = rollout(state, seat, policy)
        return value, moved + more
    value, more = _Round(game, state, choose, give).play_out(seat, own)
    return value, moved + more


class TrickTurns:
    """The turns of a round played in counts (``_Round`` here, and Matchstick Tycoon's):
    who acts, the seats out and still in, the revolution, a pass, and the trick cleared
    once every other seat still in has passed since its last play (``passed``, a bit a
    seat)."""

    __slots__ = ("out", "passed", "players", "revolution", "to_act", "top_seat")

    def __init__(self, state: ClimbState) -> None:
        self.players = state.players
        assert state.to_act is not None
        self.to_act: int = state.to_act
        self.top_seat = NO_SEAT if state.top is None else state.top.seat
        self.passed = sum(1 << s for s in state.passed)
        self.revolution = state.revolution
        self.out = list(state.out)

    def _in_round(self, seat: int) -> bool:
        raise NotImplementedError

    def _clear_top(self) -> None:
        """Forget the play to beat."""
        raise NotImplementedError

    def _next_seat(self, seat: int, skip_passed: bool) -> int:
        passed, players = self.passed, self.players
        for k in range(1, players):
            s = (seat + k) % players
            if self._in_round(s) and not (skip_passed and passed >> s & 1):
                return s
        return NO_SEAT

    def _clear_trick(self, last: int) -> None:
        """The trick won: its last player leads, or the next seat if that player is out."""
        self.to_act = last if self._in_round(last) else self._next_seat(last, False)
        self._clear_top()
        self.top_seat, self.passed = NO_SEAT, 0

    def _pass(self, seat: int) -> None:
        self.passed |= 1 << seat
        following = self._next_seat(seat, True)
        if following == NO_SEAT or following == self.top_seat:
            self._clear_trick(self.top_seat)
        else:
            self.to_act = following


class _Round(TrickTurns):
    """A round in counts, from a state in play, played on as ``choose`` chooses."""

    __slots__ = (
        "bankrupt",
        "bankrupt_tycoon",
        "choose",
        "game",
        "gift",
        "give",
        "hands",
        "places",
        "top_rank",
        "top_size",
        "tycoon",
    )

    def __init__(self, game: CountsGame, state: ClimbState, choose: Choose, give: Gift
                 ) -> None:
        super().__init__(state)
        self.game = game
        self.choose = choose
        self.give = give
        self.hands = [count_hand(game, hand) for hand in state.hands]
        self.top_rank, self.top_size = top_of(game, state.top)
        self.bankrupt = NO_SEAT if state.bankrupt is None else state.bankrupt
        last = state.last_places
        # The last round's Tycoon, while bankruptcy can still strike this round.
        self.tycoon = (last[0] if game.bankruptcy and last is not None and not state.out
                       else NO_SEAT)
        self.gift = NO_SEAT  # the seat owing Tycoon's 3-player bankruptcy gift
        self.bankrupt_tycoon = NO_SEAT  # who receives it
        self.places: list[int] | None = None

    def play_out(self, seat: int, own: Own | None = None) -> tuple[float, int]:
        """Play on until ``seat``'s place is known, its own moves chosen by ``own`` where
        given: how well it did (1 best, 0 worst), and in how many moves."""
        moved = 0
        hands, players = self.hands, self.players
        while self.places is None and seat not in self.out and self.bankrupt != seat:
            moved += 1
            if self.gift != NO_SEAT:
                self._give()
                continue
            actor = self.to_act
            fewest = 99
            for other, held in enumerate(hands):
                if other != actor and 0 < held[SIZE] < fewest:
                    fewest = held[SIZE]
            if own is not None and actor == seat:
                play = own(hands, seat, self.top_rank, self.top_size, self.revolution,
                           fewest)
            else:
                play = self.choose(hands[actor], self.top_rank, self.top_size,
                                   self.revolution, fewest)
            if play is None:
                self._pass(actor)
            else:
                self._play(actor, play)
        if seat in self.out:
            place = self.out.index(seat)
        elif self.bankrupt == seat:
            place = players - 1
        else:
            assert self.places is not None
            place = self.places.index(seat)
        return 1 - place / (players - 1), moved

    # ------------------------------------------------------------ moves

    def _next_seat(self, seat: int, skip_passed: bool) -> int:
        # TrickTurns' walk, with the seats still in read inline: it is the playouts' most
        # frequent call.
        hands, passed, players = self.hands, self.passed, self.players
        for k in range(1, players):
            s = (seat + k) % players
            if hands[s][SIZE] and not (skip_passed and passed >> s & 1):
                return s
        return NO_SEAT

    def _in_round(self, seat: int) -> bool:
        return bool(self.hands[seat][SIZE])

    def _clear_top(self) -> None:
        self.top_rank, self.top_size = JOKERS_ONLY, 0

    def _play(self, seat: int, play: Set) -> None:
        game, hand = self.game, self.hands[seat]
        rank, naturals, wild = play
        size = naturals + wild
        on_lone_joker = self.top_size == 1 and self.top_rank == JOKERS_ONLY
        # The lucky rank; the low Spade on a lone wild Joker; a trump Joker.
        wins = (rank == game.lucky or on_lone_joker
                or (rank == JOKERS_ONLY and not game.wild_jokers))
        skips = game.skip and self.top_size > 0 and rank == self.top_rank and not wins
        if rank != JOKERS_ONLY:
            # Spades come last in a rank, so the low Spade goes with all of its rank, or
            # alone on a lone Joker (the one play that beats it).
            if rank == 0 and hand[SPADE] and (naturals == hand[0] or on_lone_joker):
                hand[SPADE] = 0
            hand[rank] -= naturals
        hand[JOKERS] -= wild
        hand[SIZE] -= size
        self.top_rank, self.top_size, self.top_seat = rank, size, seat
        if size == 4:  # Jokers alone are never four
            self.revolution = not self.revolution
        if hand[SIZE]:
            following = NO_SEAT if wins else self._next_seat(seat, True)
            if following != NO_SEAT and skips:
                following = self._next_seat(following, True)
            if following != NO_SEAT and following != seat:
                self.to_act = following
            else:
                self._clear_trick(seat)
            return
        self.out.append(seat)
        self._after_going_out(seat)
        if self._finished():
            return
        following = NO_SEAT if wins else self._next_seat(seat, True)
        if following != NO_SEAT and skips:
            following = self._next_seat(following, True)
        if following == NO_SEAT:
            self._clear_trick(seat)
        else:
            self.to_act = following

    def _after_going_out(self, seat: int) -> None:
        """Tycoon's bankruptcy: the last Tycoon must go out first from the second round."""
        tycoon = self.tycoon
        if tycoon == NO_SEAT or len(self.out) != 1:
            return
        self.tycoon = NO_SEAT
        if seat == tycoon or not self.hands[tycoon][SIZE]:
            return
        if self.players == 3:
            self.gift = next(s for s in range(3) if s not in (seat, tycoon))
            self.bankrupt_tycoon = tycoon
            return
        self.hands[tycoon] = [0] * (SIZE + 1)
        self.bankrupt = tycoon

    def _give(self) -> None:
        """The 3-player bankruptcy gift to the Tycoon: one card, as ``give`` chooses."""
        giver, receiver = self.gift, self.bankrupt_tycoon
        self.gift = NO_SEAT
        hand, gets = self.hands[giver], self.hands[receiver]
        rank = self.give(hand, self.revolution)
        if rank == JOKERS_ONLY:
            hand[JOKERS] -= 1
            gets[JOKERS] += 1
        else:
            if rank == 0 and hand[SPADE] and hand[0] == 1:
                hand[SPADE], gets[SPADE] = 0, 1
            hand[rank] -= 1
            gets[rank] += 1
        hand[SIZE] -= 1
        gets[SIZE] += 1
        if hand[SIZE]:
            return
        self.out.append(giver)  # a gift of one's last card is going out
        if self._finished() or self.to_act != giver:
            return
        trick = self.top_size > 0
        following = self._next_seat(giver, trick)
        if trick and following in (NO_SEAT, self.top_seat):
            self._clear_trick(self.top_seat)
        else:
            self.to_act = following

    def _finished(self) -> bool:
        """Whether one player or none is left; then the round's places are set."""
        remaining = [s for s in range(self.players) if self.hands[s][SIZE]]
        if len(remaining) > 1:
            return False
        self.places = [*self.out, *remaining,
                       *([self.bankrupt] if self.bankrupt != NO_SEAT else [])]
        return True

