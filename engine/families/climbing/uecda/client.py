"""A bot's seat at a UECda contest server: the match played over ``protocol``'s messages
(``play_match``), the engine's state kept in step by ``follower``; the match recorded as
it is played and replayed offline from the record (``stream``, ``replay``).

The client plays on whatever happens short of the server closing: a bot (or the
engine's state) that raises is reported, counted, and a legal move is played in its
place, from the engine's state, or from the server's table if need be.
"""

import math
import random
import socket
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from engine.core.actions import Action, Give, Pass, Play
from engine.core.cards import JOKER, Card
from engine.families.climbing.rules.machine import observe
from engine.families.climbing.rules.state import ClimbObservation, ClimbState, sort_cards
from engine.families.climbing.uecda.follower import RULES, GameFollower, field_action
from engine.families.climbing.uecda.protocol import (
    PLAYERS,
    SENT,
    Connection,
    ProtocolError,
    ServerClosed,
    Table,
    TurnEnd,
    TurnInfo,
    field_play,
    gives_table,
    hand_cards,
    past_ends,
    profile_table,
)
from engine.families.climbing.uecda.stream import Recorder, ReplaySocket, read_messages

__all__ = ["Chooser", "MatchReport", "RecordedMoves", "play_match", "play_on_server",
           "replay"]

Clock = Callable[[], float]


class Chooser(Protocol):
    """A bot, as the client asks it for moves (engine.players.levels' bots are)."""

    def choose(self, observation: ClimbObservation, rng: random.Random, /) -> Any: ...


@dataclass
class MatchReport:
    """What a match came to for this client: its player number, the games played, its
    decisions and their times (seconds), the points by the contest's scoring, the plays
    the server refused (each a defect), the times the engine's state disagreed with the
    server's tables, the errors the client played through (a bot or its state raised),
    the games 20 passes in a row ended (and of those, the games no later deal showed the
    places of, whose points are the engine's guess), and why the match was cut short,
    where it was."""

    player: int
    games: int = 0
    decisions: int = 0
    times: list[float] = field(default_factory=list)
    points: int = 0
    refused: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    passes_ended: int = 0
    guessed: int = 0
    cut_short: str = ""

    def summary(self) -> str:
        """The match in a line or two, as the command prints it."""
        mean = f" ({self.points / self.games:.2f} a game)" if self.games else ""
        text = (f"player {self.player}: {self.games} games, {self.points} points{mean}, "
                f"{len(self.refused)} refused plays, {len(self.disagreements)} "
                f"disagreements with the server, {len(self.errors)} errors played through, "
                f"{self.passes_ended} games ended by 20 passes")
        if self.guessed:
            text += f" ({self.guessed} with places no deal showed: their points guessed)"
        text += f"; {self.decisions} decisions"
        if self.times:
            text += (f", {_ms(_percentile(self.times, 0.5))} at the median, "
                     f"{_ms(_percentile(self.times, 0.95))} at the 95th percentile")
        if self.cut_short:
            text += f"\ncut short: {self.cut_short}"
        return text

    @property
    def status(self) -> int:
        """The command's exit status: 2 where the match was cut short, 1 where the server
        refused a play, 3 where the client played through an error, else 0."""
        if self.cut_short:
            return 2
        if self.refused:
            return 1
        return 3 if self.errors else 0


def _ms(seconds: float) -> str:
    """A time in milliseconds: to a tenth below 10 ms, else whole."""
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def _percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the least value at least ``share`` of them reach."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def play_on_server(host: str, port: int, bot: Chooser, name: str, seed: int,
                   note: Callable[[str], None], record: TextIO | None = None) -> MatchReport:
    """Connect to the UECda server at ``host``:``port`` and play its match (a name the
    server cannot take is refused before connecting), writing every message to
    ``record`` where given (``stream``). Raises ``OSError`` where the server cannot be
    reached or closes before the match begins, ``ValueError`` for a name or a message it
    cannot take."""
    profile_table(name)
    listener = Recorder(record) if record is not None else None
    with socket.create_connection((host, port)) as sock:
        return play_match(Connection(sock, listener), bot, name, seed, note)


def replay(record: str, note: Callable[[str], None], seed: int = 1) -> MatchReport:
    """Play a recorded match again offline: the server's messages from the ``record``'s
    text, and this client's moves as it sent them (``RecordedMoves``), so the engine's
    state follows as it did and notes the same disagreements. Raises
    ``protocol.ProtocolError`` for a record that is not one."""
    messages = read_messages(record)
    moves = RecordedMoves([message.value for message in messages
                           if message.direction == SENT and message.game > 0])
    return play_match(Connection(ReplaySocket(messages)), moves, "replay", seed, note)


