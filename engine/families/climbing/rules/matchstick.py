"""Matchstick Tycoon, as its rule text and rulings say (docs/RULES.md).

Cards are seven-segment faces. A card may be played as another value when
its glyph, upright or turned half a turn, fits inside that value's glyph; each
segment added costs a matchstick. The segment table and the fitting rule live
here, in one place, for the engine and for the UI that draws the cards.

Notation of a play, card by card: the face, then ``>V`` when played upright as
value V, or ``~V`` when turned half a turn and played as V; a bare face is
played as itself. ``2:3~E 3~E`` is seat 2 playing two Es made of two turned
3s (free); ``0:1>7 7`` is seat 0 playing two 7s, a 1 with one matchstick
added and a 7.
"""

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, cast

from engine.core.actions import (
    CARD_ORDER,
    CHANCE,
    Action,
    Discard,
    Pass,
    Play,
    parse_deal,
    split_seat,
)
from engine.core.cards import Card
from engine.core.contract import CardJson
from engine.core.errors import BadNotation, BadOptions, IllegalAction
from engine.core.language import N_, _, n_
from engine.core.options import RulesBase, option
from engine.core.words import article, ordinal
from engine.families.climbing.rules.reasons import size_needed
from engine.families.climbing.rules.state import (
    ClimbingDefaults,
    ClimbState,
    PlayEffect,
)

__all__ = [
    "EXPANSION_FACES",
    "FACES",
    "GLYPHS",
    "MAX_PLAY",
    "NOTATION_HELP",
    "PLAYERS",
    "PRESETS",
    "PRESET_TITLES",
    "RULES_HELP",
    "TURNED",
    "TUTORIAL",
    "VALUES",
    "Face",
    "MatchstickRules",
    "StickPlay",
    "as_cards",
    "cost",
    "fit",
    "parse_action",
    "parse_play",
    "turned",
]

VALUES = "0123456789AbCdEFGH"  # weakest to strongest; G and H only with the expansion
GLYPHS: dict[str, frozenset[str]] = {v: frozenset(segments) for v, segments in {
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
    "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "A": "abcefg", "b": "cdefg",
    "C": "adef", "d": "bcdeg", "E": "adefg", "F": "aefg", "G": "acdef", "H": "bcefg",
}.items()}
"""Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle."""

FACES = "012345678AbCdF"  # no 9 or E card: a turned 6 reads 9, a turned 3 reads E
EXPANSION_FACES = "GH"
TURNED = {"a": "d", "b": "e", "c": "f", "d": "a", "e": "b", "f": "c", "g": "g"}
PLAYERS = range(2, 9)
MAX_PLAY = 5
NOTATION_HELP = N_("Type the cards to play by their numbers in your hand (1 3); when they can "
                   "act as several values you choose one and see its matchstick cost. Or "
                   "write the play: 3~E is a 3 turned to read E, 1>7 a 1 made into a 7 with a "
                   "matchstick. {passing} takes a matchstick; with no cards left, "
                   "{discarding} sheds one.")


def turned(glyph: frozenset[str]) -> frozenset[str]:
    """A glyph turned half a turn."""
    return frozenset(TURNED[s] for s in glyph)


def fit(face: str, value: str) -> bool | None:
    """How ``face`` is played as ``value``: False upright, True turned, None if it can't be.

    Upright is chosen when both fit: turning never changes the cost, as it keeps
    the number of segments.
    """
    glyph, target = GLYPHS[face], GLYPHS[value]
    if glyph <= target:
        return False
    if turned(glyph) <= target:
        return True
    return None


def cost(face: str, value: str) -> int:
    """Matchsticks needed to make ``face`` read ``value`` (it must fit)."""
    return len(GLYPHS[value]) - len(GLYPHS[face])


@dataclass(frozen=True, slots=True, eq=False)
class Face:
    """One card: a face value. Interned, like ``Card``: equality is identity."""

    value: str
    order: int = field(init=False, repr=False)

    def __new__(cls, value: str) -> "Face":
        face = _FACES.get(value)
        if face is None:
            if value not in GLYPHS:
                raise BadNotation(_("{word} is not a Matchstick Tycoon card").format(
                    word=repr(value)))
            face = object.__new__(cls)
            _FACES[value] = face
        return face

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", VALUES.index(self.value))

    def __reduce__(self) -> tuple[type["Face"], tuple[str]]:
        return (Face, (self.value,))

    def __str__(self) -> str:
        return self.value

    @property
    def name(self) -> str:
        return _("card {face}").format(face=self.value)

    def to_json(self) -> CardJson:
        """The card as a front end draws it: its face (``id`` and ``rank``), its name, and
        the segments of its glyph (``GLYPHS``: a top, b upper right ... g middle)."""
        return {"id": self.value, "rank": self.value, "suit": "", "color": "stick",
                "name": self.name, "segments": "".join(sorted(GLYPHS[self.value]))}


