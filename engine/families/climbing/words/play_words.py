"""A play in words and as a front end draws it: a set, a sequence or a Matchstick play
("three 9s", "a 5-6-7 sequence of spades", "two Es (3 turned, 3 turned)"), for the
presenter's labels and narration and for the hints."""

from collections.abc import Sequence

from engine.core.actions import Action, Play
from engine.core.cards import SUIT_SYMBOLS, Card, describe_set, rank_text
from engine.core.contract import HowPlayed
from engine.core.language import _, p_
from engine.core.words import counted, join, number, plural
from engine.families.climbing.rules.matchstick import GLYPHS, Face, StickPlay, turned
from engine.families.climbing.rules.matchstick import cost as stick_cost
from engine.families.climbing.rules.sequences import RunPlay, describe_run
from engine.families.climbing.rules.state import ClimbObservation

__all__ = ["corners", "describe_play", "laid_out", "picker_order", "play_json", "stick_choice"]


def corners(cards: Sequence[Card]) -> str:
    """Cards as their corners show them: "3♣ and a Joker"; 「♣3・ジョーカー」."""
    # Translators: a card as its corner shows it, its rank ("3") and its suit ("♣").
    return join(_("a Joker") if card.suit is None else
                _("{rank}{suit}").format(rank=rank_text(card.rank), suit=SUIT_SYMBOLS[card.suit])
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
    if all(str(c) == play.value for c in play.cards):
        return head
    parts = []
    for card, is_turned in zip(play.cards, play.turned, strict=True):
        added = stick_cost(str(card), play.value)
        part = _("{face} turned").format(face=card) if is_turned else str(card)
        if added:
            part += f" +{added}"
        parts.append(part)
    # Translators: the separator of a play's cards, each as it is made ("3 turned").
    how = p_("cards", ", ").join(parts)
    if not play.cost:
        return _("{play} ({how})").format(play=head, how=how)
    return _("{play} ({how}) for {matchsticks}").format(
        play=head, how=how, matchsticks=plural(play.cost, "matchstick"))


def stick_choice(play: StickPlay) -> tuple[str, str | None]:
    """A Matchstick play as a button names it: the value ("a C", "two 3s"), and how the
    cards make it and what it costs ("the 7 turned, 1 matchstick", "the C turned, 1
    matchstick", "the 1 extended, 1 matchstick", "the 3 turned, free"); None where every
    card is itself ("two 7s")."""
    head = counted(len(play.cards), play.value)
    made: dict[tuple[str, bool], int] = {}  # (face, turned): how many cards are made so
    for card, is_turned in zip(play.cards, play.turned, strict=True):
        if str(card) != play.value:
            made[str(card), bool(is_turned)] = made.get((str(card), bool(is_turned)), 0) + 1
    if not made:
        return head, None
    parts = [(_("the {face} turned") if turned_over else _("the {face} extended")).format(
        face=face) if count == 1 else
        (_("{count} {face}s turned") if turned_over else _("{count} {face}s extended")).format(
        count=number(count), face=face)
        for (face, turned_over), count in made.items()]
    price = plural(play.cost, "matchstick") if play.cost else _("free")
    return head, _("{parts}, {price}").format(parts=join(parts), price=price)


def picker_order(moves: Sequence[tuple[Action, Exception | None]],
                 observation: ClimbObservation
                 ) -> tuple[list[tuple[Action, Exception | None]], list[str | None]]:
    """The moves a selection could make (each with why it is refused, or None) in the
    picker's order: those you may make first, then the refused, each weakest to strongest
    as the order stands; and the fold each goes under, with how many it holds: a
    Matchstick play you cannot pay for under "Not enough matchsticks (8)", one that does
    not beat the table under "Too weak for the table (3)" (any other refused under "Not
    playable now"), none for any other move."""
    rules, revolution = observation.rules, observation.revolution

    def strength(pair: tuple[Action, Exception | None]) -> tuple[bool, int]:
        action, error = pair
        power = rules.play_strength(action, revolution) if isinstance(action, Play) else 0
        return error is not None, power

    ordered = sorted(moves, key=strength)
    sticks = observation.sticks[observation.seat] if observation.sticks else 0
    top = observation.top
    beaten = None if top is None else rules.play_strength(top, revolution)
    folds = [None if error is None or not isinstance(action, StickPlay) else
             _("Not enough matchsticks") if action.cost > sticks else
             _("Too weak for the table") if beaten is not None and strength((action, None))[1]
             <= beaten else _("Not playable now")
             for action, error in ordered]
    return ordered, [None if fold is None else
                     _("{fold} ({n})").format(fold=fold, n=folds.count(fold))
                     for fold in folds]


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
