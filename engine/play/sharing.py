"""What is kept and shared of a table's game: its log, its links (the deal, a replay
so far) and the choices to deal it again."""

from typing import NotRequired, TypedDict

from engine import links
from engine.config import ConfigJSON
from engine.core.language import _
from engine.core.seats import HUMAN
from engine.log import LoggedSeat, LogJson
from engine.play.table import ScriptLogJson, Table, TakenBack
from engine.players.thinking import SharesJson
from engine.scenario import MAX_STEPS

__all__ = ["LinksJson", "TableLogJson", "again_config", "deal_link", "export_log", "links_json",
           "replay_link", "seed_link"]


class LinksJson(TypedDict):
    """The links of a game in progress (``links_json``)."""

    deal: str | None
    replay: str | None
    replay_note: str | None


class TableLogJson(LogJson, SharesJson):
    """A table's log (``export_log``): the game's log, whether moves may be taken back
    and each one that was, the script it follows, Hard's shares, and the people's own
    names by seat (``people``, where any has one: a log of a game without names reads as
    it did before people had them)."""

    undo: bool
    taken_back: list[TakenBack]
    script: ScriptLogJson | None
    people: NotRequired[list[str | None]]


def deal_link(table: Table) -> str | None:
    """The link that starts this game again: its deal (its seed's), or the scenario it
    follows; None for a game begun from a position whose script was left."""
    if table.script is not None:
        return links.scenario_link(table.script.scenario.to_json())
    if table.record.start is not None:
        return None
    return seed_link(table)


def seed_link(table: Table) -> str:
    """The link of this game's deal, from its seed (a game dealt from its first round):
    the human's seat first, then the others, bots and people, in order, with the
    people's names where any has one."""
    record = table.record
    others = [seat for seat in range(len(table.seats)) if seat != table.human]
    config: ConfigJSON = {"game": record.rules.game, "options": record.rules.options(),
                          "seats": [HUMAN, *(table.seats[seat] for seat in others)],
                          "seed": record.seed, "hard_budget": table.shares.first,
                          "hard_changes": [list(change) for change in table.shares.changes]}
    if any(table.people):
        config["people"] = [table.people[table.human],
                            *(table.people[seat] for seat in others)]
    return links.deal_link(config)


def replay_link(table: Table, reveal: bool) -> str | None:
    """The link of a replay of every move so far, from the human's seat, the other people
    at theirs with their names; None for a game
    begun from a position (its scenario is its link), or one too long for a link to
    replay."""
    record = table.record
    if record.start is not None or len(record.actions) > MAX_STEPS + 1:
        return None
    return links.replay_link(record, table.seats, table.human, reveal, table.shares.first,
                             table.shares.changes, table.people)


def links_json(table: Table, reveal: bool) -> LinksJson:
    """``deal`` and ``replay`` (every hand shown when ``reveal``), null where the game
    cannot be shared so, and ``replay_note`` saying why when the replay is null."""
    replay = replay_link(table, reveal)
    note = None
    if replay is None:
        note = (_("A game begun from a position is shared from its start only.")
                if table.record.start is not None else
                _("This game is too long for a replay link (a link holds at most {most} "
                  "moves): share its deal instead.").format(most=f"{MAX_STEPS:,}"))
    return {"deal": deal_link(table), "replay": replay, "replay_note": note}


def again_config(table: Table) -> ConfigJSON | None:
    """The choices this game was dealt with, for a new deal of them (Play again): the
    game, its options, the seats and undo; None for a scenario or a game begun from a
    position, which have no choices of their own."""
    record = table.record
    if table.script is not None or record.start is not None:
        return None
    config: ConfigJSON = {"game": record.rules.game, "options": record.rules.options(),
                          "seats": list(table.seats), "undo": table.undo_allowed}
    if any(table.people):
        config["people"] = list(table.people)
    return config


def export_log(table: Table) -> TableLogJson:
    """The game's log: its record (every deal included), seats, undo and take-backs, the
    script it follows, Hard's shares, and the people's names where any has one."""
    seats: list[LoggedSeat] = [{"name": n, "kind": k}
                               for n, k in zip(table.names, table.seats, strict=True)]
    script = None if table.script is None else table.script.to_json()
    log: TableLogJson = {**table.record.to_json(table.state, seats),
                         "undo": table.undo_allowed, "taken_back": list(table.taken_back),
                         "script": script, **table.shares.to_json(),
                         "people": list(table.people)}
    if not any(table.people):
        del log["people"]  # a game without names is logged as before people had them
    return log
