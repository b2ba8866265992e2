"""bench/corporation_bots.py on one deal: its figures are shares, and it prints its
headline last."""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_bench():
    spec = importlib.util.spec_from_file_location("corporation_bots",
                                                  ROOT / "bench" / "corporation_bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_of_five_normals_counts_rounds_talk_and_words():
    figures = _load_bench().normal_table(2, 1)
    assert figures["games"] == 2 and figures["rounds"] >= 2 and figures["words"] >= 1
    for name in ("cartel_rounds", "talk_rate", "kept_word"):
        assert 0.0 <= figures[name] <= 1.0, name


def test_the_bench_prints_every_table_it_played_and_its_headline_last():
    run = subprocess.run([sys.executable, "bench/corporation_bots.py", "--deals", "1",
                          "--only", "talk,random"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    lines = run.stdout.strip().splitlines()
    assert any(line.startswith("random_win_share=") for line in lines)
    assert lines[-1].startswith("cartel_rounds=")
