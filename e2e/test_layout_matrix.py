"""The layout matrix: each game at four screen sizes (a phone upright, the same phone on
its side, a tall phone, a desktop) in each state a game passes through: your turn, a
hint's advice up, Matchstick's value picker open, Corporation's talk under way and its
Corporations formed, a won trick sweeping away, the guided trick's caption up, a round's
results, the exchange that starts a later round (Tycoon, President) and the first turn
after it, the cover while the phone passes between friends, and the game's results; and a
challenge's results in Tycoon: you and Mia side by side, then the standings of one sent
on by four players. Each game's matrix runs again in Japanese at the phone's two sizes
(the words are other words, of other lengths: a button's two lines, a cut label).

In every cell each card on the table lies wholly on screen and nothing covers it (the
page is asked what lies at each corner), the narration is whole and in sight, no
element is wider than its box, no text is cut with an ellipsis or off by the screen or
a box that clips it, no button's words take more than two lines, and every control
(button, list, field, card of the hand) lies on screen; a hint or the picker never takes
room from the felt, the picker keeps its choice in sight where it scrolls, and a swept
trick never lays its owners' names over the narration. A picture of each cell goes to
e2e-results/gallery/<game>-<players>p-<w>x<h>-<state>.png (``-ja`` before ``.png`` for
Japanese).

Pyodide boots once a game, at a saved position early in the game, a full hand and a
play to beat (your turn, the hint, the picker, talk, the sweep, then the guided trick
through the lobby's offer); the other counts' first turns, and the positions just after
your last move of the round before the last (a round's results, the exchange, the
game's results), are taken over from another tab. A challenge's game is opened at the
human's last move with its link kept, as a reload mid-game keeps it (a boot each). Every
size of a state is the same position, the viewport resized (a sweep is taken back and
made again between sizes).
"""

import json
import random
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.api import Session
from engine.config import GameConfig
from engine.play import challenge, sharing, turns
from engine.play.table import Table as Game
from engine.play.view import table_view
from test_table_layout import resize
from tycoon_page import (
    BASE_PATH,
    CHALLENGE_KEY,
    ROOT,
    SAVE_PATH,
    SAVES_CACHE,
    SETTINGS_KEY,
    TABLE_KEY,
    Table,
    site_key,
    stored_settings,
)

SIZES = [(360, 640), (640, 360), (390, 844), (1280, 800)]
PHONES = SIZES[:2]  # the sizes of the counts between the fewest, the default and the most
# The page's languages, and the sizes each is looked at: English at every size, Japanese at
# the phone's two.
LANGUAGE_SIZES = {"en": SIZES, "ja": PHONES}
GALLERY = ROOT / "e2e-results" / "gallery"
# The counts of players: each game's fewest, its default and its most (its catalogue's)
# see every state; your turn is seen besides where a phone held upright first lays the
# seats in two rows (five others), and in Corporation where they turn smaller (seven).
CATALOGUE = Session().games()["games"]
GAMES = ["tycoon", "president", "matchstick", "corporation"]
FEWEST = {game: int(CATALOGUE[game]["players"][0]) for game in GAMES}
DEFAULT = {game: int(CATALOGUE[game]["default_players"]) for game in GAMES}
MOST = {game: int(CATALOGUE[game]["players"][-1]) for game in GAMES}
BETWEEN = {"tycoon": [], "president": [6], "matchstick": [6], "corporation": [6, 8]}
COUNTS = {game: sorted({FEWEST[game], DEFAULT[game], MOST[game], *BETWEEN[game]})
          for game in GAMES}
# Short games: two rounds (President ends on its scores), and a low target in Corporation.
OPTIONS: dict[str, dict[str, Any]] = {"tycoon": {"rounds": 2}, "president": {},
                                      "matchstick": {"rounds": 2},
                                      "corporation": {"target_score": 12}}
# The deals the saves are looked for in, the first that has what a save needs (the first
# found for a late save of President, whose games are long, is tried first).
SEEDS = range(1, 80)
LATE_SEEDS = {("president", DEFAULT["president"]): 16, ("president", MOST["president"]): 9}
PACE = 900  # ms: a swept trick takes its full time (motion.LONGEST_MS)