_FACES: dict[str, Face] = {}


@dataclass(frozen=True, slots=True)
class StickPlay(Play):
    """Cards that all act as ``value``; each is turned when only turned does it fit."""

    value: str = "0"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))

    @property
    def turned(self) -> tuple[bool | None, ...]:
        """Per card: False upright, True turned, None where the card cannot fit."""
        return tuple(fit(str(card), self.value) for card in self.cards)

    @property
    def cost(self) -> int:
        return sum(cost(str(card), self.value) for card in self.cards)

    def __str__(self) -> str:
        words = []
        for card, is_turned in zip(self.cards, self.turned, strict=True):
            face = str(card)
            if is_turned:
                words.append(f"{face}~{self.value}")
            elif face != self.value:
                words.append(f"{face}>{self.value}")
            else:
                words.append(face)
        return f"{self.seat}:{' '.join(words)}"


_CARD_WORD = re.compile(r"([0-9A-Ha-h])(?:([~>])([0-9A-Ha-h]))?$")


def _value(char: str) -> str:
    """Values are case-blind in text (b, C, d are how the glyphs look)."""
    for value in VALUES:
        if value.lower() == char.lower():
            return value
    raise BadNotation(_("{char} is not a value (0-9, A-F, G, H)").format(char=repr(char)))


def parse_play(seat: int, text: str) -> StickPlay:
    faces, values = [], set()
    for word in text.split():
        match = _CARD_WORD.match(word)
        if not match:
            raise BadNotation(_("{word} is not a card of a play (write it like 8, 1>7 or "
                                "3~E)").format(word=repr(word)))
        face, how, value = _value(match[1]), match[2], _value(match[3] or match[1])
        if face not in FACES + EXPANSION_FACES:
            raise BadNotation(_("there is no {face} card ({face} is played by turning or "
                                "adding matchsticks to another card)").format(face=face))
        fits = fit(face, value)
        if fits is None:
            raise BadNotation(_cannot_be_made(face, value))
        if how == "~" and not fits and not turned(GLYPHS[face]) <= GLYPHS[value]:
            raise BadNotation(_("a turned {face} does not fit inside {value}").format(
                face=face, value=value))
        if how in (">", None) and fits:
            raise BadNotation(_("an upright {face} does not fit inside {value}: turn it "
                                "({face}~{value})").format(face=face, value=value))
        faces.append(Face(face))
        values.add(value)
    if not faces:
        raise BadNotation(_("an empty play: choose cards or pass"))
    if len(values) > 1:
        raise BadNotation(_("all the cards of a play act as one value"))
    return StickPlay(seat, as_cards(faces), values.pop())


def _cannot_be_made(face: str, value: str) -> str:
    """Why a card cannot act as ``value``: "an 8 cannot be made into 1, upright or
    turned"."""
    if article(face) == "an":
        return _("an {face} cannot be made into {value}, upright or turned").format(
            face=face, value=value)
    return _("a {face} cannot be made into {value}, upright or turned").format(
        face=face, value=value)


def as_cards(faces: Sequence["Face"]) -> tuple[Card, ...]:
    """Faces where the climbing core's annotations say cards: the core needs of a card
    only equality, ``order`` and a name, which faces have."""
    return cast(tuple[Card, ...], tuple(faces))


def parse_action(text: str, seat: int | None = None) -> Action:
    """Read a Matchstick Tycoon action: a play, ``pass``, ``discard`` or a deal."""
    who, body = split_seat(text, seat, "2:8 8")
    if who == CHANCE:
        return parse_deal(body, lambda hand: as_cards([_face(w) for w in hand.split()]))
    if body.lower() == "pass":
        return Pass(who)
    if body.lower() == "discard":
        return Discard(who)
    return parse_play(who, body)


def _face(word: str) -> Face:
    value = _value(word) if len(word) == 1 else word
    if value not in FACES + EXPANSION_FACES:
        raise BadNotation(_("{word} is not a Matchstick Tycoon card").format(word=repr(word)))
    return Face(value)


