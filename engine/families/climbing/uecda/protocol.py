"""The UECda contest server's wire format (protocol 20070) and its tables as engine cards.

Every message is a 32-bit big-endian signed int or an 8-by-15 table of them (480 bytes,
row by row). Rows 0-3 are the suits ♠ ♥ ♦ ♣; columns 1-13 the ranks 3, 4, …, K, A, 2.
A hand holds 1 in each of its cards' cells and the Joker as 2 at [4][1]; a play writes
its Joker as 2 in the cell of the card it stands for, or, past the ranks of a sequence, in
column 0 (below the 3) or 14 (above the 2) of its suit's row; a pass is the empty table.

>>> from engine.core.cards import format_cards, parse_cards
>>> hand = hand_table(parse_cards("3s 2c X"))
>>> hand[0, 1], hand[3, 13], hand[4, 1]
(1, 1, 2)
>>> format_cards(hand_cards(hand))
'2c 3s X'
>>> played, stand_ins = field_play(play_table(parse_cards("9c 9d X"), parse_cards("9h")))
>>> format_cards(played), format_cards(stand_ins)
('9c 9d X', '9h')
>>> run = play_table(parse_cards("3d 4d X"), below=True)
>>> run[2, 0], past_ends(run)
(2, (True, False))
"""

import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol

from engine.core.cards import JOKER, THREE_LOW, Card, Suit, standard_deck
from engine.core.limits import shown

__all__ = [
    "ACCEPTED", "COLUMNS", "HAND_JOKER_CELL", "INT_BYTES", "LONE_JOKER_CELL", "MAX_NAME",
    "PLAYERS", "PROTOCOL_VERSION", "RECEIVED", "REFUSED", "ROWS", "SENT", "TABLE_BYTES", "Cell",
    "Connection", "Listener", "ProtocolError", "ServerClosed", "SocketLike", "Table",
    "TurnEnd", "TurnInfo", "card_cell", "encode_int",
    "field_play", "gives_table", "hand_cards", "hand_table", "past_ends", "play_table",
    "profile_table",
]

PROTOCOL_VERSION = 20070
ROWS = 8
COLUMNS = 15
INT_BYTES = 4
TABLE_BYTES = ROWS * COLUMNS * INT_BYTES
PLAYERS = 5
MAX_NAME = 15
ACCEPTED = 9
REFUSED = 8

Cell = tuple[int, int]
"""A table's cell: (row, column)."""

NATURAL = 1
WILD = 2  # a Joker: in a hand at [4][1], in a play in the cell of the card it stands for
CARD_ROWS = 5  # rows 0-3, the suits, and row 4, the Joker's
HAND_JOKER_CELL: Cell = (4, 1)
LONE_JOKER_CELL: Cell = (0, 13)
"""Where a Joker played alone is written unless the caller names a cell: the server
reads a lone Joker in any cell, and this one is the strongest card's (the 2 of spades)."""

_SUIT_ROWS = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_INT32 = (-(2**31), 2**31 - 1)
_TABLE = struct.Struct(f">{ROWS * COLUMNS}i")
_INT = struct.Struct(">i")


class ProtocolError(ValueError):
    """A message the protocol does not allow: a table of the wrong length, a value no
    table of its kind holds, an answer the server never gives."""


class ServerClosed(ConnectionError):
    """The server closed the connection before a whole message arrived."""


def card_cell(card: Card) -> Cell:
    """The cell of a natural card: its suit's row, its rank's column (3 is 1, 2 is 13)."""
    if card.suit is None:
        raise ValueError("the Joker has no cell of its own: it is written where it stands")
    return _SUIT_ROWS[card.suit], THREE_LOW.index(card.rank) + 1


_CARD_AT: dict[Cell, Card] = {card_cell(card): card for card in standard_deck(0)}


def _in_range(value: int) -> bool:
    return _INT32[0] <= value <= _INT32[1]


