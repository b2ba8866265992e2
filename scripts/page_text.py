"""The words of the page's HTML a player reads or hears: each text between tags and each
attribute a screen reader or a tooltip says (``aria-label``, ``title``, ``alt``,
``placeholder``, and ``data-title``, a game's name the UI shows), with its spaces folded,
in the order the document has them, leaving out scripts, styles and what is marked
``translate="no"`` (key names). Where the same English means two things, the element says
which with ``data-msgctxt`` (the Play that plays cards, ``cards``), and its texts are keyed
as gettext keys a message with a context: the context, EOT, the text. A text without a
letter ("4") is a text too: its translation may have one (「4人」); the catalogues'
messages are the texts with a letter (``page_words``). web/language.js walks the page
the same way and folds spaces the same way, so a text here is the key it translates by.

>>> page_texts('<p title="Hint">Play  <kbd translate="no">Enter</kbd> the <b>cards</b>: 4</p>')
['Hint', 'Play', 'the', 'cards', ': 4']
>>> page_words('<p title="Hint">Play  <kbd translate="no">Enter</kbd> the <b>cards</b>: 4</p>')
['Hint', 'Play', 'the', 'cards']
>>> page_texts('<button data-msgctxt="cards" aria-label="Play them">Play</button>')
['cards\\x04Play them', 'cards\\x04Play']
"""

import re
from html.parser import HTMLParser

__all__ = ["ATTRIBUTES", "folded", "page_texts", "page_words"]

ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "data-title")
_SKIPPED = {"script", "style", "svg", "template", "py-config"}  # not words; PyScript's config
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
        # Each open element, whether it is words, and its context ("" if none).
        self.open: list[tuple[str, bool, str]] = []

    def _in_words(self) -> bool:
        return not self.open or self.open[-1][1]

    def _key(self, text: str, context: str) -> str:
        return f"{context}\x04{text}" if context else text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        words = (self._in_words() and tag not in _SKIPPED and given.get("translate") != "no")
        context = given.get("data-msgctxt") or ""
        if words:
            for name in ATTRIBUTES:
                value = folded(given.get(name) or "")
                if value:
                    self.texts.append(self._key(value, context))
        if tag not in _VOID:
            self.open.append((tag, words, context))

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
        if self._in_words() and text:
            self.texts.append(self._key(text, self.open[-1][2] if self.open else ""))


def page_texts(html: str) -> list[str]:
    """The words of ``html`` in document order (see the module's docstring)."""
    walker = _Walker()
    walker.feed(html)
    walker.close()
    return walker.texts


def page_words(html: str) -> list[str]:
    """The texts of ``html`` with a letter: its words to translate (keyed as
    ``page_texts`` keys them)."""
    return [text for text in page_texts(html) if _is_words(text)]
