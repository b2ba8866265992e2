"""The hint: the Hard bot's choice for a seat, and a one-line reason a player understands.

``hint(observation, rng)`` asks the Hard bot what it would do from the seat's
observation, and ``explain`` says why from facts of the position and the move:
what the move keeps (Jokers, the strongest rank, a four of a kind for a
revolution), why this move (the weakest set that beats the table, leading low,
a revolution and why, stopping a player about to go out, a play that wins the
trick at once, a matchstick's cost and transforms), why a pass, what an
exchange gives back, and in Corporation which value and why. When the Hard bot
searched, the hint adds how the move fared in the search's guesses at the
unseen cards, as average places.

It sees only the observation, so it cannot name a card another seat holds
unseen. Cards are named as the table's labels name them (``describe_play``,
``Card.name``).

>>> from engine import parse_action, parse_cards, setup, observe
>>> from engine.tycoon import TycoonRules
>>> hands = [parse_cards("4c 5d 6c 6d 9c 9d Jh Jd Qs X"), parse_cards("3c 3d 3h 7c 8c 8d Kd"),
...          parse_cards("2s 6h 7h Tc Ts Th Qc Qd")]
>>> state = setup(TycoonRules(), hands, 0, trick=[parse_action("1:8s 8h")])
>>> print(explain(observe(state, 0), parse_action("0:9c 9d")))
Keeps your Joker; your two 9s are the weakest pair that beats the table's two 8s.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.actions import Action as ClimbAction
from engine.actions import Discard, Give, Pass, Play
from engine.bots import HardBot
from engine.cards import JOKER, NUMBER_WORDS, RANK_NAMES, Card, Rank
from engine.climbing import ClimbingRules, ClimbObservation, Transfer, without
from engine.corporation import Announce, Commit, CorpObservation, held_cards
from engine.games import Action, Observation
from engine.matchstick import StickPlay, article, fit
from engine.matchstick import cost as stick_cost
from engine.policies import ABOUT_TO_GO_OUT, weaker_than_average

SET_NAMES = ("", "single", "pair", "triple", "four of a kind", "five of a kind")


@dataclass(frozen=True, slots=True)
class Hint:
    """A move for the seat and why, in one line."""

    action: Action
    reason: str


def hint(observation: Observation, rng: random.Random,
         names: Sequence[str] | None = None) -> Hint:
    """The Hard bot's move for the observing seat, with its reason: ``explain``'s, and, when
    the bot searched, how the move fared in its search. ``names`` are the seats' names
    ("You" for the seat itself); by default "Seat 2" and so on. The observation must have a
    legal move."""
    if not observation.legal:
        raise ValueError("no hint without a legal move")
    action, means = HardBot().decide(observation, rng)
    reason = explain(observation, action, names)
    last = isinstance(action, Play) and len(action.cards) == len(observation.hand)
    if (isinstance(observation, ClimbObservation) and not isinstance(action, Commit | Announce)
            and means and not last):
        figures = _search_sentence(observation, action, means)
        reason += f" {figures}" if figures else ""
    return Hint(action, reason)


def explain(observation: Observation, action: Action,
            names: Sequence[str] | None = None) -> str:
    """Why ``action``, a legal move of the observing seat, in one line: facts of the
    position and of the move, in the words of the table's labels."""
    who = list(names) if names is not None else [
        "You" if s == observation.seat else f"Seat {s + 1}" for s in range(observation.players)]
    if isinstance(observation, CorpObservation):
        return _corporation_reason(observation, action, who)
    assert not isinstance(action, Commit | Announce)
    return _climb_reason(observation, action, who)


# ---------------------------------------------------------------- the search's figures


def _search_sentence(observation: ClimbObservation, action: ClimbAction,
                     means: Mapping[ClimbAction, float]) -> str:
    """How the move fared in the search, as average places (1 is first); empty when no
    other move was tried, or the next best fared as well to the tenth of a place."""

    def place(mean: float) -> str:
        # A rollout scores 1 for the round's first place and 0 for its last.
        return f"{1 + (1 - mean) * (observation.players - 1):.1f}"

    others = [m for m in means if m != action]
    if action not in means or not others:
        return ""
    other = max(others, key=lambda m: means[m])
    if place(means[action]) == place(means[other]):
        return ""
    return (f"Played out against guesses at the unseen cards: place {place(means[action])} "
            f"of {observation.players} on average, against {place(means[other])} for "
            f"{_short(observation, other)}.")


