"""A challenge (duplicate play): a finished game's deal sent with the moves its player
made, for a friend to play the same cards from the same seat against the same bots, and
to send on with their own moves.

A challenge link is a deal link (engine.links: the game, its options, the players, the
bots, the seed, Hard's recorded shares and the bots' weights' digest) with the
challengers' seat (``seat=``) and their runs (``runs=``): each player's name and their own
moves, never a result. Its reader's engine replays each run from the deal: the bots'
moves are not in the link but made again (a bot's move follows from the seed, the
position and Hard's recorded share), so a run's result is what its moves make here. A
run whose moves do not replay, changed, cut short or reordered, is refused, named.

``runs=`` is base64url of the runs, each in turn: the length in bytes of the player's
name, the name (UTF-8), the length in bytes of their moves, and the moves. Each move is
the count of the others' actions (the bots', the deals) since the player's last move,
then the move as a replay link writes one (engine.move_code), all in the variable-length
byte code of ``engine.move_code.write_number``.
"""

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict
from urllib.parse import parse_qsl

from engine import links
from engine.catalogue import outcome, seats_to_act
from engine.config import ConfigJSON, GameConfig
from engine.core.contract import OutcomeCore, Seat
from engine.core.errors import BadChallenge, BadName, RulesError
from engine.core.language import _
from engine.core.seats import HUMAN, YOU, check_name
from engine.move_code import read_choice, read_number, write_choice, write_number
from engine.play import turns
from engine.play.table import Table
from engine.play.view import table_view
from engine.scenario import MAX_STEPS

__all__ = ["MAX_RUNS", "ChallengeJson", "Run", "RunJson", "challenge_link", "read_challenge",
           "replay"]

MAX_RUNS = 8  # the players' runs a challenge carries, its sender's first


class RunJson(TypedDict):
    """A player's run as the reader's engine replayed it: their ``name``, how many
    ``moves`` they made, and what those moves made: their ``place`` (1 is first), their
    ``score`` and the game's ``outcome``; in the game's words, their place
    (``place_text``, "2nd"), the ``title`` their seat ended with (null where the game
    gives none) and their score (``points_text``, "3 points"); and ``replay``, the link of
    a replay of their game from their seat, their hand shown and their name on it (null
    where it is too long for a link)."""

    name: str
    moves: int
    place: int
    score: int
    outcome: OutcomeCore
    place_text: str
    title: str | None
    points_text: str
    replay: str | None


class ChallengeJson(TypedDict):
    """A challenge as read and replayed: the ``config`` to play its deal with
    (``Session.new_game``: the reader at the challengers' ``seat``, a scored game), each
    of its ``runs``, and the ``caution`` a reader is given (its bots learned other
    weights where it was sent: its runs may not replay here), or null."""

    config: ConfigJSON
    seat: Seat
    runs: list[RunJson]
    caution: str | None


@dataclass(frozen=True, slots=True)
class Run:
    """One player's run of a challenge: their name, and their moves as the link writes
    them."""

    name: str
    code: bytes


def challenge_link(table: Table, name: object, fragment: object = None) -> str:
    """The fragment of a challenge to play this finished game's deal: the runs of the
    challenge it was played from (``fragment``, that challenge's link, each run replayed
    to check it; none for a new challenge), then this game's player's, as ``name``.
    Raises ``BadChallenge`` for a game a challenge cannot be sent from (not over, not one
    person's, not dealt from its seed, not the deal of ``fragment``) or a challenge full
    already, ``BadName`` for a name that cannot be shown or is taken."""
    who = check_name(name, _("your name"))
    seat = _challenger(table)
    if who.casefold() in {YOU.casefold(), *(table.names[s].casefold() for s in table.bots)}:
        raise BadName(_("{name} is a name this table gives another: send yours under your "
                        "own").format(name=who))
    runs: tuple[Run, ...] = ()
    if fragment is not None:
        config, runs, _caution = _read(fragment)
        if _deal_of(config) != _deal_of(_config_of(table)):
            raise BadChallenge(_("this game is not the challenge's deal: a challenge is "
                                 "sent on from a game of its own deal"))
        for run in runs:
            replay(config, seat, run)
    if any(run.name.casefold() == who.casefold() for run in runs):
        raise BadName(_("{name} has a run in this challenge already: send yours under "
                        "another name").format(name=who))
    if len(runs) == MAX_RUNS:
        raise BadChallenge(_("this challenge carries {runs} players' runs, as many as one "
                             "can: send a new challenge of your game").format(runs=MAX_RUNS))
    code = _runs_code((*runs, Run(who, _run_code(table, seat))))
    link = links.challenge_link(table.record, table.seats, seat, code, table.shares.first,
                                table.shares.changes)
    if len(link) > links.MAX_LINK:
        raise BadChallenge(_("this challenge is too long for a link ({length} "
                             "characters; a link holds {most})").format(
                                 length=f"{len(link):,}", most=f"{links.MAX_LINK:,}"))
    return link


