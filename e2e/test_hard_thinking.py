"""Hard thinks as long as the phone allows: the page tells the engine worker the pace the
player chose, the worker sizes a fresh game's share of Hard's budget to the device within
it, and the saved game records every share a decision used."""

import json
from typing import Any

from playwright.sync_api import BrowserContext

from engine.players.thinking import LEVELS
from tycoon_page import RECORD_WORKER_MESSAGES, Table


def think_limits(table: Table) -> list[Any]:
    """The worker's answers to the page's pace, in order: each one's ``think_ms``."""
    limits = []
    for message in table.received_from_worker():
        for text in message["strings"]:  # type: ignore[attr-defined]
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and "think_ms" in data:
                limits.append(data["think_ms"])
    return limits


def test_the_pace_reaches_the_worker_and_a_fresh_deal_is_sized_to_the_device(
        table: Table, context: BrowserContext):
    context.add_init_script(RECORD_WORKER_MESSAGES)
    table.open()
    table.wait_for_engine()
    assert think_limits(table) == [250]  # the stored pace, Normal, told as the engine starts
    table.choose_game("tycoon", 4, bots="hard", pace="0")
    table.deal()
    table.wait_for_my_turn()
    assert think_limits(table) == [250, 100]  # Instant: Hard thinks 100 ms at most

    log: dict[str, Any] = {}
    while not log.get("hard_decided"):  # until a Hard bot has decided
        table.take_a_quick_turn()
        table.wait_for_my_turn()
        log = json.loads(table.saved_game() or "{}")
    assert log["hard_sized"] is True
    shares = [log["hard_budget"], *(share for _moves, share in log["hard_changes"])]
    assert all(share in LEVELS for share in shares), shares
