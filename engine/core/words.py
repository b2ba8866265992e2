"""The engine's word helpers, each once, in the language in force: English, whose grammar
they spell out (articles, plurals, "A, B and C"), and, for any other language, the forms
its catalogue gives (engine/core/language.py): Japanese counts with counters and lists
with 「・」 (docs/GLOSSARY.md).

>>> join(["Aiko", "Bruno", "You"])
'Aiko, Bruno and You'
>>> plural(1, "point"), plural(3, "card"), counted(2, "Joker"), counted(1, "8")
('1 point', '3 cards', 'two Jokers', 'an 8')
>>> signed_points(3), signed_points(1), signed_points(-2), signed_points(0)
('+3 points', '+1 point', '-2 points', '0 points')
>>> numbered(1, "card"), numbered(4, "card")
('one card', 'four cards')
>>> ordinal(3), article("F"), capitalized("lead low"), as_object("the 2 of spades")
('3rd', 'an', 'Lead low', 'the 2 of spades')
>>> with_notes("Aiko plays an 8", ["Revolution!", "Aiko wins the trick"])
'Aiko plays an 8 — Revolution! — Aiko wins the trick'
>>> from engine.core.language import speaking
>>> with speaking("ja"):
...     join(["アイコ", "ブルーノ", "あなた"]), plural(3, "card"), signed_points(-2)
('アイコ・ブルーノ・あなた', '3枚', '-2点')
>>> with speaking("ja"):
...     counted(2, "Joker"), counted(2, "9"), counted(3, "King"), numbered(4, "player")
('ジョーカー2枚', '9を2枚', 'Kを3枚', '4人')
>>> with speaking("ja"):
...     place_words(3), as_object("♠2"), as_object("9を2枚"), capitalized("b")
('3位', '♠2を', '9を2枚', 'b')
>>> with speaking("ja"):
...     with_notes("アイコが8を1枚出しました", ["アイコが場を流しました"])
'アイコが8を1枚出しました。アイコが場を流しました'
"""

from collections.abc import Iterable

from engine.core.language import ENGLISH, _, current, n_

__all__ = [
    "NUMBERS", "article", "as_object", "capitalized", "counted", "join", "number",
    "numbered", "ordinal", "place_words", "plural", "signed_points", "with_notes",
]

# The Japanese full stop, exclamation mark and question mark: a sentence's own stop.
_JAPANESE_STOPS = ("\u3002", "\uff01", "\uff1f")

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

# Letters whose spoken name starts with a vowel sound ("an F", said "ef").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")

def _english() -> bool:
    return current() == ENGLISH


def number(n: int) -> str:
    """ "one", "two" … "ten"; figures beyond, and always in a language that writes small
    numbers in figures (Japanese)."""
    return NUMBERS[n] if _english() and 0 <= n < len(NUMBERS) else str(n)


def article(spoken: str) -> str:
    """ "a" or "an" before a word as it is said: "an Ace", "an 8", "an 11", "an F", "a 7"
    (English grammar: other languages' messages have no articles to fill)."""
    if len(spoken) == 1 and spoken.isalpha():
        return "an" if spoken.upper() in _VOWEL_LETTERS else "a"
    if spoken.isdigit():
        # Said "eight …", "eleven", "eighteen", "eighty …".
        return "an" if spoken[0] == "8" or spoken in ("11", "18") else "a"
    return "an" if spoken[:1].lower() in "aeiou" else "a"


def _count(n: int, noun: str) -> str:
    """A count of one of the nouns the engine counts, in the catalogue's words (Japanese:
    its counter, 「3枚」「2点」「マッチ棒1本」; a rank's or a face's cards, 「9を2枚」)."""
    if noun == "card":
        return n_("{n} card", "{n} cards", n).format(n=n)
    if noun == "point":
        return n_("{n} point", "{n} points", n).format(n=n)
    if noun in ("matchstick", "stick"):
        return n_("{n} matchstick", "{n} matchsticks", n).format(n=n)
    if noun == "player":
        return n_("{n} player", "{n} players", n).format(n=n)
    if noun == "word":  # a Corporation bot's word, given and kept
        return n_("{n} word", "{n} words", n).format(n=n)
    if noun == "Joker":
        return n_("{n} Joker", "{n} Jokers", n).format(n=n)
    # Any other noun the engine counts is a card's rank ("9", "Queen", said as the
    # catalogue names it: 「Q」) or a Matchstick face ("E").
    return n_("{n} {rank}", "{n} {rank}s", n).format(n=n, rank=_(noun))


def plural(n: int, noun: str) -> str:
    """A count in figures: "1 card", "3 cards", "0 points"; 「3枚」."""
    if not _english():
        return _count(n, noun)
    return f"{n} {noun}{'' if n == 1 else 's'}"


def signed_points(n: int) -> str:
    """Points won or lost: "+3 points", "+1 point", "-2 points", "0 points"; 「+3点」."""
    sign = "+" if n > 0 else "-" if n < 0 else ""
    return sign + plural(abs(n), "point")


def numbered(n: int, noun: str) -> str:
    """A count in number words: "one card", "two cards"; 「1枚」 (Japanese counts in
    figures)."""
    if not _english():
        return _count(n, noun)
    return f"{number(n)} {noun}{'' if n == 1 else 's'}"


def counted(n: int, noun: str) -> str:
    """A count in words: "a Joker", "an Ace", "two 9s", "three Kings"; 「ジョーカー1枚」
    「9を2枚」「Kを3枚」."""
    if not _english():
        return _count(n, noun)
    if n == 1:
        return f"{article(noun)} {noun}"
    return f"{number(n)} {noun}s"


def join(words: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"; 「A・B・C」."""
    items = list(words)
    if not _english():
        return "・".join(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def with_notes(text: str, notes: Iterable[str]) -> str:
    """A sentence and what followed from it, on one line: "Aiko plays an 8 — Aiko wins
    the trick"; in Japanese one sentence after another, each but the last closed with
    「。」 unless it ends in a stop of its own (an exclamation: a revolution's)."""
    parts = [text, *notes]
    if _english():
        return " — ".join(parts)
    return "".join(part if part.endswith(_JAPANESE_STOPS) else part + "\u3002"
                   for part in parts[:-1]) + parts[-1]


def as_object(phrase: str) -> str:
    """A thing as the object of a verb a message puts after it: English as it is; in
    Japanese marked with 「を」, unless it holds one already as a counted set does
    (「9を2枚出す」, but 「♠2を出す」)."""
    return phrase if _english() or "を" in phrase else phrase + "を"


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "4th" … "11th", "21st": the English the rules keep as data
    (``place_words`` says a place in the language in force)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(n: int) -> str:
    """A place as a player of the language in force reads it: "3rd"; 「3位」 in Japanese.
    (``ordinal`` is the English, which the rules also keep as data.)"""
    return ordinal(n) if _english() else _("place {n}").format(n=n)


def capitalized(text: str) -> str:
    """The text with its first letter upper-case (the rest as it was); as it is in a
    language without capitals (Japanese: a leading face "b" stays b)."""
    return text[:1].upper() + text[1:] if _english() else text
