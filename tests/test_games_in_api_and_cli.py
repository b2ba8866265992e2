"""President, Matchstick Tycoon and Corporation through the JSON API and the terminal."""

import io
import json

import pytest

from engine.api import Session
from engine.catalogue import GAMES, chance_action, step
from engine.cli.main import main
from engine.cli.terminal import CorporationTerminal, TerminalGame
from engine.core.actions import Play
from engine.core.words import plural
from engine.families.climbing.rules.state import Phase, Transfer
from engine.log import GameRecord
from engine.play.table import Table
from engine.play.view import public_step


def new_session(game, seats, seed=3, **options):
    session = Session()
    created = session.new_game({"game": game, "seats": seats, "seed": seed, "options": options})
    assert created["ok"], created
    return session


def play_out(session, choose):
    """Advance bots and let ``choose(view)`` move for the human until the game ends."""
    for _ in range(5000):
        step = session.advance()
        assert step["ok"]
        view = step["view"]
        if view["phase"] == "over":
            return view
        if step["action"] is None:
            result = session.act(choose(view))
            assert result["ok"], result
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "players"), [("president", 5), ("matchstick", 4),
                                               ("corporation", 5)])
def test_a_human_plays_every_game_to_the_end_through_the_api(game, players):
    session = new_session(game, ["human"] + ["greedy"] * (players - 1))
    view = play_out(session, lambda v: v["legal"][0]["act"])
    assert view["outcome"]["winners"]
    json.dumps(session.export_log())
    reloaded = Session()
    assert reloaded.load_log(session.export_log()["log"])["ok"]
    assert reloaded.table.state == session.table.state


def test_corporation_bots_talk_before_and_commit_after_the_human_seeing_never_what():
    """The bots keep their commits until the human has committed, so the human's talk
    reaches them; before that they only talk. Their commits then show, never the card."""
    session = new_session("corporation", ["human", "greedy", "greedy", "random"], seed=5)
    while (step := session.advance())["action"] is not None:
        assert step["kind"] == "announce"
    view = session.view()["view"]
    assert view["your_turn"] and [p["committed"] for p in view["players"]] == [False] * 4
    assert all(set(p) == {"seat", "name", "kind", "score", "committed", "face_up", "to_go",
                          "points_text", "to_go_text", "status", "temperament"}
               for p in view["players"])
    assert [p["to_go"] for p in view["players"]] == [view["target"]] * 4
    assert [p["status"] for p in view["players"]] == ["choosing"] * 4
    assert session.act("commit 2")["ok"]
    commits = []
    for seat in (1, 2, 3):
        while (step := session.advance())["kind"] == "announce":
            pass  # the random bot may still talk (no one is left to hear it)
        assert step["seat"] == seat and "face down" in step["text"], step
        commits.append(step)
        if seat < 3:
            assert "a card" in step["text"] and step["action"] == f"{seat}:commit"
            players = session.view()["view"]["players"]
            assert [p["committed"] for p in players] == [True] * (seat + 1) + [False] * (3 - seat)
            assert [p["status"] for p in players] == (["card down"] * (seat + 1)
                                                      + ["choosing"] * (3 - seat))
    assert "Revealed: You 2" in commits[-1]["text"]


def test_a_bot_still_to_commit_hears_what_the_human_says():
    """In round 1 the human and the Normal bot form Corporation 4; in round 2 the human says
    "I'll play 1", and the Normal bot, which commits after the human, hears it: it plays 1
    far more often than when the human says nothing (the same deals, reloaded)."""
    followed = {None: 0, "I'll play 1": 0}
    tables = 0
    for seed in range(40):
        session = new_session("corporation", ["human", "normal", "greedy", "greedy"],
                              seed=seed)
        while session.advance()["action"] is not None:
            pass
        assert session.act("commit 4")["ok"]
        while session.advance()["action"] is not None:
            pass
        first = session.table.state.history[0]
        if first.played[1] != 4:
            continue  # not in the human's Corporation
        tables += 1
        log = session.export_log()["log"]
        for said in followed:
            again = Session()
            assert again.load_log(log)["ok"]
            if said:
                assert again.act(f"say {said}")["ok"]
            assert again.act("commit 1")["ok"]
            while again.advance()["action"] is not None:
                pass
            followed[said] += again.table.state.history[1].played[1] == 1
    assert tables >= 5
    # A 1 scores little (1 x 2 Corporate Rewards), so a Normal that believes the human
    # plays 1 still often prefers Profits; unasked, it never plays 1 here.
    assert followed["I'll play 1"] >= tables / 4 > followed[None]


