"""A UECda server for the tests, written from the protocol as the contest's manual states
it (engine/families/climbing/uecda) and as the contest's server (tndhms 0.29) behaves:
one client joins, the other four players are the engine's bots, and the engine referees.
It plays whole games with the exchange from the second, and writes a lone Joker on the
field in a different cell each time, as the real server may. As tndhms does, it seats the
players afresh every third game (RULE_SEKIGAE), each keeping their class, and answers a
pass on a field that holds cards with "refused", taking it as a pass."""

import random
from dataclasses import dataclass, field

from engine import chance_action, initial_state, legal_actions, observe, step
from engine.core.actions import Give, Pass, Play
from engine.core.errors import IllegalAction
from engine.core.evolve import evolve
from engine.families.climbing.rules.state import ClimbState, Phase
from engine.families.climbing.uecda.client import RULES, action_table, field_action, field_suits
from engine.families.climbing.uecda.protocol import (
    ACCEPTED,
    PLAYERS,
    PROTOCOL_VERSION,
    REFUSED,
    Connection,
    Table,
    TurnEnd,
    field_play,
    hand_cards,
    hand_table,
    play_table,
)
from engine.players.levels import make_bot

LONE_JOKER_CELLS = ((0, 13), (4, 1), (2, 5), (3, 0))
"""Cells a lone Joker is written in on the field: a card's cell, the hand's Joker cell,
and a column outside the ranks."""


@dataclass
class LoopbackServer:
    games: int
    seed: int
    client_player: int = 3
    seating: tuple[int, ...] = (2, 0, 4, 1, 3)  # player numbers in seat order
    bots: str = "normal"
    reseat_every: int = 3  # tndhms's RULE_SEKIGAE_NUM
    lie_about_revolution_on_turn: int | None = None  # a table that disagrees, once
    refused: list[str] = field(default_factory=list)
    name: str = ""
    places: list[tuple[int, ...]] = field(default_factory=list)  # by player number
    lone_jokers: int = 0
    jokers_in_sets: int = 0
    client_gives: int = 0
    passes_answered_refused: int = 0
    reseated: int = 0
    suits: frozenset = frozenset()  # the last field's, as the server counts them

    def serve(self, connection: Connection) -> None:
        profile = connection.read_table()
        assert profile[0, 0] == PROTOCOL_VERSION
        self.name = "".join(chr(code) for code in profile.rows[1] if code)
        connection.send_int(self.client_player)
        rng = random.Random(self.seed)
        bot = make_bot(self.bots)
        state = initial_state(RULES, PLAYERS, self.seed)
        turn = 0
        for game in range(1, self.games + 1):
            if game > 1 and game % self.reseat_every == 1:
                state = self._reseat(state, rng)
            client = self.seating.index(self.client_player)
            state = step(state, chance_action(state))
            owes = [o.count for o in state.owed if o.giver == client]
            connection.send_table(self._table(state, client, hand=state.hands[client],
                                              gives=owes[0] if owes else 0))
            while state.phase is Phase.GIVE:
                giver = state.actor
                if giver == client:
                    give = Give(client, hand_cards(connection.read_table()))
                    self.client_gives += 1
                else:
                    give = bot.choose(observe(state, giver), rng)
                state = step(state, give)
            field_cards = play_table(())
            while state.phase is Phase.PLAY:
                turn += 1
                actor = state.to_act
                assert actor is not None
                table = self._table(state, client, hand=state.hands[client], actor=actor)
                if turn == self.lie_about_revolution_on_turn:
                    table = table.with_cells({(5, 6): int(not state.revolution)})
                connection.send_table(table)
                lock = state.lock or (self.suits if state.trick else frozenset())
                if actor == client:
                    action = self._client_action(connection, state, client, game)
                else:
                    action = bot.choose(observe(state, actor), rng)
                state = step(state, action)
                if isinstance(action, Play):
                    field_cards = self._field(action, lock)
                    self.suits = field_suits(*field_play(field_cards))
                connection.send_table(field_cards.with_cells(
                    {(5, 7): int(bool(state.lock))}))
                over = state.phase is not Phase.PLAY
                connection.send_int(TurnEnd.MATCH_OVER if over and game == self.games
                                    else TurnEnd.GAME_OVER if over else TurnEnd.GO_ON)
            self.places.append(tuple(self.seating[seat] for seat in state.places[-1]))

    def _client_action(self, connection: Connection, state: ClimbState, client: int,
                       game: int) -> Play | Pass:
        played, stand_ins = field_play(connection.read_table())
        action = field_action(client, played, stand_ins) if played else Pass(client)
        if isinstance(action, Pass) and state.trick:  # as tndhms answers it
            self.passes_answered_refused += 1
            connection.send_int(REFUSED)
            return action
        if action in legal_actions(state, client):
            connection.send_int(ACCEPTED)
            return action
        try:  # the engine's own reason, for the test's message
            step(state, action)
            why = "not among the legal moves"
        except IllegalAction as error:
            why = str(error)
        self.refused.append(f"game {game}: {action}: {why}")
        connection.send_int(REFUSED)
        return Pass(client)

    def _reseat(self, state: ClimbState, rng: random.Random) -> ClimbState:
        """Between games, the players in a new seat order; each keeps their places and
        score (the engine's are by seat)."""
        order = list(range(PLAYERS))  # order[new seat] = the old seat
        rng.shuffle(order)
        self.seating = tuple(self.seating[old] for old in order)
        self.reseated += 1
        return evolve(state, places=tuple(tuple(order.index(s) for s in places)
                                          for places in state.places),
                      scores=tuple(state.scores[old] for old in order))

    def _field(self, play: Play, lock: frozenset) -> Table:
        if play.cards == (RULES.deck()[-1],):  # a lone Joker
            self.lone_jokers += 1
            cell = LONE_JOKER_CELLS[self.lone_jokers % len(LONE_JOKER_CELLS)]
            return play_table(play.cards, lone_joker_cell=cell)
        if len(play.cards) > 1 and RULES.deck()[-1] in play.cards:
            self.jokers_in_sets += 1
        return action_table(play, lock)

    def _table(self, state: ClimbState, client: int, *, hand: tuple, actor: int | None = None,
               gives: int = 0) -> Table:
        """A hand table: the client's hand, then rows 5 and 6 (the turn, the field's
        flags, and each player's card count, class and seat)."""
        cells = {}
        last = state.places[-1] if state.places else None
        if last is not None:
            cells[(5, 0)] = 1
        cells[(5, 1)] = gives
        cells[(5, 2)] = int(actor == client)
        cells[(5, 3)] = self.seating[actor] if actor is not None else 6
        cells[(5, 4)] = int(not state.trick)
        cells[(5, 6)] = int(state.revolution)
        cells[(5, 7)] = int(bool(state.lock))
        for seat, player in enumerate(self.seating):
            cells[(6, player)] = len(state.hands[seat])
            cells[(6, 5 + player)] = last.index(seat) if last is not None else 0
            cells[(6, 10 + seat)] = player
        return hand_table(hand).with_cells(cells)
