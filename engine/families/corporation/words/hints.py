"""Why a move in Corporation: the value, what it may score, what the table said, and how
well the speakers kept their word before."""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.language import _, n_
from engine.core.words import join
from engine.families.corporation.bots.reading import words_kept
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorpAction,
    announced_cards,
)
from engine.families.corporation.rules.machine import CorpObservation, held_cards
from engine.families.corporation.words.views import shown_names

__all__ = ["against_the_word", "explain", "word_record"]

if TYPE_CHECKING:
    from engine.core.bots import Fared


def explain(obs: CorpObservation, action: CorpAction, names: Sequence[str],
            fared: Mapping[CorpAction, "Fared"]) -> str:
    """Why ``action``: the value, what it may score, and what the table said (Hard's
    search in Corporation has no figures to add)."""
    names = shown_names(names)
    seat = obs.seat
    corporation = next((c for c in obs.corporations if seat in c.members), None)
    others = [m for m in corporation.members if m != seat] if corporation else []
    said: dict[int, list[int]] = {}
    for announcement in obs.announcements:  # who named which values, each seat once
        if announcement.seat == seat:
            continue
        for value in announced_cards(announcement):
            seats = said.setdefault(value, [])
            if announcement.seat not in seats:
                seats.append(announcement.seat)
    if isinstance(action, Announce):
        say = _('Say "{said}"').format(said=action.said())
        if corporation is not None:
            return _("{say}: it tells the other members of Corporation {value} which value "
                     "to play with you for Corporate Rewards (everyone hears it, and no one "
                     "has to keep their word).").format(say=say, value=corporation.value)
        return _("{say}: it tells the table what you mean to play; anyone who plays the same "
                 "value forms a Corporation with you, and no one has to keep their word."
                 ).format(say=say)
    assert isinstance(action, Commit)
    card = action.card
    members = len(corporation.members) if corporation else 0
    fellows = [s for s in said.get(card, []) if s in others]
    if corporation is not None and fellows:
        return (_("Commit {card}: {who} said {card}, so if every member of Corporation "
                  "{value} plays {card} and no one else does, each of you scores {card} x "
                  "{members} = {total} points in Corporate Rewards.").format(
                      card=card, who=join([names[s] for s in fellows]),
                      value=corporation.value, members=members, total=card * members)
                + word_record(obs, fellows, names))
    talkers = [s for s in said.get(card, []) if s not in others]
    if talkers:
        return (_("Commit {card}: {who} said {card}, and playing the same value forms a "
                  "Corporation with them: no points now, but it can pay Corporate Rewards "
                  "next round.").format(card=card, who=join([names[s] for s in talkers]))
                + word_record(obs, talkers, names))
    top = max(obs.hand)
    text = (n_("Commit {card}, your highest card: if no one else plays it, it scores {n} "
               "point in Profits.",
               "Commit {card}, your highest card: if no one else plays it, it scores {n} "
               "points in Profits.", card) if card == top else
            n_("Commit {card}, a card no one has announced: if no one else plays it, it "
               "scores {n} point in Profits.",
               "Commit {card}, a card no one has announced: if no one else plays it, it "
               "scores {n} points in Profits.", card)).format(card=card, n=card)
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
        speakers = [s for s in seats if s in others]
        text += _(" {reason}").format(
            reason=against_the_word(obs, card, value, speakers, seats, names))
    elif len(rivals) == obs.players - 1:
        text += _(" Everyone else has {top} as their highest card too, and a value played "
                  "twice scores nothing now.").format(top=top)
    elif rivals:
        text += (_(" {names} has {top} as their highest card too, and a value played twice "
                   "scores nothing now.") if len(rivals) == 1 else
                 _(" {names} have {top} as their highest card too, and a value played twice "
                   "scores nothing now.")).format(names=join(rivals), top=top)
    elif corporation is not None:
        text += _(" Corporation {value} pays Corporate Rewards only if its members all play "
                  "one value no one else plays; none has said which.").format(
                      value=corporation.value)
    return text


def against_the_word(obs: CorpObservation, card: int, value: int, speakers: Sequence[int],
                     seats: Sequence[int], names: Sequence[str]) -> str:
    """Why commit ``card`` when fellow members (``speakers``) said ``value`` (``seats``
    said it in all): the first reason that holds of the hand, the talk, the rewards and
    the speakers' word so far, or that Hard's reading of the table prefers ``card``; and
    what it costs the Corporation."""
    corporation = next(c for c in obs.corporations if obs.seat in c.members)
    who = join([names[s] for s in speakers])
    members = len(corporation.members)
    outsiders = [names[s] for s in seats if s not in corporation.members]
    given, kept = _words(obs, speakers)
    cost = _("if they keep their word, Corporation {value} pays no Corporate Rewards this "
             "round.").format(value=corporation.value)
    if value not in obs.hand:
        return _("{who} said {value}, but you have no {value} to play.").format(
            who=who, value=value)
    if outsiders:
        return _("{who} said {value}, but {outsiders} said {value} too, and one card of "
                 "{value} from outside Corporation {corporation} spoils its Corporate "
                 "Rewards.").format(who=who, value=value, outsiders=join(outsiders),
                                    corporation=corporation.value)
    if value * members <= card:
        return _("{who} said {value}, but the Corporate Rewards for it, {value} x {members} "
                 "= {total} points each, are no more than your {card} in Profits: {cost}"
                 ).format(who=who, value=value, members=members, total=value * members,
                          card=card, cost=cost)
    if given and 2 * kept < given:
        return n_("{who} said {value}, but kept only {kept} of {n} word so far: {cost}",
                  "{who} said {value}, but kept only {kept} of {n} words so far: {cost}",
                  given).format(who=who, value=value, kept=kept, n=given, cost=cost)
    return (_("{who} said {value}, but by the Hard bot's guesses at what everyone will play, "
              "your {card} is worth more: {cost}").format(who=who, value=value, card=card,
                                                          cost=cost)
            + word_record(obs, speakers, names))


def _words(obs: CorpObservation, speakers: Sequence[int]) -> tuple[int, int]:
    """How many words ``speakers`` gave in the rounds revealed so far, and kept."""
    given = kept = 0
    for result in obs.history:
        words = words_kept(obs.rules, obs.players, result)
        for speaker in speakers:
            if words[speaker] is not None:
                given += 1
                kept += result.played[speaker] == words[speaker]
    return given, kept


def word_record(obs: CorpObservation, speakers: Sequence[int], names: Sequence[str]) -> str:
    """How ``speakers`` kept their word in the rounds revealed so far (a bot trusts by it,
    and so may the player): " So far Bruno kept 1 of 3 words."; empty before anyone gave
    one."""
    records = []
    for speaker in speakers:
        given = kept = 0
        for result in obs.history:
            word = words_kept(obs.rules, obs.players, result)[speaker]
            if word is not None:
                given += 1
                kept += result.played[speaker] == word
        if given:
            records.append(n_("{name} kept {kept} of {n} word", "{name} kept {kept} of {n} words",
                              given).format(name=names[speaker], kept=kept, n=given))
    return _(" So far {records}.").format(records=join(records)) if records else ""