@dataclass(frozen=True, slots=True)
class Table:
    """One 8-by-15 table of ints, as the server sends and reads it."""

    rows: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != ROWS or any(len(row) != COLUMNS for row in self.rows):
            raise ValueError(f"a table has {ROWS} rows of {COLUMNS} ints")
        if not all(isinstance(value, int) and _in_range(value)
                   for row in self.rows for value in row):
            raise ValueError("a table holds 32-bit ints only")

    @classmethod
    def empty(cls) -> "Table":
        """The all-zero table: a pass, and the start of every table built here."""
        return _EMPTY

    @classmethod
    def from_cells(cls, cells: Mapping[Cell, int]) -> "Table":
        """The empty table with ``cells`` set."""
        return _EMPTY.with_cells(cells)

    def with_cells(self, cells: Mapping[Cell, int]) -> "Table":
        """This table with ``cells`` set to their values."""
        grid = [list(row) for row in self.rows]
        for (row, column), value in cells.items():
            if not (0 <= row < ROWS and 0 <= column < COLUMNS):
                raise ValueError(f"no cell [{row}][{column}] in a {ROWS}-by-{COLUMNS} table")
            grid[row][column] = value
        return Table(tuple(tuple(row) for row in grid))

    def __getitem__(self, cell: Cell) -> int:
        row, column = cell
        return self.rows[row][column]

    def encode(self) -> bytes:
        """The table on the wire: 120 big-endian 32-bit ints, row by row."""
        return _TABLE.pack(*(value for row in self.rows for value in row))

    @classmethod
    def decode(cls, data: bytes) -> "Table":
        """The table ``data`` (exactly 480 bytes) holds."""
        if len(data) != TABLE_BYTES:
            raise ProtocolError(f"a table is {TABLE_BYTES} bytes, not {len(data)}")
        values = _TABLE.unpack(data)
        return cls(tuple(values[row * COLUMNS:(row + 1) * COLUMNS] for row in range(ROWS)))


_EMPTY = Table(((0,) * COLUMNS,) * ROWS)


class TurnEnd(IntEnum):
    """The int the server sends after each turn's field table."""

    GO_ON = 0
    GAME_OVER = 1
    MATCH_OVER = 2


