"""The page's words come from the catalogue: every text the UI (web/ui) shows or has heard
is marked to be translated, and the lobby the build writes (scripts/lobby.py) says the same
things in Japanese as in English, in the same elements, with no English left."""

import ast
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core.language import speaking

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from test_catalogues import latin_beyond_the_allowed  # the catalogue test's allow-list

import lobby  # scripts/, above
from page_text import page_texts

ROOT = Path(__file__).resolve().parent.parent

UI = ROOT / "web" / "ui"
MARKING = {"_", "n_", "p_", "N_"}
# Calls whose argument the player reads or hears: a notice, the line above the buttons,
# a toast, a banner, what the store says it could not keep.
SAID_BY = {"show_notice", "say", "toast", "_tell", "discard_save", "show"}
# Attributes a screen reader says.
HEARD = {"aria-label", "aria-description", "title", "placeholder", "alt"}
# Where a text is shown: its words, or markup whose text between tags is words.
SHOWN = {"textContent", "innerHTML"}
# A word of English: two letters or more (a card's rank or a key's letter is not one).
WORD = re.compile("[A-Za-z]{2,}")
# The page's own name, said as it is in every language.
NAMES = {"Tycoon Table"}


def marked(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in MARKING)


def text_parts(node):
    """The literal text of an expression that makes a string: each piece of its
    literals, an expression's place as NUL (so markup can be told from text), walking
    through joins, conditionals, ``or``, formatting and escaping, never into a marked
    message (nor into what a subscript or another call names, which are keys)."""
    if marked(node):
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(value.value)
            else:
                parts.append("\0")
                parts += [part for part in text_parts(value.value) if part != "\0"]
        return parts
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return text_parts(node.left) + text_parts(node.right)
    if isinstance(node, ast.IfExp):
        return [*text_parts(node.body), "\0", *text_parts(node.orelse)]
    if isinstance(node, ast.BoolOp):
        return [part for value in node.values for part in [*text_parts(value), "\0"]]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("format", "join")):
        return [*text_parts(node.func.value), "\0",
                *[part for argument in node.args for part in text_parts(argument)]]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
            node.func.id in ("escape", "str")):
        return [part for argument in node.args for part in text_parts(argument)]
    if isinstance(node, ast.GeneratorExp | ast.ListComp):
        return text_parts(node.elt)
    return ["\0"]


def words_of(parts):
    """The English words in a text's literal pieces, markup and names left out."""
    text = re.sub("<[^>]*>", " ", "".join(parts))
    for name in NAMES:
        text = text.replace(name, "")
    return WORD.findall(text)