# What a player would see as wrong in the cell on show, found in the page (a list of
# sentences, empty when all is well).
PROBLEMS = """() => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const name = e => e.id ? "#" + e.id : e.tagName.toLowerCase()
      + [...e.classList].map(c => "." + c).join("")
      + (e.textContent.trim() ? ` "${e.textContent.trim().slice(0, 40)}"` : "");
  const shown = e => {
    if (e.closest(".sr-only, .card .name, [hidden], details:not([open]) > :not(summary)")) {
      return false;
    }
    const box = e.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    const style = getComputedStyle(e);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const onScreen = b => b.left >= -0.5 && b.top >= -0.5 && b.right <= W + 0.5
      && b.bottom <= H + 0.5;
  const within = (b, f) => b.left >= f.left - 0.5 && b.top >= f.top - 0.5
      && b.right <= f.right + 0.5 && b.bottom <= f.bottom + 0.5;
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
      && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const scroller = e => {
    for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (/auto|scroll/.test(style.overflowY + style.overflowX)) return up;
    }
    return null;
  };
  // Each card on the table: wholly on screen, and itself at each of its corners.
  const cards = "#trick .play.current .card, #trick .corporation .card, "
      + ".opponent .face-up .card, #reveal .card";
  for (const card of document.querySelectorAll(cards)) {
    if (!shown(card)) continue;
    const b = card.getBoundingClientRect();
    if (!onScreen(b)) { problems.push(`${name(card)} is not wholly on screen`); continue; }
    // Just inside each corner (its rounding leaves the very corner to what lies under).
    for (const [x, y] of [[b.left + 3, b.top + 3], [b.right - 3, b.top + 3],
                          [b.left + 3, b.bottom - 3], [b.right - 3, b.bottom - 3]]) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === card || card.contains(hit))) {
        problems.push(`${name(card)} is covered at (${x | 0}, ${y | 0}) by `
                      + (hit ? name(hit) : "nothing"));
        break;
      }
    }
  }
  // The narration: whole, inside the middle of the table, and not covered.
  const told = document.querySelector("#table:not([hidden]) #last-event");
  if (told && shown(told) && told.textContent.trim()) {
    const b = told.getBoundingClientRect();
    const pile = told.closest(".pile").getBoundingClientRect();
    if (!onScreen(b) || !within(b, pile)) problems.push("the narration is cut off");
    const scrolls = /auto|scroll/.test(getComputedStyle(told).overflowY);
    if (scrolls ? told.scrollTop + told.clientHeight < told.scrollHeight - 1
                : told.scrollHeight > told.clientHeight + 1) {
      problems.push("the narration does not show its last line");
    }
    // (The exchange's sheet, which tells every card changing hands, lies over the felt
    // while they do.)
    const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    if (document.body.dataset.sheet !== "exchange" && (!hit || !told.contains(hit))) {
      problems.push(`the narration is covered by ${hit ? name(hit) : "nothing"}`);
    }
  }
  // No box overflows, and no text is cut with an ellipsis; measured with the hand's fan
  // untilted (it leans its end cards a little past the hand, by design: each card is
  // checked on screen below).
  const fan = [...document.querySelectorAll("#hand .card")];
  for (const card of fan) card.style.setProperty("transform", "none", "important");
  // The lobby is a page that scrolls: of it, only the statistics are checked (scrolled
  // into sight).
  const lobby = document.querySelector("#lobby:not([hidden])");
  const inScope = e => !lobby || e.closest("#stats") !== null;
  const parts = document.querySelectorAll(
      "#table:not([hidden]), #table:not([hidden]) *, #results:not([hidden]), "
      + "#results:not([hidden]) *, #stats[open], #stats[open] *");
  for (const e of parts) {
    if (e instanceof SVGElement || !shown(e)) continue;
    const style = getComputedStyle(e);
    if (style.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth) {
      problems.push(`${name(e)} is cut with an ellipsis`);
    } else if (style.webkitLineClamp !== "none" && e.scrollHeight > e.clientHeight + 1) {
      problems.push(`${name(e)} is cut after ${style.webkitLineClamp} lines`);
    } else if (e.clientWidth && e.scrollWidth > e.clientWidth + 1
               && !/auto|scroll/.test(style.overflowX)) {
      problems.push(`${name(e)} is wider than its box (${e.scrollWidth} > ${e.clientWidth})`);
    }
  }
  // No text is taller or wider than its box, and nothing scrolls but what says it does,
  // and only the way it says: data-scrolls="down" (the talk, the results, a caption),
  // "across" (every round's points).
  const own = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  for (const e of parts) {
    if (e instanceof SVGElement || !shown(e) || !e.clientWidth) continue;
    const style = getComputedStyle(e);
    // (A card's corner and pip are drawn on its face, not set in a box: a symbol font's
    // glyph may stand past its line, and the card is checked whole and uncovered.)
    const drawn = e.closest(".card") !== null;
    const wide = e.scrollWidth - e.clientWidth, tall = e.scrollHeight - e.clientHeight;
    const scrolls = /auto|scroll/.test(style.overflowX + style.overflowY);
    const says = e.dataset.scrolls || "";
    if (scrolls && wide > 1 && says !== "across") {
      problems.push(`${name(e)} scrolls across by ${wide} px`);
    } else if (scrolls && tall > 1 && says !== "down") {
      problems.push(`${name(e)} scrolls down by ${tall} px`);
    } else if (!scrolls && !drawn && own(e) && tall > 1) {
      problems.push(`${name(e)}'s text is taller than its box`
                    + ` (${e.scrollHeight} > ${e.clientHeight})`);
    }
  }
  for (const card of fan) card.style.removeProperty("transform");
  // Nothing of the table is cut off: each thing on show lies on screen, or inside the box
  // that clips it (one that scrolls is checked itself). The hand's fan and the plays
  // stacked under the play to beat are moved by design (the cards are checked apart).
  const table = document.querySelector("#table:not([hidden])");
  for (const e of table ? table.querySelectorAll("*") : []) {
    if (e instanceof SVGElement || e.closest("#hand, .play:not(.current)") || !shown(e)) {
      continue;
    }
    const b = e.getBoundingClientRect();
    let frame = {left: 0, top: 0, right: W, bottom: H}, by = "the screen";
    for (let up = e.parentElement; up && up !== table; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (/auto|scroll/.test(style.overflowY + style.overflowX)) { frame = null; break; }
      if (/hidden|clip/.test(style.overflowY + style.overflowX)) {
        frame = up.getBoundingClientRect();
        by = name(up);
        break;
      }
    }
    if (frame && !(b.left >= frame.left - 1 && b.top >= frame.top - 1
                   && b.right <= frame.right + 1 && b.bottom <= frame.bottom + 1)) {
      problems.push(`${name(e)} is cut off by ${by}`);
    }
  }
  // A button's words take two lines at most (the picker's rows and the hand's cards are
  // not labels).
  for (const button of document.querySelectorAll("button")) {
    if (!shown(button) || !inScope(button)
        || button.closest("#hand, #values, dialog:not([open])")) continue;
    const tops = [];
    const words = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      if (!node.textContent.trim() || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1) tops.push(r.top);
    }
    const lines = tops.sort((a, b) => a - b).filter((top, i) => i === 0 || top - tops[i - 1] > 6);
    if (lines.length > 2) problems.push(`${name(button)} takes ${lines.length} lines`);
  }
  // Every control on screen: in its own scrolled box, that box on screen.
  const controls = "button, select, input, [role=button], #hand .card";
  for (const control of document.querySelectorAll(controls)) {
    if (!shown(control) || !inScope(control) || control.closest("dialog:not([open])")) {
      continue;
    }
    const box = scroller(control);
    const b = (box || control).getBoundingClientRect();
    if (!onScreen(b)) problems.push(`${name(control)} is not wholly on screen`);
  }
  // The sheets over the hand never reach the felt.
  const felt = document.querySelector("#table:not([hidden]) .felt");
  for (const sheet of document.querySelectorAll(".me > .hint.advice, .me > .values")) {
    if (felt && shown(sheet) && meets(sheet.getBoundingClientRect(),
                                      felt.getBoundingClientRect())) {
      problems.push(`${name(sheet)} lies over the felt`);
    }
  }
  // The picker, where it scrolls, keeps its choice (else its first) in sight.
  const picker = document.querySelector("#values:not([hidden])");
  const choice = picker && (picker.querySelector(".value[aria-checked=true]")
                            || picker.querySelector(".value"));
  if (choice && shown(picker) && !within(choice.getBoundingClientRect(),
                                         picker.getBoundingClientRect())) {
    problems.push(`the picker's choice ${name(choice)} is out of sight`);
  }
  // A trick swept away shows no owner's name, and none of it over the narration.
  for (const ghost of document.querySelectorAll(".ghost")) {
    if ([...ghost.querySelectorAll(".who")].some(shown)) {
      problems.push("a swept play shows its owner's name");
    }
    for (const card of ghost.querySelectorAll(".card")) {
      if (told && shown(told) && meets(card.getBoundingClientRect(),
                                       told.getBoundingClientRect())) {
        problems.push("a swept card lies over the narration");
      }
    }
  }
  return problems;
}"""

