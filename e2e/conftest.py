"""Browser tests: the built site, served on 127.0.0.1 under a sub-path, in Debian's Chromium.

One build for the session; one HTTP server (on a free port) and one browser for each
process that runs tests (``-n 2`` runs them on both cores, pytest-xdist); each test gets a
fresh phone-sized context with touch. A test fails on any console error, any uncaught
page error, and any request that leaves the site's origin.
"""

import fcntl
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tycoon_page import (
    CHROMIUM,
    CHROMIUM_ARGS,
    GUIDED_TRICKS_OFFERED,
    PHONE,
    ROOT,
    Guard,
    Site,
    Table,
    build_site,
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "first_visit: the app as a first visit finds it, "
                                       "nothing kept: every guided trick still to be "
                                       "offered, the UI started when first needed")


def shared_build(tmp_path_factory: pytest.TempPathFactory, worker: str) -> Path:
    """The site, built once for every process of the session: the first to ask builds it
    while the others wait. Each process serves a copy of its own, since a test may change
    a file of its site (a new version, in e2e/test_offline.py)."""
    own = tmp_path_factory.mktemp("site") / "dist"
    if worker == "master":  # not distributed
        build_site.build(own)
        return own
    shared = tmp_path_factory.getbasetemp().parent  # the session's, above each worker's
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "site"
        if not (built / "complete").exists():
            shutil.rmtree(built, ignore_errors=True)
            build_site.build(built / "dist")
            (built / "complete").touch()
    shutil.copytree(built / "dist", own)
    return own


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[Site]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    served = Site(shared_build(tmp_path_factory, worker_id))
    yield served
    served.stop()


@pytest.fixture(scope="session")
def playwright_driver():
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver) -> Iterator[Browser]:
    launched = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def guard(site: Site) -> Iterator[Guard]:
    watcher = Guard(site.origin)
    yield watcher
    watcher.check()


@pytest.fixture
def context(request: pytest.FixtureRequest, browser: Browser,
            guard: Guard) -> Iterator[BrowserContext]:
    # Reduced motion: no card is mid-transition when a test aims a finger at it (a test
    # of motion asks for "no-preference" through indirect parametrization).
    motion = getattr(request, "param", "reduce")
    fresh = browser.new_context(**PHONE, reduced_motion=motion)
    if request.node.get_closest_marker("first_visit") is None:
        fresh.add_init_script(GUIDED_TRICKS_OFFERED)
    guard.watch(fresh)
    yield fresh
    fresh.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


CALL_FAILED = pytest.StashKey[bool]()
SCREENSHOTS = ROOT / "e2e-results"


@pytest.fixture
def table(request: pytest.FixtureRequest, context: BrowserContext, site: Site) -> Iterator[Table]:
    player = Table(context.new_page(), site)
    yield player
    if request.node.stash.get(CALL_FAILED, False):
        # What the player saw when the test failed.
        SCREENSHOTS.mkdir(exist_ok=True)
        player.page.screenshot(path=SCREENSHOTS / f"{request.node.name}.png")
