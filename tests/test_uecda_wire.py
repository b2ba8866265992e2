"""The UECda server's wire format (protocol 20070): tables on the wire, tables as cards,
a turn's state, and the messages over a socket with a scripted server."""

import socket
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.cards import JOKER, Card, parse_cards, standard_deck
from engine.families.climbing.uecda.protocol import (
    ACCEPTED,
    LONE_JOKER_CELL,
    PROTOCOL_VERSION,
    REFUSED,
    TABLE_BYTES,
    Connection,
    ProtocolError,
    ServerClosed,
    Table,
    TurnEnd,
    TurnInfo,
    card_cell,
    field_play,
    gives_table,
    hand_cards,
    hand_table,
    past_ends,
    play_table,
    profile_table,
)

NATURALS = standard_deck(0)
INT32 = st.integers(-(2**31), 2**31 - 1)
TABLES = st.lists(st.lists(INT32, min_size=15, max_size=15).map(tuple),
                  min_size=8, max_size=8).map(lambda rows: Table(tuple(rows)))


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def word(value: int) -> bytes:
    return struct.pack(">i", value)


# --- tables on the wire -------------------------------------------------------------

@given(TABLES)
def test_any_table_survives_the_wire(table):
    data = table.encode()
    assert len(data) == TABLE_BYTES == 480
    assert Table.decode(data) == table


def test_a_profile_table_is_laid_out_big_endian_row_by_row():
    # [0][0] = 20070 = 0x4E66; row 1 starts at int 15 (byte 60): "ab" is 97, 98.
    expected = (bytes.fromhex("00004e66") + bytes(14 * 4)
                + bytes.fromhex("00000061") + bytes.fromhex("00000062") + bytes(13 * 4)
                + bytes(6 * 15 * 4))
    assert profile_table("ab").encode() == expected


def test_a_hand_table_puts_each_card_in_its_cell_and_negatives_in_twos_complement():
    table = hand_table(cards("3s 2c X")).with_cells({(7, 14): -1})
    data = table.encode()
    at = {offset for offset in range(0, 480, 4) if data[offset:offset + 4] != bytes(4)}
    # 3s at [0][1], 2c at [3][13], the Joker at [4][1], -1 at [7][14].
    assert at == {4 * 1, 4 * (3 * 15 + 13), 4 * (4 * 15 + 1), 4 * 119}
    assert data[4:8] == word(1) and data[4 * 61:4 * 62] == word(2)
    assert data[-4:] == b"\xff\xff\xff\xff"


@pytest.mark.parametrize("size", [0, 4, 479, 481, 960])
def test_a_table_of_the_wrong_length_is_refused(size):
    with pytest.raises(ProtocolError, match=f"480 bytes, not {size}"):
        Table.decode(bytes(size))
    assert issubclass(ProtocolError, ValueError)


def test_tables_hold_eight_rows_of_fifteen_32_bit_ints():
    with pytest.raises(ValueError, match="8 rows of 15"):
        Table(((0,) * 15,) * 7)
    with pytest.raises(ValueError, match="8 rows of 15"):
        Table(((0,) * 14,) * 8)
    with pytest.raises(ValueError, match="32-bit"):
        Table.from_cells({(2, 3): 2**31})
    with pytest.raises(ValueError, match=r"no cell \[8\]\[0\]"):
        Table.from_cells({(8, 0): 1})
    with pytest.raises(ValueError, match=r"no cell \[0\]\[15\]"):
        Table.empty().with_cells({(0, 15): 1})


def test_with_cells_makes_a_new_table():
    empty = Table.empty()
    table = empty.with_cells({(5, 2): 1})
    assert table[5, 2] == 1 and empty[5, 2] == 0
    assert Table.from_cells({}) == empty == play_table(())


# --- tables as cards ----------------------------------------------------------------

@pytest.mark.parametrize(("card", "cell"), [
    ("3s", (0, 1)), ("4h", (1, 2)), ("Td", (2, 8)), ("Kc", (3, 11)), ("Ah", (1, 12)),
    ("2s", (0, 13)), ("2c", (3, 13)),
])
def test_rows_are_spades_hearts_diamonds_clubs_and_columns_run_3_to_2(card, cell):
    assert card_cell(cards(card)[0]) == cell


def test_the_joker_has_no_cell_of_its_own():
    with pytest.raises(ValueError, match="no cell of its own"):
        card_cell(JOKER)


@given(st.sets(st.sampled_from(standard_deck(1))))
def test_a_hand_reads_back_as_its_cards(hand):
    table = hand_table(hand)
    assert hand_cards(table) == tuple(sorted(hand))
    assert table[4, 1] == (2 if JOKER in hand else 0)
    assert gives_table(hand) == table


