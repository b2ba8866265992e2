"""How much the engine reads from outside, checked before the work of reading it.

Links, stored saves and a page's calls come from anywhere. Each is bounded before it is
parsed or replayed: its length in characters, how deeply its JSON nests (Python's own
parser recurses, and a few thousand brackets overflow the stack of a browser's
WebAssembly), and its numbers (NaN and infinities are not JSON, and a page could not
read an answer holding one). A value quoted in a refusal is shortened, at every depth.

>>> load_json('{"title": "Revolution 🎉", "steps": []}')["title"]
'Revolution 🎉'
>>> load_json("[" * 1000 + "]" * 1000)
Traceback (most recent call last):
  ...
engine.core.errors.BadInput: the text nests deeper than 32 levels
>>> load_json('{"seed": NaN}')
Traceback (most recent call last):
  ...
engine.core.errors.BadInput: the text holds NaN, which is not a number JSON can carry
>>> shown([[[[["deep"]]]]])
'[[[[...]]]]'
"""

import json
import math
import re
import reprlib
from typing import Any

from engine.core.errors import BadInput
from engine.core.language import ENGLISH, N_, _, current

__all__ = ["MAX_DEPTH", "MAX_JSON", "check_text", "check_value", "dump_json", "load_json",
           "missing_field", "shown"]

# Levels of nesting in any JSON the engine reads: a log or a scenario is 4 deep, a
# position 5; the rest is room for a later version's fields.
MAX_DEPTH = 32
# Characters of JSON text: a save of the longest game the app plays is well under a
# megabyte (a log's action is about 12 characters).
MAX_JSON = 2_000_000

# A JSON string (skipped whole: brackets inside it do not nest) or a bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')

_quoted = reprlib.Repr()
_quoted.maxlevel = 3
_quoted.maxstring = 30
_quoted.maxother = 30
_quoted.maxlist = _quoted.maxtuple = _quoted.maxdict = 4


def shown(value: object) -> str:
    """``value`` as a refusal quotes it: its repr, shortened at every depth (a message
    built from a hostile value can neither overflow the stack nor run to megabytes)."""
    return _quoted.repr(value)


def missing_field(error: Exception) -> str | None:
    """The field a reader's ``KeyError`` found missing (the engine's own field names,
    shortened all the same); None for any other fault, a field of the wrong type or
    value, whose Python wording is no player's.

    >>> missing_field(KeyError("seed")), missing_field(TypeError("'int' is not iterable"))
    ('seed', None)
    """
    if isinstance(error, KeyError) and error.args:
        key = error.args[0]
        return key[:30] if isinstance(key, str) else shown(key)
    return None


def check_text(text: str, what: str = N_("the text"), max_chars: int = MAX_JSON) -> None:
    """Raise ``BadInput`` if ``text`` is longer than ``max_chars`` or its brackets nest
    deeper than ``MAX_DEPTH``; a scan that stops at the first level too deep. ``what``
    names the text in the refusal: English, marked ``N_`` where written, said in the
    language in force (as in every function here)."""
    if len(text) > max_chars:
        raise BadInput(_("{what} is too long to read ({length:,} characters; at most "
                         "{most:,})").format(what=_(what), length=len(text), most=max_chars))
    depth = 0
    for token in _TOKEN.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BadInput(_too_deep(what))
        elif bracket in "]}":
            depth -= 1


def _too_deep(what: str) -> str:
    return _("{what} nests deeper than {most} levels").format(what=_(what), most=MAX_DEPTH)


class _Unfit(ValueError):
    """A number in JSON text that JSON cannot carry (its message says which)."""


def _constant(name: str) -> Any:
    raise _Unfit(_("{number}, which is not a number JSON can carry").format(number=name))


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _Unfit(_("{number}, a number too large to carry").format(number=text))
    return number


def load_json(text: str, what: str = N_("the text"), max_chars: int = MAX_JSON) -> Any:
    """JSON text as data, once it passed ``check_text``; raises ``BadInput`` naming what is
    wrong: too long, too deep, not JSON, or holding a number JSON cannot carry."""
    if not isinstance(text, str):
        raise BadInput(_("{what} is not text").format(what=_(what)))
    check_text(text, what, max_chars)
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_finite)
    except _Unfit as error:
        raise BadInput(_("{what} holds {number}").format(what=_(what), number=error)) from None
    except json.JSONDecodeError as error:
        # Where the text goes wrong: in English the parser's own words; it has no others.
        if current() != ENGLISH:
            raise BadInput(_("{what} is not JSON at line {line}, column {column}").format(
                what=_(what), line=error.lineno, column=error.colno)) from None
        raise BadInput(_("{what} is not JSON: {detail}").format(what=_(what),
                                                               detail=error)) from None
    except ValueError as error:
        raise BadInput(_("{what} is not JSON: {detail}").format(what=_(what),
                                                               detail=error)) from None
    except RecursionError:  # a stack smaller than MAX_DEPTH needs: still a refusal
        raise BadInput(_("{what} nests too deeply to read").format(what=_(what))) from None


def check_value(value: object, what: str = N_("the value")) -> None:
    """Raise ``BadInput`` if ``value`` (data already decoded: lists, dicts, scalars)
    nests deeper than ``MAX_DEPTH``; iterative, so any depth is refused safely."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise BadInput(_too_deep(what))
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)


def dump_json(value: object) -> str:
    """``value`` as JSON text for a reader across a boundary (the page, through the
    browser worker): its characters as they are (an emoji escaped as two halves would
    reach MicroPython as two broken characters), but a lone half of a pair escaped, as it
    cannot cross as it is. Raises ``ValueError`` or ``TypeError`` (or ``RecursionError``)
    for a value JSON cannot carry, a NaN say."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    if not text.isascii():
        try:
            text.encode()
        except UnicodeEncodeError:
            return json.dumps(value, allow_nan=False)
    return text
