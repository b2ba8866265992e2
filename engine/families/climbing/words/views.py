"""The climbing games' presenter (Tycoon, President, Matchstick Tycoon): views, move
labels and narration, from a seat's observations only."""

from collections.abc import Sequence
from typing import cast

from engine.core.actions import CHANCE, Action, Concealed, Discard, Give, Pass, Play
from engine.core.cards import Card, card_list
from engine.core.contract import CardJson, Choice, HowPlayed, Move, TransferJson, WhereTo
from engine.core.presenter import THINKING, Presenter
from engine.core.words import join, ordinal, place_words, plural, signed_points
from engine.families.climbing.rules.matchstick import StickPlay
from engine.families.climbing.rules.sequences import RunPlay, describe_run
from engine.families.climbing.rules.state import (
    DISCARD_PILE,
    ClimbingRules,
    ClimbObservation,
    Event,
    Moved,
    Phase,
    Skipped,
    Transfer,
)
from engine.families.climbing.words.contract import (
    ClimbView,
    ExchangeJson,
    ExchangeParts,
    ExchangeRow,
    HandCard,
    RoundHeadline,
    RoundPlayed,
    RoundResult,
    RoundStory,
)
from engine.families.climbing.words.notes import (
    by_suit,
    lock_text,
    order_note,
    order_text,
    table_notes,
)
from engine.families.climbing.words.play_words import (
    corners,
    describe_play,
    laid_out,
    picker_order,
    play_json,
    stick_choice,
)
from engine.families.climbing.words.titles import seat_titles, title_words

__all__ = ["ClimbPresenter"]


def received_text(hand: list[HandCard]) -> str | None:
    """What the mark on the hand's received cards means: "Received from Dana"; None while
    no card is marked."""
    givers = dict.fromkeys(face["received_from"] for face in hand if face.get("received"))
    return f"Received from {join(givers)}" if givers else None


