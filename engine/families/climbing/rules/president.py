"""President, as its rule text and rulings say (docs/RULES.md).

What is special to President lives here: the order 3 < ... < A < 2, Jokers
as trump singles that win the trick, no wild cards, 4-card revolutions, the
five titles, the 50-credit scoring and the optional skip rule. Turns, tricks,
the deal and the exchange are the climbing core's.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from engine.core.actions import Action, Play
from engine.core.cards import (
    JOKER,
    THREE_LOW,
    Card,
    Rank,
    Suit,
    describe_set,
    sort_key,
    standard_deck,
    strength_table,
)
from engine.core.errors import BadOptions, IllegalAction
from engine.core.language import N_
from engine.core.options import HOUSE_RULES, RulesBase, option
from engine.families.climbing.rules.state import (
    ClimbingDefaults,
    ClimbState,
    Owed,
    PlayEffect,
    exchanges_two_and_one,
    ranks_in_order,
    size_needed,
)
from engine.families.climbing.rules.tycoon_plays import (
    fits_lock,
    lock_after,
    why_not_in_lock,
)

__all__ = [
    "PLAYERS",
    "POINTS",
    "PRESETS",
    "PRESET_TITLES",
    "RULES_HELP",
    "STRENGTH",
    "TUTORIAL",
    "PresidentRules",
]

STRENGTH = strength_table(THREE_LOW)
PLAYERS = range(4, 9)
POINTS = {"President": 5, "Prime Minister": 0, "Citizen": -5, "Peasant": -10, "Beggar": -15}


@dataclass(frozen=True, slots=True)
class PresidentRules(RulesBase, ClimbingDefaults):
    """The options of a President game; every one is explained in the rules help."""

    skip: bool = option(False, N_("Skip"),
                        N_("Skip: a play of the same number of cards and the same rank as the "
                           "last one is allowed and makes the next player lose that turn (they "
                           "may play again later in the trick). The best rank (2, or 3 during a "
                           "revolution) cannot be matched this way. If the turn comes back to the "
                           "player on top with no one else playing, that player wins the trick."),
                        labels={True: N_("Matching the last play skips the next player")})
    cut: str = option("none", N_("8-cut"),
                      N_("A play of 8s clears the trick at once, and its player leads again, as "
                         "Daifugō's 8-cut."),
                      choices=("none", "8"), labels={"none": N_("None"), "8": N_("8s (8-cut)")},
                      group=HOUSE_RULES)
    lock: bool = option(False, N_("Suit lock (shibari)"),
                        N_("When a play has the same suits as the play it answers (a heart "
                           "on a heart, spade and club on spade and club), the trick is "
                           "locked: until it clears, every play must be of those suits. A "
                           "Joker still beats anything."),
                        labels={True: N_("Matching suits lock the trick")}, group=HOUSE_RULES)
    eleven_back: bool = option(False, N_("11-back"),
                               N_("A play of Jacks turns the order of ranks upside down until "
                                  "the trick clears, as a revolution would; a revolution made "
                                  "meanwhile stays."),
                               labels={True: N_("A Jack reverses the order for the trick")},
                               group=HOUSE_RULES)

    game: ClassVar[str] = "president"
    ranks: ClassVar[tuple[Rank, ...]] = THREE_LOW  # weakest first
    starting_score: ClassVar[int] = 50
    rounds: ClassVar[int] = 0  # the game ends on the scores, not after a number of rounds

    def strength(self, rank: Rank, revolution: bool) -> int:
        return -STRENGTH[rank] if revolution and rank != Rank.JOKER else STRENGTH[rank]

    def card_strength(self, card: Card, revolution: bool) -> int:
        return self.strength(card.rank, revolution)

    def strength_order(self, revolution: bool) -> tuple[str, ...]:
        return ranks_in_order(self.ranks, revolution)

    def play_strength(self, play: Play, revolution: bool) -> int:
        return self.strength(play.cards[0].rank, revolution)

    def card_key(self, card: Card) -> int:
        return sort_key(STRENGTH, card)

    # ------------------------------------------------------------ the deal

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise BadOptions(f"President is for 4 to 8 players, not {players}")

    def deck(self) -> tuple[Card, ...]:
        return standard_deck(2)

    def hand_sizes(self, players: int, last_places: tuple[int, ...] | None, leader: int,
                   rng: random.Random) -> tuple[int, ...]:
        # Dealt one at a time from the first leader: the seats from the leader on take
        # the odd cards.
        base, extra = divmod(54, players)
        return tuple(base + ((seat - leader) % players < extra) for seat in range(players))

    def leader(self, hands: Sequence[Sequence[Card]] | None,
               last_places: tuple[int, ...] | None) -> int | None:
        """The Beggar leads later rounds; chance draws the first round's leader."""
        return None if last_places is None else last_places[-1]

    def exchanges(self, last_places: tuple[int, ...]) -> list[Owed]:
        return exchanges_two_and_one(last_places)

    # ------------------------------------------------------------ plays

    def legal_plays(self, state: ClimbState, seat: int) -> list[Action]:
        hand, top, revolution = state.hands[seat], state.top, state.revolution
        plays: list[tuple[Card, ...]] = []
        by_rank: dict[Rank, list[Card]] = {}
        for card in hand:
            if card.suit is not None:
                by_rank.setdefault(card.rank, []).append(card)
        sizes = range(1, 5) if top is None else (len(top.cards),)
        for cards in by_rank.values():
            for size in sizes:
                for chosen in combinations(cards, size):
                    if top is None or self._beats(chosen, top, revolution):
                        plays.append(chosen)
        if JOKER in hand and (top is None or top.cards != (JOKER,)):
            plays.append((JOKER,))
        legal: list[Action] = [Play.ordered(seat, cards) for cards in plays]
        return [play for play in legal if fits_lock(play, state.lock)] if state.lock else legal

    def check_play(self, state: ClimbState, play: Play) -> None:
        cards, top, revolution = play.cards, state.top, state.revolution
        if JOKER in cards and len(cards) > 1:
            raise IllegalAction("a Joker is played alone (it is not wild in President)")
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("a play is 1 to 4 cards of one rank")
        if len({card.rank for card in cards}) > 1:
            raise IllegalAction("those cards are not all one rank")
        if top is not None and not self._beats(cards, top, revolution):
            raise IllegalAction(self._why_not_beating(cards, top, revolution))
        if state.lock and not fits_lock(play, state.lock):
            raise IllegalAction(why_not_in_lock(state.lock, jokers_wild=False))

    def _beats(self, cards: Sequence[Card], top: Play, revolution: bool) -> bool:
        """The one test of strength: a Joker beats any play but a Joker; else the same
        number of cards of a stronger rank (or, with skip, the same non-best rank)."""
        if cards[0] == JOKER:
            return top.cards[0] != JOKER
        if len(cards) != len(top.cards) or top.cards[0] == JOKER:
            return False
        mine = self.strength(cards[0].rank, revolution)
        theirs = self.strength(top.cards[0].rank, revolution)
        return mine > theirs or (self.skip and mine == theirs
                                 and cards[0].rank != self.best_rank(revolution))

    @staticmethod
    def best_rank(revolution: bool) -> Rank:
        return Rank.THREE if revolution else Rank.TWO

    def _why_not_beating(self, cards: Sequence[Card], top: Play, revolution: bool) -> str:
        if top.cards[0] == JOKER:
            return "nothing beats a Joker"
        size = len(top.cards)
        if len(cards) != size:
            return size_needed(size)
        mine, theirs = describe_set(cards), describe_set(top.cards)
        verb = "does" if len(cards) == 1 else "do"
        note = " (revolution: lower ranks are stronger)" if revolution else ""
        if self.skip and cards[0].rank == top.cards[0].rank:
            return f"the best rank cannot be matched to skip{note}"
        return f"{mine} {verb} not beat {theirs}{note}"

    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect:
        if play.cards[0] == JOKER:
            return PlayEffect.of(True, False)
        rank = play.cards[0].rank
        matched = top is not None and top.cards[0].rank == rank
        return PlayEffect.of(rank == self.lucky_rank, len(play.cards) == 4, skips_next=matched,
                             reverses_trick=self.eleven_back and rank == Rank.JACK)

    @property
    def lucky_rank(self) -> Rank | None:
        return Rank.EIGHT if self.cut == "8" else None

    @property
    def lucky_name(self) -> str:
        return "8-cut" if self.cut == "8" else ""

    def lock_after(self, play: Play, top: Play | None, lock: frozenset[Suit]
                   ) -> frozenset[Suit]:
        return lock_after(play, top, lock) if self.lock else lock

    # ------------------------------------------------------------ rounds

    def title(self, place: int, players: int) -> str:
        if place == 0:
            return N_("President")
        if place == 1:
            return N_("Prime Minister")
        if place == players - 1:
            return N_("Beggar")
        if place == players - 2:
            return N_("Peasant")
        return N_("Citizen")

    def points(self, place: int, players: int) -> int:
        return POINTS[self.title(place, players)]

    def game_over(self, scores: tuple[int, ...], rounds_played: int) -> bool:
        return min(scores) <= 0


