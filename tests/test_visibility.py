"""What a seat may see is decided once per game family (``seen_by``): nothing a seat is
shown depends on what it has not seen.

For every game, in random positions of random games:
- the seat's view is the same in every world that differs only in what the seat has
  not seen (the other hands dealt again; the other face-down cards changed);
- the public step of an action whose content the seat may not see (a deal, a give
  between two other seats, another seat's commit) is the same whatever that content
  was: its notation, its cards, its sentence, and the view after it;
- in the games of standard cards, no view or public step names a card the seat has
  not seen, by notation or by name.
"""

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalogue import (
    GAMES,
    PRESETS,
    Action,
    State,
    apply,
    legal_actions,
    observe,
    seats_to_act,
)
from engine.config import GameConfig
from engine.core.actions import Deal, Give
from engine.core.cards import Card
from engine.core.evolve import evolve
from engine.core.evolve import evolve as corp_evolve
from engine.families.climbing.rules.sequences import RunPlay
from engine.families.climbing.rules.state import DISCARD_PILE, ClimbState, Transfer
from engine.families.corporation.rules.definition import Commit
from engine.families.corporation.rules.machine import CorpState, held_cards
from engine.log import GameRecord
from engine.play.table import Table
from engine.play.view import public_step, table_view

SEAT = 0  # the seat whose eyes the test looks through; the others are bots
CASES = [(preset, players) for preset, rules in PRESETS.items()
         for players in GAMES[rules.game].players[:2]]


def table_at(state: State, kinds: list[str]) -> Table:
    """A table showing ``state`` (its record is not replayed: only its views are read, and
    nothing can be taken back, which would replay it)."""
    return Table(GameRecord(state.rules, state.players, state.seed), state, kinds, undo=False)


def view_of(state: State, kinds: list[str], seat: int = SEAT) -> str:
    return json.dumps(table_view(table_at(state, kinds), seat), sort_keys=True)


def step_shown(before: State, action: Action, kinds: list[str]) -> str:
    """The action as ``SEAT`` is shown it, with the view after it."""
    table = table_at(apply(before, action), kinds)
    table.record = GameRecord(before.rules, before.players, before.seed, (action,))
    step = public_step(table, action, before)
    return json.dumps({**step, "view": table_view(table, SEAT)}, sort_keys=True)


# ---------------------------------------------------------------- other worlds


def unseen_hands_dealt_again(state: ClimbState, rng: random.Random, seat: int = SEAT
                             ) -> ClimbState:
    """The other seats' hands shuffled among themselves (each keeps its size), each dealt
    in another order, and the cards of exchanges the seat took no part in replaced."""
    others = [s for s in range(state.players) if s != seat]
    known = {card for e in state.events if isinstance(e, Transfer)
             and seat in (e.giver, e.receiver) for card in e.cards}
    movable = {s: [c for c in state.hands[s] if c not in known] for s in others}
    pool = rng.sample([c for s in others for c in movable[s]],
                      sum(len(cards) for cards in movable.values()))
    hands = list(state.hands)
    for s in others:
        fixed = [c for c in state.hands[s] if c in known]
        take, pool = pool[:len(movable[s])], pool[len(movable[s]):]
        hands[s] = tuple(sorted(fixed + take, key=state.rules.card_key))
    # Another give's cards: any the seat does not hold (a late one may have been played).
    everyone = [c for s, hand in enumerate(hands) if s != seat for c in hand] + list(
        state.discards)
    events = tuple(
        Transfer(e.giver, e.receiver, e.count, tuple(rng.sample(everyone, e.count)), e.chosen)
        if isinstance(e, Transfer) and seat not in (e.giver, e.receiver)
        and e.receiver != DISCARD_PILE else e
        for e in state.events)
    dealt = [hand if s == seat else tuple(rng.sample(hand, len(hand)))
             for s, hand in enumerate(state.dealt)]
    return evolve(state, hands=tuple(hands), dealt=tuple(dealt), events=events)


def other_commits(state: CorpState, rng: random.Random, seat: int = SEAT) -> CorpState:
    """Every other seat that committed, committing another card it could have."""
    commits = list(state.commits)
    hands = list(state.hands)
    cards = state.rules.cards(state.players)
    for other, card in enumerate(state.commits):
        if other == seat or card is None:
            continue
        choices = [c for c in held_cards(cards, state.face_up[other]) if c != card]
        commits[other] = rng.choice(choices)
        hands[other] = tuple(c for c in held_cards(cards, state.face_up[other])
                             if c != commits[other])
    return corp_evolve(state, commits=tuple(commits), hands=tuple(hands))


def other_world(state: State, rng: random.Random, seat: int = SEAT) -> State:
    """``state`` with what ``seat`` has not seen made otherwise."""
    if isinstance(state, CorpState):
        return other_commits(state, rng, seat)
    return unseen_hands_dealt_again(state, rng, seat)


