"""Error types. Every message is written for a player, not a programmer."""

__all__ = [
    "BadChallenge", "BadInput", "BadLog", "BadName", "BadNotation", "BadOptions", "BadScenario",
    "BadSeat", "CannotUndo", "GameOver", "IllegalAction", "NotYourTurn", "RulesError",
]


class RulesError(ValueError):
    """Base of every error the engine raises on bad input."""


class BadNotation(RulesError):
    """Text that is not a card, an action or a log the engine can read."""


class BadOptions(RulesError):
    """Rules options that do not exist or have a value out of range."""


class BadName(BadOptions):
    """A person's name a table cannot seat: empty, too long, or another seat's."""


class BadLog(RulesError):
    """A game log that cannot be read or does not replay."""


class BadChallenge(RulesError):
    """A challenge that cannot be sent or played: a link whose deal cannot be read or
    whose players' moves do not replay (the message says whose, which move, and why), or
    a game it cannot be sent from."""


class BadScenario(RulesError):
    """A scenario (a start and scripted moves with captions) that cannot be read or
    played: the message says which step, and why, for its author."""


class BadSeat(RulesError):
    """A seat that is not at the table (or is not a seat number at all)."""


class CannotUndo(RulesError):
    """A take-back the table does not allow: none to take, or undo off in this game."""


class IllegalAction(RulesError):
    """A well-formed action that the rules forbid in this position."""


class NotYourTurn(IllegalAction):
    """An action by a seat that is not the one to act."""


class GameOver(IllegalAction):
    """An action after the game has ended."""


class BadInput(RulesError):
    """Text or data from outside (a link, a save, a page's call) that is too long, nests
    too deeply or holds what JSON cannot carry: refused before any work is done on it."""
