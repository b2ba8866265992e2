"""What every game's presenter shares: the seats' grammar, and the move text a front end
sends back. Each family's presenter is in its views module."""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.core.contract import CardJson, Choice, HowPlayed, Move, WhereTo
from engine.core.language import N_, _
from engine.core.seats import YOU, shown_name
from engine.core.words import join, place_words, plural

__all__ = ["THINKING", "Presenter", "Seated", "move_text"]


# The status of a bot's seat while it chooses its move (said with ``_``).
THINKING = N_("thinking…")


class Seated(Protocol):
    """Any action: its notation names its seat first ("2:9c 9d")."""

    @property
    def seat(self) -> int: ...


def move_text(action: Seated) -> str:
    """The action as a front end sends it back: its notation without the seat."""
    return str(action).partition(":")[2]


class Presenter(ABC):
    """Turns one family's observations into views and its steps into sentences. Names
    are the table's; the presenter describes the rules, never decides them, and sees
    only what an observation (or ``seen_by``) shows the seat it speaks to."""

    def __init__(self, names: Sequence[str], temperaments: Sequence[str | None] = ()) -> None:
        self.names = list(names)
        # Each seat's temperament as a word ("sly"), where its bot has one (Corporation).
        self.temperaments = list(temperaments) or [None] * len(self.names)

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        """ "You play" but "Aiko plays": the form for the seat spoken to, or for another
        (each a message of its own, as a language may say them apart)."""
        return you_form if self.names[seat] == YOU else other_form

    def says(self, seat: int, you_form: str, other_form: str, **fields: object) -> str:
        """A sentence about ``seat``: ``verb``'s two forms, each translated ("You pass",
        "{name} passes"), filled in with the seat's ``name`` and ``fields``."""
        return self.verb(seat, you_form, other_form).format(name=self.names[seat], **fields)

    def name(self, seat: int) -> str:
        """A seat's name as a text shows it: the seat spoken to as the language in force
        says "You" (「あなた」), any other by its own name."""
        return shown_name(self.names[seat])

    def whose(self, seat: int) -> str:
        """A seat's own, opening a sentence: "Your turn", but "Mia's turn" where the seat
        shown is a person watched by name."""
        return self.verb(seat, _("Your"), _("{name}'s").format(name=self.names[seat]))

    def name_within(self, seat: int) -> str:
        """A seat's name inside a sentence: "hands you", "and you give", "hands Aiko"."""
        return self.verb(seat, _("you"), self.names[seat])

    def outcome_text(self, winners: Sequence[int], scores: Sequence[int]) -> str:
        """ "Aiko wins with 12 points", "You and Bruno win with 9 points"."""
        points = plural(scores[winners[0]], "point")
        if len(winners) > 1:
            return _("{names} win with {points}").format(
                names=join(self.name(w) for w in winners), points=points)
        return self.verb(winners[0], _("You win with {points}"),
                         _("{name} wins with {points}")).format(
            name=self.names[winners[0]], points=points)

    def move(self, action: Any, observation: Any) -> Move:
        """A move as a view offers it: ``act`` (what to send back), ``kind``, ``label``,
        the ``cards`` it takes from the hand, and how they are played."""
        return {"act": move_text(action), "kind": action.kind,
                "label": self.label(action, observation),
                "cards": [str(card) for card in action.cards],
                **self.how_played(action, observation)}

    def choices(self, moves: Sequence[tuple[Any, Exception | None]],
                observation: Any) -> list[Choice]:
        """The moves a selection of cards could make, each with why it is illegal (or
        None), as a picker offers them (``Session.check_cards``): here in the order given,
        none folded."""
        return [{**self.move(action, observation), "legal": error is None,
                 "reason": None if error is None else str(error), "fold": None}
                for action, error in moves]

    def waiting_for(self, seat: int, at_next: bool) -> str:
        """The turn line while ``seat``'s move comes first: "Waiting for Aiko", or, where
        that move waits for the reader's Next, "Aiko moves first: press Next"."""
        if not at_next:
            return _("Waiting for {name}").format(name=self.name(seat))
        return self.verb(seat, _("You move first: press Next"),
                         _("{name} moves first: press Next")).format(name=self.names[seat])

    def place_name(self, rules: Any, place: int, players: int) -> str:
        """A final place as a table of results heads it: "1st" where the game gives no
        titles (place 0 is the best)."""
        return place_words(place + 1)

    def how_played(self, action: Any, observation: Any) -> HowPlayed:
        """What a front end needs besides the cards to draw them as played (none here)."""
        return {}

    def where_to(self, step: Any, before: Any, after: Any) -> WhereTo:
        """Where a step sent cards, for a front end to show them going there: ``to``, the
        seat given cards; ``trick_to``, the seat that won the trick the step ended;
        ``transfers``, the cards a deal's exchange forced from hand to hand (none here)."""
        return {}

    # Each family's presenter says these its own way.

    @abstractmethod
    def card(self, card: Any) -> CardJson:
        """A card as a front end draws it: ``id`` (its notation), ``rank`` and ``suit``
        (its corner), ``color``, ``name`` (for screen readers)."""

    @abstractmethod
    def label(self, action: Any, observation: Any) -> str:
        """A move as a button says it: "Play three 9s", "Commit 5"."""

    @abstractmethod
    def narrate(self, step: Any, before: Any, after: Any) -> str:
        """A step as the seat of the observations ``before`` and ``after`` it may hear it
        (``step`` is what ``seen_by`` shows that seat)."""

    @abstractmethod
    def waiting_text(self, observation: Any) -> str:
        """Why the seat has nothing to do now (a hint asked out of turn)."""

    @abstractmethod
    def round_text(self, observation: Any, round_no: int) -> str:
        """The round's heading: "Round 2 of 5", "Round 3 · target 200 points"."""

    @abstractmethod
    def view(self, observation: Any, kinds: Sequence[str]) -> Mapping[str, Any]:
        """The seat's view as JSON-ready data, of the type its family declares
        (``Family.view``); ``kinds`` are the seats' players ("human" or a bot level)."""
