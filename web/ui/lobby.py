"""The lobby's choices, read back: the build wrote the options sheet's form from the
engine's list of games (scripts/lobby.py), so it works before any Python runs; this turns
a game's choices into its config, and keeps and restores each game's last choices.

Every field of a game's choices is named after it (``tycoon.players``, ``tycoon.bots``,
``tycoon.bot.2``, ``tycoon.scored``): each game keeps its own. Each option's input says
its name and kind (``data-option``, ``data-kind``); the page converts and sends them,
and the engine validates them. A group of options (``data-group``, as the engine
groups them) is folded under a summary counting those changed from their defaults.

Who plays each seat is folded too (``tycoon.bot.2``: a bot's level, "" for the level for
all, or ``PERSON``; a friend's name in ``tycoon.name.2``): its quick choice of how many
friends play at this phone (``tycoon.friends``, counting you) sets the seats, the seats
set it, and its summary counts the friends.
"""

import json

import js
from pyscript.ffi import to_js

import store
from dom import by_id, listen
from language import _, n_

PERSON = "human"  # the kind of a seat a person plays, you or a friend (the engine's HUMAN)


def _form():
    return js.FormData.new(by_id("lobby-form"))


def _section(game):
    """The form's part for ``game``'s choices; None for a name that is not a game of it."""
    return next((s for s in _inputs(by_id("lobby-form"), ".choices[data-game]")
                 if s.getAttribute("data-game") == game), None)


def _fields(game):
    """The inputs of ``game``'s choices (players, options, bots, scored)."""
    section = _section(game)
    return [] if section is None else _inputs(section, "input, select")


def selected_game():
    return _form().get("game")


def choose(game):
    """Make ``game`` the one the options sheet and the next Deal are for (the lobby of
    one game has nothing to choose). Told as a change, as a player's choice is."""
    for radio in _inputs(by_id("lobby-form"), 'input[name="game"]'):
        if radio.value == game and not radio.checked:
            radio.checked = True
            radio.dispatchEvent(js.Event.new("change", to_js({"bubbles": True})))


def title(game):
    """A game's title, as the lobby (written from the engine's list) names it."""
    section = _section(game)
    return "" if section is None else section.getAttribute("data-title") or ""


def rule_set_title(game, preset):
    """A rule set's title, as the lobby's form names it ("" where it names none: a game
    of one rule set, or the player's own rules)."""
    section = _section(game)
    radios = [] if section is None else _inputs(section, "input[data-preset-options]")
    return next((radio.parentElement.textContent.strip() for radio in radios
                 if radio.value == preset), "")


def config():
    """The config of a new game of the chosen game with its choices: its options, you,
    and in every other seat a bot, of the seat's level or else the level for all, or a
    friend; with friends, the ``people``'s names by seat (yours and a friend's, trimmed;
    None for a bot, or a person without one). A game without friends has no ``people``: its
    config is as it was before friends could play."""
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
    every = form.get(game + ".bots")
    mine = form.get(f"{game}.name.0")
    seats, people = [PERSON], [(" ".join(mine.split()) or None) if mine else None]
    for seat in range(1, players):
        kind = form.get(f"{game}.bot.{seat}") or every
        name = form.get(f"{game}.name.{seat}") if kind == PERSON else None
        seats.append(kind)
        people.append((" ".join(name.split()) or None) if name else None)
    chosen = {"game": game, "options": options,
              "undo": form.get(game + ".scored") is None,  # a practice game, unless scored
              "seats": seats}
    if PERSON in seats[1:]:
        chosen["people"] = people
    return chosen


def remember():
    """Keep the chosen game's choices, and that it was chosen, for the next visit (at its
    deal: until then they stay in the form, which its tile deals)."""
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
    choices[game] = fields
    choices["game"] = game
    store.write(store.LOBBY_KEY, choices)


def _named(game, fields):
    """A game's kept choices under its form's names: an earlier version kept the bots'
    levels as "bots" and "bot.<seat>" (the names given now win)."""
    named = {game + "." + name: value for name, value in fields.items()
             if name == "bots" or name.startswith("bot.")}
    named.update(fields)
    return named


def restore():
    """Put the kept choices back in the form (``store.load_choices`` read them as text
    only). A kept value is compared with what the form offers, never put into a
    selector: only values the form offers are taken."""
    choices = store.load_choices()
    form = by_id("lobby-form")
    _choose(_inputs(form, 'input[name="game"]'), choices.get("game"))
    for name, fields in choices.items():
        if name != "game":
            _put(_fields(name), _named(name, fields), "name", "on")