def _short(observation: ClimbObservation, action: ClimbAction) -> str:
    if isinstance(action, StickPlay):
        count = len(action.cards)
        return (f"{NUMBER_WORDS[count]} {action.value}s" if count > 1
                else f"{article(action.value)} {action.value}")
    if isinstance(action, Play):
        return observation.rules.describe_play(action)
    if isinstance(action, Pass):
        return "passing"
    if isinstance(action, Give):
        return "giving " + _card_names(action.cards)
    return "discarding a matchstick"


# ---------------------------------------------------------------- the climbing games


class _Facts:
    """What the reason draws on: the seat's hand and the table, seen as the rules see it."""

    def __init__(self, observation: ClimbObservation, names: Sequence[str]) -> None:
        self.obs = observation
        self.rules: ClimbingRules = observation.rules
        self.names = names
        self.hand = observation.hand
        self.revolution = observation.revolution
        self.top = observation.top
        self.sticks = observation.sticks[observation.seat] if observation.sticks else 0
        self.matchstick = self.rules.starting_sticks > 0  # cards are faces, not ranks
        self.plays = [a for a in observation.legal if isinstance(a, Play)]
        # Sets of the hand, by strength: a rank in the card games, a face in Matchstick.
        self.held = Counter(self.strength(c) for c in self.hand if c != JOKER)

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
        return Counter(self.strength(c) for c in cards if c != JOKER)

    def splits(self, play: Play) -> bool:
        """Leaves part of a set in the hand."""
        return any(self.held[k] > n for k, n in self.kinds(play).items())

    def breaks_four(self, play: Play) -> bool:
        """Takes cards from a four of a kind without playing all four."""
        return len(play.cards) < 4 and any(self.held[k] == 4 for k in self.kinds(play))

    def fours(self, gone: Sequence[Card] = ()) -> list[int]:
        """The four-of-a-kinds the hand keeps when ``gone`` leave it (card games only)."""
        if self.matchstick:
            return []
        played = self.kinds_of(gone)
        return sorted(k for k, n in self.held.items() if n == 4 and not played[k])

    def card_of(self, kind: int) -> Card:
        return next(c for c in self.hand if c != JOKER and self.strength(c) == kind)

    def top_kind(self) -> int | None:
        """The strongest natural rank (face) of the deck in the current order."""
        kinds = [self.strength(c) for c in set(self.rules.deck()) if c != JOKER]
        return max(kinds) if kinds else None

    def describe(self, play: Play) -> str:
        return self.rules.describe_play(play)

    def table(self) -> str:
        """The play on the table, as "the table's two 8s"."""
        assert self.top is not None
        return possessive("the table's", self.head(self.top))

    def head(self, play: Play) -> str:
        """A play's name without Matchstick's card-by-card detail."""
        return _short(self.obs, play)

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


def _is(play: Play) -> str:
    """The verb for a play's name: "the 9 of clubs is", "two 9s are"."""
    return "is" if len(play.cards) == 1 else "are"


def _s(play: Play) -> str:
    """The verb ending for a play's name: "the 9 of clubs beats", "two 9s beat"."""
    return "s" if len(play.cards) == 1 else ""


def _cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _climb_reason(observation: ClimbObservation, action: ClimbAction,
                  names: Sequence[str]) -> str:
    facts = _Facts(observation, names)
    if isinstance(action, Give):
        return _give_reason(facts, action)
    if isinstance(action, Discard):
        left = facts.sticks - 1
        return (f"You have no cards left: discard a matchstick ({left} left after this"
                f"{'; then you are out' if left == 0 else ''}).")
    if isinstance(action, Pass):
        return _pass_reason(facts)
    assert isinstance(action, Play)
    if isinstance(action, StickPlay):
        return _stick_play_reason(facts, action)
    return _card_play_reason(facts, action)


# ---------------------------------------------------------------- gives


