"""The language the engine speaks: English, whose words are written in the code, or a
language with a catalogue (``locale/<language>.json``), chosen per ``Session`` and in
force while it answers a call (``speaking``).

A message is marked where it is written, in English: ``_("Pass")``, or with a count,
``n_("{n} card", "{n} cards", n)`` (a word the rules keep as data, ``N_("Tycoon")``, and
is translated where it is shown), and filled in after it is translated, with
``str.format``'s named fields (``_("{name} passes").format(name=name)``), so a
translation may put them in its own order. The catalogues' source is the gettext ``.po``
file beside each (``locale/ja.po``), which a translator edits and Babel checks;
``scripts/write_catalogues.py`` extracts the marked messages and writes each ``.po`` as
the JSON read here: the standard library reads JSON on every Python, and the page's
MicroPython reads the same file, where gettext's ``.mo`` would need a reader of its own
there. A message a catalogue lacks is said in English (a test keeps them complete).

>>> with speaking("en"):
...     _("Pass"), n_("{n} card", "{n} cards", 2).format(n=2)
('Pass', '2 cards')
"""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from engine.core.errors import BadOptions

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LOCALE",
    "N_",
    "_",
    "current",
    "n_",
    "pN_",
    "p_",
    "speaking",
]

ENGLISH = "en"
LANGUAGES = ("en", "ja")  # English, and the languages with a catalogue
LOCALE = Path(__file__).with_name("locale")  # each language's catalogue, and its source

_language: ContextVar[str] = ContextVar("language", default=ENGLISH)


def current() -> str:
    """The language in force: the answering session's."""
    return _language.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """``language`` in force for the words made inside; raises ``BadOptions`` for a
    language without a catalogue."""
    if language not in LANGUAGES:
        raise BadOptions(f"the engine speaks {' and '.join(LANGUAGES)}, not {language!r}")
    token = _language.set(language)
    try:
        yield
    finally:
        _language.reset(token)


@cache
def _catalogue(language: str) -> dict[str, list[str]]:
    """The translations of ``language``: each English message (a count's: its singular),
    its forms as the language counts (one for Japanese)."""
    data = json.loads((LOCALE / f"{language}.json").read_text(encoding="utf-8"))
    return {str(message): [str(form) for form in forms]
            for message, forms in data["messages"].items()}


def N_(message: str) -> str:
    """``message`` as it is: a word the rules keep as data (a title), marked to be
    translated where it is shown (``_``)."""
    return message


def _(message: str) -> str:
    """``message`` in the language in force."""
    language = current()
    if language == ENGLISH:
        return message
    forms = _catalogue(language).get(message)
    return forms[0] if forms else message


def pN_(context: str, message: str) -> str:
    """``message`` as it is, marked as ``N_`` marks it, where the same English means
    another thing elsewhere: ``context`` tells which, and ``p_`` translates it
    (``pN_("game", "President")``, the game, not the title)."""
    return message


def p_(context: str, message: str) -> str:
    """``message`` of ``context`` in the language in force (its catalogue's key is the
    context, gettext's separator and the message)."""
    language = current()
    if language == ENGLISH:
        return message
    forms = _catalogue(language).get(f"{context}\x04{message}")
    return forms[0] if forms else message


def n_(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language in force: English has two
    (one, and any other count); Japanese one."""
    language = current()
    if language != ENGLISH:
        forms = _catalogue(language).get(singular)
        if forms:
            return forms[0]
    return singular if n == 1 else plural
