"""What the table says of the order of the cards and of the house rules in force: the
order in a line (always on show), the banner's headline while it is turned, the notes
over the trick (a suit lock, the turns' way), and the hand sorted by suit."""

from collections.abc import Sequence

from engine.core.cards import Card, Suit, suit_name
from engine.core.language import _
from engine.core.words import join
from engine.families.climbing.rules.state import ClimbObservation

__all__ = ["by_suit", "lock_text", "order_note", "order_text", "table_notes"]

SUIT_POSITIONS: dict[Suit | None, int] = {suit: position for position, suit in enumerate(Suit)}


def by_suit(hand: tuple[Card, ...]) -> list[str] | None:
    """A hand's cards (weakest first) grouped by suit, clubs to spades, each suit still
    weakest first, Jokers last; None for cards without suits (Matchstick's)."""
    suits = [getattr(card, "suit", None) for card in hand]
    if not any(suits):
        return None
    return [str(hand[index]) for index in sorted(
        range(len(hand)), key=lambda index: (SUIT_POSITIONS.get(suits[index], len(Suit)),
                                             index))]


def order_text(order: Sequence[str]) -> str:
    """The order as it stands, weakest first, in a line: "Weak → strong: 2 3 … A Joker"."""
    return _("Weak → strong: {order}").format(order=" ".join(order))


def order_note(observation: ClimbObservation) -> str | None:
    """The banner's headline while a revolution or an 11-back turns the order."""
    if observation.back:
        return (_("11-back! The order is reversed until the trick clears:")
                if observation.revolution else
                _("11-back! The revolution is turned back until the trick clears:"))
    return _("Revolution! The order is reversed:") if observation.revolution else None


def lock_text(lock: frozenset[Suit]) -> str:
    """ "Locked to hearts until the trick clears", while a suit lock holds it."""
    return _("Locked to {suits} until the trick clears").format(
        suits=join(suit_name(suit) for suit in sorted(lock)))


def table_notes(observation: ClimbObservation) -> list[str]:
    """What the house rules hold in force besides the order: a lock, the turns' way."""
    notes = [lock_text(observation.lock)] if observation.lock else []
    if observation.anticlockwise:
        notes.append(_("Turns go the other way round the table (9-reverse)"))
    return notes
