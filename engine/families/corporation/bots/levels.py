"""How each bot level plays Corporation: every seat reads the table its own way, talks,
and may lie.

Every hand is public but for the card a seat puts face down this round, so a
bot's art is guessing what the others will play, and talking so that they play
what suits it. Each bot seat has a temperament (engine.core.temperament): how
far it believes others, how much it prefers Profits now to rewards later, and
how often it keeps its word. How a seat reads the others and weighs its cards is
engine.families.corporation.bots.reading; Hard's search is engine.families.corporation.bots.search.

*Normal* weighs each of its cards by how the table would stand after the round
if the others play as it believes, and commits one of its best cards at
random, the better ones more often: no seat is exactly predictable, and two
Normals in one position do not always agree. Before committing it talks when
that helps it (``normal_talk``): it tells its fellow members what it will play,
claims a card to warn the table off when greedy, and invites the seats it
expects on its card when trusting. When it commits it keeps its word as often as
its truthfulness says, else plays one of its best other cards.

*Easy* believes everyone, says what it means to play when it is in a
Corporation or greedy, plays the card its fellow members named or its highest,
rarely breaks its word, and makes one move in five at random.

*Hard* searches (engine.families.corporation.bots.search) and keeps its own reasoning:
its talk is its own, and it breaks its word whenever another card pays better.
"""

import random
from collections.abc import Mapping
from typing import Any

from engine.core.bots import EASY_MISTAKES, Fared, HardSettings
from engine.core.rng import choice
from engine.core.temperament import NEUTRAL, Temperament
from engine.families.corporation.bots.reading import (
    Position,
    commits,
    draw_card,
    fellows,
    may_talk,
    named_card,
)
from engine.families.corporation.bots.search import hard_choose
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorpAction,
    Phrase,
    announced_cards,
)
from engine.families.corporation.rules.machine import CorpObservation

__all__ = ["easy", "greedy", "hard", "normal", "normal_talk", "searches"]


def greedy(observation: CorpObservation) -> CorpAction:
    """Greedy's commit: its highest card, the biggest Profits if no one matches it."""
    return max((a for a in observation.legal if isinstance(a, Commit)), key=lambda a: a.card)



def normal_talk(position: Position, observation: CorpObservation) -> Announce | None:
    """What Normal says before committing, when it helps, naming its best card: to fellow
    members still to commit, so they play it with it; to a seat that named the same card;
    greedy, to warn the table off a card it means to take Profits with; trusting, to
    invite the seats it expects on its card into a Corporation."""
    me, card = position.seat, position.best
    waiting = [m for m in fellows(position.corporations, me) if m not in observation.committed]
    named_by_others = any(card in announced_cards(a) for a in position.heard
                          if a.seat != me)
    alone = 1.0
    for seat in range(position.players):
        if seat != me:
            alone *= 1.0 - position.believed[seat].get(card, 0.0)
    temperament = position.temperament
    if waiting or (alone >= 0.5 and temperament.greed >= 0.5):
        return Announce(me, phrase=Phrase.PROMISE, card=card)
    if alone < 0.5 and temperament.trust >= 0.5 and not named_by_others:
        return Announce(me, phrase=Phrase.INVITE, card=card)
    return None


def normal(observation: CorpObservation, rng: random.Random,
                  temperament: Temperament | None = None) -> CorpAction:
    """Normal's action: an announcement when it helps, else a commit drawn from its
    policy."""
    position = Position(observation, temperament or NEUTRAL)
    if may_talk(observation):
        talk = normal_talk(position, observation)
        if talk is not None and talk in observation.legal:
            return talk
    return Commit(observation.seat, draw_card(position.policy(), rng))


def easy(observation: CorpObservation, rng: random.Random,
                temperament: Temperament | None = None) -> CorpAction:
    """Easy's action: one move in five a careless commit; else it says what it means to
    play when it is in a Corporation or greedy, and commits it, its word nearly always
    kept: the card its fellow members named (it believes them), else its highest."""
    temperament = temperament or NEUTRAL
    if rng.random() < EASY_MISTAKES:
        return choice(rng, commits(observation))
    me, hand = observation.seat, observation.hand
    word = named_card(observation.announcements, me, hand)
    members = fellows(observation.corporations, me)
    told = next((card for member in members
                 if (card := named_card(observation.announcements, member, hand)) is not None),
                None)
    plan = told if told is not None else max(hand)
    if may_talk(observation) and (members or temperament.greed >= 0.5):
        return Announce(me, phrase=Phrase.PROMISE, card=plan)
    if word is None:
        return Commit(me, plan)
    if len(hand) == 1 or rng.random() < temperament.truth:
        return Commit(me, word)
    return Commit(me, max(card for card in hand if card != word))


def hard(observation: CorpObservation, rng: random.Random, settings: HardSettings[Any],
         share: float,
         temperament: Temperament | None = None
         ) -> tuple[CorpAction, Mapping[CorpAction, Fared]]:
    """Hard's action with ``share`` of its work; its search has no figures a hint shows."""
    return hard_choose(observation, rng, share, temperament), {}  # it sets its own budget


def searches(observation: CorpObservation, settings: HardSettings[Any], share: float) -> bool:
    """Whether Hard searches this position: it has more than one card to commit (else it
    commits its last at once), whatever its share."""
    return len(commits(observation)) > 1


