"""Why a move in Matchstick Tycoon: its plays (values, transforms and their matchsticks),
on the climbing games' facts, gives and passes (engine.families.climbing.words.hints)."""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.actions import Action, Play
from engine.core.language import _
from engine.core.words import as_object, capitalized, join, number, plural
from engine.families.climbing.rules.matchstick import StickPlay, fit
from engine.families.climbing.rules.matchstick import cost as stick_cost
from engine.families.climbing.rules.state import ClimbObservation
from engine.families.climbing.words.hints import Facts, explain_with, revolution_reason

__all__ = ["StickFacts", "explain", "made_of", "stick_play_reason"]

if TYPE_CHECKING:
    from engine.core.bots import Fared


class StickFacts(Facts):
    """A Matchstick hand: sets are faces, and a revolution takes five cards of any faces
    acting as one value, so the hand keeps no fours for one."""

    def fours(self, gone: Sequence[object] = ()) -> list[int]:
        return []

    def four_name(self, kind: int) -> str:
        return _("your four {face}s").format(face=self.card_of(kind))

    def kept(self, play: Play | None, gone: Sequence[object] = ()) -> str:
        return ""

    def nothing_beats(self, table: str) -> str:
        stick = _(" (passing gives you a matchstick)") if self.rules.pass_takes_stick else ""
        return _("Nothing you hold beats {table}, even with your matchsticks: "
                 "pass{stick}.").format(table=table, stick=stick)


def explain(observation: ClimbObservation, action: Action, names: Sequence[str],
            fared: Mapping[Action, "Fared"]) -> str:
    """Why ``action`` in Matchstick Tycoon, and, when the Hard bot searched (``fared``),
    how it fared."""
    return explain_with(StickFacts(observation, names), action, fared, stick_play_reason)


def stick_play_reason(facts: StickFacts, play: StickPlay) -> str:
    rules = facts.rules
    head = facts.head(play)
    price = play.cost
    left = facts.sticks - price
    after = len(facts.hand) - len(play.cards)
    made = made_of(play)
    one = len(play.cards) == 1
    if after == 0:
        if left == 0:
            return (_("Plays your last card as {play}{made}: you go out.") if one else
                    _("Plays your last cards as {play}{made}: you go out.")).format(
                play=head, made=made)
        return (_("Plays your last card as {play}{made}; then discard your {matchsticks} "
                  "to go out.") if one else
                _("Plays your last cards as {play}{made}; then discard your {matchsticks} "
                  "to go out.")).format(play=head, made=made,
                                        matchsticks=plural(left, "matchstick"))
    effect = rules.effect(play, facts.top, facts.revolution)
    if effect.revolution:
        main = revolution_reason(facts, play, mine=head + made)
        return _("{text}.").format(text=capitalized(main))
    strength = rules.play_strength(play, facts.revolution)
    if facts.top is None:
        weakest = all(rules.play_strength(p, facts.revolution) >= strength
                      for p in facts.plays)
        main = (_("Lead {play}: the weakest value you can play{note}") if weakest else
                _("Lead {play}")).format(play=as_object(head + made), note=facts.order_note)
    else:
        weaker = [p for p in facts.plays if rules.play_strength(p, facts.revolution) < strength]
        if not weaker:
            main = (_("{play} is the weakest value that beats {table}{note}") if one else
                    _("{play} are the weakest value that beats {table}{note}"))
        elif not facts.splits(play) and all(facts.splits(p) for p in weaker):
            main = (_("{play} is the weakest value that beats {table} without breaking up a "
                      "set{note}") if one else
                    _("{play} are the weakest value that beats {table} without breaking up "
                      "a set{note}"))
        else:
            main = (_("{play} is enough to beat {table}") if one else
                    _("{play} are enough to beat {table}"))
        main = main.format(play=capitalized(head) + made, table=facts.table(),
                           note=facts.order_note)
    if price:
        main = _("{reason}; spending {matchsticks} is progress, as you must be rid of them all "
                 "to go out").format(reason=main, matchsticks=plural(price, "matchstick"))
    return _("{text}.").format(text=main)


def made_of(play: StickPlay) -> str:
    """ " (from your 1 plus 1 matchstick and your 7)", or "" when every card is itself."""
    groups = Counter((str(card), bool(fit(str(card), play.value)),
                      stick_cost(str(card), play.value)) for card in play.cards)
    if all(face == play.value for face, _, _ in groups):
        return ""
    parts = []
    for (face, turned, added), count in groups.items():
        if count == 1:
            part = (_("your {face} turned plus {matchsticks}") if turned and added else
                    _("your {face} turned") if turned else
                    _("your {face} plus {matchsticks}") if added else _("your {face}"))
        else:
            part = (_("your {n} {face}s turned plus {matchsticks} each") if turned and added
                    else _("your {n} {face}s turned") if turned else
                    _("your {n} {face}s plus {matchsticks} each") if added else
                    _("your {n} {face}s"))
        parts.append(part.format(face=face, n=number(count),
                                 matchsticks=plural(added, "matchstick")))
    return _(" (from {parts})").format(parts=join(parts))
