"""The climbing games' exchange and round results in a seat's words: the part of the
presenter (``views.ClimbPresenter``) that says who gives whom which cards, the places,
titles and points of each finished round, and what the next round begins with."""

from collections.abc import Sequence

from engine.core.cards import Card
from engine.core.language import _, p_
from engine.core.presenter import Presenter
from engine.core.seats import YOU
from engine.core.words import ordinal, place_words, plural, signed_points
from engine.families.climbing.rules.state import ClimbObservation, Phase, Transfer
from engine.families.climbing.words.contract import (
    ExchangeJson,
    ExchangeParts,
    ExchangeRow,
    RoundHeadline,
    RoundPlayed,
    RoundResult,
    RoundStory,
)
from engine.families.climbing.words.titles import title_words

__all__ = ["RoundsPresenter"]


class RoundsPresenter(Presenter):
    """The exchange and the rounds' results, for the climbing games' presenter."""

    def exchange(self, observation: ClimbObservation,
                 titles: Sequence[str | None]) -> ExchangeJson | None:
        """The exchange that opens a later round, from its deal until the round's first
        play (None at any other time, and in a first round), in the seat's words.

        ``transfers``, in the order they are made (the losers' best cards, forced over
        by the deal, then the winners' choices): ``giver``, ``receiver``, ``count``,
        their titles, ``chosen`` (of the giver's choice, not forced), ``done``,
        ``yours`` (the seat gives or receives), ``text`` ("Dana (Beggar) gives Aiko
        (Tycoon) their 2 best cards") and the ``cards`` where the seat saw them (what it
        gave and received: another pair's cards are never shown). ``done`` once every
        card has changed hands; ``awaiting``, the seat whose choice is awaited; ``ask``,
        what the seat must do when that is the seat ("Choose 2 cards to give to Dana
        (Beggar)"); ``status``: who chooses now, or who leads once it is done."""
        obs = observation
        if obs.phase not in (Phase.GIVE, Phase.PLAY):
            return None
        made = []
        for event in obs.events:
            if not isinstance(event, Transfer):
                return None  # the round's play has begun (a later gift is no exchange)
            made.append(event)
        if not made:
            return None
        rows = [self.exchange_row(t.giver, t.receiver, t.count, t.chosen, obs.seat, titles,
                                  done=True, cards=t.cards) for t in made]
        rows += [self.exchange_row(o.giver, o.receiver, o.count, True, obs.seat, titles)
                 for o in obs.owed]
        ask = ""
        if obs.owed:
            owed = obs.owed[0]
            awaiting: int | None = owed.giver
            to = self.titled(owed.receiver, titles, within=True)
            cards = plural(owed.count, "card")
            if owed.giver == obs.seat:
                ask = _("Choose {cards} to give to {name}").format(cards=cards, name=to)
                status = ask
            else:
                status = _("{name} is choosing {cards} to give to {receiver}…").format(
                    name=self.names[owed.giver], cards=cards, receiver=to)
        else:
            awaiting = None
            leader = obs.actor
            status = (self.says(leader, _("Every card has changed hands: you lead"),
                                _("Every card has changed hands: {name} leads"))
                      if leader is not None and leader >= 0
                      else _("Every card has changed hands"))
        return {"title": _("The exchange"), "transfers": rows, "done": not obs.owed,
                "awaiting": awaiting, "ask": ask, "status": status}

    def exchange_row(self, giver: int, receiver: int, count: int, chosen: bool, seat: int,
                     titles: Sequence[str | None], done: bool = False,
                     cards: Sequence[Card] = ()) -> ExchangeRow:
        """One transfer of the exchange (``exchange``); its sentence comes in ``parts`` too
        (``giver``, ``gives``, ``receiver``, ``what``, joined by spaces), for a front end
        to mark the two seats in it."""
        if chosen:
            what = self.verb(giver, _("{cards} of your choice"),
                             _("{cards} of their choice")).format(cards=plural(count, "card"))
        elif count == 1:
            what = self.verb(giver, _("your best card"), _("their best card"))
        else:
            what = self.verb(giver, _("your {n} best cards"),
                             _("their {n} best cards")).format(n=count)
        parts: ExchangeParts = {
            "giver": self.titled(giver, titles),
            # Translators: the verb between the giver and the receiver, in the order
            # "giver gives receiver what" that the page shows them in (「→」).
            "gives": self.verb(giver, p_("exchange", "give"), p_("exchange", "gives")),
            "receiver": self.titled(receiver, titles, within=True), "what": what}
        return {
            "giver": giver, "receiver": receiver, "count": count,
            "giver_title": titles[giver], "receiver_title": titles[receiver],
            "chosen": chosen, "done": done, "yours": seat in (giver, receiver),
            "text": " ".join((parts["giver"], parts["gives"], parts["receiver"], parts["what"])),
            "parts": parts,
            "cards": [self.card(card) for card in cards],
        }

    def titled(self, seat: int, titles: Sequence[str | None], within: bool = False) -> str:
        """A seat's name and title: "Dana (Beggar)", "you (Tycoon)" inside a sentence."""
        name = self.name_within(seat) if within else self.name(seat)
        title = titles[seat]
        return _("{name} ({title})").format(name=name, title=title) if title else name

    def round_text(self, observation: ClimbObservation, round_no: int) -> str:
        rounds = observation.rules.rounds
        if rounds:
            return _("Round {n} of {rounds}").format(n=round_no, rounds=rounds)
        return _("Round {n}").format(n=round_no)

    def round_results(self, observation: ClimbObservation) -> list[RoundPlayed]:
        """Every finished round: its places, best first, with titles, the points it gave
        and each seat's total after it, in figures and in words."""
        rules, players = observation.rules, observation.players
        totals = [rules.starting_score] * players
        rounds: list[RoundPlayed] = []
        for number, places in enumerate(observation.places, start=1):
            results: list[RoundResult] = []
            for place, s in enumerate(places):
                points = rules.points(place, players)
                totals[s] += points
                results.append({
                    "seat": s, "name": self.name(s), "place": place + 1,
                    "place_text": place_words(place + 1),
                    "title": title_words(rules, place, players),
                    "points": points, "points_text": signed_points(points),
                    "total": totals[s], "total_text": plural(totals[s], "point")})
            rounds.append({"round": number, "results": results})
        return rounds

    def round_headline(self, observation: ClimbObservation,
                       ended: RoundPlayed) -> RoundHeadline:
        """What the results of the round ``ended`` lead with: the round's ``winners`` (the
        first out), its ``headline`` ("Aiko wins round 2"), the seat's own place and title
        (``you_text``: "You finish 2nd: Rich"), and the ``columns`` its results table has:
        a title column only in a game whose titles are more than its places (Matchstick
        Tycoon's are "1st", "2nd": its places again)."""
        rules, players = observation.rules, observation.players
        titled = any(rules.title(place, players) != ordinal(place + 1)
                     for place in range(players))
        first = ended["results"][0]["seat"]
        mine = next(entry for entry in ended["results"] if entry["seat"] == observation.seat)
        seat = observation.seat
        you_text = (self.says(seat, _("You finish {place}: {title}"),
                              _("{name} finishes {place}: {title}"),
                              place=mine["place_text"], title=mine["title"]) if titled else
                    self.says(seat, _("You finish {place}"), _("{name} finishes {place}"),
                              place=mine["place_text"]))
        return {
            "winners": [first],
            "headline": self.says(first, _("You win round {n}"), _("{name} wins round {n}"),
                                  n=ended["round"]),
            "you_text": you_text,
            "columns": ["place", "title", "points", "total"] if titled
            else ["place", "points", "total"],
        }

    def round_story(self, observation: ClimbObservation) -> RoundStory:
        """What the round just ended changed, and what happens before the next one's first
        play (the exchange), in sentences."""
        obs = observation
        changes = []
        if obs.round_revolution:
            changes.append(_("The round ended in a revolution: the order was reversed."))
        if obs.bankrupt is not None:
            changes.append(self.says(obs.bankrupt, _("You went bankrupt and finish last."),
                                     _("{name} went bankrupt and finishes last.")))
        coming = []
        if obs.phase is Phase.DEAL and obs.places:
            coming = [self.exchange_coming(debt.giver, debt.receiver, debt.count)
                      for debt in obs.rules.exchanges(obs.places[-1])]
        return {"changes": changes, "next": coming}

    def exchange_coming(self, giver: int, receiver: int, count: int) -> str:
        """A transfer of the next round's exchange, and the one back, in a sentence."""
        names = {"giver": self.names[giver], "receiver": self.names[receiver]}
        if count == 1:
            if self.names[giver] == YOU:
                text = _("You hand {receiver} your best card, and {receiver} gives you back "
                         "a card of their choice.")
            elif self.names[receiver] == YOU:
                text = _("{giver} hands you their best card, and you give {giver} back a "
                         "card of your choice.")
            else:
                text = _("{giver} hands {receiver} their best card, and {receiver} gives "
                         "{giver} back a card of their choice.")
            return text.format(**names)
        if self.names[giver] == YOU:
            text = _("You hand {receiver} your {n} best cards, and {receiver} gives you "
                     "back {n} cards of their choice.")
        elif self.names[receiver] == YOU:
            text = _("{giver} hands you their {n} best cards, and you give {giver} back "
                     "{n} cards of your choice.")
        else:
            text = _("{giver} hands {receiver} their {n} best cards, and {receiver} gives "
                     "{giver} back {n} cards of their choice.")
        return text.format(n=count, **names)
