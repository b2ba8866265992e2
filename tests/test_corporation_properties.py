"""Properties of Corporation that must hold in every game, found by random play.

Hundreds of seeded random games of every player count end, keep every card
of every seat in its hand, face down or face up, and score exactly what their
revealed rounds say. A Hypothesis state machine checks after every step that
``verify`` accepts exactly the legal commits, that only the seats still to
commit may act, that the checked and unchecked paths agree, and that an
observation does not change when other seats' face-down cards are changed.
Notation round trips and never fails with anything but ``BadNotation``.
"""

import contextlib
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from engine.core.errors import BadNotation, GameOver, IllegalAction, NotYourTurn
from engine.core.evolve import evolve
from engine.families.corporation.rules.definition import (
    PRESETS,
    Announce,
    Commit,
    CorporationRules,
    parse_action,
)
from engine.families.corporation.rules.machine import (
    SIMULTANEOUS,
    CorpState,
    Phase,
    apply,
    initial_state,
    legal_actions,
    observe,
    outcome,
    setup,
    step,
    verify,
)

RULES = [*PRESETS.values(), CorporationRules(announcements=0), CorporationRules(top_card=13)]
ROUNDS_BOUND = 250  # the rules set no bound; the longest of the seeded games below takes 78


def actions_per_round_bound(state: CorpState) -> int:
    """Each seat commits once and may speak ``announcements`` times before it does."""
    return state.players * (state.rules.announcements + 1)


def check_cards_are_conserved(state: CorpState) -> None:
    """Every seat's cards 1..top are each in its hand, face down or face up, exactly once."""
    cards = list(state.rules.cards(state.players))
    for seat in range(state.players):
        held = [*state.hands[seat], state.commits[seat], state.face_up[seat]]
        assert sorted(c for c in held if c is not None) == cards, f"seat {seat}: {held}"


def check_scores_are_the_sum_of_the_rounds(state: CorpState) -> None:
    for seat in range(state.players):
        assert state.scores[seat] == sum(r.points[seat] for r in state.history)


def random_games():
    for players in range(4, 11):
        for game in range(40):
            yield RULES[game % len(RULES)], players, 1000 * players + game


def test_random_games_of_every_player_count_end_and_conserve_every_card() -> None:
    for rules, players, seed in random_games():
        rng = random.Random(seed)
        state = initial_state(rules, players, seed)
        actions_this_round = 0
        while state.actor is not None:
            assert state.actor == SIMULTANEOUS and state.to_act
            seat = rng.choice(sorted(state.to_act))
            before = state
            state = step(state, rng.choice(legal_actions(state, seat)))
            check_cards_are_conserved(state)
            if state.round_no != before.round_no or state.phase is Phase.OVER:
                check_scores_are_the_sum_of_the_rounds(state)
                assert before.to_act == {seat}, "a round is revealed by its last commit"
                actions_this_round = 0
            else:
                actions_this_round += 1
                assert actions_this_round < actions_per_round_bound(state)
            assert state.round_no <= ROUNDS_BOUND, f"seed {seed} goes on and on"
        result = outcome(state)
        assert result is not None
        assert max(state.scores) >= state.target
        assert set(result.winners) == {s for s in range(players)
                                       if state.scores[s] == max(state.scores)}
        assert sorted(result.ranking) == list(range(players))


# ---------------------------------------------------------------- step by step


def change_hidden_commits(state: CorpState, seat: int, rng: random.Random) -> CorpState:
    """``state`` with every other seat's face-down card swapped for another it could commit."""
    hands, commits = list(state.hands), list(state.commits)
    for other in range(state.players):
        card = commits[other]
        if other == seat or card is None:
            continue
        pool = sorted((*hands[other], card))
        commits[other] = rng.choice(pool)
        hands[other] = tuple(c for c in pool if c != commits[other])
    return evolve(state, hands=tuple(hands), commits=tuple(commits))


