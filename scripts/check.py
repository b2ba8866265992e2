"""Set up everything a fresh machine needs and run every check: the linters, then every
test (unit, property and browser).

    python3 ./scripts/check.py          # what .ci/run runs
    python3 ./scripts/check.py -k revolution   # extra arguments go to pytest
    python3 ./scripts/check.py --busy   # the browser suite alone, beside a busy process per core
    python3 ./scripts/check.py --skip-setup   # without the installs (npm ci, pip, Chromium)

Setup is the serve command's (npm ci, pip install -e '.[test,train]': the training's
extras too, since its tests train and start a Ray cluster),
plus Debian's Chromium for the browser tests when it is missing. Before the tests,
ruff checks the whole tree and mypy --strict everything that runs Python under
CPython or Pyodide (pyproject.toml says what). The unit tests run beside the browser tests
(below), and their report follows the browser tests'. At the end it prints each suite's
time and its ten slowest tests.

``--busy`` is the stress run: the browser suite, with one CPU-bound process per core at
normal priority beside it, started and stopped by the command, as a loaded CI machine
runs it. A test that waits for time rather than for a state fails there first.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from chromium import CHROMIUM
from serve import ROOT, set_up

# The system's Japanese font, which the page's Japanese is drawn in (it ships no font).
JAPANESE_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"


def install_chromium() -> None:
    """Debian's Chromium drives the browser tests (browser downloads fail on these machines),
    with Debian's Noto CJK fonts for the page in Japanese, as a phone has its own."""
    if Path(CHROMIUM).exists() and Path(JAPANESE_FONT).exists():
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-q"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-q", "--no-install-recommends",
                    "chromium", "fonts-dejavu-core", "fonts-noto-cjk"], check=True, env=env)


def lint() -> int:
    for command in (["ruff", "check", "."], ["mypy"]):
        code = subprocess.run([sys.executable, "-m", *command], cwd=ROOT).returncode
        if code:
            return code
    return 0


# Both suites are spread over the cores (pytest-xdist; pytest-benchmark, where a machine
# has it, turns itself off under xdist with a warning that the tests make an error, so it
# is not loaded). The browser tests run in two processes that share one built site, each
# with its own server and browser, taking the next test as each finishes (worksteal): a
# browser test mostly waits on one of Chromium's threads. The unit tests run beside them
# at a lower priority and take what they leave; their report is printed whole after the
# browser tests'.
UNIT: tuple[str, str, list[str]] = ("unit", "tests", ["-n", "auto", "-p", "no:benchmark"])
BROWSER: tuple[str, str, list[str]] = ("browser", "e2e", ["-n", "2", "--dist", "worksteal",
                                                         "-p", "no:benchmark"])
UNIT_NICENESS = 19  # the lowest priority: the browser tests, the longer suite, come first
NO_TESTS_COLLECTED = 5  # pytest's exit code when a -k leaves a suite empty
SLOWEST = 10  # the slowest tests printed for each suite


@dataclass
class Suite:
    """A suite's run: what it is called, its report (JUnit XML) and its wall time."""

    name: str
    folder: str
    options: list[str]
    report: Path
    seconds: float = 0.0

    def command(self, extra: list[str]) -> list[str]:
        return [sys.executable, "-m", "pytest", str(ROOT / self.folder), *self.options,
                f"--junitxml={self.report}", *extra]

    def times(self) -> list[tuple[float, str]]:
        """Each test's time (set-up, call and tear-down), slowest first."""
        if not self.report.exists():
            return []
        cases = ElementTree.parse(self.report).getroot().iter("testcase")
        found = [(float(case.get("time", 0)),
                  f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}")
                 for case in cases]
        return sorted(found, reverse=True)


def print_times(suites: list[Suite]) -> None:
    """Each suite's wall time and test count, then its slowest tests."""
    print("\n== time, suite by suite ==")
    for suite in suites:
        print(f"{suite.name}: {len(suite.times())} tests in {suite.seconds:.0f} s")
    for suite in suites:
        print(f"\n== the {SLOWEST} slowest {suite.name} tests ==")
        for seconds, test in suite.times()[:SLOWEST]:
            print(f"{seconds:7.1f} s  {test}")
    sys.stdout.flush()


def run_tests(folder: Path, extra: list[str]) -> int:
    browser, unit = (Suite(name, suite, options, folder / f"{name}.xml")
                     for name, suite, options in (BROWSER, UNIT))
    with tempfile.TemporaryFile() as report:
        started = time.monotonic()
        unit_run = subprocess.Popen(unit.command(extra), cwd=ROOT, stdout=report,
                                    stderr=subprocess.STDOUT,
                                    preexec_fn=lambda: os.nice(UNIT_NICENESS))
        codes = [subprocess.run(browser.command(extra), cwd=ROOT).returncode]
        browser.seconds = time.monotonic() - started
        codes.append(unit_run.wait())
        unit.seconds = time.monotonic() - started
        report.seek(0)
        sys.stdout.flush()
        sys.stdout.buffer.write(report.read())
        sys.stdout.flush()
    print_times([browser, unit])
    return outcome(codes)


def outcome(codes: list[int]) -> int:
    failed = [code for code in codes if code not in (0, NO_TESTS_COLLECTED)]
    if failed:
        return failed[0]
    return 0 if 0 in codes else NO_TESTS_COLLECTED


@contextmanager
def busy_cores() -> Iterator[None]:
    """One CPU-bound process per core, at normal priority, for as long as the block runs."""
    count = os.cpu_count() or 2
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
               for _ in range(count)]
    print(f"{count} busy processes beside the browser tests", flush=True)
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()


def run_busy(folder: Path, extra: list[str]) -> int:
    browser = Suite(*BROWSER, report=folder / "browser.xml")
    with busy_cores():
        started = time.monotonic()
        code = subprocess.run(browser.command(extra), cwd=ROOT).returncode
        browser.seconds = time.monotonic() - started
    print_times([browser])
    return outcome([code])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--busy", action="store_true",
                        help="run the browser suite alone, beside a busy process per core")
    parser.add_argument("--skip-setup", action="store_true",
                        help="skip npm ci, pip install and Chromium's install")
    args, extra = parser.parse_known_args()  # the rest goes to pytest
    if not args.skip_setup:
        set_up("test,train")
        install_chromium()
    with tempfile.TemporaryDirectory() as reports:
        if args.busy:
            return run_busy(Path(reports), extra)
        if code := lint():
            return code
        return run_tests(Path(reports), extra)


if __name__ == "__main__":
    sys.exit(main())
