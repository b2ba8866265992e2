"""Today's deal played: whether a finished game is the day's deal of its game on a date
(``engine.config.todays_deal``: its seed, rules and seats, played by one person with no
take-backs), and its result as a player shares it, without a card, in the language in
force: "Tycoon Table · Tycoon, 7 Dec · 1st of 4 · 52 moves" (in Japanese, as
docs/GLOSSARY.md writes it), with the challenge link of the game where the player gives
their name (``engine.play.challenge``), the same link in every language."""

import datetime
from collections.abc import Mapping
from typing import Any, TypedDict

from engine.catalogue import GAMES, outcome
from engine.config import ConfigJSON, GameConfig
from engine.core.errors import BadInput
from engine.core.language import _, n_, p_, pN_
from engine.core.words import place_words
from engine.play import challenge
from engine.play.table import Table

__all__ = ["TodaysResultJson", "said_again", "todays_result"]

MONTHS = (pN_("month", "Jan"), pN_("month", "Feb"), pN_("month", "Mar"),
          pN_("month", "Apr"), pN_("month", "May"), pN_("month", "Jun"),
          pN_("month", "Jul"), pN_("month", "Aug"), pN_("month", "Sep"),
          pN_("month", "Oct"), pN_("month", "Nov"), pN_("month", "Dec"))


class TodaysResultJson(TypedDict):
    """The day's deal as its player finished it: the ``date`` and ``game`` it is of, the
    player's ``place`` (1 is first; ``place_text``, "1st") among ``players``, the
    ``moves`` they made; ``text``,
    the line they share ("Tycoon Table · Tycoon, 7 Dec · 1st of 4 · 52 moves"), and
    ``link``, the challenge of their game under their name (null where none is given)."""

    date: str
    game: str
    place: int
    place_text: str
    players: int
    moves: int
    text: str
    link: str | None


def todays_result(table: Table, date: str, config: ConfigJSON,
                  name: str | None) -> TodaysResultJson | None:
    """The result of ``table`` as the day's deal of ``date``, ``config``
    (``engine.config.todays_deal``); None where it is not that deal, or not over.
    Raises ``BadName`` for a ``name`` the challenge cannot carry."""
    deal = GameConfig.read(config)
    result = outcome(table.state)
    if (result is None or table.record.seed != deal.seed or table.record.rules != deal.rules
            or tuple(table.seats) != deal.seats or any(table.people)
            or table.undo_allowed or table.taken_back or table.script is not None
            or table.shares.first != deal.hard_budget or table.shares.changes):
        return None
    seat = table.seats.index(deal.seats[0])
    place = result.ranking.index(seat) + 1
    moves = sum(action.seat == seat for action in table.record.actions)
    game = table.record.rules.game
    place_text, text = _words(game, date, place, len(table.seats), moves)
    return {"date": date, "game": game, "place": place, "place_text": place_text,
            "players": len(table.seats), "moves": moves, "text": text,
            "link": None if name is None else challenge.challenge_link(table, name)}


def _words(game: str, date: str, place: int, players: int, moves: int) -> tuple[str, str]:
    """A day's result's words in the language in force: its place and the line shared."""
    day = datetime.date.fromisoformat(date)
    place_text = place_words(place)
    text = _("Tycoon Table · {game}, {date} · {place} · {moves}").format(
        game=p_("game", GAMES[game].title),
        date=_("{day} {month}").format(day=day.day, month=p_("month", MONTHS[day.month - 1])),
        place=_("{place} of {players}").format(place=place_text, players=players),
        moves=n_("{n} move", "{n} moves", moves).format(n=moves))
    return place_text, text


def said_again(results: Any) -> dict[str, Any]:
    """The page's kept results of today's deal (by game, each as ``todays_result`` gave
    it, with or without its ``game``), their words said again in the language in force:
    a result kept before a switch of language reads in the new one. One the engine cannot
    read (an unknown game, a field of the wrong kind) is given back as it was; raises
    ``BadInput`` where ``results`` is no object."""
    if not isinstance(results, Mapping):
        raise BadInput(_("the results of today's deal are an object, by game"))
    return {game: _said(game, result) if _readable(game, result) else result
            for game, result in results.items()}


def _said(game: str, result: Mapping[str, Any]) -> dict[str, Any]:
    place_text, text = _words(game, result["date"], result["place"], result["players"],
                              result["moves"])
    return {**result, "place_text": place_text, "text": text}


def _readable(game: str, result: Any) -> bool:
    if not (game in GAMES and isinstance(result, Mapping)
            and all(type(result.get(key)) is int and result[key] > 0
                    for key in ("place", "players", "moves"))
            and result["place"] <= result["players"] and isinstance(result.get("date"), str)):
        return False
    try:
        datetime.date.fromisoformat(result["date"])
    except ValueError:
        return False
    return True
