"""Play assistance, from the view's legal moves alone: which cards of the hand make
some play now, and what a tap on a card selects.

The page decides no rule: a card is playable when some move the view offers takes it,
and a tap selects cards that a move offered takes. The hand is a list of card ids by
position (two Jokers, or two Matchstick 8s, share an id); a move's ``cards`` are ids,
each once per card it takes. A tap:

- on a card no offered move takes (a dimmed one) puts it in or back, as a plain
  toggle, so the player can still build any selection and hear the engine's reason;
- on another card, completes the play: the cards selected and this one, and the least
  the one smallest play holding them needs besides. Where several plays of that size
  would (three 5s to make a pair, any two cards to give), no card is guessed: the card
  joins the selection and the player's next tap says which. Where no play holds them
  all, the tap starts again from the card alone;
- on a card the tap before it added, keeps it: a player who taps each card of a pair,
  as before, keeps the pair;
- again on a card the player tapped, widens a selection that is a play to the next
  larger play holding it (the first the engine lists, where several are that size), or
  clears it when there is none; a selection that is no play yet loses that card.

Runs under MicroPython (the page) and CPython (the tests).
"""


def counted(ids):
    """How many of each id ``ids`` holds."""
    counts = {}
    for card in ids:
        counts[card] = counts.get(card, 0) + 1
    return counts


def holds(cards, part):
    """Whether the cards ``cards`` include every card of ``part`` (ids, with repeats)."""
    have = counted(cards)
    return all(have.get(card, 0) >= count for card, count in counted(part).items())


def plays(legal):
    """The card sets the offered moves take, each once (a Matchstick play's cards make
    several moves, one per value), in the engine's order."""
    sets = []
    for move in legal:
        cards = sorted(move["cards"])
        if cards and cards not in sets:
            sets.append(cards)
    return sets


def playable_ids(legal):
    """The ids of the cards some offered move takes."""
    return {card for move in legal for card in move["cards"]}


def dimmed(legal, hand, your_turn):
    """The positions of the cards to dim: on your turn, those no offered move takes (all,
    when the only move is a pass); none while others play, when nothing is offered.
    ``hand`` is the ids by position, None for a card held back (it has a look and a
    reason of its own)."""
    if not your_turn:
        return []
    playable = playable_ids(legal)
    return [index for index, card in enumerate(hand)
            if card is not None and card not in playable]


def completed(sets, cards):
    """What selecting ``cards`` (ids) comes to: the one smallest play holding them; the
    cards themselves where they are a play or several smallest plays hold them; None
    where no play does."""
    holding = [play for play in sets if holds(play, cards)]
    if not holding:
        return None
    least = min(len(play) for play in holding)
    smallest = [play for play in holding if len(play) == least]
    return smallest[0] if len(smallest) == 1 else list(cards)


def widened(sets, cards):
    """The next larger play holding the play ``cards`` (the engine's first of that size),
    or None."""
    larger = [play for play in sets if len(play) > len(cards) and holds(play, cards)]
    if not larger:
        return None
    least = min(len(play) for play in larger)
    return next(play for play in larger if len(play) == least)


def placed(hand, wanted, keep):
    """The positions in ``hand`` (ids by position; None where a card cannot be chosen)
    that hold the ids ``wanted``: those of ``keep`` first (the card tapped, then the
    selection), then the first free ones; ascending."""
    need = counted(wanted)
    positions = []
    for index in list(keep) + list(range(len(hand))):
        card = hand[index]
        if card is not None and index not in positions and need.get(card, 0) > 0:
            positions.append(index)
            need[card] -= 1
    return sorted(positions)


def tap(legal, hand, selection, chosen, index):
    """A tap on the card at ``index``: the new selection and which of its cards the
    player chose (the rest the assist added), both positions, ascending.

    ``legal`` is the view's moves; ``hand`` the ids by position (None for a card held
    back); ``selection`` the positions selected and ``chosen`` those of them the player
    tapped."""
    sets = plays(legal)
    card = hand[index]
    picked = [hand[position] for position in selection]
    # The tapped card first, then the rest (MicroPython has no starred list displays).
    with_card = [index]
    with_card.extend(selection)
    mine = list(chosen)
    mine.append(index)
    if index in selection:
        if index not in chosen:  # added by the assist: the tap confirms it
            return list(selection), sorted(mine)
        if sorted(picked) in sets:
            wider = widened(sets, picked)
            if wider is None:
                return [], []
            return placed(hand, wider, with_card), list(chosen)
        rest = [position for position in selection if position != index]
        return rest, [position for position in chosen if position != index]
    if card not in playable_ids(legal):
        return sorted(with_card), sorted(mine)
    picked.append(card)
    wanted = completed(sets, picked)
    keep = with_card
    if wanted is None:  # no play holds them all: start again from this card
        wanted = completed(sets, [card])
        keep = [index]
    positions = placed(hand, wanted, keep)
    return positions, sorted(position for position in mine if position in positions)
