"""Words and JSON views for front ends: what a seat sees, labels for moves, and narration.

One presenter per game family turns observations into plain data and
actions into sentences. Names are the table's; rules are never decided here,
only described.
"""

from collections.abc import Sequence
from typing import Any

from engine.actions import Action as ClimbAction
from engine.actions import Discard, Give, Pass, Play
from engine.cards import Card
from engine.climbing import ClimbObservation, ClimbState, Phase, Transfer
from engine.corporation import (
    Announce,
    Commit,
    CorpAction,
    CorpObservation,
    CorpState,
    describe_action,
    describe_round,
)


def move_text(action: ClimbAction | CorpAction) -> str:
    """The action as a front end sends it back: its notation without the seat."""
    return str(action).partition(":")[2]


def card_list(cards: Sequence[Card]) -> str:
    """ "the 3 of clubs and a Joker"."""
    names = [f"the {c.name}" if not c.is_joker else "a Joker" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Presenter:
    """What every game's presenter shares: the seat names and their grammar."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        """ "You play" but "Aiko plays"."""
        return you_form if self.names[seat] == "You" else other_form

    def outcome_text(self, winners: Sequence[int], scores: Sequence[int]) -> str:
        names = " and ".join(self.names[w] for w in winners)
        points = scores[winners[0]]
        verb = "win" if len(winners) > 1 or self.names[winners[0]] == "You" else "wins"
        return f"{names} {verb} with {points} point{'s' * (points != 1)}"


class ClimbPresenter(Presenter):
    """Tycoon, President and Matchstick Tycoon."""

    def label(self, action: ClimbAction, state: ClimbState) -> str:
        if isinstance(action, Play):
            return "Play " + state.rules.describe_play(action)
        if isinstance(action, Pass):
            return "Pass"
        if isinstance(action, Discard):
            return "Discard a matchstick"
        if isinstance(action, Give):
            owed = state.owed[0]
            return f"Give {card_list(action.cards)} to {self.names[owed.receiver]}"
        return "Deal"

    def narrate(self, action: ClimbAction, before: ClimbState, after: ClimbState,
                viewer: int) -> str:
        """A sentence for the history: "Aiko plays three 9s — Aiko wins the trick"."""
        seat = action.seat
        if isinstance(action, Play):
            who = self.names[seat]
            text = f"{who} {self.verb(seat, 'play', 'plays')} {after.rules.describe_play(action)}"
            notes = []
            if after.revolution != before.revolution:
                notes.append("Counter-revolution!" if before.revolution else "Revolution!")
            if seat in after.out or after.round_no != before.round_no:
                notes.append(f"{who} {self.verb(seat, 'are', 'is')} out")
            elif after.phase is Phase.PLAY and not after.trick:
                notes.append(f"{who} {self.verb(seat, 'win', 'wins')} the trick")
            if after.bankrupt is not None and before.bankrupt is None:
                notes.append(f"{self.names[after.bankrupt]} went bankrupt")
            return " — ".join([text, *notes])
        if isinstance(action, Pass):
            return f"{self.names[seat]} {self.verb(seat, 'pass', 'passes')}"
        if isinstance(action, Discard):
            return f"{self.names[seat]} {self.verb(seat, 'discard', 'discards')} a matchstick"
        if isinstance(action, Give):
            owed = before.owed[0]
            seen = viewer in (owed.giver, owed.receiver)
            return self.transfer_text(Transfer(owed.giver, owed.receiver, owed.count,
                                               action.cards if seen else (), chosen=True))
        return f"Round {after.round_no}: the cards are dealt"

    def transfer_text(self, event: Transfer) -> str:
        """ "Chen gives You the 3 of clubs", "You hand Bruno your 2 highest cards: ..."."""
        giver, receiver = self.names[event.giver], self.names[event.receiver]
        count = f"{event.count} card{'s' * (event.count != 1)}"
        if event.chosen:
            what = card_list(event.cards) if event.cards else count
            return f"{giver} {self.verb(event.giver, 'give', 'gives')} {receiver} {what}"
        whose = self.verb(event.giver, "your", "their")
        highest = f"{whose} highest card" if event.count == 1 else (
            f"{whose} {event.count} highest cards")
        what = f"{highest}: {card_list(event.cards)}" if event.cards else highest
        return f"{giver} {self.verb(event.giver, 'hand', 'hands')} {receiver} {what}"

    def event_text(self, event: Play | Pass | Discard | Transfer, obs: ClimbObservation) -> str:
        if isinstance(event, Transfer):
            return self.transfer_text(event)
        if isinstance(event, Play):
            return f"{self.names[event.seat]}: {obs.rules.describe_play(event)}"
        if isinstance(event, Discard):
            return f"{self.names[event.seat]}: discards a matchstick"
        return f"{self.names[event.seat]}: pass"

    def view(self, obs: ClimbObservation, state: ClimbState, kinds: Sequence[str]
             ) -> dict[str, Any]:
        rules = obs.rules
        titles = obs.titles()
        this_round = state.places[-1] if state.phase is not Phase.PLAY and state.places else None
        return {
            "rounds": rules.rounds or None,
            "phase": obs.phase.value,
            "to_act": obs.actor if obs.actor is not None and obs.actor >= 0 else None,
            "your_turn": obs.actor == obs.seat,
            "hand": [str(c) for c in obs.hand],
            "hand_names": [c.name for c in obs.hand],
            "players": [{
                "seat": s, "name": self.names[s], "kind": kinds[s], "title": titles[s],
                "score": obs.scores[s], "cards": obs.hand_sizes[s], "passed": s in obs.passed,
                "place": obs.out.index(s) + 1 if s in obs.out else None,
                "bankrupt": s == obs.bankrupt, "sticks": obs.sticks[s],
            } for s in range(obs.players)],
            "trick": [{"seat": p.seat, "cards": [str(c) for c in p.cards],
                       "text": rules.describe_play(p)} for p in obs.trick],
            "revolution": obs.revolution,
            "owed": [{"giver": o.giver, "receiver": o.receiver, "count": o.count}
                     for o in obs.owed],
            "legal": [{"act": move_text(a), "label": self.label(a, state),
                       "cards": [str(c) for c in getattr(a, "cards", ())]} for a in obs.legal],
            "history": [self.event_text(e, obs) for e in obs.events],
            "last_round": None if this_round is None else {
                "round": len(state.places),
                "results": [{"seat": s, "name": self.names[s],
                             "title": rules.title(place, obs.players),
                             "points": rules.points(place, obs.players)}
                            for place, s in enumerate(this_round)]},
        }


class CorpPresenter(Presenter):
    """Corporation: secret commits, table talk and reveals."""

    def label(self, action: CorpAction) -> str:
        return describe_action(action)

    def narrate(self, action: CorpAction, before: CorpState, after: CorpState,
                viewer: int) -> str:
        seat = action.seat
        who = self.names[seat]
        if isinstance(action, Announce):
            return f'{who} {self.verb(seat, "say", "says")} "{action.text}"'
        assert isinstance(action, Commit)
        # Only the committing seat may know the card before the reveal.
        what = f"a {action.card}" if seat == viewer else "a card"
        text = f"{who} {self.verb(seat, 'commit', 'commits')} {what} face down"
        if len(after.history) > len(before.history):  # the last commit: the reveal, a line each
            text += "\n" + "\n".join(describe_round(after.history[-1], self.names))
        return text

    def view(self, obs: CorpObservation, state: CorpState, kinds: Sequence[str]
             ) -> dict[str, Any]:
        face_up = obs.face_up
        last = obs.history[-1] if obs.history else None
        return {
            "rounds": None,
            "phase": obs.phase.value,
            "to_act": sorted(obs.to_act),
            "your_turn": obs.seat in obs.to_act,
            "hand": [str(c) for c in obs.hand],
            "hand_names": [str(c) for c in obs.hand],
            "commit": obs.commit,
            "target": obs.target,
            "players": [{
                "seat": s, "name": self.names[s], "kind": kinds[s], "score": obs.scores[s],
                "committed": s in obs.committed, "face_up": face_up[s],
            } for s in range(obs.players)],
            "corporations": [{"value": c.value, "members": list(c.members)}
                             for c in obs.corporations],
            "announcements": [{"seat": a.seat, "text": a.text} for a in obs.announcements],
            "legal": [{"act": move_text(a), "label": self.label(a),
                       "cards": [str(a.card)] if isinstance(a, Commit) else []}
                      for a in obs.legal],
            "history": [line for result in obs.history
                        for line in describe_round(result, self.names)],
            "last_round": None if last is None else {
                "round": last.round_no, "played": list(last.played),
                "points": list(last.points),
                "text": list(describe_round(last, self.names))},
        }
