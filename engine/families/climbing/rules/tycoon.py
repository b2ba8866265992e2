"""Tycoon (Daifugō), as its rule text and rulings say (docs/RULES.md).

Only what is special to Tycoon lives here: its order of ranks, wild Jokers,
the low Spade on a lone Joker, lucky 7s, 4-card revolutions, titles, points,
the exchange and bankruptcy. Turns, tricks and rounds are the climbing core's.
"""

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import CHANCE, Action, Play, parse_action, split_seat
from engine.core.cards import (
    JOKER,
    JOKER_STRENGTH,
    RANK_NAMES,
    THREE_LOW,
    TWO_LOW,
    Card,
    Rank,
    Suit,
    sort_key,
    standard_deck,
    strength_table,
)
from engine.core.errors import BadOptions, IllegalAction
from engine.core.evolve import evolve
from engine.core.language import N_, _
from engine.core.options import HOUSE_RULES, RulesBase, option
from engine.core.rng import shuffled
from engine.families.climbing.rules.reasons import why_not_in_lock
from engine.families.climbing.rules.sequences import (
    RunPlay,
    parse_run,
    runs_of_cards,
    why_not_a_run,
)
from engine.families.climbing.rules.state import (
    ClimbingDefaults,
    ClimbState,
    Owed,
    Phase,
    PlayEffect,
    exchanges_two_and_one,
    ranks_in_order,
)
from engine.families.climbing.rules.tycoon_plays import (
    beats,
    check_set,
    fits_lock,
    forbidden,
    lock_after,
    natural_rank,
    run_end,
    sequence_plays,
    set_plays,
    why_not_beating,
)

__all__ = ["ORDERS", "TITLES", "TycoonRules"]

ORDERS: dict[str, tuple[Rank, ...]] = {
    "standard": TWO_LOW,
    "p5r": THREE_LOW,  # as Persona 5 Royal plays
}
TITLES = {
    3: (N_("Tycoon"), N_("Bourgeoisie"), N_("Beggar")),
    4: (N_("Tycoon"), N_("Rich Man"), N_("Poor Man"), N_("Beggar")),
    # As the UECda contest names them.
    5: (N_("Tycoon"), N_("Rich Man"), N_("Commoner"), N_("Poor Man"), N_("Beggar")),
}
CONTEST_RULES = N_("UECda contest rules")  # and of those the UECda contest's table adds


