"""The exchange that opens each later round, as every seat's view gives it (``exchange``):
every transfer, forced and chosen, in the order it is made, with the givers' and the
receivers' titles and a sentence each; the cards only where the seat gave or received
them; whose choice is awaited and what the seat must do; gone once the round's play
begins, and never in a first round. Cards received stay marked in the hand with the
name of their giver, and the view says what the mark means."""

from collections.abc import Iterator
from typing import Any

import pytest

from engine.catalogue import make_rules
from engine.config import GameConfig
from engine.core.seats import HUMAN
from engine.families.climbing.rules.positions import setup
from engine.families.climbing.rules.state import Phase
from engine.log import GameRecord
from engine.play import turns
from engine.play.table import Table
from engine.play.view import table_view

GAMES = [("tycoon", 4, {}), ("tycoon", 3, {}), ("president", 4, {}), ("president", 5, {})]
SEEDS = range(3)


def steps_to_round_two_play(game: str, players: int, seed: int,
                            options: dict[str, Any]) -> Iterator[Table]:
    """The table after each step of a game, from its deal to the first move of round
    2's play (the human, seat 0, makes the first move the view offers)."""
    table = Table.create(GameConfig.read({"game": game, "seed": seed, "options": options,
                                          "seats": [HUMAN] + ["easy"] * (players - 1)}))
    yield table
    for _ in range(5000):
        before = table.state
        if turns.advance(table) is None:  # the human's turn
            table.act(table_view(table)["legal"][0]["act"])
        yield table
        if before.round_no == 2 and before.phase is Phase.PLAY:
            return
    raise AssertionError("round 2's play did not begin")


def views(table: Table) -> list[dict[str, Any]]:
    return [table_view(table, seat) for seat in range(table.state.players)]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_first_round_has_no_exchange(game: str, players: int, options: dict[str, Any],
                                       seed: int):
    for table in steps_to_round_two_play(game, players, seed, options):
        if table.state.round_no > 1:
            break
        assert all(view["exchange"] is None for view in views(table))


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_transfer_of_a_later_round_is_listed_as_it_is_made(
        game: str, players: int, options: dict[str, Any], seed: int):
    seen_done = []
    for table in steps_to_round_two_play(game, players, seed, options):
        state = table.state
        if state.round_no < 2 or state.phase is Phase.DEAL:
            continue
        debts = state.rules.exchanges(state.places[-1])
        titles = [state.rules.title(state.places[-1].index(seat), players)
                  for seat in range(players)]
        for seat, view in enumerate(views(table)):
            exchange = view["exchange"]
            if state.events and not all(type(event).__name__ == "Transfer"
                                        for event in state.events):
                assert exchange is None, "the exchange is gone once the round's play begins"
                continue
            assert exchange is not None
            rows = exchange["transfers"]
            # The losers' best cards, forced over by the deal, then the winners' choices.
            assert [(row["giver"], row["receiver"], row["count"], row["chosen"])
                    for row in rows] == (
                [(d.giver, d.receiver, d.count, False) for d in debts]
                + [(d.receiver, d.giver, d.count, True) for d in debts])
            given = len([event for event in state.events if event.chosen])
            assert [row["done"] for row in rows] == (
                [True] * len(debts) + [True] * given + [False] * (len(debts) - given))
            for row in rows:
                assert row["giver_title"] == titles[row["giver"]]
                assert row["receiver_title"] == titles[row["receiver"]]
                assert row["yours"] == (seat in (row["giver"], row["receiver"]))
                names = [player["name"] for player in view["players"]]
                giver = names[row["giver"]]
                assert row["text"].startswith(f"{giver} ({titles[row['giver']]}) give")
                assert row["text"] == " ".join(row["parts"][part] for part in (
                    "giver", "gives", "receiver", "what"))
                assert f"({titles[row['receiver']]})" in row["text"]
                assert row["text"].endswith("of their choice" if row["chosen"] and giver != "You"
                                            else "of your choice" if row["chosen"]
                                            else "best card" if row["count"] == 1
                                            else f"{row['count']} best cards")
            assert exchange["done"] == (given == len(debts)) == (state.phase is Phase.PLAY)
            if exchange["done"]:
                assert exchange["awaiting"] is None and exchange["ask"] == ""
                leader = view["players"][state.to_act]["name"]
                leader = "you" if leader == "You" else leader
                assert exchange["status"].startswith("Every card has changed hands: " + leader)
            else:
                awaited = state.owed[0]
                assert exchange["awaiting"] == awaited.giver
                receiver = names[awaited.receiver]
                receiver = "you" if receiver == "You" else receiver
                ask = (f"Choose {awaited.count} card{'s' if awaited.count > 1 else ''} to give "
                       f"to {receiver} ({titles[awaited.receiver]})")
                assert exchange["ask"] == (ask if awaited.giver == seat else "")
                assert ask.partition(" to give")[2] in exchange["status"]
            if seat == 0:
                seen_done.append(sum(row["done"] for row in rows))
    assert seen_done and seen_done == sorted(seen_done)
    assert seen_done[-1] == 2 * len(debts)


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_sees_the_cards_it_gave_and_received_and_no_other_pairs(
        game: str, players: int, options: dict[str, Any], seed: int):
    checked = 0
    for table in steps_to_round_two_play(game, players, seed, options):
        state = table.state
        if state.round_no < 2 or state.phase is not Phase.GIVE:
            continue
        for seat, view in enumerate(views(table)):
            for row in view["exchange"]["transfers"]:
                ids = [card["id"] for card in row["cards"]]
                if not row["done"] or seat not in (row["giver"], row["receiver"]):
                    assert ids == [], (seat, row)
                    continue
                assert len(ids) == row["count"]
                checked += 1
    assert checked


