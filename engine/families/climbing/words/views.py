"""The climbing games' presenter (Tycoon, President, Matchstick Tycoon): views, move
labels and narration, from a seat's observations only."""

from collections.abc import Sequence
from typing import cast

from engine.core.actions import CHANCE, Action, Concealed, Discard, Give, Pass, Play
from engine.core.cards import Card, card_list
from engine.core.contract import CardJson, Choice, HowPlayed, Move, TransferJson, WhereTo
from engine.core.language import _, p_
from engine.core.presenter import THINKING
from engine.core.words import (
    as_object,
    join,
    plural,
    with_notes,
)
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
    HandCard,
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
from engine.families.climbing.words.rounds import RoundsPresenter
from engine.families.climbing.words.titles import seat_titles, title_words

__all__ = ["ClimbPresenter"]


def received_text(hand: list[HandCard]) -> str | None:
    """What the mark on the hand's received cards means: "Received from Dana"; None while
    no card is marked."""
    givers = dict.fromkeys(face["received_from"] for face in hand if face.get("received"))
    return _("Received from {names}").format(names=join(givers)) if givers else None


def play_label(play: str) -> str:
    """A play's button: "Play three 9s"; 「9を3枚出す」."""
    # Translators: {play} is a play, marked as an object ("♠2を", "9を3枚").
    return _("Play {play}").format(play=as_object(play))


