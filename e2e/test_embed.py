"""A rules post on another site embeds live tables through the loader (embed.js): each is
a lazy frame behind a click-to-start facade, so nothing of Python is downloaded until a
reader presses Play; a scenario is stepped through caption by caption and then played on
against the bots; a challenge is played and compared in its table; the frame is as tall as
its content."""

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route, expect

from test_challenge import sent_by_mia
from test_saves import disable_storage_in_the_worker, storage_that_throws
from tycoon_page import (
    CHALLENGE_KEY,
    ENGINE_TIMEOUT_MS,
    GUIDED_TRICKS_OFFERED,
    PHONE,
    ROOT,
    SETTINGS_KEY,
    Guard,
    Site,
    Table,
    blog_post,
    serve,
    stored_settings,
)

SCENARIO = json.loads((ROOT / "scenarios" / "revolution.json").read_text())
RUNTIME = ("pyodide", "micropython", ".wasm", "pyscript", "engine.whl", ".py")


def host_page(site: Site) -> str:
    return blog_post(site, "Climbing games, explained", """<h1>How a Revolution works</h1>
<p>A table to play:</p>
<div class="tycoon-table" data-game="president" data-preset="president-bga"></div>
<p>And an example to step through:</p>
<div class="tycoon-table" data-game="tycoon" data-scenario="revolution.json"></div>
""")


@pytest.fixture
def host(site: Site, tmp_path: Path) -> Iterator[str]:
    """A blog post on another origin (another port), with a scenario file beside it; the
    post's folder is ``tmp_path``."""
    (tmp_path / "post.html").write_text(host_page(site))
    (tmp_path / "revolution.json").write_text(json.dumps(SCENARIO))
    server = serve.start_server(tmp_path)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def post(request: pytest.FixtureRequest, browser: Browser, site: Site,
         host: str) -> Iterator[tuple[Page, Guard]]:
    guard = Guard(site.origin, hosts=(host,))
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    if getattr(request, "param", None) == "storage denied":
        # As a browser that denies a third-party frame its storage: the page's and the
        # engine worker's (an init script does not reach the worker: its source does).
        context.add_init_script(storage_that_throws("window", "localStorage"))
        context.route("**/web/worker/engine_worker.py", disable_storage_in_the_worker)
    guard.watch(context)
    page = context.new_page()
    page.goto(host + "/post.html")
    yield page, guard
    context.close()
    guard.check()


def frames(page: Page) -> list[Frame]:
    expect(page.locator("iframe")).to_have_count(2)
    for index in range(2):
        page.locator("iframe").nth(index).scroll_into_view_if_needed()  # lazy frames load
    found: list[Frame] = []
    for _ in range(300):  # until both frames have navigated to the table (15 s at most)
        found = [frame for frame in page.frames if "embed.html" in frame.url]
        if len(found) == 2:
            break
        page.wait_for_timeout(50)
    assert len(found) == 2, [frame.url for frame in page.frames]
    for frame in found:
        frame.wait_for_selector("#facade-play")
    return sorted(found, key=lambda frame: "scenario=" in frame.url)


def frame_height_follows(page: Page, index: int, frame: Frame) -> None:
    """The frame's height on the post is its content's (no inner scrollbar)."""
    content = frame.evaluate("document.body.getBoundingClientRect().height")
    page.wait_for_function("""([index, height]) => Math.abs(
        document.querySelectorAll('iframe')[index].getBoundingClientRect().height - height)
        <= 2""", arg=[index, content])


def test_a_post_with_two_tables_downloads_no_python_until_play(post, site: Site):
    page, guard = post
    game, example = frames(page)
    expect(game.locator("#facade-title")).to_have_text("President")
    expect(example.locator("#facade-title")).to_have_text("A Revolution")
    expect(example.locator("#open-app")).to_have_attribute(
        "href", re.compile(r"^index\.html#v=1&game=tycoon&scenario="))
    page.wait_for_timeout(500)
    assert [url for url in guard.requests if any(part in url for part in RUNTIME)] == []
    assert page.locator("iframe").first.get_attribute("loading") == "lazy"
    assert page.locator("iframe").first.get_attribute("title") == "Tycoon Table: president"
    table = Table(page, site)
    assert table.accessibility_violations(example) == []  # the facade
    for index, frame in enumerate((game, example)):
        frame_height_follows(page, index, frame)


def test_play_is_disabled_until_the_facade_script_answers_it(context: BrowserContext,
                                                            site: Site):
    """On a slow line the facade is drawn before its deferred script arrives: Play shows
    itself disabled until then, never a button that swallows a tap."""
    held: list[Route] = []
    context.route("**/embed-start.js", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site.url + "embed.html#game=tycoon", wait_until="commit")
    expect(page.locator("#facade-play")).to_be_disabled()
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(page.locator("#facade-play")).to_be_enabled()
    expect(page.locator("#facade-title")).to_have_text("Tycoon")


