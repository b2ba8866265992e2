"""Sequences (kaidan), a Tycoon house rule: three or more cards of one suit in consecutive
ranks, Jokers filling any gap. A sequence answers only a sequence of its length, and only
one stronger throughout: its weakest card beats the other's strongest.

A sequence is written with each Joker's stand-in, so the text says which cards the run
stands for: ``0:5s 6s X=7s`` is the 5, 6 and 7 of spades, a Joker as the 7. Where a Joker
may go past an end of the order (the UECda contest's rule), it is written ``X<`` below
the lowest rank and ``X>`` above the highest: ``0:X< 3d 4d`` is a Joker, the 3 and the 4
of diamonds, beaten by a 5-6-7.

>>> from engine.core.cards import parse_cards
>>> str(RunPlay(0, parse_cards("6s X 5s"), parse_cards("7s")))
'0:5s 6s X=7s'
>>> parse_run(0, "X=4s 5s 6s") == RunPlay(0, parse_cards("5s 6s X"), parse_cards("4s"))
True
>>> str(parse_run(0, "X< 3d 4d")), parse_run(0, "Ad 2d X>").above
('0:X< 3d 4d', True)
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.core.actions import CARD_ORDER, Play
from engine.core.cards import JOKER, Card, Rank, Suit, parse_card, rank_text, suit_name
from engine.core.errors import BadNotation
from engine.core.language import _, n_
from engine.core.words import counted, join

__all__ = ["ABOVE", "BELOW", "MIN_RUN", "RunPlay", "describe_run", "in_run_order", "parse_run",
           "run_plays", "runs_of_cards", "why_not_a_run"]

MIN_RUN = 3
"""The fewest cards a sequence has."""
BELOW, ABOVE = "X<", "X>"
"""How a Joker past an end of the order is written: below its lowest rank, above its
highest."""


@dataclass(frozen=True, slots=True)
class RunPlay(Play):
    """A sequence: ``cards`` as played (Jokers included), the card each Joker stands for
    (``stand_ins``), and whether a Joker stands one place ``below`` the order's lowest
    rank or ``above`` its highest, where no card is (a well-formed run names a place for
    each Joker)."""

    stand_ins: tuple[Card, ...] = ()
    below: bool = False
    above: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=CARD_ORDER)))
        object.__setattr__(self, "stand_ins", tuple(sorted(self.stand_ins, key=CARD_ORDER)))

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card is not JOKER)

    @property
    def represented(self) -> tuple[Card, ...]:
        """The cards the run stands for, its Jokers as their stand-ins, in card order."""
        return tuple(sorted(self.naturals + self.stand_ins, key=CARD_ORDER))

    @property
    def laid_out(self) -> tuple[Card, ...]:
        """The cards as the run lies on the table: in its order, each Joker in its place."""
        stand_ins = set(self.stand_ins)
        return ((JOKER,) * self.below + tuple(JOKER if card in stand_ins else card
                                              for card in in_run_order(self.represented))
                + (JOKER,) * self.above)

    @property
    def past_ends(self) -> int:
        """How many of its Jokers stand past an end of the order."""
        return self.below + self.above

    def __str__(self) -> str:
        stand_ins = set(self.stand_ins)
        words = [f"X={card}" if card in stand_ins else str(card)
                 for card in in_run_order(self.represented)]
        words = [BELOW] * self.below + words + [ABOVE] * self.above
        # (only in a malformed run)
        unnamed = self.cards.count(JOKER) - len(self.stand_ins) - self.past_ends
        return f"{self.seat}:{' '.join(words + ['X'] * unnamed)}"


def parse_run(seat: int, text: str) -> RunPlay:
    """Read a sequence: its cards, each Joker written with its stand-in (``X=7s``), or as
    past an end of the order (``X<``, ``X>``)."""
    cards: list[Card] = []
    stand_ins: list[Card] = []
    ends = {BELOW: False, ABOVE: False}
    for word in text.replace(",", " ").split():
        if word.upper() in ends:
            if ends[word.upper()]:
                raise BadNotation(_("{word} twice: one Joker stands past each end").format(
                    word=repr(word)))
            ends[word.upper()] = True
            cards.append(JOKER)
            continue
        joker, equals, stands_for = word.partition("=")
        if not equals:
            cards.append(parse_card(word))
            continue
        if parse_card(joker) is not JOKER:
            raise BadNotation(_("{word}: only a Joker stands for another card").format(
                word=repr(word)))
        stand_in = parse_card(stands_for)
        if stand_in is JOKER:
            raise BadNotation(_("{word}: a Joker stands for a card of a suit, like {example}"
                                ).format(word=repr(word), example="X=7s"))
        cards.append(JOKER)
        stand_ins.append(stand_in)
    return RunPlay(seat, tuple(cards), tuple(stand_ins), ends[BELOW], ends[ABOVE])


def why_not_a_run(play: RunPlay, ranks: Sequence[Rank], past_ends: bool = False
                  ) -> str | None:
    """Why ``play`` is not a well-formed sequence under the order ``ranks`` (weakest
    first), where a Joker may go ``past_ends`` of the order or not; None when it is
    one."""
    if len(play.cards) < MIN_RUN:
        return _("a sequence is {least} or more cards of one suit in consecutive ranks").format(
            least=MIN_RUN)
    if not play.naturals:
        return _("a sequence needs at least one card that is not a Joker")
    cards = play.represented
    if len({card.suit for card in cards}) > 1:
        return _("a sequence is all one suit (a Joker may stand in for any card)")
    places = sorted(ranks.index(card.rank) for card in cards)
    if len(set(places)) < len(places) or (places[-1] - places[0]
                                          >= len(play.cards) - play.past_ends):
        return _("a sequence's cards are consecutive ranks, each once ({ranks})").format(
            ranks=" ".join(rank_text(rank) for rank in ranks))
    if play.past_ends and not past_ends:
        return _("a Joker in a sequence stands for one of its ranks (one past the end of the "
                 "ranks is the UECda contest's rule)")
    if play.below and places[0] != 0:
        return _("only a sequence from the {rank} has a Joker below it").format(
            rank=rank_text(ranks[0]))
    if play.above and places[-1] != len(ranks) - 1:
        return _("only a sequence to the {rank} has a Joker above it").format(
            rank=rank_text(ranks[-1]))
    if play.cards.count(JOKER) != len(play.stand_ins) + play.past_ends:
        return _("say which card each Joker of a sequence stands for (like {example})").format(
            example="X=7s")
    return None


def run_plays(seat: int, hand: Sequence[Card], ranks: Sequence[Rank],
              lengths: Sequence[int], start_ok: Callable[[int, int], bool],
              suits: Sequence[Suit], past_ends: bool = False) -> list[RunPlay]:
    """Every sequence ``hand`` makes of one of ``lengths`` in one of ``suits``, starting at
    a place of ``ranks`` that ``start_ok(start, length)`` allows; Jokers fill the gaps, and
    may stand for cards the hand holds (keeping them back). Where they may go
    ``past_ends`` of the order, the sequences with a Joker below its lowest rank (starting
    at place -1) or above its highest (ending at place ``len(ranks)``) follow the others."""
    jokers = hand.count(JOKER)
    held = {suit: {card.rank for card in hand if card.suit == suit} for suit in suits}
    plays: list[RunPlay] = []
    for suit in suits:
        for length in lengths:
            for start in range(len(ranks) - length + 1):
                if held[suit] and start_ok(start, length):
                    plays += _filled(seat, suit, held[suit], ranks[start:start + length],
                                     jokers, False, False)
    if not (past_ends and jokers):
        return plays
    for suit in suits:
        for length in lengths:
            for below, above in ((True, False), (False, True), (True, True)):
                inside = length - below - above  # the places within the order
                start = -1 if below else len(ranks) - inside
                if (held[suit] and 1 <= inside <= len(ranks)
                        and (not (below and above) or inside == len(ranks))
                        and start_ok(start, length)):
                    cells = ranks[:inside] if below else ranks[-inside:]
                    plays += _filled(seat, suit, held[suit], cells, jokers, below, above)
    return plays


def _filled(seat: int, suit: Suit, held: set[Rank], cells: Sequence[Rank], jokers: int,
            below: bool, above: bool) -> list[RunPlay]:
    """The sequences of ``cells`` in ``suit`` that the ranks ``held`` and the Jokers make,
    a Joker also ``below`` or ``above`` them where asked."""
    spare = jokers - below - above
    missing = [rank for rank in cells if rank not in held]
    if len(missing) > spare:
        return []
    present = [rank for rank in cells if rank in held]
    plays = []
    for extra in range(min(spare - len(missing), len(present) - 1) + 1):
        for kept in combinations(present, extra):
            naturals = tuple(Card(rank, suit) for rank in present if rank not in kept)
            stand_ins = tuple(Card(rank, suit) for rank in (*missing, *kept))
            plays.append(RunPlay(seat, naturals + (JOKER,) * (len(stand_ins) + below + above),
                                 stand_ins, below, above))
    return plays


def runs_of_cards(seat: int, cards: Sequence[Card], ranks: Sequence[Rank],
                  past_ends: bool = False) -> list[RunPlay]:
    """Every sequence exactly these cards make, one per place their Jokers can take, in
    the order of ``ranks``; where a Joker may go ``past_ends`` of the order, those with a
    Joker there follow."""
    naturals = [card for card in cards if card is not JOKER]
    if len(cards) < MIN_RUN or not naturals or len({card.suit for card in naturals}) > 1:
        return []
    suit = naturals[0].suit
    assert suit is not None
    places = sorted(ranks.index(card.rank) for card in naturals)
    if len(set(places)) < len(places):
        return []
    length, top = len(cards), len(ranks)
    starts = list(range(max(0, places[-1] - length + 1), min(places[0], top - length) + 1))
    if past_ends and JOKER in cards:
        starts += [start for start in range(max(-1, places[-1] - length + 1),
                                            min(places[0], top - length + 1) + 1)
                   if start == -1 or start + length - 1 == top]
    plays = []
    for start in starts:
        stand_ins = tuple(Card(ranks[i], suit) for i in range(max(start, 0),
                                                             min(start + length, top))
                          if i not in places)
        below, above = start == -1, start + length - 1 == top
        if len(stand_ins) + below + above == length - len(naturals):
            plays.append(RunPlay(seat, tuple(cards), stand_ins, below, above))
    return plays


def in_run_order(cards: Sequence[Card]) -> list[Card]:
    """A sequence's cards weakest rank first, as it runs: a 2 goes below the 3 (2 low, as
    Tycoon's rule text orders ranks) unless it follows an Ace (2 high, as UECda does)."""
    ordered = sorted(cards, key=CARD_ORDER)
    if len(ordered) > 1 and ordered[0].rank == Rank.TWO and ordered[-1].rank == Rank.ACE and (
            ordered[1].rank != Rank.THREE):
        return ordered[1:] + ordered[:1]
    return ordered


