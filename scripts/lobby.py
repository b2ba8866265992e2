"""The lobby and the rules help, written into the page at build time from the engine's
list of games (``Session.games()``), so they answer at first paint, before any Python
runs, and no game, option, label or help is typed twice.

Every game whose table is done (``on_table``) gets a tile (its picture, name and line:
a tap deals it) and a part of the options sheet's form: its rule sets, players, options
(a choice is a radio group, a true-or-false a checkbox, a number a list of the values
the engine suggests; a group's options folded under its title), the bots' level, who
plays each seat (you, a bot, or a friend at this phone with a name), and whether the
game is scored, each named after the game
(``tycoon.players``), so each game keeps its own. The page's UI reads the form back
generically: each input of an option says its name and kind (``data-option``,
``data-kind``).
"""

import html
import json
from typing import Any

from engine.api import Session
from engine.core.seats import HUMAN, MAX_NAME
from game_pictures import picture

WIDE = 14  # characters: a choice whose label is longer takes a line of its own


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
        # Long choices a line each, across the sheet: a narrow column would break them.
        wide = ' class="wide-choice"' if max(len(label) for label in labels.values()) > WIDE else ""
        return (f"<fieldset{wide}><legend>{_text(title)}</legend>{radios}{_help(option)}"
                "</fieldset>")
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


def _options(game: str, options: list[dict[str, Any]]) -> str:
    """The game's options in the engine's order; those of a group folded together, closed,
    where the first of them stands, under a summary naming the group (the page's lobby
    module adds how many of them are changed, and opens it where any is)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for option in options:
        if option["group"] is not None:
            groups.setdefault(option["group"], []).append(option)
    parts = []
    for option in options:
        group = option["group"]
        if group is None:
            parts.append(_option(game, option))
        elif groups[group][0] is option:
            fields = "".join(_option(game, member) for member in groups[group])
            parts.append(f'<details class="option-group" data-group="{_text(group)}">'
                         f'<summary><span>{_text(group)}<span class="group-count"></span>'
                         f'</span></summary><div class="group-options">{fields}</div></details>')
    return "".join(parts)


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


def _level_words(level: dict[str, Any]) -> tuple[str, str]:
    """A bot level's name and what it does, as its label says them: "Easy: holds back…",
    and in Japanese, with a full-width colon (U+FF1A)."""
    name, _, note = level["label"].replace("\uff1a", ": ").partition(": ")
    return name, note


def _bots(game: str, games: dict[str, Any]) -> str:
    """The bots' level for every seat, one row each with its whole description (a list's
    text is cut short on a phone)."""
    rows = []
    for level in games["levels"]:
        name, note = _level_words(level)
        said = f' <span class="level-note">{_text(note)}</span>' if note else ""
        rows.append(
            f'<label><input type="radio" name="{_text(game)}.bots" '
            f'value="{_text(level["name"])}"{" checked" if level["default"] else ""}> '
            f"<span><strong>{_text(name)}</strong>{said}</span></label>")
    return f'<fieldset class="bots"><legend>Bots</legend>{"".join(rows)}</fieldset>'


def _friends(people: int) -> str:
    """How many friends play with you, as the quick choice says it."""
    friends = people - 1
    return "Just me" if not friends else f"{friends} friend{'s' if friends > 1 else ''}"


def _who_plays(game: str, entry: dict[str, Any], games: dict[str, Any]) -> str:
    """Who plays each seat, folded: you at the first (with a field for your name, for the
    friends who pass you the phone, once a friend plays); at each other a bot ("Same as all"
    plays at the bots' level above, or a level of its own) or a friend at this phone,
    whose name field shows once the seat is a friend's (before any script runs). A quick
    choice over them says how many friends play (the page's lobby module sets the seats
    from it, and it from them, and counts the friends in the summary). Only the seats,
    and the counts, of the chosen number of players show (``_seats_hidden``)."""
    most = max(entry["players"])
    ident = _text(game)
    counts = "".join(f'<option value="{people}"{" selected" if people == 1 else ""}>'
                     f"{_friends(people)}</option>" for people in range(1, most + 1))
    levels = "".join(f'<option value="{_text(level["name"])}">'
                     f'{_text(_level_words(level)[0])}</option>'
                     for level in games["levels"])
    seats = "".join(
        f'<div class="field seat-bot" data-seat="{seat}">'
        f'<label for="{ident}-bot-{seat}">Seat {seat + 1}</label>'
        f'<select id="{ident}-bot-{seat}" name="{ident}.bot.{seat}">'
        f'<option value="" selected>Same as all</option>{levels}'
        f'<option value="{HUMAN}">A friend</option></select>'
        f'<span class="seat-name"><label for="{ident}-name-{seat}" class="sr-only">'
        f'Name for seat {seat + 1}</label><input type="text" id="{ident}-name-{seat}" '
        f'name="{ident}.name.{seat}" maxlength="{MAX_NAME}" placeholder="Friend\'s name" '
        'autocomplete="off" autocapitalize="words" spellcheck="false" enterkeyhint="done">'
        "</span></div>" for seat in range(1, most))
    return (f'<details class="option-group who-plays"><summary><span>Who plays'
            f'<span class="group-count who-count"></span></span></summary>'
            f'<div class="field friends"><label for="{ident}-friends">Friends at this phone'
            f'</label><select id="{ident}-friends" name="{ident}.friends">{counts}</select>'
            f'</div><div class="field seat-you"><span>Seat 1</span><span>You</span>'
            f'<span class="seat-name"><label for="{ident}-name-0" class="sr-only">Your name'
            f'</label><input type="text" id="{ident}-name-0" name="{ident}.name.0" '
            f'maxlength="{MAX_NAME}" placeholder="Your name, for your friends" '
            'autocomplete="off" autocapitalize="words" spellcheck="false" enterkeyhint="done">'
            f"</span></div>{seats}</details>")


def _seats_hidden(game: str, entry: dict[str, Any]) -> list[str]:
    """The selectors of the seats beyond the chosen number of players of ``game``, and
    of the counts of friends more than its seats hold."""
    section = f'.choices[data-game="{_text(game)}"]'
    hidden = []
    for seat in range(1, max(entry["players"])):
        fewer = ", ".join(f'[value="{players}"]' for players in entry["players"]
                          if players <= seat)
        if fewer:
            chosen = f'{section}:has(input[name="{_text(game)}.players"]:is({fewer}):checked)'
            hidden += [f'{chosen} .seat-bot[data-seat="{seat}"]',
                       f'{chosen} .friends option[value="{seat + 1}"]']
    return hidden


def _offered(games: dict[str, Any]) -> dict[str, Any]:
    return {name: entry for name, entry in games["games"].items() if entry["on_table"]}


def lobby_html(games: dict[str, Any]) -> str:
    """The options sheet's form: which game it is for (chosen by the game's tile), then
    each game's rules, players, options, bots and whether it is scored; only the chosen
    game's show, before any script runs."""
    offered = _offered(games)
    parts = []
    if len(offered) > 1:
        radios = "".join(
            f'<label><input type="radio" name="game" value="{_text(name)}"'
            f'{" checked" if i == 0 else ""}> {_text(entry["title"])}</label>'
            for i, (name, entry) in enumerate(offered.items()))
        # Chosen by the game's tile (its Options or its deal), never here.
        parts.append(f'<fieldset class="games" hidden><legend>Game</legend>{radios}</fieldset>')
        chosen = {name: f':has(input[name="game"][value="{_text(name)}"]:checked)'
                  for name in offered}
        shown = ", ".join(f'#lobby-form{has} .choices[data-game="{_text(name)}"]'
                          for name, has in chosen.items())
        titled = ", ".join(f'#options{has} .for-game[data-game="{_text(name)}"]'
                           for name, has in chosen.items())
        parts.append(f"<style>.choices[data-game], .for-game[data-game] {{ display: none; }} "
                     f"{shown} {{ display: flex; }} {titled} {{ display: inline; }}</style>")
    else:
        (name,) = offered
        parts.append(f'<input type="hidden" name="game" value="{_text(name)}">')
    hidden = []
    for name, entry in offered.items():
        options = _options(name, entry["options"])
        parts.append(
            f'<div class="choices" data-game="{_text(name)}" data-title="{_text(entry["title"])}">'
            f"{_presets(name, entry)}{_players(name, entry)}{options}{_bots(name, games)}"
            f"{_who_plays(name, entry, games)}"
            f'<label class="switch scored"><input type="checkbox" id="{_text(name)}-scored" '
            f'name="{_text(name)}.scored"> Scored game: no taking moves back</label></div>')
        hidden += _seats_hidden(name, entry)
    if hidden:
        parts.append(f"<style>{', '.join(hidden)} {{ display: none; }}</style>")
    return "\n".join(parts)


