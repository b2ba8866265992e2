"""The lobby's form, read back: the build wrote it from the engine's list of games
(scripts/lobby.py), so it works before any Python runs; this turns its choices into
a game's config, and keeps and restores the last choices of each game.

Each option's input says its name and kind (``data-option``, ``data-kind``); the page
converts and sends them, and the engine validates them.
"""

import json

import js

import store
from dom import by_id, listen


def _form():
    return js.FormData.new(by_id("lobby-form"))


def _section(game):
    """The form's part for ``game``'s choices; None for a name that is not a game of it."""
    return next((s for s in _inputs(by_id("lobby-form"), "[data-game]")
                 if s.getAttribute("data-game") == game), None)


def _fields(game):
    """The inputs of ``game``'s choices (players and options)."""
    section = _section(game)
    return [] if section is None else _inputs(section, "input, select")


def selected_game():
    return _form().get("game")


def title(game):
    """A game's title, as the lobby (written from the engine's list) names it."""
    section = _section(game)
    return "" if section is None else section.getAttribute("data-title") or ""


def config():
    """The config of a new game from the lobby's choices: the game, its options, you and
    a bot of the chosen level in every other seat."""
    form = _form()
    game = form.get("game")
    options = {}
    for field in _fields(game):
        option = field.getAttribute("data-option")
        if option is None or option in options:
            continue
        kind = field.getAttribute("data-kind")
        value = form.get(field.getAttribute("name"))
        if kind == "bool":
            options[option] = value is not None
        elif value is not None:
            options[option] = int(value) if kind == "int" else value
    players = int(form.get(game + ".players"))
    every = form.get("bots")
    return {"game": game, "options": options,
            "undo": form.get("scored") is None,  # a practice game, unless scored
            "seats": ["human"] + [form.get(f"bot.{seat}") or every
                                  for seat in range(1, players)]}


def _seat_levels():
    return _inputs(by_id("lobby-form"), ".seat-bot select")


def remember():
    """Keep the lobby's choices, per game, for the next visit."""
    form = _form()
    game = form.get("game")
    choices = store.load_choices()
    fields = {}
    for field in _fields(game):
        name = field.getAttribute("name")
        if field.getAttribute("type") == "checkbox":
            fields[name] = "on" if field.checked else "off"
        elif form.get(name) is not None:
            fields[name] = form.get(name)
    fields["bots"] = form.get("bots")
    for select in _seat_levels():
        fields[select.getAttribute("name")] = select.value
    choices[game] = fields
    choices["game"] = game
    store.write(store.LOBBY_KEY, choices)


def restore():
    """Put the kept choices back in the form. A kept value is compared with what the
    form offers, never put into a selector: only values the form offers are taken."""
    choices = store.load_choices()
    form = by_id("lobby-form")
    _choose(_inputs(form, 'input[name="game"]'), choices.get("game"))
    for name, fields in choices.items():
        if name == "game":
            continue
        _put(_fields(name), fields, "name", "on")
    # The bots' levels are the last game's, the one chosen again.
    last = choices.get(choices.get("game"))
    if isinstance(last, dict):
        _select(by_id("bots"), last.get("bots"))
        for select in _seat_levels():
            _select(select, last.get(select.getAttribute("name")))


def _inputs(root, selector):
    found = root.querySelectorAll(selector)
    return [found[index] for index in range(found.length)]


def _choose(radios, value):
    """Check the radio of ``value``, if one is offered."""
    if any(radio.value == value for radio in radios):
        for radio in radios:
            radio.checked = radio.value == value


def _select(select, value):
    """Select ``value`` in a list, if it is offered."""
    if value is not None and any(option.value == value
                                 for option in _inputs(select, "option")):
        select.value = value


def watch_presets():
    """Choosing a game's rule set sets its options; changing an option marks the rule
    set it now matches, if any."""
    listen(by_id("lobby-form"), "change", _on_change)
    for section in _inputs(by_id("lobby-form"), "[data-game]"):
        _mark_preset(section)


def _on_change(event):
    target = event.target
    section = target.closest("[data-game]")
    if section is None:
        return
    preset = target.getAttribute("data-preset-options")
    if preset is not None:
        _apply(section, json.loads(preset))
    elif target.getAttribute("data-option") is not None:
        _mark_preset(section)


def _option_fields(section):
    return [field for field in _inputs(section, "input, select")
            if field.getAttribute("data-option") is not None]


def _apply(section, values):
    _put(_option_fields(section), values, "data-option", "true")


def _put(fields, values, key, ticked):
    """Put ``values`` into the form's fields, each found by the field's attribute ``key``:
    a checkbox is ticked when its value is ``ticked``; a radio group and a list take a
    value only if they offer it."""
    groups = {}
    for field in fields:
        value = values.get(field.getAttribute(key))
        if value is None:
            continue
        kind = field.getAttribute("type")
        if kind == "checkbox":
            field.checked = value == ticked
        elif kind == "radio":
            groups.setdefault(field.getAttribute("name"), (value, []))[1].append(field)
        else:
            _select(field, value)
    for value, group in groups.values():
        _choose(group, value)


def _current(section):
    """The section's options as the form writes them."""
    values = {}
    for field in _option_fields(section):
        kind = field.getAttribute("type")
        if kind == "checkbox":
            values[field.getAttribute("data-option")] = "true" if field.checked else "false"
        elif kind != "radio" or field.checked:
            values[field.getAttribute("data-option")] = field.value
    return values


def _mark_preset(section):
    current = _current(section)
    for radio in _inputs(section, "input[data-preset-options]"):
        radio.checked = json.loads(radio.getAttribute("data-preset-options")) == current

