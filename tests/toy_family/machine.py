"""High Card's rounds: the state, its transitions and what a seat sees (everything)."""

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.errors import GameOver, IllegalAction, NotYourTurn
from engine.core.evolve import evolve
from engine.core.outcome import Outcome
from toy_family.rules import HighCardRules, Lay

__all__ = ["ACTIONS", "HighState", "HighView", "apply", "chance_action", "event_of",
           "initial_state", "legal_actions", "moves_of_cards", "observe", "outcome",
           "rankings", "seats_to_act", "seen_by", "setup", "verify"]

ACTIONS: tuple[type, ...] = (Lay,)


@dataclass(frozen=True)
class HighState:
    rules: HighCardRules
    players: int
    seed: int
    hands: tuple[tuple[int, ...], ...]
    laid: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    round_no: int = 1

    @property
    def actor(self) -> int | None:
        return None if not self.hands[0] and not self.laid else len(self.laid)


@dataclass(frozen=True, slots=True)
class HighView:
    rules: HighCardRules
    players: int
    seat: int
    round_no: int
    actor: int | None
    hand: tuple[int, ...]
    laid: tuple[int, ...]
    scores: tuple[int, ...]
    legal: tuple[Lay, ...]


def setup(rules: HighCardRules, players: int, *, scores: Sequence[int] = ()) -> HighState:
    state = initial_state(rules, players, 0)
    return evolve(state, scores=tuple(scores) or state.scores)


def initial_state(rules: HighCardRules, players: int, seed: int) -> HighState:
    rules.check_players(players)
    hand = tuple(range(1, rules.cards + 1))
    return HighState(rules, players, seed, (hand,) * players, (), (0,) * players)


def chance_action(state: HighState) -> None:
    """No chance in High Card."""


def seats_to_act(state: HighState) -> tuple[int, ...]:
    return () if state.actor is None else (state.actor,)


def legal_actions(state: HighState, seat: int) -> list[Lay]:
    return [Lay(seat, card) for card in state.hands[seat]] if seat == state.actor else []


def verify(state: HighState, action: Lay) -> None:
    if state.actor is None:
        raise GameOver("the game is over")
    if action.seat != state.actor:
        raise NotYourTurn(f"it is seat {state.actor}'s turn")
    if action.card not in state.hands[action.seat]:
        raise IllegalAction(f"you don't hold a {action.card}")


def apply(state: HighState, action: Lay) -> HighState:
    hands = list(state.hands)
    hands[action.seat] = tuple(c for c in hands[action.seat] if c != action.card)
    laid = (*state.laid, action.card)
    if len(laid) < state.players:
        return evolve(state, hands=tuple(hands), laid=laid)
    best = max(laid)
    scores = tuple(score + (card == best and laid.count(best) == 1)
                   for score, card in zip(state.scores, laid, strict=True))
    return evolve(state, hands=tuple(hands), laid=(), scores=scores,
                  round_no=state.round_no + 1)


def observe(state: HighState, seat: int) -> HighView:
    return HighView(state.rules, state.players, seat, state.round_no, state.actor,
                    state.hands[seat], state.laid, state.scores,
                    tuple(legal_actions(state, seat)))


def outcome(state: HighState) -> Outcome | None:
    return None if state.actor is not None else Outcome.of(state.scores)


def rankings(state: HighState) -> tuple[tuple[int, ...], ...]:
    result = outcome(state)
    return () if result is None else (tuple(result.ranking.index(s)
                                            for s in range(state.players)),)


def moves_of_cards(state: HighState, seat: int, cards: Sequence[str]) -> list[Lay]:
    return [Lay(seat, int(cards[0]))]


def event_of(state: HighState, action: Lay) -> Lay:
    return action


def seen_by(step: Lay, seat: int) -> Lay:
    return step  # every card is laid face up
