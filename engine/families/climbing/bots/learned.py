"""The learned move policy of the climbing games: a softmax over features of each legal
move, with weights fitted to Hard's choices in self-play (``python -m engine train``).

Each legal move is described by ``FEATURES``: whether Normal's rules of thumb would
make it (so the policy learns where to differ from them), what it plays (its strength in the
order of the moment, its size, its Jokers), what it does (revolts, wins the trick,
goes out), what it leaves in hand, and how these meet the table (leading, a player
about to go out, the hand's last cards); a pass and an exchange's gives have features
of their own. A move's score is the dot product of its features with the game's
weights; the policy plays the best-scored move (the first on a tie), and its
probabilities are the softmax of the scores.

The weights ship in this package, one file per game (``weights/<game>.json``), with
the features they were fitted to (a feature a file does not name weighs 0: it was added
after, for rules that file's games do not play), and one per preset trained on its own
(``weights/<preset>.json``, with the options it was trained under: a game played under
those options plays with them). Each file's digest is recorded in every game's log,
so a replay knows whether it is played with the weights it was made with. Everything
here is plain Python: it runs in the browser's engine worker as it does here.
"""

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.core.actions import Action, Give, Pass, Play
from engine.core.cards import JOKER, Card
from engine.core.errors import RulesError
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT, HandJudge, normal_v1_move
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import ClimbingRules

__all__ = [
    "FEATURES",
    "FORMAT",
    "WEIGHTS",
    "LearnedPolicy",
    "Weights",
    "WeightsError",
    "keep_weights",
    "learned_policy",
    "move_features",
    "read_weights",
    "scaled",
    "strength_scale",
    "table_options",
    "weights_digest",
    "weights_text",
]

FORMAT = 1  # the weights file's format
WEIGHTS = Path(__file__).with_name("weights")  # the shipped weights, one file per game
SUIT_CARDS = 13.0  # a hand's size and counts are scaled by a suit's cards
ENDGAME = 4  # cards in hand: the last few, where Jokers and fours are spent

FEATURES: tuple[str, ...] = (
    # the move the rule text's Normal would make (normal-v1's: the shipped weights were
    # fitted to it, before Normal's tactics for the house rules)
    "normal",
    # a pass, and what it meets
    "pass", "pass.near_out", "pass.top_strength", "pass.top_size", "pass.endgame",
    "pass.hand",
    # what a play puts down
    "strength", "strength^2", "size", "jokers", "jokers_alone", "cost",
    # what it does
    "revolts", "revolts.rest_weak", "wins_trick", "skips", "goes_out",
    # what it treats of the hand, and leaves in it
    "splits", "breaks_four", "weakest_kind", "kind_place", "cards_left", "kinds_left",
    "rest_mean_gain",
    # how it meets the table
    "lead.strength", "lead.size", "near_out.strength", "endgame.strength", "answer.jump",
    # an exchange's gives
    "give.mean", "give.strongest", "give.jokers", "give.splits",
    # what a play does under the house rules: a sequence, one that matches the suits it
    # answers (a suit lock), an 11-back, and the cards it hands on or discards after it
    # (7-pass, 10-discard). Last, so that the counts' playouts, which model none of these
    # rules, read the weights before them as they always did.
    "sequence", "locks", "reverses_order", "hands_on",
)
"""Each legal move's features, in the order of the weights."""


class WeightsError(RulesError):
    """A weights file that cannot be read, or was fitted to other features."""


@dataclass(frozen=True, slots=True)
class Weights:
    """A game's policy weights, one per feature, the digest of the file they came from
    (``weights_digest``), and the options they were trained under where a preset's own
    (its rules but the number of rounds, which does not change how a round is played)."""

    game: str
    values: tuple[float, ...]
    digest: str
    options: tuple[tuple[str, object], ...] = ()


def read_weights(text: str, game: str) -> Weights:
    """The weights a file's ``text`` holds for ``game``; raises ``WeightsError`` for a
    file of another format, game or features."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise WeightsError(f"the {game} policy's weights are not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != game:
        raise WeightsError(f"the {game} policy's weights are not a format {FORMAT} file "
                           f"for {game}")
    features = data.get("features")
    if (not isinstance(features, list) or len(set(features)) != len(features)
            or not set(features) <= set(FEATURES)):
        raise WeightsError(f"the {game} policy's weights were fitted to other features: "
                           f"train them again (python -m engine train {game})")
    values = data.get("weights")
    if (not isinstance(values, list) or len(values) != len(features)
            or not all(type(v) in (int, float) and math.isfinite(v) for v in values)):
        raise WeightsError(f"the {game} policy's weights are {len(features)} numbers, one "
                           f"for each feature the file names")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise WeightsError(f"the {game} policy's options are a mapping of names to values")
    weight = dict(zip(features, map(float, values), strict=True))
    return Weights(game, tuple(weight.get(name, 0.0) for name in FEATURES),
                   weights_digest(text), tuple(sorted(options.items())))


def weights_digest(text: str) -> str:
    """A weights file's digest, as a game's log records it: the first 12 hex digits of
    the SHA-256 of its text."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def weights_text(game: str, weights: Sequence[float], trained: Mapping[str, object],
                 options: Mapping[str, object] | None = None) -> str:
    """A weights file's text: its format, game and features, the weights (rounded to the
    sixth decimal: the text is what the digest hashes), how they were trained, and the
    options they were trained under where they are a preset's own."""
    data: dict[str, object] = {"format": FORMAT, "game": game, "features": list(FEATURES),
                               "weights": [round(w, 6) for w in weights],
                               "trained": dict(trained)}
    if options is not None:
        data["options"] = dict(options)
    return json.dumps(data, indent=1) + "\n"


