"""The engine's import graph, read from its source: every import runs down the floors
(docs/ENGINE.md, "The floors"), a family imports only the core and itself, and no two
modules import each other, however far round.

Imports are read with ``ast``: ``import`` and ``from ... import`` statements anywhere in
a module (inside functions and ``if TYPE_CHECKING:`` too), and the modules named by
string (a constant that is exactly an engine module's name, as ``on_first_use`` and
``importlib`` are given them).
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"

FLOORS: tuple[tuple[str, ...], ...] = (
    ("engine.core",),
    ("engine.families",),
    ("engine", "engine.catalogue"),  # the package's face re-exports the catalogue
    ("engine.log", "engine.move_code"),
    ("engine.players",),
    ("engine.scenario", "engine.links", "engine.config", "engine.play"),
    ("engine.api", "engine.replies"),
    ("engine.cli", "engine.__main__"),
)
"""The engine's floors, lowest first: a module imports only from its own floor and the
floors below. A module belongs to the floor of the longest name here that it is, or is
inside of."""

MODULE_NAME = re.compile(r"engine(\.[a-z_][a-z0-9_]*)+")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def floor(module: str) -> int:
    """The floor of ``module``; raises ``LookupError`` for a module of no floor."""
    best: tuple[int, int] | None = None
    for number, names in enumerate(FLOORS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (
                    best is None or len(name) > best[1]):
                best = (number, len(name))
    if best is None:
        raise LookupError(f"{module} is on no floor: add it to FLOORS and docs/ENGINE.md")
    return best[0]


def _existing(name: str) -> str | None:
    """The engine module ``name`` names, or the module a name inside it belongs to."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str) -> set[str]:
    """The engine modules ``module`` imports, by statement or by name."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: relative imports are not used in the engine"
            base = node.module or ""
            # "from engine.families.climbing.bots import search" imports the module search.
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and MODULE_NAME.fullmatch(node.value)):
            names = [node.value]
        for name in names:
            if name == "engine" or name.startswith("engine."):
                target = _existing(name)
                if target is not None and target != module:
                    found.add(target)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def test_every_engine_module_is_on_a_floor():
    for module in MODULES:
        floor(module)


def test_imports_run_down_the_floors():
    upward = [f"{module} (floor {floor(module)}) imports {target} (floor {floor(target)})"
              for module, targets in GRAPH.items() for target in sorted(targets)
              if floor(target) > floor(module)]
    assert not upward, "imports up the floors:\n" + "\n".join(upward)


def test_a_family_imports_only_the_core_and_itself():
    strays = []
    for module, targets in GRAPH.items():
        if not module.startswith("engine.families."):
            continue
        family = ".".join(module.split(".")[:3])
        strays += [f"{module} imports {target}" for target in sorted(targets)
                   if not (target.startswith(("engine.core", family + "."))
                           or target in (family, "engine.families"))]
    assert not strays, "a family's module imports outside the core and its family:\n" + (
        "\n".join(strays))


ROOMS: dict[str, tuple[str, ...]] = {
    "rules": (),
    "bots": ("rules",),
    "words": ("rules", "bots"),
    "uecda": ("rules",),
}
"""A family's rooms (docs/ENGINE.md, "The floors"), each with the rooms of its family it
may import besides its own: the rules at the bottom, the bots on them, the words (views
and hints) over both; the UECda client plays on the rules and is handed its bot."""


def room(module: str) -> tuple[str, str] | None:
    """The family and room of a family's module ("engine.families.climbing.bots.search"
    is in climbing's bots); None for a family's own package."""
    parts = module.split(".")
    if len(parts) < 4:
        return None
    if parts[3] not in ROOMS:
        raise LookupError(f"{module} is in no room of its family: add it to ROOMS and "
                          "docs/ENGINE.md")
    return parts[2], parts[3]


def test_every_module_of_a_family_is_in_a_room():
    for module in MODULES:
        if module.startswith("engine.families."):
            room(module)


def test_a_family_imports_down_its_rooms():
    upward = []
    for module, targets in GRAPH.items():
        home = room(module) if module.startswith("engine.families.") else None
        if home is None:
            continue
        family, own = home
        allowed = {own, *ROOMS[own]}
        upward += [f"{module} ({own}) imports {target}" for target in sorted(targets)
                   if target.startswith(f"engine.families.{family}.")
                   and (there := room(target)) is not None and there[1] not in allowed]
    assert not upward, "imports up a family's rooms:\n" + "\n".join(upward)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other (Tarjan's strongly
    connected components), as the modules in import order, the first repeated last."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [_cycle_within(graph, set(group)) for group in groups]


def _cycle_within(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module] & group):
            if target == start:
                return [*paths[module], start]
            if target not in paths:
                paths[target] = [*paths[module], target]
                queue.append(target)
    raise AssertionError("a strongly connected group has a cycle")


def test_no_modules_import_each_other():
    found = cycles(GRAPH)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_the_cycle_finder_reports_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_string_named_imports_are_read():
    # The catalogue names the bots, hints and playouts by string (engine.core.lazy).
    assert "engine.families.climbing.bots.levels" in GRAPH["engine.catalogue"]
    assert "engine.families.climbing.bots.playout" in GRAPH["engine.catalogue"]


def test_modules_named_by_string_are_named_whole():
    # A module named by a computed string (an f-string, a sum) would escape this graph:
    # only engine.core.lazy imports by name, and it is given names written whole.
    computed = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = node.func.attr if isinstance(node.func, ast.Attribute) else (
                node.func.id if isinstance(node.func, ast.Name) else "")
            if called in ("import_module", "__import__") and module != "engine.core.lazy":
                computed.append(f"{module}: {called} outside engine.core.lazy")
            if called == "on_first_use" and node.args and not isinstance(
                    node.args[0], ast.Constant | ast.Name):
                computed.append(f"{module}:{node.lineno}: on_first_use of a computed name")
    assert not computed, "\n".join(computed)


def test_above_the_catalogue_the_families_are_reached_through_it():
    direct = [f"{module} imports {target}" for module, targets in GRAPH.items()
              if floor(module) > floor("engine.catalogue")
              for target in sorted(targets) if target.startswith("engine.families")]
    assert not direct, "imports of a family past the catalogue:\n" + "\n".join(direct)
