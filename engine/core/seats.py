"""Who sits at a table: a person (``HUMAN``) or a bot level, the people's names, and the
seats' names.

The phone's owner is "You" (the first person's seat); the friends at the same phone are
people too, each with a name of their own (``check_names``):

>>> seat_names(["human", "human", "normal", "normal"], [None, "Mia", None, None])
['You', 'Mia', 'Aiko', 'Bruno']

The names are kept in English (a log and a link keep them); a text shows them in the
language in force (``shown_name``):

>>> from engine.core.language import speaking
>>> with speaking("ja"):
...     [shown_name(name) for name in ("You", "Mia", "Aiko", "Player 3")]
['あなた', 'Mia', 'アイコ', 'プレイヤー3']
>>> check_names(["human", "human", "normal"], [None, "  ", None])
Traceback (most recent call last):
...
engine.core.errors.BadName: seat 2's name is empty: a name is 1 to 16 characters
"""

import re
import unicodedata
from collections.abc import Sequence
from urllib.parse import unquote

from engine.core.errors import BadName
from engine.core.language import N_, _

__all__ = ["BOT_NAMES", "HUMAN", "MAX_NAME", "YOU", "check_name", "check_names", "person_name",
           "read_people", "seat_names", "shown_name", "write_people"]

HUMAN = "human"  # a seat's kind when a person plays it; any other kind is a bot's level
YOU = N_("You")  # the phone's owner, and whoever a presenter speaks to
MAX_NAME = 16  # characters in a person's name
# Kept in English as a seat's name (``_`` where shown: katakana in Japanese).
BOT_NAMES = (N_("Aiko"), N_("Bruno"), N_("Chen"), N_("Dana"), N_("Emeka"), N_("Freya"),
             N_("Goro"), N_("Hana"), N_("Ivo"), N_("Jun"))


def seat_names(kinds: Sequence[str], people: Sequence[str | None] = ()) -> list[str]:
    """The seats' names as the phone's owner reads them: "You" for the first person, each
    other person's name (``people``, by seat; "Player 3" for a person without one, as in
    a table of several people from before they had names), the bots' names in seat
    order."""
    owner = next((s for s, kind in enumerate(kinds) if kind == HUMAN), None)
    bot_names = iter(BOT_NAMES)
    names = []
    for seat, kind in enumerate(kinds):
        if kind != HUMAN:
            names.append(next(bot_names))
        elif seat == owner and (any(people) or sum(k == HUMAN for k in kinds) == 1):
            names.append(YOU)
        else:
            names.append(person_name(seat, people))
    return names


def person_name(seat: int, people: Sequence[str | None]) -> str:
    """A person's own name, as the others read it: theirs, or "Player 3" without one."""
    name = people[seat] if seat < len(people) else None
    return name if name is not None else f"Player {seat + 1}"


def shown_name(name: str) -> str:
    """A seat's kept name as a text shows it in the language in force: "You", a bot's
    name and "Player 3" as the language says them (「あなた」「アイコ」「プレイヤー3」), a
    person's own name as they gave it."""
    if name == YOU or name in BOT_NAMES:
        return _(name)
    numbered = re.fullmatch(r"Player ([0-9]+)", name)
    return _("Player {n}").format(n=numbered.group(1)) if numbered else name


def check_name(given: object, whose: str) -> str:
    """A person's name, trimmed (runs of spaces made one) and checked: text of 1 to 16
    characters, none a control character. ``whose`` names it in a refusal ("seat 2's
    name", in the language in force). Raises ``BadName``."""
    if not isinstance(given, str):
        raise BadName(_("{whose} is text").format(whose=whose))
    name = " ".join(given.split())
    if not name:
        raise BadName(_("{whose} is empty: a name is 1 to {most} characters").format(
            whose=whose, most=MAX_NAME))
    if len(name) > MAX_NAME:
        raise BadName(_("{name}… is too long: a name is 1 to {most} characters").format(
            name=name[:MAX_NAME], most=MAX_NAME))
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise BadName(_("{whose} holds a character that cannot be shown").format(whose=whose))
    return name


def check_names(kinds: Sequence[str], people: Sequence[object]) -> tuple[str | None, ...]:
    """The people's names, by seat (None for a bot, or a person without one), checked:
    one entry a seat, a name (``check_name``) only for a person, not "You" and not
    another seat's name, in English or in the language in force (あなた, アイコ). Raises
    ``BadName``."""
    if len(people) != len(kinds):
        raise BadName(_("people has one entry a seat: {seats}, not {entries}").format(
            seats=len(kinds), entries=len(people)))
    names: list[str | None] = []
    for seat, (kind, given) in enumerate(zip(kinds, people, strict=True)):
        if given is not None and kind != HUMAN:
            raise BadName(_("seat {seat} is a bot ({kind}): only a person's seat has a "
                            "name").format(seat=seat + 1, kind=kind))
        if given is not None and not isinstance(given, str):
            raise BadName(_("seat {seat}'s name is text, or null for none").format(
                seat=seat + 1))
        # Said as a player reads it: the page sends null for a name left empty.
        whose = _("seat {seat}'s name").format(seat=seat + 1)
        names.append(None if given is None else check_name(given, whose))
    bots = {said.casefold() for name, kind in zip(seat_names(kinds), kinds, strict=True)
            if kind != HUMAN for said in (name, _(name))}
    seen: set[str] = set()
    for seat, name in enumerate(names):
        if name is None:
            continue
        if name.casefold() in (YOU.casefold(), _(YOU).casefold()):
            raise BadName(_("\"{you}\" is the phone's owner: give seat {seat} a name of its "
                            "own").format(you=_(YOU), seat=seat + 1))
        if name.casefold() in seen | bots:
            raise BadName(_("two seats are called {name}: give each a name of its own").format(
                name=name))
        seen.add(name.casefold())
    return tuple(names)


def write_people(people: Sequence[str | None]) -> str:
    """The people's names by seat as a link writes them (``people=``): a comma between
    seats, nothing for a seat without a name, a name's own ``%`` and ``,`` escaped, and
    no commas after the last name.

    >>> write_people([None, "Mia", None, "Zoë, 100%"])
    ',Mia,,Zoë%2C 100%25'
    >>> read_people(',Mia,,Zoë%2C 100%25', 4)
    [None, 'Mia', None, 'Zoë, 100%']
    """
    written = ["" if name is None else name.replace("%", "%25").replace(",", "%2C")
               for name in people]
    return ",".join(written).rstrip(",")


def read_people(written: str, seats: int) -> list[str | None]:
    """The names ``write_people`` wrote, one per seat of ``seats`` (None for a seat
    without one), not yet checked (``check_names``). Raises ``BadName`` for more entries
    than seats, or a name that is not UTF-8 (a byte that is not reads as U+FFFD)."""
    entries = written.split(",", seats)  # never more than one past the table's
    if len(entries) > seats:
        raise BadName(_("it names more seats than the {seats} at the table").format(
            seats=seats))
    names: list[str | None] | None
    try:
        names = [unquote(entry, errors="strict") or None for entry in entries]
    except UnicodeDecodeError:
        names = None
    if names is None or any("\ufffd" in name for name in names if name):
        raise BadName(_("a name in it is not UTF-8 text"))
    return names + [None] * (seats - len(names))
