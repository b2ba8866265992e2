"""``python -m engine uecda``: play a match on a UECda contest server with one of the
bots, under the "UECda standard" preset (engine.families.climbing.uecda, reached through
the catalogue)."""

import argparse
import sys

from engine.catalogue import play_on_uecda_server
from engine.core.errors import BadOptions
from engine.players.levels import make_bot

__all__ = ["add_uecda", "uecda_command"]

DEFAULT_PORT = 42485  # the contest server's


def add_uecda(commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
              bots: list[str]) -> None:
    sub = commands.add_parser("uecda", help="play a match on a UECda contest server")
    sub.add_argument("--host", default="127.0.0.1")
    sub.add_argument("--port", type=int, default=DEFAULT_PORT)
    sub.add_argument("--bot", default="hard", choices=bots)
    sub.add_argument("--name", default="tycoon-table",
                     help="the player's name on the server (printable ASCII, up to 14; the "
                          "contest's own server, tndhms, shows the first 9)")
    sub.add_argument("--seed", type=int, default=1, help="the bot's random choices")


def uecda_command(args: argparse.Namespace) -> int:
    """Play the match; the summary goes to standard output, each refused play and each
    disagreement with the server's tables to standard error. Exits 1 if the server
    refused any play (a defect), 2 if the match could not be played."""
    try:
        report = play_on_uecda_server(args.host, args.port, make_bot(args.bot), args.name,
                                      args.seed, lambda line: print(line, file=sys.stderr))
    except (OSError, ValueError, BadOptions) as error:
        print(f"The match could not be played: {error}", file=sys.stderr)
        return 2
    print(report.summary())
    return 1 if report.refused else 0
