"""Why a move in Corporation: the value, what it may score, what the table said, and how
well the speakers kept their word before."""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.words import join, plural
from engine.families.corporation.bots.reading import words_kept
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorpAction,
    announced_cards,
)
from engine.families.corporation.rules.machine import CorpObservation, held_cards

__all__ = ["against_the_word", "explain", "word_record"]

if TYPE_CHECKING:
    from engine.core.bots import Fared


def explain(obs: CorpObservation, action: CorpAction, names: Sequence[str],
            fared: Mapping[CorpAction, "Fared"]) -> str:
    """Why ``action``: the value, what it may score, and what the table said (Hard's
    search in Corporation has no figures to add)."""
    seat = obs.seat
    corporation = next((c for c in obs.corporations if seat in c.members), None)
    others = [m for m in corporation.members if m != seat] if corporation else []
    said: dict[int, list[int]] = {}
    for announcement in obs.announcements:  # who named which values, each seat once
        if announcement.seat == seat:
            continue
        for value in announced_cards(announcement.text):
            seats = said.setdefault(value, [])
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
        who = join([names[s] for s in fellows])
        return (f"Commit {card}: {who} said {card}, so if every member of Corporation "
                f"{corporation.value} plays {card} and no one else does, each of you scores "
                f"{card} x {members} = {card * members} points in Corporate Rewards."
                + word_record(obs, fellows, names))
    talkers = [s for s in said.get(card, []) if s not in others]
    if talkers:
        who = join([names[s] for s in talkers])
        return (f"Commit {card}: {who} said {card}, and playing the same value forms a "
                "Corporation with them: no points now, but it can pay Corporate Rewards next "
                "round." + word_record(obs, talkers, names))
    top = max(obs.hand)
    what = "your highest card" if card == top else "a card no one has announced"
    text = (f"Commit {card}, {what}: if no one else plays it, it scores "
            f"{plural(card, 'point')} in Profits.")
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
        text += " " + against_the_word(obs, card, value, speakers, seats, names)
    elif rivals:
        who = "Everyone else has" if len(rivals) == obs.players - 1 else (
            f"{join(rivals)} {'has' if len(rivals) == 1 else 'have'}")
        text += (f" {who} {top} as their highest card too, and a value played twice scores "
                 "nothing now.")
    elif corporation is not None:
        text += (f" Corporation {corporation.value} pays Corporate Rewards only if its "
                 "members all play one value no one else plays; none has said which.")
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
    cost = (f"if they keep their word, Corporation {corporation.value} pays no Corporate "
            "Rewards this round.")
    if value not in obs.hand:
        return f"{who} said {value}, but you have no {value} to play."
    if outsiders:
        return (f"{who} said {value}, but {join(outsiders)} said {value} too, and one card "
                f"of {value} from outside Corporation {corporation.value} spoils its Corporate "
                "Rewards.")
    if value * members <= card:
        return (f"{who} said {value}, but the Corporate Rewards for it, {value} x {members} = "
                f"{value * members} points each, are no more than your {card} in Profits: "
                + cost)
    if given and 2 * kept < given:
        return (f"{who} said {value}, but kept only {kept} of {plural(given, 'word')} so far: "
                + cost)
    return (f"{who} said {value}, but by the Hard bot's guesses at what everyone will play, "
            f"your {card} is worth more: " + cost + word_record(obs, speakers, names))


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
            records.append(f"{names[speaker]} kept {kept} of {plural(given, 'word')}")
    return f" So far {join(records)}." if records else ""
