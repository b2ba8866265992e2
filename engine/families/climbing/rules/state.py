"""What the climbing games are made of: the steps a round records, what a game's
``Rules`` tell the core (:class:`ClimbingRules`, with the defaults most games share), the
state, what one seat knows of it (:class:`ClimbObservation`), and what a seat may see of
each step (``seen_by``, the one place that decides it: observations, public steps and
narration all go through it). The transitions are in ``machine``.
"""

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import product
from typing import Any, ClassVar, Protocol, overload

from engine.core.actions import (
    CHANCE,
    Action,
    Concealed,
    Deal,
    Discard,
    Give,
    Pass,
    Play,
    parse_action,
)
from engine.core.cards import Card, Rank, Suit, parse_cards, rank_text
from engine.core.words import plural

__all__ = [
    "ACTIONS",
    "DISCARD_PILE",
    "SEEN_AS_THEY_ARE",
    "SET_NAMES",
    "ClimbObservation",
    "ClimbState",
    "ClimbingDefaults",
    "ClimbingRules",
    "DealRules",
    "Event",
    "Moved",
    "Owed",
    "Phase",
    "PlayEffect",
    "PlayRules",
    "RoundRules",
    "Skipped",
    "Step",
    "TableFacts",
    "Transfer",
    "event_of",
    "exchanges_two_and_one",
    "ranks_in_order",
    "seen_by",
    "sort_cards",
    "without",
]