def test_the_player_who_must_give_is_asked_plainly_and_received_cards_say_from_whom():
    # Tycoon, seed 5: the human is the Beggar of round 1 and receives the Tycoon's choice.
    table = next(t for t in steps_to_round_two_play("tycoon", 4, 5, {})
                 if t.state.round_no == 2 and t.state.phase is Phase.GIVE)
    tycoon = table.state.owed[0].giver
    beggar = table.state.owed[0].receiver
    asked = table_view(table, tycoon)["exchange"]
    names = [player["name"] for player in table_view(table)["players"]]
    beggar_name = "you" if names[beggar] == "You" else names[beggar]
    assert asked["ask"] == f"Choose 2 cards to give to {beggar_name} (Beggar)"
    assert asked["status"] == asked["ask"]
    # The Tycoon's hand holds the Beggar's 2 best cards, marked with their giver.
    received = [card for card in table_view(table, tycoon)["hand"] if card.get("received")]
    assert len(received) == 2
    assert {card["received_from"] for card in received} == {names[beggar]}
    assert table_view(table, tycoon)["received_text"] == f"Received from {names[beggar]}"
    assert table_view(table, beggar)["received_text"] is None
    # Someone else is told who is choosing.
    other = next(seat for seat in range(4) if seat not in (tycoon, beggar))
    assert table_view(table, other)["exchange"]["status"] == (
        f"{names[tycoon]} is choosing 2 cards to give to {beggar_name} (Beggar)…")


def test_a_position_set_up_in_a_later_round_shows_no_exchange():
    rules = make_rules("tycoon", None, {})
    state = setup(rules, [rules.parse_cards(hand) for hand in ("3c 4c", "5c", "6c", "7c")], 0,
                  places=[(0, 1, 2, 3)])
    table = Table(GameRecord(rules, 4, 0), state, [HUMAN] + ["easy"] * 3, undo=False)
    view = table_view(table)
    assert view["round"] == 2 and view["players"][0]["title"] == "Tycoon"
    assert view["exchange"] is None and view["received_text"] is None
