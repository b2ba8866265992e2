"""Links: a deal, a replay or a scenario in a URL fragment, versioned.

``#v=1&game=president&preset=president-bga&players=5&bots=hard&seed=81723`` deals the
same cards to the same seats anywhere, and the bots, which decide from the seed and the
position, make the same choices. Friends at the sender's phone are seats of their own
(``bots=human,normal,normal``), named by seat where they have names
(``people=,Mia``). Any option of the game rides along by its name
(``rounds=3``), and last, where the game's bots play with learned weights, their digest
(``policy=3f2a9c81b0de``): a link made with other weights than this version's opens all
the same, with a ``caution`` saying the bots may play otherwise. A replay adds the
game's moves (``moves=``, compact: each move's place among the legal moves, see
engine.move_code), the sharer's seat (``seat=``) and whether every hand is shown
(``reveal=1``). A scenario link carries the scenario's JSON (``scenario=``, base64url).

A link is read by the engine's own readers, as anything from outside is: unknown keys
are ignored (a later version may add some), a bad value falls back to its default with
a notice naming what was ignored, and a link of a newer version says so.

>>> link = deal_link({"game": "tycoon", "options": {"rounds": 3},
...                   "seats": ["human", "hard", "hard", "hard"], "seed": 81723})
>>> link.partition("&policy=")[0]  # then the bots' weights' digest, where they have some
'v=1&game=tycoon&players=4&bots=hard&seed=81723&rounds=3'
>>> reading = read_link("#" + link)
>>> reading.kind, reading.config["seed"], reading.config["options"]["rounds"], reading.notices
('deal', 81723, 3, [])
>>> read_link("#v=1&game=tycoon&players=9&seed=5").notices
['players=9 was ignored: Tycoon is for 3 to 5 players; 4 are dealt in']
"""

import base64
import binascii
import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar
from urllib.parse import parse_qsl, urlencode

from engine.catalogue import GAMES, Game, Rules, make_rules
from engine.config import ConfigJSON, GameConfig
from engine.core import limits
from engine.core.actions import CHANCE
from engine.core.errors import BadNotation, BadScenario, RulesError
from engine.core.language import N_, _, p_
from engine.core.options import option_infos
from engine.core.seats import HUMAN, check_names, read_people, write_people
from engine.log import GameRecord, policy_of
from engine.move_code import decode_moves, encode_moves
from engine.players.levels import BOTS, DEFAULT_LEVEL
from engine.scenario import MAX_STEPS, Scenario, ScriptStep, read_scenario, replay_title

__all__ = ["LINK_VERSION", "MAX_FIELDS", "MAX_LINK", "MAX_SEED", "LinkKind", "LinkReading",
           "challenge_link", "deal_link", "embed_fields", "read_link", "replay_link",
           "scenario_code", "scenario_link"]

LINK_VERSION = 1
MAX_LINK = 100_000  # characters: a replay of a long game is a few thousand
MAX_FIELDS = 64
MAX_SEED = 2**53  # a seed is a whole number JavaScript keeps exactly
DIGEST = re.compile("[0-9a-f]{12}")  # a learned policy's digest (engine.core.bots.Learning)

# What opening a link made where the bots played with other learned weights says.
DEAL_CAUTION = N_("This deal was shared from a version whose bots learned other weights: "
                  "they may play it differently here.")
REPLAY_CAUTION = N_("This replay was shared from a version whose bots learned other weights: "
                    "its moves replay exactly as they were played, but if you play on, the "
                    "bots may play differently here.")
# Why a link that was read cannot open its game, by what it opens.
CANNOT_PLAY = {"deal": N_("the link's deal cannot be played: {error}"),
               "replay": N_("the link's replay cannot be played: {error}"),
               "scenario": N_("the link's scenario cannot be played: {error}"),
               "challenge": N_("the link's challenge cannot be played: {error}")}


LinkKind = Literal["deal", "replay", "scenario", "challenge", "none"]
Seated = TypeVar("Seated")  # a seat's kind, or its person's name


@dataclass
class LinkReading:
    """What a link opens: ``kind`` is "deal", "replay", "scenario", "challenge" or "none"
    (no link, or one that cannot open anything: the lobby), ``config`` the game's config for
    ``Session.new_game`` (a replay's is a scenario of its moves), ``notices``, each
    a sentence naming what was ignored and why, and ``caution``, a whole sentence saying
    how the game it opens may go otherwise than it did where it was shared (its bots
    learned other weights there), or None; the words in the language in force, the
    config in none."""

    kind: LinkKind = "none"
    config: ConfigJSON = field(default_factory=lambda: ConfigJSON())
    notices: list[str] = field(default_factory=list)
    caution: str | None = None


