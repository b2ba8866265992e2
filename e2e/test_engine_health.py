"""The engine's health is told truly: when the engine's worker dies in the middle of a game
(Pyodide fails fatally, or the worker throws where nothing catches it), the page says so
and offers a restart, no call waits for an answer that will never come, and the lobby
never says "Ready to play" over it; the restart brings the game back from its save."""

from playwright.sync_api import BrowserContext, Route, expect

from tycoon_page import Guard, Table

# A call the page never makes, given to the worker by the test only (the served file, not
# the product, gains it): Python's JSON reader recursing 200,000 levels deep inside
# Pyodide overflows the JavaScript stack, and Pyodide fails fatally.
OVERFLOW = '''

def overflow() -> str:
    import json
    return json.dumps(json.loads("[" * 200_000))


__export__ = [*__export__, "overflow"]
'''
STOPPED = ("The game stopped working. Restart it to play on: your game is kept.")
# What the console says of each death: Pyodide's own words (from the worker), and the page's.
PYODIDE_FAILED = ("console error: Pyodide has suffered a fatal error",
                  "console error: The cause of the fatal error was:",
                  "console error: RangeError: Maximum call stack size exceeded")
PAGE_TOLD = "console error: Tycoon Table's engine stopped: "


def with_a_call_that_overflows(route: Route) -> None:
    route.fulfill(body=route.fetch().text() + OVERFLOW, content_type="text/x-python")


def calls_answer_at_once(table: Table) -> list[object]:
    """Two calls together, then a third: what each answered (no call waits)."""
    return list(table.page.evaluate("""async () => {
        const pending = [tycoonEngine.call("hint"), tycoonEngine.call("games")];
        const answers = await Promise.all(pending);
        answers.push(await tycoonEngine.call("advance"));
        return answers.map((text) => JSON.parse(text));
    }"""))


def expect_the_engine_told_stopped(table: Table) -> None:
    page = table.page
    expect(page.locator("#engine-stopped")).to_be_visible()
    expect(page.locator("#engine-stopped")).to_contain_text(STOPPED)
    expect(page.locator("#engine-restart")).to_be_visible()
    status = page.locator("#engine-status")
    expect(status).to_have_attribute("data-state", "stopped")
    expect(status).to_have_text("The game stopped working.")
    stopped = {"ok": False, "error": {"type": "EngineStopped", "message": STOPPED}}
    assert calls_answer_at_once(table) == [stopped] * 3
    # The table takes no more moves and says why, where it said "Your turn".
    expect(page.locator("#turn")).to_have_text("The game stopped: restart it to play on")
    expect(page.locator("#table")).to_have_attribute("data-turn", "wait")
    for button in ("#play", "#pass", "#hint-button"):
        expect(page.locator(button)).to_have_attribute("aria-disabled", "true")
    # The lobby, under the dead worker, never says it is ready.
    table.leave_table()
    expect(status).to_have_text("The game stopped working.")
    page.tap("#resume")


def test_a_dead_engine_is_told_and_restart_brings_the_game_back(
        table: Table, context: BrowserContext, guard: Guard):
    context.route("**/web/worker/engine_worker.py", with_a_call_that_overflows)
    table.start("tycoon", 3)
    page = table.page
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    moves = table.moves()

    # Pyodide fails fatally in the middle of the game: the call that killed it is
    # answered, as are those sent beside it and after it.
    died = page.evaluate("""async () => {
        const dying = tycoonEngine.call("overflow");
        const beside = tycoonEngine.call("games");
        return [JSON.parse(await dying), JSON.parse(await beside)];
    }""")
    assert [answer["error"]["type"] for answer in died] == ["EngineStopped"] * 2
    expect_the_engine_told_stopped(table)
    guard.expect(*PYODIDE_FAILED, PAGE_TOLD + "Maximum call stack size exceeded")

    # Restart: the page again, and the game from the worker's save.
    page.tap("#engine-restart")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    table.wait_for_my_turn()
    assert table.moves() == moves
    expect(page.locator("#engine-stopped")).to_be_hidden()
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "ready")
    table.take_a_quick_turn()
    table.wait_for_my_turn()

    # The worker throws where nothing catches it: the same.
    (engine,) = [worker for worker in page.workers if worker.url.endswith("engine.mjs")]
    engine.evaluate("setTimeout(() => { throw new Error('the worker broke'); })")
    expect_the_engine_told_stopped(table)
    guard.expect(PAGE_TOLD + "Uncaught Error: the worker broke")
