"""The rules of thumb of the Greedy and Normal bots, as functions of what a seat holds and
may do: the bots play them, Hard's search simulates every seat with Normal's, and the hint
names their reasons. ``HandJudge`` is the one judgement of how a play treats its hand
(engine/families/climbing/bots/counts.py copies it in counts, and is tested equal).
"""

from collections import Counter
from collections.abc import Sequence

from engine.core.actions import Action, Give, Pass, Play
from engine.core.cards import JOKER, Card
from engine.families.climbing.bots.house_tactics import held_back, house_tactics, instead
from engine.families.climbing.rules.state import ClimbingRules, without

__all__ = [
    "ABOUT_TO_GO_OUT", "HandJudge", "deck_average", "greedy_move", "normal_move",
    "normal_v1_move", "weaker_than_average",
]


class HandJudge:
    """How a play treats the hand it comes from: whether it spends a Joker, breaks up a
    four of a kind without playing all four, or leaves part of a set behind. Sets are
    cards of one strength: a rank, or a face in Matchstick Tycoon."""

    __slots__ = ("held", "power", "revolution", "rules")

    def __init__(self, rules: ClimbingRules, hand: Sequence[Card], revolution: bool) -> None:
        self.rules = rules
        self.revolution = revolution
        # Rollouts judge every move, so strengths are looked up once per card.
        self.power = {c: rules.card_strength(c, revolution) for c in hand}
        self.held: Counter[int] = Counter(self.power[c] for c in hand if c != JOKER)

    def kinds(self, cards: Sequence[Card]) -> dict[int, int]:
        """How many cards of each strength, Jokers left out."""
        kinds: dict[int, int] = {}
        power = self.power
        for c in cards:
            if c != JOKER:
                kind = power.get(c)
                if kind is None:
                    kind = power[c] = self.rules.card_strength(c, self.revolution)
                kinds[kind] = kinds.get(kind, 0) + 1
        return kinds

    def judge(self, play: Play) -> tuple[bool, bool, bool]:
        """Whether ``play`` spends a Joker, breaks up a four of a kind, and splits a set."""
        kinds, held = self.kinds(play.cards), self.held
        return (JOKER in play.cards,
                len(play.cards) < 4 and any(held[kind] == 4 for kind in kinds),
                any(held[kind] > n for kind, n in kinds.items()))

    def wasteful(self, play: Play) -> bool:
        """Spends a Joker or breaks up a four of a kind (revolution material)."""
        joker, four, _ = self.judge(play)
        return joker or four


def greedy_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                legal: Sequence[Action]) -> Action:
    """The greedy bot's choice, from what the seat holds and may do (rollouts use it too)."""
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        # The give whose strongest card is weakest, then the next card, and so on.
        return min(gives, key=lambda a: sorted(
            (rules.card_strength(c, False) for c in a.cards), reverse=True))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # a pass, or the discard of a player with only matchsticks
    judge = HandJudge(rules, hand, revolution).judge

    def judged(play: Play) -> tuple[bool, tuple[int, int, int]]:
        """Whether the play is wasteful (spends a Joker, or breaks up a four of a kind
        without revolting), and its cost: weakest first; among equals, plays that
        don't split a set, and bigger ones."""
        joker, four, splits = judge(play)
        return joker or four, (int(splits), rules.play_strength(play, revolution),
                               -len(play.cards))

    endgame = len(hand) <= 4
    costs = [(p, *judged(p)) for p in plays]
    kept = [(cost, p) for p, wasteful, cost in costs if endgame or not wasteful]
    if not kept:
        passing = [a for a in legal if isinstance(a, Pass)]
        return passing[0] if passing else min(costs, key=lambda c: c[2])[0]
    return min(kept, key=lambda c: c[0])[1]



ABOUT_TO_GO_OUT = 2  # cards left: Normal stops a player this close to going out


def normal_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                top: Play | None, fewest_cards: int, legal: Sequence[Action]
                ) -> Action:
    """The Normal bot's choice, given the fewest cards another player still holds
    (rollouts use it too): ``normal_v1_move``, and where Tycoon's or President's house
    rules are on, their tactics (engine.families.climbing.bots.house_tactics): moves it holds
    back, and a better one than the rule text's Normal would make."""
    if not house_tactics(rules):
        return normal_v1_move(rules, hand, revolution, top, fewest_cards, legal)
    kept = held_back(rules, hand, top, legal)
    move = normal_v1_move(rules, hand, revolution, top, fewest_cards, kept)
    return instead(rules, hand, revolution, top, kept, move)


def normal_v1_move(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                   top: Play | None, fewest_cards: int, legal: Sequence[Action]
                   ) -> Action:
    """Normal's choice by the rule text's rules of thumb alone, as the arena's yardstick
    ``normal-v1`` plays it in every game and under every option."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays or any(isinstance(a, Give) for a in legal):
        return greedy_move(rules, hand, revolution, legal)
    if top is None:  # a leader who may pass (UECda's tricks) plays
        legal = plays
    revolts = [p for p in plays if rules.effect(p, top, revolution).revolution]
    if revolts:
        revolt = min(revolts, key=lambda p: rules.play_strength(p, revolution))
        if weaker_than_average(rules, without(hand, revolt.cards), revolution):
            return revolt
        kept = tuple(a for a in legal if a not in revolts)
        if len(hand) > 4 and kept:  # a strong hand keeps its four of a kind
            # (Among all its legal moves there is always another; among a search's
            # remaining candidates there may be none.)
            legal = kept
    move = greedy_move(rules, hand, revolution, legal)
    if isinstance(move, Pass) and fewest_cards <= ABOUT_TO_GO_OUT:
        return min(plays, key=lambda p: (rules.play_strength(p, revolution), -len(p.cards)))
    if isinstance(move, Play):
        # Where the same cards make several plays (Matchstick Tycoon's values), they are
        # played as the one that costs most: matchsticks must all go before a player is
        # out, one a turn once the cards are gone.
        same = [p for p in plays if p.cards == move.cards]  # cards are kept sorted
        if len(same) > 1:
            return max(same, key=lambda p: (rules.play_cost(p),
                                             -rules.play_strength(p, revolution)))
    return move


def weaker_than_average(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool
                         ) -> bool:
    """Whether the hand's natural cards are weaker, on average, than the deck's."""
    mine = [rules.card_strength(c, revolution) for c in hand if c != JOKER]
    return bool(mine) and sum(mine) / len(mine) < deck_average(rules, revolution)


_DECK_AVERAGES: dict[tuple[object, bool], float] = {}


def deck_average(rules: ClimbingRules, revolution: bool) -> float:
    """The mean strength of the deck's natural cards, once per rules and order."""
    average = _DECK_AVERAGES.get((rules, revolution))
    if average is None:
        deck = [rules.card_strength(c, revolution) for c in set(rules.deck()) if c != JOKER]
        average = _DECK_AVERAGES[rules, revolution] = sum(deck) / len(deck)
    return average


