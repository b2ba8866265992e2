"""A human at a terminal against bots, through the same JSON API as the browser.

The terminal shows the views the engine gives and sends back the moves it
offers; what a move is called, what it costs and why it is refused all come
from the engine.
"""

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, TextIO

from engine.api import Session
from engine.core.contract import StepReply
from engine.core.words import plural
from engine.play.view import table_view

__all__ = [
    "COMMANDS", "CorporationTerminal", "TerminalGame", "help_text", "seat_label", "show_card",
]

COMMANDS = ("'?' shows this help and every legal move, 'log' saves the game log, 'q' "
            "quits.")


def help_text(notation_help: str) -> str:
    """The terminal's help for a game: how its moves are written, and the commands."""
    return f"{notation_help}\n{COMMANDS}"


def show_card(card: dict[str, str]) -> str:
    """A card of a view as the terminal prints it: "10♥", "Q♠", "JOKER", "7"."""
    return card["rank"] + card["suit"] if card["suit"] != "★" else card["rank"]


class TerminalGame:
    """A climbing game at a terminal: the table, the hand by number, and the moves."""

    def __init__(self, session: Session, read: Callable[[str], str], out: TextIO,
                 notation_help: str = "") -> None:
        self.session = session
        self.read = read
        self.out = out
        self.help = help_text(notation_help)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def advance(self) -> StepReply:
        """The next bot or chance step (none is refused but for the engine's own fault,
        which is raised)."""
        step = self.session.advance()
        if not step["ok"]:
            raise RuntimeError(step["error"]["message"])
        return step

    def run(self) -> int:
        table = self.session.table
        assert table is not None
        self.say(self.help)
        self.show_round_start(table_view(table))
        while True:
            view = table_view(table)
            if view["phase"] == "over":
                self.show_round_end(view)
                self.say(f"\nGame over. {view['outcome']['text']}.")
                return 0
            if view["phase"] == "deal":
                self.show_round_end(view)
                dealt = self.advance()["view"]
                self.show_round_start(dealt)
                for line in dealt["history"]:  # the exchange that the deal forced
                    self.say(f"  {line}")
                continue
            step = self.advance()
            if step["action"]:
                self.say(f"  {step['text']}")
                continue
            if not self.human_turn(step["view"]):
                return 0

    def show_round_start(self, view: dict[str, Any]) -> None:
        rounds = f" of {view['rounds']}" if view["rounds"] else ""
        self.say(f"\n=== Round {view['round']}{rounds} ===")
        for player in view["players"]:
            title = f" ({player['title']})" if player["title"] else ""
            self.say(f"  {player['name']}{title}: {plural(player['score'], 'point')}")

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
            cards = plural(p["cards"], "card")
            if view["matchsticks"]:
                cards += ", " + plural(p["sticks"], "stick")
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
        if view["matchsticks"]:
            self.say(f"Your matchsticks: {view['players'][view['seat']]['sticks']}")

    def human_turn(self, view: dict[str, Any]) -> bool:
        """Ask until the human makes a legal move; False when they quit."""
        self.show_table(view)
        prompt = "Your move: "
        if view["phase"] == "give":
            owed = view["owed"][0]
            receiver = view["players"][owed["receiver"]]["name"]
            prompt = f"Give {plural(owed['count'], 'card')} to {receiver}: "
        while True:
            text = self.ask(prompt, view)
            if text is None:
                return False
            move = self.to_move(text, view)
            if move is None:
                continue
            result = self.session.act(move)
            if result["ok"]:
                self.say(f"  {result['text']}")
                return True
            self.say(f"  Not allowed: {result['error']['message']}")

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
                self.say(self.help)
                self.say("Legal: " + "; ".join(move["label"] for move in view["legal"]))
                continue
            if text == "log":
                self.save_log()
                continue
            return text

    def to_move(self, text: str, view: dict[str, Any]) -> str | None:
        """The move the player means: cards chosen by their numbers in the hand, cards
        named, or a move written out. When the chosen cards make several legal moves (a
        Matchstick Tycoon card acting as different values), ask which; None when the
        player backs out or the cards cannot be played (and say why)."""
        words = text.replace(",", " ").split()
        if words and all(w.isascii() and w.isdigit() for w in words):
            hand = view["hand"]
            if any(not 1 <= int(w) <= len(hand) for w in words):
                self.say(f"  choose numbers from 1 to {len(hand)}")
                return None
            if len(set(words)) != len(words):
                self.say("  each card once, please")
                return None
            return self.choose(view, [hand[int(w) - 1]["id"] for w in words])
        if self.session.check(text)["ok"] or not words:
            return text
        # Cards named without the move's word ("3c 4d" in an exchange): the engine makes
        # the move of these cards, if they make one.
        made = self.session.check_cards(words)
        return made["act"] if made["ok"] else text

    def choose(self, view: dict[str, Any], cards: list[str]) -> str | None:
        """The legal move these cards make, asking which when they make several."""
        matching = [m for m in view["legal"] if Counter(m["cards"]) == Counter(cards)]
        if len(matching) == 1:
            return str(matching[0]["act"])
        if not matching:  # the engine says why these cards cannot be played
            made = self.session.check_cards(cards)
            if not made["ok"]:
                self.say(f"  Not allowed: {made['error']['message']}")
            return None
        for i, move in enumerate(matching, 1):
            self.say(f"  {i}) {move['label']}")
        answer = self.read(f"Which one (1-{len(matching)}, Enter to choose again)? ").strip()
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(matching):
            return str(matching[int(answer) - 1]["act"])
        return None

    def save_log(self) -> None:
        path = "tycoon-table-log.json"
        exported = self.session.export_log()
        if not exported["ok"]:
            self.say(f"  Not saved: {exported['error']['message']}")
            return
        with open(path, "w", encoding="utf-8") as f:
            json.dump(exported["log"], f, indent=1)
        self.say(f"  Saved to {path}")


