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

from engine.core.actions import Action, Play
from engine.core.cards import (
    JOKER,
    JOKER_STRENGTH,
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

__all__ = ["ORDERS", "PRESETS", "PRESET_TITLES", "RULES_HELP", "TITLES", "TUTORIAL", "TycoonRules"]

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
    def lucky_rank(self) -> Rank:
        """7, moved with the order as the seed moved it (8 in P5R order)."""
        return self.ranks[5]

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
        """Every set in the seat's hand that may be played now, its cards in order."""
        hand, top, revolution = state.hands[seat], state.top, state.revolution
        # A hand is sorted weakest first with the Jokers last, so each rank is a run.
        jokers = 0
        while jokers < len(hand) and hand[-1 - jokers] is JOKER:
            jokers += 1
        naturals = hand[:len(hand) - jokers]
        ordered = Play.ordered
        plays: list[Action] = []
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

    def check_play(self, state: ClimbState, play: Play) -> None:
        cards, top, revolution = play.cards, state.top, state.revolution
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("a play is 1 to 4 cards of one rank")
        ranks = sorted({card.rank for card in cards if card.suit is not None})
        if len(ranks) > 1:
            raise IllegalAction("those cards are not all one rank"
                                + (" (a Joker may stand in for any rank)" if JOKER in cards
                                   else ""))
        if not ranks and len(cards) > 2:
            raise IllegalAction("Jokers alone make only a single or a pair")
        if top is not None and not self.beats(cards, top, revolution):
            raise IllegalAction(self._why_not_beating(cards, top, revolution))

    def beats(self, cards: Sequence[Card], top: Play, revolution: bool) -> bool:
        """Whether the set ``cards`` beats ``top``: the one test of strength."""
        if len(cards) != len(top.cards):
            return False
        top_rank = _natural_rank(top.cards)
        if top_rank is None:  # Jokers alone: only the low Spade on a lone Joker
            return len(cards) == 1 and cards[0] == self.low_spade
        rank = _natural_rank(cards)
        return rank is None or self._stronger(rank, top_rank, revolution)

    def _stronger(self, rank: Rank, other: Rank, revolution: bool) -> bool:
        strength = _STRENGTH[self.order]
        if revolution:
            return strength[rank] < strength[other]
        return strength[rank] > strength[other]

    def _why_not_beating(self, cards: Sequence[Card], top: Play, revolution: bool) -> str:
        size = len(top.cards)
        if len(cards) != size:
            return size_needed(size)
        if _natural_rank(top.cards) is None:
            if size == 1:
                return f"only the {self.low_spade.name} beats a lone Joker"
            return "nothing beats a pair of Jokers"
        mine, theirs = describe_set(cards), describe_set(top.cards)
        verb = "does" if len(cards) == 1 else "do"
        note = " (revolution: lower ranks are stronger)" if revolution else ""
        return f"{mine} {verb} not beat {theirs}{note}"

    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect:
        rank = _natural_rank(play.cards)
        on_lone_joker = top is not None and top.cards == (JOKER,)
        wins = rank == self.lucky_rank or (on_lone_joker and play.cards == (self.low_spade,))
        return PlayEffect.of(wins, len(play.cards) == 4)

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


def _natural_rank(cards: Sequence[Card]) -> Rank | None:
    """The rank a set stands for; None for Jokers alone."""
    for card in cards:
        if card.suit is not None:
            return card.rank
    return None


RULES_HELP = (
    "Be the first to play out your hand. 3 or 4 players; the whole deck is dealt.",
    "The leader plays 1 to 4 cards of one rank. Each next player plays the same number of "
    "cards of a higher rank, or passes — and a pass sits out the rest of the trick. When "
    "everyone else has passed, the last player to play leads again.",
    "Jokers are wild in a set (9 9 Joker is three 9s). Alone, one or two Jokers beat any "
    "single or pair. The lowest Spade alone beats a lone Joker and wins the trick.",
    "Lucky 7s: any play of 7s wins the trick at once.",
    "Revolution: any play of 4 cards turns the order upside down for the rest of the round; "
    "another 4-card play turns it back. Jokers stay on top.",
    "Places: Tycoon, Rich Man, Poor Man, Beggar (3 players: Tycoon, Bourgeoisie, Beggar), "
    "scoring 3, 2, 1, 0 (2, 1, 0). The holder of the lowest Heart starts the first round; "
    "the Beggar starts the others.",
    "Exchange from round 2: the Beggar hands the Tycoon their 2 highest cards and the Poor "
    "Man hands the Rich Man their highest; the Tycoon and Rich Man give back 2 and 1 cards "
    "of their choice.",
    "Bankruptcy: if anyone beats the Tycoon out of their hand, the Tycoon is out of the "
    "round at once as the Beggar (3 players: the third player gives them a card instead).",
)


PRESETS: dict[str, TycoonRules] = {
    "tycoon-seed": TycoonRules(),
    "tycoon-p5r": TycoonRules(order="p5r"),
    "tycoon-no-jokers": TycoonRules(jokers=0),
}

PRESET_TITLES = {
    "tycoon-seed": "As the rule text",
    "tycoon-p5r": "Persona 5 Royal order (3 low, 2 high)",
    "tycoon-no-jokers": "Without Jokers",
}
"""Each preset's name in a lobby."""

TUTORIAL = {
    "game": "tycoon", "options": {"rounds": 1}, "title": "Your first trick",
    "intro": "A trick of Tycoon: each player beats the last play with a stronger set of "
             "the same size, or passes.",
    "position": {"hands": ["3c 7d Qc Qh Kd", "5c 5d 8s Jd", "9c 9h 4s Ac", "6h 6s Th 2d"],
                 "to_act": 1},
    "steps": [
        {"move": "1:5c 5d", "caption": "Aiko leads a pair of 5s: only a stronger pair can "
                                       "follow."},
        {"move": "2:9c 9h", "caption": "Bruno beats it with a pair of 9s."},
        {"move": "3:pass", "caption": "Chen passes, and sits out the rest of the trick. Your "
                                      "turn: select your two Queens and play them."},
        {"move": "0:Qc Qh", "caption": "Your Queens are the play to beat. When everyone else "
                                       "passes, the trick is yours and you lead the next. "
                                       "Empty your hand first to become Tycoon!"},
    ],
}
"""The guided first trick (engine.scenario): four moves, with a caption for each."""
