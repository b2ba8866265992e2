"""The command line: play against bots in a terminal, or let bots play each other.

    python -m engine play tycoon --players 4 --seed 7
    python -m engine simulate tycoon --games 1000 --seed 1
"""

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from engine.api import HUMAN, Session, Table
from engine.arena import report, run_arena
from engine.bots import BOTS
from engine.cards import SUIT_SYMBOLS, parse_card
from engine.climbing import ClimbState
from engine.corporation import CorporationRules
from engine.errors import BadNotation, RulesError
from engine.games import DEFAULT_PLAYERS, RULES_TYPES, outcome
from engine.rng import derive_seed

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
HELP = """Type the cards to play by their numbers (1 3) or their names (9c 9d; X is a Joker),
'pass' to pass, '?' to list every legal move, 'log' to save the game log, 'q' to quit."""
CORPORATION_HELP = """Commit a card by typing its number. Before that you may make announcements
everyone hears ('say Join my Corporation on 3'); no one has to keep them.
'?' shows this help, 'log' saves the game log, 'q' quits."""
MATCHSTICK_HELP = """Type the cards to play by their numbers (1 3); when they can act as several
values you choose one and see its matchstick cost. Or write the play: 3~E is a 3 turned to
read E, 1>7 a 1 made into a 7 with a matchstick. 'pass' takes a matchstick; with no cards
left, 'discard' sheds one. '?' lists every legal move, 'log' saves the log, 'q' quits."""


def _option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise RulesError(f"write options as name=value, not {pair!r}")
        options[name.strip()] = _option_value(value.strip())
    return options


def show_card(text: str) -> str:
    if len(text) == 1 and text != "X":  # a Matchstick Tycoon face
        return text
    card = parse_card(text)
    if card.suit is None:
        return "Joker"
    return str(card)[0].replace("T", "10") + SUIT_SYMBOLS[card.suit]


class TerminalGame:
    """A human at a terminal against bots, through the same API as the browser."""

    def __init__(self, session: Session, read: Callable[[str], str], out: TextIO) -> None:
        self.session = session
        self.read = read
        self.out = out

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def run(self) -> int:
        table = self.session.table
        assert table is not None
        self.say(self.help_text(table.view()))
        self.show_round_start(table.view())
        while True:
            view = table.view()
            if view["phase"] == "over":
                self.show_round_end(view)
                self.say(f"\nGame over. {view['outcome']['text']}.")
                return 0
            if view["phase"] == "deal":
                self.show_round_end(view)
                dealt = self.session.advance()["view"]
                self.show_round_start(dealt)
                for line in dealt["history"]:  # the exchange that the deal forced
                    self.say(f"  {line}")
                continue
            step = self.session.advance()
            if step.get("action"):
                self.say(f"  {step['text']}")
                continue
            if not self.human_turn(step["view"]):
                return 0

    def show_round_start(self, view: dict[str, Any]) -> None:
        rounds = f" of {view['rounds']}" if view["rounds"] else ""
        self.say(f"\n=== Round {view['round']}{rounds} ===")
        for player in view["players"]:
            title = f" ({player['title']})" if player["title"] else ""
            points = player["score"]
            self.say(f"  {player['name']}{title}: {points} point{'s' * (points != 1)}")

    def show_round_end(self, view: dict[str, Any]) -> None:
        self.say("\nRound over:")
        for entry in view["last_round"]["results"]:
            self.say(f"  {entry['title']}: {entry['name']} (+{entry['points']})")
        self.say("Scores: " + ", ".join(f"{p['name']} {p['score']}" for p in view["players"]))

    def show_table(self, view: dict[str, Any]) -> None:
        others = []
        for p in view["players"]:
            if p["seat"] == view["seat"]:
                continue
            cards = f"{p['cards']} card{'s' * (p['cards'] != 1)}"
            if view["game"] == "matchstick":
                cards += f", {p['sticks']} stick{'s' * (p['sticks'] != 1)}"
            state = "out" if p["place"] else ("passed" if p["passed"] else cards)
            others.append(f"{p['name']} {state}")
        self.say("\n" + " · ".join(others))
        if view["revolution"]:
            self.say("*** REVOLUTION: lower ranks are stronger ***")
        if view["trick"]:
            top = view["trick"][-1]
            name = view["players"][top["seat"]]["name"]
            self.say(f"Table: {' '.join(map(show_card, top['cards']))}  ({name}: {top['text']})")
        else:
            self.say("Table: empty — you lead")
        hand = "  ".join(f"{i}:{show_card(c)}" for i, c in enumerate(view["hand"], 1))
        self.say(f"Your hand: {hand}")
        if view["game"] == "matchstick":
            sticks = view["players"][view["seat"]]["sticks"]
            self.say(f"Your matchsticks: {sticks}")

    def human_turn(self, view: dict[str, Any]) -> bool:
        """Ask until the human makes a legal move; False when they quit."""
        if view["phase"] == "give":
            owed = view["owed"][0]
            receiver = view["players"][owed["receiver"]]["name"]
            self.show_table(view)
            prompt = f"Give {owed['count']} card{'s' * (owed['count'] > 1)} to {receiver}: "
        else:
            self.show_table(view)
            prompt = "Your move: "
        while True:
            text = self.ask(prompt, view)
            if text is None:
                return False
            try:
                move = self.to_move(text, view)
            except BadNotation as error:
                self.say(f"  {error}")
                continue
            except EOFError:
                self.say("\nBye.")
                return False
            if move is None:
                continue
            result = self.session.act(move)
            if result["ok"]:
                self.say(f"  {result['text']}")
                return True
            self.say(f"  Not allowed: {result['error']['message']}")

    def help_text(self, view: dict[str, Any]) -> str:
        return MATCHSTICK_HELP if view["game"] == "matchstick" else HELP

    def ask(self, prompt: str, view: dict[str, Any]) -> str | None:
        """The player's next answer that is not a request for help or the log; None when
        they quit or the input ends."""
        while True:
            try:
                text = self.read(prompt).strip()
            except EOFError:
                self.say("\nBye.")
                return None
            if text in ("q", "quit", "exit"):
                return None
            if text in ("?", "h", "help"):
                self.say(self.help_text(view))
                self.say("Legal: " + "; ".join(move["label"] for move in view["legal"]))
                continue
            if text == "log":
                self.save_log()
                continue
            return text

    def to_move(self, text: str, view: dict[str, Any]) -> str | None:
        """Turn "1 3" (hand positions) into a move; pass anything else through.

        When the chosen cards make several legal moves (a Matchstick Tycoon card
        acting as different values), ask which; None when the player backs out.
        """
        words = text.replace(",", " ").split()
        if not words or not all(w.isascii() and w.isdigit() for w in words):
            if view["phase"] == "give" and not text.lower().startswith("give"):
                return "give " + text
            return text
        hand = view["hand"]
        if any(not 1 <= int(w) <= len(hand) for w in words):
            raise BadNotation(f"choose numbers from 1 to {len(hand)}")
        if len(set(words)) != len(words):
            raise BadNotation("each card once, please")
        chosen = sorted(hand[int(w) - 1] for w in words)
        matching = [m for m in view["legal"] if sorted(m["cards"]) == chosen]
        if len(matching) == 1:
            return str(matching[0]["act"])
        if not matching:  # let the engine say why these cards cannot be played
            cards = " ".join(chosen)
            return f"give {cards}" if view["phase"] == "give" else cards
        for i, move in enumerate(matching, 1):
            self.say(f"  {i}) {move['label']}")
        answer = self.read(f"Which one (1-{len(matching)}, Enter to choose again)? ").strip()
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(matching):
            return str(matching[int(answer) - 1]["act"])
        return None

    def save_log(self) -> None:
        path = "tycoon-table-log.json"
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.session.export_log()["log"], f, indent=1)
        self.say(f"  Saved to {path}")