@st.composite
def plays(draw):
    """A play of natural cards and perhaps the Joker, which stands for a card not in it."""
    naturals = draw(st.sets(st.sampled_from(NATURALS), max_size=8))
    if not draw(st.booleans()):
        return tuple(naturals), ()
    stand_in = draw(st.sampled_from([card for card in NATURALS if card not in naturals]))
    return (*naturals, JOKER), (stand_in,)


@given(plays())
def test_a_play_reads_back_from_the_field_with_its_jokers_stand_in(play):
    played, stand_ins = play
    table = play_table(played, stand_ins)
    assert field_play(table) == (tuple(sorted(played)), stand_ins)
    for card in stand_ins:
        assert table[card_cell(card)] == 2


def test_a_joker_standing_in_is_written_where_the_card_would_be():
    table = play_table(cards("9c 9d X"), cards("9h"))
    assert (table[3, 7], table[2, 7], table[1, 7]) == (1, 1, 2)
    assert table[4, 1] == 0
    assert play_table(cards("5s X 7s"), cards("6s"))[0, 4] == 2


def test_a_lone_joker_goes_to_the_strongest_cell_or_the_one_named():
    assert LONE_JOKER_CELL == (0, 13)
    assert play_table([JOKER]) == Table.from_cells({(0, 13): 2})
    assert play_table([JOKER], lone_joker_cell=(0, 14)) == Table.from_cells({(0, 14): 2})
    assert play_table([JOKER], cards("3h")) == Table.from_cells({(1, 1): 2})
    with pytest.raises(ValueError, match="rows 0-4"):
        play_table([JOKER], lone_joker_cell=(5, 0))


def test_the_joker_beside_four_of_a_rank_is_the_fifth_in_row_4():
    table = play_table(cards("8s 8h 8d 8c X"))
    assert table == Table.from_cells({(0, 6): 1, (1, 6): 1, (2, 6): 1, (3, 6): 1, (4, 6): 2})
    assert field_play(table) == (tuple(sorted(cards("8s 8h 8d 8c X"))), ())


@pytest.mark.parametrize("cell", [(0, 0), (3, 14), (4, 9), (0, 13)])
def test_a_lone_joker_reads_from_any_cell(cell):
    played, stand_ins = field_play(Table.from_cells({cell: 2}))
    assert played == (JOKER,)
    assert stand_ins == (() if cell != (0, 13) else cards("2s"))


@pytest.mark.parametrize(("played", "below", "cell"), [("3d 4d X", True, (2, 0)),
                                                     ("Ah 2h X", False, (1, 14))])
def test_a_joker_past_a_sequences_ranks_is_written_in_column_0_or_14_of_its_row(played, below,
                                                                             cell):
    # The manual's table 2 names columns 0 and 14 of the suits' rows for the Joker: below
    # the 3 and above the 2.
    table = play_table(cards(played), below=below, above=not below)
    assert table[cell] == 2 and field_play(table) == (tuple(sorted(cards(played))), ())
    assert past_ends(table) == (below, not below)


def test_a_lone_joker_in_column_0_or_14_is_not_past_a_sequences_ranks():
    assert past_ends(Table.from_cells({(3, 0): 2})) == (False, False)
    assert past_ends(Table.from_cells({(0, 14): 2})) == (False, False)
    assert past_ends(play_table(cards("3d 4d X"), cards("5d"))) == (False, False)


@pytest.mark.parametrize(("played", "message"), [("3d 4d", "no Joker is left"),
                                                 ("3d 4h X", "a sequence of one suit")])
def test_a_joker_past_the_ranks_needs_a_joker_and_one_suit(played, message):
    with pytest.raises(ValueError, match=message):
        play_table(cards(played), below=True)


@pytest.mark.parametrize(("played", "stand_ins", "message"), [
    ("X X", "", "2 Jokers named: UECda's deck has one"),
    ("9c 9c", "", "the 9 of clubs is named twice"),
    ("9c X", "9c", "cannot stand for the 9 of clubs: the play holds that card"),
    ("9c X", "X", "stands for a card of a suit, not for a Joker"),
    ("9c 9d", "9h", "1 stand-ins for 0 Jokers"),
    ("9c 9d X", "", "needs the card it stands for"),
    ("8s 8h 8d X", "", "needs the card it stands for"),
])
def test_plays_the_wire_cannot_carry_are_refused(played, stand_ins, message):
    with pytest.raises(ValueError, match=message):
        play_table(cards(played), cards(stand_ins))


