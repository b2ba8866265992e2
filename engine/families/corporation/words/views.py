"""Corporation's presenter: views, move labels and narration of secret commits, table
talk and reveals, from a seat's observations only."""

from collections.abc import Sequence

from engine.core.actions import Concealed
from engine.core.contract import CardJson, HowPlayed
from engine.core.language import _, n_, p_, pN_
from engine.core.presenter import Presenter
from engine.core.seats import shown_name
from engine.core.words import article, join
from engine.families.corporation.rules.definition import Announce, Commit, CorpAction
from engine.families.corporation.rules.machine import (
    CorpObservation,
    Corporation,
    Phase,
    RoundResult,
    face_up_reason,
)
from engine.families.corporation.words.contract import (
    CorporationJson,
    CorpView,
    RoundHeadline,
    RoundPlayed,
)
from engine.families.corporation.words.contract import RoundResult as SeatResult

__all__ = ["CorpPresenter", "describe_action", "describe_round", "shown_names"]

# A bot's temperament as its seat shows it, by engine.core.temperament's word for it.
TEMPERAMENTS = {"trusting": pN_("temperament", "trusting"), "wary": pN_("temperament", "wary"),
                "greedy": pN_("temperament", "greedy"),
                "patient": pN_("temperament", "patient"),
                "honest": pN_("temperament", "honest"), "sly": pN_("temperament", "sly")}


def shown_names(names: Sequence[str]) -> list[str]:
    """The seats' names as a text shows them: the seat spoken to as the language in force
    says "You" (「あなた」), every other by its own name."""
    return [shown_name(name) for name in names]


def points_text(n: int) -> str:
    """A count of points: "1 point", "3 points"."""
    return n_("{n} point", "{n} points", n).format(n=n)


def won_text(n: int) -> str:
    """Points won in a round (never fewer than none): "+3 points", "0 points"."""
    return n_("+{n} point", "+{n} points", n).format(n=n) if n > 0 else points_text(n)


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
        if isinstance(action, Announce):
            return {"said": _('"{said}"').format(said=action.said())}
        return {}

    def narrate(self, step: CorpAction | Concealed, before: CorpObservation,
                after: CorpObservation) -> str:
        seat = step.seat
        who = self.names[seat]
        if isinstance(step, Announce):
            return self.verb(seat, _('You say "{said}"'), _('{name} says "{said}"')).format(
                name=who, said=step.said())
        if isinstance(step, Commit):
            what = (_("an {card}") if article(str(step.card)) == "an" else
                    _("a {card}")).format(card=step.card)
        else:
            what = _("a card")
        text = self.verb(seat, _("You commit {what} face down"),
                         _("{name} commits {what} face down")).format(name=who, what=what)
        if len(after.history) > len(before.history):  # the last commit: the reveal, a line each
            text += "\n" + "\n".join(describe_round(after.history[-1], self.names))
        return text

    def waiting_text(self, observation: CorpObservation) -> str:
        if observation.phase is Phase.OVER:
            return _("the game is over")
        seat = observation.seat
        return self.verb(seat, _("you have committed a card this round: wait for the reveal"),
                         _("{name} has committed a card this round: wait for the reveal")
                         ).format(name=self.names[seat])

    def prompt(self, observation: CorpObservation) -> str:
        """What the seat is to do, or what it waits for."""
        seat = observation.seat
        if seat in observation.to_act:
            return self.verb(seat, _("Your turn: commit a card"),
                             _("{name}'s turn: commit a card")).format(name=self.names[seat])
        if not observation.to_act:
            return ""
        mine = observation.commit
        if mine is None:
            return _("Waiting for the others to commit")
        return self.verb(seat, _("Your {card} is face down: waiting for the others to commit"),
                         _("{name}'s {card} is face down: waiting for the others to commit")
                         ).format(name=self.names[seat], card=mine)

    def status(self, observation: CorpObservation, seat: int) -> str:
        """A seat's state this round: its card is down, or it is choosing one."""
        if seat in observation.committed:
            return _("card down")
        return _("choosing") if observation.phase is Phase.COMMIT else ""

    def round_text(self, observation: CorpObservation, round_no: int) -> str:
        target = observation.target
        return n_("Round {round} · target {n} point", "Round {round} · target {n} points",
                  target).format(round=round_no, n=target)

    def temperament(self, seat: int) -> str | None:
        """A bot's character as its seat shows it ("sly"), or None."""
        word = self.temperaments[seat]
        return None if word is None else p_("temperament", TEMPERAMENTS[word])

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
            "verb": _("Commit"),
            "pass_label": None,
            "hand": [self.card(card) for card in obs.hand],
            # The card face up in a Corporation is the seat's, but not to be committed.
            "held_back": [{**self.card(card), "reason": face_up_reason(card)}
                          for card in (face_up[obs.seat],) if card is not None],
            "commit": obs.commit,
            "target": obs.target,
            "players": [{
                "seat": s, "name": self.name(s), "kind": kinds[s], "score": obs.scores[s],
                "temperament": self.temperament(s),  # a bot's character: "sly", "trusting"
                "committed": s in obs.committed, "face_up": face_up[s],
                "to_go": max(0, obs.target - obs.scores[s]),  # points short of the target
                "points_text": points_text(obs.scores[s]),
                "to_go_text": _("{n} to go").format(n=max(0, obs.target - obs.scores[s])),
                "status": self.status(obs, s),
            } for s in range(obs.players)],
            "corporations": [self.corporation_json(c) for c in obs.corporations],
            "table_notes": self.corporation_notes(obs),
            "announcements": [{"seat": a.seat, "text": a.said()} for a in obs.announcements],
            "legal": [self.move(action, obs) for action in obs.legal],
            "history": [line for lines in told for line in lines],
            "rounds_played": rounds,
            "last_round": None if last is None else {
                **rounds[-1], "played": list(last.played),
                "points": list(last.points),
                "text": list(told[-1]),
                **self.round_headline(obs, last)},
        }

    def corporation_json(self, corporation: Corporation) -> CorporationJson:
        """A Corporation on the table: its card, and its members named."""
        shown = shown_names(self.names)
        who = join(shown[m] for m in corporation.members)
        return {"value": corporation.value, "members": list(corporation.members),
                "card": self.card(corporation.value),
                "text": _("Corporation {value}: {members}").format(value=corporation.value,
                                                                   members=who),
                "who": who}

    def corporation_notes(self, observation: CorpObservation) -> list[str]:
        """What the Corporations on the table do next, in a line: what the seat's own pays
        and how, else how another's pays and is spoiled; none while there is none."""
        obs = observation
        if not obs.corporations or obs.phase is Phase.OVER:
            return []
        mine = next((c for c in obs.corporations if obs.seat in c.members), None)
        if mine is not None:
            members = len(mine.members)
            if members == 2:
                return [_("If both of you play the same card and no one else does, each "
                          "scores twice its value.")]
            return [_("If all {n} of you play the same card and no one else does, each "
                      "scores {n} times its value.").format(n=members)]
        if len(obs.corporations) > 1:
            return [_("Each Corporation pays if its members all play the same card and no "
                      "one else does.")]
        return [_("A Corporation pays if its members all play the same card and no one "
                  "else does.")]

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
            shown = shown_names(self.names)
            names = join(shown[s] for s in winners)
            several = len(winners) > 1
            headline = (_("{names} score the most: {points}") if several else self.verb(
                winners[0], _("{names} score the most: {points}"),
                _("{names} scores the most: {points}"))).format(names=names,
                                                                points=won_text(best))
        else:
            headline = _("No one scores this round")
        seat = obs.seat
        to_go = max(0, obs.target - obs.scores[seat])
        scored = result.points[seat]
        you_text = self.verb(
            seat, n_("You score {n} point, {to_go} to go", "You score {n} points, {to_go} to go",
                     scored),
            n_("{name} scores {n} point, {to_go} to go", "{name} scores {n} points, {to_go} to go",
               scored)).format(name=self.names[seat], n=scored, to_go=to_go)
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
                results.append({"seat": seat, "name": self.name(seat), "title": "",
                                "card": self.card(card), "points": points,
                                "points_text": won_text(points), "total": totals[seat],
                                "total_text": points_text(totals[seat])})
            rounds.append({"round": result.round_no, "results": results})
        return rounds