# Until every finite animation on the page has run (a fade, a card arriving); a paused
# one (a sweep held for the picture) is left as it is.
SETTLED = """async () => {
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  await Promise.all(document.getAnimations()
      .filter(a => a.playState === "running"
                   && a.effect.getComputedTiming().endTime !== Infinity)
      .map(a => a.finished.catch(() => null)));
}"""

# Holds each trick swept away where a quarter of its way takes it, until released.
HOLD_SWEEPS = """() => {
  if (window.__held) return;
  window.__held = [];
  new MutationObserver(records => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!node.classList || !node.classList.contains("ghost")) continue;
        for (const animation of node.getAnimations()) {
          animation.pause();
          animation.currentTime = animation.effect.getComputedTiming().duration / 4;
        }
        window.__held.push(node);
      }
    }
  }).observe(document.body, {childList: true});
}"""
RELEASE_SWEEPS = """() => {
  for (const ghost of window.__held.splice(0)) {
    for (const animation of ghost.getAnimations()) animation.finish();
  }
}"""


class Matrix:
    """One game's cells: the problems found in each, and the felt's box at each size in
    your turn's cell (a sheet over the hand must leave it as it is)."""

    def __init__(self, table: Table, game: str, language: str = "en") -> None:
        self.table = table
        self.game = game
        self.language = language
        self.sizes = LANGUAGE_SIZES[language]
        self.players = DEFAULT[game]  # the count of the game on show
        self.problems: list[str] = []
        self.felt: dict[tuple[int, int, int], dict[str, float]] = {}
        GALLERY.mkdir(parents=True, exist_ok=True)

    @property
    def page(self) -> Page:
        return self.table.page

    def cell(self, state: str, width: int, height: int, sheet: bool = False) -> None:
        """Check the cell on show, and take its picture. ``sheet``: a sheet is up over
        the hand, so the felt must lie as it did in your turn's cell."""
        page = self.page
        page.evaluate(SETTLED)
        where = f"{self.game} {self.players}p {width}x{height} {state}"
        self.problems += [f"{where}: {problem}" for problem in page.evaluate(PROBLEMS)]
        felt = page.eval_on_selector(".felt", """felt => {
            const b = felt.getBoundingClientRect();
            return {x: b.left, y: b.top, width: b.width, height: b.height};
        }""") if page.is_visible("#table") else None
        if state == "turn" and felt is not None:
            self.felt[self.players, width, height] = felt
        elif sheet and felt is not None:
            before = self.felt.get((self.players, width, height))
            if before is not None and any(abs(before[k] - felt[k]) > 1 for k in before):
                self.problems.append(f"{where}: the felt moved from {before} to {felt}")
        language = "" if self.language == "en" else f"-{self.language}"
        page.screenshot(
            path=GALLERY / f"{self.game}-{self.players}p-{width}x{height}-{state}{language}.png",
            scale="css")

    def every_size(self, state: str, sheet: bool = False,
                   sizes: list[tuple[int, int]] = SIZES, scroll_to: str | None = None) -> None:
        """The cell at each of ``sizes`` the language is looked at, the page scrolled to
        ``scroll_to`` if given."""
        for width, height in [size for size in sizes if size in self.sizes]:
            resize(self.page, width, height)
            if scroll_to is not None:
                self.page.eval_on_selector(scroll_to, "e => e.scrollIntoView({block: 'start'})")
            self.cell(state, width, height, sheet)
        resize(self.page, *SIZES[0])