RULES_HELP = (
    N_("Be the first to play out your hand. 4 to 8 players, 54 cards, dealt one at a time."),
    N_("Order: 3 lowest, then 4 … King, Ace, and 2 highest; the Jokers above all."),
    N_("The leader plays 1 to 4 cards of one rank; the others must play as many cards of a "
       "higher rank, or pass and sit out the rest of the trick."),
    N_("A Joker is played alone, on any play of any size, and wins the trick. Jokers are never "
       "wild."),
    N_("Revolution: a play of 4 cards reverses the order of 3 … 2 until the next one."),
    N_("Places: President, Prime Minister, Citizens, Peasant, Beggar. Everyone starts with 50 "
       "points: +5, 0, -5, -10 and -15 a round. The game ends after a round in which someone "
       "reaches 0; the most points wins."),
    N_("Exchange: the Beggar gives the President their 2 highest cards and the Peasant gives "
       "the Prime Minister their highest; each gets back as many cards of the winner's choice. "
       "The Beggar leads the next round."),
    N_("House rules from Daifugō, each an option, off in the rule text's game: the 8-cut (8s "
       "clear the trick), suit lock and 11-back (Jacks reverse the order for the trick)."),
)


PRESETS: dict[str, PresidentRules] = {
    "president-bga": PresidentRules(),
    "president-skip": PresidentRules(skip=True),
}

PRESET_TITLES = {
    "president-bga": N_("Standard (3 low, 2 high)"),
    "president-skip": N_("Standard with skips (3 low, 2 high)"),
}
"""Each preset's name in a lobby."""

TUTORIAL = {
    "game": "president", "players": 4, "title": N_("Your first trick"),
    "intro": N_("A trick of President: each player beats the last play with a stronger set "
                "of the same size, or passes. 3 is the lowest card and 2 the highest."),
    "position": {"hands": ["5h 2s Kd", "4c 7d Qs", "9d Jc 3h", "6s 8c Th"], "to_act": 1},
    "steps": [
        {"move": "1:4c", "caption": N_("Aiko leads a single 4: only single cards can follow, "
                                       "each stronger than the last.")},
        {"move": "2:9d", "caption": N_("Bruno plays a 9.")},
        {"move": "3:Th", "caption": N_("Chen plays a 10. Your turn: the 2 is the highest card "
                                       "(only a Joker beats it), so play your 2.")},
        {"move": "0:2s", "caption": N_("No one can beat your 2: when the others pass, you lead "
                                       "the next trick. First out is President, last out the "
                                       "Beggar.")},
    ],
}
"""The guided first trick (engine.scenario): four moves, with a caption for each."""
