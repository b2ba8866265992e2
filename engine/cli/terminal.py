"""A human at a terminal against bots, through the same JSON API as the browser.

The terminal shows the views the engine gives and sends back the moves it
offers; what a move is called, what it costs and why it is refused all come
from the engine. It speaks the language in force (``python -m engine play … --lang ja``);
the commands and the notation it quotes are the same in every language.
"""

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, TextIO

from engine.api import Session
from engine.core.actions import NOTATION
from engine.core.contract import StepReply
from engine.core.language import N_, _, n_
from engine.play.view import table_view

__all__ = [
    "COMMANDS", "CorporationTerminal", "TerminalGame", "help_text", "seat_label", "show_card",
]

COMMANDS = N_("{help} shows this help and every legal move, {log} saves the game log, {quit} "
              "quits.")
COMMAND_WORDS = {"help": "'?'", "log": "'log'", "quit": "'q'"}  # what a player types


def help_text(notation_help: str) -> str:
    """The terminal's help for a game, in the language in force: how its moves are written
    (``notation_help``, the game's, its notation's words filled in), and the commands."""
    return (f"{_(notation_help).format_map(NOTATION)}\n"
            f"{_(COMMANDS).format_map(COMMAND_WORDS)}")


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
                self.say("\n" + _("Game over. {outcome}.").format(
                    outcome=view["outcome"]["text"]))
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
        self.say("\n" + (_("=== Round {round} of {rounds} ===") if view["rounds"] else
                         _("=== Round {round} ===")).format(round=view["round"],
                                                             rounds=view["rounds"]))
        for player in view["players"]:
            name = _("{name} ({title})").format(name=player["name"], title=player["title"]) if (
                player["title"]) else player["name"]
            points = n_("{n} point", "{n} points", player["score"]).format(n=player["score"])
            self.say("  " + _("{name}: {points}").format(name=name, points=points))

    def show_round_end(self, view: dict[str, Any]) -> None:
        self.say("\n" + _("Round over:"))
        for entry in view["last_round"]["results"]:
            self.say("  " + _("{title}: {name} (+{points})").format(
                title=entry["title"], name=entry["name"], points=entry["points"]))
        self.say(scores_text(view["players"], lambda player: str(player["name"])))

    def show_table(self, view: dict[str, Any]) -> None:
        others = []
        for p in view["players"]:
            if p["seat"] == view["seat"]:
                continue
            cards = n_("{n} card", "{n} cards", p["cards"]).format(n=p["cards"])
            if view["matchsticks"]:
                cards = _("{cards}, {sticks}").format(cards=cards, sticks=n_(
                    "{n} stick", "{n} sticks", p["sticks"]).format(n=p["sticks"]))
            state = _("out") if p["place"] else (_("passed") if p["passed"] else cards)
            others.append(_("{name} {state}").format(name=p["name"], state=state))
        self.say("\n" + _(" · ").join(others))
        if view["revolution"]:
            self.say(_("*** REVOLUTION: lower ranks are stronger ***"))
        if view["trick"]:
            top = view["trick"][-1]
            self.say(_("Table: {cards}  ({name}: {play})").format(
                cards=" ".join(map(show_card, top["cards"])),
                name=view["players"][top["seat"]]["name"], play=top["text"]))
        else:
            self.say(_("Table: empty — you lead"))
        hand = "  ".join(f"{i}:{show_card(c)}" for i, c in enumerate(view["hand"], 1))
        self.say(_("Your hand: {hand}").format(hand=hand))
        if view["matchsticks"]:
            self.say(_("Your matchsticks: {n}").format(n=view["players"][view["seat"]]["sticks"]))

    def human_turn(self, view: dict[str, Any]) -> bool:
        """Ask until the human makes a legal move; False when they quit."""
        self.show_table(view)
        prompt = _("Your move: ")
        if view["phase"] == "give":
            owed = view["owed"][0]
            prompt = _("Give {cards} to {name}: ").format(
                cards=n_("{n} card", "{n} cards", owed["count"]).format(n=owed["count"]),
                name=view["players"][owed["receiver"]]["name"])
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
            self.refused(result["error"]["message"])

    def ask(self, prompt: str, view: dict[str, Any]) -> str | None:
        """The player's next answer that is not a request for help or the log; None when
        they quit or the input ends."""
        while True:
            try:
                text = self.read(prompt).strip()
            except EOFError:
                self.say("\n" + _("Bye."))
                return None
            if text in ("q", "quit", "exit"):
                return None
            if text in ("?", "h", "help"):
                self.say(self.help)
                self.say(_("Legal: {moves}").format(
                    moves=_("; ").join(move["label"] for move in view["legal"])))
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
                self.say("  " + _("choose numbers from 1 to {last}").format(last=len(hand)))
                return None
            if len(set(words)) != len(words):
                self.say("  " + _("each card once, please"))
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
                self.refused(made["error"]["message"])
            return None
        for i, move in enumerate(matching, 1):
            self.say(f"  {i}) {move['label']}")
        answer = self.read(_("Which one (1-{last}, Enter to choose again)? ").format(
            last=len(matching))).strip()
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(matching):
            return str(matching[int(answer) - 1]["act"])
        return None

    def save_log(self) -> None:
        path = "tycoon-table-log.json"
        exported = self.session.export_log()
        if not exported["ok"]:
            self.say("  " + _("Not saved: {why}").format(why=exported["error"]["message"]))
            return
        with open(path, "w", encoding="utf-8") as f:
            json.dump(exported["log"], f, indent=1)
        self.say("  " + _("Saved to {path}").format(path=path))

    def refused(self, why: str) -> None:
        """Say why the engine refused the player's move."""
        self.say("  " + _("Not allowed: {why}").format(why=why))