# ------------------------------------------------------------ saved games, made here


def new_game(game: str, players: int, seed: int) -> Game:
    return Game.create(GameConfig.read({"game": game, "seed": seed, "options": OPTIONS[game],
                                        "seats": ["human"] + ["easy"] * (players - 1)}))


def bots_play(game: Game) -> None:
    """The bots' (and the deals') moves, up to the human's turn or the end."""
    while turns.advance(game) is not None:
        pass


def play_first(game: Game) -> None:
    """The human's move while the saves are made: the first play offered, else the first
    move (a pass, a commit)."""
    legal = table_view(game)["legal"]
    game.act(next((move for move in legal if move["cards"]), legal[0])["act"])


def needs_picking(moves: list[dict[str, Any]]) -> bool:
    """As the page's controls decide: several moves of the same cards, or one that turns
    or adds to them."""
    return len(moves) > 1 or any(face["turned"] or face["added"]
                                 for move in moves for face in move.get("faces", ()))


def picked_by_hint(game: Game) -> bool:
    """Whether the hint at the human's turn advises cards the picker asks a value for (it
    then opens with the advice: both sheets up)."""
    cards = sorted(turns.hint(game)["cards"])
    return bool(cards) and needs_picking([move for move in table_view(game)["legal"]
                                          if sorted(move["cards"]) == cards])


def trick_won(game: Game) -> dict[str, Any] | None:
    """A play of the human's after which every other seat passes and the trick is the
    human's (then the table waits for the human's lead), or None."""
    view = table_view(game)
    for move in view["legal"]:
        if not move["cards"] or len(move["cards"]) == len(view["hand"]):
            continue
        trial = Game.from_log(sharing.export_log(game))
        trial.act(move["act"])
        while (action := turns.advance(trial)) is not None:
            if not str(action).endswith(":pass"):
                break
        else:
            after = table_view(trial)
            if (after["your_turn"] and not after["trick"] and after["phase"] == "play"
                    and trial.state.round_no == game.state.round_no):
                return dict(move)
    return None