def read_link(fragment: object) -> LinkReading:
    """What a URL fragment (``#`` optional) opens; never raises."""
    reading = LinkReading()
    if not isinstance(fragment, str):
        return reading
    text = fragment.removeprefix("#")
    if len(text) > MAX_LINK:
        reading.notices.append(_("the link is too long to read ({length} characters)"
                                 ).format(length=f"{len(text):,}"))
        return reading
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except ValueError:
        reading.notices.append(_("the link has too many parts to be one of Tycoon Table's"))
        return reading
    values: dict[str, str] = {}
    for key, value in pairs:
        if key not in values:
            values[key] = value
        elif value != values[key]:
            reading.notices.append(_("{key} was given twice: the first, {value}, is used"
                                     ).format(key=_shown(key), value=_shown(values[key])))
    if "v" not in values:
        return reading  # not a link to a game: the app opens as usual
    version = values["v"]
    if version != str(LINK_VERSION):
        newer = version.isdigit() and version.isascii() and int(version) > LINK_VERSION
        reading.notices.append((
            _("this link was made by a newer version of Tycoon Table (v={version}): reload "
              "the app to update it, then open the link again") if newer else
            _("v={version} is not a version of Tycoon Table's links")).format(
                version=_shown(version)))
        return reading
    if "scenario" in values:
        return _scenario(values["scenario"], reading)
    game = _game(values.get("game"), reading)
    if game is None:
        return reading
    rules = _rules(game, values, reading)
    players = _players(game, values.get("players"), reading)
    seats = [HUMAN, *_bots(values.get("bots"), players, reading)]
    written_people = values.get("people")
    seed = _seed(values.get("seed"), reading)
    share, changes = _hard(values.get("hard"), reading)
    other_weights = _other_weights(values.get("policy"), rules, reading)
    config: ConfigJSON = {"game": game.name, "options": rules.options(), "seats": seats,
                          "seed": seed, "undo": False, "hard_budget": share,
                          "hard_changes": changes}
    caution = _(DEAL_CAUTION) if other_weights else None
    if "runs" in values:
        # A challenge's deal, played from its challengers' seat (their runs are read by
        # engine.play.challenge), by one person.
        seat = _seat(values.get("seat"), players, reading)
        if HUMAN in seats[1:]:
            reading.notices.append(_("bots={bots} was ignored: a challenge is played by one "
                                     "person; {level} bots play").format(
                                         bots=_shown(values["bots"]), level=DEFAULT_LEVEL))
            seats = [HUMAN] + [DEFAULT_LEVEL] * (players - 1)
        if written_people is not None:
            reading.notices.append(_("people={people} was ignored: a challenge is played "
                                     "by one person").format(people=_shown(written_people)))
        return _opens("challenge", {**config, "seats": _seated(seats[1:], seat, HUMAN)},
                      reading, caution=caution)
    if "moves" not in values:
        people = _people(written_people, seats, reading)
        return _opens("deal", {**config, **_named(people)}, reading, caution=caution)
    # A replay is shown from the sharer's seat; the others, in order, are bots or the
    # sharer's friends (as the link's seats and people, written from the sharer's, are).
    seat = _seat(values.get("seat"), players, reading)
    seated = _seated(seats[1:], seat, HUMAN)
    people = _people(written_people, seated, reading, seat)
    actions = decode_moves(GameRecord(rules, players, seed), values["moves"], reading.notices,
                           MAX_STEPS + 1)  # the first deal, then a scenario's steps
    if actions and actions[0].seat == CHANCE:
        actions = actions[1:]  # the first deal is the seed's: a scenario deals it itself
    # A replay of a named sharer's game (a challenger's run) says whose it is.
    title = replay_title(people[seat] if seat < len(people) else None, game.title)
    scenario = Scenario(GameRecord(rules, players, seed), title, "", seat,
                        tuple(ScriptStep(action, "") for action in actions))
    return _opens("replay", {
        "scenario": scenario.to_json(), "seats": seated, **_named(people),
        "undo": False, "reveal": values.get("reveal") == "1", "stepped": True,
        "hard_budget": share, "hard_changes": changes}, reading, scenario,
        _(REPLAY_CAUTION) if other_weights else None)


