"""A match's messages as text, one a line: ``python -m engine uecda --record FILE`` writes
them as the client reads and sends them, and ``--replay FILE`` reads them back to play the
match again offline.

A line holds the game the message belongs to (0 while joining), ``<`` for a message from
the server or ``>`` for one to it, and the message: ``int`` and its value, or ``table``
and the table's non-zero cells as ``row.column=value`` (a pass is ``table`` alone). A
line that begins with ``#`` is a comment.

>>> line = message_line(3, SENT, Table.from_cells({(0, 7): 1, (0, 8): 2}))
>>> line
'3 > table 0.7=1 0.8=2'
>>> read_messages(line + "\\n3 < int 9")[1]
Message(game=3, direction='<', value=9)
"""

from collections.abc import Iterable
from typing import NamedTuple, TextIO

from engine.families.climbing.uecda.protocol import (
    COLUMNS,
    RECEIVED,
    ROWS,
    SENT,
    ProtocolError,
    Table,
    encode_int,
)

__all__ = ["HEADER", "Message", "Recorder", "ReplaySocket", "message_line", "read_messages"]

HEADER = ("# A UECda match as the client heard it (python -m engine uecda --record): per line, "
          "the game, < from the server or > to it, and an int or a table's non-zero cells "
          "(row.column=value).")


class Message(NamedTuple):
    """One message of a match: its game, its direction and the table or int."""

    game: int
    direction: str
    value: Table | int


def message_line(game: int, direction: str, message: Table | int) -> str:
    """A message as a line of the record."""
    if isinstance(message, int):
        return f"{game} {direction} int {message}"
    cells = [f"{row}.{column}={message[row, column]}" for row in range(ROWS)
             for column in range(COLUMNS) if message[row, column]]
    return " ".join([f"{game} {direction} table", *cells])


def read_messages(text: str) -> list[Message]:
    """The messages of a record's text, in order; raises ``ProtocolError`` naming the line
    that is not a message."""
    messages = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            try:
                messages.append(_message(line.split()))
            except (ValueError, IndexError):
                raise ProtocolError(f"line {number} of the record is not a message: "
                                    f"{line[:80]!r}") from None
    return messages


def _message(words: list[str]) -> Message:
    game, direction, kind, *rest = words
    if direction not in (RECEIVED, SENT) or kind not in ("int", "table"):
        raise ValueError(direction)
    if kind == "int":
        (value,) = rest
        return Message(int(game), direction, int(value))
    cells = {}
    for word in rest:
        cell, value = word.split("=")
        row, column = cell.split(".")
        cells[int(row), int(column)] = int(value)
    return Message(int(game), direction, Table.from_cells(cells))


class Recorder:
    """Hears a connection's messages (a ``protocol.Listener``) and writes each as a line
    of ``out``, after the header, flushed at once: a record outlives a client that
    stops."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        out.write(HEADER + "\n")

    def __call__(self, game: int, direction: str, message: Table | int) -> None:
        self.out.write(message_line(game, direction, message) + "\n")
        self.out.flush()


class ReplaySocket:
    """A socket with no server behind it: it gives back the messages the server sent, as
    recorded, and takes whatever the client sends."""

    def __init__(self, messages: Iterable[Message]) -> None:
        self._data = b"".join(
            message.value.encode() if isinstance(message.value, Table)
            else encode_int(message.value)
            for message in messages if message.direction == RECEIVED)
        self._at = 0

    def sendall(self, data: bytes, /) -> None:
        return None

    def recv(self, bufsize: int, /) -> bytes:
        chunk = self._data[self._at:self._at + bufsize]
        self._at += len(chunk)
        return chunk