def early_save(game_name: str) -> tuple[dict[str, Any], dict[str, Any] | None, list[str]]:
    """A saved game of the default count at the human's turn early in the game, a play to
    beat on the table and a full hand: the log, the human's play that wins the trick
    (None in Corporation, at its first turn after two bots or more have talked, so that
    the talk has several lines once the human has said something), and cards the picker
    asks a value for (Matchstick, where the hint advises such cards too). The first deal
    that has one."""
    for seed in SEEDS:
        game = new_game(game_name, DEFAULT[game_name], seed)
        for _ in range(60):
            bots_play(game)
            view = table_view(game)
            if game_name == "corporation":
                if len(view["announcements"]) >= 2:
                    return sharing.export_log(game), None, []
                break
            if view["phase"] == "play" and view["trick"] and len(view["hand"]) >= 8:
                won = trick_won(game)
                by_cards: dict[tuple[str, ...], list[dict[str, Any]]] = {}
                for move in view["legal"]:
                    if move["cards"]:
                        by_cards.setdefault(tuple(sorted(move["cards"])), []).append(move)
                picked = next((list(cards) for cards, moves in by_cards.items()
                               if needs_picking(moves)), [])
                if won is not None and (game_name != "matchstick"
                                        or (picked and picked_by_hint(game))):
                    return sharing.export_log(game), won, picked
            if view["outcome"] is not None or len(view["hand"]) < 8:
                break
            play_first(game)
    raise AssertionError(f"no such position in {game_name}'s deals")


def first_turn(game_name: str, players: int) -> dict[str, Any]:
    """A saved game of ``players`` at the human's first turn with a play to beat (the
    bots' talk said, in Corporation), in the first deal that has one."""
    for seed in SEEDS:
        game = new_game(game_name, players, seed)
        bots_play(game)
        view = table_view(game)
        if game_name == "corporation" or view["trick"]:
            return sharing.export_log(game)
    raise AssertionError(f"no deal of {game_name} for {players} starts so")


def corporations_formed(players: int) -> dict[str, Any]:
    """A saved game of Corporation of ``players`` at the human's turn with two
    Corporations on the table, the human in one and the bots' talk said (what it tells
    then is longest), in the first deal that has one."""
    for seed in SEEDS:
        game = new_game("corporation", players, seed)
        while True:
            bots_play(game)
            view = table_view(game)
            if view["outcome"] is not None:
                break
            mine = [c for c in view["corporations"] if view["seat"] in c["members"]]
            if len(view["corporations"]) >= 2 and mine and view["announcements"]:
                return sharing.export_log(game)
            play_first(game)
    raise AssertionError(f"no deal of Corporation for {players} forms two Corporations")


def friends_save(game_name: str) -> dict[str, Any]:
    """A saved game of the default count for Ken, Mia and bots, at a person's first turn
    (a reload, or another tab's save, opens it at the cover)."""
    game = Game.create(GameConfig.read({
        "game": game_name, "seed": SEEDS[0], "options": OPTIONS[game_name],
        "seats": ["human", "human"] + ["easy"] * (DEFAULT[game_name] - 2),
        "people": ["Ken", "Alexandra-Louise"] + [None] * (DEFAULT[game_name] - 2)}))
    bots_play(game)
    return sharing.export_log(game)


def late_save(game_name: str, players: int, place: int | None) -> dict[str, Any]:
    """A saved game just after the human's last move of the round before the last (the
    game played to its end here, the human playing first what it can), in the first deal
    where the human finishes that round at ``place`` (0 first, -1 last; None: any). The
    bots finish that round when it is opened."""
    hint = LATE_SEEDS.get((game_name, players))
    for seed in [hint, *SEEDS] if hint is not None else SEEDS:
        game = new_game(game_name, players, seed)
        moved: list[tuple[int, dict[str, Any]]] = []
        while table_view(game)["outcome"] is None:
            bots_play(game)
            if table_view(game)["outcome"] is not None:
                break
            round_no = game.state.round_no
            play_first(game)
            moved.append((round_no, sharing.export_log(game)))
        last = game.state.round_no
        if place is None or game.state.places[last - 2][place] == 0:
            return [log for round_no, log in moved if round_no == last - 1][-1]
    raise AssertionError(f"in no deal of {game_name} does the human finish at {place}")


# A challenge (issue 67) of a deal of Tycoon, and its players' names, one as long as a name
# may be (16 characters).
CHALLENGE_DEAL = {"game": "tycoon", "seed": SEEDS[0], "options": OPTIONS["tycoon"],
                  "seats": ["human"] + ["easy"] * (DEFAULT["tycoon"] - 1), "undo": False}
CHALLENGERS = ["Mia", "Alexandra-Louise", "Ken", "Noor"]