def deal_link(config: ConfigJSON) -> str:
    """The fragment (without ``#``) that deals a game of ``config`` again: its game,
    options (those not at their defaults), players, bots (a friend's seat, ``human``),
    the people's names by seat where any has one (``people``, see ``write_people``),
    seed, Hard's share of thinking where it is not whole: ``hard``, in percent, then
    each change as ``,moves:percent`` (``hard=59,31:50``: 59% from the start, 50% from
    move 31), and, last, the digest of the learned weights the bots play with here,
    where they play with some (``policy``). The first seat is the reader's; one bot
    level is written once."""
    rules = make_rules(config.get("game", "tycoon"), None, config.get("options") or {})
    seats = config.get("seats", [])
    levels = list(seats[1:])
    fields: list[tuple[str, Any]] = [("v", LINK_VERSION), ("game", rules.game),
                                     ("players", len(seats)),
                                     ("bots", levels[0] if len(set(levels)) == 1
                                      else ",".join(levels))]
    people = config.get("people") or []
    if any(name is not None for name in people):
        fields.append(("people", write_people(people)))
    fields.append(("seed", config.get("seed")))
    share, changes = config.get("hard_budget", 1), config.get("hard_changes", ())
    if share != 1 or changes:
        fields.append(("hard", ",".join([str(round(share * 100)), *(
            f"{moves}:{round(changed * 100)}" for moves, changed in changes)])))
    defaults = type(rules)()
    fields += [(name, _written(value)) for name, value in rules.options().items()
               if value != getattr(defaults, name)]
    policy = policy_of(rules)
    if policy is not None:
        fields.append(("policy", policy))
    return urlencode(fields, safe=",:")


def replay_link(record: GameRecord, seats: Sequence[str], seat: int, reveal: bool,
                hard_share: float = 1.0, hard_changes: Sequence[tuple[int, float]] = (),
                people: Sequence[str | None] = ()) -> str:
    """The fragment of a replay of ``record`` (a game dealt from its seed) from seat
    ``seat``'s place, showing every hand when ``reveal``, the other people at their
    seats with their names (``people``, by seat); the bots of a game played on from it
    think with ``hard_share`` of Hard's budget and its ``hard_changes``, as they did."""
    deal = _deal_from(record, seats, seat, hard_share, hard_changes, people)
    return deal + "&" + urlencode([("seat", seat), ("reveal", int(reveal)),
                                   ("moves", encode_moves(record))])


def challenge_link(record: GameRecord, seats: Sequence[str], seat: int, runs: str,
                   hard_share: float = 1.0, hard_changes: Sequence[tuple[int, float]] = ()
                   ) -> str:
    """The fragment of a challenge: ``record``'s deal (a game dealt from its seed) to play
    from seat ``seat``'s place against the same bots, thinking with ``hard_share`` of
    Hard's budget and its ``hard_changes`` as they did, with its players' ``runs``
    (``runs=``, as engine.play.challenge writes them)."""
    deal = _deal_from(record, seats, seat, hard_share, hard_changes)
    return deal + "&" + urlencode([("seat", seat), ("runs", runs)])


def _deal_from(record: GameRecord, seats: Sequence[str], seat: int, hard_share: float,
               hard_changes: Sequence[tuple[int, float]],
               people: Sequence[str | None] = ()) -> str:
    """The deal link of ``record`` with the sharer at seat ``seat`` (written first) and
    the other seats in order (bots, and the sharer's friends), the people's names
    (``people``, by seat) in the same order."""
    if record.start is not None:
        raise BadNotation(_("a game begun from a position is shared as its scenario"))
    others = _sharer_first(list(seats), seat)[1:]
    config: ConfigJSON = {
        "game": record.rules.game, "options": record.rules.options(),
        "seats": [HUMAN, *others], "seed": record.seed,
        "hard_budget": hard_share,
        "hard_changes": [[moves, share] for moves, share in hard_changes]}
    if any(name is not None for name in people):
        config["people"] = _sharer_first(list(people), seat)
    return deal_link(config)


def _sharer_first(by_seat: list[Seated], seat: int) -> list[Seated]:
    """Seat ``seat``'s entry, then the others' in order: how a link shared from seat
    ``seat`` writes its seats and names (``_seated`` reads them back)."""
    return [by_seat[seat], *by_seat[:seat], *by_seat[seat + 1:]]


def _seated(others: Sequence[Seated], seat: int, yours: Seated) -> list[Seated]:
    """The seats (or names) of a link shared from seat ``seat``: the reader's (``yours``)
    there, ``others`` (the bots, and the sharer's friends) in order round it."""
    return [*others[:seat], yours, *others[seat:]]