class CorporationTerminal(TerminalGame):
    """Corporation at a terminal: secret commits, table talk, and the reveal."""

    def run(self) -> int:
        table = self.session.table
        assert table is not None
        self.say(self.help_text(table.view()))
        while True:
            view = table.view()
            if view["phase"] == "over":
                self.say(f"\nGame over. {view['outcome']['text']}.")
                return 0
            step = self.session.advance()
            if step.get("action"):
                for line in step["text"].splitlines():
                    self.say(f"  {line}")
                continue
            if not self.human_turn(step["view"]):
                return 0

    def help_text(self, view: dict[str, Any]) -> str:
        return CORPORATION_HELP

    def show_table(self, view: dict[str, Any]) -> None:
        players = view["players"]
        self.say(f"\n=== Round {view['round']} === (first to {view['target']} points)")
        self.say("Scores: " + ", ".join(f"{p['name']} {p['score']}" for p in players))
        for corporation in view["corporations"]:
            members = ", ".join(players[m]["name"] for m in corporation["members"])
            self.say(f"Corporation {corporation['value']}: {members}")
        for said in view["announcements"]:
            self.say(f'  {players[said["seat"]]["name"]}: "{said["text"]}"')
        waiting = [p["name"] for p in players if not p["committed"] and p["seat"] != view["seat"]]
        if waiting:
            self.say("Still to commit: " + ", ".join(waiting))
        self.say(f"Your cards: {' '.join(view['hand'])}")

    def human_turn(self, view: dict[str, Any]) -> bool:
        self.show_table(view)
        while True:
            text = self.ask("Commit a card (its number), or say something: ", view)
            if text is None:
                return False
            move = f"commit {text}" if text.isascii() and text.isdigit() else text
            result = self.session.act(move)
            if not result["ok"]:
                self.say(f"  Not allowed: {result['error']['message']}")
                continue
            for line in result["text"].splitlines():
                self.say(f"  {line}")
            if ":commit " in result["action"]:
                return True
            # After table talk the seat still has to commit.


