"""Set up everything a fresh machine needs and run every check: the linters, then every
test (unit, property and browser).

    python3 ./scripts/check.py          # what .ci/run runs
    python3 ./scripts/check.py -k revolution   # extra arguments go to pytest

Setup is the serve command's (npm ci, pip install -e '.[test,train]': the training's
extras too, since its tests train and start a Ray cluster),
plus Debian's Chromium for the browser tests when it is missing. Before the tests,
ruff checks the whole tree and mypy --strict everything that runs Python under
CPython or Pyodide (pyproject.toml says what).
"""

import os
import subprocess
import sys
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
# built site and one browser, and Chromium takes the cores.
SUITES: tuple[tuple[str, list[str]], ...] = (
    ("tests", ["-n", "auto", "-p", "no:benchmark"]), ("e2e", []))
NO_TESTS_COLLECTED = 5  # pytest's exit code when a -k leaves a suite empty


def main() -> int:
    set_up("test,train")
    install_chromium()
    if code := lint():
        return code
    codes = []
    for suite, options in SUITES:
        if (ROOT / suite).is_dir():
            codes.append(subprocess.run([sys.executable, "-m", "pytest", str(ROOT / suite),
                                         *options, *sys.argv[1:]], cwd=ROOT).returncode)
            if codes[-1] not in (0, NO_TESTS_COLLECTED):
                return codes[-1]
    return 0 if 0 in codes else NO_TESTS_COLLECTED


if __name__ == "__main__":
    sys.exit(main())
