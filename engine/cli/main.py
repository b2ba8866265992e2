"""The command line: play against bots in a terminal, or let bots play each other.

    python -m engine play tycoon --players 4 --seed 7
    python -m engine play tycoon --lang ja
    python -m engine simulate tycoon --games 1000 --seed 1
    python -m engine arena tycoon --seats hard,normal,normal,normal --deals 100 --seed 1
    python -m engine train tycoon --games 400 --seed 1
    python -m engine uecda --host 127.0.0.1 --port 42485 --bot hard --name tycoon-table
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.api import Session
from engine.catalogue import GAMES
from engine.cli.arena import report, run_arena
from engine.cli.simulate import simulate
from engine.cli.terminal import CorporationTerminal, TerminalGame
from engine.cli.train import learned_games, train_command
from engine.cli.uecda import add_uecda, uecda_command
from engine.config import ConfigJSON
from engine.core.errors import RulesError
from engine.core.language import ENGLISH, LANGUAGES, _, p_, speaking
from engine.core.options import option_infos
from engine.core.seats import HUMAN
from engine.players.levels import BOTS

__all__ = ["TERMINALS", "arena", "main", "play", "simulate_command"]

# How each family's games are played at a terminal.
TERMINALS = {"climbing": TerminalGame, "corporation": CorporationTerminal}


def _options(game: str, pairs: Sequence[str]) -> dict[str, Any]:
    """``name=value`` pairs as the game's options, each value read as its option's kind
    (``cut=8`` is the text "8"); raises ``RulesError`` for a pair it cannot read."""
    infos = {info.name: info for info in option_infos(GAMES[game].rules)}
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep:
            raise RulesError(_("write options as name=value, not {pair}").format(
                pair=repr(pair)))
        if name not in infos:
            raise RulesError(_("{game} has no option {name}; its options are {names}").format(
                game=p_("game", GAMES[game].title), name=repr(name),
                names=_(", ").join(sorted(infos))))
        try:
            options[name] = infos[name].read(value.strip())
        except RulesError as error:
            raise RulesError(_("option {name}: {error}").format(name=name, error=error)
                             ) from None
    return options


def play_config(args: argparse.Namespace) -> ConfigJSON:
    """The game ``play``'s arguments configure, as a front end sends it (engine.config
    reads it); raises ``RulesError`` for an option not written as name=value."""
    players = args.players or GAMES[args.game].default_players
    options = _options(args.game, args.option)
    if args.rounds is not None:
        options["rounds"] = args.rounds
    config: ConfigJSON = {"game": args.game, "options": options,
                          "seats": [HUMAN] + [args.bot] * (players - 1)}
    if args.preset is not None:
        config["preset"] = args.preset
    if args.seed is not None:
        config["seed"] = args.seed
    return config


def play(args: argparse.Namespace) -> int:
    """A game against bots at this terminal, in the language ``--lang`` names."""
    game = GAMES[args.game]
    with speaking(args.lang):
        try:
            config = play_config(args)
        except RulesError as error:
            print(_("Cannot start: {why}").format(why=error), file=sys.stderr)
            return 2
        session = Session()
        session.set_language(args.lang)
        created = session.new_game(config)
        if not created["ok"]:
            print(_("Cannot start: {why}").format(why=created["error"]["message"]),
                  file=sys.stderr)
            return 2
        terminal = TERMINALS[game.family.name]
        return terminal(session, input, sys.stdout, game.notation_help).run()


def simulate_command(args: argparse.Namespace) -> int:
    """Bots against bots; prints each seat's places and scores."""
    players = args.players or GAMES[args.game].default_players
    bots = args.bots.split(",") if args.bots else ["greedy"] * players
    if len(bots) != players or HUMAN in bots:
        print(f"--bots names {len(bots)} bots for {players} players: name one bot (not a "
              "human) for each seat", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games is at least 1", file=sys.stderr)
        return 2
    try:
        print(simulate(args.game, bots, args.games, args.seed, args.preset,
                       _options(args.game, args.option)))
    except RulesError as error:
        print(_("Cannot start: {why}").format(why=error), file=sys.stderr)
        return 2
    return 0


def arena(args: argparse.Namespace) -> int:
    """Seeded deals in every seat rotation; mean places with confidence intervals."""
    seats = args.seats.split(",")
    if HUMAN in seats:
        print("--seats names bots only", file=sys.stderr)
        return 2
    if args.deals < 1 or args.jobs < 1:
        print("--deals and --jobs are at least 1", file=sys.stderr)
        return 2
    try:
        result = run_arena(args.game, seats, args.deals, args.seed, args.preset,
                           _options(args.game, args.option), args.hard_budget, args.jobs)
    except RulesError as error:
        print(_("Cannot start: {why}").format(why=error), file=sys.stderr)
        return 2
    print(report(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (("play", "play against bots"),
                           ("simulate", "bots against bots"),
                           ("arena", "measure bots: seeded deals in every seat rotation")):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument("game", choices=sorted(GAMES))
        if name != "arena":  # the arena's seats say how many play
            sub.add_argument("--players", type=int)
        sub.add_argument("--seed", type=int, default=None if name == "play" else 1)
        sub.add_argument("--preset")
        sub.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="a rules option, e.g. --option order=p5r --option jokers=0")
    commands.choices["play"].add_argument("--bot", default="greedy", choices=sorted(BOTS))
    commands.choices["play"].add_argument("--rounds", type=int)
    commands.choices["play"].add_argument("--lang", default=ENGLISH, choices=LANGUAGES,
                                          help="the language the game is played in")
    commands.choices["simulate"].add_argument("--games", type=int, default=100)
    commands.choices["simulate"].add_argument("--bots", help="one bot per seat, e.g. "
                                                             "greedy,random,greedy,random")
    commands.choices["arena"].add_argument("--seats", required=True,
                                           help="one bot per seat, e.g. hard,normal,normal,normal")
    commands.choices["arena"].add_argument("--deals", type=int, default=100)
    commands.choices["arena"].add_argument(
        "--hard-budget", type=float, default=1.0, metavar="SHARE",
        help="the share of Hard's budget it thinks with, from 0.05 to 1 (a slower device's)")
    commands.choices["arena"].add_argument(
        "--jobs", type=int, default=1, help="processes to play the deals on (the same result)")
    trainer = commands.add_parser("train", help="fit a game's learned policy by self-play")
    trainer.add_argument("game", choices=learned_games())
    trainer.add_argument("--games", type=int, default=400)
    trainer.add_argument("--seed", type=int, default=1)
    trainer.add_argument("--players", type=int)
    trainer.add_argument("--preset", help="train the preset's own weights, under its rules")
    trainer.add_argument("--teacher-share", type=float, default=1.0, metavar="SHARE",
                         help="the share of Hard's budget the teacher thinks with")
    trainer.add_argument("--jobs", type=int, help="processes (every core by default)")
    trainer.add_argument("--ray", metavar="ADDRESS",
                         help="play the games on this Ray cluster ('local' starts one)")
    trainer.add_argument("--out", type=Path, help="the weights file (the shipped one "
                                                  "by default)")
    add_uecda(commands, sorted(BOTS))
    args = parser.parse_args(argv)
    try:
        command = {"play": play, "simulate": simulate_command, "arena": arena,
                   "train": train_command, "uecda": uecda_command}[args.command]
        return command(args)
    except KeyboardInterrupt:
        return 130
