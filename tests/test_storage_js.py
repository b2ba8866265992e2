"""The site's storage modules in JavaScript, tested in Node with stand-ins for the
browser's storage (tests/js/): the engine worker's saves (web/worker/saves.mjs), and
what the page keeps (web/storage.mjs)."""

import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parent / "js"


@pytest.mark.parametrize("tests", ["test_saves.mjs", "test_storage.mjs"])
def test_the_storage_modules_pass_their_tests_in_node(tests):
    run = subprocess.run(["node", "--test", str(JS_TESTS / tests)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
