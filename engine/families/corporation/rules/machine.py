"""Corporation's rounds: the state, the transitions and what a seat sees.

Every round each seat commits one card face down; when the last seat has
committed, all are revealed at once and the round is scored:

1. each Corporation formed in the round before pays Corporate Rewards if every
   member played one value and no one else played it: value x members to each;
2. a card no one else played scores its value in Profits and goes back to the
   hand;
3. the seats that played a shared value form a new Corporation of that value;
   their cards stay face up, out of their hands, for exactly the next round,
   and the old Corporations' cards go back to their hands.

The game ends after a round in which someone has at least 2n² points (n
players); the most points wins, and a tie is shared.

It is the simultaneous game (OpenSpiel's simultaneous node, boardgame.io's
``ActivePlayers.ALL_ONCE``): while a round is open, every seat that has not
committed may act, ``state.actor`` is ``SIMULTANEOUS`` and ``state.to_act``
names those seats; an observation shows *that* a seat committed, never *what*.
Before committing, a seat may make public, non-binding announcements (table
talk). There is no chance: every hand is simply the cards 1 to ``top_card``.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import overload

from engine.core.actions import Concealed
from engine.core.errors import GameOver, IllegalAction, NotYourTurn
from engine.core.evolve import evolve
from engine.core.language import _
from engine.core.outcome import Outcome
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorpAction,
    CorporationRules,
    Phrase,
    announcement_problem,
    parse_action,
)

__all__ = [
    "SIMULTANEOUS",
    "CorpObservation",
    "CorpState",
    "CorpTableFacts",
    "Corporation",
    "Phase",
    "RoundResult",
    "apply",
    "chance_action",
    "event_of",
    "face_up_cards",
    "face_up_reason",
    "held_cards",
    "initial_state",
    "legal_actions",
    "moves_of_cards",
    "observe",
    "outcome",
    "rankings",
    "round_scores",
    "seats_to_act",
    "seen_by",
    "setup",
    "step",
    "verify",
]

SIMULTANEOUS = -2
"""The actor while a round is open: every seat in ``state.to_act`` may act (OpenSpiel's value)."""


class Phase(StrEnum):
    COMMIT = "commit"  # the round is open: seats commit cards (and talk) in any order
    OVER = "over"


# ---------------------------------------------------------------- corporations and rounds


@dataclass(frozen=True, slots=True)
class Corporation:
    """The seats (in order) that played the same ``value`` in a round.

    Their ``value`` cards stay face up through the next round, when the
    Corporation may pay Corporate Rewards; then it is dissolved.
    """

    value: int
    members: tuple[int, ...]

    def reward(self, played: Sequence[int]) -> int:
        """The Corporate Rewards each member scores when ``played`` are the round's cards.

        The value the members played times their number, if they all played
        one value and no one else did; 0 if a member defected or an outsider
        horned in.
        """
        value = played[self.members[0]]
        if any(played[member] != value for member in self.members):
            return 0
        if played.count(value) != len(self.members):
            return 0
        return value * len(self.members)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A revealed round: what everyone said and played, and what it scored."""

    round_no: int
    played: tuple[int, ...]  # each seat's card
    announcements: tuple[Announce, ...]  # in the order they were made
    corporations: tuple[Corporation, ...]  # formed the round before: these could pay
    rewards: tuple[int, ...]  # Corporate Rewards, per seat
    profits: tuple[int, ...]  # Profits, per seat
    formed: tuple[Corporation, ...]  # the new Corporations, face up through the next round

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(r + p for r, p in zip(self.rewards, self.profits, strict=True))


def round_scores(corporations: Iterable[Corporation], played: Sequence[int]
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's Corporate Rewards and Profits when ``played`` are revealed (bots weigh
    many rounds with it, so it counts without a ``Counter``)."""
    rewards = [0] * len(played)
    for corporation in corporations:
        reward = corporation.reward(played)
        for member in corporation.members:
            rewards[member] += reward
    counts: dict[int, int] = {}
    for card in played:
        counts[card] = counts.get(card, 0) + 1
    return tuple(rewards), tuple(card if counts[card] == 1 else 0 for card in played)


def face_up_cards(corporations: Iterable[Corporation], players: int) -> tuple[int | None, ...]:
    """Each seat's card face up in a Corporation, or None."""
    face_up: list[int | None] = [None] * players
    for corporation in corporations:
        for member in corporation.members:
            face_up[member] = corporation.value
    return tuple(face_up)


# ---------------------------------------------------------------- state


class CorpTableFacts:
    """What the state and an observation both tell of the table."""

    __slots__ = ()
    rules: CorporationRules
    players: int
    corporations: tuple[Corporation, ...]

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def face_up(self) -> tuple[int | None, ...]:
        """Each seat's card face up in a Corporation, or None."""
        return face_up_cards(self.corporations, self.players)


@dataclass(frozen=True)
class CorpState(CorpTableFacts):
    rules: CorporationRules
    players: int
    seed: int  # Corporation has no chance; the seed seeds the bots
    round_no: int = 1
    phase: Phase = Phase.COMMIT
    hands: tuple[tuple[int, ...], ...] = ()  # without the face-up card and the committed card
    commits: tuple[int | None, ...] = ()  # this round's face-down cards: secret until revealed
    announcements: tuple[Announce, ...] = ()  # this round, in order
    corporations: tuple[Corporation, ...] = ()  # formed last round, by value
    scores: tuple[int, ...] = ()
    history: tuple[RoundResult, ...] = ()  # the revealed rounds

    @property
    def actor(self) -> int | None:
        """``SIMULTANEOUS`` while the round is open (see ``to_act``), None at the end."""
        return None if self.phase is Phase.OVER else SIMULTANEOUS

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act now: those that have not committed a card this round."""
        if self.phase is Phase.OVER:
            return frozenset()
        return frozenset(seat for seat, card in enumerate(self.commits) if card is None)



# ---------------------------------------------------------------- creation


def initial_state(rules: CorporationRules, players: int, seed: int) -> CorpState:
    """The first round, open: every seat holds the cards 1 to the top card."""
    rules.check_players(players)
    return CorpState(rules=rules, players=players, seed=seed,
                     hands=(rules.cards(players),) * players, commits=(None,) * players,
                     scores=(0,) * players)


def chance_action(state: CorpState) -> None:
    """Corporation has no chance: nothing is ever dealt, so this is always None."""


def setup(rules: CorporationRules, players: int, *, corporations: Iterable[Corporation] = (),
          scores: Sequence[int] | None = None, round_no: int | None = None,
          seed: int = 0) -> CorpState:
    """A round about to open, after earlier rounds left ``corporations`` and ``scores``.

    The hands follow: every card but the seat's face-up one. ``round_no``
    defaults to 2 when there are Corporations (they formed in an earlier
    round), else 1. Raises ``IllegalAction`` when the position cannot arise.
    """
    rules.check_players(players)
    cards = rules.cards(players)
    corps = tuple(sorted((Corporation(c.value, tuple(sorted(c.members))) for c in corporations),
                         key=lambda c: c.value))
    if len({c.value for c in corps}) != len(corps):
        raise IllegalAction(_("each Corporation has a value of its own"))
    for corp in corps:
        if corp.value not in cards:
            raise IllegalAction(_("there is no Corporation {value}: the cards are 1 to "
                                  "{top}").format(value=corp.value, top=cards[-1]))
        if len(set(corp.members)) != len(corp.members) or len(corp.members) < 2:
            raise IllegalAction(_("Corporation {value} needs two or more different members")
                                .format(value=corp.value))
        if not all(0 <= member < players for member in corp.members):
            raise IllegalAction(_("the members of Corporation {value} must be seats 0 to "
                                  "{last}").format(value=corp.value, last=players - 1))
    members = [member for corp in corps for member in corp.members]
    if len(set(members)) != len(members):
        raise IllegalAction(_("a seat belongs to one Corporation at most"))
    if round_no is None:
        round_no = 2 if corps else 1
    if round_no < 1:
        raise IllegalAction(_("rounds are numbered from 1"))
    if corps and round_no == 1:
        raise IllegalAction(_("Corporations are formed in an earlier round, so this is round "
                              "2 or later"))
    scores = tuple(scores) if scores is not None else (0,) * players
    if len(scores) != players or min(scores) < 0:
        raise IllegalAction(_("one score of 0 or more for each of the {players} seats")
                            .format(players=players))
    target = rules.target(players)
    if max(scores) >= target:
        raise IllegalAction(_("the game would be over: someone has the target of {target} "
                              "points").format(target=target))
    face_up = face_up_cards(corps, players)
    return CorpState(
        rules=rules, players=players, seed=seed, round_no=round_no,
        hands=tuple(held_cards(cards, up) for up in face_up), commits=(None,) * players,
        corporations=corps, scores=scores,
    )


def held_cards(cards: tuple[int, ...], face_up: int | None) -> tuple[int, ...]:
    """A seat's hand: every card but the one it has face up in a Corporation."""
    return cards if face_up is None else tuple(card for card in cards if card != face_up)


# ---------------------------------------------------------------- legality


def legal_actions(state: CorpState, seat: int) -> list[CorpAction]:
    """Every action ``seat`` may take now; empty once it has committed, or at the end.

    Besides a commit of each card in hand, while the seat may still talk this
    lists each ``Phrase`` for each card ("I'll play 5", "Join my Corporation on 5"):
    the table talk a bot or a phone's picker offers. ``verify`` accepts any other
    announcement text within the limits.
    """
    if seat not in state.to_act:
        return []
    hand = state.hands[seat]
    actions: list[CorpAction] = [Commit(seat, card) for card in hand]
    if _announcements_made(state, seat) < state.rules.announcements:
        actions.extend(Announce(seat, phrase=phrase, card=card)
                       for phrase in Phrase for card in hand)
    return actions


def _announcements_made(state: CorpState, seat: int) -> int:
    return sum(1 for said in state.announcements if said.seat == seat)


def verify(state: CorpState, action: CorpAction) -> None:
    """Raise an ``IllegalAction`` that says why, unless ``action`` is legal now."""
    if state.phase is Phase.OVER:
        raise GameOver(_("the game is over"))
    seat = action.seat
    if not 0 <= seat < state.players:
        raise NotYourTurn(_("there is no seat {seat} in this game").format(seat=seat))
    if state.commits[seat] is not None:
        if isinstance(action, Announce):
            raise NotYourTurn(_("you already committed a card this round: announcements "
                                "come before committing"))
        raise NotYourTurn(_("you already committed a card this round"))
    if isinstance(action, Announce):
        _verify_announcement(state, action)
        return
    top = state.rules.top(state.players)
    if not 1 <= action.card <= top:
        raise IllegalAction(_("there is no {card}: the cards are 1 to {top}").format(
            card=action.card, top=top))
    if action.card == state.face_up[seat]:
        raise IllegalAction(face_up_reason(action.card))


def face_up_reason(card: int) -> str:
    """Why a seat cannot commit the card it has face up in a Corporation."""
    return _("your {card} is face up in Corporation {card} this round").format(card=card)


def _verify_announcement(state: CorpState, action: Announce) -> None:
    allowed = state.rules.announcements
    if allowed == 0:
        raise IllegalAction(_("this game is played without table talk"))
    if _announcements_made(state, action.seat) >= allowed:
        raise IllegalAction(_("you have made your announcement this round") if allowed == 1
                            else _("you have made all {n} of your announcements this round")
                            .format(n=allowed))
    problem = announcement_problem(action.text)
    if problem is not None:
        raise IllegalAction(problem)


# ---------------------------------------------------------------- transition


def step(state: CorpState, action: CorpAction) -> CorpState:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if illegal."""
    verify(state, action)
    return apply(state, action)


def apply(state: CorpState, action: CorpAction) -> CorpState:
    """``step`` without the legality check, for actions taken from ``legal_actions``.

    The last commit of a round reveals and scores it.
    """
    if isinstance(action, Announce):
        return evolve(state, announcements=(*state.announcements, action))
    seat, card = action.seat, action.card
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    commits = list(state.commits)
    commits[seat] = card
    state = evolve(state, hands=tuple(hands), commits=tuple(commits))
    played = tuple(c for c in commits if c is not None)
    if len(played) < state.players:
        return state
    return _reveal(state, played)


def _reveal(state: CorpState, played: tuple[int, ...]) -> CorpState:
    players = state.players
    rewards, profits = round_scores(state.corporations, played)
    counts = Counter(played)
    formed = tuple(
        Corporation(value, tuple(seat for seat, card in enumerate(played) if card == value))
        for value in sorted(counts) if counts[value] > 1
    )
    result = RoundResult(state.round_no, played, state.announcements, state.corporations,
                         rewards, profits, formed)
    scores = tuple(s + p for s, p in zip(state.scores, result.points, strict=True))
    # Unmatched cards and the old Corporations' cards go back to the hands; only the new
    # Corporations' cards stay face up (through the next round, or on the table at the end).
    cards = state.rules.cards(players)
    hands = tuple(held_cards(cards, up) for up in face_up_cards(formed, players))
    over = max(scores) >= state.target
    return evolve(
        state, phase=Phase.OVER if over else Phase.COMMIT,
        round_no=state.round_no if over else state.round_no + 1, hands=hands,
        commits=(None,) * players, announcements=(), corporations=formed, scores=scores,
        history=(*state.history, result),
    )


def moves_of_cards(state: CorpState, seat: int, cards: Sequence[str]) -> list[CorpAction]:
    """The move that a seat's selection of cards makes: the commit of its one card."""
    if len(cards) != 1:
        raise IllegalAction(_("choose one card to commit"))
    return [parse_action(f"commit {cards[0]}", seat)]


def seats_to_act(state: CorpState) -> tuple[int, ...]:
    """Every seat still to commit this round, in seat order (they may act in any order)."""
    return tuple(sorted(state.to_act))


# ---------------------------------------------------------------- outcome


def outcome(state: CorpState) -> Outcome | None:
    """None while the game runs; then the scores, seats ranked by points, and the winners."""
    if state.phase is not Phase.OVER:
        return None
    return Outcome.of(state.scores)


def rankings(state: CorpState) -> tuple[tuple[int, ...], ...]:
    """A finished game's ranking, as each seat's place (0 is first; equal scores share the
    better place); none while it goes on."""
    if state.phase is not Phase.OVER:
        return ()
    scores = state.scores
    return (tuple(sum(1 for other in scores if other > score) for score in scores),)


# ---------------------------------------------------------------- observation


@dataclass(frozen=True, slots=True)
class CorpObservation(CorpTableFacts):
    """What one seat knows: its own hand and commit, and everything public, never another
    seat's face-down card until the round is revealed."""

    rules: CorporationRules
    players: int
    seat: int
    round_no: int
    phase: Phase
    actor: int | None
    hand: tuple[int, ...]
    commit: int | None  # this seat's own face-down card
    committed: frozenset[int]  # the seats whose card is face down: *that* they did, not what
    announcements: tuple[Announce, ...]  # this round, in order
    corporations: tuple[Corporation, ...]
    scores: tuple[int, ...]
    history: tuple[RoundResult, ...]
    legal: tuple[CorpAction, ...]

    @property
    def to_act(self) -> frozenset[int]:
        if self.phase is Phase.OVER:
            return frozenset()
        return frozenset(range(self.players)) - self.committed



def observe(state: CorpState, seat: int) -> CorpObservation:
    commits = [seen_by(Commit(s, card), seat) for s, card in enumerate(state.commits)
               if card is not None]
    return CorpObservation(
        rules=state.rules, players=state.players, seat=seat, round_no=state.round_no,
        phase=state.phase, actor=state.actor, hand=state.hands[seat],
        commit=next((c.card for c in commits if isinstance(c, Commit)), None),
        committed=frozenset(c.seat for c in commits),
        announcements=state.announcements, corporations=state.corporations,
        scores=state.scores, history=state.history,
        legal=tuple(legal_actions(state, seat)),
    )


# ---------------------------------------------------------------- what a seat sees


def event_of(state: CorpState, action: CorpAction) -> CorpAction:
    """The step ``action`` makes: the action itself (the reveal follows from the commits)."""
    return action


@overload
def seen_by(step: Announce, seat: int) -> Announce: ...
@overload
def seen_by(step: CorpAction, seat: int) -> CorpAction | Concealed: ...


def seen_by(step: CorpAction, seat: int) -> CorpAction | Concealed:
    """What ``seat`` may see of a step: the one place that decides it, for observations,
    public steps and narration alike.

    Table talk is public. A committed card is face down: until the reveal only its own
    seat knows it, and the others see that the seat committed, not what. The reveal
    itself (the round's result) is public.
    """
    if isinstance(step, Commit) and step.seat != seat:
        return Concealed(step.seat, step.kind)
    return step
