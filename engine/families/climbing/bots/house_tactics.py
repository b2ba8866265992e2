"""Normal's tactics for the house rules of Tycoon and President, on top of the rule
texts' rules of thumb (``policies.normal_v1_move``): the moves Normal holds back
(``held_back``) and the move it makes instead of the rule text's Normal (``instead``).
They play only where a house rule they are for is on (``house_tactics``): under the rule
texts' options Normal plays as it always has. The arena measured each (docs/BOTS.md,
"Normal under the house rules"); counts.py copies the lucky rank's, the one house rule its
playouts model.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.actions import Action, Give, Play
from engine.core.cards import JOKER, Card, Rank, Suit
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import ClimbingRules, without
from engine.families.climbing.rules.tycoon import TycoonRules
from engine.families.climbing.rules.tycoon_plays import forbidden, natural_rank

__all__ = ["CUTS", "LUCKY_HELD_SETS", "held_back", "house_tactics", "instead"]

CUTS = ("7", "8")
"""The values of the cut option Normal has tactics for: a lucky rank the table chose."""

LUCKY_HELD_SETS = 3
"""Normal leads its lucky rank only once its hand is down to this many sets (Jokers one):
before, it keeps it to take a trick with."""


@dataclass(frozen=True, slots=True)
class _HouseRules:
    """The house rules Normal has tactics for that are on (a game without one has it off)."""

    cut: bool  # a lucky rank the cut option names
    lock: bool
    sequences: bool
    forbidden_finish: bool
    all_pass: bool  # a trick clears only when all have passed, the last player included


# By identity, as bots.normal_model's (hashing a rules dataclass costs more than Normal's
# question); the rules are kept in the entry, so an id is not reused while it is cached.
_HOUSE_RULES: dict[int, tuple[ClimbingRules, _HouseRules]] = {}


def _house(rules: ClimbingRules) -> _HouseRules:
    entry = _HOUSE_RULES.get(id(rules))
    if entry is None:
        options = rules.options()
        entry = _HOUSE_RULES[id(rules)] = (rules, _HouseRules(
            options.get("cut") in CUTS, bool(options.get("lock")),
            bool(options.get("sequences")), bool(options.get("forbidden_finish")),
            rules.all_pass))
    return entry[1]


def house_tactics(rules: ClimbingRules) -> bool:
    """Whether Normal plays a house rule's tactics: a lucky rank the cut option names (not
    Tycoon's rule-text lucky 7s), the suit lock, sequences, forbidden finishes, or tricks
    that clear only when all have passed."""
    house = _house(rules)
    return (house.cut or house.lock or house.sequences or house.forbidden_finish
            or house.all_pass)


def held_back(rules: ClimbingRules, hand: tuple[Card, ...], top: Play | None,
              legal: Sequence[Action]) -> Sequence[Action]:
    """The moves Normal considers. With forbidden finishes: none that leaves only cards
    that may not finish the hand, or finishes it on them; and leading with one clean set
    left, a play that sheds the others first. With a lucky rank: no lead of a set of it
    (a sequence through it is fine: it sheds more) while the hand holds more than
    ``LUCKY_HELD_SETS`` sets. Where a trick clears only when all have passed: on its own
    play, nothing but going out (a pass clears the trick and it leads anything it likes,
    where a play on its own narrows its choice and gives the others another turn). Where
    it would hold back every move it is given (a search's candidates left without the pass
    or the finish), it keeps them all, so that Normal always has one of ``legal`` to name."""
    house = _house(rules)
    kept = legal
    if house.all_pass and top is not None and top.seat == legal[0].seat:
        kept = [a for a in legal if not isinstance(a, Play) or len(a.cards) == len(hand)]
    if house.forbidden_finish:
        assert isinstance(rules, TycoonRules)  # the one game with forbidden finishes
        kept = _clean_finish(rules, hand, top, kept)
    if top is None and house.cut and rules.lucky_rank is not None:
        sets = len({card.rank for card in hand if card is not JOKER}) + (JOKER in hand)
        if sets > LUCKY_HELD_SETS:
            lucky = rules.lucky_rank
            others = [a for a in kept if not isinstance(a, Play) or isinstance(a, RunPlay)
                      or natural_rank(a.cards) is not lucky]
            if any(isinstance(a, Play) for a in others):  # (a leader may pass in UECda's)
                return others
    return kept or legal


def _clean_finish(rules: TycoonRules, hand: tuple[Card, ...], top: Play | None,
                  legal: Sequence[Action]) -> Sequence[Action]:
    """``held_back``'s moves for forbidden finishes."""
    spoils = _finish_spoiler(rules)
    clean = [card for card in hand if not spoils(card)]
    if len(clean) == len(hand):
        return legal
    kept: list[Action] = []
    for action in legal:
        if isinstance(action, Play | Give):
            if len(action.cards) == len(hand):
                if isinstance(action, Play) and forbidden(
                        action, rules.ranks[-1], rules.lucky_rank, rules.low_spade):
                    continue
            elif sum(not spoils(card) for card in action.cards) == len(clean):
                continue  # it would leave only cards that may not finish
        kept.append(action)
    if top is None and len({card.rank for card in clean}) == 1:
        shed: list[Action] = [a for a in kept if isinstance(a, Play)
                              and any(spoils(card) for card in a.cards)]
        kept = shed or kept
    return kept or legal  # a hand of those cards only has no plan to keep


