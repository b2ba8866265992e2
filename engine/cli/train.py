"""Training a game's learned move policy by self-play (``python -m engine train``).

Every seat of each seeded game is played by the teacher its family's bots name
(``Learning.lesson``; in the climbing games, Hard's move at a share of its budget:
``--teacher-share``). At each decision with more than
one legal move, the features of every legal move and the teacher's choice are kept. A softmax over
the features is then fitted to those choices by Newton's method, with a little L2
regularisation, and the weights are written as a file the engine ships.

The games are played on every core by ``concurrent.futures``, or on a Ray cluster with
``--ray ADDRESS`` (``--ray local`` starts one on this machine): each game depends only on
its seed, and the results are gathered in seed order, so the same seed gives the same
games, and the same weights, on either. numpy (and Ray) are the training's own extras
(``pip install -e '.[train]'``); nothing else in the engine imports them.
"""

import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NamedTuple

from engine.catalogue import GAMES, Action, Game, Observation, game_of, make_rules, play_on
from engine.cli.processes import in_processes
from engine.core.bots import Learning
from engine.core.errors import RulesError
from engine.core.rng import derive_seed
from engine.log import GameRecord
from engine.players.levels import hard_settings

__all__ = [
    "GameTask",
    "Sample",
    "TrainingRun",
    "agreement",
    "fit",
    "game_samples",
    "learned_games",
    "play_games",
    "train",
    "train_command",
]

L2 = 1.0  # the regularisation: a feature the games never vary keeps a weight of 0
NEWTON_STEPS = 25
HELD_OUT = 0.1  # the share of games kept out of the fit, to measure its agreement


def learned_games() -> list[str]:
    """The games whose bots learn a move policy (their family's ``learning``)."""
    return [name for name, game in GAMES.items() if game.family.bots.learning is not None]


def _learning(game: Game) -> Learning[Any]:
    learning = game.family.bots.learning
    if learning is None:
        raise ValueError(f"{game.title}'s bots learn no move policy")
    return learning


class GameTask(NamedTuple):
    """One game to play for training: its game, players and seed, the teacher's share of
    Hard's budget, and the preset whose rules it plays (None: the rule text's)."""

    game: str
    players: int
    seed: int
    teacher_share: float
    preset: str | None = None


class Sample(NamedTuple):
    """A decision: the features of each legal move, and which the teacher chose."""

    rows: list[list[float]]
    chosen: int


def game_samples(task: GameTask) -> list[Sample]:
    """The teacher's decisions in one game played from ``task.seed`` to its end, every
    seat played by the teacher."""
    rules = make_rules(task.game, task.preset)
    game = game_of(rules)
    learning, settings = _learning(game), hard_settings(game)
    rngs = [random.Random(derive_seed(task.seed, "teacher", seat))
            for seat in range(task.players)]
    samples: list[Sample] = []

    def taught(observation: Observation) -> Action:
        lesson = learning.lesson(observation, rngs[observation.seat], settings,
                                 task.teacher_share)
        if lesson is None:
            return observation.legal[0]
        samples.append(Sample(lesson.rows, lesson.chosen))
        action: Action = lesson.action
        return action

    play_on(GameRecord(rules, task.players, task.seed).initial(), taught)
    return samples


def play_games(tasks: Sequence[GameTask], jobs: int | None = None,
               ray_address: str | None = None) -> list[list[Sample]]:
    """Each task's samples, in the tasks' order: on ``jobs`` processes of this machine
    (every core by default), or on the Ray cluster at ``ray_address``."""
    if ray_address is not None:
        return _on_ray(tasks, ray_address)
    return in_processes(game_samples, tasks, jobs)


def _on_ray(tasks: Sequence[GameTask], address: str) -> list[list[Sample]]:
    import ray  # the training's optional extra

    started = not ray.is_initialized()
    if started:
        ray.init(address=address, log_to_driver=False,
                 runtime_env={"py_modules": [str(Path(__file__).resolve().parents[1])]})
    try:
        remote = ray.remote(game_samples)
        results: list[list[Sample]] = ray.get([remote.remote(task) for task in tasks])
        return results
    finally:
        if started:
            ray.shutdown()


