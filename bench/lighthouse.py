"""Lighthouse scores of the built site: performance, best practices and accessibility.

    python bench/lighthouse.py [--site DIR] [--lang ja]

Lighthouse 12.8.2 (pinned in package.json: the last that runs on Node 20) audits
the lobby in Debian's Chromium (``CHROME_PATH``), headless, with its mobile form
factor (a mid-range phone's screen, CPU slowed four times, a slow 4G network,
simulated), on a freshly built site served on 127.0.0.1 with gzip, as a static
host serves it (``--site``: a site built before, to compare two builds), the browser in
English or in ``--lang`` (ja: a phone set to Japanese, which fetches the page's Japanese
catalogue before its first paint). Nothing leaves this machine.

Prints each audit that keeps best practices or accessibility below 1, the long tasks
on the main thread (from which the total blocking time comes), then
``lighthouse_perf=``, ``lighthouse_bp=`` and ``lighthouse_a11y=<score>`` last (0 to 1;
targets: best practices and accessibility 1, performance reported).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = {"performance": "lighthouse_perf", "best-practices": "lighthouse_bp",
              "accessibility": "lighthouse_a11y"}


def audit(url: str, language: str) -> dict[str, object]:
    """Lighthouse's report of ``url`` (its JSON), the browser in ``language``."""
    result = subprocess.run(
        ["node", str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
         "--only-categories=" + ",".join(CATEGORIES),
         f"--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --lang={language}"],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
        check=False, timeout=600)
    if result.returncode != 0:
        raise SystemExit(f"lighthouse failed:\n{result.stderr[-2000:]}")
    return dict(json.loads(result.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--lang", default="en", help="the browser's language (en, ja)")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is missing: npm ci")
    with tempfile.TemporaryDirectory() as folder:
        site = args.site
        if site is None:
            site = Path(folder) / "dist"
            build_site.build(site)
        server = serve.start_server(site.resolve(), compress=True)
        try:
            report = audit(f"http://127.0.0.1:{server.server_address[1]}/", args.lang)
        finally:
            server.shutdown()
            server.server_close()
    categories = report["categories"]
    audits = report["audits"]
    assert isinstance(categories, dict) and isinstance(audits, dict)
    for name in ("best-practices", "accessibility"):
        for ref in categories[name]["auditRefs"]:
            found = audits[ref["id"]]
            if ref["weight"] and found["score"] is not None and found["score"] < 1:
                print(f"{name}: {found['id']}: {found['title']}")
    # The main thread's long tasks (as simulated on the phone), where TBT comes from.
    for task in audits["long-tasks"].get("details", {}).get("items", []):
        print(f"long task: {task['duration']:.0f} ms at {task['startTime']:.0f} ms, "
              f"{task['url']}")
    for name in ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                 "cumulative-layout-shift", "speed-index"):
        print(f"{name}: {audits[name]['displayValue']} ({audits[name]['numericValue']:.0f})")
    for name, figure in CATEGORIES.items():
        print(f"{figure}={categories[name]['score']}")


if __name__ == "__main__":
    main()
