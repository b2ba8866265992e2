"""What the page keeps in localStorage, and nothing it reads back unchecked.

Storage can throw (disabled, private modes, a full quota), and a JavaScript
exception cannot be caught from MicroPython, so each call goes through
``site_storage`` (web/storage.mjs), which answers instead. Every key is named in the
site's own namespace (two copies of the site on one origin keep theirs apart). Every
value read is first bounded (its length, and how deeply it nests: what breaks a limit
is set aside unread), then has a type and a range; anything else falls back to the
default, and the caller is told so it can say it. A value that cannot be kept is said
once per kind (``watch``). The page keeps the settings, the lobby's last choices, the
statistics and the last view (an observation, no hidden card: the engine worker keeps
the game itself).
"""

import json

from pyscript.js_modules import site_storage

from language import N_, _
from schema_check import conforms
from view_schema import SCHEMA, STAMP

# Each value's name in the site's namespace, and how long it may be, in characters:
# enough for the longest the app writes, far from what takes long to read.
TABLE_KEY = "table"  # the last view, move count and narration: no hidden card
LEGACY_SAVE_KEY = "game"  # the log and view an earlier version kept here
SETTINGS_KEY = "settings"
LOBBY_KEY = "lobby"  # the lobby's last choices, per game
STATS_KEY = "stats"  # games, wins, places and streaks, per game and rule set
CHALLENGE_KEY = "challenge"  # the link of the challenge the game in progress plays
TODAY_KEY = "today"  # today's deal: each game's last day played, the days played
MAX_CHARS = {TABLE_KEY: 1_000_000, LEGACY_SAVE_KEY: 2_000_000, SETTINGS_KEY: 10_000,
             LOBBY_KEY: 50_000, STATS_KEY: 200_000, CHALLENGE_KEY: 110_000,
             TODAY_KEY: 500_000}
# What each kind of value is to the player (an embedded table's view is "table/<name>"),
# and why the browser refused to keep it.
KINDS = {TABLE_KEY: N_("The table you see"), LEGACY_SAVE_KEY: N_("Your saved game"),
         SETTINGS_KEY: N_("Your settings"), LOBBY_KEY: N_("Your choices in the lobby"),
         STATS_KEY: N_("Your statistics"), CHALLENGE_KEY: N_("The challenge you play"),
         TODAY_KEY: N_("Your days of today's deal")}
REASONS = {"full": N_("its storage for the site is full"),
           "blocked": N_("this browser blocks storage for this page")}
# What could not be done with a kind of value.
KEPT = N_("{what} could not be kept on this device: {why}.")
MOVED = N_("{what} could not be moved over from the earlier version: {why}.")
REMOVED = N_("{what} could not be removed from this device: {why}.")

PACES = (1600, 900, 350, 0)  # the bots' pause between steps, in ms: slow to instant
# Sound, vibration and the looks are off until the player turns them on.
DEFAULT_SETTINGS = {"pace": 900, "sound": True, "vibration": True, "four_colour": False,
                    "large_cards": False, "sort": "rank", "guided": [],
                    "auto_pass": ["tycoon", "president"], "name": "",
                    "language": ""}
# The settings that name games: those whose guided trick was offered, those where a turn
# with nothing that beats the table is passed for you.
GAME_LISTS = ("guided", "auto_pass")
# The longest name the page keeps for its player (the engine checks a name it is sent).
MAX_NAME = 40
# The hand as the engine orders it, grouped by suit, or as the cards came to you.
SORTS = ("rank", "suit", "dealt")
# The language the player chose ("": the device's; web/language.js reads it too).
LANGUAGE_CHOICES = ("", "en", "ja")

_told = set()  # the kinds of value whose failure to be kept was said
_say = []  # the page's notice, once it watches (``watch``)


def watch(say):
    """Have ``say(text)`` tell the player, once per kind of value, what could not be kept
    or removed, and a lobby's choices set aside."""
    _say[:] = [say]


def _tell(text):
    if _say:
        _say[0](text)


def _kind(name):
    return name.split("/")[0]


def _refused(name, error, done):
    """Say, once per kind, that the browser refused to keep (or remove) ``name``:
    ``done`` is what could not be done (``KEPT``, ``MOVED``, ``REMOVED``)."""
    kind = _kind(name)
    if kind not in _told:
        _told.add(kind)
        _tell(_(done).format(what=_(KINDS[kind]), why=_(REASONS[error])))


def move_legacy():
    """Take over what earlier versions kept for the whole origin, at the page's start (a
    value that cannot move stays where it was, and is said)."""
    stuck = site_storage.moveLegacy()
    for index in range(stuck.length):
        _refused(stuck[index], "full", MOVED)


def _read_json(name):
    """(found, value, refused): what ``name`` holds as JSON, None for text that is not
    JSON; ``refused`` why a value too long or too deep was set aside unread."""
    result = site_storage.read(name, MAX_CHARS[_kind(name)])
    if not result.ok or result.text is None:
        found = result.ok and bool(result.refused)
        return found, None, result.refused if result.ok else ""
    try:
        return True, json.loads(result.text), ""
    except ValueError:
        return True, None, ""


