"""The exchange that opens a later round is a moment of its own (issue 24, item 5): a
sheet over the felt lists every transfer in the engine's words, yours marked, your
cards as cards and the others' as backs; when the choice is yours it is asked plainly,
over a hand and a Give button still in sight and usable; the cards you received are
explained by a line beside the hand; once every card has changed hands, Continue (or
the round's first play) closes it, and the bots play on.

One boot: a saved Tycoon game of three rounds at the end of its first, in which you
finished Tycoon; the second round's exchange is read upright and on its side, you give
back your two cards and go on with Continue; the round is played out, and the third
round's exchange closes by itself once its play begins."""

import json
from typing import Any

from playwright.sync_api import Page, expect

from engine.api import Session
from tycoon_page import AXE, SETTINGS_KEY, Table, stored_settings

UPRIGHT = {"width": 360, "height": 640}
ON_ITS_SIDE = {"width": 640, "height": 360}
SEED = 2  # the player (seat 0, first legal move each turn) finishes round 1 as Tycoon


def at_the_end_of_round_one() -> tuple[dict[str, Any], dict[str, Any]]:
    """The saved game, and the exchange as the engine shows it after the next deal."""
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": SEED, "options": {"rounds": 3},
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    while (view := session.view()["view"])["phase"] != "deal":
        if session.advance()["action"] is None:
            session.act(view["legal"][0]["act"])
    assert view["last_round"]["results"][0]["seat"] == 0, "the player should be Tycoon"
    log = dict(session.export_log()["log"])
    dealt = session.advance()["view"]
    return log, dealt["exchange"]


def boxes_apart(page: Page, one: str, other: str) -> bool:
    """Whether two elements' boxes on screen do not overlap."""
    return bool(page.evaluate("""([one, other]) => {
        const a = document.querySelector(one).getBoundingClientRect();
        const b = document.querySelector(other).getBoundingClientRect();
        return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
    }""", [one, other]))


def sheet_problems(page: Page) -> list[str]:
    """What axe-core finds wrong (WCAG 2.2 AA and best practices) in the felt, the sheet
    over it and the line beside the hand, or cannot decide there (the contrast of text
    the sheet would cover, if it showed)."""
    page.evaluate(AXE.read_text())
    return [str(problem) for problem in page.evaluate("""async () => {
        const result = await axe.run({include: [[".felt"], ["#received-legend"]]},
            {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                              "wcag22aa", "best-practice"]}});
        return result.violations.concat(result.incomplete.filter(i => i.id === "color-contrast"))
            .flatMap(v => v.nodes.map(n => `${v.id}: ${n.target}`));
    }""")]


def check_the_rows(page: Page, exchange: dict[str, Any]) -> None:
    rows = page.locator("#exchange-rows .transfer")
    expect(rows).to_have_count(len(exchange["transfers"]))
    for index, transfer in enumerate(exchange["transfers"]):
        row = rows.nth(index)
        expect(row.locator(".transfer-text")).to_have_text(transfer["text"])
        expect(row).to_have_attribute("data-yours", "true" if transfer["yours"] else "false")
        if transfer["yours"]:
            assert "you" in transfer["text"].lower()


