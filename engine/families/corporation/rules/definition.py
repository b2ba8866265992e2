"""Corporation's rules and actions, as its rule text and rulings say (docs/RULES.md): the
options (``CorporationRules``), the rules help, presets and guided first round, and the
notation of a commit and of table talk. The rounds and their scoring are in ``machine``.

>>> parse_action("2:commit 5")
Commit(seat=2, card=5)
>>> str(Announce(0, "Join my Corporation on 3"))
'0:say Join my Corporation on 3'
>>> parse_action("say I'll play 5", seat=1) == Announce(1, phrase=Phrase.PROMISE, card=5)
True
>>> announced_cards("3で会社を作ろう"), announced_cards("10か12、でも123はなし")
((3,), (10, 12))
"""

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from engine.core.actions import CHANCE, split_seat
from engine.core.errors import BadNotation, BadOptions
from engine.core.language import N_, _
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
    "Phrase",
    "announced_cards",
    "announcement_problem",
    "parse_action",
]

PLAYERS = range(4, 11)
MAX_TOP_CARD = 20  # a hand a table can still show; options must not make unbounded hands
MAX_TARGET = 1000  # a game that still ends: options must not make it endless
ANNOUNCEMENT_LENGTH = 120
NOTATION_HELP = N_("Commit a card by typing its number. Before that you may make "
                   "announcements everyone hears ({saying}); no one has to keep them.")


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
            raise BadOptions(_("option top_card={value} is not allowed: it must be 0 (the "
                               "number of players) or a whole number up to {most}").format(
                                   value=self.top_card, most=MAX_TOP_CARD))
        if self.target_score > MAX_TARGET:
            raise BadOptions(_("option target_score={value} is not allowed: it must be 0 "
                               "(2n²) or a whole number up to {most}").format(
                                   value=self.target_score, most=MAX_TARGET))

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise BadOptions(_("Corporation is for 4 to 10 players, not {players}").format(
                players=players))
        if 0 < self.top_card < players:
            raise BadOptions(_("option top_card={value} is too low for {players} players: it "
                               "must be 0 or at least {players}").format(
                                   value=self.top_card, players=players))

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


class Phrase(StrEnum):
    """The table talk offered for each card in hand, kept as what it means and said in each
    reader's language: a promise, and an invitation to match it."""

    PROMISE = "promise"  # "I'll play 5"
    INVITE = "invite"  # "Join my Corporation on 5"


# Each phrase's notation: what a log or link writes (as logs always have) and a player may
# type; the same English, marked, is what it says in English.
PHRASES = {Phrase.PROMISE: N_("I'll play {card}"),
           Phrase.INVITE: N_("Join my Corporation on {card}")}
_PHRASE_WORDS = {phrase: re.compile(re.escape(notation).replace(r"\{card\}",
                                                                 "(0|[1-9][0-9]{0,8})"))
                 for phrase, notation in PHRASES.items()}


@dataclass(frozen=True, slots=True)
class Announce:
    """Say something to the whole table before committing; it binds no one. It is an
    offered ``phrase`` naming ``card`` (language-free: each reader hears it in their own
    language), or the player's own ``words``; words that are a phrase's notation
    ("I'll play 5") are that phrase."""

    seat: int
    words: str = ""
    phrase: Phrase | None = None
    card: int | None = None
    kind: ClassVar[str] = "announce"
    cards: ClassVar[tuple[int, ...]] = ()

    def __post_init__(self) -> None:
        if self.phrase is not None:
            return
        for phrase, notation in _PHRASE_WORDS.items():
            match = notation.fullmatch(self.words)
            if match:
                object.__setattr__(self, "words", "")
                object.__setattr__(self, "phrase", phrase)
                object.__setattr__(self, "card", int(match[1]))
                return

    @property
    def text(self) -> str:
        """What was said, as the notation writes it: a phrase's fixed words, or the
        player's own."""
        if self.phrase is None:
            return self.words
        return PHRASES[self.phrase].format(card=self.card)

    def said(self) -> str:
        """What was said, in the language in force: a phrase in its words, the player's
        own words as they are."""
        if self.phrase is None:
            return self.words
        return _(PHRASES[self.phrase]).format(card=self.card)

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
        return _("say what? an announcement needs some words")
    if text != text.strip():
        return _("an announcement does not start or end with spaces")
    if len(text) > ANNOUNCEMENT_LENGTH:
        return _("an announcement is at most {most} characters").format(
            most=ANNOUNCEMENT_LENGTH)
    if any(unicodedata.category(char) in _NOT_ONE_LINE for char in text):
        return _("an announcement is one line of text, without control characters")
    return None


_NUMBER = re.compile("[0-9]{1,9}")  # ASCII digits only; int() would also read "²" or "٣"


def parse_action(text: str, seat: int | None = None) -> CorpAction:
    """Read an action; ``seat`` fills in the seat when the text has no ``N:`` prefix.

    Raises ``BadNotation`` (and nothing else) for text that is not an action.
    """
    who, body = split_seat(text, seat, "2:commit 5")
    if who == CHANCE:  # no one deals in Corporation: "*" names no seat
        raise BadNotation(_("{text} does not say whose action it is (write it like "
                            "2:commit 5)").format(text=repr(text)))
    word, _space, rest = body.partition(" ")
    rest = rest.strip()
    if word.lower() == "commit":
        if not _NUMBER.fullmatch(rest):
            raise BadNotation(_("commit which card? write it like 2:commit 5, not {body}")
                              .format(body=repr(body)))
        return Commit(who, int(rest))
    if word.lower() == "say":
        problem = announcement_problem(rest)
        if problem is not None:
            raise BadNotation(problem)
        return Announce(who, rest)
    raise BadNotation(_("{body} is not a Corporation action: write commit and a card "
                        "(commit 5), or say and your announcement (say I'll play 5)")
                      .format(body=repr(body)))


# A number said at the table: one or two digits, ASCII or full-width (Japanese text writes
# 「3で会社を作ろう」 with no spaces), not part of a longer number; never "²" or "٣".
_DIGIT = "[0-9\uff10-\uff19]"  # ASCII and full-width
_ANNOUNCED = re.compile(f"(?<!{_DIGIT}){_DIGIT}{{1,2}}(?!{_DIGIT})")
_FULL_WIDTH = {0xFF10 + digit: ord("0") + digit for digit in range(10)}


def announced_cards(said: Announce | str) -> tuple[int, ...]:
    """The numbers an announcement names, in order: a phrase's card ("Join my
    Corporation on 3" names 3), else the numbers in the words, in any language
    (「3で会社を作ろう」 names 3). The one reader of table talk, for the bots and the hint."""
    if isinstance(said, Announce):
        if said.card is not None:
            return (said.card,)
        said = said.words
    return tuple(int(number.translate(_FULL_WIDTH)) for number in _ANNOUNCED.findall(said))