class ClimbPresenter(RoundsPresenter):
    """Tycoon, President and Matchstick Tycoon."""

    def card(self, card: Card) -> CardJson:
        return card.to_json()

    def place_name(self, rules: ClimbingRules, place: int, players: int) -> str:
        """The place's title, where the game gives them ("Tycoon", "Beggar")."""
        return title_words(rules, place, players)

    def label(self, action: Action, observation: ClimbObservation) -> str:
        if isinstance(action, RunPlay):
            return play_label(describe_run(action, short=True))
        if isinstance(action, StickPlay):
            value, how = stick_choice(action)
            if how is None:
                return play_label(value)
            # Translators: a Matchstick play's button: "Play a C: the 7 turned, 1 matchstick".
            return _("Play {play}: {how}").format(play=as_object(value), how=how)
        if isinstance(action, Play):
            return play_label(describe_play(action))
        if isinstance(action, Pass):
            return (_("Pass, take a matchstick") if observation.rules.pass_takes_stick
                    else _("Pass"))
        if isinstance(action, Discard):
            return _("Discard a matchstick")
        if isinstance(action, Give):
            owed = observation.owed[0]
            # A button's few words: the cards by their corners (they are lifted in the hand).
            if owed.receiver == DISCARD_PILE:
                return _("Discard {cards}").format(cards=corners(action.cards))
            return _("Give {cards} to {name}").format(cards=corners(action.cards),
                                                      name=self.name(owed.receiver))
        return _("Deal")

    def move(self, action: Action, observation: ClimbObservation) -> Move:
        """A move; a Matchstick play's with the Play button's words ("Play a C")."""
        move = super().move(action, observation)
        if isinstance(action, StickPlay):
            move["button"] = play_label(describe_play(action, detail=False))
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
            return _("Round {n}: the cards are dealt").format(n=after.round_no)
        seat = step.seat
        if isinstance(step, Play):
            text = self.says(seat, _("You play {play}"), _("{name} plays {play}"),
                             play=as_object(describe_play(step)))
            return with_notes(text, self.play_notes(step, before, after))
        if isinstance(step, Pass | Discard):
            text = (self.says(seat, _("You pass"), _("{name} passes"))
                    if isinstance(step, Pass) else
                    self.says(seat, _("You discard a matchstick"),
                              _("{name} discards a matchstick")))
            winner = self.trick_winner(step, before, after)
            return with_notes(text, [] if winner is None else [self.trick_won(winner)])
        return self.transfer_text(step)

    def trick_won(self, seat: int) -> str:
        return self.says(seat, _("You win the trick"), _("{name} wins the trick"))

    def play_notes(self, step: Play, before: ClimbObservation,
                   after: ClimbObservation) -> list[str]:
        """What followed from a play: a skip, a revolution, an 11-back, a lock, a
        9-reverse, going out (or a forbidden finish), the trick won, a bankruptcy."""
        seat = step.seat
        notes = []
        if after.events and isinstance(after.events[-1], Skipped):
            notes.append(self.skipped_text(after.events[-1]))
        if after.round_revolution != before.round_revolution:
            notes.append(_("Counter-revolution!") if before.round_revolution
                         else _("Revolution!"))
        if after.back != before.back and after.trick:
            notes.append(_("11-back: the order turns until the trick clears"))
        if after.lock != before.lock and after.trick:
            notes.append(lock_text(after.lock))
        if after.anticlockwise != before.anticlockwise:
            notes.append(_("9-reverse: turns go the other way round the table"))
        if seat in after.fouled and seat not in before.fouled:
            notes.append(self.says(seat, _("You go out on a forbidden finish: last place"),
                                   _("{name} goes out on a forbidden finish: last place")))
        elif seat in after.out or after.round_no != before.round_no:
            notes.append(self.says(seat, _("You are out"), _("{name} is out")))
        elif self.trick_winner(step, before, after) is not None:
            notes.append(self.trick_won(seat))
        if after.bankrupt is not None and before.bankrupt is None:
            notes.append(_("{name} went bankrupt").format(name=self.name(after.bankrupt)))
        return notes

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
        giver = event.giver
        if event.receiver == DISCARD_PILE:
            return self.says(giver, _("You discard {cards}"), _("{name} discards {cards}"),
                             cards=as_object(card_list(event.cards)))
        receiver = self.name_within(event.receiver)
        if event.chosen:
            what = card_list(event.cards) if event.cards else plural(event.count, "card")
            return self.says(giver, _("You give {receiver} {cards}"),
                             _("{name} gives {receiver} {cards}"),
                             receiver=receiver, cards=as_object(what))
        if event.count == 1:
            text = self.says(giver, _("You hand {receiver} your highest card"),
                             _("{name} hands {receiver} their highest card"),
                             receiver=receiver)
        else:
            text = self.says(giver, _("You hand {receiver} your {n} highest cards"),
                             _("{name} hands {receiver} their {n} highest cards"),
                             receiver=receiver, n=event.count)
        if not event.cards:
            return text
        return _("{text}: {cards}").format(text=text, cards=card_list(event.cards))

    def skipped_text(self, event: Skipped) -> str:
        return self.says(event.seat, _("You are skipped"), _("{name} is skipped"))

    def event_text(self, event: Event, observation: ClimbObservation) -> str:
        if isinstance(event, Transfer):
            return self.transfer_text(event)
        if isinstance(event, Skipped):
            return self.skipped_text(event)
        name = self.name(event.seat)
        if isinstance(event, Play):
            return _("{name}: {play}").format(name=name, play=describe_play(event))
        if isinstance(event, Discard):
            return _("{name}: discards a matchstick").format(name=name)
        return _("{name}: pass").format(name=name)

    def prompt(self, observation: ClimbObservation) -> str:
        """Whose turn it is, and what the seat must do: "Your turn: choose 2 cards to give
        to Bruno", "Aiko's turn"; empty when no seat is to act."""
        actor = observation.actor
        if actor is None or actor == CHANCE:
            return ""
        turn = self.says(actor, _("Your turn"), _("{name}'s turn"))
        if actor != observation.seat:
            return turn
        if observation.phase is Phase.GIVE:
            owed = observation.owed[0]
            cards = plural(owed.count, "card")
            if owed.receiver == DISCARD_PILE:
                return _("{turn}: choose {cards} to discard").format(turn=turn, cards=cards)
            return _("{turn}: choose {cards} to give to {name}").format(
                turn=turn, cards=cards, name=self.name(owed.receiver))
        if observation.hand_sizes[actor] == 0 and observation.sticks[actor]:
            return _("{turn}: no cards left, discard a matchstick").format(turn=turn)
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
            return _(THINKING)
        if seat == observation.bankrupt:
            return _("bankrupt")
        if seat in observation.fouled:
            return _("forbidden finish")
        if seat in observation.out:
            return p_("seat", "out")
        if observation.hand_sizes[seat] == 0 and observation.sticks[seat]:
            sticks = observation.sticks[seat]
            if short:
                return _("{n} to discard").format(n=sticks)
            return _("{matchsticks} to discard").format(
                matchsticks=plural(sticks, "matchstick"))
        if seat in observation.passed:
            return p_("seat", "passed")
        return ""

    def waiting_text(self, observation: ClimbObservation) -> str:
        seat, actor = observation.seat, observation.actor
        if actor == CHANCE:
            return self.says(seat, _("it is not your turn: the cards are being dealt"),
                             _("it is not {name}'s turn: the cards are being dealt"))
        if actor is None:
            return _("the game is over")
        return self.says(seat, _("it is not your turn but {actor}'s"),
                         _("it is not {name}'s turn but {actor}'s"),
                         actor=self.names[actor])

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
            "verb": (p_("cards", "Play") if obs.phase is not Phase.GIVE else
                     _("Discard") if obs.owed[0].receiver == DISCARD_PILE else _("Give")),
            "pass_label": self.pass_label(obs),
            "hand": hand,
            "suit_order": by_suit(obs.hand),  # the hand as a player sorting by suit holds it
            # ... and as one who keeps the cards as they came (received ones last)
            "dealt_order": [str(card) for card in obs.hand_as_dealt()],
            "held_back": [],
            "matchsticks": rules.starting_sticks > 0,
            "players": [{
                "seat": s, "name": self.name(s), "kind": kinds[s], "title": titles[s],
                "score": obs.scores[s], "cards": obs.hand_sizes[s], "passed": s in obs.passed,
                "place": (obs.finished().index(s) + 1 if s in obs.out and s not in obs.fouled
                          else None),
                "bankrupt": s == obs.bankrupt, "sticks": obs.sticks[s],
                "status": self.status(obs, s, kinds[s]),
                "seat_status": self.status(obs, s, kinds[s], short=True),
                "points_text": plural(obs.scores[s], "point"),
                "cards_text": (plural(obs.hand_sizes[s], "card") if obs.hand_sizes[s]
                               else _("no cards")),
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
