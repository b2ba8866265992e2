"""Corporation on a phone, 5 players against Easy bots, played by taps: table talk, a
card committed face down every round, the reveal told step by step, the scoreboard and
the game's end. At each turn the page is compared with the worker's saved log replayed
in the engine (read by the test, never by the app); what the page receives while cards
are face down never depends on which cards they are."""

import dataclasses
import itertools
import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, expect

from engine.api import Session
from engine.families.corporation.rules.machine import CorpState
from engine.families.corporation.words.views import describe_round
from engine.log import read_log
from engine.play.table import Table as EngineTable
from engine.play.view import table_view
from tycoon_page import (
    RECORD_WORKER_MESSAGES,
    SETTINGS_KEY,
    TABLE_KEY,
    Table,
    replay,
    stored_settings,
)

PLAYERS = 5
NAMES = ["You", "Aiko", "Bruno", "Chen", "Dana"]


def saved_log(table: Table) -> dict[str, Any]:
    log = json.loads(table.saved_game() or "null")
    assert table.moves() == len(log["actions"])
    return log


def worker_answers(table: Table) -> list[dict[str, Any]]:
    """Every answer the worker sent the page about the game (those that name its moves)."""
    answers = []
    for message in table.received_from_worker():
        for text in message["strings"]:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and "moves" in data:
                answers.append(data)
    return answers


def log_with_every_answer(table: Table) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The worker's saved log and its answers to the page, once the log holds every move
    the answers name (the next round's talk may still be arriving, each move saved just
    after it is sent)."""
    for _ in range(100):
        answers = worker_answers(table)
        log = json.loads(table.saved_game() or "null")
        if log and len(log["actions"]) >= max(data["moves"] for data in answers):
            return log, answers
        table.page.wait_for_timeout(100)
    raise AssertionError("the worker never saved the moves it sent the page")


def check_table(table: Table, state: CorpState) -> None:
    """The page shows the engine's position: your cards, the one held back, the seats'
    scores, who has committed and the cards face up, and this round's talk."""
    page = table.page
    assert table.hand() == [str(card) for card in state.hands[0]] + (
        [str(state.face_up[0])] if state.face_up[0] is not None else [])
    held = page.locator("#hand .card[aria-disabled=true]")
    expect(held).to_have_count(0 if state.face_up[0] is None else 1)
    seats = page.locator("#opponents .opponent")
    for seat in range(1, PLAYERS):
        shown = seats.nth(seat - 1).inner_text()
        points = state.scores[seat]
        assert re.search(rf"\b{points} points?\s+{state.target - points} to go\b", shown), shown
        assert ("card down" in shown) == (state.commits[seat] is not None), shown
        if state.face_up[seat] is not None:
            assert f"Corporation {state.face_up[seat]}: " in shown, shown
    said = page.locator("#talk-lines li:not(.quiet)").all_inner_texts()
    assert [re.sub(r"[“”\"]", "", " ".join(line.split())) for line in said] == [
        f"{NAMES[a.seat]} {a.text}" for a in state.announcements], said


def say_first_phrase(table: Table) -> str:
    page = table.page
    phrase = page.locator("#say option").first
    act = phrase.get_attribute("value") or ""
    page.select_option("#say", act)
    moves = table.moves()
    page.tap("#say-button")
    table.wait_for_moves_after(moves)
    return act.removeprefix("say ")


def commit_first_card(table: Table) -> str:
    page = table.page
    table.tap_card(0)
    expect(page.locator("#play")).to_have_attribute("aria-disabled", "false")
    label = page.inner_text("#play")
    assert re.fullmatch(r"Commit \d+", label), label
    moves = table.moves()
    page.tap("#play")
    table.wait_for_moves_after(moves)
    return label.removeprefix("Commit ")


