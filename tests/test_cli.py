"""The command line: a person plays Tycoon against bots in a terminal, or bots play bots.

``TerminalGame`` is driven here by a scripted reader in place of ``input``.
"""

import io

import pytest

from engine.api import Session
from engine.catalogue import GAMES
from engine.cli.main import main
from engine.cli.terminal import TerminalGame, help_text
from engine.core.cards import standard_deck
from engine.play.view import table_view

HELP = help_text(GAMES["tycoon"].notation_help)
TWO_ROUNDS = {"game": "tycoon", "seats": ["human", "greedy", "random", "greedy"], "seed": 7,
              "options": {"rounds": 2}}


def a_card_not_in(view):
    hand = {card["id"] for card in view["hand"]}
    return next(str(card) for card in standard_deck(0) if str(card) not in hand)


class ScriptedPlayer:
    """Answers the prompts: first the scripted answers (text, or a function of the view),
    then always the first legal move of the view."""

    def __init__(self, session, *script):
        self.session = session
        self.script = list(script)
        self.prompts = []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        view = table_view(self.session.table)
        if self.script:
            answer = self.script.pop(0)
            return answer(view) if callable(answer) else answer
        return view["legal"][0]["act"]


def terminal(config=TWO_ROUNDS, *script):
    session = Session()
    assert session.new_game(config)["ok"]
    out = io.StringIO()
    player = ScriptedPlayer(session, *script)
    return TerminalGame(session, player, out, GAMES["tycoon"].notation_help), session, player, out


def test_a_whole_two_round_game_is_played_in_the_terminal():
    game, session, player, out = terminal(
        TWO_ROUNDS, "?", a_card_not_in, "zz", "99", "1")
    assert game.run() == 0
    text = out.getvalue()
    view = table_view(session.table)
    assert view["phase"] == "over"
    assert text.startswith(HELP)
    assert "=== Round 1 of 2 ===" in text
    assert "=== Round 2 of 2 ===" in text
    assert text.count("Round over:") == 2
    assert text.count("Scores: ") == 2
    assert "Legal: " in text  # the answer to '?'
    assert "Not allowed: you don't hold the " in text
    assert "'zz' is not a card" in text
    assert "choose numbers from 1 to " in text
    for entry in view["last_round"]["results"]:
        assert f"  {entry['title']}: {entry['name']} (+{entry['points']})" in text
    final_scores = ", ".join(f"{p['name']} {p['score']}" for p in view["players"])
    assert text.rstrip().endswith(f"Game over. {view['outcome']['text']}.")
    assert f"Scores: {final_scores}" in text
    assert "Your move: " in player.prompts


def test_the_tycoon_or_rich_man_is_asked_which_cards_to_give_back():
    for seed in range(20):  # until a seed makes the human Tycoon or Rich Man in round 1
        game, session, player, out = terminal({**TWO_ROUNDS, "seed": seed})
        assert game.run() == 0
        state = session.table.state
        place = state.places[0].index(0)
        gives = [prompt for prompt in player.prompts if prompt.startswith("Give ")]
        if place > 1:
            assert not gives
            continue
        names = session.table.names
        owed_to = names[state.places[0][-1 - place]]  # the Beggar or the Poor Man
        count = "2 cards" if place == 0 else "1 card"
        assert gives == [f"Give {count} to {owed_to}: "]
        text = out.getvalue()
        assert f"{owed_to} hands you their " in text  # the forced half of the exchange
        assert f"You give {owed_to} the " in text
        return
    raise AssertionError("in 20 seeds the human never had cards to give back")


def test_end_of_input_ends_the_game_cleanly():
    session = Session()
    assert session.new_game(TWO_ROUNDS)["ok"]
    out = io.StringIO()

    def no_more_input(prompt):
        raise EOFError

    assert TerminalGame(session, no_more_input, out).run() == 0
    assert out.getvalue().rstrip().endswith("Bye.")
    assert table_view(session.table)["phase"] != "over"


