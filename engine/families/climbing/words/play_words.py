"""A play in words and as a front end draws it: a set, a sequence or a Matchstick play
("three 9s", "a 5-6-7 sequence of spades", "two Es (3 turned, 3 turned)"), for the
presenter's labels and narration and for the hints."""

from collections.abc import Sequence

from engine.core.actions import Play
from engine.core.cards import SUIT_SYMBOLS, Card, describe_set, rank_text
from engine.core.contract import HowPlayed
from engine.core.words import counted, join, plural
from engine.families.climbing.rules.matchstick import GLYPHS, Face, StickPlay, turned
from engine.families.climbing.rules.matchstick import cost as stick_cost
from engine.families.climbing.rules.sequences import RunPlay, describe_run

__all__ = ["corners", "describe_play", "laid_out", "play_json"]


def corners(cards: Sequence[Card]) -> str:
    """Cards as their corners show them: "3♣ and a Joker"."""
    return join("a Joker" if card.suit is None else rank_text(card.rank) + SUIT_SYMBOLS[card.suit]
                for card in cards)


def describe_play(play: Play, detail: bool = True) -> str:
    """A play in a sentence: a set of cards as it stands ("three 9s", "two 9s with a
    Joker", "the 2 of spades"); a sequence as it runs ("a 5-6-7 sequence of spades"); a
    Matchstick play as the value its cards act as, with, in ``detail``, how they were
    made and what they cost ("two Es (3 turned, 3 turned)", "two 7s (1 +1, 7) for 1
    matchstick"; without ``detail``, "two Es")."""
    if isinstance(play, RunPlay):
        return describe_run(play)
    if not isinstance(play, StickPlay):
        return describe_set(play.cards)
    head = counted(len(play.cards), play.value)
    if not detail:
        return head
    parts = []
    for card, is_turned in zip(play.cards, play.turned, strict=True):
        added = stick_cost(str(card), play.value)
        part = str(card) + (" turned" if is_turned else "")
        if added:
            part += f" +{added}"
        parts.append(part)
    made = "" if all(str(c) == play.value for c in play.cards) else f" ({', '.join(parts)})"
    price = play.cost
    return head + made + (f" for {plural(price, 'matchstick')}" if price else "")


def laid_out(play: Play) -> tuple[Card, ...]:
    """A play's cards as they lie on the table: a sequence in its order, each Joker in
    the place it stands for; any other play as it is."""
    return play.laid_out if isinstance(play, RunPlay) else play.cards


def play_json(play: Play) -> HowPlayed:
    """What a front end needs besides the cards to show how a play is made: for a
    Matchstick play, the value the cards act as (its glyph), the matchsticks it costs,
    and per card whether it is turned and the segments added, in the card's own frame
    (drawn upright, then turned half a turn when ``turned``); nothing for a set of
    cards as they stand."""
    if not isinstance(play, StickPlay):
        return {}
    value = GLYPHS[play.value]
    return {"value": Face(play.value).to_json(), "cost": play.cost, "faces": [
        {"id": str(card), "turned": bool(is_turned),
         "added": "".join(sorted((turned(value) if is_turned else value)
                                 - GLYPHS[str(card)]))}
        for card, is_turned in zip(play.cards, play.turned, strict=True)]}
