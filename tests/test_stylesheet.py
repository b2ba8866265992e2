"""The stylesheet's blocks are balanced: one brace too many ends a media query early, and
the browser then drops every rule after it without a word."""

import re
from pathlib import Path

CSS = Path(__file__).resolve().parent.parent / "web" / "app.css"


def test_every_block_of_the_stylesheet_is_closed_once():
    text = re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S)
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    depth = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        for character in line:
            depth += {"{": 1, "}": -1}.get(character, 0)
            assert depth >= 0, f"app.css closes a block it never opened near line {line_number}"
    assert depth == 0, "app.css leaves a block open"