def test_quitting_ends_the_game():
    game, session, player, _ = terminal(TWO_ROUNDS, "q")
    assert game.run() == 0
    assert len(player.prompts) == 1
    assert table_view(session.table)["phase"] != "over"


def test_play_starts_a_game_at_the_terminal(monkeypatch, capsys):
    def no_more_input(prompt):
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_input)
    assert main(["play", "tycoon", "--players", "3", "--seed", "7", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "=== Round 1 of 1 ===" in out
    assert "Your hand: " in out
    assert "Bye." in out


def test_simulate_prints_places_and_scores_per_seat(capsys):
    assert main(["simulate", "tycoon", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("5 games of tycoon")
    assert "25 rounds" in lines[0]  # 5 rounds a game by default
    header = lines[1].split()
    for word in ("seat", "bot", "mean", "place", "Tycoon", "Rich", "Poor", "Beggar", "score",
                 "wins"):
        assert word in header
    rows = [line.split() for line in lines[2:]]
    assert [row[:2] for row in rows] == [[str(seat), "greedy"] for seat in range(4)]
    wins = [float(row[-1].rstrip("%")) for row in rows]
    assert sum(wins) == pytest.approx(100, abs=0.5)


def test_simulate_is_reproducible_from_its_seed(capsys):
    def table(seed):
        assert main(["simulate", "tycoon", "--games", "3", "--seed", seed, "--players", "3",
                     "--bots", "random,greedy,random"]) == 0
        return capsys.readouterr().out.splitlines()[1:]  # the first line has the time taken

    assert table("4") == table("4")


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "tycoon", "--games", "2", "--option", "jokers=3"], "one of 0, 1, 2"),
    (["simulate", "tycoon", "--games", "2", "--option", "colour=red"], "has no option 'colour'"),
    (["simulate", "tycoon", "--games", "2", "--option", "jokers"], "name=value"),
    (["simulate", "tycoon", "--games", "2", "--option", "lock=yes"], "true or false"),
    (["simulate", "tycoon", "--games", "2", "--option", "jokers=two"], "whole number"),
    (["simulate", "tycoon", "--games", "2", "--bots", "greedy,random"], "2 bots for 4 players"),
    (["simulate", "tycoon", "--games", "2", "--bots", "greedy,random,clever,greedy"],
     "unknown bot 'clever'"),
    (["simulate", "tycoon", "--games", "2", "--preset", "nope"], "tycoon-seed"),
    (["play", "tycoon", "--option", "order=weird"], "'standard', 'p5r'"),
    (["play", "tycoon", "--option", "jokers"], "name=value"),
    (["play", "tycoon", "--players", "6"], "3 or 4 players, or 5"),
    (["play", "tycoon", "--rounds", "-1"], "at least 0"),
    (["play", "tycoon", "--seed", "-1"], "0 or more"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else None)
def test_bad_options_exit_with_code_2_and_say_why(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err


def test_an_option_value_is_read_as_its_options_kind(capsys):
    """President's cut is the text "8", Tycoon's jokers the number 1, a lock true."""
    assert main(["arena", "president", "--seats", "normal,normal-v1,normal-v1,normal-v1",
                 "--deals", "1", "--option", "cut=8", "--option", "lock=true"]) == 0
    assert "{'cut': '8', 'lock': True}" in capsys.readouterr().out
    assert main(["simulate", "tycoon", "--games", "1", "--option", "jokers=1"]) == 0


@pytest.mark.parametrize("argv", [
    ["play", "tycoon", "--bot", "clever"],
    ["simulate", "chess"],
    ["simulate", "tycoon", "--games", "many"],
    [],
], ids=lambda argv: " ".join(argv) or "no command")
def test_unreadable_arguments_exit_with_code_2_and_usage(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("games", ["0", "-3"])
def test_simulating_no_games_does_not_crash(games, capsys):
    code = main(["simulate", "tycoon", "--games", games])
    out, err = capsys.readouterr()
    assert code in (0, 2)
    assert (out if code == 0 else err).strip()