def keep_weights(rules: ClimbingRules, weights: Sequence[float],
                 trained: Mapping[str, object], out: Path | None = None,
                 preset: str | None = None) -> Path:
    """Write fitted weights for ``rules``' game as the file the engine ships (or to
    ``out``): the game's, or ``preset``'s own, which records the options it was trained
    under. Its path; raises ``WeightsError`` for weights of other features."""
    if len(weights) != len(FEATURES):
        raise WeightsError(f"the policy has {len(FEATURES)} weights, not {len(weights)}")
    path = out or WEIGHTS / f"{preset or rules.game}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    options = None if preset is None else table_options(rules)
    path.write_text(weights_text(rules.game, weights, trained, options), encoding="utf-8")
    _shipped.cache_clear()
    return path


def table_options(rules: ClimbingRules) -> dict[str, object]:
    """The options that make a table's rounds: all but the number of rounds."""
    return {name: value for name, value in rules.options().items() if name != "rounds"}


@cache
def _shipped(game: str) -> tuple[Weights, ...]:
    """The game's shipped weights: the presets' own (those with options) first, then the
    game's."""
    files = [*sorted(WEIGHTS.glob(f"{game}-*.json")), WEIGHTS / f"{game}.json"]
    read = [read_weights(path.read_text(encoding="utf-8"), game)
            for path in files if path.is_file()]
    return tuple(sorted(read, key=lambda weights: not weights.options))


def learned_policy(rules: ClimbingRules) -> "LearnedPolicy | None":
    """The learned policy of ``rules``' game: with the weights a preset trained under
    exactly these options (an option added since, which its file does not name, aside),
    else the game's; None where the game has none."""
    options = table_options(rules)
    for weights in _shipped(rules.game):
        if all(options.get(name, value) == value for name, value in weights.options):
            return LearnedPolicy(weights)
    return None


# ---------------------------------------------------------------- the features


_RANGES: dict[tuple[ClimbingRules, bool], tuple[float, float]] = {}


def strength_scale(rules: ClimbingRules, revolution: bool) -> tuple[float, float]:
    """The weakest natural card's strength, and the span to the strongest (once per rules
    and order): the features scale strengths by them, from 0 to 1."""
    known = _RANGES.get((rules, revolution))
    if known is not None:
        return known
    strengths = [rules.card_strength(c, revolution) for c in set(rules.deck()) if c != JOKER]
    low, high = min(strengths), max(strengths)
    known = _RANGES[rules, revolution] = (float(low), float(max(high - low, 1)))
    return known


def scaled(strength: int, scale: tuple[float, float]) -> float:
    """A strength from 0 (the weakest natural card) to 1 (the strongest; Jokers too), by
    ``strength_scale``'s ``scale``."""
    value = (strength - scale[0]) / scale[1]
    return 0.0 if value < 0 else min(value, 1.0)


class _Hand:
    """What the features need of a hand, worked out once per decision."""

    __slots__ = ("cards", "held", "jokers", "judge", "kinds", "natural_sum", "naturals",
                 "scale")

    def __init__(self, rules: ClimbingRules, hand: Sequence[Card], revolution: bool) -> None:
        self.cards = len(hand)
        self.judge = HandJudge(rules, hand, revolution)
        self.held = self.judge.held
        self.jokers = self.cards - sum(self.held.values())
        self.scale = strength_scale(rules, revolution)
        self.kinds = sorted(self.held)
        self.naturals = sum(self.held.values())
        self.natural_sum = sum(self.scaled(k) * n for k, n in self.held.items())

    def scaled(self, strength: int) -> float:
        return scaled(strength, self.scale)


def move_features(rules: ClimbingRules, hand: Sequence[Card], revolution: bool,
                  top: Play | None, fewest: int, legal: Sequence[Action]
                  ) -> list[list[float]]:
    """The features of each of ``legal``, in ``FEATURES``' order, for a seat holding
    ``hand`` with or without a revolution, facing ``top`` (None when it leads), while
    another player still in the round holds ``fewest`` cards."""
    mine = _Hand(rules, hand, revolution)
    near_out = fewest <= ABOUT_TO_GO_OUT
    endgame = mine.cards <= ENDGAME
    top_strength = mine.scaled(rules.play_strength(top, revolution)) if top else 0.0
    normal = normal_v1_move(rules, tuple(hand), revolution, top, fewest, legal)
    rows = []
    for move in legal:
        if isinstance(move, Play):
            row = _play(rules, mine, move, revolution, top, top_strength, near_out, endgame)
        elif isinstance(move, Give):
            row = _give(rules, mine, move, revolution)
        elif isinstance(move, Pass):
            row = [0.0, 1.0, float(near_out), top_strength, len(top.cards) / 4 if top else 0.0,
                   float(endgame), mine.cards / SUIT_CARDS, *_NO_PLAY]
        else:  # a discard: the only move there is
            row = [0.0] * len(FEATURES)
        row[0] = float(move == normal)
        rows.append(row)
    return rows