def _give_reason(facts: _Facts, give: Give) -> str:
    obs = facts.obs
    owed = obs.owed[0]
    receiver = facts.names[owed.receiver]
    back = any(isinstance(e, Transfer) and e.giver == owed.receiver and e.receiver == obs.seat
               for e in obs.events)
    verb = "Gives back" if back else f"Gives {receiver}"
    count = len(give.cards)
    plain = [facts.rules.card_strength(c, False) for c in facts.hand]
    given = sorted(facts.rules.card_strength(c, False) for c in give.cards)
    named = _card_names(give.cards)
    if given == sorted(plain)[:count]:
        which = "weakest card" if count == 1 else f"{NUMBER_WORDS[count]} weakest cards"
        text = f"{verb} your {which}, {named}"
        kept = _kept(facts, None, give.cards)
        return f"{text}; you keep {kept}." if kept else f"{text}."
    # Not the weakest: say what the choice spares (a set kept whole) and what it gives.
    held = Counter(c.rank for c in facts.hand if c != JOKER)
    gone = Counter(c.rank for c in give.cards if c != JOKER)
    lone = all(held[c.rank] == 1 for c in give.cards if c != JOKER)
    weakest = sorted(facts.hand, key=lambda c: facts.rules.card_strength(c, False))[:count]
    spared = list(dict.fromkeys(c.rank for c in weakest if c != JOKER and c not in give.cards
                                and held[c.rank] - gone[c.rank] >= 2))
    kept = " and ".join(_your_rank(r, held[r] - gone[r]) for r in spared)
    what = "a lone card" if count == 1 else "lone cards"
    if lone and spared:
        return f"{verb} {named}, {what}, and keeps {kept} together."
    if lone:
        joins = "joins" if count == 1 else "join"
        return f"{verb} {named}: {what} that {joins} no set in your hand."
    if spared:
        return f"{verb} {named} and keeps {kept} together."
    return f"{verb} {named}."


