"""The climbing games' shared reasons a play is refused, in the language in force when the
refusal is made: a play of the wrong size, one weaker than the table, one outside a suit
lock. Each game's module adds its own."""

from collections.abc import Sequence

from engine.core.cards import Card, Suit, describe_set, suit_name
from engine.core.language import N_, _

__all__ = ["REVOLUTION_NOTE", "not_beating", "size_needed", "why_not_in_lock"]

_SIZES_NEEDED = (N_("one card needed: the table holds a single"),
                 N_("two cards needed: the table holds a pair"),
                 N_("three cards needed: the table holds a triple"),
                 N_("four cards needed: the table holds four of a kind"),
                 N_("five cards needed: the table holds five of a kind"))

REVOLUTION_NOTE = N_(" (revolution: lower ranks are stronger)")
"""Said after a refusal during a revolution (``_`` where said)."""


def size_needed(size: int) -> str:
    """Why a play of the wrong size is refused: "two cards needed: the table holds a
    pair"."""
    return _(_SIZES_NEEDED[size - 1])


def not_beating(cards: Sequence[Card], top: Sequence[Card], note: str = "") -> str:
    """Why a set does not beat the table's: "two 9s do not beat two Kings", then
    ``note`` (said already)."""
    mine, theirs = describe_set(cards), describe_set(top)
    if len(cards) == 1:
        return _("{mine} does not beat {theirs}{note}").format(mine=mine, theirs=theirs,
                                                               note=note)
    return _("{mine} do not beat {theirs}{note}").format(mine=mine, theirs=theirs, note=note)


# The suits a trick is locked to, by how many they are.
_LOCKED_TO = (N_("the trick is locked to {first}"),
              N_("the trick is locked to {first} and {second}"),
              N_("the trick is locked to {first}, {second} and {third}"),
              N_("the trick is locked to {first}, {second}, {third} and {fourth}"))


def why_not_in_lock(lock: frozenset[Suit], jokers_wild: bool = True) -> str:
    """Why a play outside the suit lock is refused: "the trick is locked to hearts: play
    those suits until it clears (a Joker may stand in for any)"."""
    suits = [suit_name(suit) for suit in sorted(lock)]
    locked = _(_LOCKED_TO[len(suits) - 1]).format(
        **dict(zip(("first", "second", "third", "fourth"), suits, strict=False)))
    if jokers_wild:
        return _("{locked}: play those suits until it clears (a Joker may stand in for "
                 "any)").format(locked=locked)
    return _("{locked}: play those suits until it clears").format(locked=locked)