def test_an_example_is_stepped_through_caption_by_caption_then_played_on(post, site: Site):
    page, guard = post
    _, example = frames(page)
    example.click("#facade-play")
    example.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT_MS)
    assert any("pyodide" in url for url in guard.requests)
    caption = example.locator("#script-caption")
    expect(caption).to_have_text(SCENARIO["intro"])
    shown = SCENARIO["intro"]
    steps = SCENARIO["steps"]
    for number, step in enumerate(steps, start=1):
        # Next takes a tap only once the step before is shown; a step without a caption
        # keeps the last one, so the counter, not the caption, says the step is shown.
        expect(example.locator("#script-next")).to_have_attribute("aria-disabled", "false")
        example.click("#script-next")
        expect(example.locator("#script-title")).to_have_text(
            f"{SCENARIO['title']} · {number} of {len(steps)}")
        shown = step["caption"] or shown
        expect(caption).to_have_text(shown)
    frame_height_follows(page, 1, example)
    table = Table(page, site)
    assert table.accessibility_violations(example) == []  # the table, after the click
    example.click("#script-done")  # Play on from here
    expect(example.locator("#script")).to_be_hidden()
    example.wait_for_selector("#table[data-turn=you], #results:not([hidden])",
                              timeout=ENGINE_TIMEOUT_MS)
    frame_height_follows(page, 1, example)


def test_an_author_previews_an_example_and_copies_the_code(table: Table, host: str,
                                                           tmp_path: Path, browser: Browser):
    table.open()
    table.wait_for_engine()
    page = table.page
    page.click("#author summary")
    page.select_option("#author-example", "revolution.json")
    expect(page.locator("#author-scenario")).to_have_value(re.compile('"title": "A Revolution"'))
    page.click("#author-preview")
    snippet = page.locator("#author-snippet")
    expect(snippet).not_to_have_value("")
    code = snippet.input_value()
    expect(snippet).to_have_value(re.compile(
        r'^<script src="http://127\.0\.0\.1:\d+/games/tycoon/embed\.js" defer></script>\n'
        r'<div class="tycoon-table" data-game="tycoon" data-scenario="\{&quot;game&quot;'))
    preview = page.frame_locator("#author-frame")
    expect(preview.locator("#facade-title")).to_have_text("A Revolution")
    # An author's mistake is named, step and reason; nothing is previewed from it.
    page.fill("#author-scenario", SCENARIO_WITH_A_WRONG_STEP)
    page.click("#author-preview")
    expect(page.locator("#author-status")).to_have_text(
        "This example cannot be played: step 1: Bruno cannot play the 9 of clubs here: "
        "you don't hold the 9 of clubs")
    assert table.accessibility_violations() == []

    # The code, pasted into a static page of another site, shows the example's table.
    (tmp_path / "pasted.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted</title>'
        f'<link rel="icon" href="data:,"></head><body><main><h1>Pasted</h1>{code}'
        "</main></body></html>")
    guard = Guard(table.site.origin, hosts=(host,))
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    guard.watch(context)
    reader = context.new_page()
    reader.goto(host + "/pasted.html")
    embedded = reader.frame_locator("iframe")
    expect(embedded.locator("#facade-title")).to_have_text("A Revolution")
    embedded.locator("#facade-play").click()
    expect(embedded.locator("#script-caption")).to_have_text(SCENARIO["intro"],
                                                            timeout=ENGINE_TIMEOUT_MS)
    context.close()
    guard.check()


SCENARIO_WITH_A_WRONG_STEP = json.dumps({
    "game": "tycoon", "title": "Wrong", "position": {"hands": ["3c", "4c", "5c", "6c"],
                                                     "to_act": 2},
    "steps": [{"move": "2:9c", "caption": "Bruno plays a card he does not hold."}]})


@pytest.mark.parametrize("post", ["storage denied"], indirect=True)
def test_a_table_in_a_frame_denied_storage_plays_and_says_it_cannot_save(post):
    page, _ = post
    game, _ = frames(page)
    game.click("#facade-play")
    game.wait_for_selector("#table[data-turn=you]", timeout=ENGINE_TIMEOUT_MS)
    expect(game.locator("#notice-text")).to_contain_text(re.compile(
        "Tycoon Table cannot keep games here|Your game cannot be saved: this browser blocks "
        "storage for this page"))
    expect(game.locator("#opponents .opponent")).to_have_count(4)  # President for five


def test_an_embedded_challenge_is_played_and_compared_in_its_table(table: Table, site: Site):
    """A post's table of Mia's challenge (its frame's page, opened here at its link): the
    reader plays it there, a reload of the post included, and sees how Mia did, and her
    game; the challenge is kept under the table's own name, so the one the app plays is
    left as it was; sending one on is the full app's."""
    apps = json.dumps("#v=1&game=president&players=5&bots=easy&seed=7&seat=0&runs=AA")
    table.store_before_opening(local={SETTINGS_KEY: stored_settings(pace=0),
                                      CHALLENGE_KEY: apps})
    page = table.page
    page.goto(site.url + "embed.html" + sent_by_mia() + "&" + urlencode(
        {"host": "http://127.0.0.1:1"}))  # as the loader writes it, the post's origin last
    page.click("#facade-play")
    table.wait_for_engine()
    expect(page.locator("#challenge-title")).to_have_text("Mia challenges you: Tycoon, 4 players")
    page.tap("#challenge button[value=play]")
    table.wait_for_my_turn()
    table.take_a_quick_turn()
    page.reload()  # the post read again: the table goes on with the game its link began
    page.click("#facade-play")
    table.wait_for_engine()
    table.play_out_the_round()
    expect(page.locator("#challenge-part")).to_be_visible()
    expect(page.locator("#challenge-part-title")).to_have_text("You and Mia, the same cards")
    expect(page.locator("#results-challenge-line")).to_be_hidden()
    assert table.local_storage()[CHALLENGE_KEY] == apps
    page.tap("#challenge-watch button")
    expect(page.locator("#script-title")).to_contain_text("Mia's game of Tycoon · 0 of ")
    expect(page.locator("#me-info")).to_contain_text(re.compile(r"^Mia · "))