def test_corporation_announcements_are_public_and_precede_the_commit():
    session = new_session("corporation", ["human"] * 4, seed=1)
    said = session.act("say Join my Corporation on 3", seat=0)
    assert said["ok"] and said["text"] == 'Player 1 says "Join my Corporation on 3"'
    for seat in range(4):
        view = session.view(seat)["view"]
        assert view["announcements"] == [{"seat": 0, "text": "Join my Corporation on 3"}]
    assert session.act("commit 3", seat=0)["ok"]
    late = session.act("say too late", seat=0)
    assert not late["ok"] and "before committing" in late["error"]["message"]


def test_matchstick_views_show_every_seats_matchsticks_and_the_cards_of_each_move():
    session = new_session("matchstick", ["human", "greedy", "greedy"], seed=2)
    view = session.view()["view"]
    assert [p["sticks"] for p in view["players"]] == [1, 1, 1]
    for move in view["legal"]:
        assert move["cards"] or move["act"] in ("pass", "discard")


def scripted(session, answers_for):
    """A reader that answers with ``answers_for(view, prompt)``; records the prompts."""
    out = io.StringIO()

    def read(prompt):
        out.write(prompt)
        answer = answers_for(session.view()["view"], prompt)
        out.write(answer + "\n")
        return answer

    return read, out


def test_the_terminal_asks_which_value_matchstick_cards_act_as_with_the_cost():
    session = new_session("matchstick", ["human", "greedy", "greedy"], seed=2, rounds=1)
    asked = []

    def answers(view, prompt):
        if prompt.startswith("Which one"):
            asked.append(prompt)
            return "1"
        hand = view["hand"]
        # a card that fits into several values: choose it by its number
        for i, face in enumerate(hand, 1):
            choices = [m for m in view["legal"] if m["cards"] == [face["id"]]]
            if len(choices) > 1:
                return str(i)
        return view["legal"][-1]["act"]

    read, out = scripted(session, answers)
    assert TerminalGame(session, read, out).run() == 0
    text = out.getvalue()
    assert asked and "matchstick" in text and "Game over." in text


def test_the_terminal_plays_corporation_with_table_talk_to_the_end():
    session = new_session("corporation", ["human", "greedy", "random", "greedy"], seed=4)
    talked = []

    def answers(view, prompt):
        if not talked:
            talked.append(True)
            return "say I'll play 1"
        return view["hand"][0]["id"]

    read, out = scripted(session, answers)
    assert CorporationTerminal(session, read, out).run() == 0
    text = out.getvalue()
    assert 'You say "I\'ll play 1"' in text and "Revealed:" in text and "Game over." in text


@pytest.mark.parametrize("game", ["president", "matchstick", "corporation"])
def test_simulate_runs_every_game(game, capsys):
    assert main(["simulate", game, "--games", "3", "--seed", "2"]) == 0
    assert "mean place" in capsys.readouterr().out


def test_the_arena_rotates_seats_over_seeded_deals_and_reports_places(capsys):
    from engine.cli.arena import run_arena

    result = run_arena("tycoon", ["greedy", "random", "random", "random"], deals=3, seed=1,
                       options={"rounds": 1})
    assert result.games == 12
    greedy, random_bot = result.bots
    assert greedy.seats == 1 and random_bot.seats == 3
    # mean places over all seats are 1..4 on average: (1 x greedy + 3 x random) / 4 = 2.5
    assert abs((greedy.mean_place + 3 * random_bot.mean_place) / 4 - 2.5) < 1e-9
    assert abs(greedy.win_share + random_bot.win_share - 1) < 1e-9
    assert run_arena("tycoon", ["greedy", "random", "random", "random"], deals=3, seed=1,
                     options={"rounds": 1}) == result
    # Deals played on several processes give the same result.
    assert run_arena("tycoon", ["greedy", "random", "random", "random"], deals=3, seed=1,
                     options={"rounds": 1}, jobs=2) == result
    assert main(["arena", "matchstick", "--seats", "greedy,random", "--deals", "2"]) == 0
    assert "paired win share of greedy" in capsys.readouterr().out


