"""The embed loader (embed.js) frames only a table whose link the engine can read: an
example too large for one is refused in the host page, with a note in the table's place
(a frame at such an address would stay blank), and a scenario file too large to fit is
refused without being read whole. An example that fits is framed as before."""

import base64
import json
from collections.abc import Iterator
from html import escape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.links import MAX_LINK
from tycoon_page import PHONE, ROOT, Guard, Site, blog_post, serve

SCENARIO = json.loads((ROOT / "scenarios" / "revolution.json").read_text())
# The example with an introduction long enough to make its link 2.5 MB.
HUGE = {**SCENARIO, "intro": "A long introduction. " * 90_000}
# Just too long for a link once in base64 (which takes 4 characters for 3 bytes).
OVER = {**SCENARIO, "intro": "x" * (MAX_LINK * 3 // 4)}
FILE_LIMIT = 10 * MAX_LINK  # bytes: embed.js reads no scenario file further


def link_length(scenario: dict[str, object], host: str) -> int:
    """How long the loader's link to a table of Tycoon with ``scenario`` would be, from a
    page of ``host``: its parameters, the scenario's JSON in base64url."""
    text = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False)
    code = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    return len(urlencode({"v": "1", "game": "tycoon", "scenario": code, "host": host}))


@pytest.fixture
def post(browser: Browser, site: Site, tmp_path: Path) -> Iterator[tuple[Page, str]]:
    (tmp_path / "fits.json").write_text(json.dumps(SCENARIO))
    (tmp_path / "too-long.json").write_text(json.dumps(OVER))
    (tmp_path / "huge.json").write_text(json.dumps(HUGE, indent=2))
    tables = [f'<div class="tycoon-table" id="{name}" data-game="tycoon" '
              f'data-scenario="{escape(source)}"></div>'
              for name, source in (("fits", "fits.json"), ("inline", json.dumps(HUGE)),
                                   ("file", "too-long.json"), ("huge-file", "huge.json"))]
    (tmp_path / "post.html").write_text(blog_post(site, "Examples",
                                                  "<h1>Examples</h1>" + "".join(tables)))
    server = serve.start_server(tmp_path)
    host = f"http://127.0.0.1:{server.server_address[1]}"
    guard = Guard(site.origin, hosts=(host,))
    context = browser.new_context(**PHONE, reduced_motion="reduce")
    guard.watch(context)
    page = context.new_page()
    page.goto(host + "/post.html")
    yield page, host
    context.close()
    server.shutdown()
    server.server_close()
    guard.check()


def test_an_example_too_large_for_a_link_is_refused_in_the_host_page(post: tuple[Page, str]):
    page, host = post
    expect(page.locator("#fits iframe")).to_have_count(1)  # what fits is framed
    for table, scenario in (("#inline", HUGE), ("#file", OVER)):
        length = link_length(scenario, host)
        assert length > MAX_LINK
        expect(page.locator(table)).to_have_text(
            "This Tycoon Table example could not be loaded (it is too large for a table: its "
            f"link would take {length:,} characters, at most {MAX_LINK:,}).")
    expect(page.locator("#huge-file")).to_have_text(
        "This Tycoon Table example could not be loaded (huge.json is too large for a table: "
        f"more than {FILE_LIMIT:,} bytes).")
    assert page.locator("iframe").count() == 1