@dataclass(frozen=True, slots=True)
class TycoonRules(RulesBase, ClimbingDefaults):
    """The options of a Tycoon game; every one is explained in the rules help."""

    jokers: int = option(2, N_("Jokers"),
                         N_("Play with 2 Jokers (54 cards), 1 (53, as the UECda contest plays) "
                            "or none (52). A Joker is wild in a set; alone, as a single or a "
                            "pair, it beats everything."),
                         choices=(0, 1, 2), labels={0: N_("None"), 1: N_("One"), 2: N_("Two")})
    order: str = option("standard", N_("Order of ranks"),
                        N_("Order of ranks. Standard: 2 lowest, Ace highest. P5R (as Persona 5 "
                           "Royal plays): 3 lowest, 2 highest; then the 3 of Spades beats a lone "
                           "Joker, 8s are lucky and the 3 of Hearts starts the first round."),
                        choices=tuple(ORDERS),
                        labels={"standard": N_("Standard: 2 low, Ace high"),
                                "p5r": N_("Persona 5 Royal: 3 low, 2 high")})
    bankruptcy: bool = option(True, N_("Bankruptcy"),
                              N_("From the second round, if anyone but the Tycoon goes out first, "
                                 "the Tycoon is bankrupt: with 4 players they discard their hand "
                                 "and become the Beggar; with 3, the third player gives them a "
                                 "card of their choice and play goes on."),
                              labels={True: N_("A Tycoon who is not first out goes bankrupt")})
    cut: str = option("seed", N_("Lucky rank (8-cut)"),
                      N_("Any play holding a card of this rank (a Joker standing for one "
                         "included) that beats the table also clears the trick at once, and its "
                         "player leads again. The rule text "
                         "has lucky 7s (8s in P5R order); most Japanese tables play the 8-cut."),
                      choices=("seed", "7", "8", "none"),
                      labels={"seed": N_("Lucky 7s, as the rule text (8s in P5R order)"),
                              "7": N_("7s"), "8": N_("8s (8-cut)"), "none": N_("None")},
                      group=HOUSE_RULES)
    sequences: bool = option(False, N_("Sequences (kaidan)"),
                             N_("Three or more cards of one suit in consecutive ranks may be "
                                "played together, Jokers filling any gap (5-6-7 of spades). A "
                                "sequence is answered only by a sequence as long whose weakest "
                                "card beats the other's strongest: 8-9-10 beats 5-6-7, 6-7-8 "
                                "does not."),
                             labels={True: N_("Play sequences of one suit")},
                             group=HOUSE_RULES)
    sequence_revolution: bool = option(False, N_("Sequence revolution"),
                                       N_("With sequences, a sequence of five or more cards is a "
                                          "revolution too, as a four of a kind is."),
                                       labels={True: N_("A sequence of 5 or more is a revolution")},
                                       group=HOUSE_RULES)
    lock: bool = option(False, N_("Suit lock (shibari)"),
                        N_("When a play has the same suits as the play it answers (a heart "
                           "on a heart, spade and club on spade and club), the trick is "
                           "locked: until it clears, every play must be of those suits. A "
                           "Joker takes whatever suit it needs, so it can make a lock and fits "
                           "in one; a Joker alone lifts the lock, so the low Spade may answer "
                           "it."),
                        labels={True: N_("Matching suits lock the trick")},
                        group=HOUSE_RULES)
    eleven_back: bool = option(False, N_("11-back"),
                               N_("A play holding a Jack (or a Joker standing for one) turns "
                                  "the order of ranks upside down until the trick clears, as a "
                                  "revolution would; a revolution made meanwhile stays."),
                               labels={True: N_("A Jack reverses the order for the trick")},
                               group=HOUSE_RULES)
    five_skip: bool = option(False, N_("5-skip"),
                             N_("A play holding a 5 (or a Joker standing for one) skips the next "
                                "player's turn."),
                             labels={True: N_("A 5 skips the next player")},
                             group=HOUSE_RULES)
    nine_reverse: bool = option(False, N_("9-reverse"),
                                N_("A play holding a 9 (or a Joker standing for one) turns the "
                                   "direction of play round the table, for the rest of the round "
                                   "or until the next 9."),
                                labels={True: N_("A 9 turns the direction of play")},
                                group=HOUSE_RULES)
    seven_pass: bool = option(False, N_("7-pass"),
                              N_("After a play holding 7s, its player hands the next player as "
                                 "many cards of their choice as they played 7s (a Joker standing "
                                 "for a 7 counts). Only those two see them."),
                              labels={True: N_("7s hand cards to the next player")},
                              group=HOUSE_RULES)
    ten_discard: bool = option(False, N_("10-discard"),
                               N_("After a play holding 10s, its player discards as many cards "
                                  "of their choice as they played 10s, face up, out of the round."),
                               labels={True: N_("10s discard cards")},
                               group=HOUSE_RULES)
    forbidden_finish: bool = option(False, N_("Forbidden finishes"),
                                    N_("Going out on a play that holds a Joker, the top rank (an "
                                       "Ace; a 2 in P5R order), a card of the lucky rank, or the "
                                       "low Spade ranks you last, below everyone who goes out "
                                       "cleanly (the first to do it lowest)."),
                                    labels={True: N_("Some cards may not finish a hand")},
                                    group=HOUSE_RULES)
    fives: bool = option(False, N_("Five of a kind"),
                         N_("A four of a kind and a Joker make a set of five. Any set of four or "
                            "more cards is a revolution."),
                         labels={True: N_("Four of a kind and a Joker make five")},
                         group=CONTEST_RULES)
    all_pass: bool = option(False, N_("Tricks end when all have passed"),
                            N_("As the UECda contest plays: a trick clears only when every player "
                               "still in has passed, so when everyone else passes, the last player "
                               "may play again on their own cards (or pass, and lead the next "
                               "trick). A leader may pass too, and sits the trick out as any "
                               "player who passes; 20 passes in a row end the round, and the "
                               "players still holding cards are ranked at random."),
                            labels={True: N_("The last player may play on their own cards")},
                            group=CONTEST_RULES)
    lead: str = option("heart", N_("Who leads"),
                       N_("The rule text: the holder of the lowest Heart leads the first round, "
                          "and the last round's Beggar the others. The UECda contest: the "
                          "holder of the lowest Diamond leads every round, once the exchange "
                          "is done."),
                       choices=("heart", "diamond"),
                       labels={"heart": N_("The lowest Heart, then the Beggar"),
                               "diamond": N_("The lowest Diamond, every round")},
                       group=CONTEST_RULES)
    points_from_one: bool = option(False, N_("Last place scores 1"),
                                   N_("Places score one point more each: the last place 1 instead "
                                      "of 0 (5/4/3/2/1 with 5 players, as the UECda contest "
                                      "scores). Who wins is the same."),
                                   labels={True: N_("The last place scores 1 point")},
                                   group=CONTEST_RULES)
    joker_past_ends: bool = option(False, N_("A Joker past a sequence's end"),
                                   N_("With sequences, a Joker may stand one place past either "
                                      "end of the order, as the UECda contest's tables have a "
                                      "column for it: below the 3 and above the 2 in P5R order "
                                      "(below the 2 and above the Ace in the rule text's). "
                                      "Joker-3-4 is beaten by 5-6-7; Ace-2-Joker by nothing "
                                      "but in a revolution."),
                                   labels={True: N_("A Joker may go past a sequence's end")},
                                   group=CONTEST_RULES)
    rounds: int = option(5, N_("Rounds"),
                         N_("Rounds in a game; 0 plays on until you stop. The most points "
                            "wins."),
                         minimum=0, labels={1: "1", 3: "3", 5: "5", 10: "10", 0: N_("Endless")})

    game: ClassVar[str] = "tycoon"
    starting_score: ClassVar[int] = 0

    # ------------------------------------------------------------ the order

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return ORDERS[self.order]

    @property
    def lucky_rank(self) -> Rank | None:
        """The rank whose plays clear the trick: the seed's 7, moved with the order as the
        seed moved it (8 in P5R order), or the one the ``cut`` option names."""
        if self.cut == "seed":
            return self.ranks[5]
        return None if self.cut == "none" else Rank(int(self.cut))

    @property
    def lucky_name(self) -> str:
        lucky = self.lucky_rank
        if lucky is None:
            return ""
        if self.cut == "8":
            return _("8-cut")
        return _("lucky {rank}s").format(rank=_(RANK_NAMES[lucky]))

    @property
    def skip_name(self) -> str:
        return _("5-skip") if self.five_skip else ""

    @property
    def low_spade(self) -> Card:
        return _LOW_SPADES[self.order]

    def strength_order(self, revolution: bool) -> tuple[str, ...]:
        return ranks_in_order(self.ranks, revolution, jokers=self.jokers > 0)

    def card_strength(self, card: Card, revolution: bool) -> int:
        """Higher is stronger; Jokers above everything, revolution or not."""
        if card.suit is None:
            return JOKER_STRENGTH
        index = _STRENGTH[self.order][card.rank]
        return -index if revolution else index

    def play_strength(self, play: Play, revolution: bool) -> int:
        """A set's rank's strength; a sequence's weakest card's."""
        strength = _STRENGTH[self.order]
        if isinstance(play, RunPlay):
            place = run_end(play, strength, revolution, weakest=True)
            return -place if revolution else place
        rank = natural_rank(play.cards)
        if rank is None:
            return JOKER_STRENGTH
        return -strength[rank] if revolution else strength[rank]

    def card_key(self, card: Card) -> int:
        return sort_key(_STRENGTH[self.order], card)

    # ------------------------------------------------------------ the deal

    def check_players(self, players: int) -> None:
        if players not in TITLES:
            raise BadOptions(_("Tycoon is for 3 or 4 players, or 5 as the UECda contest "
                               "plays, not {players}").format(players=players))

    def deck(self) -> tuple[Card, ...]:
        return standard_deck(self.jokers)

    def hand_sizes(self, players: int, last_places: tuple[int, ...] | None, leader: int,
                   rng: random.Random) -> tuple[int, ...]:
        base, extra = divmod(52 + self.jokers, players)
        # The odd cards go to the best places of the last round, or to seats chance draws.
        lucky = last_places[:extra] if last_places else shuffled(rng, range(players))[:extra]
        return tuple(base + (seat in lucky) for seat in range(players))

    def leader(self, hands: Sequence[Sequence[Card]] | None,
               last_places: tuple[int, ...] | None) -> int | None:
        """The Beggar, or the lowest Heart's holder in the first round; the lowest
        Diamond's holder (the core asks again once the exchange is done) with the UECda
        lead."""
        if last_places is not None and self.lead == "heart":
            return last_places[-1]  # the Beggar
        if hands is None:
            return None
        first = Card(self.ranks[0], Suit.HEARTS if self.lead == "heart" else Suit.DIAMONDS)
        return next(seat for seat, hand in enumerate(hands) if first in hand)

    def exchanges(self, last_places: tuple[int, ...]) -> list[Owed]:
        if len(last_places) == 3:  # the Bourgeoisie does not exchange
            return [Owed(last_places[-1], last_places[0], 2)]
        return exchanges_two_and_one(last_places)

    # ------------------------------------------------------------ plays

    def legal_plays(self, state: ClimbState, seat: int) -> list[Action]:
        """Every set (and, with sequences, every sequence) in the seat's hand that may be
        played now, its cards in order."""
        hand, top, revolution = state.hands[seat], state.top, state.revolution
        strength = _STRENGTH[self.order]
        plays: list[Action] = []
        if not isinstance(top, RunPlay):
            plays = set_plays(hand, top, revolution, seat, strength, _LOW_SPADES[self.order],
                              5 if self.fives else 4)
            if state.lock:
                plays = [play for play in plays if fits_lock(play, state.lock)]
        if self.sequences:
            plays.extend(sequence_plays(hand, top, revolution, seat, self.ranks, strength,
                                        state.lock, self.joker_past_ends))
        return plays

    def check_play(self, state: ClimbState, play: Play) -> None:
        cards, top, revolution = play.cards, state.top, state.revolution
        if isinstance(play, RunPlay):
            if not self.sequences:
                raise IllegalAction(_("sequences are not played in this game (turn on the "
                                      "Sequences option to play them)"))
            why = why_not_a_run(play, self.ranks, self.joker_past_ends)
            if why:
                raise IllegalAction(why)
        else:
            check_set(cards, self.sequences, 5 if self.fives else 4)
        if top is not None and not beats(play, top, revolution, _STRENGTH[self.order],
                                         self.low_spade):
            why = why_not_beating(play, top, state, self.low_spade)
            lucky = self.lucky_rank
            if lucky is not None and not isinstance(play, RunPlay) and any(
                    card.rank == lucky for card in cards if card != JOKER):
                # Lucky cards win the trick only as a legal play: said where it surprises.
                why += _("; {rank}s win a trick only when they beat the table").format(
                    rank=_(RANK_NAMES[lucky]))
            raise IllegalAction(why)
        if state.lock and not fits_lock(play, state.lock):
            raise IllegalAction(why_not_in_lock(state.lock))

    def effect(self, play: Play, top: Play | None, revolution: bool) -> PlayEffect:
        cards = play.cards
        ranks: Collection[Rank | None]
        if isinstance(play, RunPlay):
            ranks = {card.rank for card in play.represented}
            revolts = self.sequence_revolution and len(cards) >= 5
        else:
            ranks = (natural_rank(cards),)
            revolts = len(cards) >= 4
        lucky = self.lucky_rank
        wins = lucky is not None and lucky in ranks
        if not wins and top is not None and top.cards == (JOKER,):
            wins = cards == (self.low_spade,)
        return PlayEffect.of(wins, revolts, self.five_skip and Rank.FIVE in ranks,
                             self.eleven_back and Rank.JACK in ranks,
                             self.nine_reverse and Rank.NINE in ranks)

    def lock_after(self, play: Play, top: Play | None, lock: frozenset[Suit]
                   ) -> frozenset[Suit]:
        return lock_after(play, top, lock) if self.lock else lock

    def owed_after(self, play: Play) -> tuple[int, int]:
        if not (self.seven_pass or self.ten_discard):
            return 0, 0
        ranks: list[Rank | None]
        if isinstance(play, RunPlay):
            ranks = [card.rank for card in play.represented]
        else:
            ranks = [natural_rank(play.cards)] * len(play.cards)  # Jokers stand in
        return (ranks.count(Rank.SEVEN) if self.seven_pass else 0,
                ranks.count(Rank.TEN) if self.ten_discard else 0)

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """A play, pass or give; with sequences, a play of several ranks is a sequence,
        its Jokers written with their stand-ins (``0:5s 6s X=7s``)."""
        if self.sequences:
            who, body = split_seat(text, seat, "2:9c 9d")
            if who != CHANCE and body.partition(" ")[0].lower() not in ("pass", "give"):
                run = parse_run(who, body)
                if (run.stand_ins or run.past_ends
                        or len({card.rank for card in run.naturals}) > 1):
                    return run
        return parse_action(text, seat)

    def plays_of_cards(self, seat: int, cards: tuple[Card, ...]) -> list[Play]:
        """The set these cards make, and with sequences every sequence they make, one
        per place their Jokers can take."""
        if not self.sequences:
            return [Play(seat, cards)]
        runs: list[Play] = list(runs_of_cards(seat, cards, self.ranks, self.joker_past_ends))
        if len({card.rank for card in cards if card is not JOKER}) <= 1:
            return [Play(seat, cards), *runs]
        return runs or [RunPlay(seat, cards, ())]

    # ------------------------------------------------------------ rounds

    def after_going_out(self, state: ClimbState, seat: int) -> ClimbState:
        """A forbidden finish, then bankruptcy: the last Tycoon must go out first from the
        second round on (and one who goes out on a forbidden finish does not)."""
        finish = state.events[-1] if state.events else None
        if (self.forbidden_finish and isinstance(finish, Play) and finish.seat == seat
                and forbidden(finish, self.ranks[-1], self.lucky_rank, self.low_spade)):
            return evolve(state, fouled=(*state.fouled, seat))
        last = state.last_places
        if not self.bankruptcy or last is None or len(state.out) - len(state.fouled) != 1:
            return state
        tycoon = last[0]
        if seat == tycoon or not state.hands[tycoon]:
            return state
        if state.players == 3:
            third = next(s for s in range(3) if s not in (seat, tycoon))
            return evolve(state, phase=Phase.GIVE, owed=(Owed(third, tycoon, 1),))
        hands = list(state.hands)
        hands[tycoon] = ()
        return evolve(state, hands=tuple(hands), bankrupt=tycoon,
                       discards=state.discards + state.hands[tycoon])

    def title(self, place: int, players: int) -> str:
        return TITLES[players][place]

    def points(self, place: int, players: int) -> int:
        return players - place - (not self.points_from_one)

    def game_over(self, scores: tuple[int, ...], rounds_played: int) -> bool:
        return bool(self.rounds) and rounds_played >= self.rounds


_STRENGTH = {name: strength_table(ranks) for name, ranks in ORDERS.items()}
_LOW_SPADES = {name: Card(ranks[0], Suit.SPADES) for name, ranks in ORDERS.items()}
