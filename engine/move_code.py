"""A game's moves, compact, for a replay link: each move as its place among the legal
moves, in a variable-length byte code, in base64url. Reading them back replays the game,
so a move that cannot be made ends the reading where it stands."""

import base64
import binascii

from engine.catalogue import (
    Action,
    State,
    apply,
    chance_action,
    legal_actions,
    seats_to_act,
    verify,
)
from engine.core.actions import CHANCE
from engine.core.errors import BadNotation, RulesError
from engine.core.language import _
from engine.log import GameRecord

__all__ = ["decode_moves", "encode_moves", "read_choice", "read_number", "write_choice",
           "write_number"]


def encode_moves(record: GameRecord) -> str:
    """A game's actions as base64url: per action, a number in a variable-length byte
    code; for a seat's move, which of the seats to act made it (only where several
    may), then its place among that seat's legal moves (a move that is not listed,
    such as free table talk, is written out after the count of the legal moves); for
    chance, 0 (its deal follows from the seed)."""
    state = record.initial()
    out = bytearray()
    for action in record.actions:
        actors = seats_to_act(state)
        if action.seat == CHANCE:
            if action != chance_action(state):
                raise BadNotation(_("a game whose deals are not its seed's is shared by its "
                                    "log"))
            write_number(out, 0)
        else:
            if len(actors) > 1:
                write_number(out, actors.index(action.seat))
            write_choice(out, state, action)
        state = apply(state, action)
    return base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


def decode_moves(record: GameRecord, code: str, notices: list[str], most: int) -> list[Action]:
    """The actions ``encode_moves`` wrote, replayed from ``record``'s start; where the code
    breaks off or names a move that cannot be made, the moves before it, and a notice;
    beyond ``most`` moves, the first ``most`` and a notice (reading a move costs the work
    of listing the legal moves, so a hostile link's work is bounded by the count)."""
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        notices.append(_("the replay's moves cannot be read: the game starts from its deal"))
        return []
    state = record.initial()
    actions: list[Action] = []
    position = 0
    while position < len(data):
        if len(actions) == most:
            notices.append(_("the replay has more than {most:,} moves: it is shown up to "
                             "there").format(most=most))
            break
        try:
            action, position = _next_action(state, data, position)
            state = apply(state, action)  # a legal move: listed, or checked as it was read
        except (RulesError, IndexError, UnicodeDecodeError, ValueError):
            notices.append(_("the replay's moves stop making sense after move {move}: it is "
                             "shown up to there").format(move=len(actions)))
            break
        actions.append(action)
    return actions


def _next_action(state: State, data: bytes, position: int) -> tuple[Action, int]:
    actors = seats_to_act(state)
    if not actors:
        raise IndexError("the game is over")
    if actors == (CHANCE,):
        marker, position = read_number(data, position)
        deal = chance_action(state)
        if marker != 0 or deal is None:
            raise IndexError("a deal is due")
        return deal, position
    who = 0
    if len(actors) > 1:
        who, position = read_number(data, position)
    return read_choice(state, actors[who], data, position)


def write_choice(out: bytearray, state: State, action: Action) -> None:
    """A seat's move at ``state``: its place among the seat's legal moves, or, for a move
    that is not listed (free table talk), the count of those moves, then its notation's
    length in bytes and its notation."""
    legal = legal_actions(state, action.seat)
    if action in legal:
        write_number(out, legal.index(action))
    else:
        text = str(action).encode()
        write_number(out, len(legal))
        write_number(out, len(text))
        out += text


def read_choice(state: State, seat: int, data: bytes, position: int) -> tuple[Action, int]:
    """The move of ``seat`` that ``write_choice`` wrote at ``position``, checked legal at
    ``state``, and where the code goes on. Raises ``IndexError``, ``ValueError`` or
    ``UnicodeDecodeError`` for a code cut off or naming no move, ``RulesError`` for a
    move that cannot be made."""
    legal = legal_actions(state, seat)
    index, position = read_number(data, position)
    if index < len(legal):
        return legal[index], position
    if index > len(legal):
        raise IndexError("no such move")
    length, position = read_number(data, position)
    text = data[position:position + length].decode()
    if len(text.encode()) != length:
        raise IndexError("the move is cut off")
    written = state.rules.parse_action(text, seat)
    verify(state, written)
    return written, position + length


def write_number(out: bytearray, number: int) -> None:
    """A whole number, 0 or more, in a variable-length byte code: seven bits a byte, the
    lowest first, the high bit set on every byte but the last."""
    while number >= 0x80:
        out.append(number & 0x7F | 0x80)
        number >>= 7
    out.append(number)


def read_number(data: bytes, position: int) -> tuple[int, int]:
    """The number ``write_number`` wrote at ``position``, and where the code goes on."""
    number = shift = 0
    while True:
        byte = data[position]
        position += 1
        number |= (byte & 0x7F) << shift
        if byte < 0x80:
            return number, position
        shift += 7
        if shift > 35:
            raise ValueError("a number too long")
