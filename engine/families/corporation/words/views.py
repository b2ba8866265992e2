"""Corporation's presenter: views, move labels and narration of secret commits, table
talk and reveals, from a seat's observations only."""

from collections.abc import Sequence

from engine.core.actions import Concealed
from engine.core.contract import CardJson, HowPlayed
from engine.core.presenter import Presenter
from engine.core.words import counted, join, plural, signed_points
from engine.families.corporation.rules.definition import Announce, Commit, CorpAction
from engine.families.corporation.rules.machine import (
    CorpObservation,
    Phase,
    RoundResult,
    face_up_reason,
)
from engine.families.corporation.words.contract import CorpView, RoundHeadline, RoundPlayed
from engine.families.corporation.words.contract import RoundResult as SeatResult

__all__ = ["CorpPresenter", "describe_action", "describe_round"]


class CorpPresenter(Presenter):
    """Corporation: secret commits, table talk and reveals."""

    def card(self, card: int) -> CardJson:
        """A numbered card (see ``Card.to_json``)."""
        return {"id": str(card), "rank": str(card), "suit": "", "color": "plain",
                "name": str(card)}

    def label(self, action: CorpAction, observation: CorpObservation) -> str:
        return describe_action(action)

    def how_played(self, action: CorpAction, observation: CorpObservation) -> HowPlayed:
        """For an announcement: its words alone, quoted, as they stand beside Say."""
        return {"said": f'"{action.text}"'} if isinstance(action, Announce) else {}

    def narrate(self, step: CorpAction | Concealed, before: CorpObservation,
                after: CorpObservation) -> str:
        seat = step.seat
        who = self.names[seat]
        if isinstance(step, Announce):
            return f'{who} {self.verb(seat, "say", "says")} "{step.text}"'
        what = counted(1, str(step.card)) if isinstance(step, Commit) else "a card"
        text = f"{who} {self.verb(seat, 'commit', 'commits')} {what} face down"
        if len(after.history) > len(before.history):  # the last commit: the reveal, a line each
            text += "\n" + "\n".join(describe_round(after.history[-1], self.names))
        return text

    def waiting_text(self, observation: CorpObservation) -> str:
        if observation.phase is Phase.OVER:
            return "the game is over"
        seat = observation.seat
        who = "you have" if self.names[seat] == "You" else f"{self.names[seat]} has"
        return f"{who} committed a card this round: wait for the reveal"

    def prompt(self, observation: CorpObservation) -> str:
        """What the seat is to do, or what it waits for."""
        if observation.seat in observation.to_act:
            return f"{self.whose(observation.seat)} turn: commit a card"
        if not observation.to_act:
            return ""
        mine = observation.commit
        return ("Waiting for the others to commit" if mine is None else
                f"{self.whose(observation.seat)} {mine} is face down: waiting for the "
                "others to commit")

    def status(self, observation: CorpObservation, seat: int) -> str:
        """A seat's state this round: its card is down, or it is choosing one."""
        if seat in observation.committed:
            return "card down"
        return "choosing" if observation.phase is Phase.COMMIT else ""

    def round_text(self, observation: CorpObservation, round_no: int) -> str:
        return f"Round {round_no} · target {plural(observation.target, 'point')}"

    def view(self, observation: CorpObservation, kinds: Sequence[str]) -> CorpView:
        obs = observation
        face_up = obs.face_up
        # The round just revealed is the news until anyone acts in the next one.
        news = obs.phase is Phase.OVER or not (obs.committed or obs.announcements)
        last = obs.history[-1] if obs.history and news else None
        told = [describe_round(result, self.names) for result in obs.history]
        rounds = self.rounds_json(obs.history, obs.scores)
        return {
            "table": "reveal",  # the page's layout: secret commits, talk and a reveal
            "rounds": None,
            "phase": obs.phase.value,
            "to_act": sorted(obs.to_act),
            "your_turn": obs.seat in obs.to_act,
            "prompt": self.prompt(obs),
            "verb": "Commit",
            "pass_label": None,
            "hand": [self.card(card) for card in obs.hand],
            # The card face up in a Corporation is the seat's, but not to be committed.
            "held_back": [{**self.card(card), "reason": face_up_reason(card)}
                          for card in (face_up[obs.seat],) if card is not None],
            "commit": obs.commit,
            "target": obs.target,
            "players": [{
                "seat": s, "name": self.names[s], "kind": kinds[s], "score": obs.scores[s],
                "temperament": self.temperaments[s],  # a bot's character: "sly", "trusting"
                "committed": s in obs.committed, "face_up": face_up[s],
                "to_go": max(0, obs.target - obs.scores[s]),  # points short of the target
                "points_text": plural(obs.scores[s], "point"),
                "to_go_text": f"{max(0, obs.target - obs.scores[s])} to go",
                "status": self.status(obs, s),
            } for s in range(obs.players)],
            "corporations": [{"value": c.value, "members": list(c.members),
                              "card": self.card(c.value),
                              "text": f"Corporation {c.value}: "
                                      f"{join(self.names[m] for m in c.members)}",
                              "who": join(self.names[m] for m in c.members)}
                             for c in obs.corporations],
            "table_notes": self.corporation_notes(obs),
            "announcements": [{"seat": a.seat, "text": a.text} for a in obs.announcements],
            "legal": [self.move(action, obs) for action in obs.legal],
            "history": [line for lines in told for line in lines],
            "rounds_played": rounds,
            "last_round": None if last is None else {
                **rounds[-1], "played": list(last.played),
                "points": list(last.points),
                "text": list(told[-1]),
                **self.round_headline(obs, last)},
        }

    def corporation_notes(self, observation: CorpObservation) -> list[str]:
        """What the Corporations on the table do next, in a line: what the seat's own pays
        and how, else how another's pays and is spoiled; none while there is none."""
        obs = observation
        if not obs.corporations or obs.phase is Phase.OVER:
            return []
        mine = next((c for c in obs.corporations if obs.seat in c.members), None)
        if mine is not None:
            members = len(mine.members)
            everyone, times = ("both", "twice") if members == 2 else (
                f"all {members}", f"{members} times")
            return [f"If {everyone} of you play the same card and no one else does, each "
                    f"scores {times} its value."]
        which = "Each" if len(obs.corporations) > 1 else "A"
        return [f"{which} Corporation pays if its members all play the same card and no "
                "one else does."]

    def round_headline(self, observation: CorpObservation,
                       result: RoundResult) -> RoundHeadline:
        """What the reveal's results lead with: the seats that scored the most this round
        (``winners``, none where no one scored), the ``headline`` that names them, the
        seat's own points and how far it is from the target (``you_text``), and the
        ``columns`` of its results table (no places: a round of Corporation ranks no one)."""
        obs = observation
        best = max(result.points)
        winners = [seat for seat, points in enumerate(result.points) if points == best
                   ] if best > 0 else []
        if winners:
            verb = "score" if len(winners) > 1 or self.names[winners[0]] == "You" else "scores"
            headline = (f"{join(self.names[s] for s in winners)} {verb} the most: "
                        f"{signed_points(best)}")
        else:
            headline = "No one scores this round"
        seat = obs.seat
        to_go = max(0, obs.target - obs.scores[seat])
        you_text = (f"{self.names[seat]} {self.verb(seat, 'score', 'scores')} "
                    f"{plural(result.points[seat], 'point')}, {to_go} to go")
        return {"winners": winners, "headline": headline, "you_text": you_text,
                "columns": ["card", "points", "total", "to_go"]}

    def rounds_json(self, history: Sequence[RoundResult],
                    scores: Sequence[int]) -> list[RoundPlayed]:
        """Every revealed round: each seat's card, the points it won and its total after
        the round (as the climbing games' rounds list places, titles and points); the
        totals end at ``scores`` (a game may start from a position with points)."""
        totals = [score - sum(result.points[seat] for result in history)
                  for seat, score in enumerate(scores)]
        rounds: list[RoundPlayed] = []
        for result in history:
            results: list[SeatResult] = []
            for seat, (card, points) in enumerate(zip(result.played, result.points,
                                                      strict=True)):
                totals[seat] += points
                results.append({"seat": seat, "name": self.names[seat], "title": "",
                                "card": self.card(card), "points": points,
                                "points_text": signed_points(points), "total": totals[seat],
                                "total_text": plural(totals[seat], "point")})
            rounds.append({"round": result.round_no, "results": results})
        return rounds


