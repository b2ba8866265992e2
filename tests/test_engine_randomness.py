"""The engine draws randomness only from generators it makes (seeded ``random.Random``s,
``random.SystemRandom`` for a new game's seed), never from the ``random`` module's own
functions: the app starts Pyodide from a memory snapshot, and every restored
interpreter would draw the same numbers from the module's shared generator."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
GENERATORS = {"Random", "SystemRandom"}


def module_level_draws(source: str) -> list[str]:
    """``random.<name>`` uses in ``source`` other than the generator classes, and any
    ``from random import`` of anything else."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "random" and node.attr not in GENERATORS):
            found.append(f"random.{node.attr} (line {node.lineno})")
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [f"from random import {alias.name} (line {node.lineno})"
                      for alias in node.names if alias.name not in GENERATORS]
    return found


def test_the_check_finds_a_module_level_draw():
    assert module_level_draws("import random\nx = random.choice([1, 2])") == [
        "random.choice (line 2)"]
    assert module_level_draws("from random import shuffle") == [
        "from random import shuffle (line 1)"]
    assert module_level_draws("import random\nr = random.Random(5)") == []


def test_no_engine_module_draws_from_the_random_module_itself():
    draws = {str(path.relative_to(ENGINE)): module_level_draws(path.read_text())
             for path in ENGINE.rglob("*.py")}
    assert {path: found for path, found in draws.items() if found} == {}
