"""The engine's comments speak of the code: no issue numbers, no paths outside the
repository (the rules' authority is docs/RULES.md), and every module says what it
exports."""

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
SOURCES = sorted(ENGINE.rglob("*.py"))


def test_no_issue_numbers():
    found = [f"{path.relative_to(ENGINE)}:{number}: {line.strip()}"
             for path in SOURCES for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\bissues?\b", line, re.IGNORECASE)]
    assert not found, "\n".join(found)


def test_no_paths_outside_the_repository():
    found = [f"{path.relative_to(ENGINE)}:{number}: {line.strip()}"
             for path in SOURCES for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\.\./|\bshared/|RULINGS", line)]
    assert not found, "\n".join(found)


def test_the_rules_document_cited_exists():
    assert (ENGINE.parent / "docs" / "RULES.md").is_file()


def test_every_module_has_an_all():
    missing = [str(path.relative_to(ENGINE)) for path in SOURCES
               if path.name != "__main__.py" and not any(
                   isinstance(node, ast.Assign | ast.AnnAssign) and "__all__" in {
                       target.id for target in (node.targets if isinstance(node, ast.Assign)
                                                else [node.target])
                       if isinstance(target, ast.Name)}
                   for node in ast.parse(path.read_text()).body)]
    assert not missing, "modules without __all__: " + ", ".join(missing)
