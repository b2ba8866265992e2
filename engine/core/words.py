"""English for the engine's messages, labels and narration: each word helper once.

>>> join(["Aiko", "Bruno", "You"])
'Aiko, Bruno and You'
>>> plural(1, "point"), plural(3, "card"), counted(2, "Joker"), counted(1, "8")
('1 point', '3 cards', 'two Jokers', 'an 8')
>>> signed_points(3), signed_points(1), signed_points(-2), signed_points(0)
('+3 points', '+1 point', '-2 points', '0 points')
>>> numbered(1, "card"), numbered(4, "card")
('one card', 'four cards')
>>> ordinal(3), article("F"), capitalized("lead low")
('3rd', 'an', 'Lead low')
"""

from collections.abc import Iterable

from engine.core.language import current

__all__ = [
    "NUMBERS", "article", "capitalized", "counted", "join", "number", "numbered", "ordinal",
    "place_words", "plural", "signed_points",
]

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

# Letters whose spoken name starts with a vowel sound ("an F", said "ef").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def number(n: int) -> str:
    """ "one", "two" … "ten"; figures beyond."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def article(spoken: str) -> str:
    """ "a" or "an" before a word as it is said: "an Ace", "an 8", "an 11", "an F", "a 7"."""
    if len(spoken) == 1 and spoken.isalpha():
        return "an" if spoken.upper() in _VOWEL_LETTERS else "a"
    if spoken.isdigit():
        # Said "eight …", "eleven", "eighteen", "eighty …".
        return "an" if spoken[0] == "8" or spoken in ("11", "18") else "a"
    return "an" if spoken[:1].lower() in "aeiou" else "a"


def plural(n: int, noun: str) -> str:
    """A count in figures: "1 card", "3 cards", "0 points"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def signed_points(n: int) -> str:
    """Points won or lost: "+3 points", "+1 point", "-2 points", "0 points"."""
    sign = "+" if n > 0 else "-" if n < 0 else ""
    return sign + plural(abs(n), "point")


def numbered(n: int, noun: str) -> str:
    """A count in number words: "one card", "two cards"."""
    return f"{number(n)} {noun}{'' if n == 1 else 's'}"


def counted(n: int, noun: str) -> str:
    """A count in words: "a Joker", "an Ace", "two 9s", "three Kings"."""
    if n == 1:
        return f"{article(noun)} {noun}"
    return f"{number(n)} {noun}s"


def join(words: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "4th" … "11th", "21st"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(n: int) -> str:
    """A place as a player of the language in force reads it: "3rd"; 「3位」 in Japanese.
    (``ordinal`` is the English, which the rules also keep as data.)"""
    return f"{n}位" if current() == "ja" else ordinal(n)


def capitalized(text: str) -> str:
    """The text with its first letter upper-case (the rest as it was)."""
    return text[:1].upper() + text[1:]
