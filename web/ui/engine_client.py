"""The engine worker, as the page calls it: JSON text across, envelopes back.

The worker (web/worker/engine_worker.py, started by web/engine.js as the page's head
is read) holds the game and its save; every call answers an envelope of
``engine.api.Session`` (``{"ok": ...}``). A method here is a call the worker exports, of
the same name and arguments (``engine.api.CALLS``; tests/test_calls.py checks them). A
call the worker cannot answer is answered by web/engine.js in the same form, never left
waiting: when the worker has died, its error type is ``ENGINE_STOPPED``, and the page
already says so and offers a restart.
"""

import json

ENGINE_STOPPED = "EngineStopped"


def stopped(reply):
    """Whether ``reply`` says the engine has stopped (the page tells the player)."""
    return not reply["ok"] and reply["error"]["type"] == ENGINE_STOPPED


class Engine:
    def __init__(self, worker, on_stale):
        self.worker = worker  # web/engine.js's ``tycoonEngine``, once ready
        # Called when the worker's save was refused: another tab played the game since.
        self.on_stale = on_stale

    async def _call(self, name, *args):
        return self._answer(await self.worker.call(name, *[json.dumps(arg) for arg in args]))

    def _answer(self, text):
        reply = json.loads(text)
        if reply.get("stale"):
            self.on_stale()
        return reply

    async def new_game(self, config):
        return await self._call("new_game", config)

    async def resume(self, legacy_text=None):
        """The saved game, claimed for this tab; or what an earlier version kept (its log
        and view, as the text it stored: passed on as it is) taken over."""
        if legacy_text is None:
            return await self._call("resume")
        return self._answer(await self.worker.call("resume", legacy_text))

    async def view(self, seat):
        """The game as ``seat`` sees it (a person taking the phone)."""
        return await self._call("view", seat)

    async def act(self, text, seat):
        """``text`` is a move's ``act``, exactly as the view offered it; ``seat`` is the
        person holding the phone (None: the human's)."""
        return await self._call("act", text, seat)

    async def advance(self, seat):
        return await self._call("advance", seat)

    async def hint(self, seat):
        return await self._call("hint", seat)

    async def check_cards(self, cards, seat):
        """The move these cards of the hand make, or why they cannot be played."""
        return await self._call("check_cards", cards, seat)

    async def forget(self):
        return await self._call("forget")

    async def undo(self, seat):
        return await self._call("undo", seat)

    async def next_step(self):
        """A scenario's next scripted move."""
        return await self._call("next_step")

    async def take_over(self):
        """Leave a scenario's script and play on."""
        return await self._call("take_over")

    async def goto(self, step_number):
        """A scenario's (or replay's) position after that many of its moves."""
        return await self._call("goto", step_number)

    async def read_link(self, fragment):
        """What a link opens (``kind``, ``config``) and the ``notices`` of what it ignored."""
        return await self._call("read_link", fragment)

    async def deal_link(self, config):
        return await self._call("deal_link", config)

    async def embed(self, config, scenario):
        """An embedded table's attributes (``fields``) and preview ``link``."""
        return await self._call("embed", config, scenario)

    async def use_slot(self, slot):
        """Save this table's game under its own name (an embedded table)."""
        return await self._call("use_slot", slot)

    async def again(self):
        """The game in progress's choices, for a new deal of them (Play again)."""
        return await self._call("again")

    async def links(self, reveal):
        """The game's ``deal`` link and its ``replay`` so far (every hand if ``reveal``)."""
        return await self._call("links", reveal)

    async def set_pace(self, pace_ms):
        """The bots' pause the player chose (ms): it caps how long Hard thinks."""
        return await self._call("set_pace", pace_ms)

    async def set_language(self, language, results):
        """Views, hints and errors in ``language`` ("en", "ja") from the next call on;
        the reply's ``results``: today's deal's kept ``results`` said in it."""
        return await self._call("set_language", language, results)

    async def challenge_link(self, name, fragment):
        """The link of a challenge of the finished game under ``name`` (``fragment``: the
        challenge it was played from, sent on; None for a new one)."""
        return await self._call("challenge_link", name, fragment)

    async def read_challenge(self, fragment):
        """A challenge's ``config``, ``seat`` and ``runs`` (each replayed: its words, its
        ``replay`` link), or why its moves do not replay."""
        return await self._call("read_challenge", fragment)

    async def todays_deal(self, date, game, preset, name):
        """Today's deal of ``game`` (``preset``: None, its first rule set) on ``date``, and
        the ``result`` the finished game made of it (None where it is not that deal), with
        its challenge link under ``name`` (None: no link)."""
        return await self._call("todays_deal", date, game, preset, name)
