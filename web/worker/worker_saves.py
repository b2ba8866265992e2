"""The engine worker's save (web/worker/engine_worker.py): where it is kept, by revision,
in the site's own cache (``site_saves``, web/worker/saves.mjs), and the storage's refusals
in a player's words. A ``Saves`` is one tab's: it claims the save (any tab still playing
it is refused from then on), writes over only the revision it last read or wrote, and
deletes it the same way."""

import asyncio
import re

import js
import site_saves  # web/worker/saves.mjs (engine.mjs registers it)

from engine.core.errors import BadInput
from engine.core.language import N_
from engine.core.limits import MAX_JSON, dump_json
from engine.play.sharing import TableLogJson

# The saves, by path: relative to the site's folder, in its own cache (web/worker/saves.mjs);
# and where earlier versions kept them, for the whole origin, taken over once.
SAVE_PATH = "saves/game.json"
LEGACY_SAVE_PATH = "/tycoon-table/saved-game.json"
# An embedded table's save, by the name of its table (``use_slot``).
EMBEDDED_SAVE_PATH = "saves/embedded/{slot}.json"
LEGACY_EMBEDDED_SAVE_PATH = "/tycoon-table/embedded/{slot}.json"
SLOT_NAME = re.compile("[a-z0-9]{1,32}")
# A save longer than this in bytes is longer than the engine reads in characters (a
# character takes at most four bytes): it is refused unread.
MAX_SAVE_BYTES = 4 * MAX_JSON


class StorageError(Exception):
    """The browser refused to read or write the save (disabled storage, a full quota)."""

    @classmethod
    def of(cls, error: Exception) -> "StorageError":
        """The refusal in a player's words (the browser's own goes to the console): a
        full quota, or storage blocked (a private window, a frame of another site)."""
        detail = str(error)
        js.console.warn("Tycoon Table could not use its storage: " + detail)
        if "quota" in detail.lower():
            return cls(N_("this device's storage for the site is full"))
        return cls(N_("this browser blocks storage for this page"))


class StaleSave(Exception):
    """Another tab's worker saved the game since this one last read or wrote it."""


class Saves:
    """One tab's save: its path and the revision this worker last read or wrote ("":
    there was none)."""

    def __init__(self) -> None:
        self.path = SAVE_PATH
        self.legacy_path = LEGACY_SAVE_PATH
        self.revision = ""
        self.writing = asyncio.Lock()  # one write at a time

    def use_slot(self, slot: str) -> None:
        """An embedded table's own save (``slot``: checked by the caller)."""
        self.path = EMBEDDED_SAVE_PATH.format(slot=slot)
        self.legacy_path = LEGACY_EMBEDDED_SAVE_PATH.format(slot=slot)
        self.revision = ""

    async def claim(self) -> tuple[str | None, "StorageError | None"]:
        """The save's text (None when no game is saved), claimed for this worker: written
        again at a new revision, so any tab still playing it is refused from now on; and
        why that revision could not be written (None if it was)."""
        try:
            claimed = await site_saves.claim(self.path, self.legacy_path, MAX_SAVE_BYTES)
        except Exception as error:  # a JavaScript error of any kind
            raise StorageError.of(error) from None
        self.revision = claimed.revision
        refused = StorageError.of(Exception(claimed.error)) if claimed.error else None
        if not claimed.found:
            return None, refused
        if claimed.size > MAX_SAVE_BYTES:
            raise BadInput(f"the saved game is too long to read ({claimed.size:,} bytes; "
                           f"at most {MAX_SAVE_BYTES:,})")
        return claimed.text, refused

    async def write(self, log: TableLogJson) -> None:
        async with self.writing:
            try:
                written = await site_saves.write(self.path, dump_json(log), self.revision)
            except Exception as error:
                raise StorageError.of(error) from None
            if written.stale:
                raise StaleSave
            self.revision = written.revision

    async def delete(self) -> None:
        async with self.writing:
            try:
                removed = await site_saves.remove(self.path, self.revision)
            except Exception as error:
                raise StorageError.of(error) from None
            if removed.stale:
                raise StaleSave
            self.revision = removed.revision
