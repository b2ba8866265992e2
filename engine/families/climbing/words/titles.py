"""A climbing game's titles and places as a player of the session's language reads them.
The rules keep each title as data, in English (``rules.title``: "Tycoon", "Beggar"; a game
without titles, Matchstick Tycoon, keeps its places, "1st"), and each is said here."""

from engine.core.language import _
from engine.core.words import ordinal, place_words
from engine.families.climbing.rules.state import ClimbingRules, ClimbObservation

__all__ = ["seat_titles", "title_words"]


def title_words(rules: ClimbingRules, place: int, players: int) -> str:
    """A place's title in the language in force: a game whose titles are its places says
    the place ("1st"; 「1位」)."""
    title = rules.title(place, players)
    return place_words(place + 1) if title == ordinal(place + 1) else _(title)


def seat_titles(obs: ClimbObservation) -> tuple[str | None, ...]:
    """Each seat's title from the last round, in words (None in the first round)."""
    last = obs.last_places
    if last is None:
        return (None,) * obs.players
    return tuple(title_words(obs.rules, last.index(s), obs.players)
                 for s in range(obs.players))
