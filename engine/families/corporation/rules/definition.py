"""Corporation's rules and actions, as its rule text and rulings say (docs/RULES.md): the
options (``CorporationRules``), the rules help, presets and guided first round, and the
notation of a commit and of table talk. The rounds and their scoring are in ``machine``.

>>> parse_action("2:commit 5")
Commit(seat=2, card=5)
>>> str(Announce(0, "Join my Corporation on 3"))
'0:say Join my Corporation on 3'
>>> parse_action("say I'll play 5", seat=1) == Announce(1, "I'll play 5")
True
"""

import re
import unicodedata
from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import CHANCE, split_seat
from engine.core.errors import BadNotation, BadOptions
from engine.core.language import N_
from engine.core.options import RulesBase, option

__all__ = [
    "ACTIONS",
    "ANNOUNCEMENT_LENGTH",
    "MAX_TARGET",
    "MAX_TOP_CARD",
    "NOTATION_HELP",
    "PHRASES",
    "PLAYERS",
    "PRESETS",
    "PRESET_TITLES",
    "RULES_HELP",
    "TUTORIAL",
    "Announce",
    "Commit",
    "CorpAction",
    "CorporationRules",
    "announced_cards",
    "announcement_problem",
    "parse_action",
]

PLAYERS = range(4, 11)
MAX_TOP_CARD = 20  # a hand a table can still show; options must not make unbounded hands
MAX_TARGET = 1000  # a game that still ends: options must not make it endless
ANNOUNCEMENT_LENGTH = 120
NOTATION_HELP = ("Commit a card by typing its number. Before that you may make announcements "
                 "everyone hears ('say Join my Corporation on 3'); no one has to keep them.")


@dataclass(frozen=True, slots=True)
class CorporationRules(RulesBase):
    """The options of a Corporation game; every one is explained in the rules help."""

    top_card: int = option(0, N_("Highest card"),
                           N_("The highest card: every player holds the cards 1 to this number. "
                              "0 means the number of players, as the rules say; a higher number "
                              "gives everyone more cards to choose from (the rules' worked "
                              "example plays 5 players with cards 1 to 10). The target score "
                              "stays 2n² (n players) either way."),
                           minimum=0, labels={0: N_("As many as players"), 10: "10", 15: "15",
                                              20: "20"})
    announcements: int = option(3, N_("Announcements"),
                                N_("How many announcements each player may make in a round "
                                   "before committing a card: table talk such as \"I'll play 5\" "
                                   "or \"Join my Corporation on 3\", which everyone hears and no "
                                   "one has to keep. 0 plays without table talk."),
                                minimum=0, labels={0: N_("None"), 1: "1", 3: "3", 5: "5"})

    target_score: int = option(0, N_("Target score"),
                               N_("The game ends after a round in which someone has at least "
                                  "this many points; the most points wins. By default it is 2n² "
                                  "(n players), the target the rules suggest: 32 points with 4 "
                                  "players, 50 with 5, 72 with 6 and 200 with 10 (written 0 in a "
                                  "link or at the terminal). A lower target makes a shorter game, "
                                  "a higher one a longer game with more rounds to catch up."),
                               minimum=0, labels={0: N_("2n², as the rules suggest"),
                                                  25: N_("25 points"), 100: N_("100 points")})

    game: ClassVar[str] = "corporation"

    def __post_init__(self) -> None:
        RulesBase.__post_init__(self)  # zero-argument super() fails in slotted dataclasses
        if self.top_card > MAX_TOP_CARD:
            raise BadOptions(f"option top_card={self.top_card} is not allowed: it must be 0 "
                             f"(the number of players) or a whole number up to {MAX_TOP_CARD}")
        if self.target_score > MAX_TARGET:
            raise BadOptions(f"option target_score={self.target_score} is not allowed: it "
                             f"must be 0 (2n²) or a whole number up to {MAX_TARGET}")

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise BadOptions(f"Corporation is for 4 to 10 players, not {players}")
        if 0 < self.top_card < players:
            raise BadOptions(f"option top_card={self.top_card} is too low for {players} "
                             f"players: it must be 0 or at least {players}")

    def top(self, players: int) -> int:
        """The highest card with this many players."""
        return self.top_card or players

    def cards(self, players: int) -> tuple[int, ...]:
        """Every player's cards: 1 to the top card."""
        return tuple(range(1, self.top(players) + 1))

    def target(self, players: int) -> int:
        """The score that ends the game: ``target_score``, or by default 2n² with n players
        (the rulings: whatever the top card, docs/RULES.md)."""
        return self.target_score or 2 * players * players

    def parse_action(self, text: str, seat: int | None = None) -> "CorpAction":
        return parse_action(text, seat)


RULES_HELP = (
    N_("4 to 10 players, each holding the cards 1 to n (n players). Every round, everyone "
       "chooses a card face down; then all are revealed at once."),
    N_("An unmatched card scores its value in Profits and goes back to your hand."),
    N_("Players who played the same value form a Corporation of that value: no points now, "
       "and their cards stay face up — out of their hands — through the next round."),
    N_("Next round the Corporation pays Corporate Rewards if its members, and only they, all "
       "play one value: each member scores that value times the number of members. A member "
       "who plays something else, or an outsider who plays the same value, spoils it. Then the "
       "old Corporation's cards go back to their hands."),
    N_("Table talk: before choosing, you may say anything to the whole table; no one has to "
       "keep their word. The game ends after a round in which someone has reached the target "
       "score (2n² points unless you choose another: 50 with 5 players); the most points wins."),
    N_("The bots each have a temperament, shown on their seat: a trusting bot believes what it "
       "hears, a wary one doubts it; a greedy bot grabs Profits, a patient one builds "
       "Corporations; an honest bot keeps its word, a sly one often breaks it. Every bot "
       "remembers who broke their word to it."),
)


