"""The learned policy's choices in counts of cards, for its quick playouts
(engine.families.climbing.bots.playout): ``learned_choice`` scores each set on the same features
as ``learned.move_features`` scores a move over cards (tests/test_learned_policy.py checks
them equal, move for move), on the hands and sets of engine.families.climbing.bots.counts.
"""

import math
from collections.abc import Sequence

from engine.families.climbing.bots.counts import (
    JOKERS,
    JOKERS_ONLY,
    RANKS,
    SIZE,
    CountsGame,
    Hand,
    Set,
    normal_gift,
    normal_v1_of,
    sets_to_play,
)
from engine.families.climbing.bots.learned import ENDGAME, FEATURES, SUIT_CARDS
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT

__all__ = ["learned_choice", "learned_gift"]


def learned_choice(game: CountsGame, weights: Sequence[float], hand: Hand, top_rank: int,
                   size: int, revolution: bool, fewest: int) -> Set | None:
    """``LearnedPolicy``'s choice in counts (None for a pass): the best-scored move, each
    scored on ``learned.move_features``' features, the first of equals in the engine's
    order."""
    plays = sets_to_play(game, hand, top_rank, size, revolution)
    if not plays:
        return None
    if len(plays) == 1 and not size:
        return plays[0]
    normal = normal_v1_of(game, hand, plays, size, revolution, fewest)
    scaled = game.scaled[revolution]
    cards = hand[SIZE]
    jokers_held = hand[JOKERS]
    kinds = sorted((r for r in range(RANKS) if hand[r]), key=scaled.__getitem__)
    naturals_held = cards - jokers_held
    natural_sum = 0.0
    for r in kinds:
        natural_sum += scaled[r] * hand[r]
    hand_mean = natural_sum / naturals_held if naturals_held else 1.0
    near_out = fewest <= ABOUT_TO_GO_OUT
    endgame = cards <= ENDGAME
    top_strength = (1.0 if top_rank == JOKERS_ONLY else scaled[top_rank]) if size else 0.0
    best: Set | None = None
    best_score = -math.inf
    on_lone_joker = size == 1 and top_rank == JOKERS_ONLY
    places = max(len(kinds) - 1, 1)
    leading = not size
    # The features' weights, gathered where a feature is a multiple of another (every play
    # is scored, thousands of times a search, so the dot product is written out).
    (w_normal, _, _, _, _, _, _, w_strength, w_square, w_size, w_jokers, w_alone, _,
     w_revolts, w_rest_weak, w_wins, w_skips, w_out, w_splits, w_four, w_weakest, w_place,
     w_left, w_kinds_left, w_gain, w_lead, w_lead_size, w_near, w_end, w_jump,
     *_) = weights
    per_strength = (w_strength + (w_lead if leading else w_jump) + (w_near if near_out else 0.0)
                    + (w_end if endgame else 0.0))
    per_size = (w_size + (w_lead_size if leading else 0.0)) / 4
    offset = 0.0 if leading else -w_jump * top_strength
    for play in plays:
        rank, naturals, wild = play
        played = naturals + wild
        score = offset + per_size * played + w_jokers * wild / 2
        if rank == JOKERS_ONLY:
            strength, whole = 1.0, 0
            score += w_place
            rest_sum = natural_sum
        else:
            held = hand[rank]
            strength = scaled[rank]
            index = kinds.index(rank)
            score += w_place * index / places
            if index == 0:
                score += w_weakest
            if held > naturals:
                score += w_splits
            if played < 4 and held == 4:
                score += w_four
            whole = int(held == naturals)
            rest_sum = natural_sum - strength * naturals
        score += strength * (per_strength + w_square * strength)
        naturals_left = naturals_held - naturals
        rest_mean = rest_sum / naturals_left if naturals_left else 1.0
        score += w_gain * (rest_mean - hand_mean)
        if wild == played:
            score += w_alone
        if played == 4:
            score += w_revolts + w_rest_weak * (0.5 - rest_mean)
        wins = (rank == game.lucky or on_lone_joker
                or (rank == JOKERS_ONLY and not game.wild_jokers))
        if wins:
            score += w_wins
        elif game.skip and size and rank == top_rank:
            score += w_skips
        left = cards - played
        if not left:
            score += w_out
        score += (w_left * left + w_kinds_left * (len(kinds) - whole + (jokers_held > wild))
                  ) / SUIT_CARDS
        if play == normal:
            score += w_normal
        if score > best_score:
            best, best_score = play, score
    if size and _dot(weights, [  # a pass, the engine's last move
            float(normal is None), 1.0, float(near_out), top_strength, size / 4,
            float(endgame), cards / SUIT_CARDS, *_NO_PLAY, *_NO_GIVE, *_NO_HOUSE]) > best_score:
        return None
    return best


# The features of a pass, of a play, of a gift and of the house rules' plays (after
# Normal's own), as zeros for the others' moves.
_NO_PASS = (0.0,) * 6
_NO_GIVE = _NO_HOUSE = (0.0,) * 4  # a gift's four, and the four of the house rules' plays
_NO_PLAY = (0.0,) * (len(FEATURES) - 1 - len(_NO_PASS) - len(_NO_GIVE) - len(_NO_HOUSE))


def _dot(weights: Sequence[float], row: Sequence[float]) -> float:
    total = 0.0
    for w, f in zip(weights, row, strict=True):
        total += w * f
    return total


def learned_gift(game: CountsGame, weights: Sequence[float], hand: Hand, revolution: bool
                 ) -> int:
    """``LearnedPolicy``'s gift of one card in counts: the best-scored, the first of equals
    in hand order (its rank, or ``JOKERS_ONLY`` for a Joker)."""
    normal = normal_gift(hand, revolution)
    scaled = game.scaled[revolution]
    best, best_score = JOKERS_ONLY, -math.inf
    for rank in (*(r for r in range(RANKS) if hand[r]), *([JOKERS_ONLY] if hand[JOKERS] else [])):
        strength = 1.0 if rank == JOKERS_ONLY else scaled[rank]
        score = _dot(weights, [
            float(rank == normal), *_NO_PASS, *_NO_PLAY,
            strength, strength, 0.5 if rank == JOKERS_ONLY else 0.0,
            float(rank != JOKERS_ONLY and hand[rank] > 1), *_NO_HOUSE])
        if score > best_score:
            best, best_score = rank, score
    return best