def test_the_exchange_is_shown_asked_explained_and_closed(table: Table):
    log, exchange = at_the_end_of_round_one()
    page = table.page
    table.store_before_opening(save=json.dumps(log),
                               local={SETTINGS_KEY: stored_settings(pace=350)})
    table.open()
    table.wait_for_engine()
    page.tap("#resume")
    page.tap("#results-next")  # round 1's results read: round 2 is dealt, with its exchange
    table.wait_for_my_turn()

    # Every transfer, in the engine's words: the Beggar's 2 best cards and the Poor Man's
    # best went over with the deal; the Tycoon (you) and the Rich Man give back.
    sheet = page.locator("#exchange")
    expect(sheet).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-sheet", "exchange")
    expect(page.locator("#exchange-title")).to_have_text("The exchange")
    assert [(t["chosen"], t["count"]) for t in exchange["transfers"]] == [
        (False, 2), (False, 1), (True, 2), (True, 1)]
    check_the_rows(page, exchange)
    rows = page.locator("#exchange-rows .transfer")
    # What came to you shows as cards; the cards of the pair that is not yours, as backs.
    received = exchange["transfers"][0]
    assert received["receiver"] == 0 and len(received["cards"]) == 2
    expect(rows.nth(0).locator(".card .name")).to_have_text(
        [card["name"] for card in received["cards"]])
    expect(rows.nth(1).locator(".card")).to_have_count(0)
    expect(rows.nth(1).locator(".card-back")).to_have_count(1)

    # Your choice, asked plainly and big, over your hand and the Give button.
    beggar = page.inner_text("#exchange-rows .transfer:nth-child(1) .giver")
    ask = page.locator("#exchange-ask")
    expect(ask).to_have_text(f"Choose 2 cards to give to {beggar}")
    expect(rows.nth(2)).to_have_attribute("data-state", "choosing")
    expect(page.locator("#exchange-continue")).to_be_hidden()
    assert sheet_problems(page) == []
    for size in (UPRIGHT, ON_ITS_SIDE, UPRIGHT):
        page.set_viewport_size(size)
        assert table.on_screen("#exchange-ask"), size
        for free in ("#hand", "#play", "#received-legend"):
            assert boxes_apart(page, "#exchange", free), (size, free)
        asked, row = (float(page.eval_on_selector(
            selector, "e => parseFloat(getComputedStyle(e).fontSize)"))
            for selector in ("#exchange-ask", ".transfer"))
        assert asked > row * 1.2, (asked, row)

    # The cards you received are marked, and the mark is explained beside the hand.
    giver_name = beggar.split(" (")[0]
    expect(page.locator("#received-legend")).to_be_visible()
    expect(page.locator("#received-text")).to_have_text(f"Received from {giver_name}")
    marked = page.locator("#hand .card.received")
    expect(marked).to_have_count(2)
    expect(marked.first.locator(".sr-only")).to_have_text(f", received from {giver_name}")

    # You give: the hand and Give work under the sheet.
    moves = table.moves()
    table.give_first_cards()
    table.wait_for_moves_after(moves)
    expect(rows.nth(2)).to_have_attribute("data-state", "done")
    expect(rows.nth(2).locator(".card")).to_have_count(2)  # what you gave, face up
    expect(page.locator("#exchange-ask")).to_be_hidden()

    # Once every card has changed hands, the bots wait for you to read it: Continue.
    status = page.locator("#exchange-status")
    expect(status).to_contain_text("Every card has changed hands", timeout=20_000)
    expect(page.locator("#exchange-rows .transfer[data-state=done]")).to_have_count(4)
    leader = page.inner_text("#turn")
    if leader.startswith("Your turn"):  # you lead: the sheet waits for your play
        expect(status).to_contain_text("you lead")
    moves = table.moves()
    page.tap("#exchange-continue")
    expect(sheet).to_be_hidden()
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "exchange")
    if not leader.startswith("Your turn"):
        table.wait_for_moves_after(moves)  # the leader's first play
    expect(sheet).to_be_hidden()

    # The round played out; the next one's exchange closes by itself once play begins.
    while not table.results_shown():
        table.wait_for_my_turn()
        if table.results_shown():
            break
        table.take_a_quick_turn()
    expect(page.locator("#results-title")).to_have_text("Round 2 results")
    page.tap("#results-next")
    expect(sheet).to_be_visible()
    expect(page.locator("#round-info")).to_contain_text("Round 3")
    while True:
        table.wait_for_my_turn()
        if "choose" not in page.inner_text("#turn"):
            break
        table.give_first_cards()
    if page.inner_text("#turn").startswith("Your turn"):
        expect(sheet).to_be_visible()  # it stays until your first play
        table.take_a_quick_turn()
    expect(sheet).to_be_hidden(timeout=20_000)
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "exchange")