class CorporationTerminal(TerminalGame):
    """Corporation at a terminal: secret commits, table talk, and the reveal."""

    def run(self) -> int:
        table = self.session.table
        assert table is not None
        self.say(self.help)
        while True:
            view = table_view(table)
            if view["phase"] == "over":
                self.say("\n" + _("Game over. {outcome}.").format(
                    outcome=view["outcome"]["text"]))
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
        self.say("\n" + _("=== Round {round} === (first to {target} points)").format(
            round=view["round"], target=view["target"]))
        self.say(scores_text(players, seat_label))
        for corporation in view["corporations"]:
            self.say(_("Corporation {value}: {members}").format(
                value=corporation["value"],
                members=_(", ").join(players[m]["name"] for m in corporation["members"])))
        for said in view["announcements"]:
            self.say("  " + _("{name}: \"{said}\"").format(name=players[said["seat"]]["name"],
                                                          said=said["text"]))
        waiting = [p["name"] for p in players if not p["committed"] and p["seat"] != view["seat"]]
        if waiting:
            self.say(_("Still to commit: {names}").format(names=_(", ").join(waiting)))
        self.say(_("Your cards: {cards}").format(
            cards=" ".join(show_card(card) for card in view["hand"])))

    def human_turn(self, view: dict[str, Any]) -> bool:
        self.show_table(view)
        while True:
            text = self.ask(_("Commit a card (its number), or say something: "), view)
            if text is None:
                return False
            if text.isascii() and text.isdigit():  # a card, by its number
                made = self.session.check_cards([text])
                if not made["ok"]:
                    self.refused(made["error"]["message"])
                    continue
                text = made["act"]
            result = self.session.act(text)
            if not result["ok"]:
                self.refused(result["error"]["message"])
                continue
            for line in (result["text"] or "").splitlines():
                self.say(f"  {line}")
            if result["kind"] == "commit":
                return True
            # After table talk the seat still has to commit.


def seat_label(player: dict[str, Any]) -> str:
    """A seat's name, with its bot's temperament where it has one: "Aiko (sly)"."""
    word = player.get("temperament")
    return _("{name} ({word})").format(name=player["name"], word=word) if word else (
        player["name"])


def scores_text(players: list[dict[str, Any]], name: Callable[[dict[str, Any]], str]) -> str:
    """The scores line: "Scores: Aiko 3, You 5", each player called ``name(player)``."""
    return _("Scores: {scores}").format(scores=_(", ").join(
        _("{name} {score}").format(name=name(player), score=player["score"])
        for player in players))