class Phase(StrEnum):
    DEAL = "deal"  # chance deals the round
    GIVE = "give"  # a seat owes cards of its choice (exchange, or a bankruptcy gift)
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards that moved from one hand to another (forced, or chosen by the giver)."""

    giver: int
    receiver: int
    count: int
    cards: tuple[Card, ...]  # empty as seen by a seat that did not see them
    chosen: bool
    kind: ClassVar[str] = "give"

    @property
    def seat(self) -> int:
        return self.giver

    def __str__(self) -> str:
        """A chosen transfer is written as the give that made it ("0:give 3c 4d"; "0:give"
        with its cards unseen); a forced one as "0>2:Ac As"."""
        what = " ".join(map(str, self.cards))
        if self.chosen:
            return f"{self.giver}:give{' ' + what if what else ''}"
        return f"{self.giver}>{self.receiver}:{what or plural(self.count, 'card')}"


@dataclass(frozen=True, slots=True)
class Skipped:
    """A seat that lost its turn to the play before, which matched the last one
    (President's skip option). A record of the round, never an action."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:skipped"


ACTIONS: tuple[type, ...] = (Play, Pass, Discard, Give, Deal)

Moved = Play | Pass | Discard | Transfer
"""What a seat's action makes: a play, pass or discard, or cards that went from hand to
hand (the exchange's, a bankruptcy gift)."""

Event = Moved | Skipped
"""What the round records, in order: what the seats' actions made, and seats skipped."""

Step = Moved | Deal
"""What a seat may be shown of the game: the round's events, and the deals."""


DISCARD_PILE = -2
"""The receiver of cards given up out of play (Tycoon's 10-discard), seen by every seat."""


@dataclass(frozen=True, slots=True)
class Owed:
    """``giver`` must give ``count`` cards of its choice to ``receiver`` (a seat, or the
    ``DISCARD_PILE``)."""

    giver: int
    receiver: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayEffect:
    wins_trick: bool = False
    revolution: bool = False
    skips_next: bool = False  # the next player loses this turn (President's skip option)
    reverses_trick: bool = False  # the order flips until the trick clears (11-back)
    reverses_turns: bool = False  # play turns the other way round the table (9-reverse)

    @staticmethod
    def of(wins_trick: bool, revolution: bool, skips_next: bool = False,
           reverses_trick: bool = False, reverses_turns: bool = False) -> "PlayEffect":
        return _EFFECTS[wins_trick, revolution, skips_next, reverses_trick, reverses_turns]


_EFFECTS = {flags: PlayEffect(*flags) for flags in product((False, True), repeat=5)}


def exchanges_two_and_one(last_places: tuple[int, ...]) -> list[Owed]:
    """The usual exchange: the last place owes the first 2 cards, the second-to-last the
    second 1 card."""
    return [Owed(last_places[-1], last_places[0], 2), Owed(last_places[-2], last_places[1], 1)]


class ClimbingDefaults:
    """What most climbing games share, for their ``Rules`` to inherit."""

    __slots__ = ()
    pass_locks_out: ClassVar[bool] = True
    starting_sticks: ClassVar[int] = 0
    pass_takes_stick: ClassVar[bool] = False

    @property
    def all_pass(self) -> bool:
        return False  # a trick is won when everyone else has passed

    def play_cost(self, play: Play) -> int:
        return 0

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        return parse_action(text, seat)

    def parse_cards(self, text: str) -> tuple[Card, ...]:
        return parse_cards(text)

    def exchanges(self, last_places: tuple[int, ...]) -> list[Owed]:
        return []

    def after_going_out(self, state: "ClimbState", seat: int) -> "ClimbState":
        return state

    @property
    def lucky_rank(self) -> Rank | None:
        return None

    @property
    def lucky_name(self) -> str:
        return ""

    @property
    def skip_name(self) -> str:
        return ""

    def plays_of_cards(self, seat: int, cards: tuple[Card, ...]) -> list[Play]:
        return [Play(seat, cards)]

    def lock_after(self, play: Play, top: Play | None, lock: frozenset[Suit]
                   ) -> frozenset[Suit]:
        return lock  # no suit locks

    def owed_after(self, play: Play) -> tuple[int, int]:
        return 0, 0  # nothing handed on or discarded after a play


def ranks_in_order(ranks: tuple[Rank, ...], revolution: bool,
                   jokers: bool = True) -> tuple[str, ...]:
    """A card game's ranks weakest first (``ranks`` is the order without a revolution),
    as cards show them; the Jokers, if any, stay on top in a revolution."""
    natural = tuple(map(rank_text, ranks[::-1] if revolution else ranks))
    return (*natural, rank_text(Rank.JOKER)) if jokers else natural


class DealRules(Protocol):
    """What a climbing game tells the core of its cards and its deals."""

    @property
    def game(self) -> str: ...
    def options(self) -> dict[str, Any]: ...
    def check_players(self, players: int) -> None: ...
    def deck(self) -> tuple[Card, ...]: ...
    def card_key(self, card: Card) -> int: ...  # the hand's order
    def hand_sizes(self, players: int, last_places: tuple[int, ...] | None, leader: int,
                   rng: random.Random) -> tuple[int, ...]: ...
    def leader(self, hands: Sequence[Sequence[Card]] | None,
               last_places: tuple[int, ...] | None) -> int | None: ...
    def exchanges(self, last_places: tuple[int, ...]) -> list[Owed]: ...
    def parse_action(self, text: str, seat: int | None = None) -> Action: ...
    def parse_cards(self, text: str) -> tuple[Card, ...]: ...


class PlayRules(Protocol):
    """What a climbing game tells the core of its plays and passes."""

    @property
    def pass_locks_out(self) -> bool: ...
    @property
    def pass_takes_stick(self) -> bool: ...
    @property
    def all_pass(self) -> bool:
        """Whether a trick clears only when every player still in has passed, the last
        player included, and a leader may pass (UECda's tricks)."""
    def card_strength(self, card: Card, revolution: bool) -> int: ...
    def play_strength(self, play: Play, revolution: bool) -> int: ...
    def legal_plays(self, state: "ClimbState", seat: int) -> list[Action]: ...
    def check_play(self, state: "ClimbState", play: Play) -> None: ...
    def play_cost(self, play: Play) -> int: ...
    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect: ...
    @property
    def lucky_rank(self) -> Rank | None:
        """The rank whose plays win the trick at once, where the game has one."""
    @property
    def lucky_name(self) -> str:
        """What players call that rule: "lucky 7s", "8-cut"."""
    @property
    def skip_name(self) -> str:
        """What players call a rule by which a play skips the next player whatever it
        answers ("5-skip"); empty where a skip is only a match's (President's)."""
    def strength_order(self, revolution: bool) -> tuple[str, ...]:
        """The ranks (or values) a play can have, weakest first, as cards show them."""
    def plays_of_cards(self, seat: int, cards: tuple[Card, ...]) -> list[Play]:
        """The plays these cards could make, legal or not (several where cards can act
        as several values)."""
    def lock_after(self, play: Play, top: Play | None, lock: frozenset[Suit]
                   ) -> frozenset[Suit]:
        """The suits the trick is locked to after ``play`` answers ``top`` (none: empty)."""
    def owed_after(self, play: Play) -> tuple[int, int]:
        """How many cards of their choice ``play``'s player then hands the next player
        (7-pass) and discards (10-discard), as many as they still hold at most."""


class RoundRules(Protocol):
    """What a climbing game tells the core of its rounds: going out, places and scores."""

    @property
    def rounds(self) -> int: ...  # 0 when rounds are not counted out
    @property
    def starting_score(self) -> int: ...
    @property
    def starting_sticks(self) -> int: ...
    def after_going_out(self, state: "ClimbState", seat: int) -> "ClimbState": ...
    def title(self, place: int, players: int) -> str: ...
    def points(self, place: int, players: int) -> int: ...
    def game_over(self, scores: tuple[int, ...], rounds_played: int) -> bool: ...


class ClimbingRules(DealRules, PlayRules, RoundRules, Protocol):
    """What a climbing game tells the core: of its deals, its plays and its rounds."""


class TableFacts:
    """What the state and an observation both tell of the table."""

    __slots__ = ()
    trick: tuple[Play, ...]
    places: tuple[tuple[int, ...], ...]
    revolution: bool
    back: bool
    out: tuple[int, ...]
    fouled: tuple[int, ...]

    def finished(self) -> tuple[int, ...]:
        """The seats out of the round so far, best first: those that went out cleanly in
        order, then those that went out on a forbidden finish, the first of them last."""
        if not self.fouled:
            return self.out
        return (*(s for s in self.out if s not in self.fouled), *reversed(self.fouled))

    @property
    def round_revolution(self) -> bool:
        """Whether a revolution holds for the round (``revolution`` is the order now,
        which an 11-back may flip for a trick)."""
        return self.revolution != self.back

    @property
    def top(self) -> Play | None:
        """The play to beat, or None when the trick is empty."""
        return self.trick[-1] if self.trick else None

    @property
    def last_places(self) -> tuple[int, ...] | None:
        """The last finished round's places, seats best first."""
        return self.places[-1] if self.places else None


@dataclass(frozen=True)
class ClimbState(TableFacts):
    rules: ClimbingRules
    players: int
    seed: int
    round_no: int = 1
    phase: Phase = Phase.DEAL
    hands: tuple[tuple[Card, ...], ...] = ()
    # The round's hands as dealt, in the deal's order (a set-up position's, as set up).
    dealt: tuple[tuple[Card, ...], ...] = ()
    to_act: int | None = None
    trick: tuple[Play, ...] = ()
    passed: frozenset[int] = frozenset()
    # The order of ranks is upside down now: by a revolution, or by an 11-back (``back``).
    revolution: bool = False
    back: bool = False  # an 11-back flips the order until the trick clears
    lock: frozenset[Suit] = frozenset()  # the suits the trick is locked to (suit lock)
    anticlockwise: bool = False  # a 9-reverse turned play round the table the other way
    out: tuple[int, ...] = ()  # seats in the order they went out this round
    fouled: tuple[int, ...] = ()  # of those, the ones that went out on a forbidden finish
    bankrupt: int | None = None  # this round's bankrupt seat; it takes last place
    owed: tuple[Owed, ...] = ()
    sticks: tuple[int, ...] = ()  # matchsticks per seat (Matchstick Tycoon), else zeros
    discards: tuple[Card, ...] = ()  # cards out of play this round
    events: tuple[Event, ...] = ()  # this round, in order
    places: tuple[tuple[int, ...], ...] = ()  # seats best first, one tuple per finished round
    scores: tuple[int, ...] = field(default=())

    @property
    def actor(self) -> int | None:
        """The seat to act now: a seat, ``CHANCE`` for a deal, or None at the end."""
        if self.phase is Phase.DEAL:
            return CHANCE
        if self.phase is Phase.GIVE:
            return self.owed[0].giver
        if self.phase is Phase.PLAY:
            return self.to_act
        return None

    def in_round(self, seat: int) -> bool:
        """Still playing: holding cards, or matchsticks that must be discarded first."""
        return bool(self.hands[seat] or self.sticks[seat])


SET_NAMES = ("", "single", "pair", "triple", "four of a kind", "five of a kind")
"""What a set of so many cards of one rank (or value) is called."""


def sort_cards(rules: ClimbingRules, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in hand order: weakest first, Jokers last."""
    keys = _CARD_KEYS.get(rules)
    if keys is None:  # searches sort hands by the thousand: look each key up once
        keys = _CARD_KEYS[rules] = {card: rules.card_key(card) for card in rules.deck()}
    return tuple(sorted(cards, key=keys.__getitem__))


_CARD_KEYS: dict[ClimbingRules, dict[Card, int]] = {}


def without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards`` (all of which it holds)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


@dataclass(frozen=True, slots=True)
class ClimbObservation(TableFacts):
    """What one seat knows: its own hand and everything public, never another hand."""

    rules: ClimbingRules
    players: int
    seat: int
    round_no: int
    phase: Phase
    actor: int | None
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]  # the seat's own hand as it was dealt, in the deal's order
    hand_sizes: tuple[int, ...]
    trick: tuple[Play, ...]
    passed: frozenset[int]
    revolution: bool
    out: tuple[int, ...]
    fouled: tuple[int, ...]
    bankrupt: int | None
    owed: tuple[Owed, ...]
    sticks: tuple[int, ...]
    events: tuple[Event, ...]  # this round; transfers the seat did not see show no cards
    places: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...]
    back: bool
    lock: frozenset[Suit]
    anticlockwise: bool


    def hand_as_dealt(self) -> tuple[Card, ...]:
        """The seat's hand in the order its cards came to it: as dealt, then the cards
        it was handed (the exchange's, a gift) as they came, a card handed back counted
        from its return."""
        seat = self.seat
        came = list(self.dealt)
        for event in self.events:
            if isinstance(event, Transfer) and event.receiver == seat:
                came += event.cards
            elif isinstance(event, Transfer | Play) and event.seat == seat:  # gave, played
                for card in event.cards:
                    came.remove(card)
        # What left without a card's event (a bankrupt's hand) is gone too.
        held = Counter(self.hand)
        in_hand = []
        for card in came:
            if held[card]:
                held[card] -= 1
                in_hand.append(card)
        return tuple(in_hand)

    def titles(self) -> tuple[str | None, ...]:
        """Each seat's title from the last round, or None in the first round."""
        last = self.last_places
        if last is None:
            return (None,) * self.players
        return tuple(self.rules.title(last.index(s), self.players) for s in range(self.players))


# ---------------------------------------------------------------- what a seat sees


def event_of(state: ClimbState, action: Action) -> Step:
    """The step ``action`` makes in ``state``: a give is the transfer of its cards to the
    seat owed them; any other action is its own step."""
    if isinstance(action, Give):
        owed = state.owed[0]  # a legal give answers the debt first in line
        return Transfer(owed.giver, owed.receiver, owed.count, action.cards, chosen=True)
    return action


SEEN_AS_THEY_ARE = (Play, Pass, Discard, Skipped)
"""The steps every seat sees as they are (``seen_by`` returns them unchanged)."""


@overload
def seen_by(step: Moved, seat: int) -> Moved: ...
@overload
def seen_by(step: Skipped, seat: int) -> Skipped: ...
@overload
def seen_by(step: Deal, seat: int) -> Concealed: ...
@overload
def seen_by(step: Step, seat: int) -> Moved | Concealed: ...


def seen_by(step: Step | Event, seat: int) -> Event | Concealed:
    """What ``seat`` may see of a step: the one place that decides it, for observations,
    public steps and narration alike.

    Plays, passes, discards and skips are public, and so are cards given up to the
    discard pile (10-discard). Cards that go from one hand to another (the exchange, a
    bankruptcy gift, a 7-pass) are seen by those two seats only; the others see how many.
    A deal shows no seat anything but that it happened: each seat's own hand reaches it
    in its observation.
    """
    if isinstance(step, SEEN_AS_THEY_ARE):
        return step
    if (isinstance(step, Transfer) and seat not in (step.giver, step.receiver) and step.cards
            and step.receiver != DISCARD_PILE):
        return replace(step, cards=())
    if isinstance(step, Deal):
        return Concealed(CHANCE, step.kind)
    return step