def _refuse_repeats(naturals: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in naturals:
        if card in seen:
            raise ValueError(f"the {card.name} is named twice")
        seen.add(card)


def _split(cards: Iterable[Card]) -> tuple[list[Card], int]:
    """The natural cards, each once, and how many Jokers (UECda's deck has one)."""
    cards = list(cards)
    naturals = [card for card in cards if not card.is_joker]
    _refuse_repeats(naturals)
    jokers = len(cards) - len(naturals)
    if jokers > 1:
        raise ValueError(f"{jokers} Jokers named: UECda's deck has one")
    return naturals, jokers


def hand_table(cards: Iterable[Card]) -> Table:
    """Cards as the server deals them: 1 in each natural card's cell, the Joker 2 at
    [4][1]."""
    naturals, jokers = _split(cards)
    cells = {card_cell(card): NATURAL for card in naturals}
    if jokers:
        cells[HAND_JOKER_CELL] = WILD
    return Table.from_cells(cells)


def gives_table(cards: Iterable[Card]) -> Table:
    """The cards a player gives in the exchange, encoded as a hand. The contest's server
    (tndhms) takes a 2 in any cell as the Joker and moves it to the receiver's [4][1];
    the hand's own cell is the one every client sends."""
    return hand_table(cards)


def _marked_cells(table: Table) -> Iterator[tuple[int, int, int, Card | None]]:
    """Each cell of a table's card rows that holds a value: its row, its column, the
    value, and the card whose cell it is (None outside the card cells)."""
    for row in range(CARD_ROWS):
        for column in range(COLUMNS):
            value = table[row, column]
            if value:
                yield row, column, value, _CARD_AT.get((row, column))


def hand_cards(table: Table) -> tuple[Card, ...]:
    """The cards of a hand table, in the engine's card order (Joker last)."""
    cards: list[Card] = []
    for row, column, value, card in _marked_cells(table):
        if value == NATURAL and card is not None:
            cards.append(card)
        elif value == WILD and (row, column) == HAND_JOKER_CELL:
            cards.append(JOKER)
        else:
            raise ProtocolError(f"a hand table holds {value} at [{row}][{column}]: a "
                                f"hand holds 1 in a card's cell and 2 at [4][1]")
    return tuple(sorted(cards))


def play_table(cards: Iterable[Card], joker_stands_for: Sequence[Card] = (), *,
               lone_joker_cell: Cell = LONE_JOKER_CELL, below: bool = False,
               above: bool = False) -> Table:
    """The table that plays ``cards`` (none: a pass). The Joker is written as 2 in the
    cell of the card it stands for (``joker_stands_for``). Without one it goes, alone, to
    ``lone_joker_cell`` (any card cell, rows 0-4); beside the four suits of a rank, as
    the fifth card of that rank, to row 4 in the rank's column; and in a sequence, past
    its ranks, to column 0 of the sequence's row ``below`` the 3 or 14 ``above`` the 2."""
    naturals, jokers = _split(cards)
    stand_ins = list(joker_stands_for)
    if len(stand_ins) > jokers:
        raise ValueError(f"{len(stand_ins)} stand-ins for {jokers} Jokers: each Joker "
                         f"stands for one card")
    if len(stand_ins) + below + above > jokers:
        raise ValueError("no Joker is left to go past the ranks: each Joker stands in one "
                         "place")
    for stand_in in stand_ins:
        if stand_in.is_joker:
            raise ValueError("a Joker stands for a card of a suit, not for a Joker")
        if stand_in in naturals:
            raise ValueError(f"the Joker cannot stand for the {stand_in.name}: the play "
                             f"holds that card")
    cells = {card_cell(card): NATURAL for card in naturals}
    if below or above:
        if len({card.suit for card in naturals}) != 1:
            raise ValueError("a Joker goes past the ranks of a sequence of one suit only")
        row = card_cell(naturals[0])[0]
        cells[(row, 0 if below else COLUMNS - 1)] = WILD
    elif stand_ins:
        cells[card_cell(stand_ins[0])] = WILD
    elif jokers and not naturals:
        row, column = lone_joker_cell
        if not (0 <= row < CARD_ROWS and 0 <= column < COLUMNS):
            raise ValueError(f"a lone Joker is written in rows 0-4, not at "
                             f"[{row}][{column}]")
        cells[lone_joker_cell] = WILD
    elif jokers and len(naturals) == len(_SUIT_ROWS) and len(
            {card.rank for card in naturals}) == 1:
        cells[(CARD_ROWS - 1, card_cell(naturals[0])[1])] = WILD
    elif jokers:
        raise ValueError("the Joker in a play with other cards needs the card it stands "
                         "for")
    return Table.from_cells(cells)


def field_play(table: Table) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards on a field table (Jokers as ``JOKER``), in card order, and the cards
    its Jokers stand for. A Joker outside a card's cell (a lone Joker in column 0 or 14,
    the fifth card of a rank in row 4) stands for no card."""
    played: list[Card] = []
    stand_ins: list[Card] = []
    for row, column, value, card in _marked_cells(table):
        if value == NATURAL and card is not None:
            played.append(card)
        elif value == WILD:
            played.append(JOKER)
            if card is not None:
                stand_ins.append(card)
        else:
            raise ProtocolError(f"a field table holds {value} at [{row}][{column}]: "
                                f"1 is a card, 2 a Joker, in a card's cell")
    if played.count(JOKER) > 1:
        raise ProtocolError("a field table holds two Jokers: UECda's deck has one")
    return tuple(sorted(played)), tuple(sorted(stand_ins))


def past_ends(table: Table) -> tuple[bool, bool]:
    """Whether a field table's sequence has its Joker past its ranks: in column 0 (below
    the 3) or column 14 (above the 2) of a suit's row, beside other cards (a Joker alone
    may be written anywhere)."""
    if not any(table[row, column] == NATURAL for row in range(len(_SUIT_ROWS))
               for column in range(COLUMNS)):
        return False, False
    return (any(table[row, 0] == WILD for row in range(len(_SUIT_ROWS))),
            any(table[row, COLUMNS - 1] == WILD for row in range(len(_SUIT_ROWS))))


def profile_table(name: str) -> Table:
    """The table that joins a game: the protocol's version at [0][0], the player's name
    in row 1, a character code to a cell. The contest's server keeps 14 characters."""
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"a player's name has 1 to {MAX_NAME} characters, not "
                         f"{len(name)}: {shown(name)}")
    strays = [char for char in name if not " " <= char <= "~"]
    if strays:
        raise ValueError(f"a player's name is in printable ASCII (letters, digits, "
                         f"punctuation, spaces); {shown(strays[0])} is not")
    cells = {(1, column): ord(char) for column, char in enumerate(name)}
    return Table.from_cells({(0, 0): PROTOCOL_VERSION, **cells})