def fit(samples: Sequence[Sample], l2: float = L2, steps: int = NEWTON_STEPS
        ) -> list[float]:
    """The weights of the softmax that best explains the chosen moves (maximum
    likelihood with an L2 penalty), by Newton's method: deterministic, and exact to
    the float in a few steps, since there are few features."""
    import numpy as np  # the training's extra

    x = np.array([row for sample in samples for row in sample.rows], dtype=np.float64)
    sizes = np.array([len(sample.rows) for sample in samples])
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    chosen = starts + np.array([sample.chosen for sample in samples])
    chosen_sum = x[chosen].sum(axis=0)
    features = x.shape[1]
    weights = np.zeros(features)
    for _ in range(steps):
        scores = x @ weights
        shift = np.repeat(np.maximum.reduceat(scores, starts), sizes)
        exps = np.exp(scores - shift)
        probabilities = exps / np.repeat(np.add.reduceat(exps, starts), sizes)
        weighted = x * probabilities[:, None]
        expected = np.add.reduceat(weighted, starts)  # each decision's expected features
        gradient = expected.sum(axis=0) - chosen_sum + l2 * weights
        hessian = weighted.T @ x - expected.T @ expected + l2 * np.eye(features)
        weights = weights - np.linalg.solve(hessian, gradient)
    return [float(w) for w in weights]


def agreement(weights: Sequence[float], samples: Iterable[Sample]) -> float:
    """The share of decisions where the weights' best-scored move is the one chosen."""
    agreed = total = 0
    for rows, chosen in samples:
        scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
        agreed += scores.index(max(scores)) == chosen
        total += 1
    return agreed / total if total else 0.0


@dataclass(frozen=True, slots=True)
class TrainingRun:
    """What a weights file records of its training."""

    command: str
    games: int
    seed: int
    players: int
    teacher: str
    decisions: int
    agreement_fitted: float
    agreement_held_out: float


def train(game: str, games: int, seed: int, teacher_share: float = 1.0,
          players: int | None = None, jobs: int | None = None,
          ray_address: str | None = None, out: Path | None = None,
          say: Callable[[str], None] = print, preset: str | None = None) -> Path:
    """Play ``games`` seeded games with the teacher (under ``preset``'s rules, if given),
    fit the weights, write their file (``out``, by default the one the engine ships: the
    game's, or the preset's own) and return its path."""
    players = players or GAMES[game].default_players
    tasks = [GameTask(game, players, derive_seed(seed, "train", index), teacher_share,
                      preset) for index in range(games)]
    started = time.perf_counter()
    per_game = play_games(tasks, jobs, ray_address)
    rules = make_rules(game, preset)
    held = max(1, round(games * HELD_OUT)) if games > 1 else 0
    fitted = [s for samples in per_game[:games - held] for s in samples]
    held_out = [s for samples in per_game[games - held:] for s in samples]
    played = time.perf_counter() - started
    say(f"{games} games, {len(fitted) + len(held_out):,} decisions in {played:.0f} s")
    weights = fit(fitted)
    run = TrainingRun(
        command=f"python -m engine train {game} --games {games} --seed {seed} "
                f"--teacher-share {teacher_share} --players {players}"
                + (f" --preset {preset}" if preset else ""),
        games=games, seed=seed, players=players,
        teacher=f"Hard's move, at {teacher_share} of its budget",
        decisions=len(fitted), agreement_fitted=round(agreement(weights, fitted), 4),
        agreement_held_out=round(agreement(weights, held_out), 4))
    say(f"agreement with the teacher: {run.agreement_fitted:.1%} fitted, "
        f"{run.agreement_held_out:.1%} held out ({len(held_out):,} decisions)")
    path = _learning(GAMES[game]).keep(rules, weights, asdict(run), out, preset)
    say(f"wrote {path} in {time.perf_counter() - started:.0f} s")
    return path


def train_command(args: Any) -> int:
    """``python -m engine train``'s arguments, checked, then ``train``."""
    if args.games < 1 or not 0.05 <= args.teacher_share <= 4:
        print("--games is at least 1, and --teacher-share from 0.05 to 4", file=sys.stderr)
        return 2
    try:
        make_rules(args.game, args.preset)
    except RulesError as error:
        print(f"Cannot train: {error}", file=sys.stderr)
        return 2
    train(args.game, args.games, args.seed, args.teacher_share, args.players, args.jobs,
          args.ray, args.out, preset=args.preset)
    return 0