def describe_action(action: CorpAction) -> str:
    """An action's label: "Commit 5", 'Say "I'll play 5"'."""
    if isinstance(action, Commit):
        return f"Commit {action.card}"
    return f'Say "{action.text}"'


def describe_round(result: RoundResult, names: Sequence[str]) -> tuple[str, ...]:
    """The reveal told as the rule text tells its example, one sentence a line.

    The verbs suit any name, "You" included.
    """
    played = result.played
    lines = ["Revealed: " + ", ".join(f"{names[seat]} {card}" for seat, card in
                                      enumerate(played))]
    for corporation in result.corporations:
        members = corporation.members
        title = f"Corporation {corporation.value} ({join(names[m] for m in members)})"
        value = played[members[0]]
        reward = corporation.reward(played)
        if reward:
            lines.append(f"{title} pays Corporate Rewards: {value} x {len(members)} = "
                         f"{reward} points each")
        elif any(played[member] != value for member in members):
            lines.append(f"{title} pays no Corporate Rewards: its members played different "
                         "cards")
        else:
            outsiders = [names[s] for s, card in enumerate(played)
                         if card == value and s not in members]
            lines.append(f"{title} pays no Corporate Rewards: {join(outsiders)} played "
                         f"{value} too")
    for seat, profit in enumerate(result.profits):
        if profit:
            lines.append(f"{names[seat]} played an unmatched card: {plural(profit, 'point')} in "
                         "Profits")
    for corporation in result.formed:
        lines.append(f"{join(names[m] for m in corporation.members)} form Corporation "
                     f"{corporation.value}")
    return tuple(lines)