def challenge_of(names: list[str]) -> str:
    """The link (its fragment, "#v=1&…&runs=…") of a challenge of ``CHALLENGE_DEAL`` sent
    by ``names[0]`` and sent on by each of the others in turn, each playing moves drawn
    at random."""
    fragment: str | None = None
    for number, name in enumerate(names):
        config = (CHALLENGE_DEAL if fragment is None
                  else Session().read_challenge(fragment)["config"])
        game = Game.create(GameConfig.read(config))
        rng = random.Random(number)
        while True:
            bots_play(game)
            view = table_view(game)
            if view["outcome"] is not None:
                break
            game.act(rng.choice(view["legal"])["act"])
        fragment = "#" + challenge.challenge_link(game, name, fragment)
    assert fragment is not None
    return fragment


def challenge_save(fragment: str) -> dict[str, Any]:
    """A saved game of the challenge at ``fragment``, dealt as its reader's page deals it,
    just before the human's last move."""
    game = Game.create(GameConfig.read(Session().read_challenge(fragment)["config"]))
    before_last: dict[str, Any] | None = None
    while True:
        bots_play(game)
        if table_view(game)["outcome"] is not None:
            assert before_last is not None
            return before_last
        before_last = sharing.export_log(game)
        play_first(game)


# ------------------------------------------------------------ the page


def open_save(table: Table, log: dict[str, Any], settings: dict[str, Any],
              local: dict[str, str] | None = None) -> None:
    """Open the app on ``log``, saved as the worker keeps it, with ``settings`` (and
    ``local``'s other keys), and resume it; the table kept from an earlier game is
    forgotten first."""
    if table.page.url.startswith(table.site.url):
        # The service worker an earlier visit installed would answer the blank page the
        # save is written from (Playwright's routes never see what it answers).
        table.page.evaluate("""async () => {
            for (const registration of await navigator.serviceWorker.getRegistrations()) {
                await registration.unregister();
            }
        }""")
    table.store_before_opening(save=json.dumps(log),
                               local={SETTINGS_KEY: stored_settings(**settings), **(local or {})})
    table.page.evaluate("key => localStorage.removeItem(key)", TABLE_KEY)
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()


# The lock a tab holds its game with (web/tabs.mjs): the app's own game, of this site.
GAME_LOCK = site_key(BASE_PATH, "game ")
# Another tab of the site takes the game, and leaves its save as ``log``.
LEAVE_SAVE = """async ([lock, cacheName, url, log]) => {
    await navigator.locks.request(lock, {steal: true}, async () => {
        await (await caches.open(cacheName)).put(url, new Response(log));
    });
}"""


def take_over(matrix: Matrix, log: dict[str, Any], players: int,
              ready: str = "") -> None:
    """The game of ``log`` (of ``players``) on the table, the engine kept up: as when a
    second tab plays a game and the player comes back to this one (Play here), which
    goes on from that tab's save. The second tab is a blank page of the site's origin
    (outside the service worker's scope, which would answer it unrouted)."""
    table = matrix.table
    other = table.page.context.new_page()
    blank = table.site.origin + "/blank-test-page.html"
    other.route(blank, lambda route: route.fulfill(
        body='<!doctype html><title>blank</title><link rel="icon" href="data:,">',
        content_type="text/html"))
    other.goto(blank)
    other.evaluate(LEAVE_SAVE, [GAME_LOCK, SAVES_CACHE, table.site.origin + SAVE_PATH,
                                json.dumps(log)])
    other.close()
    table.page.wait_for_selector("#elsewhere:not([hidden])")
    table.page.tap("#elsewhere-play")
    table.page.wait_for_selector("#elsewhere", state="hidden")
    matrix.players = players
    if table.page.is_visible("#resume"):  # taken back in the lobby: the game waits there
        table.page.tap("#resume")
    if ready:
        table.page.wait_for_selector(ready)
    else:
        table.wait_for_my_turn()


def select(table: Table, cards: list[str]) -> None:
    """Select exactly ``cards`` (ids) in the hand: a card tapped at a time, unless a tap
    selected the rest with it (a tap selects a whole play)."""
    hand = table.hand()
    for _ in range(2 * len(cards) + 1):
        pressed = table.page.eval_on_selector_all(
            "#hand .card[aria-pressed=true]", "cards => cards.map(c => Number(c.dataset.index))")
        held = Counter(hand[index] for index in pressed)
        if held == Counter(cards):
            return
        if held - Counter(cards):
            clear_selection(table)
            continue
        missing = next(iter(Counter(cards) - held))
        table.tap_card(next(index for index, card in enumerate(hand)
                            if card == missing and index not in pressed))
    raise AssertionError(f"{cards} could not be selected in {hand}")