def test_every_preset_has_a_name_for_the_lobby():
    games = Session().games()["games"]
    for name, game in GAMES.items():
        assert set(game.preset_titles) == set(game.presets)
        for preset, entry in games[name]["presets"].items():
            assert entry["title"] == game.preset_titles[preset]
            assert entry["options"] == game.presets[preset].options()


def test_a_presets_name_says_what_it_is_and_a_card_games_its_order():
    """ "As the rule text" means nothing to a newcomer: each preset is named for what it
    is, and every preset of a card game says its order (the first, standard, one its
    order alone)."""
    for game in GAMES.values():
        for preset, title in game.preset_titles.items():
            assert "as the rule text" not in title.lower(), (preset, title)
            if game.family.name == "climbing":
                low, *_, high = [rank for rank in game.presets[preset].strength_order(False)
                                 if rank != "Joker"]
                assert f"({low} low, {'Ace' if high == 'A' else high} high)" in title, title
    assert GAMES["tycoon"].preset_titles["tycoon-seed"] == "Standard (2 low, Ace high)"
    assert GAMES["president"].preset_titles["president-bga"] == "Standard (3 low, 2 high)"
    assert GAMES["matchstick"].preset_titles["matchstick"] == "Standard (0 low, F high)"


def test_a_corporation_view_holds_back_the_face_up_card_with_the_engines_reason():
    session = new_session("corporation", ["human", "greedy", "greedy", "greedy"], seed=0)
    while session.advance()["action"] is not None:
        pass
    assert session.view()["view"]["held_back"] == []
    assert session.act("commit 4")["ok"]
    while session.advance()["action"] is not None:
        pass
    view = session.view()["view"]
    reason = session.check_cards(["4"])["error"]["message"]
    assert view["held_back"] == [{"id": "4", "rank": "4", "suit": "", "color": "plain",
                                  "name": "4", "reason": reason}]
    assert "4" not in [card["id"] for card in view["hand"]]
    assert view["table"] == "reveal"
    assert [[r["points"] for r in entry["results"]] for entry in view["rounds_played"]] == [
        list(view["last_round"]["points"])]


def test_a_revealed_round_is_the_news_until_anyone_acts_in_the_next():
    # Greedy bots never talk, so no one acts until the human does.
    session = new_session("corporation", ["human", "greedy", "greedy", "greedy"], seed=0)
    while session.advance()["action"] is not None:
        pass
    assert session.act("commit 4")["ok"]
    while session.advance()["action"] is not None:
        pass
    assert session.view()["view"]["last_round"]["round"] == 1
    assert session.act("say I'll play 1")["ok"]
    assert session.view()["view"]["last_round"] is None
    assert len(session.view()["view"]["rounds_played"]) == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_a_corporation_game_reloaded_at_any_step_goes_on_exactly_as_it_would_have(seed):
    """A bot's choice depends only on the position, so a game reloaded while the bots talk
    or commit one by one (their held choices forgotten) goes on the same way."""
    def play(reload_at):
        session = new_session("corporation", ["human", "normal", "random", "greedy", "random"],
                              seed=seed)
        for step_number in range(60):
            if step_number == reload_at:
                log = session.export_log()["log"]
                session = Session()
                assert session.load_log(log)["ok"]
            view = session.view()["view"]
            if view["outcome"]:
                break
            if session.advance()["action"] is None:
                talk = [m for m in view["legal"] if m["kind"] == "announce"]
                commits = [m for m in view["legal"] if m["kind"] == "commit"]
                session.act((talk or commits)[0]["act"] if step_number % 3 == 0
                            else commits[-1]["act"])
        return session.export_log()["log"]["actions"]

    uninterrupted = play(reload_at=-1)
    for reload_at in (3, 7, 12, 20):
        assert play(reload_at) == uninterrupted, reload_at



