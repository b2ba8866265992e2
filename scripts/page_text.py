"""The words of the page's HTML a player reads or hears: each text between tags and each
attribute a screen reader or a tooltip says (``aria-label``, ``title``, ``alt``,
``placeholder``, and ``data-title``, a game's name the UI shows), with its spaces folded,
in the order the document has them. What is not words is left out: scripts, styles,
what is marked ``translate="no"`` (key names, the cards' signs) and text without a letter.
web/language.js walks the page the same way and folds spaces the same way, so a text
written here is the key it translates by.

>>> page_texts('<p title="Hint">Play  <kbd translate="no">Enter</kbd> the <b>cards</b></p>')
['Hint', 'Play', 'the', 'cards']
"""

import re
from html.parser import HTMLParser

__all__ = ["ATTRIBUTES", "folded", "page_texts"]

ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "data-title")
_SKIPPED = {"script", "style", "svg", "template"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
         "source", "track", "wbr"}


def folded(text: str) -> str:
    """``text`` with each run of spaces one space, and none at its ends."""
    return re.sub(r"\s+", " ", text).strip()


def _is_words(text: str) -> bool:
    return any(char.isalpha() for char in text)


class _Walker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.open: list[tuple[str, bool]] = []  # each open element, and whether it is words

    def _in_words(self) -> bool:
        return not self.open or self.open[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        words = (self._in_words() and tag not in _SKIPPED and given.get("translate") != "no")
        if words:
            for name in ATTRIBUTES:
                value = folded(given.get(name) or "")
                if _is_words(value):
                    self.texts.append(value)
        if tag not in _VOID:
            self.open.append((tag, words))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching element (HTML lets some end tags be left out).
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return

    def handle_data(self, data: str) -> None:
        text = folded(data)
        if self._in_words() and _is_words(text):
            self.texts.append(text)


def page_texts(html: str) -> list[str]:
    """The words of ``html`` in document order (see the module's docstring)."""
    walker = _Walker()
    walker.feed(html)
    walker.close()
    return walker.texts