def test_a_whole_game_of_corporation(table: Table):
    table.open()
    table.choose_game("corporation", PLAYERS)
    assert table.accessibility_violations() == []  # the lobby with Corporation chosen
    table.wait_for_engine()
    table.deal()
    page = table.page
    talked = checked_commit_screen = checked_reveal = False
    rounds = 0
    while True:
        table.wait_for_my_turn()
        log = saved_log(table)
        state = replay(log)[-1]
        if table.results_shown():
            result = state.history[-1]
            rounds += 1
            # Every card turned over, then the round told a step at a time, in the
            # engine's words (the first line names the cards shown above).
            cards = page.locator("#reveal .revealed .card .name").all_text_contents()
            assert cards == [str(card) for card in result.played]
            steps = page.locator("#reveal-steps li").all_inner_texts()
            names = EngineTable.from_log(log).presenter(you=0).names
            assert steps == list(describe_round(result, names))[1:]
            for row in page.locator("#results-rows tr").all_inner_texts():
                seat = NAMES.index(row.split("\t")[0])
                to_go = max(0, state.target - state.scores[seat])
                assert row.split("\t")[-1].strip() == str(to_go), row  # under "To go"
            if not checked_reveal:
                assert table.accessibility_violations() == []
                # The cards turn over as one animation, but not for reduced motion.
                assert page.eval_on_selector_all(
                    "#reveal .card", "cards => cards.map(c => getComputedStyle(c)"
                    ".animationName)") == ["none"] * PLAYERS
                checked_reveal = True
            if state.history and max(state.scores) >= state.target:
                break
            page.tap("#results-next")
            expect(page.locator("#results")).to_be_hidden()
            continue
        check_table(table, state)
        if not talked:
            said = say_first_phrase(table)
            expect(page.locator("#talk-lines")).to_contain_text(said)
            talked = True
            if not checked_commit_screen:
                assert table.accessibility_violations() == []  # the commit screen with talk
                checked_commit_screen = True
            continue
        commit_first_card(table)

    assert rounds >= 2 and talked
    title = page.inner_text("#results-title")
    assert re.match(r"Game over: .+ wins? with \d+ points", title), title
    assert table.accessibility_violations() == []
    page.tap("#results-again")
    table.wait_for_my_turn()
    expect(page.locator("#round-info")).to_have_text("Round 1 · target 50 points")
    expect(page.locator("#opponents .opponent")).to_have_count(PLAYERS - 1)


def concealed(state: CorpState) -> list[CorpState]:
    """The same position with each face-down card of another seat swapped for another
    card that seat could have committed."""
    others = []
    for seat, card in enumerate(state.commits):
        if seat == 0 or card is None:
            continue
        for other in state.hands[seat]:
            commits = list(state.commits)
            commits[seat] = other
            hands = list(state.hands)
            hands[seat] = tuple(sorted({*hands[seat], card} - {other}))
            others.append(dataclasses.replace(state, commits=tuple(commits),
                                              hands=tuple(hands)))
    return others


CARD_DOWN = "#opponents .opponent:has-text('card down')"
# The first seat showing a card down, its text; null once none does.
CARD_DOWN_TEXT = """() => {
    const seat = [...document.querySelectorAll("#opponents .opponent")]
        .find(seat => seat.innerText.includes("card down"));
    return seat === undefined ? null : seat.innerText;
}"""