def play(args: argparse.Namespace) -> int:
    players = args.players or DEFAULT_PLAYERS[args.game]
    try:
        options = _options(args.option)
    except RulesError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    config = {"game": args.game, "preset": args.preset, "options": options,
              "seats": [HUMAN] + [args.bot] * (players - 1), "seed": args.seed}
    if args.rounds is not None:
        config["options"]["rounds"] = args.rounds
    session = Session()
    created = session.new_game(config)
    if not created["ok"]:
        print(f"Cannot start: {created['error']['message']}", file=sys.stderr)
        return 2
    terminal = CorporationTerminal if args.game == "corporation" else TerminalGame
    return terminal(session, input, sys.stdout).run()


def simulate(args: argparse.Namespace) -> int:
    """Bots against bots; prints each seat's places and scores.

    The climbing games count places round by round (titles); Corporation, which
    has no places in a round, counts each game's final ranking.
    """
    players = args.players or DEFAULT_PLAYERS[args.game]
    bots = args.bots.split(",") if args.bots else ["greedy"] * players
    if len(bots) != players or HUMAN in bots:
        print(f"--bots names {len(bots)} bots for {players} players: name one bot (not a "
              "human) for each seat", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games is at least 1", file=sys.stderr)
        return 2
    try:
        options = _options(args.option)
        tables = [Table.create({"game": args.game, "preset": args.preset, "options": options,
                                "seats": bots, "seed": derive_seed(args.seed, "simulate", g)})
                  for g in range(args.games)]
    except RulesError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    place_counts = [[0] * players for _ in range(players)]
    scores: list[list[int]] = [[] for _ in range(players)]
    wins = [0.0] * players
    rankings = 0
    for table in tables:
        while table.advance() is not None:
            pass
        state = table.state
        result = outcome(state)
        assert result is not None
        if isinstance(state, ClimbState):
            for places in state.places:
                rankings += 1
                for place, seat in enumerate(places):
                    place_counts[seat][place] += 1
        else:  # a game's final ranking: equal scores share the better place
            rankings += 1
            for seat, score in enumerate(result.scores):
                place_counts[seat][sum(1 for other in result.scores if other > score)] += 1
        for seat in range(players):
            scores[seat].append(result.scores[seat])
            if seat in result.winners:
                wins[seat] += 1 / len(result.winners)
    elapsed = time.perf_counter() - started
    rules = tables[0].state.rules
    counted, titles = ("games", list(ORDINALS[:players])) if isinstance(
        rules, CorporationRules) else ("rounds", [rules.title(p, players) for p in range(players)])
    print(f"{args.games} games of {args.game} ({rules.options()}), {rankings} {counted} "
          f"ranked, {elapsed:.1f} s")
    width = max(len(t) for t in [*titles, "100.0%"]) + 2
    print(f"{'seat':<6}{'bot':<9}{'mean place':>11}  " + "".join(f"{t:>{width}}" for t in titles)
          + f"{'mean score':>12}{'wins':>8}")
    for seat in range(players):
        counts = place_counts[seat]
        mean_place = sum((p + 1) * n for p, n in enumerate(counts)) / rankings
        shares = "".join(f"{n / rankings:>{width}.1%}" for n in counts)
        print(f"{seat:<6}{bots[seat]:<9}{mean_place:>11.2f}  {shares}"
              f"{statistics.fmean(scores[seat]):>12.2f}{wins[seat] / args.games:>8.1%}")
    return 0


def arena(args: argparse.Namespace) -> int:
    """Seeded deals in every seat rotation; mean places with confidence intervals."""
    seats = args.seats.split(",")
    if HUMAN in seats:
        print("--seats names bots only", file=sys.stderr)
        return 2
    if args.deals < 1:
        print("--deals is at least 1", file=sys.stderr)
        return 2
    try:
        result = run_arena(args.game, seats, args.deals, args.seed, args.preset,
                           _options(args.option))
    except RulesError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
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
        sub.add_argument("game", choices=sorted(RULES_TYPES))
        if name != "arena":  # the arena's seats say how many play
            sub.add_argument("--players", type=int)
        sub.add_argument("--seed", type=int, default=None if name == "play" else 1)
        sub.add_argument("--preset")
        sub.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="a rules option, e.g. --option order=p5r --option jokers=0")
    commands.choices["play"].add_argument("--bot", default="greedy", choices=sorted(BOTS))
    commands.choices["play"].add_argument("--rounds", type=int)
    commands.choices["simulate"].add_argument("--games", type=int, default=100)
    commands.choices["simulate"].add_argument("--bots", help="one bot per seat, e.g. "
                                                             "greedy,random,greedy,random")
    commands.choices["arena"].add_argument("--seats", required=True,
                                           help="one bot per seat, e.g. hard,normal,normal,normal")
    commands.choices["arena"].add_argument("--deals", type=int, default=100)
    args = parser.parse_args(argv)
    try:
        command = {"play": play, "simulate": simulate, "arena": arena}[args.command]
        return command(args)
    except KeyboardInterrupt:
        return 130

