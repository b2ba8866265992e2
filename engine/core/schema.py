"""The JSON Schemas of what the engine sends a front end, made from its declarations
(``engine.core.contract``, each family's view, and the replies its calls declare, a
TypedDict each): a view's, which the page checks what it keeps against, and the whole
contract's. Each is a draft 2020-12 schema that says what it says with ``type``,
``properties``, ``required``, ``additionalProperties``, ``items``, ``const``, ``enum``,
``anyOf`` and ``$ref`` (to its ``$defs``, one for each declared type), and marks a
seat's number with ``format: "seat"`` for a reader that knows the table's seats to
check. An object has exactly its declared keys; an ``integer`` is a number written
without a fraction."""

import collections.abc
import types
from collections.abc import Iterable, Mapping
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from engine.core.contract import SEAT, VIEW, ErrorReply, TableView

__all__ = ["DIALECT", "contract_schema", "view_schema"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
_TYPES = {str: "string", bool: "boolean", int: "integer", float: "number"}


def _home(module: str) -> str:
    """The family a module is in ("engine.families.climbing.words.contract" is in
    "climbing"), or its folder outside a family ("engine.core.contract": "core")."""
    parts = module.split(".")
    if parts[:2] == ["engine", "families"] and len(parts) > 3:
        return parts[2]
    return parts[-2]


class _Schemas:
    """The schemas of declared types, each TypedDict once in ``defs``, by its family's
    name, or its folder's outside a family, and its own ("core.CardJson",
    "climbing.ClimbView")."""

    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def of(self, declared: Any) -> dict[str, Any]:
        origin, args = get_origin(declared), get_args(declared)
        if origin is Annotated:
            if VIEW in declared.__metadata__:
                return {"$ref": "#/$defs/View"}
            schema = self.of(args[0])
            return {**schema, "format": "seat"} if SEAT in declared.__metadata__ else schema
        if origin in (NotRequired, Required):
            return self.of(args[0])
        if declared is type(None) or declared is None:
            return {"type": "null"}
        if declared is Any:
            return {}
        if declared in _TYPES:
            return {"type": _TYPES[declared]}
        if origin is Literal:
            return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
        if origin in (Union, types.UnionType):
            return {"anyOf": [self.of(arg) for arg in args]}
        if origin is list:
            return {"type": "array", "items": self.of(args[0])}
        if origin in (dict, collections.abc.Mapping):
            return {"type": "object", "additionalProperties": self.of(args[1])}
        if is_typeddict(declared):
            return {"$ref": "#/$defs/" + self.define(declared)}
        raise TypeError(f"{declared!r} has no JSON Schema here")

    def define(self, declared: Any) -> str:
        name = f"{_home(declared.__module__)}.{declared.__name__}"
        if name not in self.defs:
            self.defs[name] = {}  # a type that holds itself refers to its name
            self.defs[name] = self.object(declared)
        return name

    def object(self, *declared: Any) -> dict[str, Any]:
        """An object with exactly the keys of the TypedDicts ``declared``."""
        hints = {name: (hint, part) for part in declared
                 for name, hint in get_type_hints(part, include_extras=True).items()}
        return {"type": "object",
                "properties": {name: self.of(hint) for name, (hint, _) in hints.items()},
                "required": [name for name, (_, part) in hints.items()
                             if name in part.__required_keys__],
                "additionalProperties": False}


def view_schema(views: Iterable[type[Mapping[str, Any]]]) -> dict[str, Any]:
    """The schema of a view (``$defs/View``): the common fields (``TableView``) with one
    family's, for each of the families' ``views`` (the TypedDict of each)."""
    schemas = _Schemas()
    views_of = [schemas.object(TableView, view) for view in views]
    return {"$schema": DIALECT, "title": "A view the engine sends a front end",
            "$ref": "#/$defs/View",
            "$defs": {"View": {"anyOf": views_of}, **dict(sorted(schemas.defs.items()))}}


def contract_schema(views: Iterable[type[Mapping[str, Any]]],
                    replies: Mapping[str, object]) -> dict[str, Any]:
    """The schema of everything the engine sends a front end: ``$defs/View`` as
    ``view_schema`` makes it, and for each call's reply its declared type (``replies``,
    by the call's name), as ``$defs/call.<name>``: that reply, or any call's refusal
    (``core.ErrorReply``). The schema itself is any call's reply."""
    schemas = _Schemas()
    views_of = [schemas.object(TableView, view) for view in views]
    calls = {}
    for name, reply in replies.items():
        members = get_args(reply) if get_origin(reply) in (Union, types.UnionType) else (reply,)
        calls["call." + name] = {"anyOf": [schemas.of(member) for member in
                                           dict.fromkeys((*members, ErrorReply))]}
    return {"$schema": DIALECT, "title": "What the engine sends a front end: its views and "
                                         "the reply of each of its calls",
            "anyOf": [{"$ref": "#/$defs/" + name} for name in calls],
            "$defs": {"View": {"anyOf": views_of}, **dict(sorted(schemas.defs.items())),
                      **calls}}