PRESETS: dict[str, CorporationRules] = {
    "corporation-seed": CorporationRules(),
    "corporation-example": CorporationRules(top_card=10),  # the rule text's worked example
}

PRESET_TITLES = {
    "corporation-seed": N_("Standard (cards 1 to the number of players)"),
    "corporation-example": N_("The rule text's worked example (cards 1 to 10)"),
}
"""Each preset's name in a lobby."""

TUTORIAL = {
    "game": "corporation", "players": 4, "title": N_("Your first round"),
    "intro": N_("Everyone holds cards 1 to 4 and picks one in secret; all turn over at once."),
    "steps": [
        {"move": "1:say I'll play 2", "caption": N_("Anyone may talk before choosing, out loud "
                                                    "for all: Aiko says she will play 2. No one "
                                                    "has to keep their word. Your turn: join "
                                                    "her: commit your 2.")},
        {"move": "0:commit 2", "caption": N_("Your 2 lies face down. The others choose theirs.")},
        {"move": "1:commit 2", "caption": ""},
        {"move": "2:commit 4", "caption": ""},
        {"move": "3:commit 3", "caption": N_("All turn over: you and Aiko both played 2, and "
                                             "form a Corporation. If you both play the same card "
                                             "next round and no one else does, each of you "
                                             "scores it times two. Bruno's 4 and Chen's 3 stood "
                                             "alone: they score 4 and 3 in Profits.")},
    ],
}
"""The guided first trick (engine.scenario): the first round, with captions."""

# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Commit:
    """Put ``card`` face down for this round; it is revealed when every seat has committed."""

    seat: int
    card: int
    kind: ClassVar[str] = "commit"

    @property
    def cards(self) -> tuple[int]:
        """The card it takes from the hand."""
        return (self.card,)

    def __str__(self) -> str:
        return f"{self.seat}:commit {self.card}"


@dataclass(frozen=True, slots=True)
class Announce:
    """Say ``text`` to the whole table before committing; it binds no one."""

    seat: int
    text: str
    kind: ClassVar[str] = "announce"
    cards: ClassVar[tuple[int, ...]] = ()

    def __str__(self) -> str:
        return f"{self.seat}:say {self.text}"


CorpAction = Commit | Announce
ACTIONS: tuple[type, ...] = (Commit, Announce)

# Categories that would break a one-line announcement in a log or on screen. They are
# fixed in every Unicode version, so CPython and Pyodide accept the same texts.
_NOT_ONE_LINE = frozenset({"Cc", "Cs", "Zl", "Zp"})


def announcement_problem(text: str) -> str | None:
    """Why ``text`` cannot be announced, or None: it must be one line of 1 to 120 characters."""
    if not text.strip():
        return "say what? an announcement needs some words"
    if text != text.strip():
        return "an announcement does not start or end with spaces"
    if len(text) > ANNOUNCEMENT_LENGTH:
        return f"an announcement is at most {ANNOUNCEMENT_LENGTH} characters"
    if any(unicodedata.category(char) in _NOT_ONE_LINE for char in text):
        return "an announcement is one line of text, without control characters"
    return None


# The table talk offered for each card in hand: a promise, and an invitation to match it.
PHRASES = ("I'll play {card}", "Join my Corporation on {card}")

_NUMBER = re.compile("[0-9]{1,9}")  # ASCII digits only; int() would also read "²" or "٣"


def parse_action(text: str, seat: int | None = None) -> CorpAction:
    """Read an action; ``seat`` fills in the seat when the text has no ``N:`` prefix.

    Raises ``BadNotation`` (and nothing else) for text that is not an action.
    """
    who, body = split_seat(text, seat, "2:commit 5")
    if who == CHANCE:  # no one deals in Corporation: "*" names no seat
        raise BadNotation(f"{text!r} does not say whose action it is (write it like "
                          "2:commit 5)")
    word, _, rest = body.partition(" ")
    rest = rest.strip()
    if word.lower() == "commit":
        if not _NUMBER.fullmatch(rest):
            raise BadNotation(f"commit which card? write it like 2:commit 5, not {body!r}")
        return Commit(who, int(rest))
    if word.lower() == "say":
        problem = announcement_problem(rest)
        if problem is not None:
            raise BadNotation(problem)
        return Announce(who, rest)
    raise BadNotation(f"{body!r} is not a Corporation action: write commit and a card "
                      "(commit 5), or say and your announcement (say I'll play 5)")


_ANNOUNCED = re.compile("[0-9]{1,2}")  # ASCII digits only; int() would also read "²"


def announced_cards(text: str) -> tuple[int, ...]:
    """The numbers an announcement names, in order ("Join my Corporation on 3" names 3):
    words of one or two ASCII digits, commas and full stops apart; anything else is
    ignored. The one reader of table talk, for the bots and the hint."""
    words = text.replace(",", " ").replace(".", " ").split()
    return tuple(int(word) for word in words if _ANNOUNCED.fullmatch(word))