def test_a_climbing_view_names_each_seat_in_words_with_the_bot_to_act_thinking():
    """The seats' words come from the engine, with their grammar: "1 point", "13 cards",
    and "thinking…" on the bot whose turn it is (never on a person's seat)."""
    session = new_session("tycoon", ["human", "greedy", "greedy", "greedy"], seed=3)
    while not (view := session.view()["view"])["to_act"] or view["your_turn"]:
        session.act(view["legal"][0]["act"]) if view["your_turn"] else session.advance()
    actor = view["to_act"]
    assert view["players"][actor]["status"] == "thinking…"
    assert all(p["status"] != "thinking…" for p in view["players"] if p["seat"] != actor)
    for player in view["players"]:
        assert player["cards_text"] == (f"{player['cards']} card" + (
            "" if player["cards"] == 1 else "s") if player["cards"] else "no cards")
        assert player["points_text"] == f"{player['score']} point" + (
            "" if player["score"] == 1 else "s")
    assert view["round_text"] == "Round 1 of 5"


def test_a_corporation_view_heads_its_round_with_the_target():
    view = new_session("corporation", ["human", "greedy", "greedy", "greedy"]).view()["view"]
    assert view["round_text"] == f"Round 1 · target {view['target']} points"
    assert view["players"][0]["to_go_text"] == f"{view['target']} to go"


def test_a_step_says_where_its_cards_went_and_who_won_the_trick_it_ended():
    """The step a front end shows moving: a give names the seat given to, and the step
    that ends a trick (a play that wins at once, or the last pass) names its winner, in
    the narration too."""
    session = new_session("tycoon", ["human", "greedy", "greedy", "greedy"], seed=3,
                          rounds=2)
    swept = gave = 0
    for _ in range(400):
        view = session.view()["view"]
        if view["outcome"] is not None:
            break
        before = session.table.state
        step = session.advance()
        if step["action"] is None:
            step = session.act(view["legal"][0]["act"])
        if step.get("kind") == "give":
            assert step["to"] == next(o.receiver for o in before.owed
                                      if o.giver == step["seat"])
            gave += 1
        after = session.table.state
        ended = bool(before.trick) and not after.trick and after.round_no == before.round_no
        if ended:
            winner = step["seat"] if step["kind"] == "play" else before.trick[-1].seat
            assert step["trick_to"] == winner, step
            assert step["text"].endswith(" the trick"), step["text"]
            swept += 1
        else:
            assert "trick_to" not in step or step["kind"] == "play", step
    assert swept > 5 and gave > 0


def round_results_of(game, seed, rounds=3, wanted=lambda last: True):
    """The human's view at the first round's end whose results are ``wanted``."""
    session = new_session(game, ["human", "greedy", "greedy", "greedy"], seed=seed,
                          rounds=rounds)
    for _ in range(3000):
        view = session.view()["view"]
        if view["last_round"] is not None and wanted(view["last_round"]):
            return view
        if view["outcome"] is not None:
            return None
        if session.advance()["action"] is None:
            session.act(view["legal"][0]["act"])
    return None


def test_round_results_tell_places_points_totals_and_the_exchange_in_words():
    view = round_results_of("tycoon", 4)
    last = view["last_round"]
    assert [entry["place_text"] for entry in last["results"]] == ["1st", "2nd", "3rd", "4th"]
    for entry in last["results"]:
        assert entry["points_text"] == ("+" if entry["points"] > 0 else "") + plural(
            entry["points"], "point")
        assert entry["total_text"] == plural(entry["total"], "point")
        assert entry["total"] == view["players"][entry["seat"]]["score"]
    names = [entry["name"] for entry in last["results"]]
    # The Beggar hands the Tycoon their 2 best cards; the Tycoon gives 2 back.
    first, last_place = names[0], names[-1]
    you = "you" if first == "You" else first
    assert last["next"][0].startswith(f"{last_place} hand")
    assert f" {you} " in last["next"][0] and "2 best cards" in last["next"][0]
    assert last["next"][0].endswith("back 2 cards of " + (
        "your" if first == "You" else "their") + " choice.")
    assert "You give" not in " ".join(last["next"])  # "and you give", never "and You"


