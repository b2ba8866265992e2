"""Corporation's bots: legal everywhere, deterministic for a seed, each seat with a
temperament of its own, talking, sometimes lying, remembering who broke their word, and
the play they were built for (engine/families/corporation/bots/levels.py)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.core.temperament import NEUTRAL, WORDS, Temperament, draw
from engine.families.corporation.bots import levels as corporation_bots
from engine.families.corporation.bots import search as corporation_search
from engine.families.corporation.bots.reading import Position, announced_card, trust, words_kept
from engine.families.corporation.bots.search import hard_choose, round_points
from engine.families.corporation.rules.definition import Announce, Commit, CorporationRules
from engine.families.corporation.rules.machine import (
    Corporation,
    CorpState,
    Phase,
    initial_state,
    legal_actions,
    observe,
    setup,
    step,
)
from engine.players.levels import make_bot

RULES = CorporationRules()


def random_position(seed: int, players: int, rules: CorporationRules) -> tuple[CorpState, int]:
    """A position reached by random rounds, talk and commits, and a seat still to commit."""
    rng = random.Random(seed)
    state = initial_state(rules, players, seed)
    for _ in range(rng.randrange(4)):
        for seat in range(players):
            state = step(state, Commit(seat, rng.choice(state.hands[seat])))
        if state.phase is Phase.OVER:
            return random_position(seed + 1, players, rules)
    for seat in range(players):
        if rng.random() < 0.3 and rules.announcements:
            state = step(state, Announce(seat, f"I'll play {rng.choice(state.hands[seat])}"))
    me = rng.randrange(players)
    for seat in range(players):
        if seat != me and rng.random() < 0.5:
            state = step(state, Commit(seat, rng.choice(state.hands[seat])))
    return state, me


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(4, 7),
       rules=st.sampled_from([RULES, CorporationRules(top_card=8),
                              CorporationRules(announcements=0)]))
def test_normal_and_hard_choose_only_legal_actions(seed, players, rules):
    state, me = random_position(seed, players, rules)
    seen = observe(state, me)
    temperament = draw(seed, me, "normal")
    for action in (corporation_bots.normal(seen, random.Random(seed), temperament),
                   corporation_bots.easy(seen, random.Random(seed), draw(seed, me, "easy")),
                   hard_choose(seen, random.Random(seed))):
        assert action in legal_actions(state, me)
        step(state, action)


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 6))
def test_hard_announces_at_most_once_a_round(seed, players):
    state, me = random_position(seed, players, RULES)
    state = step(state, Announce(me, f"I'll play {state.hands[me][0]}"))
    assert isinstance(hard_choose(observe(state, me), random.Random(seed)), Commit)


def play(seats: list[str], seed: int) -> dict:
    session = Session()
    assert session.new_game({"game": "corporation", "seats": seats, "seed": seed})["ok"]
    while session.advance()["action"] is not None:
        pass
    return session.export_log()["log"]


def test_hard_and_normal_are_deterministic_for_a_seed():
    seats = ["hard", "normal", "hard", "normal", "easy"]
    assert play(seats, 12) == play(seats, 12)


def test_hard_talks_in_a_game_but_never_more_than_once_a_round():
    session = Session()
    session.new_game({"game": "corporation", "seats": ["hard", "hard", "normal", "normal",
                                                       "normal"], "seed": 4})
    while session.advance()["action"] is not None:
        pass
    history = session.table.state.history
    said = [a for result in history for a in result.announcements]
    assert said, "Hard never announced"
    for result in history:
        speakers = [a.seat for a in result.announcements]
        assert all(speakers.count(seat) <= 1 for seat in speakers)


def commits_over_seeds(state: CorpState, seat: int, temperament: Temperament,
                       seeds: int = 200) -> dict[int, int]:
    """How often Normal commits each card at ``seat`` over many generators (it has said
    what it will say, so it commits)."""
    counts: dict[int, int] = {}
    for seed in range(seeds):
        action = corporation_bots.normal(observe(state, seat), random.Random(seed), temperament)
        assert isinstance(action, Commit)
        counts[action.card] = counts.get(action.card, 0) + 1
    return counts


def test_normal_mostly_plays_the_value_its_fellow_members_announced():
    # Corporation 1 (A, B, C) and Corporation 2 (D, E): A and B said they will play 3,
    # C said 3 too, and A and B have always kept their word.
    corporations = [Corporation(1, (0, 1, 2)), Corporation(2, (3, 4))]
    state = setup(RULES, 5, corporations=corporations)
    for seat in (0, 1, 2):
        state = step(state, Announce(seat, "I'll play 3"))
    trusting = Temperament(trust=0.9, greed=0.0, truth=1.0)
    counts = commits_over_seeds(state, 2, trusting)
    assert counts == {3: 200}  # it keeps its word: 3 x 3 = 9 Corporate Rewards
    # Unspoken, a fellow member's word alone still draws it to 3 more than anything else.
    quiet = setup(RULES, 5, corporations=corporations)
    for seat in (0, 1):
        quiet = step(quiet, Announce(seat, "I'll play 3"))
    position = Position(observe(quiet, 2), trusting)
    assert position.best == 3
    assert max(position.policy(), key=position.policy().get) == 3


def test_hard_follows_through_with_its_corporation_when_it_pays():
    # Hard (A) is in Corporation 1 with B and C; D and E hold 5 face up, so A, B, C
    # playing 5 all score 15 Corporate Rewards and no one can spoil them.
    state = setup(RULES, 5, corporations=[Corporation(1, (0, 1, 2)), Corporation(5, (3, 4))])
    for seed in range(3):
        seen, action = state, hard_choose(observe(state, 0), random.Random(seed))
        while isinstance(action, Announce):
            seen = step(seen, action)
            action = hard_choose(observe(seen, 0), random.Random(seed))
        assert action == Commit(0, 5)


def test_hard_spoils_a_corporation_and_joins_the_next_rather_than_take_profits():
    # B, C, D (Corporation 2) all play 4 for 12 points each. Hard's 3 would score 3 Profits;
    # its 4 scores nothing now but spoils their 12 and forms a Corporation of four with them.
    state = setup(RULES, 4, corporations=[Corporation(2, (1, 2, 3))], scores=[3, 0, 0, 0])
    for seat in (1, 2, 3):
        state = step(state, Commit(seat, 4))
    for seed in range(3):
        assert hard_choose(observe(state, 0), random.Random(seed)) == Commit(0, 4)


def test_hard_counts_next_rounds_corporate_rewards():
    # After a round in which A took 4 Profits and B, C, D formed a Corporation, A is ahead
    # on points; after one in which all four formed a Corporation, no one is. The lesson
    # of docs/BOTS.md: the second is better for A, as next round's rewards will show.
    profits = setup(RULES, 4, corporations=[Corporation(1, (1, 2, 3))], scores=[4, 0, 0, 0])
    joined = setup(RULES, 4, corporations=[Corporation(1, (0, 1, 2, 3))], scores=[0, 0, 0, 0])
    assert corporation_search._utility(joined, 0) > corporation_search._utility(profits, 0)


def test_a_bot_reads_a_card_from_an_announcement():
    assert announced_card("I'll play 5", (1, 2, 5)) == 5
    assert announced_card("Join my Corporation on 3.", (1, 3)) == 3
    assert announced_card("I'll play 5", (1, 2)) is None
    assert announced_card("I'll play ²", (2,)) is None


@settings(max_examples=200)
@given(players=st.integers(4, 7), data=st.data())
def test_round_points_are_what_the_engine_scores(players, data):
    state = initial_state(RULES, players, 0)
    for _ in range(2):
        played = [data.draw(st.sampled_from(state.hands[s])) for s in range(players)]
        points = round_points(state.corporations, played)
        for seat, card in enumerate(played):
            state = step(state, Commit(seat, card))
        assert list(state.history[-1].points) == points
        if state.phase is Phase.OVER:
            break


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bots_play_corporation_by_name(level):
    state = initial_state(RULES, 5, 0)
    assert make_bot(level).choose(observe(state, 0), random.Random(0)) in (
        legal_actions(state, 0))


# ---------------------------------------------------------------- temperaments


def test_every_bot_seat_draws_its_temperament_from_the_seed_and_its_seat():
    assert draw(7, 2, "normal") == draw(7, 2, "normal")
    assert len({draw(7, seat, "normal") for seat in range(5)}) == 5
    assert draw(7, 2, "normal") != draw(8, 2, "normal")
    assert draw(7, 2, "random") is None and draw(7, 2, "greedy") is None
    for seed in range(50):
        easy, normal = draw(seed, 1, "easy"), draw(seed, 1, "normal")
        assert easy is not None and normal is not None
        assert easy.truth >= 0.85 and easy.trust >= 0.6  # Easy: naive and mostly truthful
        assert easy.word in WORDS and normal.word in WORDS


def test_a_tables_seats_show_their_temperament_and_the_human_none():
    session = Session()
    view = session.new_game({"game": "corporation", "seed": 3,
                             "seats": ["human", "easy", "normal", "hard", "greedy"]})["view"]
    words = [player["temperament"] for player in view["players"]]
    assert words[0] is None and words[4] is None
    assert all(word in WORDS for word in words[1:4])
    table = session.table
    assert table is not None
    assert table.temperaments == [None, draw(3, 1, "easy"), draw(3, 2, "normal"),
                                  draw(3, 3, "hard"), None]


def test_a_shared_deal_seats_the_same_temperaments_and_the_bots_talk_and_commit_alike():
    def played(session: Session, moves: int = 40) -> list[str]:
        """The first moves of the game, the human committing its highest card."""
        while len(session.table.record.actions) < moves:  # type: ignore[union-attr]
            if session.advance()["action"] is None:
                view = session.view()["view"]
                if view["outcome"]:
                    break
                commits = [m for m in view["legal"] if m["kind"] == "commit"]
                assert session.act(commits[-1]["act"])["ok"]
        return [str(a) for a in session.table.record.actions]  # type: ignore[union-attr]

    first = Session()
    first.new_game({"game": "corporation", "seed": 11,
                    "seats": ["human", "normal", "normal", "easy", "hard"],
                    "hard_budget": 0.1})
    link = first.links(False)["deal"]
    friend = Session()
    config = friend.read_link(link)["config"]
    assert friend.new_game(config)["ok"]
    words = [[p["temperament"] for p in session.view()["view"]["players"]]
             for session in (first, friend)]
    assert words[0] == words[1] and words[0][0] is None
    assert played(first) == played(friend)


# ---------------------------------------------------------------- thinking apart


def test_two_normals_in_the_same_position_often_choose_differently():
    # Two Normal seats of different temperaments and generators, asked in the same
    # positions (a round open, each seat free to choose), disagree in a measurable share.
    differ = 0
    positions = 200
    for seed in range(positions):
        state, me = random_position(seed, 5, RULES)
        seen = observe(state, me)
        first = corporation_bots.normal(seen, random.Random(seed), draw(seed, 1, "normal"))
        second = corporation_bots.normal(seen, random.Random(seed + 10**6), draw(seed, 2, "normal"))
        differ += first != second
    assert differ / positions >= 0.25


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(4, 7), level=st.sampled_from(
    ["normal", "easy"]))
def test_a_bot_whose_position_leaves_it_a_choice_does_not_always_make_the_same(seed, players,
                                                                               level):
    # Wherever Normal's policy gives two cards a fair chance, its generators draw both; Easy's
    # careless commits make any card possible.
    state, me = random_position(seed, players, RULES)
    temperament = draw(seed, me, level)
    assert temperament is not None
    choose = corporation_bots.normal if level == "normal" else corporation_bots.easy
    for said in range(2):  # a bot that talks first, commits after (it talks once a round)
        talk = choose(observe(state, me), random.Random(said), temperament)
        if isinstance(talk, Announce):
            state = step(state, talk)
    seen = observe(state, me)
    # A chance of 5% or more for a second card: 200 draws miss it once in 30,000 tests.
    chances = sorted(Position(seen, temperament).policy().values(), reverse=True)
    if level == "normal" and (len(chances) < 2 or chances[1] < 0.05):
        return
    commits = {choose(seen, random.Random(draw_seed), temperament) for draw_seed in range(200)}
    assert len({a for a in commits if isinstance(a, Commit)}) >= 2


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(4, 8),
       trust_=st.floats(0, 1), greed=st.floats(0, 1), truth=st.floats(0, 1))
def test_normals_policy_is_a_mixed_strategy_over_the_cards_it_holds(seed, players, trust_,
                                                                    greed, truth):
    state, me = random_position(seed, players, RULES)
    policy = Position(observe(state, me), Temperament(trust_, greed, truth)).policy()
    assert set(policy) <= set(state.hands[me])
    assert all(0.0 <= chance <= 1.0 for chance in policy.values())
    assert abs(sum(policy.values()) - 1.0) < 1e-9


def test_no_level_is_exactly_predictable():
    # The opening round at a table of five: each level's commit, over many generators.
    state = initial_state(RULES, 5, 0)
    seen = observe(state, 0)
    for choose, level in ((corporation_bots.normal, "normal"), (corporation_bots.easy, "easy")):
        cards = set()
        for seed in range(100):
            action = choose(seen, random.Random(seed), draw(seed, 0, level))
            if isinstance(action, Commit):
                cards.add(action.card)
        assert len(cards) >= 2, level


# ---------------------------------------------------------------- talk, lies, betrayal


def test_a_lie_is_refused_nowhere_a_sly_normal_breaks_its_word():
    # A sly Normal said it will play 5; it commits another card as often as its
    # truthfulness says, and the engine takes the commit like any other.
    state = step(initial_state(RULES, 5, 0), Announce(0, "I'll play 5"))
    sly = Temperament(trust=0.5, greed=0.5, truth=0.0)
    counts = commits_over_seeds(state, 0, sly, seeds=50)
    assert 5 not in counts
    lie = Commit(0, min(counts))
    assert lie in legal_actions(state, 0)
    assert step(state, lie).commits[0] == lie.card
    honest = Temperament(trust=0.5, greed=0.5, truth=1.0)
    assert commits_over_seeds(state, 0, honest, seeds=50) == {5: 50}


def test_normal_tells_its_fellow_members_what_it_will_play():
    state = setup(RULES, 5, corporations=[Corporation(1, (0, 1, 2))])
    action = corporation_bots.normal(observe(state, 0), random.Random(0), NEUTRAL)
    assert isinstance(action, Announce)
    assert announced_card(action.text, state.hands[0]) is not None


def test_easy_says_what_it_means_to_play_and_nearly_always_does():
    state = setup(RULES, 5, corporations=[Corporation(1, (0, 1))])
    easy = Temperament(trust=0.9, greed=0.2, truth=0.95)
    said = corporation_bots.easy(observe(state, 0), random.Random(0), easy)  # no careless move
    assert said == Announce(0, "I'll play 5")
    state = step(state, said)
    kept = sum(corporation_bots.easy(observe(state, 0), random.Random(seed), easy) == Commit(0, 5)
               for seed in range(200))
    assert kept >= 150  # one move in five is careless; the rest keep the word but rarely


def betrayal(betrayed: bool) -> CorpState:
    """Round 1: B said "I'll play 3"; A played 3 with it, and B played 3 (kept) or 2."""
    state = initial_state(RULES, 4, 0)
    state = step(state, Announce(1, "I'll play 3"))
    for seat, card in enumerate((3, 2 if betrayed else 3, 4, 1)):
        state = step(state, Commit(seat, card))
    return state


def test_a_bot_betrayed_trusts_that_seat_less_and_a_kept_word_more():
    kept, broken = betrayal(False), betrayal(True)
    assert words_kept(RULES, 4, broken.history[0]) == (None, 3, None, None)
    prior = 0.6
    to_a = trust(RULES, 4, broken.history, 0, prior)  # A played 3 on B's word: betrayed
    to_c = trust(RULES, 4, broken.history, 2, prior)  # C played 4: B broke a word, not to it
    assert to_a[1] < to_c[1] < prior < trust(RULES, 4, kept.history, 0, prior)[1]
    # The next round B says 4 again: A believes it less than after a kept word.
    for state in (kept, broken):
        state = step(state, Announce(1, "I'll play 4"))
    believed = {
        name: Position(observe(step(state, Announce(1, "I'll play 4")), 0),
                       NEUTRAL).believed[1][4]
        for name, state in (("kept", kept), ("broken", broken))}
    assert believed["broken"] < believed["kept"]


def normal_game(seed: int) -> CorpState:
    table = Session()
    assert table.new_game({"game": "corporation", "seats": ["normal"] * 5, "seed": seed})["ok"]
    while table.advance()["action"] is not None:
        pass
    assert table.table is not None
    state = table.table.state
    assert isinstance(state, CorpState)
    return state


def test_normals_talk_and_sometimes_break_their_word_in_a_game():
    states = [normal_game(seed) for seed in range(3)]
    results = [result for state in states for result in state.history]
    words = [(result.played[seat], word) for result in results
             for seat, word in enumerate(words_kept(RULES, 5, result)) if word is not None]
    assert words, "no Normal ever announced"
    kept = sum(played == word for played, word in words)
    assert 0 < kept < len(words)  # words kept, and words broken
    assert any(len(set(result.played)) > 1 for result in results)


# ---------------------------------------------------------------- the target


def test_the_target_is_two_n_squared_by_default_and_an_option_ends_the_game_sooner():
    assert CorporationRules().target(5) == 50 and CorporationRules().target(4) == 32
    short = CorporationRules(target_score=6)
    assert short.target(5) == 6
    state = initial_state(short, 5, 0)
    for seat, card in enumerate((5, 1, 2, 3, 3)):  # A scores 5 Profits: not yet 6
        state = step(state, Commit(seat, card))
    assert state.phase is Phase.COMMIT
    for seat, card in enumerate((4, 1, 2, 5, 5)):  # A scores 4 more: 9, the game is over
        state = step(state, Commit(seat, card))
    assert state.phase is Phase.OVER
    same = initial_state(RULES, 5, 0)
    for round_cards in ((5, 1, 2, 3, 3), (4, 1, 2, 5, 5)):
        for seat, card in enumerate(round_cards):
            same = step(same, Commit(seat, card))
    assert same.phase is Phase.COMMIT  # 2n² = 50 is far away
