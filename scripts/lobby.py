"""The lobby and the rules help, written into the page at build time from the engine's
list of games (``Session.games()``), so they answer at first paint, before any Python
runs, and no game, option, label or help is typed twice.

Every game whose table is done (``on_table``) gets its players, its options (a choice
is a radio group, a true-or-false a checkbox, a number a list of the values the engine
suggests) and the bot levels. The page's UI reads the form back generically: each
input of an option says its name and kind (``data-option``, ``data-kind``).
"""

import html
from typing import Any

from engine.api import Session


def games_json() -> dict[str, Any]:
    """What ``Session.games()`` answers, without the envelope."""
    answer = Session().games()
    assert answer["ok"], answer
    return {key: value for key, value in answer.items() if key != "ok"}


def _text(value: object) -> str:
    return html.escape(str(value), quote=True)


def _value(value: object) -> str:
    """An option's value as a form writes it (true and false in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _kind(option: dict[str, Any]) -> str:
    if option["choices"] is not None:
        return "str" if isinstance(option["choices"][0], str) else "int"
    return "int" if option["minimum"] is not None else "bool"


def _option(game: str, option: dict[str, Any]) -> str:
    name, title, default = option["name"], option["title"], option["default"]
    field = f"{game}.{name}"
    data = f'data-option="{_text(name)}" data-kind="{_kind(option)}"'
    labels = {_value(value): label for value, label in option["labels"]}
    if option["choices"] is not None:
        radios = "".join(
            f'<label><input type="radio" name="{_text(field)}" value="{_text(_value(v))}" '
            f'{data}{" checked" if v == default else ""}> {_text(labels[_value(v)])}</label>'
            for v in option["choices"])
        return f"<fieldset><legend>{_text(title)}</legend>{radios}</fieldset>"
    if option["minimum"] is None:
        return (f"<fieldset><legend>{_text(title)}</legend><label><input type=\"checkbox\" "
                f'name="{_text(field)}" {data}{" checked" if default else ""}> '
                f"{_text(labels['true'])}</label></fieldset>")
    ident = f"{game}-{name}"
    choices = "".join(
        f'<option value="{_text(value)}"{" selected" if value == _value(default) else ""}>'
        f"{_text(label)}</option>" for value, label in labels.items())
    return (f'<div class="field"><label for="{_text(ident)}">{_text(title)}</label>'
            f'<select id="{_text(ident)}" name="{_text(field)}" {data}>{choices}</select></div>')


def _players(game: str, entry: dict[str, Any]) -> str:
    radios = "".join(
        f'<label><input type="radio" name="{_text(game)}.players" value="{n}"'
        f'{" checked" if n == entry["default_players"] else ""}> {n}</label>'
        for n in entry["players"])
    return f"<fieldset><legend>Players</legend>{radios}</fieldset>"


def lobby_html(games: dict[str, Any]) -> str:
    """The lobby's choices: the game (when there are several), then each game's players
    and options, then the bots' level."""
    offered = {name: entry for name, entry in games["games"].items() if entry["on_table"]}
    parts = []
    if len(offered) > 1:
        radios = "".join(
            f'<label><input type="radio" name="game" value="{_text(name)}"'
            f'{" checked" if i == 0 else ""}> <span><strong>{_text(entry["title"])}</strong> '
            f'<span class="description">{_text(entry["description"])}</span></span></label>'
            for i, (name, entry) in enumerate(offered.items()))
        parts.append(f'<fieldset class="games"><legend>Game</legend>{radios}</fieldset>')
        # Only the chosen game's choices show, before any script runs.
        shown = ", ".join(f'#lobby-form:has(input[name="game"][value="{_text(name)}"]:checked)'
                          f' .choices[data-game="{_text(name)}"]' for name in offered)
        parts.append(f"<style>.choices[data-game] {{ display: none; }} {shown} "
                     "{ display: flex; }</style>")
    else:
        (name,) = offered
        parts.append(f'<input type="hidden" name="game" value="{_text(name)}">')
    for name, entry in offered.items():
        options = "".join(_option(name, option) for option in entry["options"])
        parts.append(f'<div class="choices" data-game="{_text(name)}">'
                     f"{_players(name, entry)}{options}</div>")
    levels = "".join(
        f'<option value="{_text(level["name"])}"{" selected" if level["default"] else ""}>'
        f'{_text(level["label"])}</option>' for level in games["levels"])
    parts.append(f'<div class="field"><label for="bots">Bots</label>'
                 f'<select id="bots" name="bots">{levels}</select></div>')
    return "\n".join(parts)


def lobby_title(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in games["games"].values() if entry["on_table"]]
    return f"New game of {offered[0]}" if len(offered) == 1 else "New game"


def rules_html(games: dict[str, Any]) -> str:
    """The rules of each game on the table, as the engine tells them."""
    offered = [entry for entry in games["games"].values() if entry["on_table"]]
    parts = []
    for entry in offered:
        items = "".join(f"<li>{_text(paragraph)}</li>" for paragraph in entry["rules"])
        heading = f'<h3>{_text(entry["title"])}</h3>' if len(offered) > 1 else ""
        parts.append(f"{heading}<ul>{items}</ul>")
    return "\n".join(parts)


def rules_summary(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in games["games"].values() if entry["on_table"]]
    return f"How to play {offered[0]}" if len(offered) == 1 else "How to play"
