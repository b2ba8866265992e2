"""The engine worker (Pyodide): owns the game in progress and runs the bots.

The page calls the functions in ``__export__``. Each takes and returns JSON
text: what crosses between threads stays plain data (a Python ``None`` would
otherwise arrive as ``undefined``). The answers are the envelopes of
``engine.api.Session``; those that change the game also carry the new log, so
the page can save after every action without a second call.
"""

import json

from engine.api import Session

session = Session()


def _with_log(envelope):
    if envelope["ok"]:
        envelope["log"] = session.export_log()["log"]
    return json.dumps(envelope)


def new_game(config_json):
    return _with_log(session.new_game(json.loads(config_json)))


def load_log(log_json):
    return _with_log(session.load_log(log_json))


def check(text):
    """The label of the human's selection, or why it cannot be played."""
    return json.dumps(session.check(text))


def act(text):
    return _with_log(session.act(text))


def advance():
    """One bot or chance step (its ``action`` is null when none is due)."""
    return _with_log(session.advance())


def export_log():
    return json.dumps(session.export_log())


__export__ = ["new_game", "load_log", "check", "act", "advance", "export_log"]
