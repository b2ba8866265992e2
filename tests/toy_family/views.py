"""High Card's words: its presenter, the view it makes, and its hint's explainer."""

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict

from engine.core.bots import Fared
from engine.core.contract import CardJson, Move, Seat
from engine.core.presenter import Presenter
from engine.core.words import plural
from toy_family.machine import HighView
from toy_family.rules import Lay

__all__ = ["HighCardView", "HighPlayer", "HighPresenter", "explain"]


class HighPlayer(TypedDict):
    seat: Seat
    name: str
    kind: str
    points_text: str


class HighCardView(TypedDict):
    """The hand, the cards laid, the moves."""

    table: Literal["high-card"]
    phase: str
    hand: list[CardJson]
    laid: list[int]
    moves: list[Move]
    players: list[HighPlayer]


class HighPresenter(Presenter):
    def card(self, card: Any) -> CardJson:
        return {"id": str(card), "rank": str(card), "suit": "", "color": "black",
                "name": f"the {card}"}

    def label(self, action: Lay, observation: HighView) -> str:
        return f"Lay {action.card}"

    def narrate(self, step: Lay, before: HighView, after: HighView) -> str:
        return f"{self.names[step.seat]} {self.verb(step.seat, 'lay', 'lays')} {step.card}"

    def waiting_text(self, observation: HighView) -> str:
        return "Waiting for the others"

    def round_text(self, observation: HighView, round_no: int) -> str:
        return f"Round {round_no}"

    def view(self, observation: HighView, kinds: Sequence[str]) -> HighCardView:
        return {"table": "high-card", "phase": "over" if observation.actor is None else "play",
                "hand": [self.card(card) for card in observation.hand],
                "laid": list(observation.laid),
                "moves": [self.move(action, observation) for action in observation.legal],
                "players": [{"seat": seat, "name": self.names[seat], "kind": kinds[seat],
                             "points_text": plural(observation.scores[seat], "point")}
                            for seat in range(observation.players)]}


def explain(observation: HighView, action: Lay, names: Sequence[str],
            fared: Mapping[Lay, Fared]) -> str:
    return "your highest card" if action.card == max(observation.hand) else "a card to spare"