class RecordedMoves:
    """The moves a recorded client sent, read back from their tables in order, for
    ``replay``: a replay's every decision is the one the record sent, however it was
    made."""

    def __init__(self, sent: Sequence[Table | int]) -> None:
        self._tables = iter(sent)

    def next_move(self, seat: int, giving: bool) -> Action:
        """The next move the record sent: the cards ``seat`` gave, where ``giving``, else
        its play or pass. Raises ``ProtocolError`` where the record has none."""
        table = next(self._tables, None)
        if not isinstance(table, Table):
            raise ProtocolError("the record ends, or holds an int, where the client moved")
        if giving:
            return Give(seat, hand_cards(table))
        played, stand_ins = field_play(table)
        return field_action(seat, played, stand_ins, past_ends(table)) if played else Pass(seat)


def play_match(connection: Connection, bot: Chooser | RecordedMoves, name: str, seed: int,
               note: Callable[[str], None], clock: Clock = time.perf_counter) -> MatchReport:
    """Join a UECda server under ``name`` and play its match with ``bot`` to the end, or
    until the server closes (the report says so); ``clock`` times the decisions."""
    report = MatchReport(connection.join(name))
    try:
        _Match(connection, bot, report, seed, note, clock).play()
    except ServerClosed as error:
        report.cut_short = f"in game {report.games + 1}, {error}"
    return report


