"""The page's own words in the language the player reads: English, written in the code, or
Japanese from the page's catalogue (``web/locale/ja.json``, written from the same ``.po``
file as the engine's by ``scripts/write_catalogues.py``). web/language.js chooses the
language before first paint (the one kept in the settings, else the device's), fetches
that language's catalogue alone and translates the page's own HTML; the UI takes its
words from here, and asks again when the player switches (``switch``).

A message is marked as the engine marks its own (engine/core/language.py), and filled in
after it is translated: ``_("{name} passes").format(name=name)``.
"""

import json

import js

ENGLISH = "en"
LANGUAGES = ("en", "ja")

_state = {"language": ENGLISH, "messages": {}}


def current():
    """The language the page speaks: "en" or "ja"."""
    return _state["language"]


async def take_chosen():
    """The language web/language.js chose, once it has its catalogue (English if the
    catalogue could not be had: the page is then English throughout)."""
    chooser = js.window.tycoonLanguage
    await chooser.ready
    _use(str(chooser.language), str(chooser.messagesText()))


async def switch(language):
    """Speak ``language`` from now on: its catalogue fetched (if not yet), the page's HTML
    translated; whether it could be (offline, a catalogue never fetched cannot)."""
    chooser = js.window.tycoonLanguage
    done = await chooser.use(language)
    if not done:
        return False
    _use(str(chooser.language), str(chooser.messagesText()))
    return True


def _use(language, messages_text):
    messages = json.loads(messages_text)["messages"] if messages_text else {}
    _state["language"] = language if language in LANGUAGES and messages else ENGLISH
    _state["messages"] = messages


def N_(message):
    """``message`` as it is: a word kept in a constant, translated where it is shown."""
    return message


def _(message):
    """``message`` in the page's language."""
    forms = _state["messages"].get(message)
    return forms[0] if forms else message


def p_(context, message):
    """``message`` of ``context`` (the same English meaning another thing elsewhere)."""
    forms = _state["messages"].get(context + "\x04" + message)
    return forms[0] if forms else message


def n_(singular, plural, n):
    """The form of a counted message for ``n``: English has two, Japanese one."""
    forms = _state["messages"].get(singular)
    if forms:
        return forms[0]
    return singular if n == 1 else plural