def test_a_bankruptcy_is_told_among_the_round_s_changes():
    for seed in range(40):
        view = round_results_of("tycoon", seed, rounds=4,
                                wanted=lambda last: bool(last["changes"]))
        if view is None:
            continue
        changes = " ".join(view["last_round"]["changes"])
        if "bankrupt" in changes:
            bankrupt = next(p for p in view["players"] if p["bankrupt"])
            assert f"{bankrupt['name']} went bankrupt and finish" in changes
            assert view["last_round"]["results"][-1]["seat"] == bankrupt["seat"]
            return
    raise AssertionError("no bankruptcy in 40 seeded games")


def test_cards_received_in_the_exchange_are_marked_until_the_player_plays():
    """Round 2: a human placed first or last in round 1 is handed cards in the exchange;
    the view marks them until the human's first play. The hand sorted by suit holds
    the same cards, clubs first, each suit weakest first."""
    for seed in range(30):
        session = new_session("tycoon", ["human", "greedy", "greedy", "greedy"], seed=seed,
                              rounds=2)
        while not ((view := session.view()["view"])["round"] == 2
                   and view["phase"] in ("give", "play") and view["your_turn"]):
            if session.advance()["action"] is None:
                session.act(view["legal"][0]["act"])
        events = session.table.state.events
        handed = [str(card) for event in events if getattr(event, "receiver", None) == 0
                  for card in event.cards]
        if not handed:
            continue
        received = [card["id"] for card in view["hand"] if card.get("received")]
        assert sorted(received) == sorted(card for card in handed
                                          if card in [c["id"] for c in view["hand"]])
        order = view["suit_order"]
        assert sorted(order) == sorted(card["id"] for card in view["hand"])
        suits = [card_id[-1] for card_id in order if card_id != "X"]
        assert suits == sorted(suits, key="cdhs".index)
        while not any(isinstance(event, Play) and event.seat == 0
                      for event in session.table.state.events):
            view = session.view()["view"]
            if session.advance()["action"] is None:
                plays = [move for move in view["legal"] if move["kind"] == "play"]
                session.act((plays or view["legal"])[0]["act"])
        assert not any(card.get("received") for card in session.view()["view"]["hand"])
        return
    raise AssertionError("the human was handed no cards in 30 games")


def ids(cards):
    return [str(card) for card in cards]


def test_the_hand_as_dealt_is_the_deals_order_less_the_cards_played():
    """Each seat's view gives its own hand as it was dealt; a played card leaves it."""
    session = new_session("tycoon", ["human", "greedy", "greedy", "greedy"], seed=3)
    deal = session.table.record.actions[0]
    for seat in range(4):
        view = session.view(seat)["view"]
        assert view["dealt_order"] == ids(deal.hands[seat])
    dealt = ids(deal.hands[0])
    while not any(isinstance(event, Play) and event.seat == 0
                  for event in session.table.state.events):
        if session.advance()["action"] is None:
            view = session.view()["view"]
            session.act(next(move for move in view["legal"] if move["kind"] == "play")["act"])
    for event in session.table.state.events:
        if isinstance(event, Play) and event.seat == 0:
            for card in ids(event.cards):
                dealt.remove(card)
    view = session.view()["view"]
    assert view["dealt_order"] == dealt
    assert sorted(dealt) == sorted(card["id"] for card in view["hand"])


def test_cards_handed_over_in_the_exchange_come_last_in_the_hand_as_dealt():
    """Round 2: what the seat was handed comes after what it was dealt; what it handed
    over is gone."""
    session = new_session("tycoon", ["human", "greedy", "greedy", "greedy"], seed=3, rounds=2)
    checked = set()
    while (state := session.table.state).phase is not Phase.OVER:
        if state.round_no == 2 and state.phase is Phase.PLAY:
            for seat in range(4):
                came = list(state.dealt[seat])
                handed = []
                for event in state.events:
                    if isinstance(event, Transfer) and event.giver == seat:
                        for card in event.cards:
                            came.remove(card)
                    elif isinstance(event, Transfer) and event.receiver == seat:
                        handed += event.cards
                if handed:
                    checked.add(seat)
                    assert session.view(seat)["view"]["dealt_order"] == ids(came + handed)
            break
        if session.advance()["action"] is None:
            session.act(session.view()["view"]["legal"][0]["act"])
    assert checked == {0, 1, 2, 3}  # best cards one way, cards of choice back


