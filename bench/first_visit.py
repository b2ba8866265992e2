"""A friend's first visit: a shared deal link opened on a phone's mobile network, with
nothing cached, until the dealt hand is on screen.

    python bench/first_visit.py [--site DIR] [--runs 1] [--private] [--locale ja-JP]

The built site (built afresh, or ``--site``, a site built before: to compare two builds
in one sitting) is served gzipped by the project's own server (scripts/serve.py), as a
static host serves it. Each visit is a fresh browser profile (no HTTP cache, no service
worker; a disk cache, as a phone's browser has; ``--private``: a private window's
context instead, whose cache is in memory) in Debian's Chromium (a 360x640 phone),
in the device's language (``--locale``: English unless told; ``ja-JP`` is a phone set to
Japanese, which fetches the page's Japanese catalogue), its network emulated by the
DevTools protocol (``Network.emulateNetworkConditions``, for
the page and, through it, its dedicated workers), opening
``index.html#v=1&game=tycoon&players=4&bots=normal&seed=4242`` and timed from navigation
until the first card of the hand is on screen. Two networks:
- Slow 4G, Lighthouse's mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT;
- good 4G: 9 Mbit/s down, 1.5 Mbit/s up, 40 ms RTT.
The bytes are counted at the server (every response's body as sent, gzipped or not), so
every fetch counts: the page's, the workers' and the service worker's. After the hand
shows, the visit goes on until the service worker has precached the site, and anything
the server sent twice in the whole visit is listed.

Prints, per network: ``bytes_to_table=`` (sent before the hand showed), what those
bytes alone need at the network's speed, ``first_table_s=``, the engine worker's
Pyodide wasm's download time (to show the worker's fetches are throttled too), and
what was fetched twice; then, last, ``first_visit_ratio=``: Slow 4G's time over what its
bytes alone need.
"""

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

DEAL_LINK = "index.html#v=1&game=tycoon&players=4&bots=normal&seed=4242"
TIMEOUT_MS = 240_000
PRECACHE_TIMEOUT_MS = 120_000


class Network(NamedTuple):
    name: str
    down_bps: float
    up_bps: float
    rtt_ms: float


SLOW_4G = Network("Slow 4G", 1.6e6, 750e3, 150)
GOOD_4G = Network("good 4G", 9e6, 1.5e6, 40)

# Records when the hand's first card is on screen (page time, ms from navigation).
WATCH_THE_HAND = """
new MutationObserver(() => {
  if (window.__handShown === undefined && document.querySelector("#hand .card")) {
    window.__handShown = performance.now();
  }
}).observe(document, { subtree: true, childList: true });
"""
# The engine worker's own download of Pyodide's wasm (packed, on a first visit), from its
# resource timings.
WASM_TIMING = """() => {
  const entry = performance.getEntriesByType("resource")
    .find((e) => /pyodide[.]asm[.]wasm([.]xz)?$/.test(e.name));
  return entry ? [entry.responseEnd - entry.requestStart, entry.encodedBodySize] : null;
}"""


class Visit(NamedTuple):
    table_s: float
    bytes_to_table: int
    wasm: tuple[float, int] | None  # the worker's wasm download: seconds, bytes
    twice: dict[str, int]  # path -> times sent, for each sent more than once
    all_bytes: int


def visit(driver: Playwright, server: serve.SiteServer, url: str, network: Network,
          profile: Path | None, locale: str) -> Visit:
    """One first visit, in a fresh profile at ``profile``, or (None) a private window's
    context, whose HTTP cache is in memory and keeps no large file."""
    if profile is None:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(**PHONE, locale=locale)
    else:
        context = driver.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE, locale=locale)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(WATCH_THE_HAND)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": network.rtt_ms,
            "downloadThroughput": network.down_bps / 8, "uploadThroughput": network.up_bps / 8})
        del server.served[:]
        page.goto(url + DEAL_LINK)
        page.wait_for_function("() => window.__handShown !== undefined", timeout=TIMEOUT_MS,
                               polling=100)
        shown = float(page.evaluate("window.__handShown"))
        to_table = sum(size for _path, size in list(server.served))
        wasm = None
        for worker in page.workers:
            found = worker.evaluate(WASM_TIMING)
            if found is not None:
                wasm = (found[0] / 1000, int(found[1]))
        # The rest of the visit: the service worker precaches the site and takes the page.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=PRECACHE_TIMEOUT_MS, polling=250)
        time.sleep(1)
        sent = list(server.served)
        counts = Counter(path.split("?")[0] for path, size in sent if size > 0)
        twice = {path: count for path, count in counts.items() if count > 1}
        return Visit(shown / 1000, to_table, wasm, twice, sum(size for _path, size in sent))
    finally:
        context.close()
        if profile is None:
            browser.close()


def report(network: Network, visits: list[Visit]) -> tuple[float, float]:
    """Prints the network's figures; answers its median time and what its bytes need."""
    table_s = statistics.median(v.table_s for v in visits)
    sent = statistics.median(v.bytes_to_table for v in visits)
    bytes_alone_s = sent * 8 / network.down_bps
    print(f"{network.name} ({network.down_bps / 1e6:g} Mbit/s down, "
          f"{network.up_bps / 1e3:g} kbit/s up, {network.rtt_ms:g} ms RTT), "
          f"{len(visits)} visit(s), medians:")
    runs = ", ".join(str(v.bytes_to_table) for v in visits)
    print(f"  bytes_to_table={sent:.0f}  (runs: {runs})")
    print(f"  the bytes alone need {bytes_alone_s:.1f} s")
    runs = ", ".join(f"{v.table_s:.1f}" for v in visits)
    print(f"  first_table_s={table_s:.1f}  (runs: {runs})")
    for v in visits:
        if v.wasm is not None:
            seconds, size = v.wasm
            print(f"  the engine worker's wasm: {size} bytes in {seconds:.1f} s "
                  f"({size * 8 / seconds / 1e6:.2f} Mbit/s)")
        print(f"  the whole visit (precache included): {v.all_bytes} bytes; fetched twice: "
              f"{v.twice or 'nothing'}")
    return table_s, bytes_alone_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one)")
    parser.add_argument("--runs", type=int, default=1, help="visits per network")
    parser.add_argument("--private", action="store_true",
                        help="visit in a private window's context (an HTTP cache in memory) "
                             "instead of a fresh profile")
    parser.add_argument("--locale", default="en-US",
                        help="the phone's language (ja-JP: the page in Japanese)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "dist"
            build_site.build(site)
        server = serve.start_server(site.resolve(), compress=True)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        results: dict[Network, list[Visit]] = {}
        with sync_playwright() as driver:
            for network in (SLOW_4G, GOOD_4G):
                results[network] = [
                    visit(driver, server, url, network,
                          None if args.private else Path(tmp) / f"{network.name}-{run}",
                          args.locale)
                    for run in range(args.runs)]
        server.shutdown()
        server.server_close()
    print(f"site: {args.site or 'built afresh'}"
          f"{', private windows' if args.private else ', fresh profiles'}, {args.locale}")
    figures = {network: report(network, visits) for network, visits in results.items()}
    slow_s, slow_bytes_s = figures[SLOW_4G]
    print(f"first_visit_ratio={slow_s / slow_bytes_s:.2f}")


if __name__ == "__main__":
    main()