def hidden_variants(before: State, action: Action) -> Iterator[Action]:
    """The same action with other content the seat may not see: a deal with the other
    hands shuffled, or dealt in another order, another give between two other seats,
    another card committed by another seat (short of the round's last commit, whose
    reveal is public; a give that changes who leads after the exchange is public too)."""
    if isinstance(action, Deal) and isinstance(before, ClimbState):
        # The seats that exchange cards with this one after the deal keep their hands:
        # what they hand over, the seat sees.
        last = before.last_places
        debts = before.rules.exchanges(last) if last is not None else []
        fixed = {SEAT} | {seat for debt in debts if SEAT in (debt.giver, debt.receiver)
                          for seat in (debt.giver, debt.receiver)}
        others = [s for s in range(len(action.hands)) if s not in fixed]
        for shift in range(1, len(others)):
            hands = list(action.hands)
            for i, s in enumerate(others):
                hands[s] = action.hands[others[(i + shift) % len(others)]]
            if all(len(hands[s]) == len(action.hands[s]) for s in others):
                yield Deal(tuple(hands), action.leader)
        yield Deal(tuple(hand if s == SEAT else hand[::-1]
                         for s, hand in enumerate(action.hands)), action.leader)
    elif isinstance(action, Give) and isinstance(before, ClimbState):
        owed = before.owed[0]
        if SEAT not in (owed.giver, owed.receiver) and owed.receiver != DISCARD_PILE:
            # Under UECda's lead the lowest Diamond's holder leads once the exchange is
            # done, for all to see: a give that moves it names another leader.
            leader = apply(before, action).to_act
            yield from (a for a in legal_actions(before, action.seat)
                        if a != action and apply(before, a).to_act == leader)
    elif (isinstance(action, Commit) and action.seat != SEAT and isinstance(before, CorpState)
          and sum(card is None for card in before.commits) > 1):
        yield from (a for a in legal_actions(before, action.seat)
                    if isinstance(a, Commit) and a != action)


# ---------------------------------------------------------------- standard cards


def unseen_cards(state: State, seat: int = SEAT) -> set[Card]:
    """The cards in other hands that the seat has not seen this round (Jokers aside: the
    two are one notation, and their name is in every rules text; and the cards a
    sequence's Jokers stand for)."""
    if not isinstance(state, ClimbState) or not state.hands:
        return set()
    known = set(state.hands[seat])
    for event in state.events:
        if isinstance(event, Transfer) and seat in (event.giver, event.receiver):
            known.update(event.cards)
    # A sequence names the card each of its Jokers stands for, which the seat's own cards
    # decide (or the table shows), not where that card is.
    seen = observe(state, seat)
    known.update(card for play in (*seen.legal, *seen.events) if isinstance(play, RunPlay)
                 for card in play.stand_ins)
    return {card for s, hand in enumerate(state.hands) if s != seat for card in hand
            if isinstance(card, Card) and not card.is_joker} - known


NOTATION_KEYS = {"id", "cards", "act", "action"}  # where views and steps write notation


def notation_and_text(data: Any, key: str = "") -> Iterator[tuple[bool, str]]:
    """Every string of a view or step, and whether it is card notation."""
    if isinstance(data, str):
        yield key in NOTATION_KEYS, data
    elif isinstance(data, dict):
        for name, value in data.items():
            if name != "help":  # the rules' help names cards ("the 3 of Spades")
                yield from notation_and_text(value, name)
    elif isinstance(data, list):
        for value in data:
            yield from notation_and_text(value, key)


def names_a_card(text: str, hidden: set[Card]) -> list[str]:
    """The hidden cards ``text`` (JSON) names: by notation where it writes notation, by
    name anywhere."""
    found = []
    for notation, string in notation_and_text(json.loads(text)):
        if notation:
            words = set(string.replace(":", " ").split())
            found += [str(card) for card in hidden if str(card) in words]
        found += [card.name for card in hidden if card.name in string]
    return found


# ---------------------------------------------------------------- the property


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), moves=st.integers(5, 120))
def test_nothing_shown_to_a_seat_depends_on_what_it_has_not_seen(case, seed, moves):
    preset, players = case
    rules = PRESETS[preset]
    kinds = ["human"] + ["random"] * (players - 1)
    table = Table.create(GameConfig.read({"game": rules.game, "preset": preset, "seats": kinds,
                                          "seed": seed}))
    rng = random.Random(seed)
    standard_cards = rules.game in ("tycoon", "president")
    for _ in range(moves):
        state = table.state
        seats = seats_to_act(state)
        if not seats:
            break
        view = view_of(state, kinds)
        assert view_of(other_world(state, rng), kinds) == view
        if standard_cards:
            assert names_a_card(view, unseen_cards(state)) == []
        seat = seats[0]
        action = (rng.choice(observe(state, seat).legal) if seat >= 0
                  else GAMES[rules.game].family.chance_action(state))
        assert action is not None
        shown = step_shown(state, action, kinds)
        for variant in hidden_variants(state, action):
            assert step_shown(state, variant, kinds) == shown, (str(action), str(variant))
        if standard_cards:
            assert names_a_card(shown, unseen_cards(apply(state, action))) == []
        table.apply(action)
