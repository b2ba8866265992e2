"""Hard thinks with a share of its game's budget (a slower device gives it less), and a
game records that share, so its bots choose alike when it is reloaded, replayed or dealt
again from a link."""

import random

import pytest
from test_playout import positions

from engine.api import Session
from engine.catalogue import GAMES, make_rules, observe, setup
from engine.cli.main import main as command_line
from engine.config import GameConfig
from engine.core.actions import Pass
from engine.core.cards import parse_cards
from engine.families.climbing.bots import levels as climbing_bots
from engine.families.climbing.bots.learned import learned_policy
from engine.families.climbing.bots.search import candidates, fewest_cards
from engine.families.climbing.rules.state import Phase
from engine.families.corporation.bots.search import effort
from engine.play import turns
from engine.play.table import Table
from engine.players.levels import HardBot, hard_settings

HARD_TABLE = {"game": "tycoon", "seed": 3, "seats": ["human", "hard", "hard", "hard"],
              "options": {"rounds": 1}}


def test_hard_searches_with_its_share_of_the_games_budget(monkeypatch):
    budgets = []

    def search(observation, rng, budget, model, most, first, ranker):
        budgets.append(budget)
        return observation.legal[0], {}

    monkeypatch.setattr(climbing_bots, "search", search)
    table = Table.create(GameConfig.read({**HARD_TABLE, "hard_budget": 0.25}))
    while not budgets and turns.advance(table) is not None:
        pass
    assert budgets == [GAMES["tycoon"].hard_budget // 4]


def test_with_a_small_share_hard_compares_fewer_candidates_in_more_worlds():
    """At a slow phone's share Hard compares 3 candidates (each in more worlds) where with
    its whole budget it compares 8, in every climbing game; where the budget is small (a
    share of the engine's moves) it keeps a floor of its own."""
    for name in ("tycoon", "president", "matchstick"):
        settings = hard_settings(GAMES[name])
        assert [climbing_bots.search_size(settings, share)[1]
                for share in (1.0, 0.25, 0.1, 0.06, 0.05)] == [8, 8, 6, 4, 3], name
    tycoon = hard_settings(GAMES["tycoon"])
    assert [climbing_bots.search_size(tycoon, share, through_engine=True)[1]
            for share in (1.0, 0.5, 0.05)] == [8, 8, 2]


def test_with_a_small_share_the_learned_policy_picks_the_candidates_after_the_first(
        monkeypatch):
    """With 3 candidates (a slow phone's share) Hard compares the finish or Normal's
    favourite, the learned policy's favourite of the other moves, and a pass; where it
    leads, the policy's next favourite in the pass's place. With its whole budget the
    model ranks them all."""
    compared = []

    def search(observation, rng, budget, model, most, first, ranker):
        compared.append((most, first, ranker, model))
        return observation.legal[0], {}

    monkeypatch.setattr(climbing_bots, "search", search)
    rules = make_rules("tycoon", None, {"rounds": 1})
    settings = hard_settings(GAMES["tycoon"])
    learned = learned_policy(rules)
    assert learned is not None
    seen = {"lead": 0, "answer": 0}
    for seed in range(6):
        for state in positions(rules, 4, seed, 1):
            observation = observe(state, state.actor)
            legal = list(observation.legal)
            if state.phase is not Phase.PLAY or len(legal) <= 3:
                continue
            climbing_bots.hard(observation, random.Random(seed), settings, 0.05)
            most, first, ranker, model = compared[-1]
            assert most == 3 and ranker.digest == learned.digest
            table = (rules, observation.hand, observation.revolution, observation.top,
                     fewest_cards(observation.hand_sizes, observation.seat))
            head = first if first is not None else model.policy(*table, legal)
            second = learned(*table, [a for a in legal if a != head])
            if Pass(observation.seat) in legal:
                seen["answer"] += 1
                expected = [head, second, *{Pass(observation.seat)} - {head, second}]
            else:
                seen["lead"] += 1
                expected = [head, second,
                            learned(*table, [a for a in legal if a not in (head, second)])]
            assert candidates(observation, most, model.policy, first, ranker) == expected
            climbing_bots.hard(observation, random.Random(seed), settings, 1.0)
            assert compared[-1][0] == 8 and compared[-1][2] is None
    assert min(seen.values()) >= 5, seen


def test_rules_played_out_through_the_engine_get_the_engines_budget():
    """Tycoon's house rules are played out through the engine, whose moves cost more:
    Hard simulates at most ``ENGINE_MOVES`` of them (every game's budget in counts is
    more)."""
    for name in ("tycoon", "president", "matchstick"):
        settings = hard_settings(GAMES[name])
        assert climbing_bots.search_size(settings, 1.0, through_engine=True) == (
            climbing_bots.ENGINE_MOVES, 8)
        assert settings.budget > climbing_bots.ENGINE_MOVES
    tycoon = hard_settings(GAMES["tycoon"])
    seen = []
    observation = observe(setup(make_rules("tycoon", options={"lock": True}),
                                [parse_cards("3c 5d 9h"), parse_cards("4c"),
                                 parse_cards("6s")], 0), 0)

    def search(observation, rng, budget, model, most, first, ranker):
        seen.append(budget)
        return observation.legal[0], {}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(climbing_bots, "search", search)
        climbing_bots.hard(observation, random.Random(0), tycoon, 0.5)
    assert seen == [climbing_bots.ENGINE_MOVES // 2]


def test_corporations_hard_weighs_fewer_worlds_with_less():
    assert effort(5, 5, 0.25)[0] < effort(5, 5)[0]


def test_a_game_records_the_share_and_a_reload_keeps_it():
    session = Session()
    assert session.new_game({**HARD_TABLE, "hard_budget": 0.5})["ok"]
    log = session.export_log()["log"]
    assert log["hard_budget"] == 0.5
    reloaded = Session()
    assert reloaded.load_log(log)["ok"]
    assert reloaded.table.shares.first == 0.5
    assert reloaded.table.bots[1].share == 0.5  # type: ignore[union-attr]


def test_a_shared_deal_carries_the_share_so_its_bots_choose_alike():
    session = Session()
    assert session.new_game({**HARD_TABLE, "hard_budget": 0.25})["ok"]
    link = session.links()["deal"]
    assert "hard=25" in link
    opened = Session().read_link(link)
    assert opened["config"]["hard_budget"] == 0.25
    assert Session().read_link(link.replace("hard=25", "hard=300"))["notices"] == [
        "hard=300 was ignored: it is a percent from 5 to 100, then any changes as "
        ",moves:percent; Hard thinks in full"]


@pytest.mark.parametrize("share", [0, 0.01, 2, "half", True, None])
def test_a_share_out_of_range_is_refused_by_name(share):
    answer = Session().new_game({**HARD_TABLE, "hard_budget": share})
    assert answer["error"]["type"] == "BadOptions"
    assert answer["error"]["message"].startswith("hard_budget is the share of Hard's thinking")


def test_the_full_budget_decides_as_before():
    table = Table.create(GameConfig.read({**HARD_TABLE, "hard_budget": 1}))
    state = table.state
    seat = state.actor
    observation = observe(state, seat)
    rng_a, rng_b = random.Random(9), random.Random(9)
    assert HardBot().choose(observation, rng_a) == HardBot(1.0).choose(observation, rng_b)


def test_the_arena_measures_hard_at_a_share(capsys):
    assert command_line(["arena", "corporation", "--seats", "hard,normal,normal,normal",
                         "--deals", "1", "--hard-budget", "0.25"]) == 0
    assert "hard" in capsys.readouterr().out