def scenario_link(scenario: Mapping[str, Any]) -> str:
    """The fragment of a scenario: its JSON, compact, in base64url."""
    text = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False)
    return urlencode([("v", LINK_VERSION), ("scenario", scenario_code(text))])


def scenario_code(text: str) -> str:
    """A scenario's JSON text as a link carries it (base64url of its UTF-8)."""
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def embed_fields(config: ConfigJSON, scenario: str | None) -> list[tuple[str, str]]:
    """The ``data-`` attributes of an embedded table for the loader (embed.js): the game's
    link without its seed (each reader gets a deal of their own), version (the loader
    writes it) or weights' digest (a page keeps its table through every version's
    weights, and each reader's bots play with their own), and the scenario's JSON text,
    compact, when there is one. Raises ``BadScenario`` with what an author must fix."""
    fields = [(key, value) for key, value in parse_qsl(deal_link({**config, "seed": 0,
                                                                  "hard_budget": 1}))
              if key not in ("v", "seed", "policy")]
    if scenario is None:
        return fields
    try:
        data = limits.load_json(scenario, "the scenario")
    except RulesError as error:
        raise BadScenario(str(error)) from None
    read_scenario(data)
    return [("game", str(data.get("game"))),
            ("scenario", json.dumps(data, separators=(",", ":"), ensure_ascii=False))]


# ---------------------------------------------------------------- reading each part


def _shown(value: str) -> str:
    """A value from a link as a notice quotes it: short, and only as text."""
    return value if len(value) <= 24 else value[:21] + "…"


def _game(name: str | None, reading: LinkReading) -> Game | None:
    if name is None:
        reading.notices.append(_("the link names no game"))
        return None
    game = GAMES.get(name)
    if game is None:
        reading.notices.append(_("game={game} is not a game here: the games are {games}"
                                 ).format(game=_shown(name), games=_(", ").join(GAMES)))
    return game


def _rules(game: Game, values: dict[str, str], reading: LinkReading) -> Rules:
    """The preset (if valid) with each option of the link over it that its rules take."""
    preset = values.get("preset")
    if preset is not None and preset not in game.presets:
        reading.notices.append(_("preset={preset} was ignored: it is not one of {game}'s "
                                 "rule sets").format(preset=_shown(preset),
                                                     game=p_("game", game.title)))
        preset = None
    rules = make_rules(game.name, preset)
    for info in option_infos(game.rules):
        if info.name not in values:
            continue
        written = values[info.name]
        try:
            rules = make_rules(game.name, None, {**rules.options(),
                                                 info.name: info.read(written)})
        except RulesError as error:
            reading.notices.append(_("{name}={value} was ignored: {error}").format(
                name=info.name, value=_shown(written), error=error))
    return rules