def make(table: Table, move: dict[str, Any]) -> None:
    """Make ``move`` (one of the view's) through the hand, the picker and Play."""
    page = table.page
    moves = table.moves()
    select(table, move["cards"])
    page.wait_for_selector("#play[aria-disabled=false], #values:not([hidden])")
    if page.is_visible("#values"):
        page.tap(f"#values .value[data-act='{move['act']}']")
    page.wait_for_selector("#play[aria-disabled=false]")
    page.tap("#play")
    table.wait_for_moves_after(moves)


def clear_selection(table: Table) -> None:
    table.page.keyboard.press("Escape")
    table.page.wait_for_selector("#hand .card[aria-pressed=true]", state="detached")


def early_states(matrix: Matrix, won: dict[str, Any] | None, picked: list[str]) -> None:
    """Your turn, the hint (in Matchstick with the picker it opens), the picker
    (Matchstick), talk of several lines (Corporation) and the trick won and swept away at
    every size (the move taken back between sizes)."""
    table, page = matrix.table, matrix.page
    matrix.every_size("turn")
    page.tap("#hint-button")
    page.wait_for_selector("#hint.advice")
    if matrix.game == "matchstick":  # the hint advises cards that need a value: both up
        page.wait_for_selector("#values:not([hidden]) .value[aria-checked=true]")
    matrix.every_size("hint", sheet=True)
    page.tap("#sheet-close")
    page.wait_for_selector("#hint.advice", state="detached")
    clear_selection(table)
    if picked:
        select(table, picked)
        page.wait_for_selector("#values:not([hidden])")
        matrix.every_size("picker", sheet=True)
        clear_selection(table)
    if matrix.game == "corporation":
        moves = table.moves()
        act = page.eval_on_selector("#say option", "option => option.value")
        page.select_option("#say", act)
        page.tap("#say-button")
        table.wait_for_moves_after(moves)
        table.wait_for_my_turn()
        page.wait_for_function("() => document.querySelectorAll('#talk-lines li').length > 2")
        matrix.every_size("talk")
    if won is None:
        return
    page.evaluate(HOLD_SWEEPS)
    for width, height in matrix.sizes:
        resize(page, width, height)
        make(table, won)
        page.wait_for_function("() => window.__held.length > 0")
        table.wait_for_my_turn()
        matrix.cell("clearing", width, height)
        page.evaluate(RELEASE_SWEEPS)
        moves = table.moves()
        page.tap("#undo")
        page.wait_for_function("moves => Number(document.querySelector('#table')"
                               ".dataset.moves) < moves", arg=moves)
        table.wait_for_my_turn()
    resize(page, *SIZES[0])


def guided_states(matrix: Matrix) -> None:
    """The guided trick, from the lobby's offer, at the caption that asks for the
    player's own move (in Matchstick with its picker open)."""
    table, page = matrix.table, matrix.page
    table.leave_table()
    table.choose_game(matrix.game, DEFAULT[matrix.game])  # at once, from now on
    table.deal()
    page.tap("#confirm-new button[value=new]")  # the game in progress is given up
    page.tap("#offer-guided button[value=show]")
    page.wait_for_selector("#script:not([hidden])")
    for _ in range(10):  # Next, caption by caption, to the player's own move
        page.wait_for_selector("#script-next[aria-disabled=false], #table[data-turn=you]")
        if page.get_attribute("#table", "data-turn") == "you":
            break
        step = page.inner_text("#script-title")
        page.tap("#script-next")
        page.wait_for_function("""step => document.querySelector("#table").dataset.turn
            === "you" || document.querySelector("#script-title").textContent !== step""",
                               arg=step)
    table.wait_for_my_turn()
    scripted = page.evaluate("""key => JSON.parse(localStorage.getItem(key)).view.legal
        .filter(move => move.cards.length).map(move => move.cards)""", TABLE_KEY)
    if matrix.game == "matchstick":
        select(table, scripted[0])
        page.wait_for_selector("#values:not([hidden])")
    matrix.every_size("guided")


def other_counts(matrix: Matrix) -> None:
    """Your first turn at every other count the matrix takes: the fewest and the most at
    every size, those between at the phones' sizes."""
    game = matrix.game
    for players in COUNTS[game]:
        if players != DEFAULT[game]:
            take_over(matrix, first_turn(game, players), players)
            edge = players in (FEWEST[game], MOST[game])
            matrix.every_size("turn", sizes=SIZES if edge else PHONES)