class _Match:
    """A match in play: the games, each game's places by player number (the last game's
    sure only up to ``sure`` places, where 20 passes ended it, until the next deal shows
    them), and the report."""

    def __init__(self, connection: Connection, bot: Chooser | RecordedMoves,
                 report: MatchReport, seed: int, note: Callable[[str], None], clock: Clock
                 ) -> None:
        self.connection, self.bot, self.report = connection, bot, report
        self.seed, self.note, self.clock = seed, note, clock
        self.rng = random.Random(seed)
        self.places: list[tuple[int, ...]] = []
        self.sure = PLAYERS

    def noted(self, what: str, kind: list[str] | None = None) -> None:
        """Count ``what`` (a disagreement unless another ``kind``) and say it."""
        (self.report.disagreements if kind is None else kind).append(what)
        self.note(f"game {self.report.games + 1}: {what}")

    def play(self) -> None:
        end = TurnEnd.GO_ON
        while end is not TurnEnd.MATCH_OVER:
            self.connection.game = self.report.games + 1
            end = self.game(self.connection.read_table())
            self.report.games += 1
        self.read_places(None)

    def game(self, deal_table: Table) -> TurnEnd:
        """Play a game from its deal to its end; what the server said at its end."""
        info = TurnInfo.read(deal_table)
        self.read_places(info)
        seating = info.seating
        follower = GameFollower(
            self.report.player, seating,
            [tuple(map(seating.index, order)) for order in self.places],
            tuple(sum(RULES.points(order.index(player), PLAYERS) for order in self.places)
                  for player in seating),
            self.seed + self.report.games, self.noted)
        if info.cards_to_give:
            hand = hand_cards(deal_table)
            give = self.decide(lambda: follower.to_give(hand, info),
                               lambda: Give(follower.me, sort_cards(RULES, hand)[
                                   :info.cards_to_give]), follower.me, giving=True)
            cards = give.cards if isinstance(give, Give) else hand[:info.cards_to_give]
            self.connection.send_table(gives_table(cards))
        end = TurnEnd.GO_ON
        while end is TurnEnd.GO_ON:
            self.turn(follower)
            end = self.connection.read_turn_end()
        self.finish(follower, seating)
        return end

    def turn(self, follower: GameFollower) -> None:
        table = self.connection.read_table()
        info = TurnInfo.read(table)
        hand = hand_cards(table)
        try:
            follower.check(hand, info)
        except Exception as error:  # its state is rebuilt from the next table
            self.failed("the engine's state", error)
            follower.state = None
        own: Play | Pass | None = None
        if info.my_turn:
            state = follower.state
            choice = self.decide(lambda: state, lambda: _table_move(follower.me, hand, info),
                                 follower.me)
            own = choice if isinstance(choice, Play | Pass) else Pass(follower.me)
            try:
                sent = follower.table_of(own)
            except ValueError as error:  # a play the wire cannot carry: a pass instead
                self.failed("writing the move", error)
                own, sent = Pass(follower.me), follower.table_of(Pass(follower.me))
            # tndhms answers every pass on a field that holds cards with "refused" (it
            # finds the empty play unlike the field's) and takes it as a pass all the same.
            if not self.connection.submit(sent) and isinstance(own, Play):
                self.noted(f"the server refused {own}", self.report.refused)
                own = Pass(follower.me)
        field_table = self.connection.read_table()
        try:
            follower.after_turn(follower.seat_of(info.player_to_act), field_table, own)
        except Exception as error:
            self.failed("the engine's state", error)
            follower.state = None

    def decide(self, state_of: Callable[[], ClimbState | None],
               from_table: Callable[[], Action], seat: int, giving: bool = False) -> Action:
        """The bot's move in the state ``state_of`` gives; where the bot raises (or names
        a move that is not legal), a legal move of the engine's in its place, and where the
        engine's state cannot give one, ``from_table``'s, read from the server's table. A
        replay's move is the record's."""
        self.report.decisions += 1
        if isinstance(self.bot, RecordedMoves):
            return self.bot.next_move(seat, giving)
        observation: ClimbObservation | None = None
        try:
            state = state_of()
            observation = observe(state, seat) if state is not None else None
        except Exception as error:
            self.failed("the engine's state", error)
        if observation is None:
            return from_table()
        started = self.clock()
        try:
            choice = self.bot.choose(observation, self.rng)
            if choice not in observation.legal:
                raise ValueError(f"the bot chose {choice}, which is not legal here")
        except Exception as error:  # the bot's defect must not cost the match: play on
            self.failed("the bot", error)
            return _fallback(observation)
        finally:
            self.report.times.append(self.clock() - started)
        action: Action = choice
        return action

    def failed(self, what: str, error: Exception) -> None:
        where = traceback.extract_tb(error.__traceback__)[-1]
        self.noted(f"{what} raised {type(error).__name__}: {error} ({where.filename}, line "
                   f"{where.lineno}); playing on", self.report.errors)

    def finish(self, follower: GameFollower, seating: Sequence[int]) -> None:
        """Keep the game's places: the engine's, sure where it ended the game as the
        server did (those 20 passes left in are sure only from the next deal)."""
        outcome = follower.outcome()
        if outcome is None:
            state = follower.state
            out = [seating[seat] for seat in (state.out if state is not None else ())]
            self.noted("the server ended the game where the engine's game goes on")
            outcome = (*out, *(player for player in seating if player not in out)), len(out)
        order, self.sure = outcome
        self.report.passes_ended += self.sure < PLAYERS - 1
        self.places.append(order)
        self.count_points()

    def read_places(self, info: TurnInfo | None) -> None:
        """Read the last game's places from a deal's classes, which the server shows from
        the second game until it resets them (every 100 games in the contest's setup):
        where the last game's were not all sure, they are now; the engine's sure ones
        disagreeing is a disagreement. Where no deal shows them, they stay guessed."""
        if not self.places:
            return
        guess = self.places[-1]
        if info is None or not any(info.classes):
            self.report.guessed += self.sure < PLAYERS - 1
            self.sure = PLAYERS
            return
        shown = tuple(sorted(range(PLAYERS), key=lambda player: info.classes[player]))
        if shown[:self.sure] != guess[:self.sure]:
            self.noted(f"the last game's places were {shown}, not {guess}")
        self.places[-1], self.sure = shown, PLAYERS
        self.count_points()

    def count_points(self) -> None:
        me = self.report.player
        self.report.points = sum(RULES.points(order.index(me), PLAYERS)
                                 for order in self.places)


def _fallback(observation: ClimbObservation) -> Action:
    """A legal move without a bot: a pass where one is legal and a play is to beat, else
    the weakest play (or the weakest cards to give)."""
    legal = observation.legal
    passes = [move for move in legal if isinstance(move, Pass)]
    if passes and observation.top is not None:
        return passes[0]
    revolution = observation.revolution

    def weight(move: Action) -> tuple[int, ...]:
        if isinstance(move, Play):
            return (RULES.play_strength(move, revolution), -len(move.cards))
        cards = move.cards if isinstance(move, Give) else ()
        return tuple(sorted((RULES.card_strength(card, False) for card in cards),
                            reverse=True))

    moves = [move for move in legal if not isinstance(move, Pass)]
    return min(moves, key=weight) if moves else legal[0]


def _table_move(seat: int, hand: tuple[Card, ...], info: TurnInfo) -> Play | Pass:
    """A move the server's table alone makes legal: leading, the hand's weakest card (a
    single leads any empty field); else a pass (the server takes one from anyone)."""
    if not info.field_empty or not hand:
        return Pass(seat)
    naturals = [card for card in hand if card is not JOKER] or list(hand)
    return Play(seat, (min(naturals, key=lambda card: RULES.card_strength(card,
                                                                          info.revolution)),))
