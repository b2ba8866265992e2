"""No hidden card reaches the page: everything the page receives from the engine worker
during a game, and everything it stores, holds only what the human's seat may see.

The truth comes from the worker's save (read by the test, never by the app): the log,
replayed with the Python engine, gives every seat's hand after every action, and each
answer of the worker names the action count it belongs to.
"""

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, expect

from engine.core.actions import Deal
from engine.core.cards import Card
from engine.log import read_log
from tycoon_page import (
    LOBBY_KEY,
    RECORD_WORKER_MESSAGES,
    SAVE_PATH,
    SAVES_CACHE,
    SETTINGS_KEY,
    STATS_KEY,
    TABLE_KEY,
    Table,
    replay,
    stored_settings,
)

HUMAN = 0
NOTATION = re.compile(r"(?<![0-9A-Za-z])(?:[2-9TJQKA][cdhs]|X)(?![0-9A-Za-z])")
# "two 9s" in a sentence is a pair of 9s, not the 9 of spades.
PLURAL_RANK = re.compile(r"(?:two|three|four|five) [2-9]s$")
# The rules' help text is the same in every game and names cards ("the 3 of Spades").
STATIC_FIELDS = {"help"}


def hidden_cards(log: dict[str, Any]) -> list[set[Card]]:
    """For each number of actions, the cards other seats hold that the human has not seen:
    all of theirs but those the human was dealt or held this round (handed over in the
    exchange). The Jokers share one notation, so a Joker counts only while every Joker
    dealt is in another seat's hand and the human has held none."""
    record, _ = read_log(log)
    hidden: list[set[Card]] = []
    known: set[Card] = set()
    jokers_dealt = 0
    for index, state in enumerate(replay(log)):
        action = record.actions[index - 1] if index else None
        if isinstance(action, Deal):
            # The deal's step also hands the best cards over in the exchange.
            known = set(action.hands[HUMAN])
            jokers_dealt = sum(card.is_joker for hand in state.hands for card in hand)
        hands = state.hands or ((),) * state.players
        known |= set(hands[HUMAN])
        others = [card for seat, hand in enumerate(hands) if seat != HUMAN for card in hand]
        unseen = {card for card in others if card not in known and not card.is_joker}
        jokers = [card for card in others if card.is_joker]
        if jokers and len(jokers) == jokers_dealt and not any(c.is_joker for c in known):
            unseen.add(jokers[0])
        hidden.append(unseen)
    return hidden


def strings_in(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for key, value in data.items() if key not in STATIC_FIELDS
                for s in strings_in(value)]
    if isinstance(data, list):
        return [s for value in data for s in strings_in(value)]
    return []


def leaks(data: Any, hidden: set[Card]) -> list[str]:
    """The hidden cards that ``data`` names, by notation ("Qh") or by name ("Queen of
    hearts"; a Joker's name is in every rules text, its notation is enough)."""
    notations = {str(card) for card in hidden}
    names = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(card.name)}\b") for card in hidden
             if not card.is_joker]
    found = []
    for text in strings_in(data):
        found += [match[0] for match in NOTATION.finditer(text) if match[0] in notations
                  and not PLURAL_RANK.search(text, 0, match.end())]
        found += [name.pattern for name in names if name.search(text)]
    return found


def play_a_game(table: Table) -> list[dict[str, str]]:
    """Quick moves through every round (from the second, each opens with the exchange),
    up to the final results. Returns what localStorage held at each of the human's turns."""
    stored = []
    while True:
        table.wait_for_my_turn()
        if table.results_shown():
            if table.page.inner_text("#results-title").startswith("Game over"):
                return stored
            table.page.tap("#results-next")
            continue
        stored.append(table.local_storage())
        table.take_a_quick_turn()


def test_no_hidden_card_reaches_the_page(table: Table, context: BrowserContext):
    context.add_init_script(RECORD_WORKER_MESSAGES)
    # No pause between the bots' steps: the test is about what they send, not its pace.
    settings = json.dumps(stored_settings(pace=0))
    context.add_init_script(f"localStorage.setItem({SETTINGS_KEY!r}, {settings})")
    table.open()
    table.choose(players=4, rounds=3, pace=None)
    table.wait_for_engine()
    table.deal()
    stored = play_a_game(table)

    log = json.loads(table.saved_game() or "null")
    states = replay(log)
    hidden = hidden_cards(log)
    moves = len(log["actions"])
    assert table.moves() == moves
    # The check can see a leak: the log itself, with its deals, is full of them.
    assert leaks(log, hidden[1])

    envelopes: list[dict[str, Any]] = []
    for message in table.received_from_worker():
        for text in message["strings"]:
            try:
                data = json.loads(text)
            except ValueError:
                data = text
            if isinstance(data, dict):
                envelopes.append(data)
            # An answer names the action count it follows; any other message belongs to
            # the position the table showed when it arrived.
            at = data.get("moves", message["moves"]) if isinstance(data, dict) else (
                message["moves"])
            assert leaks(data, hidden[at]) == [], (at, text[:500])
            if isinstance(data, dict) and data.get("view"):
                # The count and the replay agree: the view is of that position.
                assert [card["id"] for card in data["view"]["hand"]] == [
                    str(c) for c in states[at].hands[HUMAN]]

    # What was watched covers the cases that matter: deals (the first one comes with the
    # new game, the others as steps), and exchanges between other seats.
    actions = [e.get("action") for e in envelopes]
    assert actions.count("*:deal") == 2
    gives = [e for e in envelopes if re.fullmatch(r"\d:give", e.get("action") or "")]
    assert gives and all(e["cards"] == [] for e in gives)
    assert len([e for e in envelopes if e.get("view")]) > 100

    # What the page stores holds no hidden card either: the settings, the lobby's
    # choices, the last view, and (once the game has ended) the statistics.
    for snapshot in stored:
        assert set(snapshot) - {STATS_KEY} == {SETTINGS_KEY, TABLE_KEY, LOBBY_KEY}
        kept = json.loads(snapshot[TABLE_KEY])
        assert leaks(kept, hidden[kept["moves"]]) == []

    # Once the final results are left for the lobby, the finished game's save goes.
    table.page.tap("#results-lobby")
    expect(table.page.locator("#lobby")).to_be_visible()
    expect(table.page.locator("#deal")).to_have_text("Deal")
    table.page.wait_for_function(
        "([name, url]) => caches.open(name).then(c => c.match(url)).then(r => !r)",
        arg=[SAVES_CACHE, table.site.origin + SAVE_PATH])
    assert set(table.local_storage()) == {SETTINGS_KEY, LOBBY_KEY, STATS_KEY}
    assert leaks(json.loads(table.local_storage()[STATS_KEY]), hidden[-1]) == []