def _written(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _players(game: Game, written: str | None, reading: LinkReading) -> int:
    if written is None:
        return game.default_players
    if written.isascii() and written.isdigit() and len(written) <= 3:
        players = int(written)
        if players in game.players:
            return players
    first, last = game.players[0], game.players[-1]
    reading.notices.append((
        _("players={players} was ignored: {game} is for {first} or {last} players; {n} are "
          "dealt in") if last - first == 1 else
        _("players={players} was ignored: {game} is for {first} to {last} players; {n} are "
          "dealt in")).format(players=_shown(written), game=p_("game", game.title),
                              first=first, last=last, n=game.default_players))
    return game.default_players


def _bots(written: str | None, players: int, reading: LinkReading) -> list[str]:
    """The other seats' bots: one level for all, or one per seat (``human``: a friend at
    the sender's phone)."""
    levels = [] if written is None else written.split(",", players)
    if len(levels) == 1:
        levels *= players - 1
    if len(levels) == players - 1 and all(level in BOTS or level == HUMAN
                                          for level in levels):
        return levels
    if written is not None:
        reading.notices.append(_("bots={bots} was ignored: the bots are {levels} (and "
                                 "{human}, a friend), one for all or one per seat; {level} "
                                 "bots play").format(bots=_shown(written),
                                                     levels=_(", ").join(BOTS), human=HUMAN,
                                                     level=DEFAULT_LEVEL))
    return [DEFAULT_LEVEL] * (players - 1)


def _people(written: str | None, seats: list[str], reading: LinkReading, seat: int = 0
            ) -> list[str | None]:
    """The people's names by seat a link gives (``read_people``), checked against its
    ``seats`` (``check_names``), written from seat ``seat``'s place (the sharer's, first);
    none where it gives none, or with a notice where they cannot be read."""
    if written is None:
        return []
    try:
        names = read_people(written, len(seats))
        return list(check_names(seats, _seated(names[1:], seat, names[0])))
    except RulesError as error:
        reading.notices.append(_("people={people} was ignored: {error}; the people at the "
                                 "table play without names").format(people=_shown(written),
                                                                    error=error))
        return []


def _named(people: list[str | None]) -> ConfigJSON:
    """A config's ``people``, where any has a name (else none: as before people had
    them)."""
    return {"people": people} if any(name is not None for name in people) else {}


def _seed(written: str | None, reading: LinkReading) -> int:
    if written is not None and written.isascii() and written.isdigit() and len(written) < 17:
        seed = int(written)
        if seed < MAX_SEED:
            return seed
    if written is not None:
        reading.notices.append(_("seed={seed} was ignored: a seed is a whole number; a new "
                                 "deal is dealt").format(seed=_shown(written)))
    return random.SystemRandom().randrange(2**31)


def _hard(written: str | None, reading: LinkReading
          ) -> tuple[float, list[list[int | float]]]:
    """Hard's share of thinking from its percent, and its changes, each ``[moves,
    share]`` (the whole budget where none is given)."""
    if written is None:
        return 1.0, []
    first, *rest = written.split(",")
    share = _percent(first)
    changes: list[list[int | float]] = []
    for change in rest:
        moves, _colon, percent = change.partition(":")
        changed = _percent(percent)
        if (changed is None or not (moves.isascii() and moves.isdigit()) or len(moves) > 6
                or (changes and int(moves) <= changes[-1][0])):
            share = None
            break
        changes.append([int(moves), changed])
    if share is None:
        reading.notices.append(_("hard={hard} was ignored: it is a percent from 5 to 100, "
                                 "then any changes as ,moves:percent; Hard thinks in full"
                                 ).format(hard=_shown(written)))
        return 1.0, []
    return share, changes


def _other_weights(written: str | None, rules: Rules, reading: LinkReading) -> bool:
    """Whether the link was made where the bots of ``rules``' game played with other learned
    weights than here: its ``policy`` is another digest. A link without one records
    none (a link from before links recorded weights, or of a game whose bots learn
    none), so nothing is compared."""
    if written is None:
        return False
    if DIGEST.fullmatch(written) is None:
        reading.notices.append(_("policy={policy} was ignored: it is the digest of the "
                                 "bots' learned weights, 12 hex digits").format(
                                     policy=_shown(written)))
        return False
    return written != policy_of(rules)


def _percent(written: str) -> float | None:
    """A share from its percent, a whole number from 5 to 100; None if it is not one."""
    if (written.isascii() and written.isdigit() and len(written) <= 3
            and 5 <= int(written) <= 100):
        return int(written) / 100
    return None


def _seat(written: str | None, players: int, reading: LinkReading) -> int:
    if written is None:
        return 0
    if written.isascii() and written.isdigit() and len(written) <= 2 and int(written) < players:
        return int(written)
    reading.notices.append(_("seat={seat} was ignored: the replay is shown from the first "
                             "seat").format(seat=_shown(written)))
    return 0


def _scenario(code: str, reading: LinkReading) -> LinkReading:
    """A scenario link's config, once its scenario has been read and each of its steps
    made (a link that cannot be played is refused before a game is replaced for it)."""
    try:
        text = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode()
        scenario = limits.load_json(text, "it")
    except (binascii.Error, ValueError) as error:  # a UnicodeDecodeError, a BadInput
        reason = str(error) if isinstance(error, RulesError) else _("it is not base64url text")
        reading.notices.append(_("the link's scenario cannot be read: {reason}").format(
            reason=reason))
        return reading
    return _opens("scenario", {"scenario": scenario, "undo": False, "stepped": True}, reading)


def _opens(kind: LinkKind, config: ConfigJSON, reading: LinkReading,
           scenario: Scenario | None = None, caution: str | None = None) -> LinkReading:
    """The reading of a link that opens ``config``, once it has been read as the game it
    opens will be (``scenario``: its scenario, read already), with its ``caution``: a
    link that cannot be played is refused before a game is replaced for it."""
    try:
        GameConfig.read(config, scenario=scenario)
    except RulesError as error:
        reading.notices.append(_(CANNOT_PLAY[kind]).format(error=error))
        return reading
    reading.kind, reading.config, reading.caution = kind, config, caution
    return reading

