"""The stylesheets' blocks are balanced: one brace too many ends a media query early, and
the browser then drops every rule after it without a word. And the page links every
stylesheet of web/css, once each: one left out would be missing without a word too. The
site ships them joined, in that order."""

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STYLESHEETS = sorted((ROOT / "web" / "css").glob("*.css"))


def test_there_are_stylesheets():
    assert STYLESHEETS


@pytest.mark.parametrize("css", STYLESHEETS, ids=lambda path: path.name)
def test_every_block_of_the_stylesheet_is_closed_once(css: Path):
    text = re.sub(r"/\*.*?\*/", "", css.read_text(), flags=re.S)
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    depth = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        for character in line:
            depth += {"{": 1, "}": -1}.get(character, 0)
            assert depth >= 0, f"{css.name} closes a block it never opened near line {line_number}"
    assert depth == 0, f"{css.name} leaves a block open"


def test_the_page_links_every_stylesheet_once():
    page = (ROOT / "index.html").read_text()
    linked = re.findall(r'<link rel="stylesheet" href="([^"]+)">', page)
    assert sorted(linked) == [path.relative_to(ROOT).as_posix() for path in STYLESHEETS]


def test_the_site_ships_the_stylesheets_joined_in_the_pages_order(tmp_path: Path):
    """The build's one stylesheet holds the parts in the order the page links them (the
    cascade's), and the page links it alone."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_site  # scripts/ is not a package

    shutil.copytree(ROOT / "web" / "css", tmp_path / "web" / "css")  # as the build copies web/
    page = build_site.join_stylesheets((ROOT / "index.html").read_text(), tmp_path)
    linked = re.findall(r'<link rel="stylesheet" href="([^"]+)">', page)
    assert linked == ["web/app.css"]
    assert not (tmp_path / "web" / "css").exists()
    order = re.findall(r'<link rel="stylesheet" href="([^"]+)">',
                       (ROOT / "index.html").read_text())
    assert (tmp_path / "web" / "app.css").read_text() == "".join(
        (ROOT / part).read_text() for part in order)