def late_states(matrix: Matrix) -> None:
    """From the last turns of the round before the last: the round's results, the next
    round's exchange (Tycoon, President: your give chosen, or every card handed over and
    your lead), your first turn once the exchange is put away, and the game's results."""
    table, page = matrix.table, matrix.page
    exchanges = matrix.game in ("tycoon", "president")
    seen: set[str] = set()
    for _ in range(300):
        table.wait_for_my_turn()
        screen = page.get_attribute("body", "data-screen")
        if screen == "game-results":
            matrix.every_size("game-results")
            return
        if screen == "round-results":
            if "round-results" not in seen:
                matrix.every_size("round-results")
                seen.add("round-results")
            page.tap("#results-next")
            page.wait_for_selector("#results", state="hidden")
            continue
        if exchanges and "round-results" in seen and "exchange" not in seen:
            page.wait_for_selector("#exchange:not([hidden])")
            asked = table.asked_to_give()
            if asked:  # your give, chosen: Give names the cards
                select(table, table.hand()[:asked])
                page.wait_for_selector("#play[aria-disabled=false]")
            else:  # every card handed over, and the lead yours: the sheet's last line
                page.wait_for_selector("#exchange[data-done=true]")
            matrix.every_size("exchange")
            seen.add("exchange")
            if asked:
                clear_selection(table)
        if "exchange" in seen and "after-exchange" not in seen and (
                page.get_attribute("#exchange", "data-done") == "true"
                or page.is_hidden("#exchange")):
            if page.is_visible("#exchange-continue"):
                page.tap("#exchange-continue")
                page.wait_for_selector("#exchange", state="hidden")
            table.wait_for_my_turn()
            matrix.every_size("after-exchange")
            seen.add("after-exchange")
        table.take_a_quick_turn()
    raise AssertionError(f"{matrix.game} did not end within 300 turns")


def statistics(matrix: Matrix) -> None:
    """The lobby's statistics, the game just ended counted."""
    page = matrix.page
    page.tap("#results-lobby")
    page.wait_for_selector("#lobby:not([hidden])")
    page.tap("#stats summary")
    page.wait_for_selector("#stats[open] .stats-table")
    matrix.every_size("statistics", scroll_to="#stats")


@pytest.mark.parametrize("language", LANGUAGE_SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_state_at_every_count_and_size_keeps_the_table_whole(
        table: Table, game: str, language: str) -> None:
    matrix = Matrix(table, game, language)
    log, won, picked = early_save(game)
    others = [name for name in GAMES if name != game]  # this game's guided trick unseen
    open_save(table, log, {"pace": PACE, "guided": others, "language": language})
    table.page.wait_for_selector(f"body[data-language={language}]")  # the engine boots once
    early_states(matrix, won, picked)
    guided_states(matrix)  # the bots play at once from here on
    other_counts(matrix)
    exchanges = game in ("tycoon", "president")
    if exchanges:  # your give chosen in the exchange
        take_over(matrix, late_save(game, DEFAULT[game], 0), DEFAULT[game])
        late_states(matrix)
    # Friends at one phone: the cover, naming whom to pass it to (a long name).
    take_over(matrix, friends_save(game), DEFAULT[game], ready="#cover:not([hidden])")
    matrix.every_size("cover")
    if game == "corporation":  # two Corporations, yours one, and what they do told
        take_over(matrix, corporations_formed(DEFAULT[game]), DEFAULT[game])
        matrix.every_size("corporations", sizes=PHONES)
    # The most players; in an exchange, your lead once every card has changed hands.
    take_over(matrix, late_save(game, MOST[game], -1 if exchanges else None), MOST[game])
    late_states(matrix)
    statistics(matrix)
    assert not matrix.problems, "\n".join(matrix.problems)


def challenge_results(matrix: Matrix, fragment: str, runs: int, state: str) -> None:
    """The game's results of a challenge of ``runs`` players' runs, the player's run beside
    them, at every size: its game (the challenge kept with it, as a reload mid-game keeps
    it) opened at the human's last move, and played out."""
    table, page = matrix.table, matrix.page
    open_save(table, challenge_save(fragment), {"pace": 0},
              {CHALLENGE_KEY: json.dumps(fragment)})
    table.play_out_the_round()
    page.wait_for_selector("#challenge-part:not([hidden])")
    assert page.locator("#challenge-rows tr").count() == runs + 1
    matrix.every_size(state, scroll_to="#challenge-part")


def test_a_challenge_s_results_keep_the_table_whole(table: Table) -> None:
    """A challenge's results: you and Mia side by side, then the standings of a challenge
    sent on by four players (a name as long as a name may be among them)."""
    matrix = Matrix(table, "tycoon")
    challenge_results(matrix, challenge_of(CHALLENGERS[:1]), 1, "challenge-compared")
    expect(matrix.page.locator("#challenge-part-title")).to_have_text(
        "You and Mia, the same cards")
    challenge_results(matrix, challenge_of(CHALLENGERS), len(CHALLENGERS),
                      "challenge-standings")
    expect(matrix.page.locator("#challenge-part-title")).to_have_text(
        f"Standings: {len(CHALLENGERS) + 1} players, the same cards")
    assert not matrix.problems, "\n".join(matrix.problems)