def describe_action(action: CorpAction) -> str:
    """An action's label: "Commit 5", 'Say "I'll play 5"'."""
    if isinstance(action, Commit):
        return _("Commit {card}").format(card=action.card)
    return _('Say "{said}"').format(said=action.said())


def describe_round(result: RoundResult, names: Sequence[str]) -> tuple[str, ...]:
    """The reveal told as the rule text tells its example, one sentence a line.

    The verbs suit any name, "You" included.
    """
    played = result.played
    names = shown_names(names)
    cards = p_("revealed cards", ", ").join(
        p_("revealed card", "{name} {card}").format(name=names[seat], card=card)
        for seat, card in enumerate(played))
    lines = [_("Revealed: {cards}").format(cards=cards)]
    for corporation in result.corporations:
        members = corporation.members
        title = _("Corporation {value} ({members})").format(
            value=corporation.value, members=join(names[m] for m in members))
        value = played[members[0]]
        reward = corporation.reward(played)
        if reward:
            lines.append(_("{title} pays Corporate Rewards: {value} x {members} = {reward} "
                           "points each").format(title=title, value=value,
                                                 members=len(members), reward=reward))
        elif any(played[member] != value for member in members):
            lines.append(_("{title} pays no Corporate Rewards: its members played different "
                           "cards").format(title=title))
        else:
            outsiders = [names[s] for s, card in enumerate(played)
                         if card == value and s not in members]
            lines.append(_("{title} pays no Corporate Rewards: {outsiders} played {value} "
                           "too").format(title=title, outsiders=join(outsiders), value=value))
    for seat, profit in enumerate(result.profits):
        if profit:
            lines.append(n_("{name} played an unmatched card: {n} point in Profits",
                            "{name} played an unmatched card: {n} points in Profits",
                            profit).format(name=names[seat], n=profit))
    for corporation in result.formed:
        lines.append(_("{members} form Corporation {value}").format(
            members=join(names[m] for m in corporation.members), value=corporation.value))
    return tuple(lines)
