"""A site that is half there says so (issue 66): while its files are being replaced, a
visit may meet Pyodide's wasm, the standard library or the engine's wheel missing, cut
short or of another version.

A first visit then tells the player, within seconds, that the app's files are incomplete,
with a Retry that starts the app once the files are whole again: never an endless
"Getting the cards ready…" nor an uncaught error. An update never installs a new version
half uploaded: the service worker's install fails, the player plays on with the version
they have, and the new one is offered once its files are whole.

One test walks every file and fault, on a first visit and on an update, in one page:
the engine starts only for the Retry that works, a visit while an update is half
uploaded, and the update taken.
"""

import io
import lzma
import os
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tycoon_page import ENGINE_TIMEOUT_MS, Guard, Site, Table, build_site, packing

FILES_INCOMPLETE = "The app's files are incomplete on this site. Try again in a minute."
# The message comes as soon as the file has failed: about a second here, with room for a
# busy machine; never the minute a boot may take.
TOLD_WITHIN_MS = 15_000
# What the page logs, once, when the engine could not start, and the file that failed.
COULD_NOT_START = "console error: Tycoon Table's engine could not start: "
WHEEL = build_site.ENGINE_WHEEL
STDLIB = f"{build_site.PYODIDE_FOLDER}/{build_site.STDLIB_ZIP}"
WASM = f"{build_site.PYODIDE_FOLDER}/pyodide.asm.wasm"
BIG_FILES = (WHEEL, STDLIB, WASM)
assert set(BIG_FILES) == set(packing.PACKED)
FAULTS = ("missing", "cut short", "of another version")
# How the engine's worker finds each fault (a file of another version: by its revision,
# or, larger, by its size).
FAILURES = {"missing": "HTTP 404", "cut short": "cut short",
            "of another version": "not the revision"}
# The service worker's registration, once any install under way has ended, asked for a
# new version: how that version's install ended ("installed", or "redundant" where it
# failed), or "no new version".
UPDATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const ended = async (worker) => {
        while (!["installed", "redundant", "activated"].includes(worker.state)) {
            await new Promise((resolve) => worker.addEventListener("statechange", resolve,
                                                                   { once: true }));
        }
        return worker.state;
    };
    if (registration.installing !== null) await ended(registration.installing);
    await registration.update();
    const worker = registration.installing || registration.waiting;
    return worker === null ? "no new version" : ended(worker);
}"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The revision the service worker keeps of each file (service-worker.js's header).
KEPT_REVISIONS = """async (paths) => Object.fromEntries(await Promise.all(paths.map(
    async (path) => [path, (await fetch(path)).headers.get("x-precache-revision")])))"""


def another_version(path: str, content: bytes) -> bytes:
    """The file as a new version of the site would have it: the same contents, told apart
    by a zip's comment, or a wasm module's custom section (which no one reads)."""
    if path.endswith(".wasm"):
        name = b"a new version"
        section = bytes([len(name)]) + name
        return content + bytes([0, len(section)]) + section
    out = io.BytesIO(content)
    with zipfile.ZipFile(out, "a") as archive:
        archive.comment = b"a new version"
    return out.getvalue()


