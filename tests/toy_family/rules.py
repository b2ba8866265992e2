"""High Card's rules and its one action: every seat holds the cards 1 to ``cards``; in
turn each lays one face up, and the round's highest card, if no one else laid it, scores
a point. The game ends when the hands are empty; the most points wins."""

from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import split_seat
from engine.core.errors import BadNotation, BadOptions
from engine.core.options import RulesBase, option

__all__ = ["PRESETS", "PRESET_TITLES", "RULES_HELP", "TUTORIAL", "HighCardRules", "Lay",
           "parse_action"]


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` face up."""

    seat: int
    card: int
    kind: ClassVar[str] = "lay"

    @property
    def cards(self) -> tuple[int]:
        return (self.card,)

    def __str__(self) -> str:
        return f"{self.seat}:lay {self.card}"


def parse_action(text: str, seat: int | None = None) -> Lay:
    who, body = split_seat(text, seat, "1:lay 2")
    word, _, card = body.partition(" ")
    if word != "lay" or not card.isdigit():
        raise BadNotation(f"{body!r} is not a High Card action: write lay and a card (lay 2)")
    return Lay(who, int(card))


@dataclass(frozen=True, slots=True)
class HighCardRules(RulesBase):
    cards: int = option(3, "Cards", "Every player holds the cards 1 to this number.",
                        minimum=2, labels={3: "3"})
    game: ClassVar[str] = "highcard"

    def check_players(self, players: int) -> None:
        if not 2 <= players <= 4:
            raise BadOptions(f"High Card is for 2 to 4 players, not {players}")

    def parse_action(self, text: str, seat: int | None = None) -> Lay:
        return parse_action(text, seat)


RULES_HELP = ("Lay a card in turn; the highest card no one else laid scores a point.",)
PRESETS = {"highcard": HighCardRules()}
PRESET_TITLES = {"highcard": "As the rules say"}
TUTORIAL = {"game": "highcard", "players": 2, "title": "A round",
            "intro": "Everyone lays a card.", "steps": [
                {"move": "0:lay 3", "caption": "Lay your 3."},
                {"move": "1:lay 2", "caption": "Your 3 scores."}]}