def _finish_spoiler(rules: TycoonRules) -> Callable[[Card], bool]:
    """Whether a play holding a card is a forbidden finish, card by card."""
    low_spade, ranks = rules.low_spade, (rules.ranks[-1], rules.lucky_rank)
    return lambda card: card is JOKER or card == low_spade or card.rank in ranks


def instead(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool, top: Play | None,
            moves: Sequence[Action], move: Action) -> Action:
    """What Normal plays for ``move``, the rule text's Normal's choice among ``moves``
    (those ``held_back`` leaves): a set of the lucky rank that leaves one clean set (it
    clears the trick, and the last set goes out on the lead it wins); leading with
    sequences, its longest sequence without Jokers (hard to answer, and it sheds three
    cards or more); answering under the suit lock, a play as strong that locks the trick
    where the hand holds a stronger card of the locked suits."""
    house = _house(rules)
    if house.cut and rules.lucky_rank is not None:
        finish = _lucky_finish(rules, hand, rules.lucky_rank, moves)
        if finish is not None:
            return finish
    if not isinstance(move, Play):
        return move
    if top is None:
        return _longest_run(rules, revolution, moves, move) if house.sequences else move
    return _locking(rules, hand, revolution, top, moves, move) if house.lock else move


def _lucky_finish(rules: ClimbingRules, hand: tuple[Card, ...], lucky: Rank,
                  moves: Sequence[Action]) -> Play | None:
    """A set of every lucky card in hand, no Joker, after which the rest is one clean set."""
    for play in moves:
        if (isinstance(play, Play) and not isinstance(play, RunPlay)
                and play.cards[0].rank is lucky and JOKER not in play.cards):
            rest = without(hand, play.cards)
            if (rest and len({card.rank for card in rest if card is not JOKER}) == 1
                    and JOKER not in rest and rest[0].rank is not lucky
                    and not (isinstance(rules, TycoonRules) and rules.forbidden_finish
                             and any(map(_finish_spoiler(rules), rest)))):
                return play
    return None


def _longest_run(rules: ClimbingRules, revolution: bool, moves: Sequence[Action], move: Play
                 ) -> Play:
    runs = [a for a in moves if isinstance(a, RunPlay) and JOKER not in a.cards]
    if not runs:
        return move
    return min(runs, key=lambda run: (-len(run.cards), rules.play_strength(run, revolution)))


def _locking(rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool, top: Play,
             moves: Sequence[Action], move: Play) -> Play:
    """``move``, or a play as strong with as many Jokers that locks the trick to suits the
    hand holds a stronger card of (a stronger play to lock measured worse)."""
    unlocked: frozenset[Suit] = frozenset()
    if rules.lock_after(move, top, unlocked):
        return move
    strength = rules.play_strength(move, revolution)
    jokers = move.cards.count(JOKER)
    for play in moves:
        if (not isinstance(play, Play) or type(play) is not type(move)
                or play.cards.count(JOKER) != jokers
                or rules.play_strength(play, revolution) != strength):
            continue
        lock = rules.lock_after(play, top, unlocked)
        if lock and any(card is not JOKER and card.suit in lock
                        and rules.card_strength(card, revolution) > strength
                        for card in without(hand, play.cards)):
            return play
    return move