@dataclass(frozen=True, slots=True)
class MatchstickRules(RulesBase, ClimbingDefaults):
    """The options of a Matchstick Tycoon game; every one is explained in the rules help."""

    expansion: int = option(0, N_("G and H expansion"),
                            N_("The G and H expansion: add 2 or 4 copies each of G and H, ranked "
                               "above F (0 plays without them)."),
                            choices=(0, 2, 4),
                            labels={0: N_("Without"), 2: N_("Two of each"),
                                    4: N_("Four of each")})
    rounds: int = option(1, N_("Rounds"),
                         N_("Rounds in a match; each round scores (players - place) points and "
                            "the most points wins. 0 plays on until you stop."),
                         minimum=0, labels={1: "1", 3: "3", 5: "5", 0: N_("Endless")})

    game: ClassVar[str] = "matchstick"
    pass_locks_out: ClassVar[bool] = False
    starting_sticks: ClassVar[int] = 1
    pass_takes_stick: ClassVar[bool] = True
    starting_score: ClassVar[int] = 0

    @property
    def values(self) -> str:
        return VALUES if self.expansion else VALUES[:16]

    def strength(self, value: str, revolution: bool) -> int:
        index = VALUES.index(value)
        return -index if revolution else index

    def card_strength(self, card: Card, revolution: bool) -> int:
        return self.strength(str(card), revolution)

    def strength_order(self, revolution: bool) -> tuple[str, ...]:
        return tuple(self.values[::-1] if revolution else self.values)

    def play_strength(self, play: Play, revolution: bool) -> int:
        assert isinstance(play, StickPlay)
        return self.strength(play.value, revolution)

    def card_key(self, card: Card) -> int:
        return card.order

    # ------------------------------------------------------------ the deal

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise BadOptions(_("Matchstick Tycoon is for 2 to 8 players, not {players}").format(
                players=players))

    def deck(self) -> tuple[Card, ...]:
        faces = [Face(f) for f in FACES for _copy in range(4)]
        faces += [Face(f) for f in EXPANSION_FACES for _copy in range(self.expansion)]
        return as_cards(faces)

    def hand_sizes(self, players: int, last_places: tuple[int, ...] | None, leader: int,
                   rng: random.Random) -> tuple[int, ...]:
        base, extra = divmod(len(self.deck()), players)
        return tuple(base + ((seat - leader) % players < extra) for seat in range(players))

    def leader(self, hands: Sequence[Sequence[Card]] | None,
               last_places: tuple[int, ...] | None) -> int | None:
        return None  # drawn by chance every round

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        return parse_action(text, seat)

    def parse_cards(self, text: str) -> tuple[Card, ...]:
        return as_cards([_face(word) for word in text.split()])

    # ------------------------------------------------------------ plays

    def legal_plays(self, state: ClimbState, seat: int) -> list[Action]:
        """Every distinct play: a multiset of cards and the one value they act as."""
        held = Counter(state.hands[seat])
        sticks = state.sticks[seat]
        top = state.top
        sizes = range(1, MAX_PLAY + 1) if top is None else (len(top.cards),)
        plays: list[Action] = []
        for value in self.values:
            if top is not None and not self._stronger(value, top, state.revolution):
                continue
            # The cards that can act as this value, cheapest first.
            options = sorted(((cost(str(face), value), face, count)
                              for face, count in held.items() if fit(str(face), value) is not None),
                             key=lambda o: (o[0], o[1].order))
            for size in sizes:
                plays.extend(StickPlay(seat, cards, value)
                             for cards in _multisets(options, size, sticks))
        return plays

    def check_play(self, state: ClimbState, play: Play) -> None:
        if not isinstance(play, StickPlay):
            raise IllegalAction(_("say what value the cards act as (like 1>7 7)"))
        if not 1 <= len(play.cards) <= MAX_PLAY:
            raise IllegalAction(_("a play is 1 to {largest} cards").format(largest=MAX_PLAY))
        if play.value not in self.values:
            raise IllegalAction(_("{value} is only played with the G and H expansion").format(
                value=play.value))
        for card, fits in zip(play.cards, play.turned, strict=True):
            if fits is None:
                raise IllegalAction(_cannot_be_made(str(card), play.value))
        price = play.cost
        if price > state.sticks[play.seat]:
            raise IllegalAction(n_("that play costs {price} matchstick and you have {have}",
                                   "that play costs {price} matchsticks and you have {have}",
                                   price).format(price=price, have=state.sticks[play.seat]))
        top = state.top
        if top is None:
            return
        if len(play.cards) != len(top.cards):
            raise IllegalAction(size_needed(len(top.cards)))
        if not self._stronger(play.value, top, state.revolution):
            note = _(" (revolution: lower values are stronger)") if state.revolution else ""
            assert isinstance(top, StickPlay)
            raise IllegalAction(_("{value} does not beat {top}{note}").format(
                value=play.value, top=top.value, note=note))

    def _stronger(self, value: str, top: Play, revolution: bool) -> bool:
        assert isinstance(top, StickPlay)
        return self.strength(value, revolution) > self.strength(top.value, revolution)

    def play_cost(self, play: Play) -> int:
        return play.cost if isinstance(play, StickPlay) else 0

    def plays_of_cards(self, seat: int, cards: tuple[Card, ...]) -> list[Play]:
        """One play per value every card can act as, upright or turned, in the order of
        the values."""
        return [StickPlay(seat, cards, value) for value in self.values
                if all(fit(str(card), value) is not None for card in cards)]

    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect:
        return PlayEffect.of(False, len(play.cards) == MAX_PLAY)

    # ------------------------------------------------------------ rounds

    def title(self, place: int, players: int) -> str:
        return ordinal(place + 1)

    def points(self, place: int, players: int) -> int:
        return players - 1 - place

    def game_over(self, scores: tuple[int, ...], rounds_played: int) -> bool:
        return bool(self.rounds) and rounds_played >= self.rounds