def read_challenge(fragment: object) -> ChallengeJson:
    """A challenge's deal and its runs, each replayed here and given the result its
    moves make. Raises ``BadChallenge`` for a link that is not a challenge, a deal that
    cannot be read, or a run that does not replay."""
    config, runs, caution = _read(fragment)
    seat = config["seats"].index(HUMAN)
    results: list[RunJson] = []
    for run in runs:
        table = replay(config, seat, run)
        result = outcome(table.state)
        assert result is not None, "a run replays to the end"
        view = table_view(table, seat)
        assert view["outcome"] is not None, "a run replays to the end"
        player: Mapping[str, object] = view["players"][seat]
        place = result.ranking.index(seat) + 1
        title = player.get("title")
        results.append({"name": run.name, "moves": sum(a.seat == seat
                                                       for a in table.record.actions),
                        "place": place, "score": result.scores[seat],
                        "outcome": result.to_json(),
                        "place_text": view["outcome"]["places_text"][place - 1],
                        "title": title if isinstance(title, str) else None,
                        "points_text": str(player["points_text"]),
                        "replay": _replay_link(table, seat, run.name)})
    return {"config": config, "seat": seat, "runs": results, "caution": caution}


def replay(config: ConfigJSON, seat: int, run: Run) -> Table:
    """The game ``run``'s moves make from ``config``'s deal, played to its end, the bots'
    moves made again. Raises ``BadChallenge`` saying whose move does not replay, and
    why."""
    table = Table.create(GameConfig.read(config))
    data, position, made, after = run.code, 0, 0, 0
    try:
        while position < len(data):
            skip, position = read_number(data, position)
            due = after + skip
            while len(table.record.actions) < due and turns.advance(table) is not None:
                pass
            if len(table.record.actions) != due or seat not in seats_to_act(table.state):
                raise BadChallenge(_("{name}'s move {n} comes when it is not their turn: the "
                                     "challenge's moves were changed or reordered").format(
                                         name=run.name, n=made + 1))
            action, position = read_choice(table.state, seat, data, position)
            table.apply(action)
            made, after = made + 1, len(table.record.actions)
    except BadChallenge:
        raise
    except RulesError as error:
        raise BadChallenge(_("{name}'s move {n} cannot be made: {error}").format(
            name=run.name, n=made + 1, error=error)) from None
    except (IndexError, ValueError, UnicodeDecodeError):
        raise BadChallenge(_("{name}'s moves cannot be read after move {n}: the challenge "
                             "was cut or changed").format(name=run.name, n=made)) from None
    while turns.advance(table) is not None:
        pass
    if outcome(table.state) is None:
        raise BadChallenge(_("{name}'s moves stop before the end of the game (after {n}): "
                             "the challenge was cut short").format(name=run.name, n=made))
    return table


def _replay_link(table: Table, seat: int, name: str) -> str | None:
    """The link of a replay of a run's game from its player's seat, their hand shown and
    their own name on their seat; None where the game is too long for a replay link."""
    if len(table.record.actions) > MAX_STEPS + 1:
        return None
    people: list[str | None] = [None] * len(table.seats)
    people[seat] = name
    return links.replay_link(table.record, table.seats, seat, False, table.shares.first,
                             table.shares.changes, people)


