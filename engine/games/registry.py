"""The games, one definition each, and the functions that play any of them.

A game is a ``Game`` entry below: its rules type, presets, player counts,
rules help, notation help, the explainer of its hints, its Hard bot's
settings, and its family. A ``Family`` is what games that play alike share:
the pure state machine (``initial_state``, ``legal_actions``, ``verify``,
``apply``, ``observe``, ``outcome``), what a seat may see of each step
(``seen_by``), the presenter that turns its observations into views and
words, and its bots' hooks. Everything else (the API, logs, bots, hints, the
command line) asks the registry, so no module outside a game's own decides
which game it is in. docs/ENGINE.md says how to add a game.

>>> rules = make_rules("tycoon", preset="tycoon-p5r", options={"rounds": 3})
>>> rules.order, rules.rounds, game_of(rules).title
('p5r', 3, 'Tycoon')
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.actions import NOTATION_HELP as CARD_NOTATION
from engine.core.actions import Action as CardAction
from engine.core.actions import Concealed
from engine.core.errors import BadOptions, IllegalAction
from engine.core.lazy import on_first_use
from engine.core.limits import shown
from engine.core.outcome import Outcome
from engine.games import climbing, corporation, matchstick, president, tycoon
from engine.games.climbing import ClimbObservation, ClimbState
from engine.games.corporation import CorpAction, CorpObservation, CorpState
from engine.views.climbing import ClimbPresenter
from engine.views.common import Presenter
from engine.views.corporation import CorpPresenter

if TYPE_CHECKING:
    from engine.bots.playout import CountsGame
    from engine.bots.search import Fared

# The bots, their search and the hints are imported when first used (engine.core.lazy).
CLIMBING_BOTS = "engine.bots.climbing"
CORPORATION_BOTS = "engine.bots.corporation"
PLAYOUT = "engine.bots.playout"
TEMPERAMENT = "engine.bots.temperament"

Rules = (tycoon.TycoonRules | president.PresidentRules | matchstick.MatchstickRules
         | corporation.CorporationRules)
State = ClimbState | CorpState
Observation = ClimbObservation | CorpObservation
Action = CardAction | CorpAction
Step = climbing.Step | CorpAction
"""What a seat may be shown of a game (``Family.seen_by`` decides how much)."""

Explainer = Callable[[Any, Any, Sequence[str], Mapping[Any, "Fared"]], str]
"""Why a legal move, in one line: ``explain(observation, action, names, fared)``, where
``fared`` is how the moves the Hard search compared fared in it (may be empty)."""


class OfAGame(Protocol):
    """Rules of any game (and anything else that names its game)."""

    @property
    def game(self) -> str: ...


class StartPosition(Protocol):
    """A position a logged game starts from instead of its first deal."""

    @property
    def players(self) -> int: ...
    def state(self, rules: Any, seed: int) -> State: ...
    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class FamilyBots:
    """How the bot levels play a family's games (engine.bots.levels): Greedy's move,
    Easy's and Normal's (``easy(observation, rng, temperament)``), Hard's move with the
    figures of its search (``hard(observation, rng, game, share, temperament)``, ``share``
    of the game's budget), whether Hard searches a position with a share
    (``searches(observation, game, share)``; else it answers at once, which says nothing
    of how long its searches take), and a bot seat's temperament
    (``temperament(seed, seat, level)``, None where the family's bots have none)."""

    greedy: Callable[[Any], Action]
    easy: Callable[[Any, random.Random, Any], Action]
    normal: Callable[[Any, random.Random, Any], Action]
    hard: Callable[[Any, random.Random, "Game", float, Any],
                   tuple[Action, Mapping[Any, "Fared"]]]
    searches: Callable[[Any, "Game", float], bool]
    temperament: Callable[[int, int, str], Any]


@dataclass(frozen=True, slots=True)
class Family:
    """What the games that play alike share. The functions take the family's own states,
    observations and actions."""

    name: str
    actions: tuple[type, ...]  # the family's action types; any other is refused
    initial_state: Callable[[Any, int, int], State]
    chance_action: Callable[[Any], Action | None]
    legal_actions: Callable[[Any, int], Sequence[Action]]
    verify: Callable[[Any, Any], None]
    apply: Callable[[Any, Any], State]
    observe: Callable[[Any, int], Observation]
    outcome: Callable[[Any], Outcome | None]
    seats_to_act: Callable[[Any], tuple[int, ...]]  # in the order they are asked
    # what a selection could make, legal or not (several where cards act as several values)
    moves_of_cards: Callable[[Any, int, Sequence[str]], Sequence[Action]]
    event_of: Callable[[Any, Any], Step]  # the step an action makes in a state
    seen_by: Callable[[Any, int], Step | Concealed]  # what a seat may see of a step
    presenter: Callable[[Sequence[str], Sequence[str | None]], Presenter]  # names, temperaments
    bots: FamilyBots
    read_start: Callable[[Any], StartPosition] | None  # a logged start; None: always dealt
    rankings: Callable[[Any], tuple[tuple[int, ...], ...]]  # each seat's places, 0 best
    ranked: str  # what a ranking ranks: "rounds" or "games"


@dataclass(frozen=True, slots=True)
class Game:
    """One game: everything the engine, its front ends and its bots need to know of it."""

    name: str
    title: str
    description: str  # one line, for the lobby
    rules: type[Rules]
    presets: Mapping[str, Rules]
    preset_titles: Mapping[str, str]  # each preset's name in a lobby
    players: tuple[int, ...]
    default_players: int
    help: tuple[str, ...]  # the rules as the help screen tells them
    notation_help: str  # how a move is written at a terminal
    family: Family
    explain: Explainer
    hard_budget: int  # moves Hard simulates per decision; 0 where its family sets its own
    counts: Callable[[Any], "CountsGame | None"] | None  # Hard's quick playouts, where modelled
    on_table: bool  # the app's lobby offers it (its phone table is done)
    tutorial: Mapping[str, Any]  # its guided first trick, a scenario (engine.scenario)


class FamilyModule(Protocol):
    """What a family's game module defines, by these names (engine.games.climbing,
    engine.games.corporation): its action types and its pure functions."""

    ACTIONS: tuple[type, ...]

    def initial_state(self, rules: Any, players: int, seed: int) -> State: ...
    def chance_action(self, state: Any) -> Action | None: ...
    def legal_actions(self, state: Any, seat: int) -> Sequence[Action]: ...
    def verify(self, state: Any, action: Any) -> None: ...
    def apply(self, state: Any, action: Any) -> State: ...
    def observe(self, state: Any, seat: int) -> Observation: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def seats_to_act(self, state: Any) -> tuple[int, ...]: ...
    def moves_of_cards(self, state: Any, seat: int, cards: Sequence[str]) -> Sequence[Action]:
        ...
    def event_of(self, state: Any, action: Any) -> Step: ...
    def seen_by(self, step: Any, seat: int) -> Step | Concealed: ...
    def rankings(self, state: Any) -> tuple[tuple[int, ...], ...]: ...


def family(name: str, rules: FamilyModule,
           presenter: Callable[[Sequence[str], Sequence[str | None]], Presenter],
           bots: FamilyBots, read_start: Callable[[Any], StartPosition] | None,
           ranked: str) -> Family:
    """A family from its game module's functions, its presenter and its bots."""
    return Family(
        name=name, actions=rules.ACTIONS, initial_state=rules.initial_state,
        chance_action=rules.chance_action, legal_actions=rules.legal_actions,
        verify=rules.verify, apply=rules.apply, observe=rules.observe, outcome=rules.outcome,
        seats_to_act=rules.seats_to_act, moves_of_cards=rules.moves_of_cards,
        event_of=rules.event_of, seen_by=rules.seen_by, presenter=presenter, bots=bots,
        read_start=read_start, rankings=rules.rankings, ranked=ranked)


def lazy_bots(module: str, easy: str, normal: str, temperament: str) -> FamilyBots:
    """A family's bot hooks, each imported from ``module`` at its first call (``greedy``,
    ``hard`` and ``searches`` by those names, Easy and Normal by theirs), and its seats'
    temperaments by ``temperament`` of engine.bots.temperament."""
    return FamilyBots(greedy=on_first_use(module, "greedy"), easy=on_first_use(module, easy),
                      normal=on_first_use(module, normal), hard=on_first_use(module, "hard"),
                      searches=on_first_use(module, "searches"),
                      temperament=on_first_use(TEMPERAMENT, temperament))


CLIMBING = family(
    "climbing", climbing, ClimbPresenter,
    lazy_bots(CLIMBING_BOTS, "easy", "normal", temperament="none"),
    read_start=climbing.Start.from_json, ranked="rounds")

CORPORATION = family(
    "corporation", corporation, CorpPresenter,
    lazy_bots(CORPORATION_BOTS, "easy_choose", "normal_choose", temperament="draw"),
    read_start=None, ranked="games")

GAMES: dict[str, Game] = {game.name: game for game in (
    Game(name="tycoon", title="Tycoon",
         description="Daifugō: play higher sets, start revolutions, and be first out to "
                     "rule as Tycoon.",
         rules=tycoon.TycoonRules, presets=tycoon.PRESETS,
         preset_titles=tycoon.PRESET_TITLES, players=(3, 4), default_players=4,
         help=tycoon.RULES_HELP, notation_help=CARD_NOTATION, family=CLIMBING,
         explain=on_first_use("engine.hints.climbing", "explain"), hard_budget=40000,
         counts=on_first_use(PLAYOUT, "tycoon_counts"),
         on_table=True, tutorial=tycoon.TUTORIAL),
    Game(name="president", title="President",
         description="Climb from Beggar to President: 3 low, 2 high, Jokers trump.",
         rules=president.PresidentRules, presets=president.PRESETS,
         preset_titles=president.PRESET_TITLES,
         players=tuple(president.PLAYERS), default_players=5, help=president.RULES_HELP,
         notation_help=CARD_NOTATION, family=CLIMBING,
         explain=on_first_use("engine.hints.climbing", "explain"), hard_budget=48000,
         counts=on_first_use(PLAYOUT, "president_counts"), on_table=True,
         tutorial=president.TUTORIAL),
    Game(name="matchstick", title="Matchstick Tycoon",
         description="Seven-segment cards you turn and extend with matchsticks to beat the "
                     "table.",
         rules=matchstick.MatchstickRules, presets=matchstick.PRESETS,
         preset_titles=matchstick.PRESET_TITLES,
         players=tuple(matchstick.PLAYERS), default_players=4, help=matchstick.RULES_HELP,
         notation_help=matchstick.NOTATION_HELP, family=CLIMBING,
         explain=on_first_use("engine.hints.matchstick", "explain"), hard_budget=1200,
         counts=None, on_table=True,
         tutorial=matchstick.TUTORIAL),
    Game(name="corporation", title="Corporation",
         description="Everyone picks a card in secret, talks, and all turn over at once: "
                     "match to form Corporations, or stand alone for Profits.",
         rules=corporation.CorporationRules, presets=corporation.PRESETS,
         preset_titles=corporation.PRESET_TITLES,
         players=tuple(corporation.PLAYERS), default_players=5, help=corporation.RULES_HELP,
         notation_help=corporation.NOTATION_HELP, family=CORPORATION,
         explain=on_first_use("engine.hints.corporation", "explain"), hard_budget=0,
         counts=None, on_table=True,
         tutorial=corporation.TUTORIAL),
)}

PRESETS: dict[str, Rules] = {name: rules for game in GAMES.values()
                             for name, rules in game.presets.items()}


def game_of(rules: OfAGame) -> Game:
    """The registry's entry for the game ``rules`` are of."""
    return GAMES[rules.game]


def family_of(state: State | Observation) -> Family:
    return GAMES[state.rules.game].family


def make_rules(game: str, preset: str | None = None,
               options: dict[str, Any] | None = None) -> Rules:
    """Rules for ``game`` from a named preset (or the defaults) with options over it."""
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        raise BadOptions(f"unknown game {shown(game)}; the games are {', '.join(GAMES)}")
    if not isinstance(options or {}, dict):
        raise BadOptions("options are given as names and values, like {\"jokers\": 0}")
    base = None
    if preset is not None:
        base = entry.presets.get(preset) if isinstance(preset, str) else None
        if base is None:
            raise BadOptions(f"unknown preset {shown(preset)}; the presets of {game} are "
                             f"{', '.join(entry.presets)}")
    return entry.rules.from_options({**(base.options() if base else {}), **(options or {})})


def initial_state(rules: Rules, players: int, seed: int) -> State:
    """The game before anything happened: before the first deal, for the card games."""
    return game_of(rules).family.initial_state(rules, players, seed)


def new_game(rules: Rules, players: int, seed: int) -> State:
    """A game ready to play: its first round dealt from ``seed`` where there is a deal."""
    state = initial_state(rules, players, seed)
    deal = chance_action(state)
    return state if deal is None else apply(state, deal)


def chance_action(state: State) -> Action | None:
    """The deal due now, from the seed; None when chance is not to act."""
    return family_of(state).chance_action(state)


def seats_to_act(state: State) -> tuple[int, ...]:
    """The seats that may act now (``CHANCE`` for a deal), in the order they are asked:
    one seat in a climbing game, every seat still to commit in a Corporation round."""
    return family_of(state).seats_to_act(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    return list(family_of(state).legal_actions(state, seat))


def verify(state: State, action: Action) -> None:
    """Raise an ``IllegalAction`` that says why, unless ``action`` is legal now."""
    family_of(state).verify(state, _own(state, action))


def step(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalAction`` (state untouched) if illegal."""
    family = family_of(state)
    action = _own(state, action)
    family.verify(state, action)
    return family.apply(state, action)


def apply(state: State, action: Action) -> State:
    """``step`` without the check, for actions taken from ``legal_actions``."""
    return family_of(state).apply(state, action)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: its own cards and everything public (``seen_by``)."""
    return family_of(state).observe(state, seat)


def outcome(state: State) -> Outcome | None:
    return family_of(state).outcome(state)


def seen_step(before: State, action: Action, seat: int) -> Step | Concealed:
    """What ``seat`` may see of ``action``, taken in ``before``."""
    family = family_of(before)
    return family.seen_by(family.event_of(before, action), seat)


def parse_action(rules: Rules, text: str, seat: int | None = None) -> Action:
    """Read an action of ``rules``' game; raises ``BadNotation`` with what was wrong."""
    return rules.parse_action(text, seat)


def _own(state: State, action: Action) -> Action:
    """``action``, if it is an action of the state's game."""
    if not isinstance(action, family_of(state).actions):
        raise IllegalAction(f"{action} is not a {game_of(state.rules).title} action")
    return action


setup = climbing.setup