_NO_PASS = [0.0] * 7  # Normal's, and a pass's own
_NO_PLAY = [0.0] * (len(FEATURES) - 7)
_NO_GIVE = [0.0] * 4
_NO_HOUSE_RULES = [0.0] * 4


def _play(rules: ClimbingRules, mine: _Hand, play: Play, revolution: bool,
          top: Play | None, top_strength: float, near_out: bool, endgame: bool
          ) -> list[float]:
    cards = play.cards
    size = len(cards)
    jokers = cards.count(JOKER)
    kinds = mine.judge.kinds(cards)
    held = mine.held
    strength = mine.scaled(rules.play_strength(play, revolution))
    effect = rules.effect(play, top, revolution)
    left = mine.cards - size
    naturals_left = mine.naturals - (size - jokers)
    kinds_left = len(held) - sum(1 for k, n in kinds.items() if held[k] == n)
    kinds_left += mine.jokers > jokers
    rest_sum = mine.natural_sum - sum(mine.scaled(k) * n for k, n in kinds.items())
    rest_mean = rest_sum / naturals_left if naturals_left else 1.0
    hand_mean = mine.natural_sum / mine.naturals if mine.naturals else 1.0
    if kinds:
        kind = min(kinds)
        place = mine.kinds.index(kind) / max(len(mine.kinds) - 1, 1)
        weakest = float(kind == mine.kinds[0])
    else:  # Jokers alone
        place, weakest = 1.0, 0.0
    return [
        *_NO_PASS,
        strength, strength * strength, size / 4, jokers / 2, float(jokers == size),
        rules.play_cost(play) / 4,
        float(effect.revolution), float(effect.revolution) * (0.5 - rest_mean),
        float(effect.wins_trick), float(effect.skips_next), float(left == 0),
        float(any(held[k] > n for k, n in kinds.items())),
        float(size < 4 and any(held[k] == 4 for k in kinds)),
        weakest, place, left / SUIT_CARDS, kinds_left / SUIT_CARDS, rest_mean - hand_mean,
        strength if top is None else 0.0, size / 4 if top is None else 0.0,
        strength if near_out else 0.0, strength if endgame else 0.0,
        strength - top_strength if top is not None else 0.0,
        *_NO_GIVE,
        float(isinstance(play, RunPlay)),
        float(top is not None and bool(rules.lock_after(play, top, frozenset()))),
        float(effect.reverses_trick), sum(rules.owed_after(play)) / 4,
    ]


def _give(rules: ClimbingRules, mine: _Hand, give: Give, revolution: bool) -> list[float]:
    cards = give.cards
    strengths = [1.0 if c == JOKER else mine.scaled(rules.card_strength(c, revolution))
                 for c in cards]
    kinds = mine.judge.kinds(cards)
    return [
        *[0.0] * (len(FEATURES) - len(_NO_GIVE) - len(_NO_HOUSE_RULES)),
        sum(strengths) / len(strengths), max(strengths), cards.count(JOKER) / 2,
        float(any(mine.held[k] > n for k, n in kinds.items())),
        *_NO_HOUSE_RULES,
    ]


# ---------------------------------------------------------------- the policy


class LearnedPolicy:
    """A game's learned policy: ``__call__`` is a ``search.Policy`` (the best-scored legal
    move), ``probabilities`` its softmax."""

    __slots__ = ("digest", "weights")

    def __init__(self, weights: Weights) -> None:
        self.weights = weights.values
        self.digest = weights.digest

    def scores(self, rules: ClimbingRules, hand: Sequence[Card], revolution: bool,
               top: Play | None, fewest: int, legal: Sequence[Action]) -> list[float]:
        """Each legal move's score (its features' dot product with the weights)."""
        weights = self.weights
        return [sum(w * f for w, f in zip(weights, row, strict=True))
                for row in move_features(rules, hand, revolution, top, fewest, legal)]

    def probabilities(self, rules: ClimbingRules, hand: Sequence[Card], revolution: bool,
                      top: Play | None, fewest: int, legal: Sequence[Action]
                      ) -> list[float]:
        """The softmax of the scores: how likely the policy finds each legal move best."""
        scores = self.scores(rules, hand, revolution, top, fewest, legal)
        best = max(scores)
        exps = [math.exp(s - best) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def __call__(self, rules: ClimbingRules, hand: tuple[Card, ...], revolution: bool,
                 top: Play | None, fewest: int, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(rules, hand, revolution, top, fewest, legal)
        return legal[scores.index(max(scores))]
