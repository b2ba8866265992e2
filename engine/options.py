"""Validated rules options with help text, shared by every game's ``Rules``."""

from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, Self

from engine.errors import BadOptions


def option(default: Any, help: str, choices: tuple[Any, ...] | None = None,
           minimum: int | None = None) -> Any:
    """A rules option: its default, the help the rules screen shows, and its valid values."""
    return field(default=default, metadata={"help": help, "choices": choices, "minimum": minimum})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None
    minimum: int | None

    def describe_valid(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(_show, self.choices))
        if self.minimum is not None:
            return f"a whole number, at least {self.minimum}"
        return "true or false"


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


def option_infos(rules_type: type) -> tuple[OptionInfo, ...]:
    infos = []
    for f in fields(rules_type):
        if "help" not in f.metadata:
            continue
        infos.append(OptionInfo(f.name, _default(f), f.metadata["help"], f.metadata["choices"],
                                f.metadata["minimum"]))
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
                raise BadOptions(
                    f"option {info.name}={_show(value)} is not allowed: "
                    f"it must be {info.describe_valid()}"
                )

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Self:
        """Rules from option values; options not given keep their defaults."""
        known = {info.name for info in option_infos(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise BadOptions(f"unknown option {', '.join(unknown)}; the options are "
                             f"{', '.join(sorted(known))}")
        return cls(**options)

    def options(self) -> dict[str, Any]:
        return {info.name: getattr(self, info.name) for info in option_infos(type(self))}


def _valid(info: OptionInfo, value: Any) -> bool:
    if info.choices is not None:
        return any(value == c and type(value) is type(c) for c in info.choices)
    if info.minimum is not None:
        return type(value) is int and value >= info.minimum
    return type(value) is bool