def test_corporation_hands_are_not_dealt_so_its_views_give_no_order_to_sort_them_in():
    view = new_session("corporation", ["human"] + ["greedy"] * 4).view()["view"]
    assert "dealt_order" not in view and "suit_order" not in view


def test_the_next_deal_says_what_its_exchange_forced_showing_cards_to_the_two_seats_only():
    """The step of round 2's deal lists the forced transfers (the Beggar's 2 best cards
    to the Tycoon, the Poor Man's best to the Rich Man) for every seat, with the cards
    only for the giver and the receiver."""
    session = new_session("tycoon", ["greedy"] * 4, seed=3, rounds=2)
    while session.table.state.phase is not Phase.DEAL:
        session.advance()
    before = session.table.state
    places = before.last_places
    deal = chance_action(before)
    after = step(before, deal)
    handed = {(event.giver, event.receiver): event.cards for event in after.events}
    for viewer in range(4):
        kinds = ["greedy"] * 4
        kinds[viewer] = "human"
        table = Table(GameRecord(before.rules, 4, before.seed, (deal,)), after, kinds)
        transfers = public_step(table, deal, before)["transfers"]
        assert [(t["from"], t["to"], t["count"]) for t in transfers] == [
            (places[3], places[0], 2), (places[2], places[1], 1)]
        for transfer in transfers:
            involved = viewer in (transfer["from"], transfer["to"])
            cards = handed[transfer["from"], transfer["to"]]
            assert [card["id"] for card in transfer["cards"]] == (ids(cards) if involved
                                                                  else [])


# ---------------------------------------------------------------- one face for every game


def test_the_package_reads_every_games_actions():
    import engine

    assert engine.parse_action("2:commit 5") == engine.Commit(2, 5)
    assert engine.parse_action("say I'll play 5", seat=1) == engine.Announce(1, "I'll play 5")
    assert engine.parse_action("0:9c 9d") == Play(0, engine.parse_cards("9c 9d"))
    assert engine.parse_action("0:discard") == engine.Discard(0)
    sticks = engine.make_rules("matchstick")
    assert engine.parse_action("pass", seat=2, rules=sticks) == engine.Pass(2)


def test_text_of_no_game_says_what_each_family_read():
    import engine

    with pytest.raises(engine.BadNotation) as refused:
        engine.parse_action("2:comit 5")
    message = str(refused.value)
    assert "as Tycoon, President or Matchstick Tycoon:" in message
    assert "as Corporation:" in message
    with pytest.raises(engine.BadNotation, match="commit which card"):
        engine.parse_action("2:commit five", rules=engine.make_rules("corporation"))


def test_the_package_sets_up_every_family():
    import engine
    from engine.families.corporation.rules.machine import Corporation

    rules = engine.make_rules("corporation")
    state = engine.setup(rules, 4, corporations=[Corporation(3, (0, 2))], scores=[3, 0, 3, 5])
    assert state.round_no == 2 and state.face_up == (3, None, 3, None)
    state = engine.step(state, engine.parse_action("1:commit 4"))
    assert engine.observe(state, 0).committed == frozenset({1})
    hands = [engine.parse_cards("3c 4d"), engine.parse_cards("5h 6s")]
    with pytest.raises(engine.BadOptions):  # Tycoon is for 3 or 4 players
        engine.setup(engine.make_rules("tycoon"), hands, 0)
    hands.append(engine.parse_cards("7c"))
    assert engine.setup(engine.make_rules("tycoon"), hands, 0).to_act == 0
    with pytest.raises(TypeError, match=r"Corporation is set up as setup\(rules, players, \*"):
        engine.setup(rules, hands, 0)  # a card game's arguments


def test_a_card_games_action_is_refused_in_corporation_by_name():
    import engine

    state = engine.new_game(engine.make_rules("corporation"), 4, seed=1)
    with pytest.raises(engine.IllegalAction, match="is not a Corporation action"):
        engine.step(state, engine.parse_action("0:9c"))


def test_the_package_exports_what_it_names():
    import engine

    assert all(hasattr(engine, name) for name in engine.__all__)
    assert {"Commit", "Announce", "Play", "Pass", "Discard", "Give", "Deal"} <= set(
        engine.__all__)