class CorporationGames(RuleBasedStateMachine):
    """Random legal games from random positions (so that many reach their end)."""

    def start(self, rules: CorporationRules, players: int, fraction: float, seed: int) -> None:
        target = rules.target(players)
        rng = random.Random(seed)
        scores = [rng.randrange(int(target * fraction) + 1) for _ in range(players)]
        self.state = setup(rules, players, scores=scores, seed=seed)

    @initialize(rules=st.sampled_from(RULES), players=st.integers(4, 10),
                fraction=st.floats(0, 0.97), seed=st.integers(0, 2**32))
    def first_game(self, rules: CorporationRules, players: int, fraction: float,
                   seed: int) -> None:
        self.start(rules, players, fraction, seed)

    @precondition(lambda self: self.state.phase is Phase.OVER)
    @rule(rules=st.sampled_from(RULES), players=st.integers(4, 10),
          fraction=st.floats(0, 0.97), seed=st.integers(0, 2**32))
    def next_game(self, rules: CorporationRules, players: int, fraction: float,
                  seed: int) -> None:
        self.start(rules, players, fraction, seed)

    @precondition(lambda self: self.state.phase is not Phase.OVER)
    @rule(data=st.data())
    def take_a_legal_action(self, data: st.DataObject) -> None:
        state = self.state
        seat = data.draw(st.sampled_from(sorted(state.to_act)), label="seat")
        action = data.draw(st.sampled_from(legal_actions(state, seat)), label="action")
        checked = step(state, action)
        assert checked == apply(state, action), f"step and apply disagree on {action}"
        self.state = checked

    def rng(self, *labels: object) -> random.Random:
        state = self.state
        return random.Random("/".join(map(str, (state.seed, state.round_no, state.commits,
                                                  len(state.announcements), *labels))))

    @invariant()
    def cards_are_conserved(self) -> None:
        check_cards_are_conserved(self.state)

    @invariant()
    def verify_accepts_exactly_the_legal_commits_and_they_read_back(self) -> None:
        state = self.state
        for seat in state.to_act:
            legal = legal_actions(state, seat)
            for action in legal:
                verify(state, action)
                assert parse_action(str(action)) == action
            for card in range(state.rules.top(state.players) + 2):
                if Commit(seat, card) not in legal:
                    with pytest.raises(IllegalAction):
                        verify(state, Commit(seat, card))

    @invariant()
    def only_the_seats_still_to_commit_may_act(self) -> None:
        state = self.state
        wrong = GameOver if state.phase is Phase.OVER else NotYourTurn
        for seat in set(range(state.players)) - state.to_act:
            assert legal_actions(state, seat) == []
            for action in (Commit(seat, 1), Announce(seat, "hello")):
                with pytest.raises(wrong):
                    verify(state, action)

    @invariant()
    def observations_do_not_change_when_other_face_down_cards_change(self) -> None:
        state = self.state
        for seat in range(state.players):
            seen = observe(state, seat)
            assert seen.hand == state.hands[seat] and seen.commit == state.commits[seat]
            assert seen.to_act == state.to_act
            other = change_hidden_commits(state, seat, self.rng("hide", seat))
            assert observe(other, seat) == seen

    @invariant()
    def the_end_comes_exactly_when_someone_reaches_the_target(self) -> None:
        state = self.state
        assert (state.phase is Phase.OVER) == (max(state.scores) >= state.target)
        assert (outcome(state) is None) == (state.phase is not Phase.OVER)


def test_random_legal_play_from_random_positions_keeps_every_invariant() -> None:
    run_state_machine_as_test(CorporationGames, settings=settings(
        max_examples=40, stateful_step_count=80,
        suppress_health_check=[HealthCheck.too_slow]))


# ---------------------------------------------------------------- notation


NOTATION_PIECES = st.sampled_from(
    ["0", "1", "3", "10", ":", "*", " ", "commit", "COMMIT", "say", "pass", "I'll play 5",
     "²", "٣", "-1", "\t", "\n", "\u2028", "\ud800", "x" * 60])
NOTATION_LIKE = st.lists(NOTATION_PIECES | st.characters(), max_size=14).map("".join)


@given(st.text() | NOTATION_LIKE, st.sampled_from([None, 0, 2]))
@example("1:commit " + "9" * 5000, None)
@example("9" * 5000 + ":commit 1", None)
@example("0:say \ud800", None)
@settings(max_examples=400)
def test_bad_notation_raises_only_bad_notation(text: str, seat: int | None) -> None:
    with contextlib.suppress(BadNotation):
        parse_action(text, seat)


@given(st.text() | NOTATION_LIKE, st.sampled_from([None, 0, 2]))
@settings(max_examples=400)
def test_whatever_notation_reads_writes_back_to_the_same_action(text: str,
                                                                 seat: int | None) -> None:
    try:
        action = parse_action(text, seat)
    except BadNotation:
        return
    assert parse_action(str(action)) == action


@given(st.integers(0, 10), st.integers(0, 10**6))
def test_every_commit_reads_back_from_its_notation(seat: int, card: int) -> None:
    assert parse_action(str(Commit(seat, card))) == Commit(seat, card)


@given(st.integers(0, 10), st.text(min_size=1, max_size=120))
def test_every_announcement_that_verify_allows_reads_back(seat: int, text: str) -> None:
    action = Announce(seat, text)
    try:
        verify(initial_state(PRESETS["corporation-seed"], 10, 0), action)
    except IllegalAction:
        return
    assert parse_action(str(action)) == action