class ClimbPresenter(Presenter):
    """Tycoon, President and Matchstick Tycoon."""

    def card(self, card: Card) -> CardJson:
        return card.to_json()

    def place_name(self, rules: ClimbingRules, place: int, players: int) -> str:
        """The place's title, where the game gives them ("Tycoon", "Beggar")."""
        return title_words(rules, place, players)

    def label(self, action: Action, observation: ClimbObservation) -> str:
        if isinstance(action, RunPlay):
            return "Play " + describe_run(action, short=True)
        if isinstance(action, StickPlay):
            return "Play " + stick_choice(action)
        if isinstance(action, Play):
            return "Play " + describe_play(action)
        if isinstance(action, Pass):
            return "Pass, take a matchstick" if observation.rules.pass_takes_stick else "Pass"
        if isinstance(action, Discard):
            return "Discard a matchstick"
        if isinstance(action, Give):
            owed = observation.owed[0]
            # A button's few words: the cards by their corners (they are lifted in the hand).
            if owed.receiver == DISCARD_PILE:
                return f"Discard {corners(action.cards)}"
            return f"Give {corners(action.cards)} to {self.names[owed.receiver]}"
        return "Deal"

    def move(self, action: Action, observation: ClimbObservation) -> Move:
        """A move; a Matchstick play's with the Play button's words ("Play a C")."""
        move = super().move(action, observation)
        if isinstance(action, StickPlay):
            move["button"] = "Play " + describe_play(action, detail=False)
        return move

    def choices(self, moves: Sequence[tuple[Action, Exception | None]],
                observation: ClimbObservation) -> list[Choice]:
        """The plays a selection could make, as the picker offers them (``picker_order``):
        those you may make first, each weakest to strongest, the unaffordable folded."""
        ordered, folds = picker_order(moves, observation)
        return [{**choice, "fold": fold} for choice, fold in
                zip(super().choices(ordered, observation), folds, strict=True)]

    def how_played(self, action: Action, observation: ClimbObservation) -> HowPlayed:
        """For a Matchstick play: the value, the cost, each card turned or added to."""
        return play_json(action) if isinstance(action, Play) else {}

    def narrate(self, step: Moved | Concealed, before: ClimbObservation,
                after: ClimbObservation) -> str:
        """A sentence for the history: "Aiko plays three 9s — Aiko wins the trick"."""
        if isinstance(step, Concealed):  # a deal: every hand is secret
            return f"Round {after.round_no}: the cards are dealt"
        seat = step.seat
        if isinstance(step, Play):
            who = self.names[seat]
            text = f"{who} {self.verb(seat, 'play', 'plays')} {describe_play(step)}"
            notes = []
            if after.events and isinstance(after.events[-1], Skipped):
                notes.append(self.skipped_text(after.events[-1]))
            if after.round_revolution != before.round_revolution:
                notes.append("Counter-revolution!" if before.round_revolution
                             else "Revolution!")
            if after.back != before.back and after.trick:
                notes.append("11-back: the order turns until the trick clears")
            if after.lock != before.lock and after.trick:
                notes.append(lock_text(after.lock))
            if after.anticlockwise != before.anticlockwise:
                notes.append("9-reverse: turns go the other way round the table")
            if seat in after.fouled and seat not in before.fouled:
                notes.append(f"{who} {self.verb(seat, 'go', 'goes')} out on a forbidden "
                             "finish: last place")
            elif seat in after.out or after.round_no != before.round_no:
                notes.append(f"{who} {self.verb(seat, 'are', 'is')} out")
            elif self.trick_winner(step, before, after) is not None:
                notes.append(f"{who} {self.verb(seat, 'win', 'wins')} the trick")
            if after.bankrupt is not None and before.bankrupt is None:
                notes.append(f"{self.names[after.bankrupt]} went bankrupt")
            return " — ".join([text, *notes])
        if isinstance(step, Pass | Discard):
            text = (f"{self.names[seat]} {self.verb(seat, 'pass', 'passes')}"
                    if isinstance(step, Pass) else
                    f"{self.names[seat]} {self.verb(seat, 'discard', 'discards')} a matchstick")
            winner = self.trick_winner(step, before, after)
            if winner is None:
                return text
            return f"{text} — {self.names[winner]} {self.verb(winner, 'win', 'wins')} the trick"
        return self.transfer_text(step)

    @staticmethod
    def trick_winner(step: Moved, before: ClimbObservation,
                     after: ClimbObservation) -> int | None:
        """The seat that won the trick ``step`` ended, if it ended one and the round goes
        on: a play that wins at once, or the last play when the others have passed."""
        if after.trick or after.phase is not Phase.PLAY or after.round_no != before.round_no:
            return None
        if isinstance(step, Play):
            return step.seat
        return before.trick[-1].seat if before.trick else None

    def where_to(self, step: Moved | Concealed, before: ClimbObservation,
                 after: ClimbObservation) -> WhereTo:
        """Besides a give's ``to`` and a trick's ``trick_to``: a deal's ``transfers``, the
        cards its exchange forced from hand to hand (``from``, ``to``, ``count``, and the
        ``cards`` where the seat saw them)."""
        if isinstance(step, Concealed):
            # A deal: what its exchange forced is in the observation after it, as the seat
            # may see it (seen_by).
            transfers: list[TransferJson] = [
                {"from": event.giver, "to": event.receiver, "count": event.count,
                 "cards": [self.card(card) for card in event.cards]}
                for event in after.events if isinstance(event, Transfer)]
            return {"transfers": transfers} if transfers else {}
        if isinstance(step, Give | Transfer):
            receiver = next((o.receiver for o in before.owed if o.giver == step.seat), None)
            return {} if receiver in (None, DISCARD_PILE) else {"to": receiver}
        winner = self.trick_winner(step, before, after)
        return {} if winner is None else {"trick_to": winner}

    def transfer_text(self, event: Transfer) -> str:
        """ "Chen gives you the 3 of clubs", "You hand Bruno your 2 highest cards: ...",
        "Aiko discards the 3 of clubs"."""
        giver = self.names[event.giver]
        if event.receiver == DISCARD_PILE:
            return (f"{giver} {self.verb(event.giver, 'discard', 'discards')} "
                    f"{card_list(event.cards)}")
        receiver = self.name_within(event.receiver)
        if event.chosen:
            what = card_list(event.cards) if event.cards else plural(event.count, "card")
            return f"{giver} {self.verb(event.giver, 'give', 'gives')} {receiver} {what}"
        whose = self.verb(event.giver, "your", "their")
        highest = f"{whose} highest card" if event.count == 1 else (
            f"{whose} {event.count} highest cards")
        what = f"{highest}: {card_list(event.cards)}" if event.cards else highest
        return f"{giver} {self.verb(event.giver, 'hand', 'hands')} {receiver} {what}"

    def skipped_text(self, event: Skipped) -> str:
        return f"{self.names[event.seat]} {self.verb(event.seat, 'are', 'is')} skipped"

    def event_text(self, event: Event, observation: ClimbObservation) -> str:
        if isinstance(event, Transfer):
            return self.transfer_text(event)
        if isinstance(event, Skipped):
            return self.skipped_text(event)
        name = self.names[event.seat]
        if isinstance(event, Play):
            return f"{name}: {describe_play(event)}"
        if isinstance(event, Discard):
            return f"{name}: discards a matchstick"
        return f"{name}: pass"

    def prompt(self, observation: ClimbObservation) -> str:
        """Whose turn it is, and what the seat must do: "Your turn: choose 2 cards to give
        to Bruno", "Aiko's turn"; empty when no seat is to act."""
        actor = observation.actor
        if actor is None or actor == CHANCE:
            return ""
        turn = f"{self.whose(actor)} turn"
        if actor != observation.seat:
            return turn
        if observation.phase is Phase.GIVE:
            owed = observation.owed[0]
            if owed.receiver == DISCARD_PILE:
                return f"{turn}: choose {plural(owed.count, 'card')} to discard"
            return (f"{turn}: choose {plural(owed.count, 'card')} to give to "
                    f"{self.names[owed.receiver]}")
        if observation.hand_sizes[actor] == 0 and observation.sticks[actor]:
            return f"{turn}: no cards left, discard a matchstick"
        return turn

    def pass_label(self, observation: ClimbObservation) -> str | None:
        """The words on the button that plays no card: a pass, with what it costs, or the
        discard a seat with only matchsticks must make."""
        seat = observation.seat
        if observation.phase is not Phase.PLAY:
            return None
        if observation.hand_sizes[seat] == 0 and observation.sticks[seat]:
            return self.label(Discard(seat), observation)
        return self.label(Pass(seat), observation)

    def status(self, observation: ClimbObservation, seat: int, kind: str = "human",
               short: bool = False) -> str:
        """A word on a seat's standing this round: "thinking…" (a bot to act), "out",
        "bankrupt", "passed", or why a seat with no cards is still in; empty otherwise.
        ``short``: as the seat's narrow place at the table says it, beside its count of
        matchsticks ("2 to discard")."""
        if seat == observation.actor and kind != "human":
            return THINKING
        if seat == observation.bankrupt:
            return "bankrupt"
        if seat in observation.fouled:
            return "forbidden finish"
        if seat in observation.out:
            return "out"
        if observation.hand_sizes[seat] == 0 and observation.sticks[seat]:
            sticks = observation.sticks[seat]
            return f"{sticks if short else plural(sticks, 'matchstick')} to discard"
        if seat in observation.passed:
            return "passed"
        return ""

    def waiting_text(self, observation: ClimbObservation) -> str:
        seat, actor = observation.seat, observation.actor
        whose = "your" if self.names[seat] == "You" else f"{self.names[seat]}'s"
        if actor == CHANCE:
            return f"it is not {whose} turn: the cards are being dealt"
        if actor is None:
            return "the game is over"
        return f"it is not {whose} turn but {self.names[actor]}'s"

    def view(self, observation: ClimbObservation, kinds: Sequence[str]) -> ClimbView:
        obs = observation
        rules = obs.rules
        titles = seat_titles(obs)
        round_over = obs.phase in (Phase.DEAL, Phase.OVER) and obs.places
        rounds_played = self.round_results(obs)
        hand = self.hand(obs)
        order = rules.strength_order(obs.revolution)
        return {
            "table": "tricks",  # the page's layout: a trick led and climbed
            "rounds": rules.rounds or None,
            "phase": obs.phase.value,
            "to_act": obs.actor if obs.actor is not None and obs.actor >= 0 else None,
            "your_turn": obs.actor == obs.seat,
            "prompt": self.prompt(obs),
            "verb": ("Play" if obs.phase is not Phase.GIVE else
                     "Discard" if obs.owed[0].receiver == DISCARD_PILE else "Give"),
            "pass_label": self.pass_label(obs),
            "hand": hand,
            "suit_order": by_suit(obs.hand),  # the hand as a player sorting by suit holds it
            # ... and as one who keeps the cards as they came (received ones last)
            "dealt_order": [str(card) for card in obs.hand_as_dealt()],
            "held_back": [],
            "matchsticks": rules.starting_sticks > 0,
            "players": [{
                "seat": s, "name": self.names[s], "kind": kinds[s], "title": titles[s],
                "score": obs.scores[s], "cards": obs.hand_sizes[s], "passed": s in obs.passed,
                "place": (obs.finished().index(s) + 1 if s in obs.out and s not in obs.fouled
                          else None),
                "bankrupt": s == obs.bankrupt, "sticks": obs.sticks[s],
                "status": self.status(obs, s, kinds[s]),
                "seat_status": self.status(obs, s, kinds[s], short=True),
                "points_text": plural(obs.scores[s], "point"),
                "cards_text": (plural(obs.hand_sizes[s], "card") if obs.hand_sizes[s]
                               else "no cards"),
            } for s in range(obs.players)],
            "trick": [{"seat": p.seat, "cards": [self.card(card) for card in laid_out(p)],
                       "text": describe_play(p), **self.how_played(p, obs)}
                      for p in obs.trick],
            "revolution": obs.round_revolution,
            "order": list(order),
            "order_text": order_text(order),
            "order_note": order_note(obs),
            "table_notes": table_notes(obs),
            "owed": [{"giver": o.giver, "receiver": o.receiver, "count": o.count}
                     for o in obs.owed],
            "exchange": self.exchange(obs, titles),
            "received_text": received_text(hand),
            "legal": [self.move(action, obs) for action in obs.legal],
            "history": [self.event_text(e, obs) for e in obs.events],
            "rounds_played": rounds_played,
            "last_round": {**rounds_played[-1], **self.round_story(obs),
                           **self.round_headline(obs, rounds_played[-1])}
            if round_over else None,
        }

    def hand(self, observation: ClimbObservation) -> list[HandCard]:
        """The seat's cards, weakest first, each marked ``received`` while it is one the
        seat was handed this round and has not played since, with the name of the seat
        it came from (``received_from``)."""
        seat = observation.seat
        received: list[tuple[Card, int]] = []
        for event in observation.events:
            if isinstance(event, Transfer) and event.receiver == seat:
                received += [(card, event.giver) for card in event.cards]
            elif isinstance(event, Play) and event.seat == seat:
                received = []  # shown until the seat's first play
        cards: list[HandCard] = []
        for card in observation.hand:
            face = self.card(card)
            came = next((pair for pair in received if pair[0] == card), None)
            if came is None:
                cards.append(cast(HandCard, face))  # a card that is no more than a card
            else:
                received.remove(came)
                cards.append({**face, "received": True, "received_from": self.names[came[1]]})
        return cards

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
            if owed.giver == obs.seat:
                ask = f"Choose {plural(owed.count, 'card')} to give to {to}"
                status = ask
            else:
                status = (f"{self.names[owed.giver]} is choosing "
                          f"{plural(owed.count, 'card')} to give to {to}…")
        else:
            awaiting = None
            leader = obs.actor
            status = "Every card has changed hands" + (
                f": {self.name_within(leader)} {self.verb(leader, 'lead', 'leads')}"
                if leader is not None and leader >= 0 else "")
        return {"title": "The exchange", "transfers": rows, "done": not obs.owed,
                "awaiting": awaiting, "ask": ask, "status": status}

    def exchange_row(self, giver: int, receiver: int, count: int, chosen: bool, seat: int,
                     titles: Sequence[str | None], done: bool = False,
                     cards: Sequence[Card] = ()) -> ExchangeRow:
        """One transfer of the exchange (``exchange``); its sentence comes in ``parts`` too
        (``giver``, ``gives``, ``receiver``, ``what``, joined by spaces), for a front end
        to mark the two seats in it."""
        whose = self.verb(giver, "your", "their")
        if chosen:
            what = f"{plural(count, 'card')} of {whose} choice"
        else:
            what = f"{whose} best card" if count == 1 else f"{whose} {count} best cards"
        parts: ExchangeParts = {
            "giver": self.titled(giver, titles), "gives": self.verb(giver, "give", "gives"),
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
        name = self.name_within(seat) if within else self.names[seat]
        return f"{name} ({titles[seat]})" if titles[seat] else name

    def round_text(self, observation: ClimbObservation, round_no: int) -> str:
        rounds = observation.rules.rounds
        return f"Round {round_no}" + (f" of {rounds}" if rounds else "")

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
                    "seat": s, "name": self.names[s], "place": place + 1,
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
        you_text = (f"{self.names[seat]} {self.verb(seat, 'finish', 'finishes')} "
                    f"{mine['place_text']}" + (f": {mine['title']}" if titled else ""))
        return {
            "winners": [first],
            "headline": (f"{self.names[first]} {self.verb(first, 'win', 'wins')} "
                         f"round {ended['round']}"),
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
            changes.append("The round ended in a revolution: the order was reversed.")
        if obs.bankrupt is not None:
            seat = obs.bankrupt
            changes.append(f"{self.names[seat]} went bankrupt and "
                           f"{self.verb(seat, 'finish', 'finishes')} last.")
        coming = []
        if obs.phase is Phase.DEAL and obs.places:
            for debt in obs.rules.exchanges(obs.places[-1]):
                giver, receiver, count = debt.giver, debt.receiver, debt.count
                best = "best card" if count == 1 else f"{count} best cards"
                back = "a card" if count == 1 else f"{count} cards"
                coming.append(
                    f"{self.names[giver]} {self.verb(giver, 'hand', 'hands')} "
                    f"{self.name_within(receiver)} {self.verb(giver, 'your', 'their')} {best}, "
                    f"and {self.name_within(receiver)} {self.verb(receiver, 'give', 'gives')} "
                    f"{self.name_within(giver)} back {back} of "
                    f"{self.verb(receiver, 'your', 'their')} choice.")
        return {"changes": changes, "next": coming}
