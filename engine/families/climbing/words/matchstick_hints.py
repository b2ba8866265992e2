"""Why a move in Matchstick Tycoon: its plays (values, transforms and their matchsticks),
on the climbing games' facts, gives and passes (engine.families.climbing.words.hints)."""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.actions import Action, Play
from engine.core.words import capitalized, join, number, plural
from engine.families.climbing.rules.matchstick import StickPlay, fit
from engine.families.climbing.rules.matchstick import cost as stick_cost
from engine.families.climbing.rules.state import ClimbObservation
from engine.families.climbing.words.hints import Facts, explain_with, possessive, revolution_reason

__all__ = ["StickFacts", "explain", "made_of", "stick_play_reason"]

if TYPE_CHECKING:
    from engine.core.bots import Fared


class StickFacts(Facts):
    """A Matchstick hand: sets are faces, and a revolution takes five cards of any faces
    acting as one value, so the hand keeps no fours for one."""

    def fours(self, gone: Sequence[object] = ()) -> list[int]:
        return []

    def four_name(self, kind: int) -> str:
        return f"your four {self.card_of(kind)}s"

    def kept(self, play: Play | None, gone: Sequence[object] = ()) -> str:
        return ""

    def nothing_beats(self, table: str) -> str:
        stick = " (passing gives you a matchstick)" if self.rules.pass_takes_stick else ""
        return f"Nothing you hold beats {table}, even with your matchsticks: pass{stick}."


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
    if after == 0:
        cards = "card" if len(play.cards) == 1 else "cards"
        if left == 0:
            return f"Plays your last {cards} as {head}{made}: you go out."
        return (f"Plays your last {cards} as {head}{made}; then discard your "
                f"{plural(left, 'matchstick')} to go out.")
    effect = rules.effect(play, facts.top, facts.revolution)
    if effect.revolution:
        main = revolution_reason(facts, play).replace(
            possessive("your", facts.describe(play)), f"{head}{made}", 1)
        return capitalized(main) + "."
    strength = rules.play_strength(play, facts.revolution)
    if facts.top is None:
        weakest = all(rules.play_strength(p, facts.revolution) >= strength
                      for p in facts.plays)
        main = f"Lead {head}{made}" + (
            f": the weakest value you can play{facts.order_note}" if weakest else "")
    else:
        weaker = [p for p in facts.plays if rules.play_strength(p, facts.revolution) < strength]
        verb = "is" if len(play.cards) == 1 else "are"
        main = f"{capitalized(head)}{made} {verb} "
        if not weaker:
            main += f"the weakest value that beats {facts.table()}{facts.order_note}"
        elif not facts.splits(play) and all(facts.splits(p) for p in weaker):
            main += (f"the weakest value that beats {facts.table()} without breaking up a "
                     f"set{facts.order_note}")
        else:
            main += f"enough to beat {facts.table()}"
    if price:
        main += (f"; spending {plural(price, 'matchstick')} is progress, as you must be rid "
                 "of them all to go out")
    return main + "."


def made_of(play: StickPlay) -> str:
    """ " (from your 1 plus 1 matchstick and your 7)", or "" when every card is itself."""
    groups = Counter((str(card), bool(fit(str(card), play.value)),
                      stick_cost(str(card), play.value)) for card in play.cards)
    if all(face == play.value for face, _, _ in groups):
        return ""
    parts = []
    for (face, turned, added), count in groups.items():
        part = f"your {face}" if count == 1 else f"your {number(count)} {face}s"
        if turned:
            part += " turned"
        if added:
            part += f" plus {plural(added, 'matchstick')}"
            part += " each" if count > 1 else ""
        parts.append(part)
    return f" (from {join(parts)})"
