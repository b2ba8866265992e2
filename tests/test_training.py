"""Training the learned policy (``python -m engine train``): the same seed gives the same
games and the same weights, on one process, on the local pool, and on a Ray cluster."""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile

import pytest

from engine.cli.main import main
from engine.cli.train import GameTask, agreement, fit, game_samples, learned_games, play_games
from engine.families.climbing.bots.learned import FEATURES, read_weights

TINY = [GameTask("matchstick", 4, seed, 0.05) for seed in (3, 4, 5)]


def test_the_climbing_games_learn_and_corporation_does_not():
    assert learned_games() == ["tycoon", "president", "matchstick"]


def test_the_local_pool_plays_the_same_games_as_one_process():
    alone = play_games(TINY, jobs=1)
    assert all(alone), "every game has decisions to learn from"
    assert play_games(TINY, jobs=2) == alone


def test_a_local_ray_cluster_plays_the_same_games_as_the_local_pool():
    """A Ray cluster of two workers, started here as one would be on a machine of its
    own (``ray start``), given the engine's code as ``--ray ADDRESS`` gives it."""
    port = free_port()
    # Ray's sockets live in its temporary folder, whose path must be short.
    folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")
    environment = {**os.environ, "RAY_TMPDIR": folder}
    started = subprocess.run(
        [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", f"--port={port}",
         "--node-ip-address=127.0.0.1", "--num-cpus=2", "--include-dashboard=false",
         "--disable-usage-stats"], env=environment, capture_output=True, text=True)
    assert started.returncode == 0, started.stderr
    try:
        assert play_games(TINY, ray_address=f"127.0.0.1:{port}") == play_games(TINY, jobs=2)
    finally:
        subprocess.run([sys.executable, "-m", "ray.scripts.scripts", "stop", "--force"],
                       env=environment, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_the_fit_recovers_the_weights_that_chose(tmp_path):
    """Decisions made by a known softmax's best move are fitted by weights that make the
    same choices."""
    samples = [s for task in TINY for s in game_samples(task)]
    weights = fit(samples)
    assert len(weights) == len(FEATURES)
    assert agreement(weights, samples) > 0.5
    teacher = [0.0] * len(FEATURES)
    teacher[FEATURES.index("strength")] = -3.0  # the weakest play, always
    relabelled = []
    for rows, _ in samples:
        scores = [sum(w * f for w, f in zip(teacher, row, strict=True)) for row in rows]
        if scores.count(max(scores)) == 1:
            relabelled.append(type(samples[0])(rows, scores.index(max(scores))))
    assert agreement(fit(relabelled, l2=1e-3), relabelled) > 0.95


def test_training_twice_from_a_seed_writes_the_same_weights(tmp_path, capsys):
    files = []
    for name in ("first.json", "second.json"):
        out = tmp_path / name
        assert main(["train", "matchstick", "--games", "3", "--seed", "9", "--teacher-share",
                     "0.05", "--jobs", "2", "--out", str(out)]) == 0
        files.append(out.read_text())
    assert files[0] == files[1]
    written = json.loads(files[0])
    assert written["trained"]["command"].startswith("python -m engine train matchstick")
    assert read_weights(files[0], "matchstick").values != (0.0,) * len(FEATURES)
    assert "agreement with the teacher" in capsys.readouterr().out


def test_training_refuses_a_game_whose_bots_learn_nothing(capsys):
    with pytest.raises(SystemExit):
        main(["train", "corporation"])
    assert "invalid choice: 'corporation'" in capsys.readouterr().err


@pytest.mark.parametrize("arguments", [["--games", "0"], ["--teacher-share", "9"]])
def test_training_refuses_counts_it_cannot_play(arguments, capsys):
    assert main(["train", "tycoon", *arguments]) == 2
    assert "--games is at least 1" in capsys.readouterr().err
