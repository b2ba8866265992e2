"""A UECda server for the tests, written from the protocol and rules as the contest's
manual states them (the devkit's man/protocol.html and man/rule.html) and as the contest's
server (tndhms, server/src/daihu.c) behaves: one client joins, the other four players are
the engine's bots, and the engine referees.

It plays whole games with the exchange from the second, and writes a lone Joker on the
field in a different cell each time, as the real server may. As tndhms does, it seats the
players afresh every third game (RULE_SEKIGAE), each keeping their class; answers a pass
on a field that holds cards with "refused", taking it as a pass; and forgets the classes
every 100th game (FLASH_MIBUN_NUMBER), dealing the next without an exchange. And it can
play the three situations that once put the client out of step (issue 65):

- other seats' plays refused: the contest's sample clients send illegal plays now and
  then; the server answers 8, counts a pass and leaves the field as it was;
- games ended by 20 passes in a row: every other seat passes whenever it may, so once
  the client is out (or passes too) the server ranks the players still in at random;
- Jokers past a sequence's ranks: a seat with the Joker plays a sequence with it below
  the 3 or above the 2 where it can, written in column 0 or 14 of the sequence's row.
"""

import random
import socket
import threading
from dataclasses import dataclass, field

from engine import chance_action, initial_state, legal_actions, observe, step
from engine.core.actions import Action, Give, Pass, Play
from engine.core.cards import JOKER
from engine.core.errors import IllegalAction
from engine.core.evolve import evolve
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import ClimbState, Phase
from engine.families.climbing.uecda.client import Chooser, MatchReport, play_match
from engine.families.climbing.uecda.follower import RULES, action_table, field_action, field_suits
from engine.families.climbing.uecda.protocol import (
    ACCEPTED,
    COLUMNS,
    PLAYERS,
    PROTOCOL_VERSION,
    REFUSED,
    Connection,
    Listener,
    Table,
    TurnEnd,
    card_cell,
    field_play,
    hand_cards,
    hand_table,
    past_ends,
    play_table,
)
from engine.players.levels import make_bot

LONE_JOKER_CELLS = ((0, 13), (4, 1), (2, 5), (3, 0))
"""Cells a lone Joker is written in on the field: a card's cell, the hand's Joker cell,
and a column outside the ranks."""
PASSES_TO_END = 20  # tndhms: "renzoku pass" ends a game at 20


def play_against(server: "LoopbackServer", bot: str | Chooser, notes: list[str],
                 listener: Listener | None = None) -> MatchReport:
    """The client's match with ``bot`` (a level's name, or a bot) against ``server``, over a
    socket pair, its notes in ``notes``. A server that fails closes its end, so the client
    stops (the match cut short), and its error is raised here."""
    ours, theirs = socket.socketpair()
    failures: list[BaseException] = []

    def serve() -> None:
        try:
            server.serve(Connection(theirs))
        except BaseException as error:
            failures.append(error)
        finally:
            theirs.shutdown(socket.SHUT_RDWR)

    with ours, theirs:
        thread = threading.Thread(target=serve)
        thread.start()
        player = make_bot(bot) if isinstance(bot, str) else bot
        report = play_match(Connection(ours, listener), player, "tycoon-table", 1, notes.append)
        thread.join()
    if failures:
        raise failures[0]
    return report


