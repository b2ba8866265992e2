"""The replies of ``engine.api.Session`` besides those of a game in progress (which
``engine.core.contract`` declares with the views), declared once: each ``Session``
method returns its reply's type, and the contract's JSON Schema is generated from them
(scripts/write_view_schema.py). Any call may be refused instead, with
``core.contract.ErrorReply``."""

from typing import Any, Literal, TypedDict

from engine.config import ConfigJSON
from engine.core.contract import MovesReply, OptionJson, OptionValue
from engine.links import LinkKind
from engine.play.challenge import ChallengeJson
from engine.play.sharing import LinksJson, TableLogJson
from engine.play.today import TodaysResultJson
from engine.players.levels import LevelJson

__all__ = [
    "AgainReply",
    "ChallengeLinkReply",
    "ChallengeReply",
    "DealLinkReply",
    "EmbedReply",
    "GameJson",
    "GamesJson",
    "GamesReply",
    "LanguageReply",
    "LinksReply",
    "LoadLogReply",
    "LogReply",
    "PaceReply",
    "PresetJson",
    "ReadLinkReply",
    "TodaysDealReply",
]


class PresetJson(TypedDict):
    """A preset as a lobby offers it: its ``title`` and its ``options``."""

    title: str
    options: dict[str, OptionValue]


class GameJson(TypedDict):
    """A game as a lobby offers it: its title, one-line description, seat counts, its
    options, presets, rules help (paragraphs), and whether the app's lobby offers it."""

    title: str
    description: str
    players: list[int]
    default_players: int
    options: list[OptionJson]
    presets: dict[str, PresetJson]
    rules: list[str]
    on_table: bool


class GamesJson(TypedDict):
    """The games by name, every bot, the levels a lobby offers, and the other seats'
    names (in seat order from seat 1)."""

    games: dict[str, GameJson]
    bots: list[str]
    levels: list[LevelJson]
    names: list[str]


class GamesReply(GamesJson):
    """``games``."""

    ok: Literal[True]


class ReadLinkReply(TypedDict):
    """``read_link``: what a link opens, the ``config`` to start it with, what in it
    was ignored (``notices``), and the ``caution`` a player is given on opening it (a
    sentence; null where there is none)."""

    ok: Literal[True]
    kind: LinkKind
    config: ConfigJSON
    notices: list[str]
    caution: str | None


class LoadLogReply(MovesReply):
    """``load_log``: the moves made, the view, and the ``caution`` a player is given on
    opening the log (a sentence; null where there is none)."""

    caution: str | None


class DealLinkReply(TypedDict):
    """``deal_link``: a new deal's link (a fragment) and the seed it deals."""

    ok: Literal[True]
    link: str
    seed: int


class LanguageReply(TypedDict):
    """``set_language``: the ``language`` now spoken, of the ``languages`` the engine
    speaks, and the ``results`` of today's deal it was given, said in it."""

    ok: Literal[True]
    language: str
    languages: list[str]
    results: dict[str, Any]


class PaceReply(TypedDict):
    """``set_pace``: how long Hard may think on this device, in ms (null where the
    session does not time Hard)."""

    ok: Literal[True]
    think_ms: float | None


class EmbedReply(TypedDict):
    """``embed``: the loader's ``data-`` attributes as [name, value] pairs, and the
    embedded table's link, for a preview."""

    ok: Literal[True]
    fields: list[list[str]]
    link: str


class LinksReply(LinksJson):
    """``links``."""

    ok: Literal[True]


class AgainReply(TypedDict):
    """``again``: the choices of the game in progress, for a new deal of them (null for
    a scenario or a game begun from a position)."""

    ok: Literal[True]
    config: ConfigJSON | None


class ChallengeLinkReply(TypedDict):
    """``challenge_link``: the link of a challenge (a fragment): the deal, and each
    player's name and moves, never a result."""

    ok: Literal[True]
    link: str


class ChallengeReply(ChallengeJson):
    """``read_challenge``: the challenge's deal and each player's run, as replayed here."""

    ok: Literal[True]


class TodaysDealReply(TypedDict):
    """``todays_deal``: the ``config`` of the day's deal (for ``new_game``), its ``date``
    and its ``seed``; the ``result`` the game in play made of it (null where it is not
    that deal, or not over)."""

    ok: Literal[True]
    date: str
    seed: int
    config: ConfigJSON
    result: TodaysResultJson | None


class LogReply(TypedDict):
    """``export_log``: the table's log."""

    ok: Literal[True]
    log: TableLogJson