class CorporationTerminal(TerminalGame):
    """Corporation at a terminal: secret commits, table talk, and the reveal."""

    def run(self) -> int:
        table = self.session.table
        assert table is not None
        self.say(self.help)
        while True:
            view = table_view(table)
            if view["phase"] == "over":
                self.say(f"\nGame over. {view['outcome']['text']}.")
                return 0
            step = self.advance()
            if step["action"]:
                for line in (step["text"] or "").splitlines():
                    self.say(f"  {line}")
                continue
            if not self.human_turn(step["view"]):
                return 0

    def show_table(self, view: dict[str, Any]) -> None:
        players = view["players"]
        self.say(f"\n=== Round {view['round']} === (first to {view['target']} points)")
        self.say("Scores: " + ", ".join(f"{seat_label(p)} {p['score']}" for p in players))
        for corporation in view["corporations"]:
            members = ", ".join(players[m]["name"] for m in corporation["members"])
            self.say(f"Corporation {corporation['value']}: {members}")
        for said in view["announcements"]:
            self.say(f'  {players[said["seat"]]["name"]}: "{said["text"]}"')
        waiting = [p["name"] for p in players if not p["committed"] and p["seat"] != view["seat"]]
        if waiting:
            self.say("Still to commit: " + ", ".join(waiting))
        self.say(f"Your cards: {' '.join(show_card(card) for card in view['hand'])}")

    def human_turn(self, view: dict[str, Any]) -> bool:
        self.show_table(view)
        while True:
            text = self.ask("Commit a card (its number), or say something: ", view)
            if text is None:
                return False
            if text.isascii() and text.isdigit():  # a card, by its number
                made = self.session.check_cards([text])
                if not made["ok"]:
                    self.say(f"  Not allowed: {made['error']['message']}")
                    continue
                text = made["act"]
            result = self.session.act(text)
            if not result["ok"]:
                self.say(f"  Not allowed: {result['error']['message']}")
                continue
            for line in (result["text"] or "").splitlines():
                self.say(f"  {line}")
            if result["kind"] == "commit":
                return True
            # After table talk the seat still has to commit.


def seat_label(player: dict[str, Any]) -> str:
    """A seat's name, with its bot's temperament where it has one: "Aiko (sly)"."""
    word = player.get("temperament")
    return f"{player['name']} ({word})" if word else player["name"]
