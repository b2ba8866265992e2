"""Set up everything a fresh machine needs and run every check: the linters, then every
test (unit, property and browser).

    python3 ./scripts/check.py          # what .ci/run runs
    python3 ./scripts/check.py -k revolution   # extra arguments go to pytest

Setup is the serve command's (npm ci, pip install -e '.[test,train]': the training's
extras too, since its tests train and start a Ray cluster),
plus Debian's Chromium for the browser tests when it is missing. Before the tests,
ruff checks the whole tree and mypy --strict everything that runs Python under
CPython or Pyodide (pyproject.toml says what). The unit tests run beside the browser tests
(below), and their report follows the browser tests'.
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from chromium import CHROMIUM
from serve import ROOT, set_up


def install_chromium() -> None:
    """Debian's Chromium drives the browser tests (browser downloads fail on these machines)."""
    if Path(CHROMIUM).exists():
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-q"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-q", "--no-install-recommends",
                    "chromium", "fonts-dejavu-core"], check=True, env=env)


def lint() -> int:
    for command in (["ruff", "check", "."], ["mypy"]):
        code = subprocess.run([sys.executable, "-m", *command], cwd=ROOT).returncode
        if code:
            return code
    return 0


# The unit tests are spread over every core (pytest-xdist; pytest-benchmark, where a
# machine has it, turns itself off under xdist with a warning that the tests make an
# error, so it is not loaded). The browser tests run in one process: they share one
# built site and one browser, and mostly wait on one of Chromium's threads (about one
# core of two stays idle), so the unit tests run beside them at a lower priority and take
# what they leave; the unit tests' report is printed whole after the browser tests'.
UNIT: tuple[str, list[str]] = ("tests", ["-n", "auto", "-p", "no:benchmark"])
BROWSER: tuple[str, list[str]] = ("e2e", [])
UNIT_NICENESS = 19  # the lowest priority: the browser tests, the longer suite, come first
NO_TESTS_COLLECTED = 5  # pytest's exit code when a -k leaves a suite empty


def pytest_command(suite: str, options: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", str(ROOT / suite), *options, *sys.argv[1:]]


def run_tests() -> int:
    with tempfile.TemporaryFile() as report:
        unit = subprocess.Popen(pytest_command(*UNIT), cwd=ROOT, stdout=report,
                                stderr=subprocess.STDOUT,
                                preexec_fn=lambda: os.nice(UNIT_NICENESS))
        codes = [subprocess.run(pytest_command(*BROWSER), cwd=ROOT).returncode, unit.wait()]
        report.seek(0)
        sys.stdout.flush()
        sys.stdout.buffer.write(report.read())
        sys.stdout.flush()
    failed = [code for code in codes if code not in (0, NO_TESTS_COLLECTED)]
    if failed:
        return failed[0]
    return 0 if 0 in codes else NO_TESTS_COLLECTED


def main() -> int:
    set_up("test,train")
    install_chromium()
    if code := lint():
        return code
    return run_tests()


if __name__ == "__main__":
    sys.exit(main())
