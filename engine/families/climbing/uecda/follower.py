"""The engine's state of a game at a UECda contest server, kept in step with the server's
tables from one client's seat (``GameFollower``), and the translation between the
engine's plays and the tables that carry them (``action_table``, ``field_action``),
under the "UECda standard" preset.

The server sends only this player's hand, the field and a few counts, never the other
players' moves. ``GameFollower`` holds the game as an engine state in which the other
hands are stand-in cards of the right number, drawn from the cards not yet seen, so the
bot sees it through ``observe`` as it would at the app's table. Another player's move is
read from the field: a new set of cards is their play (the stand-ins are swapped so that
they held it), and a field left as it was, or emptied, is a pass (the server counts a
play it refused as a pass, and so does the follower). Before each turn the follower
checks its state against the server's table (hand, card counts, the player to act, the
field, revolution, lock); where they disagree it says so and rebuilds the state from the
table, and plays on.
"""

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.core.actions import Action, Pass, Play
from engine.core.cards import JOKER, Card, Suit
from engine.core.errors import IllegalAction
from engine.core.evolve import evolve
from engine.families.climbing.rules.machine import step
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import ClimbState, Owed, Phase, sort_cards
from engine.families.climbing.rules.tycoon_plays import suits_of
from engine.families.climbing.rules.tycoon_presets import PRESETS
from engine.families.climbing.uecda.protocol import (
    PLAYERS,
    Table,
    TurnInfo,
    field_play,
    past_ends,
    play_table,
)

__all__ = ["RULES", "GameFollower", "action_table", "field_action", "field_suits"]


RULES = replace(PRESETS["tycoon-uecda"], rounds=0)
"""The contest's rules; the server, not the rules, says how many games a match has."""


def action_table(action: Action, suits: frozenset[Suit] = frozenset()) -> Table:
    """The table that sends a play or a pass. A Joker in a sequence is written in its
    stand-in's cell; in a set, in the cell of a card of the set's rank that the set lacks,
    of one of ``suits`` if it can: the server takes the Joker's suit from its cell, and a
    set locks the trick when its suits are the field's (pass the lock's suits, or the
    field's, for the Joker to fit the lock or make the one the engine expects)."""
    if not isinstance(action, Play):
        return play_table(())
    if isinstance(action, RunPlay):
        return play_table(action.cards, action.stand_ins, below=action.below,
                          above=action.above)
    naturals = [card for card in action.cards if card is not JOKER]
    if JOKER in action.cards and naturals and len(naturals) < len(Suit):
        rank = naturals[0].rank
        free = [Card(rank, suit) for suit in Suit if Card(rank, suit) not in naturals]
        wanted = [card for card in free if card.suit in suits]
        return play_table(action.cards, ((wanted or free)[0],))
    return play_table(action.cards)


def field_suits(played: tuple[Card, ...], stand_ins: tuple[Card, ...]) -> frozenset[Suit]:
    """The suits a field's play holds as the server counts them: its natural cards' and
    the suit of the cell its Joker is written in."""
    return frozenset(card.suit for card in (*played, *stand_ins) if card.suit is not None)


def field_action(seat: int, played: tuple[Card, ...], stand_ins: tuple[Card, ...],
                 ends: tuple[bool, bool] = (False, False)) -> Play:
    """The engine's play of cards a field table shows: the sequence its Joker's stand-in
    names, or its place past the ranks (``ends``: below the 3, above the 2, as
    ``protocol.past_ends`` reads them), else the set of one rank."""
    plays = RULES.plays_of_cards(seat, played)
    for play in plays:
        if (isinstance(play, RunPlay) and set(play.stand_ins) == set(stand_ins)
                and (play.below, play.above) == ends):
            return play
    sets = [play for play in plays if not isinstance(play, RunPlay)]
    return sets[0] if sets else plays[0]