def _card_names(cards: Sequence[Card]) -> str:
    names = [f"the {c.name}" if not c.is_joker else "a Joker" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---------------------------------------------------------------- what a move keeps


def _kept(facts: _Facts, play: Play | None, gone: Sequence[Card] = ()) -> str:
    """ "your Joker and your two Aces": the strength left in the hand after a move (at
    most two things: Jokers, the strongest rank, and a four of a kind)."""
    if facts.matchstick:
        return ""
    used = Counter(play.cards if play is not None else gone)
    items = []
    jokers = facts.hand.count(JOKER) - used[JOKER]
    if jokers:
        items.append("your Joker" if jokers == 1 else f"your {NUMBER_WORDS[jokers]} Jokers")
    best = facts.top_kind()
    if best is not None and facts.held[best] and not any(
            c != JOKER and facts.strength(c) == best for c in used):
        items.append(_your_rank(facts.card_of(best).rank, facts.held[best]))
    fours = [k for k in facts.fours(tuple(used.elements())) if k != best]
    if fours and len(items) < 2:
        four = _your_rank(facts.card_of(fours[0]).rank, 4)
        items.append(f"{four} for a {'counter-' if facts.revolution else ''}revolution")
    return " and ".join(items[:2])


def _your_rank(rank: Rank, count: int) -> str:
    """ "your Ace", "your two 2s", "your four 5s"."""
    name = RANK_NAMES[rank]
    return f"your {name}" if count == 1 else f"your {NUMBER_WORDS[count]} {name}s"


def _keeps(kept: str, main: str) -> str:
    """ "Keeps your Joker; your two 9s are ..."."""
    if not kept:
        return main[0].upper() + main[1:] + "."
    return f"Keeps {kept}; {main}."


# ---------------------------------------------------------------- passes


def _pass_reason(facts: _Facts) -> str:
    obs = facts.obs
    table = facts.table() if facts.top is not None else "the table"
    stick = " (passing gives you a matchstick)" if facts.rules.pass_takes_stick else ""
    plays = facts.plays
    if not plays:
        if facts.matchstick:
            return (f"Nothing you hold beats {table}, even with your matchsticks: "
                    f"pass{stick}.")
        return f"Nothing in your hand beats {table}: pass."
    jokers = [p for p in plays if JOKER in p.cards]
    fours = [p for p in plays if p not in jokers and facts.breaks_four(p)]
    splits = [p for p in plays if p not in jokers and p not in fours and facts.splits(p)]
    whole = [p for p in plays if p not in jokers and p not in fours and p not in splits]
    going = facts.about_to_go_out()
    warning = (f" {facts.names[going[0]]} has only {_cards_word(obs.hand_sizes[going[0]])} "
               "left, though.") if going else ""
    if not whole:
        costs = []
        if jokers:
            costs.append("spending your Joker" if facts.hand.count(JOKER) == 1
                         else "spending a Joker")
        if fours:
            four = next(k for k in facts.held if facts.held[k] == 4
                        and any(facts.kinds(p)[k] for p in fours))
            what = (f"your four {facts.card_of(four)}s" if facts.matchstick
                    else _your_rank(facts.card_of(four).rank, 4))
            costs.append(f"breaking up {what}")
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


def _card_play_reason(facts: _Facts, play: Play) -> str:
    rules, obs = facts.rules, facts.obs
    effect = rules.effect(play, facts.top, facts.revolution)
    name = facts.describe(play)
    mine = possessive("your", name)
    if len(play.cards) == len(facts.hand):
        if len(play.cards) == 1:
            return f"Plays your last card, {name}: you go out."
        return f"Plays your last cards, {name}: you go out."
    kept = _kept(facts, play)
    if effect.revolution:
        return _keeps(kept, _revolution(facts, play))
    going = facts.about_to_go_out()
    strong = JOKER in play.cards or facts.breaks_four(play) or (
        facts.top_kind() in facts.kinds(play))
    if going and facts.top is not None and strong:
        left = obs.hand_sizes[going[0]]
        return (f"{facts.names[going[0]]} has only {_cards_word(left)} left: "
                f"beat {facts.table()} with {mine} rather than pass, so they don't take the "
                "lead and go out.")
    if effect.wins_trick:
        return _keeps(kept, _wins_trick(facts, play, name))
    if effect.skips_next:
        return _keeps(kept, f"{mine} match{'es' * (len(play.cards) == 1)} "
                            f"{facts.table()}: the next player loses their turn")
    if facts.top is None:
        return _keeps(kept, _lead(facts, play, name))
    return _keeps(kept, _follow(facts, play, name))


def _revolution(facts: _Facts, play: Play) -> str:
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


def _wins_trick(facts: _Facts, play: Play, name: str) -> str:
    mine = possessive("your", name)
    natural = [c for c in play.cards if c != JOKER]
    if not natural:
        return f"{mine} win{_s(play)} the trick at once: you lead the next one"
    top = facts.top
    if top is not None and top.cards == (JOKER,):
        return (f"{mine} {_is(play)} the one card that beats a lone Joker, and it wins the "
                "trick at once: you lead the next one")
    rank = natural[0].rank
    lucky = getattr(facts.rules, "lucky_rank", None) == rank
    note = f" (lucky {RANK_NAMES[rank]}s)" if lucky else ""
    return f"{mine} win{_s(play)} the trick at once{note}: you lead the next one"


def _lead(facts: _Facts, play: Play, name: str) -> str:
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


def _follow(facts: _Facts, play: Play, name: str) -> str:
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


# ---------------------------------------------------------------- Matchstick plays


def _stick_play_reason(facts: _Facts, play: StickPlay) -> str:
    rules = facts.rules
    head = facts.head(play)
    price = play.cost
    left = facts.sticks - price
    after = len(facts.hand) - len(play.cards)
    made = _made_of(play)
    if after == 0:
        cards = "card" if len(play.cards) == 1 else "cards"
        if left == 0:
            return f"Plays your last {cards} as {head}{made}: you go out."
        return (f"Plays your last {cards} as {head}{made}; then discard your "
                f"{left} matchstick{'s' * (left != 1)} to go out.")
    effect = rules.effect(play, facts.top, facts.revolution)
    if effect.revolution:
        main = _revolution(facts, play).replace(possessive("your", facts.describe(play)),
                                                f"{head}{made}", 1)
        return main[0].upper() + main[1:] + "."
    if facts.top is None:
        strength = rules.play_strength(play, facts.revolution)
        weakest = all(rules.play_strength(p, facts.revolution) >= strength
                      for p in facts.plays)
        main = f"Lead {head}{made}" + (
            f": the weakest value you can play{facts.order_note}" if weakest else "")
    else:
        strength = rules.play_strength(play, facts.revolution)
        weaker = [p for p in facts.plays if rules.play_strength(p, facts.revolution) < strength]
        verb = "is" if len(play.cards) == 1 else "are"
        main = f"{head[0].upper()}{head[1:]}{made} {verb} "
        if not weaker:
            main += f"the weakest value that beats {facts.table()}{facts.order_note}"
        elif not facts.splits(play) and all(facts.splits(p) for p in weaker):
            main += (f"the weakest value that beats {facts.table()} without breaking up a "
                     f"set{facts.order_note}")
        else:
            main += f"enough to beat {facts.table()}"
    if price:
        main += (f"; spending {price} matchstick{'s' * (price != 1)} is progress, as you must "
                 "be rid of them all to go out")
    return main + "."


def _made_of(play: StickPlay) -> str:
    """ " (from your 1 plus 1 matchstick and your 7)", or "" when every card is itself."""
    groups = Counter((str(card), bool(fit(str(card), play.value)),
                      stick_cost(str(card), play.value)) for card in play.cards)
    if all(face == play.value for face, _, _ in groups):
        return ""
    parts = []
    for (face, turned, added), count in groups.items():
        part = f"your {face}" if count == 1 else f"your {NUMBER_WORDS[count]} {face}s"
        if turned:
            part += " turned"
        if added:
            part += f" plus {added} matchstick{'s' * (added != 1)}"
            part += " each" if count > 1 else ""
        parts.append(part)
    return f" (from {_join(parts)})"


# ---------------------------------------------------------------- Corporation


def _corporation_reason(obs: CorpObservation, action: Action, names: Sequence[str]) -> str:
    seat = obs.seat
    corporation = next((c for c in obs.corporations if seat in c.members), None)
    others = [m for m in corporation.members if m != seat] if corporation else []
    said: dict[int, list[int]] = {}
    for announcement in obs.announcements:  # who named which values, each seat once
        for word in announcement.text.split():
            if announcement.seat != seat and word.isdigit():
                seats = said.setdefault(int(word), [])
                if announcement.seat not in seats:
                    seats.append(announcement.seat)
    if isinstance(action, Announce):
        said_text = f'Say "{action.text}"'
        if corporation is not None:
            return (f"{said_text}: it tells the other members of Corporation "
                    f"{corporation.value} which value to play with you for Corporate Rewards "
                    "(everyone hears it, and no one has to keep their word).")
        return (f"{said_text}: it tells the table what you mean to play; anyone who plays "
                "the same value forms a Corporation with you, and no one has to keep their "
                "word.")
    assert isinstance(action, Commit)
    card = action.card
    members = len(corporation.members) if corporation else 0
    fellows = [s for s in said.get(card, []) if s in others]
    if corporation is not None and fellows:
        who = _join([names[s] for s in fellows])
        return (f"Commit {card}: {who} said {card}, so if every member of Corporation "
                f"{corporation.value} plays {card} and no one else does, each of you scores "
                f"{card} x {members} = {card * members} points in Corporate Rewards.")
    talkers = [s for s in said.get(card, []) if s not in others]
    if talkers:
        who = _join([names[s] for s in talkers])
        return (f"Commit {card}: {who} said {card}, and playing the same value forms a "
                "Corporation with them: no points now, but it can pay Corporate Rewards next "
                "round.")
    top = max(obs.hand)
    what = "your highest card" if card == top else "a card no one has announced"
    text = (f"Commit {card}, {what}: if no one else plays it, it scores {card} "
            f"point{'s' * (card != 1)} in Profits.")
    # One more sentence at most: a fellow member's word, rivals for the highest card, or
    # what the seat's Corporation needs.
    promised = [(value, seats) for value, seats in said.items()
                if value != card and any(s in others for s in seats)]
    # Every hand is public: the cards 1 to the top card, but a face-up one.
    cards, face_up = obs.rules.cards(obs.players), obs.face_up
    rivals = [names[s] for s in range(obs.players) if s != seat
              and max(held_cards(cards, face_up[s])) == top] if card != top else []
    if corporation is not None and promised:
        value, seats = promised[-1]
        who = _join([names[s] for s in seats if s in others])
        text += (f" {who} said {value}: if they keep their word, Corporation "
                 f"{corporation.value} pays no Corporate Rewards this round.")
    elif rivals:
        who = "Everyone else has" if len(rivals) == obs.players - 1 else (
            f"{_join(rivals)} {'has' if len(rivals) == 1 else 'have'}")
        text += (f" {who} {top} as their highest card too, and a value played twice scores "
                 "nothing now.")
    elif corporation is not None:
        text += (f" Corporation {corporation.value} pays Corporate Rewards only if its "
                 "members all play one value no one else plays; none has said which.")
    return text


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
