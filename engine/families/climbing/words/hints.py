"""Why a move, in a climbing game: the hand's facts, gives, passes, the card games' plays,
and the search's figures (engine.families.climbing.words.hint_figures). Tycoon and President
are explained here (``explain_tycoon``, ``explain_president``: each counts the cards
still out as Hard does, in its game's counts); Matchstick Tycoon's explainer
(engine.families.climbing.words.matchstick_hints) builds on the same facts."""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action, Discard, Give, Pass, Play
from engine.core.cards import JOKER, RANK_NAMES, SUIT_NAMES, Card, Rank, card_list
from engine.core.words import article, capitalized, join, number, plural
from engine.families.climbing.bots.counts import CountsGame
from engine.families.climbing.bots.levels import finishing
from engine.families.climbing.bots.playout import president_counts, tycoon_counts
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT, HandJudge, weaker_than_average
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import (
    SET_NAMES,
    ClimbingRules,
    ClimbObservation,
    Transfer,
    without,
)
from engine.families.climbing.words.hint_figures import with_figures
from engine.families.climbing.words.play_words import describe_play

__all__ = [
    "Facts", "card_play_reason", "explain", "explain_president", "explain_tycoon",
    "explain_with", "give_reason", "keeps", "other_reason", "pass_reason", "possessive",
    "revolution_reason", "strength_kept", "your_rank",
]

if TYPE_CHECKING:
    from engine.core.bots import Fared


def explain(observation: ClimbObservation, action: Action, names: Sequence[str],
            fared: Mapping[Action, "Fared"],
            counts: Callable[[Any], CountsGame | None]) -> str:
    """Why ``action`` in Tycoon or President, and, when the Hard bot searched (``fared``),
    how it fared; ``counts`` plays the game in counts, to see the finishes Hard sees."""
    return explain_with(Facts(observation, names, finishing(observation, counts)), action,
                        fared, card_play_reason)


def explain_tycoon(observation: ClimbObservation, action: Action, names: Sequence[str],
                   fared: Mapping[Action, "Fared"]) -> str:
    """``explain`` for Tycoon."""
    return explain(observation, action, names, fared, tycoon_counts)


def explain_president(observation: ClimbObservation, action: Action, names: Sequence[str],
                      fared: Mapping[Action, "Fared"]) -> str:
    """``explain`` for President."""
    return explain(observation, action, names, fared, president_counts)


def explain_with(facts: "Facts", action: Action, fared: Mapping[Action, "Fared"],
                 play_reason: Callable[[Any, Any], str]) -> str:
    """A climbing game's reason for ``action``: its plays' by ``play_reason``, the others'
    as every climbing game gives them; then the search's figures."""
    reason = (play_reason(facts, action) if isinstance(action, Play)
              else other_reason(facts, action))
    return with_figures(facts.obs, action, fared, reason)


def other_reason(facts: "Facts", action: Action) -> str:
    """Why a give, a pass or a matchstick's discard, in any climbing game."""
    if isinstance(action, Give):
        return give_reason(facts, action)
    if isinstance(action, Discard):
        left = facts.sticks - 1
        return (f"You have no cards left: discard a matchstick ({left} left after this"
                f"{'; then you are out' if left == 0 else ''}).")
    assert isinstance(action, Pass)
    return pass_reason(facts)


# ---------------------------------------------------------------- the facts