def test_hands_that_cannot_be_dealt_are_refused():
    with pytest.raises(ValueError, match="named twice"):
        gives_table(cards("4d 4d"))
    with pytest.raises(ValueError, match="has one"):
        hand_table(cards("X X"))


@pytest.mark.parametrize(("cell", "value"), [((0, 3), 2), ((4, 2), 2), ((0, 0), 1),
                                              ((4, 1), 1), ((2, 5), 3), ((1, 14), -1)])
def test_a_hand_table_holding_what_no_hand_holds_is_refused(cell, value):
    with pytest.raises(ProtocolError, match=rf"{value} at \[{cell[0]}\]\[{cell[1]}\]"):
        hand_cards(Table.from_cells({cell: value}))


@pytest.mark.parametrize(("cells", "message"), [
    ({(0, 0): 1}, r"1 at \[0\]\[0\]"), ({(4, 5): 1}, r"1 at \[4\]\[5\]"),
    ({(2, 2): 7}, r"7 at \[2\]\[2\]"), ({(0, 2): 2, (1, 2): 2}, "two Jokers"),
])
def test_a_field_table_holding_what_no_play_holds_is_refused(cells, message):
    with pytest.raises(ProtocolError, match=message):
        field_play(Table.from_cells(cells))


def test_rows_5_to_7_are_not_cards():
    table = hand_table(cards("7h")).with_cells({(5, 2): 1, (6, 0): 11, (7, 14): 3})
    assert hand_cards(table) == cards("7h")
    assert field_play(table) == (cards("7h"), ())


# --- the turn's state ---------------------------------------------------------------

def state_table(state: dict[int, int], counts=(11, 10, 11, 10, 11), classes=(2, 0, 4, 1, 3),
                seating=(3, 1, 4, 0, 2)) -> Table:
    cells = {(5, column): value for column, value in state.items()}
    cells |= {(6, i): value for i, value in enumerate((*counts, *classes, *seating))}
    return hand_table(cards("3s 4s")).with_cells(cells)


def test_rows_5_and_6_read_as_the_turns_state():
    info = TurnInfo.read(state_table({2: 1, 3: 4, 4: 1, 5: 0, 6: 1, 7: 1}))
    assert info == TurnInfo(exchange=False, cards_to_give=0, my_turn=True, player_to_act=4,
                            field_empty=True, eleven_back=False, revolution=True,
                            locked=True, card_counts=(11, 10, 11, 10, 11),
                            classes=(2, 0, 4, 1, 3), seating=(3, 1, 4, 0, 2))
    other = TurnInfo.read(state_table({3: 0, 5: 1}))
    assert (other.my_turn, other.field_empty, other.eleven_back, other.revolution,
            other.locked) == (False, False, True, False, False)


@pytest.mark.parametrize(("given_count", "to_give"), [(2, 2), (1, 1), (0, 0), (99, 99),
                                                       (100, 0), (-1, 0)])
def test_a_deal_asks_for_gives_only_with_a_count_of_1_to_99(given_count, to_give):
    info = TurnInfo.read(state_table({0: 1, 1: given_count, 3: 6}))
    assert info.exchange and info.cards_to_give == to_give
    assert not TurnInfo.read(state_table({})).exchange


# --- names --------------------------------------------------------------------------

def test_a_name_is_written_a_character_to_a_cell_in_row_1():
    table = profile_table("Tycoon-Table 15")
    assert table[0, 0] == PROTOCOL_VERSION == 20070
    assert table.rows[1] == tuple(ord(char) for char in "Tycoon-Table 15")
    assert sum(map(any, table.rows)) == 2


@pytest.mark.parametrize(("name", "message"), [
    ("", "1 to 15 characters, not 0"), ("sixteen-letters!", "not 16"),
    ("Daifugō", "'ō' is not"), ("tab\there", r"'\\t' is not"), ("名前", "'名' is not"),
])
def test_names_the_server_cannot_read_are_refused(name, message):
    with pytest.raises(ValueError, match=message):
        profile_table(name)


# --- the messages over a socket ------------------------------------------------------

def read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        assert chunk, "the client closed the connection"
        data += chunk
    return data


@contextmanager
def scripted_server(script: Callable[[socket.socket], None]) -> Iterator[Connection]:
    """A connection to a server thread that plays ``script`` and then hangs up; what the
    script raised is raised here."""
    client, server = socket.socketpair()
    client.settimeout(5)
    server.settimeout(5)
    failures: list[BaseException] = []

    def run() -> None:
        try:
            script(server)
        except BaseException as failure:  # re-raised in the test's thread
            failures.append(failure)
        finally:
            server.close()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        yield Connection(client)
    finally:
        client.shutdown(socket.SHUT_WR)  # the server reads the end of what was sent
        thread.join(5)
        client.close()
    assert not thread.is_alive()
    if failures:
        raise failures[0]


