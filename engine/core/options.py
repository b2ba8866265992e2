"""Validated rules options with their help and lobby words, shared by every game's ``Rules``.

An option says everything a front end needs to offer it: its title, its help,
its valid values, a label for each value the lobby offers (a choice, a
suggested number, the sentence beside a checkbox) and the group a lobby folds it
in, if any, so no front end types an option's words again. The words are English data,
marked ``N_`` where an option is written and said in the language in force by
``OptionInfo.to_json`` (engine/core/language.py).
"""

from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, Self

from engine.core.contract import OptionJson
from engine.core.errors import BadNotation, BadOptions
from engine.core.language import N_, _

__all__ = ["HOUSE_RULES", "OptionInfo", "RulesBase", "option", "option_infos"]

HOUSE_RULES = N_("House rules")
"""The lobby's group of the options that no rule text has (Tycoon's and President's)."""


def option(default: Any, title: str, help: str, *, labels: dict[Any, str],
           choices: tuple[Any, ...] | None = None, minimum: int | None = None,
           group: str | None = None) -> Any:
    """A rules option: its default, its title and help as the lobby and the rules screen
    show them, its valid values (``choices``; a whole number from ``minimum``; else true
    or false), the label of each value the lobby offers (for a true-or-false option,
    the sentence beside its checkbox, under ``True``) and the title of the group a lobby
    folds it in with the others of that title (None: offered on its own)."""
    return field(default=default, metadata={"title": title, "help": help, "labels": labels,
                                            "choices": choices, "minimum": minimum,
                                            "group": group})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    name: str
    default: Any
    title: str
    help: str
    labels: dict[Any, str]
    choices: tuple[Any, ...] | None
    minimum: int | None
    group: str | None

    def to_json(self) -> OptionJson:
        """The option for a front end, in the language in force; labels as [value, label]
        pairs (JSON keys are text)."""
        return {"name": self.name, "title": _(self.title), "default": self.default,
                "help": _(self.help), "labels": [[value, _(label)] for value, label in
                                                 self.labels.items()],
                "choices": list(self.choices) if self.choices is not None else None,
                "minimum": self.minimum,
                "group": None if self.group is None else _(self.group)}

    def read(self, written: str) -> Any:
        """A value written as text (in a link, on a command line) as the option's kind of
        value; the rules then check its range."""
        kind = type(self.default)
        if kind is bool:
            if written not in ("true", "false", "1", "0"):
                raise BadNotation(_("it is true or false"))
            return written in ("true", "1")
        if kind is int:
            if not (written.isascii() and written.lstrip("-").isdigit()) or len(written) > 9:
                raise BadNotation(_("it is a whole number"))
            return int(written)
        return written

    def describe_valid(self) -> str:
        """The values the option takes, as a refusal says them."""
        if self.choices is not None:
            return _("one of {values}").format(values=", ".join(map(_show, self.choices)))
        if self.minimum is not None:
            return _("a whole number, at least {least}").format(least=self.minimum)
        return _("true or false")


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


def option_infos(rules_type: type) -> tuple[OptionInfo, ...]:
    infos = []
    for f in fields(rules_type):
        if "help" not in f.metadata:
            continue
        meta = f.metadata
        infos.append(OptionInfo(f.name, _default(f), meta["title"], meta["help"],
                                dict(meta["labels"]), meta["choices"], meta["minimum"],
                                meta["group"]))
    return tuple(infos)


def _default(f: Field[Any]) -> Any:
    return None if f.default is MISSING else f.default


class RulesBase:
    """Validation and conversion shared by the games' frozen ``Rules`` dataclasses."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for info in option_infos(type(self)):
            value = getattr(self, info.name)
            if not _valid(info, value):
                raise BadOptions(_("option {option} is not allowed: it must be {valid}").format(
                    option=f"{info.name}={_show(value)}", valid=info.describe_valid()))

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Self:
        """Rules from option values; options not given keep their defaults."""
        known = {info.name for info in option_infos(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise BadOptions(_("unknown option {unknown}; the options are {known}").format(
                unknown=", ".join(unknown), known=", ".join(sorted(known))))
        return cls(**options)

    def options(self) -> dict[str, Any]:
        return {info.name: getattr(self, info.name) for info in option_infos(type(self))}


def _valid(info: OptionInfo, value: Any) -> bool:
    if info.choices is not None:
        return any(value == c and type(value) is type(c) for c in info.choices)
    if info.minimum is not None:
        return type(value) is int and value >= info.minimum
    return type(value) is bool
