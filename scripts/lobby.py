"""The lobby and the rules help, written into the page at build time from the engine's
list of games (``Session.games()``), so they answer at first paint, before any Python
runs, and no game, option, label or help is typed twice.

Every game whose table is done (``on_table``) gets its players, its options (a choice
is a radio group, a true-or-false a checkbox, a number a list of the values the engine
suggests) and the bot levels. The page's UI reads the form back generically: each
input of an option says its name and kind (``data-option``, ``data-kind``).
"""

import html
import json
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


def _help(option: dict[str, Any]) -> str:
    """The option's rules help, folded under its choices."""
    return (f'<details class="option-help"><summary>About {_text(option["title"].lower())}'
            f'</summary><p>{_text(option["help"])}</p></details>')


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
        return f"<fieldset><legend>{_text(title)}</legend>{radios}{_help(option)}</fieldset>"
    if option["minimum"] is None:
        return (f"<fieldset><legend>{_text(title)}</legend><label><input type=\"checkbox\" "
                f'name="{_text(field)}" {data}{" checked" if default else ""}> '
                f"{_text(labels['true'])}</label>{_help(option)}</fieldset>")
    ident = f"{game}-{name}"
    choices = "".join(
        f'<option value="{_text(value)}"{" selected" if value == _value(default) else ""}>'
        f"{_text(label)}</option>" for value, label in labels.items())
    return (f'<div class="field"><label for="{_text(ident)}">{_text(title)}</label>'
            f'<select id="{_text(ident)}" name="{_text(field)}" {data}>{choices}</select>'
            f"{_help(option)}</div>")


def _presets(game: str, entry: dict[str, Any]) -> str:
    """The named rule sets, where a game has several: choosing one sets the options to
    it (the page's lobby module), each value as the form writes it."""
    presets = entry["presets"]
    if len(presets) < 2:
        return ""
    defaults = {option["name"]: option["default"] for option in entry["options"]}
    radios = []
    for preset, named in presets.items():
        values = {name: _value(value) for name, value in named["options"].items()}
        chosen = " checked" if named["options"] == defaults else ""
        radios.append(
            f'<label><input type="radio" name="{_text(game)}.preset" value="{_text(preset)}"'
            f" data-preset-options='{_text(json.dumps(values))}'{chosen}> "
            f'{_text(named["title"])}</label>')
    return f'<fieldset class="presets"><legend>Rules</legend>{"".join(radios)}</fieldset>'


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
        parts.append(f'<div class="choices" data-game="{_text(name)}"'
                     f' data-title="{_text(entry["title"])}">'
                     f"{_presets(name, entry)}{_players(name, entry)}{options}</div>")
    levels = "".join(
        f'<option value="{_text(level["name"])}"{" selected" if level["default"] else ""}>'
        f'{_text(level["label"])}</option>' for level in games["levels"])
    parts.append(f'<div class="field"><label for="bots">Bots</label>'
                 f'<select id="bots" name="bots">{levels}</select></div>')
    parts.append(_seat_bots(games, offered))
    return "\n".join(parts)


def _seat_bots(games: dict[str, Any], offered: dict[str, Any]) -> str:
    """A level for each other seat, folded; a seat left at "Same as all" plays at the
    level above. Seats beyond the chosen number of players are hidden by CSS, before
    any script runs."""
    seats = max(max(entry["players"]) for entry in offered.values()) - 1
    levels = "".join(f'<option value="{_text(level["name"])}">{_text(level["label"])}</option>'
                     for level in games["levels"])
    rows = "".join(
        f'<div class="field seat-bot" data-seat="{seat}"><label for="bot-{seat}">'
        f'{_text(games["names"][seat - 1])}</label><select id="bot-{seat}" name="bot.{seat}">'
        f'<option value="" selected>Same as all</option>{levels}</select></div>'
        for seat in range(1, seats + 1))
    hidden = []
    for name, entry in offered.items():
        chosen = (f':has(input[name="game"][value="{_text(name)}"]:checked)'
                  if len(offered) > 1 else "")
        for players in entry["players"]:
            hidden += [f'#lobby-form{chosen}:has(input[name="{_text(name)}.players"]'
                       f'[value="{players}"]:checked) .seat-bot[data-seat="{seat}"]'
                       for seat in range(players, seats + 1)]
    style = f"<style>{', '.join(hidden)} {{ display: none; }}</style>" if hidden else ""
    return (f'<details class="seat-bots"><summary>A level for each seat</summary>{rows}'
            f"</details>{style}")


def lobby_title(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in games["games"].values() if entry["on_table"]]
    return f"New game of {offered[0]}" if len(offered) == 1 else "New game"


def rules_html(games: dict[str, Any]) -> str:
    """The rules of each game on the table, as the engine tells them."""
    offered = [(name, entry) for name, entry in games["games"].items() if entry["on_table"]]
    parts = []
    for name, entry in offered:
        items = "".join(f"<li>{_text(paragraph)}</li>" for paragraph in entry["rules"])
        heading = f'<h3>{_text(entry["title"])}</h3>' if len(offered) > 1 else ""
        # The game's menu shows its own section (each is marked with the game).
        parts.append(f'<section class="game-rules" data-game="{_text(name)}">'
                     f"{heading}<ul>{items}</ul></section>")
    return "\n".join(parts)


def rules_summary(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in games["games"].values() if entry["on_table"]]
    return f"How to play {offered[0]}" if len(offered) == 1 else "How to play"
