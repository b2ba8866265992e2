"""The rules of thumb of the Greedy and Normal bots, as functions of what a seat holds and
may do: the bots play them, Hard's search simulates every seat with Normal's, and the hint
names their reasons.
"""

from collections import Counter
from collections.abc import Sequence

from engine.actions import Action, Give, Pass, Play
from engine.cards import JOKER, Card
from engine.climbing import ClimbingRules, without


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
    # Rollouts call this for every move, so strengths are looked up once per card.
    power = {c: rules.card_strength(c, revolution) for c in hand}
    held: Counter[int] = Counter(power[c] for c in hand if c != JOKER)

    def judged(play: Play) -> tuple[bool, tuple[int, int, int]]:
        """Whether the play is wasteful (uses a Joker, or breaks up a four-of-a-kind
        without revolting), and its cost: weakest first; among equals, plays that
        don't split a set, and bigger ones."""
        kinds: dict[int, int] = {}  # how many cards of each strength, Jokers left out
        for c in play.cards:
            if c != JOKER:
                kind = power.get(c)
                if kind is None:
                    kind = power[c] = rules.card_strength(c, revolution)
                kinds[kind] = kinds.get(kind, 0) + 1
        wasteful = JOKER in play.cards or (
            len(play.cards) < 4 and any(held[kind] == 4 for kind in kinds))
        splits = int(any(held[kind] > n for kind, n in kinds.items()))
        return wasteful, (splits, rules.play_strength(play, revolution), -len(play.cards))

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
    (rollouts use it too)."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays or any(isinstance(a, Give) for a in legal):
        return greedy_move(rules, hand, revolution, legal)
    revolts = [p for p in plays if rules.effect(p, top, revolution).revolution]
    if revolts:
        revolt = min(revolts, key=lambda p: rules.play_strength(p, revolution))
        if weaker_than_average(rules, without(hand, revolt.cards), revolution):
            return revolt
        if len(hand) > 4:  # a strong hand keeps its four of a kind
            legal = tuple(a for a in legal if a not in revolts)
    move = greedy_move(rules, hand, revolution, legal)
    if isinstance(move, Pass) and fewest_cards <= ABOUT_TO_GO_OUT:
        return min(plays, key=lambda p: (rules.play_strength(p, revolution), -len(p.cards)))
    if rules.pass_takes_stick and isinstance(move, Play):
        # Matchsticks must all go before a player is out, one a turn once the cards are
        # gone: the cards chosen are played as the value that spends the most of them.
        cards = Counter(move.cards)
        same = [p for p in plays if len(p.cards) == len(move.cards) and Counter(p.cards) == cards]
        return max(same, key=lambda p: (rules.play_cost(p), -rules.play_strength(p, revolution)))
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