class Facts:
    """What the reason draws on: the seat's hand and the table, seen as the rules see it."""

    def __init__(self, observation: ClimbObservation, names: Sequence[str],
                 finish: Action | None = None) -> None:
        self.obs = observation
        self.finish = finish  # the move that sees the hand out, counting the cards out
        self.rules: ClimbingRules = observation.rules
        self.names = names
        self.hand = observation.hand
        self.revolution = observation.revolution
        self.top = observation.top
        self.sticks = observation.sticks[observation.seat] if observation.sticks else 0
        self.plays = [a for a in observation.legal if isinstance(a, Play)]
        # The bots' own judgement of how a play treats the hand: sets by strength.
        self.judge = HandJudge(self.rules, self.hand, self.revolution)
        self.held = self.judge.held

    @property
    def order_note(self) -> str:
        """Where "weakest" means the reverse of the usual order."""
        return " in the revolution" if self.revolution else ""

    def strength(self, card: Card) -> int:
        return self.rules.card_strength(card, self.revolution)

    def kinds(self, play: Play) -> Counter[int]:
        return self.kinds_of(play.cards)

    def kinds_of(self, cards: Sequence[Card]) -> Counter[int]:
        """How many cards of each strength (rank, face), Jokers left out."""
        return Counter(self.judge.kinds(cards))

    def splits(self, play: Play) -> bool:
        """Leaves part of a set in the hand."""
        return self.judge.judge(play)[2]

    def breaks_four(self, play: Play) -> bool:
        """Takes cards from a four of a kind without playing all four."""
        return self.judge.judge(play)[1]

    def fours(self, gone: Sequence[Card] = ()) -> list[int]:
        """The four-of-a-kinds (revolution material) the hand keeps when ``gone`` leave
        it."""
        played = self.kinds_of(gone)
        return sorted(k for k, n in self.held.items() if n == 4 and not played[k])

    def four_name(self, kind: int) -> str:
        """ "your four 5s"."""
        return your_rank(self.card_of(kind).rank, 4)

    def kept(self, play: Play | None, gone: Sequence[Card] = ()) -> str:
        """The strength the hand keeps after a move (``strength_kept``)."""
        return strength_kept(self, play, gone)

    def nothing_beats(self, table: str) -> str:
        """Why a seat with no play passes."""
        return f"Nothing in your hand beats {table}: pass."

    def card_of(self, kind: int) -> Card:
        return next(c for c in self.hand if c != JOKER and self.strength(c) == kind)

    def top_kind(self) -> int | None:
        """The strongest natural rank (face) of the deck in the current order."""
        kinds = [self.strength(c) for c in set(self.rules.deck()) if c != JOKER]
        return max(kinds) if kinds else None

    def describe(self, play: Play) -> str:
        return describe_play(play)

    def table(self) -> str:
        """The play on the table, as "the table's two 8s"."""
        assert self.top is not None
        return possessive("the table's", self.head(self.top))

    def head(self, play: Play) -> str:
        """A play's name without Matchstick's card-by-card detail."""
        return describe_play(play, detail=False)

    def rest_is_weak(self, play: Play) -> bool:
        """Whether the hand left after ``play`` is weaker than the deck's average in the
        current order (so a revolution would make it strong)."""
        return weaker_than_average(self.rules, without(self.hand, play.cards), self.revolution)

    def about_to_go_out(self) -> list[int]:
        """Other seats still in the round with at most two cards."""
        obs = self.obs
        return [s for s in range(obs.players)
                if s != obs.seat and s not in obs.out and 0 < obs.hand_sizes[s] <= ABOUT_TO_GO_OUT]


def possessive(owner: str, description: str) -> str:
    """ "the table's" + "the 8 of clubs" -> "the table's 8 of clubs"; "your" + "two 9s"."""
    for article_word in ("the ", "a ", "an "):
        if description.startswith(article_word):
            return f"{owner} {description[len(article_word):]}"
    return f"{owner} {description}"


def _one(play: Play) -> bool:
    """Whether a play's name is singular: one card, or a sequence."""
    return len(play.cards) == 1 or isinstance(play, RunPlay)


def _is(play: Play) -> str:
    """The verb for a play's name: "the 9 of clubs is", "two 9s are"."""
    return "is" if _one(play) else "are"


def _s(play: Play) -> str:
    """The verb ending for a play's name: "the 9 of clubs beats", "two 9s beat"."""
    return "s" if _one(play) else ""


# ---------------------------------------------------------------- gives


def give_reason(facts: Facts, give: Give) -> str:
    obs = facts.obs
    owed = obs.owed[0]
    receiver = facts.names[owed.receiver]
    back = any(isinstance(e, Transfer) and e.giver == owed.receiver and e.receiver == obs.seat
               for e in obs.events)
    verb = "Gives back" if back else f"Gives {receiver}"
    count = len(give.cards)
    plain = [facts.rules.card_strength(c, False) for c in facts.hand]
    given = sorted(facts.rules.card_strength(c, False) for c in give.cards)
    named = card_list(give.cards)
    if given == sorted(plain)[:count]:
        which = "weakest card" if count == 1 else f"{number(count)} weakest cards"
        text = f"{verb} your {which}, {named}"
        kept = facts.kept(None, give.cards)
        return f"{text}; you keep {kept}." if kept else f"{text}."
    # Not the weakest: say what the choice spares (a set kept whole) and what it gives.
    held = Counter(c.rank for c in facts.hand if c != JOKER)
    gone = Counter(c.rank for c in give.cards if c != JOKER)
    lone = all(held[c.rank] == 1 for c in give.cards if c != JOKER)
    weakest = sorted(facts.hand, key=lambda c: facts.rules.card_strength(c, False))[:count]
    spared = list(dict.fromkeys(c.rank for c in weakest if c != JOKER and c not in give.cards
                                and held[c.rank] - gone[c.rank] >= 2))
    kept = " and ".join(your_rank(r, held[r] - gone[r]) for r in spared)
    what = "a lone card" if count == 1 else "lone cards"
    if lone and spared:
        return f"{verb} {named}, {what}, and keeps {kept} together."
    if lone:
        joins = "joins" if count == 1 else "join"
        return f"{verb} {named}: {what} that {joins} no set in your hand."
    if spared:
        return f"{verb} {named} and keeps {kept} together."
    return f"{verb} {named}."


