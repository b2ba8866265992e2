"""Why a move, in a climbing game: the hand's facts, gives, passes, the card games' plays,
and the search's figures (engine.families.climbing.words.hint_figures). Tycoon and President
are explained here (``explain_tycoon``, ``explain_president``: each counts the cards
still out as Hard does, in its game's counts); Matchstick Tycoon's explainer
(engine.families.climbing.words.matchstick_hints) builds on the same facts."""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action, Discard, Give, Pass, Play
from engine.core.cards import JOKER, RANK_NAMES, Card, Rank, card_list, suit_name
from engine.core.language import _
from engine.core.words import as_object, capitalized, counted, join, number, plural
from engine.families.climbing.bots.counts import CountsGame
from engine.families.climbing.bots.levels import finishing
from engine.families.climbing.bots.playout import president_counts, tycoon_counts
from engine.families.climbing.bots.policies import ABOUT_TO_GO_OUT, HandJudge, weaker_than_average
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import (
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
        if left == 0:
            return _("You have no cards left: discard a matchstick ({left} left after this; "
                     "then you are out).").format(left=left)
        return _("You have no cards left: discard a matchstick ({left} left after "
                 "this).").format(left=left)
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
        return _(" in the revolution") if self.revolution else ""

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
        return _("Nothing in your hand beats {table}: pass.").format(table=table)

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
        return possessive(_("the table's {play}"), self.head(self.top))

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
    """A play's description owned: ``owner`` is a message with the field ``play``
    ("the table's {play}", "your {play}"), filled with the description without its
    English article: "the 8 of clubs" -> "the table's 8 of clubs", "your two 9s"."""
    for article_word in ("the ", "a ", "an "):
        if description.startswith(article_word):
            return owner.format(play=description[len(article_word):])
    return owner.format(play=description)


def yours(description: str) -> str:
    """ "your two 9s"."""
    return possessive(_("your {play}"), description)


def _one(play: Play) -> bool:
    """Whether a play's name is singular: one card, or a sequence ("the 9 of clubs is",
    "two 9s are": each sentence is a message in either form)."""
    return len(play.cards) == 1 or isinstance(play, RunPlay)


def _set_name(size: int) -> str:
    """What a set of ``size`` cards of one rank is called: "pair"; 「ペア」."""
    names = {1: _("single"), 2: _("pair"), 3: _("triple"), 4: _("four of a kind"),
             5: _("five of a kind")}
    return names.get(size, _("set"))


def lucky_name(rules: ClimbingRules, lucky: Rank) -> str:
    """What players call the rule by which ``lucky`` clears the trick, in the language in
    force: "8-cut" (a word of the option's), else "lucky 7s"; 「8切り」「7切り」."""
    if rules.lucky_name.endswith("-cut"):
        return _(rules.lucky_name)
    return _("lucky {rank}s").format(rank=_(RANK_NAMES[lucky]))


# ---------------------------------------------------------------- gives


def give_reason(facts: Facts, give: Give) -> str:
    obs = facts.obs
    owed = obs.owed[0]
    receiver = facts.names[owed.receiver]
    back = any(isinstance(e, Transfer) and e.giver == owed.receiver and e.receiver == obs.seat
               for e in obs.events)
    gives = _("Gives back") if back else _("Gives {name}").format(name=receiver)
    count = len(give.cards)
    plain = [facts.rules.card_strength(c, False) for c in facts.hand]
    given = sorted(facts.rules.card_strength(c, False) for c in give.cards)
    named = card_list(give.cards)
    if given == sorted(plain)[:count]:
        text = (_("{gives} your weakest card, {cards}") if count == 1 else
                _("{gives} your {n} weakest cards, {cards}")).format(
            gives=gives, n=number(count), cards=named)
        kept = facts.kept(None, give.cards)
        return (_("{text}; you keep {kept}.").format(text=text, kept=kept) if kept
                else _("{text}.").format(text=text))
    # Not the weakest: say what the choice spares (a set kept whole) and what it gives.
    held = Counter(c.rank for c in facts.hand if c != JOKER)
    gone = Counter(c.rank for c in give.cards if c != JOKER)
    lone = all(held[c.rank] == 1 for c in give.cards if c != JOKER)
    weakest = sorted(facts.hand, key=lambda c: facts.rules.card_strength(c, False))[:count]
    spared = list(dict.fromkeys(c.rank for c in weakest if c != JOKER and c not in give.cards
                                and held[c.rank] - gone[c.rank] >= 2))
    kept = _(" and ").join(your_rank(r, held[r] - gone[r]) for r in spared)
    if lone and spared:
        text = (_("{gives} {cards}, a lone card, and keeps {kept} together.") if count == 1
                else _("{gives} {cards}, lone cards, and keeps {kept} together."))
    elif lone:
        text = (_("{gives} {cards}: a lone card that joins no set in your hand.")
                if count == 1 else
                _("{gives} {cards}: lone cards that join no set in your hand."))
    elif spared:
        text = _("{gives} {cards} and keeps {kept} together.")
    else:
        text = _("{gives} {cards}.")
    return text.format(gives=gives, cards=named, kept=kept)


# ---------------------------------------------------------------- what a move keeps


def strength_kept(facts: Facts, play: Play | None, gone: Sequence[Card] = ()) -> str:
    """ "your Joker and your two Aces": the strength left in the hand after a move (at
    most two things: Jokers, the strongest rank, and a four of a kind)."""
    used = Counter(play.cards if play is not None else gone)
    items = []
    jokers = facts.hand.count(JOKER) - used[JOKER]
    if jokers:
        items.append(_("your Joker") if jokers == 1 else
                     _("your {n} Jokers").format(n=number(jokers)))
    best = facts.top_kind()
    if best is not None and facts.held[best] and not any(
            c != JOKER and facts.strength(c) == best for c in used):
        items.append(your_rank(facts.card_of(best).rank, facts.held[best]))
    fours = [k for k in facts.fours(tuple(used.elements())) if k != best]
    if fours and len(items) < 2:
        four = facts.four_name(fours[0])
        items.append((_("{four} for a counter-revolution") if facts.revolution else
                      _("{four} for a revolution")).format(four=four))
    return _(" and ").join(items[:2])


def your_rank(rank: Rank, count: int) -> str:
    """ "your Ace", "your two 2s", "your four 5s"."""
    name = _(RANK_NAMES[rank])
    if count == 1:
        return _("your {rank}").format(rank=name)
    return _("your {n} {rank}s").format(n=number(count), rank=name)


def keeps(kept: str, main: str) -> str:
    """ "Keeps your Joker; your two 9s are ..."."""
    if not kept:
        return _("{text}.").format(text=capitalized(main))
    return _("Keeps {kept}; {main}.").format(kept=kept, main=main)


# ---------------------------------------------------------------- passes


def pass_reason(facts: Facts) -> str:
    obs = facts.obs
    table = facts.table() if facts.top is not None else _("the table")
    stick = _(" (passing gives you a matchstick)") if facts.rules.pass_takes_stick else ""
    plays = facts.plays
    if not plays:
        return facts.nothing_beats(table)
    jokers = [p for p in plays if JOKER in p.cards]
    fours = [p for p in plays if p not in jokers and facts.breaks_four(p)]
    splits = [p for p in plays if p not in jokers and p not in fours and facts.splits(p)]
    whole = [p for p in plays if p not in jokers and p not in fours and p not in splits]
    going = facts.about_to_go_out()
    warning = _(" {name} has only {cards} left, though.").format(
        name=facts.names[going[0]], cards=plural(obs.hand_sizes[going[0]], "card")
    ) if going else ""
    if not whole:
        costs = []
        if jokers:
            costs.append(_("spending your Joker") if facts.hand.count(JOKER) == 1
                         else _("spending a Joker"))
        if fours:
            four = next(k for k in facts.held if facts.held[k] == 4
                        and any(facts.kinds(p)[k] for p in fours))
            costs.append(_("breaking up {four}").format(four=facts.four_name(four)))
        if splits:
            costs.append(_("breaking up a set"))
        text = (_("Nothing beats {table} without {costs}: pass and keep it for "
                  "later{stick}.{warning}") if costs == [_("spending your Joker")] else
                _("Nothing beats {table} without {costs}: pass and keep them for "
                  "later{stick}.{warning}"))
        return text.format(table=table, costs=_(" or ").join(costs), stick=stick,
                           warning=warning)
    cheapest = min(whole, key=lambda p: facts.rules.play_strength(p, facts.revolution))
    text = (_("Saves strength: {play} would beat {table}, but passing keeps it for "
              "later{stick}.{warning}") if len(cheapest.cards) == 1 else
            _("Saves strength: {play} would beat {table}, but passing keeps them for "
              "later{stick}.{warning}"))
    return text.format(play=facts.head(cheapest), table=table, stick=stick, warning=warning)


# ---------------------------------------------------------------- plays of the card games


def card_play_reason(facts: Facts, play: Play) -> str:
    rules, obs = facts.rules, facts.obs
    effect = rules.effect(play, facts.top, facts.revolution)
    name = facts.describe(play)
    mine = yours(name)
    one = _one(play)
    if len(play.cards) == len(facts.hand):
        return (_("Plays your last card, {play}: you go out.") if len(play.cards) == 1 else
                _("Plays your last cards, {play}: you go out.")).format(play=name)
    kept = facts.kept(play)
    if effect.revolution:
        return keeps(kept, revolution_reason(facts, play))
    if play == facts.finish:
        return keeps(kept, _("nothing still out beats {mine}, so you keep the lead, and the "
                             "rest of your hand can follow it out").format(mine=mine))
    going = facts.about_to_go_out()
    strong = JOKER in play.cards or facts.breaks_four(play) or (
        facts.top_kind() in facts.kinds(play))
    if going and facts.top is not None and strong:
        left = obs.hand_sizes[going[0]]
        return _("{name} has only {cards} left: beat {table} with {mine} rather than pass, "
                 "so they don't take the lead and go out.").format(
            name=facts.names[going[0]], cards=plural(left, "card"), table=facts.table(),
            mine=mine)
    if effect.wins_trick:
        return keeps(kept, _wins_trick(facts, play, name))
    if effect.reverses_trick:
        turns = (_("{mine} holds a Jack: the order turns upside down until the trick clears "
                   "(11-back), so only lower cards can answer") if isinstance(play, RunPlay)
                 else _("{mine} turns the order upside down until the trick clears "
                        "(11-back), so only lower cards can answer") if one
                 else _("{mine} turn the order upside down until the trick clears "
                        "(11-back), so only lower cards can answer"))
        return keeps(kept, turns.format(mine=mine))
    if effect.skips_next and rules.skip_name:
        return keeps(kept, (_("{mine} skips the next player's turn ({skip})") if one else
                            _("{mine} skip the next player's turn ({skip})")).format(
            mine=mine, skip=_(rules.skip_name)))
    if effect.skips_next:
        return keeps(kept, (_("{mine} matches {table}: the next player loses their turn")
                            if len(play.cards) == 1 else
                            _("{mine} match {table}: the next player loses their turn")
                            ).format(mine=mine, table=facts.table()))
    if facts.top is None:
        return keeps(kept, _lead(facts, play, name))
    lock = rules.lock_after(play, facts.top, obs.lock)
    if lock == obs.lock:
        return keeps(kept, _follow(facts, play, name))
    suits = join(suit_name(suit) for suit in sorted(lock))
    return keeps(kept, _("{reason}, and matching the table's suits it locks the trick: only "
                         "{suits} may follow until it clears").format(
        reason=_follow(facts, play, name), suits=suits))


def revolution_reason(facts: Facts, play: Play, mine: str | None = None) -> str:
    """Why a play that starts or ends a revolution; ``mine`` names it (by default "your"
    and its description)."""
    mine = yours(facts.describe(play)) if mine is None else mine
    weak = facts.rest_is_weak(play)
    if facts.revolution:
        if weak:
            text = _("{mine} end the revolution: the rest of your hand is weak in the "
                     "revolution, and the usual order makes it strong")
        else:
            text = _("{mine} end the revolution and turn the order back")
    elif weak:
        text = _("{mine} start a revolution: the rest of your hand is weaker than average, "
                 "and the revolution makes low cards strong")
    else:
        text = _("{mine} start a revolution and turn the order upside down")
    return text.format(mine=mine)


def _wins_trick(facts: Facts, play: Play, name: str) -> str:
    mine = yours(name)
    one = _one(play)
    at_once = (_("{mine} wins the trick at once: you lead the next one") if one else
               _("{mine} win the trick at once: you lead the next one"))
    natural = [c for c in play.cards if c != JOKER]
    if not natural:
        return at_once.format(mine=mine)
    top = facts.top
    if top is not None and top.cards == (JOKER,):
        return (_("{mine} is the one card that beats a lone Joker, and it wins the trick at "
                  "once: you lead the next one") if one else
                _("{mine} are the one card that beats a lone Joker, and it wins the trick "
                  "at once: you lead the next one")).format(mine=mine)
    rules = facts.rules
    lucky = rules.lucky_rank
    if lucky is not None and isinstance(play, RunPlay):
        return _("{mine} holds {card}, and the {rank} clears the trick ({rule}): you lead "
                 "again").format(mine=mine, card=counted(1, RANK_NAMES[lucky]),
                                 rank=_(RANK_NAMES[lucky]), rule=lucky_name(rules, lucky))
    if lucky is not None and all(c.rank == lucky for c in natural):
        # The lucky rank wins only as a legal play: it must beat the table first.
        return (_("{rule}: any play of {rank}s that beats the table also wins it at once, "
                  "so {mine} takes the trick and you lead the next one") if one else
                _("{rule}: any play of {rank}s that beats the table also wins it at once, "
                  "so {mine} take the trick and you lead the next one")).format(
            rule=lucky_name(rules, lucky), rank=_(RANK_NAMES[lucky]), mine=mine)
    return at_once.format(mine=mine)


def _lead(facts: Facts, play: Play, name: str) -> str:
    rules = facts.rules
    strength = rules.play_strength(play, facts.revolution)
    naturals = [facts.strength(c) for c in facts.hand if c != JOKER]
    mine = yours(name)
    low = _("lead your weakest") if facts.revolution else _("lead low")
    what = _("your weakest card") if len(play.cards) == 1 else _("your weakest cards")
    fields = {"low": low, "mine": mine, "what": what, "note": facts.order_note}
    if naturals and strength <= min(naturals):
        return (_("{low}: {mine} is {what}{note}") if _one(play) else
                _("{low}: {mine} are {what}{note}")).format(**fields)
    weaker = {k for k in facts.held if k < strength}
    if weaker and all(facts.held[k] == 4 for k in weaker):
        return (_("{low}: {mine} is {what} outside your four of a kind{note}") if _one(play)
                else _("{low}: {mine} are {what} outside your four of a kind{note}")
                ).format(**fields)
    return _("lead {mine}").format(mine=as_object(mine))


def _follow(facts: Facts, play: Play, name: str) -> str:
    rules = facts.rules
    strength = rules.play_strength(play, facts.revolution)
    mine = yours(name)
    one = _one(play)
    fields = {"mine": mine, "table": facts.table(), "size": _set_name(len(play.cards)),
              "note": facts.order_note}
    beats = (_("{mine} beats {table}") if one else _("{mine} beat {table}")).format(**fields)
    weaker = [p for p in facts.plays if JOKER not in p.cards
              and rules.play_strength(p, facts.revolution) < strength]
    if JOKER in play.cards:
        if not [p for p in facts.plays if JOKER not in p.cards]:
            return _("nothing beats {table} without a Joker, so play {mine}").format(
                table=facts.table(), mine=as_object(mine))
        return beats
    if not weaker:
        return (_("{mine} is the weakest {size} that beats {table}{note}") if one else
                _("{mine} are the weakest {size} that beats {table}{note}")).format(**fields)
    if not facts.splits(play) and all(facts.splits(p) for p in weaker):
        return (_("{mine} is the weakest {size} that beats {table} without breaking up a "
                  "set{note}") if one else
                _("{mine} are the weakest {size} that beats {table} without breaking up a "
                  "set{note}")).format(**fields)
    return beats