def options_title(games: dict[str, Any]) -> str:
    """The options sheet's heading: each game's name, of which only the chosen one
    shows (``lobby_html``'s style), so a screen reader hears that one alone."""
    offered = _offered(games)
    if len(offered) == 1:
        return f"{_text(next(iter(offered.values()))['title'])}: options"
    names = "".join(f'<span class="for-game" data-game="{_text(name)}">'
                    f'{_text(entry["title"])}</span>' for name, entry in offered.items())
    return f"{names}: options"


def lobby_tiles(games: dict[str, Any]) -> str:
    """A tile for each game: its picture, name and line; a tap deals it with its last
    choices. Under them, its rules, its options sheet (plain buttons that
    web/early-input.js answers before the page's UI has started) and today's deal
    (web/ui/today.py: the day's deal, or the player's result of it)."""
    tiles = []
    for name, entry in _offered(games).items():
        game, title = _text(name), _text(entry["title"])
        tiles.append(
            f'<li class="tile" data-game="{game}">'
            f'<button type="button" id="deal-{game}" class="tile-deal" data-deal="{game}" '
            f'aria-describedby="about-{game}"><span class="tile-top">{picture(name)}'
            f'<span class="tile-cue">Deal</span></span>'
            f'<span class="tile-title">{title}</span></button>'
            f'<p id="about-{game}" class="tile-line">{_text(entry["description"])}</p>'
            f'<div class="tile-more">'
            f'<button type="button" class="tile-button" data-rules="{game}" aria-controls="rules">'
            f'Rules<span class="sr-only"> of {title}</span></button>'
            f'<button type="button" class="tile-button" data-options="{game}" '
            f'aria-haspopup="dialog">Options<span class="sr-only"> for {title}</span></button>'
            f'<button type="button" class="tile-button tile-today" data-today="{game}">'
            f'<span class="today-words">Today\'s deal</span>'
            f'<span class="sr-only"> of {title}</span></button>'
            f"</div></li>")
    return "\n".join(tiles)


def lobby_title(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in _offered(games).values()]
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