# ---------------------------------------------------------------- what a move keeps


def strength_kept(facts: Facts, play: Play | None, gone: Sequence[Card] = ()) -> str:
    """ "your Joker and your two Aces": the strength left in the hand after a move (at
    most two things: Jokers, the strongest rank, and a four of a kind)."""
    used = Counter(play.cards if play is not None else gone)
    items = []
    jokers = facts.hand.count(JOKER) - used[JOKER]
    if jokers:
        items.append("your Joker" if jokers == 1 else f"your {number(jokers)} Jokers")
    best = facts.top_kind()
    if best is not None and facts.held[best] and not any(
            c != JOKER and facts.strength(c) == best for c in used):
        items.append(your_rank(facts.card_of(best).rank, facts.held[best]))
    fours = [k for k in facts.fours(tuple(used.elements())) if k != best]
    if fours and len(items) < 2:
        four = facts.four_name(fours[0])
        items.append(f"{four} for a {'counter-' if facts.revolution else ''}revolution")
    return " and ".join(items[:2])


def your_rank(rank: Rank, count: int) -> str:
    """ "your Ace", "your two 2s", "your four 5s"."""
    name = RANK_NAMES[rank]
    return f"your {name}" if count == 1 else f"your {number(count)} {name}s"


def keeps(kept: str, main: str) -> str:
    """ "Keeps your Joker; your two 9s are ..."."""
    if not kept:
        return capitalized(main) + "."
    return f"Keeps {kept}; {main}."


# ---------------------------------------------------------------- passes


def pass_reason(facts: Facts) -> str:
    obs = facts.obs
    table = facts.table() if facts.top is not None else "the table"
    stick = " (passing gives you a matchstick)" if facts.rules.pass_takes_stick else ""
    plays = facts.plays
    if not plays:
        return facts.nothing_beats(table)
    jokers = [p for p in plays if JOKER in p.cards]
    fours = [p for p in plays if p not in jokers and facts.breaks_four(p)]
    splits = [p for p in plays if p not in jokers and p not in fours and facts.splits(p)]
    whole = [p for p in plays if p not in jokers and p not in fours and p not in splits]
    going = facts.about_to_go_out()
    warning = (f" {facts.names[going[0]]} has only {plural(obs.hand_sizes[going[0]], 'card')} "
               "left, though.") if going else ""
    if not whole:
        costs = []
        if jokers:
            costs.append("spending your Joker" if facts.hand.count(JOKER) == 1
                         else "spending a Joker")
        if fours:
            four = next(k for k in facts.held if facts.held[k] == 4
                        and any(facts.kinds(p)[k] for p in fours))
            costs.append(f"breaking up {facts.four_name(four)}")
        if splits:
            costs.append("breaking up a set")
        one_joker = costs == ["spending your Joker"]
        return (f"Nothing beats {table} without {' or '.join(costs)}: pass and keep "
                f"{'it' if one_joker else 'them'} for later{stick}.{warning}")
    cheapest = min(whole, key=lambda p: facts.rules.play_strength(p, facts.revolution))
    name = facts.head(cheapest)
    return (f"Saves strength: {name} would beat {table}, but passing keeps "
            f"{'it' if len(cheapest.cards) == 1 else 'them'} for later{stick}.{warning}")


# ---------------------------------------------------------------- plays of the card games


def card_play_reason(facts: Facts, play: Play) -> str:
    rules, obs = facts.rules, facts.obs
    effect = rules.effect(play, facts.top, facts.revolution)
    name = facts.describe(play)
    mine = possessive("your", name)
    if len(play.cards) == len(facts.hand):
        if len(play.cards) == 1:
            return f"Plays your last card, {name}: you go out."
        return f"Plays your last cards, {name}: you go out."
    kept = facts.kept(play)
    if effect.revolution:
        return keeps(kept, revolution_reason(facts, play))
    if play == facts.finish:
        return keeps(kept, f"nothing still out beats {mine}, so you keep the lead, and the "
                           "rest of your hand can follow it out")
    going = facts.about_to_go_out()
    strong = JOKER in play.cards or facts.breaks_four(play) or (
        facts.top_kind() in facts.kinds(play))
    if going and facts.top is not None and strong:
        left = obs.hand_sizes[going[0]]
        return (f"{facts.names[going[0]]} has only {plural(left, 'card')} left: "
                f"beat {facts.table()} with {mine} rather than pass, so they don't take the "
                "lead and go out.")
    if effect.wins_trick:
        return keeps(kept, _wins_trick(facts, play, name))
    if effect.reverses_trick:
        turns = (f"{mine} holds a Jack: the order turns" if isinstance(play, RunPlay)
                 else f"{mine} turn{_s(play)} the order")
        return keeps(kept, f"{turns} upside down until the trick clears (11-back), so only "
                           "lower cards can answer")
    if effect.skips_next and rules.skip_name:
        return keeps(kept, f"{mine} skip{_s(play)} the next player's turn "
                           f"({rules.skip_name})")
    if effect.skips_next:
        return keeps(kept, f"{mine} match{'es' * (len(play.cards) == 1)} "
                            f"{facts.table()}: the next player loses their turn")
    if facts.top is None:
        return keeps(kept, _lead(facts, play, name))
    lock = rules.lock_after(play, facts.top, obs.lock)
    if lock == obs.lock:
        return keeps(kept, _follow(facts, play, name))
    suits = join(SUIT_NAMES[suit] for suit in sorted(lock))
    return keeps(kept, f"{_follow(facts, play, name)}, and matching the table's suits it "
                       f"locks the trick: only {suits} may follow until it clears")


