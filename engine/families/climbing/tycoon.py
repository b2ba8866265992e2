"""Tycoon (Daifugō), as its rule text and rulings say (docs/RULES.md).

Only what is special to Tycoon lives here: its order of ranks, wild Jokers,
the low Spade on a lone Joker, lucky 7s, 4-card revolutions, titles, points,
the exchange and bankruptcy. Turns, tricks and rounds are the climbing core's.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from engine.core.actions import CHANCE, Action, Play, parse_action, split_seat
from engine.core.cards import (
    JOKER,
    JOKER_STRENGTH,
    SUIT_NAMES,
    THREE_LOW,
    TWO_LOW,
    Card,
    Rank,
    Suit,
    describe_set,
    sort_key,
    standard_deck,
    strength_table,
)
from engine.core.errors import BadOptions, IllegalAction
from engine.core.evolve import evolve
from engine.core.options import RulesBase, option
from engine.core.rng import shuffled
from engine.core.words import join
from engine.families.climbing.sequences import (
    MIN_RUN,
    RunPlay,
    describe_run,
    parse_run,
    run_plays,
    runs_of_cards,
    why_not_a_run,
)
from engine.families.climbing.state import (
    ClimbingDefaults,
    ClimbState,
    Owed,
    Phase,
    PlayEffect,
    exchanges_two_and_one,
    ranks_in_order,
    size_needed,
)

__all__ = ["ORDERS", "TITLES", "TycoonRules"]

ORDERS: dict[str, tuple[Rank, ...]] = {
    "standard": TWO_LOW,
    "p5r": THREE_LOW,  # as Persona 5 Royal plays
}
TITLES = {
    3: ("Tycoon", "Bourgeoisie", "Beggar"),
    4: ("Tycoon", "Rich Man", "Poor Man", "Beggar"),
}


@dataclass(frozen=True, slots=True)
class TycoonRules(RulesBase, ClimbingDefaults):
    """The options of a Tycoon game; every one is explained in the rules help."""

    jokers: int = option(2, "Jokers", "Play with 2 Jokers (54 cards) or none (52). A Joker is "
                                      "wild in a set; alone, as a single or a pair, it beats "
                                      "everything.",
                         choices=(0, 2), labels={0: "None", 2: "Two"})
    order: str = option("standard", "Order of ranks",
                        "Order of ranks. Standard: 2 lowest, Ace highest. P5R (as Persona 5 "
                        "Royal plays): 3 lowest, 2 highest; then the 3 of Spades beats a lone "
                        "Joker, 8s are lucky and the 3 of Hearts starts the first round.",
                        choices=tuple(ORDERS),
                        labels={"standard": "Standard: 2 low, Ace high",
                                "p5r": "Persona 5 Royal: 3 low, 2 high"})
    bankruptcy: bool = option(True, "Bankruptcy",
                              "From the second round, if anyone but the Tycoon goes out first, "
                              "the Tycoon is bankrupt: with 4 players they discard their hand "
                              "and become the Beggar; with 3, the third player gives them a "
                              "card of their choice and play goes on.",
                              labels={True: "A Tycoon who is not first out goes bankrupt"})
    cut: str = option("seed", "Lucky rank (8-cut)",
                      "A play holding a card of this rank (a Joker standing for one included) "
                      "clears the trick at once, and its player leads again. The rule text "
                      "has lucky 7s (8s in P5R order); most Japanese tables play the 8-cut.",
                      choices=("seed", "7", "8", "none"),
                      labels={"seed": "Lucky 7s, as the rule text (8s in P5R order)",
                              "7": "7s", "8": "8s (8-cut)", "none": "None"})
    sequences: bool = option(False, "Sequences (kaidan)",
                             "Three or more cards of one suit in consecutive ranks may be "
                             "played together, Jokers filling any gap (5-6-7 of spades). A "
                             "sequence is answered only by a sequence as long whose weakest "
                             "card beats the other's strongest: 8-9-10 beats 5-6-7, 6-7-8 "
                             "does not.",
                             labels={True: "Play sequences of one suit"})
    sequence_revolution: bool = option(False, "Sequence revolution",
                                       "With sequences, a sequence of five or more cards is a "
                                       "revolution too, as a four of a kind is.",
                                       labels={True: "A sequence of 5 or more is a revolution"})
    lock: bool = option(False, "Suit lock (shibari)",
                        "When a play has the same suits as the play it answers (a heart on a "
                        "heart, spade and club on spade and club), the trick is locked: "
                        "until it clears, every play must be of those suits. A Joker takes "
                        "whatever suit it needs, so it can make a lock and fits in one.",
                        labels={True: "Matching suits lock the trick"})
    eleven_back: bool = option(False, "11-back",
                               "A play holding a Jack (or a Joker standing for one) turns the "
                               "order of ranks upside down until the trick clears, as a "
                               "revolution would; a revolution made meanwhile stays.",
                               labels={True: "A Jack reverses the order for the trick"})
    rounds: int = option(5, "Rounds", "Rounds in a game; 0 plays on until you stop. The most "
                                      "points wins.",
                         minimum=0, labels={1: "1", 3: "3", 5: "5", 10: "10", 0: "Endless"})

    game: ClassVar[str] = "tycoon"
    starting_score: ClassVar[int] = 0

    # ------------------------------------------------------------ the order

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return ORDERS[self.order]

    @property
    def lucky_rank(self) -> Rank | None:
        """The rank whose plays clear the trick: the seed's 7, moved with the order as the
        seed moved it (8 in P5R order), or the one the ``cut`` option names."""
        if self.cut == "seed":
            return self.ranks[5]
        return None if self.cut == "none" else Rank(int(self.cut))

    @property
    def low_spade(self) -> Card:
        return Card(self.ranks[0], Suit.SPADES)

    @property
    def first_heart(self) -> Card:
        return Card(self.ranks[0], Suit.HEARTS)

    def strength(self, rank: Rank, revolution: bool) -> int:
        """Higher is stronger; a revolution flips the natural ranks."""
        index = _STRENGTH[self.order][rank]
        return -index if revolution else index

    def strength_order(self, revolution: bool) -> tuple[str, ...]:
        return ranks_in_order(self.ranks, revolution, jokers=self.jokers > 0)

    def card_strength(self, card: Card, revolution: bool) -> int:
        """Higher is stronger; Jokers above everything, revolution or not."""
        return JOKER_STRENGTH if card.suit is None else self.strength(card.rank, revolution)

    def play_strength(self, play: Play, revolution: bool) -> int:
        """A set's rank's strength; a sequence's weakest card's."""
        if isinstance(play, RunPlay):
            return self.strength(self._run_end(play, revolution, weakest=True), revolution)
        rank = _natural_rank(play.cards)
        return JOKER_STRENGTH if rank is None else self.strength(rank, revolution)

    def card_key(self, card: Card) -> int:
        return sort_key(_STRENGTH[self.order], card)

    # ------------------------------------------------------------ the deal

    def check_players(self, players: int) -> None:
        if players not in TITLES:
            raise BadOptions(f"Tycoon is for 3 or 4 players, not {players}")

    def deck(self) -> tuple[Card, ...]:
        return standard_deck(self.jokers)

    def hand_sizes(self, players: int, last_places: tuple[int, ...] | None, leader: int,
                   rng: random.Random) -> tuple[int, ...]:
        base, extra = divmod(52 + self.jokers, players)
        # The odd cards go to the best places of the last round, or to seats chance draws.
        lucky = last_places[:extra] if last_places else shuffled(rng, range(players))[:extra]
        return tuple(base + (seat in lucky) for seat in range(players))

    def leader(self, hands: Sequence[Sequence[Card]] | None,
               last_places: tuple[int, ...] | None) -> int | None:
        if last_places is not None:
            return last_places[-1]  # the Beggar
        if hands is None:
            return None
        return next(seat for seat, hand in enumerate(hands) if self.first_heart in hand)

    def exchanges(self, last_places: tuple[int, ...]) -> list[Owed]:
        if len(last_places) == 3:  # the Bourgeoisie does not exchange
            return [Owed(last_places[-1], last_places[0], 2)]
        return exchanges_two_and_one(last_places)

    # ------------------------------------------------------------ plays

    def legal_plays(self, state: ClimbState, seat: int) -> list[Action]:
        """Every set (and, with sequences, every sequence) in the seat's hand that may be
        played now, its cards in order."""
        plays = [] if isinstance(state.top, RunPlay) else self._sets(state, seat)
        if state.lock:
            plays = [play for play in plays if _fits_lock(play, state.lock)]
        if self.sequences:
            plays.extend(self._runs(state, seat))
        return list(plays)

    def _sets(self, state: ClimbState, seat: int) -> list[Play]:
        """Every set of one rank in the seat's hand that may be played now."""
        hand, top, revolution = state.hands[seat], state.top, state.revolution
        # A hand is sorted weakest first with the Jokers last, so each rank is a run.
        jokers = 0
        while jokers < len(hand) and hand[-1 - jokers] is JOKER:
            jokers += 1
        naturals = hand[:len(hand) - jokers]
        ordered = Play.ordered
        plays: list[Play] = []
        if top is None:
            for cards in _runs(naturals):
                for chosen in _SUBSETS[len(cards)]:
                    play = tuple(cards[i] for i in chosen)
                    plays.append(ordered(seat, play))
                    for wild in range(1, min(jokers, 4 - len(play)) + 1):
                        plays.append(ordered(seat, play + (JOKER,) * wild))
            plays.extend(ordered(seat, (JOKER,) * wild)
                         for wild in range(1, min(jokers, 2) + 1))
            return plays
        size = len(top.cards)
        top_rank = _natural_rank(top.cards)
        if top_rank is None:
            low_spade = self.low_spade
            return [ordered(seat, (low_spade,))] if size == 1 and low_spade in hand else []
        # Only the ranks stronger than the table's: the strong end of the hand, which in a
        # revolution is its weak end.
        strength = _STRENGTH[self.order]
        bar = strength[top_rank]
        if revolution:
            cut = 0
            while cut < len(naturals) and strength[naturals[cut].rank] < bar:
                cut += 1
            stronger = naturals[:cut]
        else:
            cut = len(naturals)
            while cut > 0 and strength[naturals[cut - 1].rank] > bar:
                cut -= 1
            stronger = naturals[cut:]
        for cards in _runs(stronger):
            for wild in range(min(jokers, size - 1) + 1):
                plays.extend(ordered(seat, chosen + (JOKER,) * wild)
                             for chosen in combinations(cards, size - wild))
        if size <= min(jokers, 2):
            plays.append(ordered(seat, (JOKER,) * size))
        return plays

    def _runs(self, state: ClimbState, seat: int) -> list[RunPlay]:
        """Every sequence in the seat's hand that may be played now, of the locked suit
        if the trick is locked."""
        top, revolution = state.top, state.revolution
        suits = sorted(state.lock) if state.lock else tuple(Suit)
        count = len(self.ranks)
        if top is None:
            return list(run_plays(seat, state.hands[seat], self.ranks, range(MIN_RUN, count + 1),
                                  lambda start, length: True, suits))
        if not isinstance(top, RunPlay):
            return []
        places = [_STRENGTH[self.order][card.rank] for card in top.represented]
        low, high = min(places), max(places)

        def beats_top(start: int, length: int) -> bool:
            return start + length - 1 < low if revolution else start > high

        return list(run_plays(seat, state.hands[seat], self.ranks, (len(top.cards),), beats_top,
                              suits))

    def check_play(self, state: ClimbState, play: Play) -> None:
        cards, top, revolution = play.cards, state.top, state.revolution
        if isinstance(play, RunPlay):
            if not self.sequences:
                raise IllegalAction("sequences are not played in this game (turn on the "
                                    "Sequences option to play them)")
            why = why_not_a_run(play, self.ranks)
            if why:
                raise IllegalAction(why)
        else:
            self._check_set(cards)
        if top is not None and not self.beats(play, top, revolution):
            raise IllegalAction(self._why_not_beating(play, top, state))
        if state.lock and not _fits_lock(play, state.lock):
            raise IllegalAction("the trick is locked to " + join(
                SUIT_NAMES[suit] for suit in sorted(state.lock)) + ": play those suits "
                "until it clears (a Joker may stand in for any)")

    def _check_set(self, cards: Sequence[Card]) -> None:
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("a play is 1 to 4 cards of one rank"
                                + (", or a sequence" if self.sequences else ""))
        ranks = sorted({card.rank for card in cards if card.suit is not None})
        if len(ranks) > 1:
            raise IllegalAction("those cards are not all one rank"
                                + (" (a Joker may stand in for any rank)" if JOKER in cards
                                   else ""))
        if not ranks and len(cards) > 2:
            raise IllegalAction("Jokers alone make only a single or a pair")

    def beats(self, play: Play, top: Play, revolution: bool) -> bool:
        """Whether ``play`` beats ``top``: the one test of strength."""
        if len(play.cards) != len(top.cards) or isinstance(play, RunPlay) != isinstance(
                top, RunPlay):
            return False
        if isinstance(play, RunPlay):  # stronger throughout
            return self._stronger(self._run_end(play, revolution, weakest=True),
                                  self._run_end(top, revolution, weakest=False), revolution)
        top_rank = _natural_rank(top.cards)
        if top_rank is None:  # Jokers alone: only the low Spade on a lone Joker
            return len(play.cards) == 1 and play.cards[0] == self.low_spade
        rank = _natural_rank(play.cards)
        return rank is None or self._stronger(rank, top_rank, revolution)

    def _run_end(self, run: Play, revolution: bool, *, weakest: bool) -> Rank:
        """A sequence's weakest (or strongest) rank in the order as it stands."""
        assert isinstance(run, RunPlay)
        ranks = [card.rank for card in run.represented]
        strength = _STRENGTH[self.order]
        pick = min if weakest != revolution else max
        return pick(ranks, key=strength.__getitem__)

    def _stronger(self, rank: Rank, other: Rank, revolution: bool) -> bool:
        strength = _STRENGTH[self.order]
        if revolution:
            return strength[rank] < strength[other]
        return strength[rank] > strength[other]

    def _why_not_beating(self, play: Play, top: Play, state: ClimbState) -> str:
        size = len(top.cards)
        if isinstance(top, RunPlay) != isinstance(play, RunPlay):
            if isinstance(top, RunPlay):
                return f"only a sequence of {size} cards beats a sequence"
            return f"a sequence does not answer {describe_set(top.cards)}"
        if len(play.cards) != size:
            return size_needed(size) if not isinstance(top, RunPlay) else (
                f"a sequence answers only a sequence of as many cards ({size})")
        note = ""
        if state.revolution:
            note = (" (11-back: lower ranks are stronger until the trick clears)" if state.back
                    else " (revolution: lower ranks are stronger)")
        if isinstance(top, RunPlay):
            mine = describe_run(play)  # type: ignore[arg-type]
            return (f"{mine} does not beat {describe_run(top)}: its weakest card must beat "
                    f"the other's strongest{note}")
        if _natural_rank(top.cards) is None:
            if size == 1:
                return f"only the {self.low_spade.name} beats a lone Joker"
            return "nothing beats a pair of Jokers"
        mine, theirs = describe_set(play.cards), describe_set(top.cards)
        verb = "does" if len(play.cards) == 1 else "do"
        return f"{mine} {verb} not beat {theirs}{note}"

    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect:
        run = isinstance(play, RunPlay)
        ranks = {card.rank for card in play.represented} if isinstance(play, RunPlay) else {
            _natural_rank(play.cards)}
        lucky = self.lucky_rank
        on_lone_joker = top is not None and top.cards == (JOKER,)
        wins = (lucky is not None and lucky in ranks) or (
            on_lone_joker and play.cards == (self.low_spade,))
        revolts = (self.sequence_revolution and len(play.cards) >= 5) if run else (
            len(play.cards) == 4)
        return PlayEffect.of(wins, revolts, False, self.eleven_back and Rank.JACK in ranks)

    def lock_after(self, play: Play, top: Play | None, lock: frozenset[Suit]
                   ) -> frozenset[Suit]:
        """A play whose suits match the play it answers locks the trick to them; the
        Jokers of either take whichever suits match, when that settles every suit."""
        if not self.lock or lock or top is None:
            return lock
        suits = _suits(play) | _suits(top)
        places = 1 if isinstance(play, RunPlay) else len(play.cards)
        return frozenset(suits) if len(suits) == places else lock

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """A play, pass or give; with sequences, a play of several ranks is a sequence,
        its Jokers written with their stand-ins (``0:5s 6s X=7s``)."""
        if self.sequences:
            who, body = split_seat(text, seat, "2:9c 9d")
            if who != CHANCE and body.partition(" ")[0].lower() not in ("pass", "give"):
                run = parse_run(who, body)
                if run.stand_ins or len({card.rank for card in run.naturals}) > 1:
                    return run
        return parse_action(text, seat)

    def plays_of_cards(self, seat: int, cards: tuple[Card, ...]) -> list[Play]:
        """The set these cards make, and with sequences every sequence they make, one
        per place their Jokers can take."""
        if not self.sequences:
            return [Play(seat, cards)]
        runs: list[Play] = list(runs_of_cards(seat, cards, self.ranks))
        if len({card.rank for card in cards if card is not JOKER}) <= 1:
            return [Play(seat, cards), *runs]
        return runs or [RunPlay(seat, cards, ())]

    # ------------------------------------------------------------ rounds

    def after_going_out(self, state: ClimbState, seat: int) -> ClimbState:
        """Bankruptcy: the last Tycoon must go out first from the second round on."""
        last = state.last_places
        if not self.bankruptcy or last is None or len(state.out) != 1:
            return state
        tycoon = last[0]
        if seat == tycoon or not state.hands[tycoon]:
            return state
        if state.players == 3:
            third = next(s for s in range(3) if s not in (seat, tycoon))
            return evolve(state, phase=Phase.GIVE, owed=(Owed(third, tycoon, 1),))
        hands = list(state.hands)
        hands[tycoon] = ()
        return evolve(state, hands=tuple(hands), bankrupt=tycoon,
                       discards=state.discards + state.hands[tycoon])

    def title(self, place: int, players: int) -> str:
        return TITLES[players][place]

    def points(self, place: int, players: int) -> int:
        return players - 1 - place

    def game_over(self, scores: tuple[int, ...], rounds_played: int) -> bool:
        return bool(self.rounds) and rounds_played >= self.rounds


# The non-empty subsets of up to 4 cards of one rank, as index tuples, smallest first.
_SUBSETS = [[c for k in range(1, m + 1) for c in combinations(range(m), k)] for m in range(5)]

_STRENGTH = {name: strength_table(ranks) for name, ranks in ORDERS.items()}


def _runs(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Consecutive cards of equal rank, as groups."""
    runs: list[tuple[Card, ...]] = []
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i].rank is not cards[start].rank:
            runs.append(cards[start:i])
            start = i
    return runs


def _suits(play: Play) -> set[Suit]:
    """The suits of a play's natural cards (a sequence's, its stand-ins' too)."""
    cards = play.represented if isinstance(play, RunPlay) else play.cards
    return {card.suit for card in cards if card.suit is not None}


def _fits_lock(play: Play, lock: frozenset[Suit]) -> bool:
    return _suits(play) <= lock


def _natural_rank(cards: Sequence[Card]) -> Rank | None:
    """The rank a set stands for; None for Jokers alone."""
    for card in cards:
        if card.suit is not None:
            return card.rank
    return None