def _multisets(options: list[tuple[int, Card, int]], size: int,
               budget: int) -> list[tuple[Card, ...]]:
    """Every multiset of ``size`` cards from ``options`` (cost, face, copies held) whose
    costs add up to at most ``budget``."""
    found: list[tuple[Card, ...]] = []

    def extend(start: int, chosen: list[Card], left: int, spent: int) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        for i in range(start, len(options)):
            price, face, copies = options[i]
            if spent + price > budget:
                break  # options are cheapest first
            for take in range(1, min(copies, left) + 1):
                if spent + price * take > budget:
                    break
                chosen.extend([face] * take)
                extend(i + 1, chosen, left - take, spent + price * take)
                del chosen[-take:]

    extend(0, [], size, 0)
    return found


RULES_HELP = (
    N_("Get rid of all your cards and all your matchsticks. 2 to 8 players; every card is a "
       "seven-segment digit from 0 to F, four of each, dealt out; everyone starts with 1 "
       "matchstick."),
    N_("Order, weakest to strongest: 0, 1 … 9, A, b, C, d, E, F (and G, H with the expansion); "
       "your hand is sorted that way."),
    N_("The leader plays 1 to 5 cards that all act as one value; the next players play as "
       "many cards of a stronger value, or pass. Passing takes a matchstick from the supply but "
       "you may play again if the trick comes round. When all others have passed since the "
       "last play, its player leads again."),
    N_("Transform a card: turn it half a turn (a 6 reads 9, a 3 reads E) and add matchsticks to "
       "its empty segments (a 1 plus one stick is a 7). A card may act as any value whose "
       "digit covers its own, upright or turned; each added segment costs one of your "
       "matchsticks."),
    N_("Revolution: a play of 5 cards reverses the order (0 strongest) until the next one."),
    N_("With no cards left you must discard a matchstick on your turn; with no cards and no "
       "matchsticks you are out. Players are ranked in the order they go out."),
)


PRESETS: dict[str, MatchstickRules] = {
    "matchstick": MatchstickRules(),
    "matchstick-expansion-2": MatchstickRules(expansion=2),
    "matchstick-expansion-4": MatchstickRules(expansion=4),
}

PRESET_TITLES = {
    "matchstick": N_("Standard (0 low, F high)"),
    "matchstick-expansion-2": N_("With G and H, 2 of each (0 low, H high)"),
    "matchstick-expansion-4": N_("With G and H, 4 of each (0 low, H high)"),
}
"""Each preset's name in a lobby."""

TUTORIAL = {
    "game": "matchstick", "title": N_("Your first trick"),
    "intro": N_("A trick of Matchstick Tycoon: the cards are numbers from 0, the weakest, "
                "through 9 and A, b, C, d, E to F, the strongest; each play beats the last "
                "with as many cards of a stronger value, or passes."),
    "position": {"hands": ["3 3 5 A", "4 4 0", "C C 1", "2 7 7"], "to_act": 1},
    "steps": [
        {"move": "1:4 4", "caption": N_("Aiko leads two 4s.")},
        {"move": "2:C C", "caption": N_("Bruno plays two Cs.")},
        {"move": "3:pass", "caption": N_("Chen passes and takes a matchstick (a pass does not "
                                         "lock you out here). Your turn: a 3 turned upside "
                                         "down reads E, stronger than C. Select your two 3s "
                                         "and play them as E.")},
        {"move": "0:3~E 3~E", "caption": N_("Turning a card is free. A matchstick added to a "
                                            "card's empty segment makes another value (a 1 "
                                            "and a stick make a 7). Go out with no cards and "
                                            "no matchsticks left.")},
    ],
}
"""The guided first trick (engine.scenario): four moves, with a caption for each."""