@dataclass
class LoopbackServer:
    games: int
    seed: int
    client_player: int = 3
    seating: tuple[int, ...] = (2, 0, 4, 1, 3)  # player numbers in seat order
    bots: str = "normal"
    reseat_every: int = 3  # tndhms's RULE_SEKIGAE_NUM
    classes_kept: int = 100  # tndhms's FLASH_MIBUN_NUMBER, the contest's
    lie_about_revolution_on_turn: int | None = None  # a table that disagrees, once
    refuse_others: float = 0.0  # the chance another seat's move is an illegal play
    stall_every: int = 0  # every this many games the other seats pass whenever they may
    jokers_past_ends: bool = False  # a seat plays its Joker past a sequence's ranks
    refused: list[str] = field(default_factory=list)
    name: str = ""
    places: list[tuple[int, ...]] = field(default_factory=list)  # by player number
    lone_jokers: int = 0
    jokers_in_sets: int = 0
    client_gives: int = 0
    passes_answered_refused: int = 0
    reseated: int = 0
    others_refused: int = 0
    refused_leads: int = 0  # of those, plays refused on an empty field
    ended_by_passes: int = 0
    joker_columns: list[int] = field(default_factory=list)  # 0 or 14, as each was written
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
            if game > 1 and (game - 1) % self.classes_kept == 0:
                state = evolve(state, places=())  # dealt as a first game
            stalling = bool(self.stall_every) and game % self.stall_every == 0
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
            passes = 0
            manual = ManualTurns(state)
            while state.phase is Phase.PLAY:
                turn += 1
                actor = state.actor
                assert actor == manual.to_act, (
                    f"game {game}: the engine gives the turn to seat {actor}, the manual to "
                    f"seat {manual.to_act}")
                table = self._table(state, client, hand=state.hands[client], actor=actor)
                if turn == self.lie_about_revolution_on_turn:
                    table = table.with_cells({(5, 6): int(not state.revolution)})
                connection.send_table(table)
                lock = state.lock or (self.suits if state.trick else frozenset())
                if actor == client:
                    action = self._client_action(connection, state, client, game)
                else:
                    action = self._other_action(state, actor, bot, rng, stalling)
                passes = passes + 1 if isinstance(action, Pass) else 0
                before, state = state, step(state, action)
                manual.after(before, action, state)
                # The manual's end: four players out, or 20 passes in a row (rule.html 4.5.1).
                ends = passes >= PASSES_TO_END or sum(map(bool, state.hands)) <= 1
                assert (state.phase is not Phase.PLAY) == ends, f"game {game}: the end"
                if isinstance(action, Play):
                    field_cards = self._field(action, lock)
                    self.suits = field_suits(*field_play(field_cards))
                connection.send_table(field_cards.with_cells(
                    {(5, 7): int(bool(state.lock))}))
                if not state.trick:  # tndhms clears the field after it has sent it
                    field_cards = play_table(())
                over = state.phase is not Phase.PLAY
                if over and passes >= PASSES_TO_END:
                    self.ended_by_passes += 1
                connection.send_int(TurnEnd.MATCH_OVER if over and game == self.games
                                    else TurnEnd.GAME_OVER if over else TurnEnd.GO_ON)
            self.places.append(tuple(self.seating[seat] for seat in state.places[-1]))

    def _other_action(self, state: ClimbState, seat: int, bot, rng: random.Random,
                      stalling: bool) -> Action:
        """Another seat's move as the server takes it: a refused play is a pass."""
        legal = legal_actions(state, seat)
        if stalling and Pass(seat) in legal:
            return Pass(seat)
        if self.refuse_others and rng.random() < self.refuse_others:
            self.others_refused += 1  # a play the server answers 8: it counts a pass
            self.refused_leads += not state.trick
            return Pass(seat)
        if self.jokers_past_ends:
            runs = [move for move in legal if isinstance(move, RunPlay) and move.past_ends]
            if runs:
                return runs[0]
        return bot.choose(observe(state, seat), rng)

    def _client_action(self, connection: Connection, state: ClimbState, client: int,
                       game: int) -> Play | Pass:
        table = connection.read_table()
        played, stand_ins = field_play(table)
        action = (field_action(client, played, stand_ins, past_ends(table)) if played
                  else Pass(client))
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
        if play.cards == (JOKER,):
            self.lone_jokers += 1
            cell = LONE_JOKER_CELLS[self.lone_jokers % len(LONE_JOKER_CELLS)]
            return play_table(play.cards, lone_joker_cell=cell)
        if isinstance(play, RunPlay) and play.past_ends:
            return self._past_ends(play)
        if len(play.cards) > 1 and JOKER in play.cards:
            self.jokers_in_sets += 1
        return action_table(play, lock)

    def _past_ends(self, run: RunPlay) -> Table:
        """A sequence with its Joker past the ranks, as the manual's table 2 lays it out:
        each card in its cell, the Joker as 2 in column 0 (below the 3) or 14 (above the
        2) of the suit's row."""
        cells = {card_cell(card): 1 for card in run.naturals}
        row = card_cell(run.naturals[0])[0]
        column = 0 if run.below else COLUMNS - 1
        cells[(row, column)] = 2
        self.joker_columns.append(column)
        return Table.from_cells(cells)

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


class ManualTurns:
    """Who plays next as the manual (rule.html 4.2.1, 4.2.4) and tndhms (daihu.c) have
    it, kept apart from the engine's turns to check them: a player who passes (or whose
    play is refused) is not asked again until the field clears; the field clears when
    every player still in has passed, or a play takes it (an 8, the 3 of spades on a lone
    Joker); then its last player leads, or the next still in."""

    def __init__(self, state: ClimbState) -> None:
        assert state.actor is not None
        self.to_act = self.last = state.actor  # the 3 of diamonds' holder leads
        self.passed: set[int] = set()

    def after(self, before: ClimbState, action: Action, state: ClimbState) -> None:
        holding = [bool(hand) for hand in state.hands]
        seat = action.seat
        if isinstance(action, Play):
            self.last = seat
            taken = RULES.effect(action, before.top, before.revolution).wins_trick
        else:
            self.passed.add(seat)
            taken = False
        if taken or len(self.passed) >= sum(holding):
            self.passed.clear()
            following = self.last
            while not holding[following] and any(holding):
                following = (following + 1) % PLAYERS
            self.to_act = self.last = following
            return
        following = (seat + 1) % PLAYERS
        while not holding[following] or following in self.passed:
            following = (following + 1) % PLAYERS
        self.to_act = following