@dataclass(frozen=True, slots=True)
class TurnInfo:
    """The state rows 5 and 6 of a hand table carry. Players are numbered 0-4 as the
    server numbered them when they joined; ``seating`` lists them in seat order. Class 0
    is Daifugō, 4 Daihinmin; in a match's first game every class reads 0. In a deal's
    table no one is to act (the server writes 6)."""

    exchange: bool
    cards_to_give: int
    my_turn: bool
    player_to_act: int
    field_empty: bool
    eleven_back: bool
    revolution: bool
    locked: bool
    card_counts: tuple[int, ...]
    classes: tuple[int, ...]
    seating: tuple[int, ...]

    @classmethod
    def read(cls, table: Table) -> "TurnInfo":
        state, players = table.rows[5], table.rows[6]
        # The server writes 2 - class here (negative for those who receive, sent as 0);
        # the contest's sample client answers only a count of 1 to 99.
        give = state[1] if 0 < state[1] < 100 else 0
        return cls(exchange=state[0] != 0, cards_to_give=give, my_turn=state[2] != 0,
                   player_to_act=state[3], field_empty=state[4] != 0,
                   eleven_back=state[5] != 0, revolution=state[6] != 0,
                   locked=state[7] != 0, card_counts=players[0:PLAYERS],
                   classes=players[PLAYERS:2 * PLAYERS], seating=players[2 * PLAYERS:])


class SocketLike(Protocol):
    """What ``Connection`` needs of a connected socket."""

    def sendall(self, data: bytes, /) -> object: ...

    def recv(self, bufsize: int, /) -> bytes: ...


def encode_int(value: int) -> bytes:
    """An int on the wire: 4 bytes, big-endian, signed."""
    if not _in_range(value):
        raise ValueError(f"{value} does not fit in the protocol's 32-bit int")
    return _INT.pack(value)


RECEIVED, SENT = "<", ">"
"""A message's direction, as a ``Listener`` hears it: from the server, or to it."""

Listener = Callable[[int, str, "Table | int"], None]
"""Hears each whole message a ``Connection`` reads or sends: the game it belongs to, its
direction (``RECEIVED`` or ``SENT``) and the table or int."""


class Connection:
    """The protocol's messages over a connected socket: each read waits for the whole
    message, and a server that closes before it is whole raises ``ServerClosed``. A
    ``listener`` hears every message, with the ``game`` the client says it belongs to."""

    def __init__(self, sock: SocketLike, listener: Listener | None = None) -> None:
        self._sock = sock
        self._listener = listener
        self.game = 0  # 0 while joining; the client sets it as each game begins

    def join(self, name: str) -> int:
        """Send the profile with ``name`` and return the player number the server gives
        (the server waits only a moment for it after the connection is made)."""
        self.send_table(profile_table(name))
        number = self.read_int()
        if not 0 <= number < PLAYERS:
            raise ProtocolError(f"the server gave player number {number}; a table seats "
                                f"players 0 to {PLAYERS - 1}")
        return number

    def read_table(self) -> Table:
        table = Table.decode(self._read_exactly(TABLE_BYTES, "a table"))
        self._heard(RECEIVED, table)
        return table

    def send_table(self, table: Table) -> None:
        self._sock.sendall(table.encode())
        self._heard(SENT, table)

    def read_int(self) -> int:
        value: int = _INT.unpack(self._read_exactly(INT_BYTES, "an int"))[0]
        self._heard(RECEIVED, value)
        return value

    def send_int(self, value: int) -> None:
        self._sock.sendall(encode_int(value))
        self._heard(SENT, value)

    def _heard(self, direction: str, message: "Table | int") -> None:
        if self._listener is not None:
            self._listener(self.game, direction, message)

    def submit(self, play: Table) -> bool:
        """Send a play (or a pass) and return whether the server accepted it."""
        self.send_table(play)
        answer = self.read_int()
        if answer not in (ACCEPTED, REFUSED):
            raise ProtocolError(f"the server answered a play with {answer}; it answers "
                                f"{ACCEPTED} (accepted) or {REFUSED} (refused)")
        return answer == ACCEPTED

    def read_turn_end(self) -> TurnEnd:
        """The int after a turn's field table: the game goes on, is over, or the match."""
        value = self.read_int()
        try:
            return TurnEnd(value)
        except ValueError:
            raise ProtocolError(f"the server ended a turn with {value}; it sends 0 (go "
                                f"on), 1 (game over) or 2 (match over)") from None

    def _read_exactly(self, size: int, what: str) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self._sock.recv(size - len(data))
            if not chunk:
                where = f"after {len(data)} of the {size} bytes of" if data else "before"
                raise ServerClosed(f"the server closed the connection {where} {what}")
            data += chunk
        return bytes(data)
