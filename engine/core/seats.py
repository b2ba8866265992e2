"""Who sits at a table: a person (``HUMAN``) or a bot level, and the seats' names."""

from collections.abc import Sequence

__all__ = ["BOT_NAMES", "HUMAN", "seat_names"]

HUMAN = "human"  # a seat's kind when a person plays it; any other kind is a bot's level
BOT_NAMES = ("Aiko", "Bruno", "Chen", "Dana", "Emeka", "Freya", "Goro", "Hana", "Ivo", "Jun")


def seat_names(kinds: Sequence[str]) -> list[str]:
    """The seats' names: "You" for the one person at the table ("Player 3" where there are
    several), the bots' names in seat order."""
    humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
    bot_names = iter(BOT_NAMES)
    names = []
    for seat, kind in enumerate(kinds):
        if kind != HUMAN:
            names.append(next(bot_names))
        elif len(humans) == 1:
            names.append("You")
        else:
            names.append(f"Player {seat + 1}")
    return names