def write(name, value):
    """Keep ``value`` under ``name``; whether it was kept (if not, it is said)."""
    result = site_storage.write(name, json.dumps(value))
    if not result.ok:
        _refused(name, result.error, KEPT)
    return result.ok


def forget(name):
    result = site_storage.remove(name)
    if not result.ok:
        _refused(name, result.error, REMOVED)


# ---------------------------------------------------------------- settings


def load_settings():
    """(settings, fell_back): the stored settings where they are valid, else the
    defaults; ``fell_back`` says something stored was set aside."""
    found, stored, _ = _read_json(SETTINGS_KEY)
    settings = dict(DEFAULT_SETTINGS)
    if not found:
        return settings, False
    if not isinstance(stored, dict):
        write(SETTINGS_KEY, settings)
        return settings, True
    fell_back = False
    for name, default in DEFAULT_SETTINGS.items():
        if name not in stored:
            continue  # kept by an earlier version, before this setting existed
        value = stored[name]
        valid = (value in PACES if name == "pace" else value in SORTS if name == "sort"
                 else value in LANGUAGE_CHOICES if name == "language"
                 else is_game_list(value) if name in GAME_LISTS
                 else is_text(value) and len(value) <= MAX_NAME if name == "name"
                 else is_flag(value))
        if valid and type(value) is type(default):
            settings[name] = value
        else:
            fell_back = True
    if fell_back:
        write(SETTINGS_KEY, settings)
    return settings, fell_back


# ---------------------------------------------------------------- the lobby's choices


def load_choices():
    """The lobby's last choices (``{"game": name, name: {field: value}}``); only text
    values are kept, and the lobby applies only those its form offers. Choices too long
    or too deep to read are set aside, and said."""
    found, stored, refusal = _read_json(LOBBY_KEY)
    if refusal:
        forget(LOBBY_KEY)
        _tell(_("Your last choices in the lobby could not be read ({why}), so the lobby "
                "starts afresh.").format(why=refusal))
    if not found or not isinstance(stored, dict):
        return {}
    choices = {}
    for game, fields in stored.items():
        if game == "game" and isinstance(fields, str):
            choices[game] = fields
        elif isinstance(fields, dict):
            choices[game] = {name: value for name, value in fields.items()
                             if isinstance(name, str) and isinstance(value, str)}
    return choices


# ---------------------------------------------------------------- a challenge


def load_challenge(name=CHALLENGE_KEY):
    """The link (its fragment) of the challenge the game in progress plays, kept for its
    end under ``name`` (an embedded table's: "challenge/<its name>"); None where there is
    none, or what is kept is not a link's text (the engine reads and checks it)."""
    found, stored, _ = _read_json(name)
    if not found or not is_text(stored) or not stored:
        return None
    return stored


# ---------------------------------------------------------------- today's deal

DAYS_KEPT = 400  # the days played that are kept: more than a year's streak
NO_DAYS = {"results": {}, "days": [], "best": 0}


def _is_date(value):
    return is_text(value) and len(value) == 10 and value[4] == value[7] == "-"


def _result_valid(result):
    return (isinstance(result, dict) and _is_date(result.get("date"))
            and all(is_int(result.get(name)) and result[name] > 0
                    for name in ("place", "players", "moves"))
            and is_text(result.get("text")) and is_text(result.get("place_text"))
            and (result.get("link") is None or is_text(result["link"])))


def load_today():
    """(today, fell_back): each game's today's deal on the last day it was played
    (``results``: the engine's result of its first play that day), the days one was
    played (``days``, ISO, in order) and the longest run of days in a row (``best``);
    what cannot be read is set aside."""
    found, stored, _ = _read_json(TODAY_KEY)
    if not found:
        return dict(NO_DAYS), False
    if not isinstance(stored, dict):
        return dict(NO_DAYS), True
    results = stored.get("results")
    results = results if isinstance(results, dict) else {}
    today = {"results": {game: result for game, result in results.items()
                         if _result_valid(result)},
             "days": stored.get("days") if _list_of(stored.get("days"), _is_date) else [],
             "best": stored.get("best") if is_int(stored.get("best")) and stored["best"] >= 0
             else 0}
    fell_back = (len(today["results"]) != len(results) or today["days"] != stored.get("days")
                 or today["best"] != stored.get("best"))
    return today, fell_back


def record_day(today, result, streak):
    """``today`` with ``result`` (the engine's, of a day's deal played to its end) kept
    where its game's deal of that day was not played yet (a replay counts once), the day
    among the days played, and ``streak(days)`` counted to the best run."""
    game = result["game"]
    kept = today["results"].get(game)
    if kept is not None and kept["date"] == result["date"]:
        return today
    days = today["days"] if result["date"] in today["days"] else sorted(
        today["days"] + [result["date"]])[-DAYS_KEPT:]
    results = dict(today["results"], **{game: {key: result[key] for key in (
        "date", "place", "place_text", "players", "moves", "text", "link")}})
    return dict(today, results=results, days=days, best=max(today["best"], streak(days)))