def send_in_pieces(sock: socket.socket, data: bytes, piece: int = 7) -> None:
    for start in range(0, len(data), piece):
        sock.sendall(data[start:start + piece])


def test_joining_sends_the_profile_and_reads_the_player_number():
    received: list[Table] = []

    def server(sock: socket.socket) -> None:
        received.append(Table.decode(read_exactly(sock, 480)))
        send_in_pieces(sock, word(3), piece=1)

    with scripted_server(server) as connection:
        assert connection.join("tycoon") == 3
    assert received == [profile_table("tycoon")]


def test_a_turn_is_a_hand_a_play_its_answer_the_field_and_what_comes_next():
    hand = state_table({2: 1, 3: 0, 4: 1}).with_cells({(4, 1): 2})
    field = play_table(cards("Qh X"), cards("Qs")).with_cells({(5, 3): 1})
    played: list[Table] = []

    def server(sock: socket.socket) -> None:
        send_in_pieces(sock, hand.encode())
        played.append(Table.decode(read_exactly(sock, 480)))
        sock.sendall(word(ACCEPTED))
        send_in_pieces(sock, field.encode(), piece=100)
        sock.sendall(word(1))
        played.append(Table.decode(read_exactly(sock, 480)))
        sock.sendall(word(REFUSED) + field.encode() + word(2))

    with scripted_server(server) as connection:
        table = connection.read_table()
        assert hand_cards(table) == cards("3s 4s X")
        assert TurnInfo.read(table).my_turn
        assert connection.submit(play_table(cards("Qh X"), cards("Qs"))) is True
        assert field_play(connection.read_table()) == (cards("Qh X"), cards("Qs"))
        assert connection.read_turn_end() is TurnEnd.GAME_OVER
        assert connection.submit(Table.empty()) is False
        assert connection.read_table() == field
        assert connection.read_turn_end() is TurnEnd.MATCH_OVER
    assert played == [play_table(cards("Qh X"), cards("Qs")), Table.empty()]


def test_ints_go_both_ways_signed_and_big_endian():
    def server(sock: socket.socket) -> None:
        assert read_exactly(sock, 8) == word(-2) + bytes.fromhex("00004e66")
        sock.sendall(b"\xff\xff\xff\xfe")

    with scripted_server(server) as connection:
        connection.send_int(-2)
        connection.send_int(20070)
        assert connection.read_int() == -2
        with pytest.raises(ValueError, match="32-bit"):
            connection.send_int(2**31)


@pytest.mark.parametrize(("sent", "read", "message"), [
    (b"", "read_table", "before a table"),
    (bytes(100), "read_table", "after 100 of the 480 bytes of a table"),
    (b"\x00\x00", "read_int", "after 2 of the 4 bytes of an int"),
    (b"", "read_turn_end", "before an int"),
])
def test_a_server_closing_mid_message_raises_server_closed(sent, read, message):
    def server(sock: socket.socket) -> None:
        sock.sendall(sent)

    with scripted_server(server) as connection, pytest.raises(ServerClosed, match=message):
        getattr(connection, read)()
    assert issubclass(ServerClosed, ConnectionError)


def test_a_server_closing_before_the_player_number_raises_server_closed():
    def server(sock: socket.socket) -> None:
        read_exactly(sock, 480)

    with scripted_server(server) as connection, pytest.raises(ServerClosed):
        connection.join("early")


@pytest.mark.parametrize(("answer", "call", "sent", "message"), [
    (5, lambda c: c.join("p"), 480, "player number 5; a table seats players 0 to 4"),
    (-1, lambda c: c.join("p"), 480, "player number -1"),
    (0, lambda c: c.submit(Table.empty()), 480, "answered a play with 0"),
    (3, lambda c: c.read_turn_end(), 0, "ended a turn with 3"),
])
def test_answers_the_server_never_gives_raise_protocol_errors(answer, call, sent, message):
    def server(sock: socket.socket) -> None:
        read_exactly(sock, sent)  # the client's table, before the answer (and the close)
        sock.sendall(word(answer))

    with scripted_server(server) as connection, pytest.raises(ProtocolError, match=message):
        call(connection)


def test_bad_names_are_refused_before_anything_is_sent():
    def server(sock: socket.socket) -> None:
        assert sock.recv(1) == b""

    with scripted_server(server) as connection, pytest.raises(ValueError,
                                                              match="printable ASCII"):
        connection.join("Daifugō")