def of_another_version(path: str, content: bytes) -> bytes:
    """The file as a first visit may meet it, of another version than the page's: the
    same size, a byte changed; the wasm, whose code Chromium compiles as it comes (a
    changed byte in its code would fail its compile first), whole as a new version's."""
    if path.endswith(".wasm"):
        return another_version(path, content)
    changed = bytearray(content)
    changed[len(changed) // 2] ^= 0xFF
    return bytes(changed)


def served_broken(site: Site, path: str, fault: str) -> Callable[[Route], None]:
    """The first visit's answer, with ``fault``, for the file's packed form (``.xz``)."""
    packed = (site.folder / (path + packing.SUFFIX)).read_bytes()
    if fault == "missing":
        body, status = b"", 404
    elif fault == "cut short":  # as a server sends a file still being written
        body, status = packed[: len(packed) // 2], 200
    else:  # packed quickly: the test's time, not the site's bytes
        content = of_another_version(path, (site.folder / path).read_bytes())
        body = lzma.compress(content, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=0)
        status = 200
    return lambda route: route.fulfill(status=status, body=body,
                                       content_type="application/octet-stream")


def cut_page(route: Route) -> None:
    """The app's page, cut short before the build's data for the download's progress."""
    page = route.fetch().text()
    route.fulfill(body=page[: page.index('<script type="application/json" id="loading-data"')],
                  content_type="text/html")


def told_incomplete(page: Page, guard: Guard, path: str, failure: str) -> None:
    """The one message, with its Retry, and in the console, once, the file that failed
    and how (``failure``, the start of web/worker/boot.mjs's words)."""
    expect(page.locator("#engine-failed")).to_be_visible(timeout=TOLD_WITHIN_MS)
    expect(page.locator("#engine-failed p")).to_have_text(FILES_INCOMPLETE)
    expect(page.locator("#engine-retry")).to_be_visible()
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "failed")
    expect(page.locator("#download")).to_be_hidden()
    guard.expect(f"{COULD_NOT_START}{path}: {failure}")


def retry(page: Page) -> None:
    with page.expect_navigation():
        page.tap("#engine-retry")


class Server:
    """The site's folder as its files are replaced: each write stamped a second later than
    the last (the server answers "not modified" by the second), and every file as it was
    once done."""

    def __init__(self, site: Site) -> None:
        self.folder = site.folder
        self.stamps = count(int(time.time()) + 1)
        self.originals: dict[Path, tuple[bytes, int]] = {}

    def write(self, path: str, content: bytes) -> None:
        file = self.folder / path
        self.keep(file)
        file.write_bytes(content)
        stamp = next(self.stamps)
        os.utime(file, (stamp, stamp))

    def remove(self, path: str) -> None:
        file = self.folder / path
        self.keep(file)
        file.unlink()

    def publish(self) -> None:
        """The lists a build writes of the files as they are now: the sizes and revisions
        the engine's boot checks, and the service worker's precache."""
        for path in (build_site.ENGINE_BOOT, build_site.SERVICE_WORKER):
            self.keep(self.folder / path)
        build_site.write_checked_files(self.folder)
        build_site.write_service_worker(self.folder)

    def keep(self, file: Path) -> None:
        if file not in self.originals:
            self.originals[file] = (file.read_bytes(), file.stat().st_mtime_ns)

    def restore(self) -> None:
        for file, (content, stamp) in self.originals.items():
            file.write_bytes(content)
            os.utime(file, ns=(stamp, stamp))


@contextmanager
def replacing(site: Site) -> Iterator[Server]:
    server = Server(site)
    try:
        yield server
    finally:
        server.restore()


@pytest.mark.first_visit  # nothing kept: the UI starts only when the player asks
def test_a_site_half_there_says_so_and_starts_once_whole(
        table: Table, context: BrowserContext, site: Site, guard: Guard):
    page = table.page
    # A first visit, then Retry after Retry: each file missing, cut short, of another
    # version, as the server sends its packed form (`.xz`).
    for number, (path, fault) in enumerate((path, fault) for path in BIG_FILES
                                           for fault in FAULTS):
        route = f"**/{path}{packing.SUFFIX}"
        context.route(route, served_broken(site, path, fault))
        if number == 0:
            # As the visit met it: the page itself cut short too, before the
            # data the build writes for the download's progress.
            context.route(site.url, cut_page)
            page.goto(site.url)
            context.unroute(site.url)
        else:
            retry(page)
        larger = path == WASM and fault == "of another version"
        told_incomplete(page, guard, path, "more than its" if larger else FAILURES[fault])
        expect(page.locator("#engine-status")).to_have_text("The cards could not be made ready.")
        context.unroute(route)
    page.tap("#rules summary")  # the lobby still answers
    expect(page.locator("#rules")).to_contain_text("Revolution")
    # Whole again: Retry starts the app, and the service worker installs this version.
    retry(page)
    table.wait_for_engine()
    expect(page.locator("#engine-failed")).to_be_hidden()
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    # The player keeps a setting, so the next visits start the UI, which offers updates.
    table.set_pace("350")
    page.wait_for_selector("body[data-ui=ready]")

    with replacing(site) as server:
        # An update: a new version of each file, published, and on the server missing,
        # cut short or still the old one. The new version never installs. The browser
        # checks for updates when it likes (after a visit, say): the version published is
        # never whole before the end, each file broken before the last is whole again.
        originals = {path: (site.folder / path).read_bytes() for path in BIG_FILES}
        new = {path: another_version(path, originals[path]) for path in BIG_FILES}

        def broken(path: str, fault: str) -> None:
            if fault == "missing":
                server.remove(path)
            elif fault == "cut short":
                server.write(path, new[path][: len(new[path]) // 2])
            else:
                server.write(path, originals[path])

        cases = [(path, fault) for path in BIG_FILES for fault in FAULTS]
        site.stop()  # published and broken at once, as far as anyone can fetch
        try:
            for path in BIG_FILES:
                server.write(path, new[path])
            server.publish()
            broken(*cases[0])
        finally:
            site.start()
        # The player's next visit: the version they have, from its cache.
        page.reload()
        table.wait_for_engine()
        for number, (path, fault) in enumerate(cases):
            if number > 0:
                broken(path, fault)
                last = cases[number - 1][0]
                if last != path:
                    server.write(last, new[last])
            assert page.evaluate(UPDATE) == "redundant", (path, fault)
            expect(page.locator("#update")).to_be_hidden()
            expect(page.locator("#engine-failed")).to_be_hidden()
        server.write(WASM, new[WASM])
        # Whole at last: the new version installs, is offered, and starts.
        assert page.evaluate(UPDATE) == "installed"
        expect(page.locator("#update")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        with page.expect_navigation():
            page.tap("#update-button")
        table.wait_for_engine()
        assert page.evaluate(KEPT_REVISIONS, list(BIG_FILES)) == {
            path: build_site.content_hash(site.folder / path) for path in BIG_FILES}
