"""bench/bot_latency.py without a browser: its statistics, its determinism (the browser
mode compares the same decisions in CPython and Pyodide), and that its page starts
the engine as the app's engine worker does."""

import importlib.util
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.api import Session

ROOT = Path(__file__).resolve().parent.parent


def _load_bench():
    spec = importlib.util.spec_from_file_location("bot_latency", ROOT / "bench" / "bot_latency.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _load_bench()


def test_percentile_is_the_nearest_rank():
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert bench.percentile(values, 0.5) == 51.0
    assert bench.percentile(values, 0.95) == 96.0
    assert bench.percentile(list(reversed(values)), 0.95) == 96.0
    assert bench.percentile([7.0], 0.95) == 7.0
    assert bench.percentile(values, 1.0) == 100.0


def test_the_same_seeds_make_the_same_decisions_whatever_the_clock():
    first: list[str] = []
    times = bench.decision_times("easy", "tycoon", 1, actions=first)
    assert len(times) == len(first) > 0
    again = bench.measure("easy", "tycoon", 1, clock=time.perf_counter)
    assert again["digest"] == bench.digest(first)
    assert len(again["times"]) == len(first)


def test_the_ratio_counts_only_decisions_slow_enough_to_time():
    browser = [0.1, 3.0, 20.0, 0.2]
    cpython = [0.01, 2.0, 10.0, 0.9]  # the first and last are under SLOW_MS
    ratio = bench.slow_decisions_ratio(browser, cpython)
    assert ratio["decisions"] == 2
    assert ratio["median"] == pytest.approx((1.5 + 2.0) / 2)
    assert ratio["total"] == pytest.approx(23.0 / 12.0)


def test_the_latency_page_starts_the_engine_as_the_app_worker_does(tmp_path):
    bench.add_bench_page(tmp_path)
    worker = (tmp_path / bench.FOLDER / "worker.mjs").read_text()
    app_worker = (ROOT / "web" / "worker" / "engine.mjs").read_text()
    imports_boot = r'import \{[^}]*\bbootEngine\b[^}]*\} from "%s";'
    assert re.search(imports_boot % re.escape("../web/worker/boot.mjs"), worker)
    assert re.search(imports_boot % re.escape("./boot.mjs"), app_worker)
    # Every file the worker asks for is on the page's site.
    for path in ("bot_latency.py", "latency_worker.py"):
        assert f'"{bench.FOLDER}/{path}"' in worker
        assert (tmp_path / bench.FOLDER / path).is_file()


class SlowDevice:
    """A clock on which every reading is 200 ms after the last: Hard is given little."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.2
        return self.now


def test_hard_sized_to_a_device_replays_alike_from_the_shares_it_recorded():
    result = bench.sized_decisions("tycoon", 1, Session(SlowDevice()), clock=time.perf_counter)
    assert len(result["times"]) == len(result["shares"]) > 0
    assert result["shares"][0] < 1  # sized: the slow device gives Hard a small share
    played = result["games"][0]
    assert played["config"]["hard_budget"] == result["shares"][0]
    assert bench.replays_alike(played)
    other = 0.06 if played["config"]["hard_budget"] != 0.06 else 0.07
    assert not bench.replays_alike({**played, "config": {**played["config"],
                                                         "hard_budget": other,
                                                         "hard_changes": []}})


def test_the_duty_cycle_slows_a_process_as_many_times():
    busy = subprocess.Popen([sys.executable, "-c", "import time\nstart = time.process_time()\n"
                             "while time.process_time() - start < 0.3: pass"])
    started = time.perf_counter()
    cycle = bench.DutyCycle(busy.pid, 4)
    cycle.start()
    try:
        busy.wait(timeout=30)
    finally:
        cycle.stop()
    # 0.3 s of CPU at a quarter of the time: about 1.2 s (less where it started late).
    assert time.perf_counter() - started > 0.8
    assert busy.returncode == 0


def test_the_duty_cycle_is_steered_by_the_reference_loops_miss():
    cycle = bench.DutyCycle(0, 4)  # never started: only its share is steered
    bench.steer(cycle, 8.0, 4)  # twice as slow as asked: it runs twice as long a share
    assert cycle.running == pytest.approx(0.5)
    bench.steer(cycle, 2.0, 4)
    assert cycle.running == pytest.approx(0.25)
    bench.steer(cycle, 100.0, 4)
    assert cycle.running == 1.0  # never more than the whole time
    bench.steer(cycle, 0.001, 4)
    assert cycle.running == 0.02  # nor stopped for good
