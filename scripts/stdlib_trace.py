"""Which of Pyodide's standard library the app imports, and that library trimmed to it.

Run inside Pyodide, in Node, by scripts/stdlib_zip.mjs at build time (the unit tests
run ``modules_from_zip`` and ``trimmed_stdlib`` in CPython): Pyodide starts with its
whole standard library, the engine worker is set up as web/worker/boot.mjs sets it up,
every module of the engine is imported and ``exercise`` plays the worker's calls (each
game dealt with each bot, moves, hints, links, a log exported, bad calls), so modules
imported only on first use are found too. What the app then imports from the library's
zip, with what Pyodide's own start imported before it, is written to a zip of its own,
compiled to bytecode as the engine is; the worker's Pyodide mounts that one
(``loadPyodide({stdLibURL})``). A second Pyodide started from it plays ``exercise``
again: any module missing fails the build.
"""

import importlib
import importlib.util
import io
import json
import sys
import zipfile
from collections.abc import Iterable
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

# A fixed date inside the zip, so an unchanged library keeps its hash (the service
# worker's revisions and the engine's snapshot are named after the files' hashes).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# The moves each game is played for, with each bot: a round's first tricks, where every
# kind of decision is made once, without the whole of a round (Hard thinks at each).
STEPS_PER_GAME = 12
# The bots' pause the exercise sets: none (the page's "Instant").
TRACE_PACE_MS = 0
# The library is compiled without docstrings or asserts (``-OO``: a fifth fewer bytes;
# nothing the worker runs reads the library's docstrings) and, as the engine is, without
# the column ranges of tracebacks' carets (stdlib_zip.mjs starts Pyodide with
# PYTHONNODEBUGRANGES): line numbers stay (docs/PERFORMANCE.md, issue 26).
OPTIMIZE = 2


class ImportNames:
    """A finder that finds nothing: it notes the name of every import that reaches it.
    First on ``sys.meta_path`` it sees every import asked for (one that fails, or whose
    module is dropped from ``sys.modules`` afterwards, included); last, every import that
    no other finder found."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        self.names.add(name)
        return None


def record_imports() -> tuple[ImportNames, ImportNames]:
    """Every import asked for from now on, and every one that fails."""
    asked, failed = ImportNames(), ImportNames()
    sys.meta_path.insert(0, asked)
    sys.meta_path.append(failed)
    return asked, failed


def stop_recording(*finders: ImportNames) -> None:
    for finder in finders:
        sys.meta_path.remove(finder)


def zip_member(name: str, members: set[str]) -> str | None:
    """The source in the library's zip that module ``name`` is imported from, if any."""
    stem = name.replace(".", "/")
    for candidate in (f"{stem}/__init__.py", f"{stem}.py"):
        if candidate in members:
            return candidate
    return None


def modules_from_zip(zip_path: str, modules: dict[str, ModuleType],
                     asked: Iterable[str]) -> set[str]:
    """The zip's members that the app imports: each module in ``modules`` imported from
    the zip (not a built-in or frozen one, which Python never reads from it), with every
    package above it, and each name ``asked`` for that is no longer in ``modules`` but is
    in the zip (an import that failed, or a module dropped after use)."""
    prefix = zip_path.rstrip("/") + "/"
    with zipfile.ZipFile(zip_path) as library:
        members = set(library.namelist())
    found = set()
    for module in modules.values():
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(prefix):
            found.add(origin[len(prefix):])
    for name in set(asked) - set(modules):
        member = zip_member(name, members)
        if member is not None:
            found.add(member)
    packages = set()
    for member in found:
        parts = member.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            package = "/".join(parts[:depth]) + "/__init__.py"
            if package in members:
                packages.add(package)
    return found | packages


def trimmed_stdlib(zip_path: str, members: Iterable[str], mounted_at: str) -> bytes:
    """A zip of ``members`` of the library at ``zip_path``, each compiled to bytecode of
    this Python (``name.pyc``, hash-based and unchecked, as the engine's wheel is: Python
    imports it from a zip with no source beside it), named in tracebacks as the library
    mounted at ``mounted_at`` names it. Stored uncompressed: a first visit fetches it
    packed whole with xz (scripts/packing.py)."""
    out = io.BytesIO()
    with zipfile.ZipFile(zip_path) as library, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as trimmed:
        for member in sorted(members):
            source = library.read(member)
            code = compile(source, f"{mounted_at.rstrip('/')}/{member}", "exec",
                           dont_inherit=True, optimize=OPTIMIZE)
            entry = zipfile.ZipInfo(member + "c", date_time=ZIP_DATE)
            trimmed.writestr(entry, _code_to_hash_pyc(code, importlib.util.source_hash(source),
                                                      checked=False))
    return out.getvalue()


def stdlib_zip_path() -> str:
    """Where Pyodide mounted its standard library's zip (``/lib/python3XY.zip``)."""
    (path,) = [entry for entry in sys.path if entry.endswith(".zip")]
    return path


async def exercise(worker: Any, engine_modules: list[str], scenarios: list[str]) -> int:
    """Every module of the engine imported and the worker's calls played as a page plays
    them; the number of calls made. An answer that is not JSON fails."""
    for name in engine_modules:
        importlib.import_module(name)
    calls = 0

    async def call(name: str, *arguments: Any) -> Any:
        nonlocal calls
        calls += 1
        answer = getattr(worker, name)(*(json.dumps(argument) for argument in arguments))
        if not isinstance(answer, str):
            answer = await answer
        return json.loads(answer)

    about = await call("games")
    await call("set_pace", TRACE_PACE_MS)
    bots = about["bots"]
    for game, rules in about["games"].items():
        # As many deals as it takes to seat every bot.
        others = rules["default_players"] - 1
        for deal in range(-(-len(bots) // others)):
            seats = ["human"] + [bots[(deal * others + seat) % len(bots)]
                                 for seat in range(others)]
            config = {"game": game, "seats": seats, "seed": 4242 + deal}
            await call("new_game", config)
            for _ in range(STEPS_PER_GAME):
                step = await call("advance", None)
                if step["ok"] and step.get("action") is None and step["view"].get("legal"):
                    await call("hint", None)
                    await call("act", step["view"]["legal"][0]["act"], None)
            await call("check_cards", [], None)
            await call("links", True)
            await call("export_log")
            await call("undo", None)
            await call("next_step")
            await call("take_over")
            await call("again")
            link = await call("deal_link", config)
            await call("read_link", link.get("link", ""))
        await call("goto", 3)
        # Two people at one phone: each acts as themself, and the phone passes.
        await call("new_game", {"game": game, "seed": 4242, "people": [None, "Mia"],
                                "seats": ["human", "human"] + ["easy"] * (
                                    rules["default_players"] - 2)})
        for _ in range(STEPS_PER_GAME):
            step = await call("advance", None)
            person = step["view"]["next_person"] if step["ok"] else None
            if person is not None:
                view = (await call("view", person))["view"]
                await call("act", view["legal"][0]["act"], person)
    for scenario in scenarios:
        embedded = await call("embed", {"game": json.loads(scenario)["game"]}, scenario)
        await call("read_link", embedded.get("link", ""))
    await call("use_slot", "trace")
    await call("resume")
    await call("forget")
    # Calls a page never sends: each answered with an error.
    await call("new_game", {"game": "no such game"})
    await call("act", [1, 2, 3], None)
    await call("read_link", "#v=9&game=%ZZ")
    await call("use_slot", "NOT A NAME")
    calls += 1
    await worker.new_game("{not json")
    return calls
