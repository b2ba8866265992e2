"""``python -m engine uecda``: play a match on a UECda contest server with one of the
bots, under the "UECda standard" preset (engine.families.climbing.uecda, reached through
the catalogue); record its messages, or play a record again offline."""

import argparse
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from engine.catalogue import play_on_uecda_server, replay_uecda_record
from engine.core.errors import BadOptions
from engine.players.levels import make_bot
from engine.players.thinking import MIN_SHARE

__all__ = ["add_uecda", "uecda_command"]

DEFAULT_PORT = 42485  # the contest server's

DESCRIPTION = """\
Join a UECda computer-Daifugo contest server (protocol 20070, as the contest's own server,
tndhms, speaks it) as one of its five players, and play its match with one of the bots
under the "UECda standard" preset. The server decides how many games the match has
(tndhms: GAME_NUMBER in its tndhms.cfg) and where the players sit."""

EPILOG = """\
The summary, on standard output: the player number the server gave, the games played,
the points by the contest's scoring (5 for first place down to 1), the plays the server
refused, the disagreements between the engine's state and the server's tables, the
errors played through (a bot that raised: the client played a legal move in its place),
the games 20 passes in a row ended, and the decisions with their time at the median and
the 95th percentile. Each refused play, disagreement and error is also written to
standard error as it happens, with its game.

exit status:
  0  the match was played to its end
  1  the server refused a play of the client's (a defect)
  2  the match could not be played, or the server closed in the middle of it
  3  the client played through an error (a bot raised)"""


def add_uecda(commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
              bots: list[str]) -> None:
    sub = commands.add_parser("uecda", help="play a match on a UECda contest server",
                              description=DESCRIPTION, epilog=EPILOG,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub.add_argument("--host", default="127.0.0.1", help="the server (default: %(default)s)")
    sub.add_argument("--port", type=int, default=DEFAULT_PORT,
                     help="its port (default: %(default)s, the contest's)")
    sub.add_argument("--bot", default="hard", choices=bots,
                     help="the bot that plays (default: %(default)s)")
    sub.add_argument("--share", type=float, default=1.0, metavar="S",
                     help=f"Hard's share of its budget, from {MIN_SHARE} to 1, as the app "
                          f"sizes it for a slower device (default: %(default)s)")
    sub.add_argument("--name", default="tycoon-table",
                     help="the player's name on the server (printable ASCII, up to 15; "
                          "tndhms keeps 14 and shows the first 9; default: %(default)s)")
    sub.add_argument("--seed", type=int, default=1,
                     help="the bot's random choices (default: %(default)s)")
    sub.add_argument("--record", metavar="FILE",
                     help="write every table and int received and sent, with its game")
    sub.add_argument("--replay", metavar="FILE",
                     help="play a --record FILE again offline, without a server: the "
                          "client's moves are the recorded ones, and it reports the same "
                          "disagreements")


def uecda_command(args: argparse.Namespace) -> int:
    """Play the match (or replay a record); the summary goes to standard output, each
    refused play, disagreement and error to standard error. The exit status is the
    match report's (``EPILOG``)."""
    def note(line: str) -> None:
        print(line, file=sys.stderr)

    if not MIN_SHARE <= args.share <= 1:
        print(f"--share is Hard's share of its budget, from {MIN_SHARE} to 1, not "
              f"{args.share}", file=sys.stderr)
        return 2
    try:
        if args.replay:
            report = replay_uecda_record(Path(args.replay).read_text(encoding="utf-8"),
                                         note, args.seed)
        else:
            with ExitStack() as files:
                record: TextIO | None = None
                if args.record:
                    record = files.enter_context(open(args.record, "w", encoding="utf-8"))
                report = play_on_uecda_server(args.host, args.port,
                                              make_bot(args.bot, args.share), args.name,
                                              args.seed, note, record)
    except (OSError, ValueError, BadOptions) as error:
        print(f"The match could not be played: {error}", file=sys.stderr)
        return 2
    print(report.summary())
    status: int = report.status
    return status
