"""The docs say what is, first, and point only at what exists.

A current doc (README.md, docs/*.md) stays short enough to read: the history and the
experiments not kept go to the dated journal (docs/journal/), which has no limit. Every
relative link in every markdown file of the repository leads to a file or folder, and every
file of the repository a current doc names in backticks (`engine/api.py`) exists.
"""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

MOST_LINES = {
    "docs/BOTS.md": 400,
    "docs/PERFORMANCE.md": 400,
    "docs/ENGINE.md": 400,
    "docs/ADDING_A_GAME.md": 100,
    "README.md": 250,
    "docs/RULES.md": 150,
    "docs/SECURITY.md": 200,
    "docs/GLOSSARY.md": 300,
    "docs/LANGUAGES.md": 150,
}
"""The most lines each current doc may hold."""

JOURNAL = "docs/journal/"
"""Where the history lives, by date: no limit, and its paths may be of their day."""

TOP_FOLDERS = ("engine", "web", "tests", "e2e", "bench", "scripts", "docs", "scenarios",
               "embed")
EXTENSIONS = ("py", "md", "mjs", "js", "json", "html", "css", "toml")
MADE_LATER = ("dist/", "e2e-results/", "node_modules/")
"""Folders the build and the tests make: their files are not in the repository."""
BUILT = {"web/app.css"}
"""Files the build writes into the site (scripts/build_site.py joins web/css/ into
web/app.css), named as the site has them."""

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REPO_PATH = re.compile(
    rf"(?:{'|'.join(TOP_FOLDERS)})/[\w./-]*\.(?:{'|'.join(EXTENSIONS)})")


def markdown_files() -> list[str]:
    """Every markdown file of the repository, tracked or new (not ignored), by its path."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return sorted({name for name in listed
                   if (ROOT / name).is_file() and not name.startswith(MADE_LATER)})


def current_docs() -> list[str]:
    return [name for name in markdown_files() if not name.startswith(JOURNAL)]


def link_targets(text: str) -> list[str]:
    """The relative targets of a markdown text's links, without their #fragments: not
    those in code, nor web addresses, mail or a page's own anchors."""
    text = CODE_SPAN.sub("", FENCE.sub("", text))
    targets = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
            continue
        targets.append(target.split("#", 1)[0])
    return targets


def missing_links(doc: Path) -> list[str]:
    """The links of ``doc`` whose target does not exist, resolved from its folder."""
    return [target for target in link_targets(doc.read_text(encoding="utf-8"))
            if not target.startswith(MADE_LATER) and not (doc.parent / target).exists()]


def named_paths(text: str) -> set[str]:
    """The repository's files a text names in backticks, as paths from the repository's
    root (a command's path included; a path with a placeholder, such as ``<game>``, not)."""
    names = set()
    for span in CODE_SPAN.findall(FENCE.sub("", text)):
        for word in re.split(r"[\s,;()'\"=]+", span):
            if (REPO_PATH.fullmatch(word) and not word.startswith(MADE_LATER)
                    and word not in BUILT):
                names.add(word)
    return names


def missing_paths(text: str, root: Path) -> list[str]:
    return sorted(name for name in named_paths(text) if not (root / name).exists())


@pytest.mark.parametrize("name", ["docs/BOTS.md", "docs/PERFORMANCE.md", "docs/ENGINE.md"])
def test_a_current_doc_fits_in_400_lines(name):
    lines = len((ROOT / name).read_text(encoding="utf-8").splitlines())
    assert lines <= 400, (f"{name} has {lines} lines: move its history and the experiments "
                          f"not kept to {JOURNAL}")


@pytest.mark.parametrize("name", sorted(MOST_LINES))
def test_every_current_doc_fits_in_its_own_limit(name):
    lines = len((ROOT / name).read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES[name], f"{name} has {lines} lines, over {MOST_LINES[name]}"


def test_every_current_doc_has_a_limit():
    assert set(current_docs()) <= set(MOST_LINES), (
        "a current doc without a limit: add it to MOST_LINES, or put it in the journal")


def test_every_relative_link_in_a_markdown_file_leads_to_a_file():
    broken = [f"{name}: ({target})" for name in markdown_files()
              for target in missing_links(ROOT / name)]
    assert not broken, "links to nothing:\n" + "\n".join(broken)


def test_every_file_a_current_doc_names_exists():
    missing = [f"{name}: `{path}`" for name in current_docs()
               for path in missing_paths((ROOT / name).read_text(encoding="utf-8"), ROOT)]
    assert not missing, "files named in backticks that do not exist:\n" + "\n".join(missing)


def test_the_journal_is_there_and_linked_from_the_current_docs():
    journal = [name for name in markdown_files() if name.startswith(JOURNAL)]
    assert journal
    linking = [name for name in current_docs()
               if any("journal/" in target
                      for target in link_targets((ROOT / name).read_text(encoding="utf-8")))]
    assert {"docs/BOTS.md", "docs/PERFORMANCE.md", "docs/ENGINE.md"} <= set(linking)


def test_a_broken_link_and_a_missing_path_are_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "here.md").write_text("here", encoding="utf-8")
    doc = tmp_path / "docs" / "page.md"
    doc.write_text(
        "[kept](here.md#a-part) [gone](gone.md) [site](https://example.com/x.md) [top](#top)\n"
        "![picture](pictures/none.png) `[not a link](nowhere.md)`\n"
        "```\n[in code](nowhere-either.md)\n```\n"
        "Run `python bench/nothing.py --fast` and read `docs/here.md`, "
        "`engine/families/<family>/rules.py` and `dist/index.html`.\n",
        encoding="utf-8")
    assert missing_links(doc) == ["gone.md", "pictures/none.png"]
    assert missing_paths(doc.read_text(encoding="utf-8"), tmp_path) == ["bench/nothing.py"]
