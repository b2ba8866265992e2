"""The JSON Schemas of what the engine sends the page, generated from the engine's
declarations (engine/core/contract.py, each family's contract.py, named by the
catalogue, and the replies engine/api.py's calls declare, engine/replies.py): a view's
into the page's module web/ui/view_schema.py, which the page checks the view it keeps
against (web/ui/schema_check.py), and the whole contract's, every view and every call's
reply, into docs/engine-contract.schema.json.

    python scripts/write_view_schema.py          # write them
    python scripts/write_view_schema.py --check  # fail if they are not what the engine declares

The build checks they are current, and so do the tests.
"""

import argparse
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from engine.api import declared_replies
from engine.catalogue import FAMILIES
from engine.core.schema import contract_schema, view_schema

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "web" / "ui" / "view_schema.py"
CONTRACT = ROOT / "docs" / "engine-contract.schema.json"

HEADER = '''"""The JSON Schema of the engine's views (draft 2020-12), as
scripts/write_view_schema.py generates it from the engine's declarations: not to be edited."""

'''


def schema() -> dict[str, Any]:
    """The schema of a view of any family in the catalogue (the page's)."""
    return view_schema(family.view for family in FAMILIES)


def whole_contract() -> dict[str, Any]:
    """The schema of the views of every family in the catalogue and of every call's
    reply."""
    return contract_schema((family.view for family in FAMILIES), declared_replies())


def contract_text(generated: dict[str, Any]) -> str:
    return json.dumps(generated, indent=1, ensure_ascii=False) + "\n"


# A JSON string, or one of JSON's words that Python spells otherwise.
JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\b(true|false|null)\b')
PYTHON_WORDS = {"true": "True", "false": "False", "null": "None"}


LINE = 99  # the longest line the literal is wrapped to (ruff's limit is 100)


def module_text(generated: dict[str, Any]) -> str:
    """The page's module holding ``generated`` as a literal (nothing to parse at start):
    its JSON, whose strings Python reads alike, with Python's words for true, false and
    null, written close and wrapped after a comma (the literal is data to load, not to
    read)."""
    compact = json.dumps(generated, separators=(",", ":"))
    text = JSON_TOKEN.sub(lambda token: PYTHON_WORDS[token[1]] if token[1] else token[0],
                          compact)
    lines, line, at = [], "SCHEMA = ", 0
    for token in JSON_TOKEN.finditer(text):  # strings stay whole on their line
        for part in [*re.split(r"(?<=[,:{\[])", text[at:token.start()]), token[0]]:
            if len(line) + len(part) > LINE:
                lines.append(line)
                line = ""
            line += part
        at = token.end()
    lines.append(line + text[at:])
    # The schema's own name, kept with a view: a view kept under another schema is of
    # another version of the page, not damaged.
    stamp = hashlib.sha256(compact.encode()).hexdigest()[:12]
    return HEADER + f'STAMP = "{stamp}"\n' + "\n".join(lines) + "\n"


def stale() -> str | None:
    """Why the page's module or the contract's schema is not the schema the engine
    declares, or None."""
    for path, text in ((MODULE, module_text(schema())),
                       (CONTRACT, contract_text(whole_contract()))):
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            return (f"{path.relative_to(ROOT)} is not the schema the engine declares: run "
                    "python scripts/write_view_schema.py")
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if it is stale")
    if parser.parse_args().check:
        reason = stale()
        if reason is not None:
            raise SystemExit(reason)
        return
    MODULE.write_text(module_text(schema()))
    CONTRACT.write_text(contract_text(whole_contract()), encoding="utf-8")


if __name__ == "__main__":
    main()