# ---------------------------------------------------------------- statistics

STAT_COUNTS = ("games", "wins", "places", "streak", "best_streak")


def _stat_valid(entry):
    return (isinstance(entry, dict) and is_text(entry.get("game"))
            and is_text(entry.get("rule_set"))
            and all(is_int(entry.get(name)) and entry[name] >= 0 for name in STAT_COUNTS)
            and entry["wins"] <= entry["games"] and entry["best_streak"] >= entry["streak"])


def load_stats():
    """(stats, fell_back): per game and rule set (``"tycoon/tycoon-seed"``), the game's
    and the rules' titles, games, wins, the sum of places, the current and the best
    streak of wins; entries that cannot be read are set aside (and said so)."""
    found, stored, _ = _read_json(STATS_KEY)
    if not found:
        return {}, False
    if not isinstance(stored, dict):
        return {}, True
    stats = {key: entry for key, entry in stored.items() if _stat_valid(entry)}
    return stats, len(stats) != len(stored)


def record_game(stats, view):
    """``stats`` with the game that ``view`` ended counted: the place of the phone's
    owner (at a table of several people, the first of ``people``, whoever holds the
    phone) and whether they won (several winners share a win)."""
    rule_set = view.get("rule_set") or {"name": "custom", "title": _("Your own rules")}
    key = view["game"] + "/" + rule_set["name"]
    entry = dict(stats.get(key) or {"game": view["title"], "rule_set": rule_set["title"],
                                     "games": 0, "wins": 0, "places": 0, "streak": 0,
                                     "best_streak": 0})
    outcome = view["outcome"]
    people = view.get("people") or ()
    owner = people[0]["seat"] if people else view["seat"]
    won = owner in outcome["winners"]
    entry["games"] += 1
    entry["wins"] += 1 if won else 0
    entry["places"] += outcome["ranking"].index(owner) + 1
    entry["streak"] = entry["streak"] + 1 if won else 0
    entry["best_streak"] = max(entry["best_streak"], entry["streak"])
    return dict(stats, **{key: entry})


# ---------------------------------------------------------------- the last view


def keep_table(key, view, moves, said):
    """Keep the table on show: its view, the moves made and the narration, with the name
    of the schema the view was checked against."""
    write(key, {"view": view, "moves": moves, "said": said, "schema": STAMP})


def load_table(key):
    """(view, moves, said, fell_back) of a kept table: the view only if it has the shape
    the page draws, ``said`` the narration last shown with it ("" if none was kept);
    ``fell_back`` when something was stored but could not be used."""
    found, stored, _ = _read_json(key)
    if not found:
        return None, 0, "", False
    moves = stored.get("moves", 0) if isinstance(stored, dict) else None
    view = stored.get("view") if isinstance(stored, dict) else None
    if valid_view(view) and is_int(moves) and moves >= 0:
        said = stored.get("said", "")
        return view, moves, said if isinstance(said, str) else "", False
    # A view kept by another version of the page (under another schema) is set aside
    # quietly: the engine's save brings the game back in a moment. One kept under this
    # schema that does not meet it was damaged, and the player is told.
    another_version = (isinstance(stored, dict) and isinstance(view, dict)
                       and stored.get("schema") != STAMP)
    return None, 0, "", not another_version


def load_legacy():
    """(text, refusal): what an earlier version kept here (the game's log and view), as
    the text it stored, for the engine to take over (it reads and checks the log; the
    page draws the view as it draws a kept table); or why it cannot be read."""
    result = site_storage.read(LEGACY_SAVE_KEY, MAX_CHARS[LEGACY_SAVE_KEY])
    if not result.ok or (result.text is None and not result.refused):
        return None, ""
    if result.refused:
        return None, result.refused
    try:
        stored = json.loads(result.text)
    except ValueError:
        return None, _("it is not JSON")
    if not isinstance(stored, dict) or not isinstance(stored.get("log"), dict):
        return None, _("it holds no game's log")
    return result.text, ""


def is_int(value):
    return type(value) is int


def is_text(value):
    return isinstance(value, str)


def is_flag(value):
    return type(value) is bool


def is_game_list(value):
    """A few games' short names (``GAME_LISTS``)."""
    return (_list_of(value, lambda name: is_text(name) and 0 < len(name) <= 20)
            and len(value) <= 20)


def _list_of(value, check):
    return isinstance(value, list) and all(check(item) for item in value)


def valid_view(view):
    """Whether ``view`` is a view as the engine declares it (web/ui/view_schema.py), each
    seat it names one at the table and its players in seat order: a view kept by an
    earlier version, or damaged, is not drawn."""
    players = view.get("players") if isinstance(view, dict) else None
    if not isinstance(players, list) or not conforms(view, SCHEMA, seats=len(players)):
        return False
    revealed = view["revealed"]
    return (all(player["seat"] == index for index, player in enumerate(players))
            and (revealed is None or len(revealed) == len(players)))