def revolution_reason(facts: Facts, play: Play) -> str:
    mine = possessive("your", facts.describe(play))
    weak = facts.rest_is_weak(play)
    if facts.revolution:
        if weak:
            return (f"{mine} end the revolution: the rest of your hand is weak in the "
                    "revolution, and the usual order makes it strong")
        return f"{mine} end the revolution and turn the order back"
    if weak:
        return (f"{mine} start a revolution: the rest of your hand is weaker than average, "
                "and the revolution makes low cards strong")
    return f"{mine} start a revolution and turn the order upside down"


def _wins_trick(facts: Facts, play: Play, name: str) -> str:
    mine = possessive("your", name)
    natural = [c for c in play.cards if c != JOKER]
    if not natural:
        return f"{mine} win{_s(play)} the trick at once: you lead the next one"
    top = facts.top
    if top is not None and top.cards == (JOKER,):
        return (f"{mine} {_is(play)} the one card that beats a lone Joker, and it wins the "
                "trick at once: you lead the next one")
    rules = facts.rules
    lucky = rules.lucky_rank
    if lucky is not None and isinstance(play, RunPlay):
        return (f"{mine} holds {article(RANK_NAMES[lucky])} {RANK_NAMES[lucky]}, and the "
                f"{RANK_NAMES[lucky]} clears the trick ({rules.lucky_name}): you lead again")
    if lucky is not None and all(c.rank == lucky for c in natural):
        # The lucky rank wins only as a legal play: it must beat the table first.
        return (f"{rules.lucky_name}: any play of {RANK_NAMES[lucky]}s that beats the table "
                f"also wins it at once, so {mine} take{_s(play)} the trick and you lead the "
                "next one")
    return f"{mine} win{_s(play)} the trick at once: you lead the next one"


def _lead(facts: Facts, play: Play, name: str) -> str:
    rules = facts.rules
    strength = rules.play_strength(play, facts.revolution)
    naturals = [facts.strength(c) for c in facts.hand if c != JOKER]
    mine = possessive("your", name)
    low = "lead your weakest" if facts.revolution else "lead low"
    if naturals and strength <= min(naturals):
        what = "your weakest card" if len(play.cards) == 1 else "your weakest cards"
        return f"{low}: {mine} {_is(play)} {what}{facts.order_note}"
    weaker = {k for k in facts.held if k < strength}
    if weaker and all(facts.held[k] == 4 for k in weaker):
        what = "your weakest card" if len(play.cards) == 1 else "your weakest cards"
        return (f"{low}: {mine} {_is(play)} {what} outside your four of a kind"
                f"{facts.order_note}")
    return f"lead {mine}"


def _follow(facts: Facts, play: Play, name: str) -> str:
    rules = facts.rules
    strength = rules.play_strength(play, facts.revolution)
    mine = possessive("your", name)
    size = SET_NAMES[len(play.cards)] if len(play.cards) < len(SET_NAMES) else "set"
    weaker = [p for p in facts.plays if JOKER not in p.cards
              and rules.play_strength(p, facts.revolution) < strength]
    if JOKER in play.cards:
        if not [p for p in facts.plays if JOKER not in p.cards]:
            return f"nothing beats {facts.table()} without a Joker, so play {mine}"
        return f"{mine} beat{_s(play)} {facts.table()}"
    if not weaker:
        return (f"{mine} {_is(play)} the weakest {size} that beats {facts.table()}"
                f"{facts.order_note}")
    if not facts.splits(play) and all(facts.splits(p) for p in weaker):
        return (f"{mine} {_is(play)} the weakest {size} that beats {facts.table()} "
                f"without breaking up a set{facts.order_note}")
    return f"{mine} beat{_s(play)} {facts.table()}"