# ---------------------------------------------------------------- the runs in a link


def _challenger(table: Table) -> int:
    """The seat of the one person who played this finished game from its deal."""
    if outcome(table.state) is None:
        raise BadChallenge(_("a challenge is sent once the game is over"))
    if table.script is not None or table.record.start is not None:
        raise BadChallenge(_("a challenge is sent from a game dealt from its seed, not "
                             "from an example or a position"))
    if len(table.persons) != 1:
        raise BadChallenge(_("a challenge is sent from a game one person played against "
                             "bots"))
    return table.persons[0]


def _run_code(table: Table, seat: int) -> bytes:
    """``seat``'s moves in the table's record, each after the count of the others'
    actions since the seat's last move."""
    out = bytearray()
    after = 0
    for index, (state, action) in enumerate(zip(table.positions(), table.record.actions,
                                                strict=True)):
        if action.seat == seat:
            write_number(out, index - after)
            write_choice(out, state, action)
            after = index + 1
    return bytes(out)


def _runs_code(runs: tuple[Run, ...]) -> str:
    out = bytearray()
    for run in runs:
        name = run.name.encode()
        write_number(out, len(name))
        out += name
        write_number(out, len(run.code))
        out += run.code
    return base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


def _read(fragment: object) -> tuple[ConfigJSON, tuple[Run, ...], str | None]:
    """A challenge link's deal (the config to play it with), its runs, read (not yet
    replayed), and the caution a reader is given."""
    reading = links.read_link(fragment)
    if reading.kind != "challenge" or reading.notices:
        why = _("; ").join(reading.notices) or _("it carries no players' runs")
        raise BadChallenge(_("this link is not a challenge that can be played: {why}").format(
            why=why))
    assert isinstance(fragment, str), "a link read is text"
    code = dict(parse_qsl(fragment.removeprefix("#"), keep_blank_values=True))["runs"]
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise BadChallenge(_("the challenge's runs cannot be read: they are not base64url")
                           ) from None
    runs: list[Run] = []
    position = 0
    try:
        while position < len(data):
            length, position = read_number(data, position)
            name = check_name(data[position:position + length].decode(),
                              _("the name of run {n}").format(n=len(runs) + 1))
            length, position = read_number(data, position + length)
            runs.append(Run(name, data[position:position + length]))
            position += length
    except (IndexError, ValueError, UnicodeDecodeError, BadName) as error:
        raise BadChallenge(_("the challenge's runs cannot be read after {n}: {why}").format(
            n=len(runs), why=error if isinstance(error, BadName) else _("they were cut"))
                           ) from None
    if position > len(data):
        raise BadChallenge(_("{name}'s moves were cut off: the challenge was cut short"
                             ).format(name=runs[-1].name))
    if not runs or len(runs) > MAX_RUNS:
        raise BadChallenge(_("a challenge carries 1 to {most} players' runs, not {n}").format(
            most=MAX_RUNS, n=len(runs)))
    names = [run.name.casefold() for run in runs]
    if len(set(names)) != len(names):
        raise BadChallenge(_("two of the challenge's runs have one name"))
    return reading.config, tuple(runs), reading.caution


def _config_of(table: Table) -> ConfigJSON:
    """The deal a table plays, as a challenge's config gives it."""
    return {"game": table.record.rules.game, "options": table.record.rules.options(),
            "seats": list(table.seats), "seed": table.record.seed,
            "hard_budget": table.shares.first,
            "hard_changes": [list(change) for change in table.shares.changes]}


def _deal_of(config: ConfigJSON) -> tuple[object, ...]:
    """What makes a deal the same deal: the game, its options, its seats, seed and Hard's
    shares."""
    return (config.get("game"), config.get("options"), config.get("seats"),
            config.get("seed"), config.get("hard_budget"), config.get("hard_changes"))