def shown_texts(tree):
    """Each expression whose text the page shows or a screen reader says, with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr in SHOWN:
                    yield node.lineno, node.value
        elif isinstance(node, ast.Call) and node.args:
            name = (node.func.attr if isinstance(node.func, ast.Attribute)
                    else node.func.id if isinstance(node.func, ast.Name) else "")
            if name in SAID_BY:
                yield node.lineno, node.args[0]
            elif (name == "setAttribute" and len(node.args) == 2
                  and isinstance(node.args[0], ast.Constant) and node.args[0].value in HEARD):
                yield node.lineno, node.args[1]


def for_developers(node):
    """Whether ``node`` says something to a developer: an exception, the console."""
    return isinstance(node, ast.Raise) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "console")


def sentences_left(tree):
    """Each literal that reads as an English sentence ("Your game …") outside a marked
    message, a docstring, or a message for developers (the console, an exception)."""
    skipped = set()
    for node in ast.walk(tree):
        if marked(node) or for_developers(node):
            skipped |= {id(inner) for inner in ast.walk(node)}
        elif isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                        | ast.AsyncFunctionDef) and ast.get_docstring(node) is not None:
            skipped.add(id(node.body[0].value))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skipped and node.value not in NAMES
                and re.search(r"\b[A-Z][a-z']+ [a-z]+", node.value)):
            yield node.lineno, node.value


MODULES = sorted(path.name for path in UI.glob("*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_every_word_the_page_shows_is_marked(module):
    tree = ast.parse((UI / module).read_text(encoding="utf-8"))
    unmarked = [(line, words) for line, value in shown_texts(tree)
                if (words := words_of(text_parts(value)))]
    assert not unmarked, f"{module}: text shown unmarked (line, words): {unmarked}"


@pytest.mark.parametrize("module", MODULES)
def test_no_english_sentence_is_left_unmarked(module):
    tree = ast.parse((UI / module).read_text(encoding="utf-8"))
    assert list(sentences_left(tree)) == [], module


def test_the_check_finds_an_unmarked_sentence():
    shown = ast.parse('by_id("x").textContent = "Your turn: " + name\n'
                      'show_notice(f"<b>{name}</b> passes")\n'
                      'by_id("y").textContent = _("Your turn: {name}").format(name=name)\n'
                      'element.setAttribute("aria-label", escape("Close"))\n')
    found = sorted((line, words_of(text_parts(value))) for line, value in shown_texts(shown))
    assert found == [(1, ["Your", "turn"]), (2, ["passes"]), (3, []), (4, ["Close"])]
    assert list(sentences_left(ast.parse('KEPT = "Your game is kept."'))) == [
        (1, "Your game is kept.")]


# ---------------------------------------------------------------- the lobby

PARTS = ("lobby_html", "lobby_tiles", "rules_html", "options_title", "lobby_title",
         "rules_summary")


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def tags(html):
    parser = Tags()
    parser.feed(html)
    return parser.tags


def rendered(language):
    with speaking(language):
        games = lobby.games_json()
        return {part: getattr(lobby, part)(games) for part in PARTS}


ENGLISH = rendered("en")
JAPANESE = rendered("ja")


@pytest.mark.parametrize("part", PARTS)
def test_the_japanese_lobby_has_the_english_one_s_elements_and_texts(part):
    english, japanese = ENGLISH[part], JAPANESE[part]
    assert tags(japanese) == tags(english)
    assert len(page_texts(japanese)) == len(page_texts(english))


@pytest.mark.parametrize("part", PARTS)
def test_the_japanese_lobby_holds_no_english(part):
    english = page_texts(ENGLISH[part])
    for index, text in enumerate(page_texts(JAPANESE[part])):
        assert not latin_beyond_the_allowed(text), text
        # Only a text without a word of English (a name, "P5R") is the same in both.
        assert text != english[index] or not latin_beyond_the_allowed(english[index]), text


def test_the_japanese_lobby_says_its_words_as_the_glossary_does():
    tiles = page_texts(JAPANESE["lobby_tiles"])
    assert tiles[:2] == ["配る", "大富豪"]
    assert "\uff08大富豪\uff09" in tiles  # the game in brackets, heard after "Rules"
    assert JAPANESE["lobby_title"] == "新しいゲーム"
    assert "G・H拡張について" in page_texts(JAPANESE["lobby_html"])


def marked_messages(tree):
    """Each message a module marks with literal words: (context, message), a count's
    message as its singular."""
    for node in ast.walk(tree):
        if marked(node) and all(isinstance(argument, ast.Constant) for argument in node.args):
            values = [argument.value for argument in node.args]
            yield (values[0], values[1]) if node.func.id == "p_" else (None, values[0])


def test_every_marked_message_is_in_the_catalogue():
    """What Babel does not see (a message marked inside an f-string's braces, on the
    Python that extracts) would stay English: each is found where it is marked."""
    import write_catalogues

    extracted = {(message.context, message.id[0] if isinstance(message.id, tuple)
                  else message.id) for message in write_catalogues.template() if message.id}
    for path in [*sorted(UI.glob("*.py")), ROOT / "scripts" / "lobby.py"]:
        found = set(marked_messages(ast.parse(path.read_text(encoding="utf-8"))))
        assert found <= extracted, (path.name, found - extracted)