def test_no_face_down_card_reaches_the_page(table: Table, context: BrowserContext):
    context.add_init_script(RECORD_WORKER_MESSAGES)
    table.open()
    table.choose_game("corporation", PLAYERS, bots="normal", pace="900")
    table.wait_for_engine()
    table.deal()
    page = table.page
    stored = []
    seen_face_down = 0
    for _ in range(3):  # three rounds
        table.wait_for_my_turn()
        commit_first_card(table)
        # While the bots commit one by one, their seats show a card down, never which. The
        # last bot's commit turns the cards over: a busy machine may see the seats only
        # then, and a sample counts only where the cards were still down after it.
        page.wait_for_selector(f"{CARD_DOWN}, #results:not([hidden])")
        text = page.evaluate(CARD_DOWN_TEXT)
        if text is not None:
            tree = page.locator("#table").aria_snapshot()
            storage = table.local_storage()
            if page.evaluate(CARD_DOWN_TEXT) is not None:
                # Its name and its bot's temperament ("Aiko, sly"); the one card it shows
                # is the one face up in its Corporation (its corner, its name, and the
                # Corporation's for screen readers).
                assert re.fullmatch(r"\w+\s*,\s*[a-z]+\s+-?\d+ points?\s+\d+ to go\s+"
                                    r"(?:(\d+)\s+\1\s+Corporation \1: [\w ,]+\s+)?card down",
                                    text.strip()), text
                stored.append((storage, tree))
        page.wait_for_selector("#results:not([hidden])")
        page.tap("#results-next")
        expect(page.locator("#results")).to_be_hidden()

    log, answers = log_with_every_answer(table)
    states = replay(log)

    def view_of(state: CorpState, at: int) -> dict[str, Any]:
        """Seat 0's view of ``state`` at a table whose record has the first ``at``
        actions (what can be taken back depends on them)."""
        engine = EngineTable.from_log(dict(log, actions=log["actions"][:at]))
        engine.state = state
        return dict(table_view(engine, 0))

    for data in answers:
        at = data["moves"]
        state = states[at]
        if data.get("view"):
            assert data["view"] == json.loads(json.dumps(view_of(state, at)))
            for other in concealed(state):
                seen_face_down += 1
                assert view_of(other, at) == view_of(state, at)
        if data.get("kind") == "commit" and data.get("seat") != 0 and len(
                state.history) == len(states[at - 1].history):
            assert data["action"] == f"{data['seat']}:commit"
            assert re.fullmatch(r"\w+ commits a card face down", data["text"]), data
    assert seen_face_down > 0

    # What the page kept while cards were face down, and what a screen reader heard.
    for storage, tree in stored:
        kept = json.loads(storage[TABLE_KEY])
        at = kept["moves"]
        state = states[at]
        assert kept["view"] == json.loads(json.dumps(view_of(state, at)))
        assert all(view_of(other, at) == view_of(state, at) for other in concealed(state))
        assert not re.search(r"commit(?:ted|s)? \d", tree), tree
        assert "card down" in tree
    assert stored and read_log(log)


def test_a_reload_after_talk_restores_the_round(table: Table):
    table.open()
    table.choose_game("corporation", PLAYERS, bots="normal")
    table.wait_for_engine()
    table.deal()
    page = table.page
    table.wait_for_my_turn()
    said = say_first_phrase(table)
    table.wait_for_my_turn()
    before = replay(saved_log(table))[-1]
    talk = page.locator("#talk-lines li").all_inner_texts()  # a line each, the bots' too
    assert any(said in line for line in talk), talk
    hand = table.hand()
    page.reload()
    table.wait_for_engine()
    table.wait_for_my_turn()
    state = replay(saved_log(table))[-1]
    assert state == before and state.commits == (None,) * PLAYERS
    expect(page.locator("#talk-lines li")).to_have_text(talk)
    assert table.hand() == hand
    check_table(table, state)


# Records when each new line of table talk appears (page time, ms).
TALK_TIMES = """
window.__talkTimes = [];
new MutationObserver(() => {
  const shown = document.querySelectorAll("#talk-lines li:not(.quiet)").length;
  while (window.__talkTimes.length < shown) window.__talkTimes.push(performance.now());
}).observe(document, { subtree: true, childList: true });
"""


def test_the_bots_talk_one_at_a_time_at_the_pace_before_they_commit(
        table: Table, context: BrowserContext):
    """A saved game at the start of a round with Random bots (which talk a lot): their
    announcements appear in order, one step of the pace apart, and no bot commits
    before you."""
    session = Session()
    assert session.new_game({"game": "corporation", "seed": 0,
                             "seats": ["human"] + ["random"] * (PLAYERS - 1)})["ok"]
    context.add_init_script(TALK_TIMES)
    table.store_before_opening(save=json.dumps(session.export_log()["log"]),
                               local={SETTINGS_KEY: stored_settings(pace=350)})
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()
    state = replay(saved_log(table))[-1]
    assert len(state.announcements) >= 3 and {a.seat for a in state.announcements} - {0}
    assert state.commits == (None,) * PLAYERS  # they wait for you to commit
    check_table(table, state)
    times = table.page.evaluate("window.__talkTimes")
    assert len(times) == len(state.announcements)
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert min(gaps) >= 300, gaps  # the pace: 350 ms a step