class GameFollower:
    """One game of the match as the engine's state, from this client's seat. Seats are
    the server's seating order; ``seating[seat]`` is that seat's player number."""

    def __init__(self, me: int, seating: Sequence[int], places: Sequence[tuple[int, ...]],
                 scores: Sequence[int], seed: int, note: Callable[[str], None]) -> None:
        self.seating = tuple(seating)
        self.me = self.seating.index(me)
        self.places = tuple(places)
        self.scores = tuple(scores)
        self.seed = seed
        self.note = note
        self.state: ClimbState | None = None
        self.gone: list[Card] = []  # cards played this game, as this client saw them
        self.last_field: tuple[Card, ...] = ()
        self.suits: frozenset[Suit] = frozenset()  # the last field's, as the server counts

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)

    # ------------------------------------------------------------ the state

    def rebuild(self, hand: tuple[Card, ...], info: TurnInfo, trick: tuple[Play, ...] = (),
                passed: frozenset[int] = frozenset()) -> ClimbState:
        """A state that says what the table says: this hand, the other hands of the
        counts the server gives (stand-in cards from those not seen), the player to act,
        the field, revolution and lock."""
        counts = [info.card_counts[player] for player in self.seating]
        counts[self.me] = len(hand)
        seen = Counter(hand) + Counter(card for play in trick for card in play.cards)
        pool = list((Counter(RULES.deck()) - seen - Counter(self.gone)).elements())
        need = sum(counts) - len(hand)
        if len(pool) < need:  # cards this client thought played are still held
            pool += list((Counter(self.gone) - seen).elements())[:need - len(pool)]
        random.Random(self.seed).shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        for seat, count in enumerate(counts):
            if seat == self.me:
                hands.append(hand)
            else:
                hands.append(tuple(pool[:count]))
                pool = pool[count:]
        to_act = self.seat_of(info.player_to_act) if 0 <= info.player_to_act < PLAYERS \
            else self.me
        known_out = self.state.out if self.state is not None else ()
        out = [seat for seat in known_out if not counts[seat]]
        out += [seat for seat in range(PLAYERS) if not counts[seat] and seat not in out]
        try:
            state = setup(RULES, hands, to_act, trick=trick, passed=passed - {to_act},
                          revolution=info.revolution, out=out, places=self.places,
                          scores=self.scores, seed=self.seed)
        except IllegalAction:  # a field the engine cannot hold: start the trick afresh
            state = setup(RULES, hands, to_act if hands[to_act] else self.me,
                          revolution=info.revolution, out=out, places=self.places,
                          scores=self.scores, seed=self.seed)
        if info.locked and state.trick:
            state = evolve(state, lock=self.suits or frozenset(suits_of(state.trick[-1])))
        self.state = state
        return state

    def to_give(self, hand: tuple[Card, ...], info: TurnInfo) -> ClimbState:
        """The state in which this client owes the exchange's cards of its choice: the
        Tycoon gives 2 to the Beggar, the Rich Man 1 to the Poor Man. The follower keeps
        no state from it: the game's first turn starts it from that turn's table."""
        state = self.rebuild(hand, info)
        self.state = None
        receiver = self.places[-1][-1 - self.places[-1].index(self.me)]
        owed = Owed(self.me, receiver, info.cards_to_give)
        return evolve(state, phase=Phase.GIVE, owed=(owed,))

    def check(self, hand: tuple[Card, ...], info: TurnInfo) -> ClimbState:
        """The state for this turn: the follower's own, or rebuilt from the table where
        they disagree (which is noted)."""
        state = self.state
        if state is None:
            return self.rebuild(hand, info)
        counts = tuple(info.card_counts[player] for player in self.seating)
        differences = []
        if state.phase is not Phase.PLAY:
            differences.append(f"the engine's round is {state.phase}")
        else:
            mine = tuple(map(len, state.hands))
            if sort_cards(RULES, hand) != state.hands[self.me]:
                differences.append("this client's hand")
            if counts[:self.me] + counts[self.me + 1:] != mine[:self.me] + mine[self.me + 1:]:
                differences.append(f"the card counts (the server's {counts}, the engine's "
                                   f"{mine})")
            if self.seating[state.to_act or 0] != info.player_to_act:
                differences.append(f"the player to act (the server's {info.player_to_act})")
            if info.field_empty == bool(state.trick):
                differences.append("whether the field is empty")
            if info.revolution != state.revolution:
                differences.append("the revolution")
            if info.locked != bool(state.lock):
                differences.append("the suit lock")
        if not differences:
            return state
        self.note(f"the engine disagrees with the server on {', '.join(differences)}: "
                  f"playing on from the server's table")
        trick = state.trick[-1:] if state.trick and not info.field_empty else ()
        return self.rebuild(hand, info, trick, state.passed if trick else frozenset())

    def outcome(self) -> tuple[tuple[int, ...], int] | None:
        """The game's places as the engine ended it, by player number, and how many of
        them, from the first, are sure: all, or where 20 passes in a row ended it (the
        server ranks the players still in at random) those who went out. None where the
        engine's game has not ended."""
        state = self.state
        if state is None or state.phase is Phase.PLAY or len(state.places) <= len(self.places):
            return None
        order = tuple(self.seating[seat] for seat in state.places[-1])
        return order, len(order) if len(order) - len(state.out) <= 1 else len(state.out)

    def table_of(self, action: Action) -> Table:
        """The table that sends this client's action, its Joker in a set written where it
        fits the lock, or makes the lock the engine expects of it."""
        state = self.state
        lock = state.lock if state is not None else frozenset()
        return action_table(action, lock or (self.suits if state and state.trick else lock))

    def after_turn(self, actor: int, field_table: Table, own: Action | None) -> None:
        """Take a turn into the state: this client's own accepted action, or the move
        the field shows the actor made."""
        played, stand_ins = field_play(field_table)
        changed = bool(played) and played != self.last_field
        self.last_field = played
        if changed:
            self.suits = field_suits(played, stand_ins)
        state = self.state
        if own is not None:
            action = own
        elif changed:
            action = field_action(actor, played, stand_ins, past_ends(field_table))
        else:
            action = Pass(actor)
        if isinstance(action, Play):
            self.gone += action.cards
        if state is None or state.phase is not Phase.PLAY:
            return
        try:
            if isinstance(action, Play) and actor != self.me:
                state = self._holding(state, actor, action.cards)
            top = state.top
            self.state = step(state, action)
        except IllegalAction as error:  # the next turn's table puts it right
            self.note(f"the engine cannot take seat {actor}'s {action}: {error}")
            return
        self._take_servers_lock(top, action, TurnInfo.read(field_table).locked)

    def _take_servers_lock(self, top: Play | None, action: Action, locked: bool) -> None:
        """The engine lets a Joker in a set take whichever suit locks the trick; the server
        takes the suit of the cell it is written in. Where such a set is played or
        answered, the lock is the server's, as the field's table says."""
        state = self.state
        if not isinstance(action, Play) or state is None or not state.trick \
                or state.trick[-1] != action:
            return  # a pass, or a play that took the trick
        if any(play is not None and JOKER in play.cards and len(play.cards) > 1
               for play in (top, action)):
            self.state = evolve(state, lock=self.suits if locked else frozenset())

    def _holding(self, state: ClimbState, seat: int, cards: tuple[Card, ...]) -> ClimbState:
        """The state with the stand-ins swapped so that ``seat`` held ``cards``."""
        hands = [list(hand) for hand in state.hands]
        for card in cards:
            if card in hands[seat]:
                continue
            owner = next((s for s in range(PLAYERS) if s not in (seat, self.me)
                          and card in hands[s]), None)
            spare = next((c for c in hands[seat] if c not in cards), None)
            if owner is None or spare is None:
                raise IllegalAction(f"the {card.name} was not among the cards unseen")
            hands[owner][hands[owner].index(card)] = spare
            hands[seat][hands[seat].index(spare)] = card
        return evolve(state, hands=tuple(sort_cards(RULES, hand) for hand in hands))
