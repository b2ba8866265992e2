"""The pages' Content Security Policy is in force (docs/SECURITY.md): script or style put
into the page inline, and script made from text, are refused and reported, while the app
and an embedded table play under it; and the app is never shown inside another site's
page, where it offers only a link that opens it in the tab."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from tycoon_page import (
    ENGINE_TIMEOUT_MS,
    GUIDED_TRICKS_OFFERED,
    PHONE,
    ROOT,
    Guard,
    Site,
    Table,
    blog_post,
    serve,
)

SCENARIO = json.loads((ROOT / "scenarios" / "revolution.json").read_text())
APP_LINK = "index.html#v=1&game=president"

# What the policy reports for each attempt below, as the page's own
# `securitypolicyviolation` events name it, and as Chromium tells it in the console.
REFUSED = [["script-src-elem", "inline"], ["script-src-attr", "inline"], ["script-src", "eval"],
           ["style-src-attr", "inline"]]
TOLD = ("console error: Executing inline script violates the following Content Security "
        "Policy directive",
        "console error: Executing inline event handler violates the following Content "
        "Security Policy directive",
        "console error: Evaluating a string as JavaScript violates the following Content "
        "Security Policy directive because 'unsafe-eval' is not an allowed source of script",
        "console error: Applying inline style violates the following Content Security "
        "Policy directive")

# An inline script, an inline event handler, script made from text (a timer's string),
# and an inline style: each as injected markup would try it. Answers what ran, and the
# violations the page saw.
ATTEMPTS = """async () => {
    const seen = [];
    document.addEventListener("securitypolicyviolation",
        (event) => seen.push([event.effectiveDirective, event.blockedURI]));
    const script = document.createElement("script");
    script.textContent = "window.ranInline = 'script'";
    document.body.append(script);
    const button = document.createElement("button");
    button.setAttribute("onclick", "window.ranInline = 'handler'");
    document.body.append(button);
    button.click();
    button.remove();
    setTimeout("window.ranInline = 'text'", 0);
    const holder = document.createElement("div");
    holder.innerHTML = '<p style="color: red">styled</p>';
    document.body.append(holder);
    const styled = getComputedStyle(holder.firstChild).color === "rgb(255, 0, 0)";
    holder.remove();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return {ran: window.ranInline ?? null, styled, seen};
}"""


def policy_refuses_what_is_inline(target: Page | Frame, guard: Guard) -> None:
    attempt = target.evaluate(ATTEMPTS)
    assert attempt == {"ran": None, "styled": False, "seen": REFUSED}
    guard.expect(*TOLD)  # each told once, nothing else


def test_the_app_plays_under_a_policy_that_refuses_inline_script_and_eval(
        table: Table, guard: Guard):
    table.open()
    page = table.page
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert policy is not None
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    policy_refuses_what_is_inline(page, guard)

    # Everything the app runs is its own files: it deals, and plays a turn, under the policy.
    table.choose_game("tycoon", 3)
    table.deal()
    table.wait_for_my_turn()
    moves = table.moves()
    table.take_a_quick_turn()
    table.wait_for_my_turn()
    assert table.moves() > moves


@pytest.fixture
def post(browser: Browser, site: Site, tmp_path: Path) -> Iterator[tuple[Page, Guard, str]]:
    """A blog post on another origin with an embedded example (through the loader) and,
    framed by hand, the app itself with a shared game's link."""
    (tmp_path / "revolution.json").write_text(json.dumps(SCENARIO))
    (tmp_path / "post.html").write_text(blog_post(site, "A post", f"""<h1>A post</h1>
<div class="tycoon-table" data-game="tycoon" data-scenario="revolution.json"></div>
<iframe title="The app, framed" src="{site.url}{APP_LINK}"></iframe>
"""))
    server = serve.start_server(tmp_path)
    host = f"http://127.0.0.1:{server.server_address[1]}"
    guard = Guard(site.origin, hosts=(host,))
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    context.add_init_script(GUIDED_TRICKS_OFFERED)
    guard.watch(context)
    page = context.new_page()
    page.goto(host + "/post.html")
    yield page, guard, host
    context.close()
    server.shutdown()
    server.server_close()
    guard.check()


def frame_of(page: Page, address: str) -> Frame:
    """The page's frame whose address holds ``address``, once it is there."""
    for _ in range(100):
        found = [frame for frame in page.frames if address in frame.url]
        if found:
            return found[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"no frame of {address}: {[frame.url for frame in page.frames]}")


def test_a_post_embeds_a_table_under_the_policy_and_never_the_app(
        post: tuple[Page, Guard, str], site: Site):
    page, guard, _ = post
    # The app in another site's frame shows only a way to open it, in the tab, with the
    # link it was given; it starts nothing.
    app = frame_of(page, "index.html")
    opener = app.locator("a.framed-open")
    expect(opener).to_have_text("Open Tycoon Table")
    expect(opener).to_have_attribute("href", site.url + APP_LINK)
    expect(opener).to_have_attribute("target", "_top")
    expect(app.locator("#lobby")).to_have_count(0)
    assert app.get_attribute("body", "data-framed") == "true"

    # The embedded table is framed anywhere, under the same policy, and plays on Play.
    page.locator("div.tycoon-table iframe").scroll_into_view_if_needed()  # a lazy frame
    example = frame_of(page, "embed.html")
    example.wait_for_selector("#facade-play")
    assert not any("worker/engine.mjs" in url for url in guard.requests)  # nothing started
    policy_refuses_what_is_inline(example, guard)
    example.click("#facade-play")
    expect(example.locator("#script-caption")).to_have_text(SCENARIO["intro"],
                                                            timeout=ENGINE_TIMEOUT_MS)
    example.click("#script-next")
    expect(example.locator("#script-caption")).to_have_text(SCENARIO["steps"][0]["caption"])

    # The link opens the app in the tab itself.
    opener.click()
    expect(page).to_have_url(site.url + APP_LINK)
