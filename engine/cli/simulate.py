"""Bots against bots: each seat's places, mean score and wins over seeded games."""

import statistics
import time
from collections.abc import Sequence
from typing import Any

from engine.catalogue import family_of, outcome
from engine.config import ConfigJSON, GameConfig
from engine.core.rng import derive_seed
from engine.play import turns
from engine.play.table import Table

__all__ = ["simulate"]


def simulate(game: str, bots: Sequence[str], games: int, seed: int, preset: str | None,
             options: dict[str, Any]) -> str:
    """Play ``games`` seeded games of bots and report each seat's places and scores.

    A climbing game ranks every round (its titles head the columns); Corporation,
    which has no places in a round, ranks each game's final scores. Raises
    ``RulesError`` for a game that cannot be set up.
    """
    players = len(bots)
    configs: list[ConfigJSON] = [
        {"game": game, "preset": preset, "options": options, "seats": list(bots),
         "seed": derive_seed(seed, "simulate", g)} for g in range(games)]
    tables = [Table.create(GameConfig.read(config)) for config in configs]
    started = time.perf_counter()
    place_counts = [[0] * players for _ in range(players)]
    scores: list[list[int]] = [[] for _ in range(players)]
    wins = [0.0] * players
    rankings = 0
    for table in tables:
        while turns.advance(table) is not None:
            pass
        result = outcome(table.state)
        assert result is not None
        for places in family_of(table.state).rankings(table.state):
            rankings += 1
            for seat, place in enumerate(places):
                place_counts[seat][place] += 1
        for seat in range(players):
            scores[seat].append(result.scores[seat])
            if seat in result.winners:
                wins[seat] += 1 / len(result.winners)
    elapsed = time.perf_counter() - started
    state = tables[0].state
    rules = state.rules
    presenter = tables[0].presenter()
    titles = [presenter.place_name(rules, place, players) for place in range(players)]
    lines = [f"{games} games of {game} ({rules.options()}), {rankings} "
             f"{family_of(state).ranked} ranked, {elapsed:.1f} s"]
    width = max(len(t) for t in [*titles, "100.0%"]) + 2
    lines.append(f"{'seat':<6}{'bot':<9}{'mean place':>11}  "
                 + "".join(f"{t:>{width}}" for t in titles) + f"{'mean score':>12}{'wins':>8}")
    for seat in range(players):
        counts = place_counts[seat]
        mean_place = sum((p + 1) * n for p, n in enumerate(counts)) / rankings
        shares = "".join(f"{n / rankings:>{width}.1%}" for n in counts)
        lines.append(f"{seat:<6}{bots[seat]:<9}{mean_place:>11.2f}  {shares}"
                     f"{statistics.fmean(scores[seat]):>12.2f}{wins[seat] / games:>8.1%}")
    return "\n".join(lines)
