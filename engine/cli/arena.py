"""The arena: bots play seeded deals in every seat rotation, and their strength is measured.

Each deal (a seed) is played once per rotation of the seats, so every bot
holds every hand. A bot's place in a deal is its mean place over its seats
and the rotations; the deals are independent, so the 95% confidence interval
of the mean place is taken over deals. Every game is measured by its final
ranking (a single-round game's is its round's places: each place scores
differently).
"""

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.catalogue import outcome
from engine.cli.processes import in_processes
from engine.config import ConfigJSON, GameConfig
from engine.core.rng import derive_seed
from engine.play import turns
from engine.play.table import Table

__all__ = ["ArenaResult", "BotResult", "final_places", "play_game", "report", "run_arena"]


@dataclass(frozen=True, slots=True)
class BotResult:
    """How one kind of bot did over the deals."""

    bot: str
    seats: int  # how many seats it held at the table
    mean_place: float
    ci95: float  # half-width of the 95% confidence interval of the mean place
    win_share: float  # first places won by this kind of bot, ties shared, over all games
    chance_win_share: float  # what ``win_share`` would be if all bots were equal


@dataclass(frozen=True, slots=True)
class ArenaResult:
    game: str
    options: dict[str, Any]
    deals: int
    games: int
    bots: tuple[BotResult, ...]
    per_deal_places: dict[str, list[float]] = field(repr=False)


def final_places(table: Table) -> list[float]:
    """Each seat's place (1 is best) in a finished game; equal scores share the mean of
    the places they span."""
    result = outcome(table.state)
    assert result is not None
    scores = result.scores
    places = []
    for score in scores:
        better = sum(1 for other in scores if other > score)
        equal = sum(1 for other in scores if other == score)
        places.append(better + (equal + 1) / 2)
    return places


def play_game(game: str, seats: Sequence[str], seed: int, preset: str | None,
              options: dict[str, Any], hard_share: float = 1.0) -> list[float]:
    """One game of bots from its seed to the end; each seat's place."""
    config: ConfigJSON = {"game": game, "preset": preset, "options": options,
                          "seats": list(seats), "seed": seed, "hard_budget": hard_share}
    table = Table.create(GameConfig.read(config))
    while turns.advance(table) is not None:
        pass
    return final_places(table)


def run_arena(game: str, seats: Sequence[str], deals: int, seed: int,
              preset: str | None = None, options: dict[str, Any] | None = None,
              hard_share: float = 1.0, jobs: int = 1) -> ArenaResult:
    """Play ``deals`` seeded deals in every rotation of ``seats`` and measure each bot
    (Hard with ``hard_share`` of its budget), on ``jobs`` processes: each deal depends
    only on its seed, so any number of processes gives the same result."""
    options = options or {}
    players = len(seats)
    kinds = list(dict.fromkeys(seats))
    tasks = [_Deal(game, tuple(seats), derive_seed(seed, "arena", deal), preset, options,
                   hard_share) for deal in range(deals)]
    played = in_processes(_play_deal, tasks, jobs)
    per_deal = {kind: [means[kind] for means, _ in played] for kind in kinds}
    wins = {kind: sum(won[kind] for _, won in played) for kind in kinds}
    games = deals * players
    results = []
    for kind in kinds:
        values = per_deal[kind]
        spread = statistics.stdev(values) if len(values) > 1 else 0.0
        results.append(BotResult(
            bot=kind, seats=seats.count(kind), mean_place=statistics.fmean(values),
            ci95=1.96 * spread / math.sqrt(len(values)), win_share=wins[kind] / games,
            chance_win_share=seats.count(kind) / players))
    return ArenaResult(game, options, deals, games, tuple(results), per_deal)


class _Deal(NamedTuple):
    game: str
    seats: tuple[str, ...]
    seed: int
    preset: str | None
    options: dict[str, Any]
    hard_share: float


def _play_deal(deal: _Deal) -> tuple[dict[str, float], dict[str, float]]:
    """One deal in every seat rotation: each kind of bot's mean place, and the first
    places it won (ties shared)."""
    seats, players = deal.seats, len(deal.seats)
    places_by_kind: dict[str, list[float]] = {kind: [] for kind in seats}
    wins = dict.fromkeys(seats, 0.0)
    for rotation in range(players):
        rotated = [seats[(s + rotation) % players] for s in range(players)]
        places = play_game(deal.game, rotated, deal.seed, deal.preset, deal.options,
                           deal.hard_share)
        firsts = [s for s in range(players) if places[s] == min(places)]
        for s, place in enumerate(places):
            places_by_kind[rotated[s]].append(place)
            if s in firsts:
                wins[rotated[s]] += 1 / len(firsts)
    return {kind: statistics.fmean(p) for kind, p in places_by_kind.items()}, wins


def report(result: ArenaResult) -> str:
    """The arena's table, as the command line prints it."""
    lines = [f"{result.game} {result.options or ''}: {result.deals} deals x "
             f"{result.games // result.deals} rotations = {result.games} games",
             f"{'bot':<10}{'seats':>6}{'mean place':>12}{'95% CI':>16}{'win share':>11}"
             f"{'chance':>9}"]
    for bot in result.bots:
        low, high = bot.mean_place - bot.ci95, bot.mean_place + bot.ci95
        lines.append(f"{bot.bot:<10}{bot.seats:>6}{bot.mean_place:>12.3f}"
                     f"{f'[{low:.3f}, {high:.3f}]':>16}{bot.win_share:>11.1%}"
                     f"{bot.chance_win_share:>9.1%}")
    if len(result.bots) == 2:
        first = result.bots[0]
        lines.append(f"paired win share of {first.bot}: {first.win_share:.1%} of first places "
                     f"(chance {first.chance_win_share:.1%})")
    return "\n".join(lines)