def say_counts():
    """Each game's counts said again (its groups' changes, its friends): in the page's
    language, after a switch."""
    for section in _inputs(by_id("lobby-form"), ".choices[data-game]"):
        _count_changes(section, False)
        _seats_changed(section, False)


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
    set it now matches, if any, and counts its group's changes. A group opens where the
    choices restored, or a rule set chosen, change any of its options. Who plays is
    kept in step with itself (``_friends_chosen``, ``_seats_changed``), and opens where
    friends were restored."""
    form = by_id("lobby-form")
    listen(form, "change", _on_change)
    listen(form, "keydown", _on_key)
    for section in _inputs(form, ".choices[data-game]"):
        _mark_preset(section)
        _count_changes(section, True)
        _seats_changed(section, True)


def _on_key(event):
    """Enter in a friend's name is done with it: it does not close the sheet (the form's
    first button, its Close, would take it)."""
    if event.key == "Enter" and event.target.closest(".seat-name") is not None:
        event.preventDefault()
        event.target.blur()


def _on_change(event):
    target = event.target
    section = target.closest(".choices[data-game]")
    if section is None:
        return
    name = target.getAttribute("name") or ""
    if name.endswith(".friends"):
        _friends_chosen(section, int(target.value))
        return
    if name.endswith(".players") or target.closest(".seat-bot") is not None:
        _seats_changed(section, False)
    preset = target.getAttribute("data-preset-options")
    if preset is not None:
        _apply(section, json.loads(preset))
        _count_changes(section, True)
    elif target.getAttribute("data-option") is not None:
        _mark_preset(section)
        _count_changes(section, False)


def _option_fields(section):
    return [field for field in _inputs(section, "input, select")
            if field.getAttribute("data-option") is not None]


def _apply(section, values):
    _put(_option_fields(section), values, "data-option", "true")


def _put(fields, values, key, ticked):
    """Put ``values`` into the form's fields, each found by the field's attribute ``key``:
    a checkbox is ticked when its value is ``ticked``; a radio group and a list take a
    value only if they offer it; a text field takes it as it is (a name: its field holds
    at most what the engine takes, and the engine checks it)."""
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
        elif kind == "text":
            field.value = value
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



def _count_changes(section, opening):
    """Each group's summary says how many of its options are changed from their
    defaults (the form's own: the build checks and selects each default); with
    ``opening``, a group with any changed opens (one the player closed stays closed
    otherwise)."""
    for group in _inputs(section, "details[data-group]"):
        changed = {field.getAttribute("data-option") for field in _option_fields(group)
                   if _changed(field)}
        group.querySelector(".group-count").textContent = (
            _(" · {n} on").format(n=len(changed)) if changed else _(" · all off"))
        if opening and changed:
            group.open = True


def _changed(field):
    if field.getAttribute("type") in ("checkbox", "radio"):
        return field.checked != field.defaultChecked
    return any(option.selected != option.defaultSelected
               for option in _inputs(field, "option"))


def _seat_fields(section):
    """The chosen number of players, and the lists of who plays seats 1 to the last of
    the most players (those beyond the chosen number are hidden)."""
    game = section.getAttribute("data-game")
    chosen = section.querySelector(f'input[name="{game}.players"]:checked')
    players = 1 if chosen is None else int(chosen.value)
    return players, [row.querySelector("select")
                     for row in _inputs(section, ".seat-bot[data-seat]")]


def _friends_chosen(section, people):
    """``people`` play at this phone, you among them: seats 1 to ``people`` - 1 are
    friends'; a friend's seat after them is a bot's again, at the level for all (a bot's
    seat keeps its level, and a friend's seat its name)."""
    players, seats = _seat_fields(section)
    for index, field in enumerate(seats[:players - 1]):
        if index + 1 < people:
            field.value = PERSON
        elif field.value == PERSON:
            field.value = ""
    _seats_changed(section, False)


def _seats_changed(section, opening):
    """The quick choice says how many play at this phone, of the seats in play (and
    offers no more than those), and the summary counts the friends; with ``opening``,
    the fold opens where any friend plays."""
    players, seats = _seat_fields(section)
    friends = sum(1 for field in seats[:players - 1] if field.value == PERSON)
    quick = section.querySelector(".friends select")
    if quick is None:
        return
    for option in _inputs(quick, "option"):
        option.hidden = int(option.value) > players
    quick.value = str(friends + 1)
    counted = n_(" · {n} friend", " · {n} friends", friends).format(n=friends) if (
        friends) else _(" · bots only")
    section.querySelector(".who-count").textContent = counted
    if opening and friends:
        section.querySelector(".who-plays").open = True
