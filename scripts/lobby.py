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

Its words are in the language in force (``engine.core.language.speaking``): the build
writes the page in English and pairs each of its texts with the same page written in
another language (scripts/page_text.py), so a lobby in any language has the same
elements, and the same texts in the same order, as the English one.
"""

import html
import json
from typing import Any

from engine.api import Session
from engine.core.language import ENGLISH, _, current, n_
from engine.core.seats import HUMAN, MAX_NAME
from game_pictures import picture

WIDE = 14  # characters: a choice whose label is longer takes a line of its own


def games_json() -> dict[str, Any]:
    """What ``Session.games()`` answers, without the envelope, in the language in force."""
    session = Session()
    session.set_language(current())
    answer = session.games()
    assert answer["ok"], answer
    return {key: value for key, value in answer.items() if key != "ok"}


def _text(value: object) -> str:
    return html.escape(str(value), quote=True)


def _words(text: str) -> str:
    """Words of the lobby's own as HTML text, or a double-quoted attribute's value (an
    apostrophe kept as it is)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def _value(value: object) -> str:
    """An option's value as a form writes it (true and false in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _kind(option: dict[str, Any]) -> str:
    if option["choices"] is not None:
        return "str" if isinstance(option["choices"][0], str) else "int"
    return "int" if option["minimum"] is not None else "bool"


def _in_sentence(title: str) -> str:
    """A title inside a sentence: English writes it in lower case ("About jokers"); a
    language without cases as it is (lowering it would lower the faces G and H)."""
    return title.lower() if current() == ENGLISH else title


def _level(label: str) -> tuple[str, str]:
    """A bots' level's name and what it does ("Normal", "careful, plays the sensible
    move"), split where its label says ": " (in Japanese, a full-width colon)."""
    for colon in (": ", "\uff1a"):
        name, found, note = label.partition(colon)
        if found:
            return name, note
    return label, ""


def _help(option: dict[str, Any]) -> str:
    """The option's rules help, folded under its choices."""
    about = _("About {title}").format(title=_in_sentence(option["title"]))
    return (f'<details class="option-help"><summary>{_text(about)}'
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
    legend = _words(_("Rules"))
    return f'<fieldset class="presets"><legend>{legend}</legend>{"".join(radios)}</fieldset>'


def _players(game: str, entry: dict[str, Any]) -> str:
    radios = "".join(
        f'<label><input type="radio" name="{_text(game)}.players" value="{n}"'
        f'{" checked" if n == entry["default_players"] else ""}> {n}</label>'
        for n in entry["players"])
    return "<fieldset><legend>" + _words(_("Players")) + f"</legend>{radios}</fieldset>"


def _bots(game: str, games: dict[str, Any]) -> str:
    """The bots' level for every seat, one row each with its whole description (a list's
    text is cut short on a phone)."""
    rows = []
    for level in games["levels"]:
        name, note = _level(level["label"])
        said = f' <span class="level-note">{_text(note)}</span>' if note else ""
        rows.append(
            f'<label><input type="radio" name="{_text(game)}.bots" '
            f'value="{_text(level["name"])}"{" checked" if level["default"] else ""}> '
            f"<span><strong>{_text(name)}</strong>{said}</span></label>")
    legend = _words(_("Bots"))
    return f'<fieldset class="bots"><legend>{legend}</legend>{"".join(rows)}</fieldset>'


def _friends(people: int) -> str:
    """How many friends play with you, as the quick choice says it."""
    friends = people - 1
    if not friends:
        return _("Just me")
    return n_("{n} friend", "{n} friends", friends).format(n=friends)


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
                     f"{_words(_friends(people))}</option>" for people in range(1, most + 1))
    levels = "".join(f'<option value="{_text(level["name"])}">'
                     f'{_text(_level(level["label"])[0])}</option>'
                     for level in games["levels"])
    words = {key: _words(text) for key, text in (
        ("same", _("Same as all")), ("friend", _("A friend")),
        ("friend_name", _("Friend's name")), ("who", _("Who plays")),
        ("friends", _("Friends at this phone")), ("you", _("You")),
        ("your_name", _("Your name")), ("yours", _("Your name, for your friends")))}
    seats = "".join(
        f'<div class="field seat-bot" data-seat="{seat}">'
        f'<label for="{ident}-bot-{seat}">{_words(_seat(seat))}</label>'
        f'<select id="{ident}-bot-{seat}" name="{ident}.bot.{seat}">'
        f'<option value="" selected>{words["same"]}</option>{levels}'
        f'<option value="{HUMAN}">{words["friend"]}</option></select>'
        f'<span class="seat-name"><label for="{ident}-name-{seat}" class="sr-only">'
        f"{_words(_name_for(seat))}</label>"
        f'<input type="text" id="{ident}-name-{seat}" '
        f'name="{ident}.name.{seat}" maxlength="{MAX_NAME}" '
        f'placeholder="{words["friend_name"]}" '
        'autocomplete="off" autocapitalize="words" spellcheck="false" enterkeyhint="done">'
        "</span></div>" for seat in range(1, most))
    return (f'<details class="option-group who-plays"><summary><span>{words["who"]}'
            f'<span class="group-count who-count"></span></span></summary>'
            f'<div class="field friends"><label for="{ident}-friends">{words["friends"]}'
            f'</label><select id="{ident}-friends" name="{ident}.friends">{counts}</select>'
            f'</div><div class="field seat-you"><span>{_words(_seat(0))}</span>'
            f'<span>{words["you"]}</span>'
            f'<span class="seat-name"><label for="{ident}-name-0" class="sr-only">'
            f'{words["your_name"]}</label><input type="text" id="{ident}-name-0" '
            f'name="{ident}.name.0" maxlength="{MAX_NAME}" placeholder="{words["yours"]}" '
            'autocomplete="off" autocapitalize="words" spellcheck="false" enterkeyhint="done">'
            f"</span></div>{seats}</details>")


def _seat(seat: int) -> str:
    """A seat's name (seats count from 0 in the engine, from 1 for a player)."""
    return _("Seat {n}").format(n=seat + 1)


def _name_for(seat: int) -> str:
    """What a screen reader calls a seat's name field."""
    return _("Name for seat {n}").format(n=seat + 1)


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
        legend = _words(_("Game"))
        parts.append(f'<fieldset class="games" hidden><legend>{legend}</legend>{radios}'
                     "</fieldset>")
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
    scored = _words(_("Scored game: no taking moves back"))
    for name, entry in offered.items():
        options = _options(name, entry["options"])
        parts.append(
            f'<div class="choices" data-game="{_text(name)}" data-title="{_text(entry["title"])}">'
            f"{_presets(name, entry)}{_players(name, entry)}{options}{_bots(name, games)}"
            f"{_who_plays(name, entry, games)}"
            f'<label class="switch scored"><input type="checkbox" id="{_text(name)}-scored" '
            f'name="{_text(name)}.scored"> {scored}</label></div>')
        hidden += _seats_hidden(name, entry)
    if hidden:
        parts.append(f"<style>{', '.join(hidden)} {{ display: none; }}</style>")
    return "\n".join(parts)


def options_title(games: dict[str, Any]) -> str:
    """The options sheet's heading: each game's name, of which only the chosen one
    shows (``lobby_html``'s style), so a screen reader hears that one alone."""
    offered = _offered(games)
    if len(offered) == 1:
        return _text(_("{title}: options").format(
            title=next(iter(offered.values()))["title"]))
    names = "".join(f'<span class="for-game" data-game="{_text(name)}">'
                    f'{_text(entry["title"])}</span>' for name, entry in offered.items())
    # Translators: after the game's name, which the page shows just before it.
    return names + _words(_(": options"))


def lobby_tiles(games: dict[str, Any]) -> str:
    """A tile for each game: its picture, name and line; a tap deals it with its last
    choices. Under them, its rules, its options sheet (plain buttons that
    web/early-input.js answers before the page's UI has started) and today's deal
    (web/ui/today.py: the day's deal, or the player's result of it)."""
    tiles = []
    words = {key: _words(text) for key, text in (
        ("deal", _("Deal")), ("rules", _("Rules")), ("options", _("Options")),
        ("today", _("Today's deal")))}
    for name, entry in _offered(games).items():
        game, title = _text(name), _text(entry["title"])
        # Translators: after a tile's button ("Rules", "Today's deal"), heard, not seen.
        of_title = _text(_(" of {title}").format(title=entry["title"]))
        # Translators: after the tile's button "Options", heard, not seen.
        for_title = _text(_(" for {title}").format(title=entry["title"]))
        tiles.append(
            f'<li class="tile" data-game="{game}">'
            f'<button type="button" id="deal-{game}" class="tile-deal" data-deal="{game}" '
            f'aria-describedby="about-{game}"><span class="tile-top">{picture(name)}'
            f'<span class="tile-cue">{words["deal"]}</span></span>'
            f'<span class="tile-title">{title}</span></button>'
            f'<p id="about-{game}" class="tile-line">{_text(entry["description"])}</p>'
            f'<div class="tile-more">'
            f'<button type="button" class="tile-button" data-rules="{game}" aria-controls="rules">'
            f'{words["rules"]}<span class="sr-only">{of_title}</span></button>'
            f'<button type="button" class="tile-button" data-options="{game}" '
            f'aria-haspopup="dialog">{words["options"]}<span class="sr-only">{for_title}'
            f"</span></button>"
            f'<button type="button" class="tile-button tile-today" data-today="{game}">'
            f'<span class="today-words">{words["today"]}</span>'
            f'<span class="sr-only">{of_title}</span></button>'
            f"</div></li>")
    return "\n".join(tiles)


def lobby_title(games: dict[str, Any]) -> str:
    offered = [entry["title"] for entry in _offered(games).values()]
    return _text(_("New game of {title}").format(title=offered[0]) if len(offered) == 1
                 else _("New game"))


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
    return _text(_("How to play {title}").format(title=offered[0]) if len(offered) == 1
                 else _("How to play"))