def describe_run(play: RunPlay, short: bool = False) -> str:
    """A sequence in words: "a 5-6-7 sequence of spades with a Joker as the 7"; ``short``
    for a button: "5-6-7 of spades, Joker as 7". A Joker past an end of the order is named
    where it lies: "a Joker-3-4 sequence of diamonds". In Japanese: 「♠5-6-7の階段」."""
    ordered = in_run_order(play.represented)
    suit = ordered[0].suit
    assert suit is not None
    joker = rank_text(Rank.JOKER)
    ranks = "-".join([joker] * play.below + [rank_text(card.rank) for card in ordered]
                     + [joker] * play.above)
    stand_ins = [rank_text(card.rank) for card in in_run_order(play.stand_ins)]
    if short:
        text = _("{ranks} of {suit}").format(ranks=ranks, suit=suit_name(suit))
        if stand_ins:
            text += n_(", Joker as {ranks}", ", Jokers as {ranks}", len(stand_ins)).format(
                ranks=join(stand_ins))
        return text
    text = _("a {ranks} sequence of {suit}").format(ranks=ranks, suit=suit_name(suit))
    if stand_ins:
        text = _("{run} with {jokers} as {ranks}").format(
            run=text, jokers=counted(len(stand_ins), "Joker"),
            ranks=join(_("the {rank}").format(rank=rank) for rank in stand_ins))
    return text
