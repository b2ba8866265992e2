"""The catalogue: the games, one definition each, and the functions that play any of them.

A game is a ``Game`` entry below: its rules type, presets, player counts,
rules help, notation help, the explainer of its hints, its Hard bot's
settings, and its family. A ``Family`` is what games that play alike share:
the pure state machine (``initial_state``, ``legal_actions``, ``verify``,
``apply``, ``observe``, ``outcome``), what a seat may see of each step
(``seen_by``), the presenter that turns its observations into views and
words, and its bots' hooks. This is the one module that names every game and its
parts; the bots, hints and playouts it names by module, imported at their first use
(engine.core.lazy), and mypy checks each against the type it is used as. All else (the
API, logs, players, command line) asks the catalogue, and nothing in a family imports
it, so no module outside a game's family decides which game it is in (docs/ENGINE.md).

>>> rules = make_rules("tycoon", preset="tycoon-p5r", options={"rounds": 3})
>>> rules.order, rules.rounds, game_of(rules).title
('p5r', 3, 'Tycoon')
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.core.actions import NOTATION_HELP as CARD_NOTATION
from engine.core.actions import Action as CardAction
from engine.core.actions import Concealed
from engine.core.actions import parse_action as parse_card_action
from engine.core.bots import Fared, HardSettings, Learning, Lesson
from engine.core.errors import BadNotation, BadOptions, IllegalAction
from engine.core.language import N_, _, p_, pN_
from engine.core.lazy import on_first_use
from engine.core.limits import shown
from engine.core.outcome import Outcome
from engine.core.presenter import Presenter
from engine.core.temperament import Temperament
from engine.families.climbing.rules import machine as climbing
from engine.families.climbing.rules import matchstick, president, tycoon, tycoon_presets
from engine.families.climbing.rules import positions as climbing_positions
from engine.families.climbing.rules import state as climbing_state
from engine.families.climbing.rules.state import ClimbingRules, ClimbObservation, ClimbState
from engine.families.climbing.words.contract import ClimbView
from engine.families.climbing.words.views import ClimbPresenter
from engine.families.corporation.rules import definition as corporation_rules
from engine.families.corporation.rules import machine as corporation
from engine.families.corporation.rules.definition import CorpAction, CorporationRules
from engine.families.corporation.rules.machine import CorpObservation, CorpState
from engine.families.corporation.words.contract import CorpView
from engine.families.corporation.words.views import CorpPresenter

if TYPE_CHECKING:
    from engine.families.climbing.bots.counts import CountsGame
    from engine.families.climbing.bots.search import Model

__all__ = ["FAMILIES", "GAMES", "PRESETS", "Action", "AnyFamily", "BotsModule", "Explainer",
           "Family", "FamilyBots", "Game", "Observation", "OfAGame", "Rules", "StartPosition",
           "State", "Step", "apply", "chance_action", "family_of", "game_of", "initial_state",
           "legal_actions", "make_rules", "new_game", "observe", "outcome", "parse_action",
           "play_on", "play_on_uecda_server", "replay_uecda_record", "seats_to_act",
           "seen_step", "setup", "step", "verify"]

# The bots, their search and the hints are imported when first used (engine.core.lazy).
CLIMBING_BOTS = "engine.families.climbing.bots.levels"

# Tycoon's seat at a UECda contest server (``python -m engine uecda``), and a record replayed.
play_on_uecda_server = on_first_use("engine.families.climbing.uecda.client", "play_on_server")
replay_uecda_record = on_first_use("engine.families.climbing.uecda.client", "replay")
CORPORATION_BOTS = "engine.families.corporation.bots.levels"
PLAYOUT = "engine.families.climbing.bots.playout"
MATCHSTICK_PLAYOUT = "engine.families.climbing.bots.matchstick_playout"
TEMPERAMENT = "engine.core.temperament"

Rules = (tycoon.TycoonRules | president.PresidentRules | matchstick.MatchstickRules
         | CorporationRules)
State = ClimbState | CorpState
Observation = ClimbObservation | CorpObservation
Action = CardAction | CorpAction
Step = climbing_state.Step | CorpAction
"""What a seat may be shown of a game (``Family.seen_by`` decides how much)."""

# A family's own types: its rules, states, observations, actions and steps.
RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ObsT = TypeVar("ObsT")
ObsContra = TypeVar("ObsContra", contravariant=True)
ActionT = TypeVar("ActionT")
StepT = TypeVar("StepT")

Explainer = Callable[[ObsT, ActionT, Sequence[str], Mapping[ActionT, Fared]], str]
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
    def state(self, rules: Any, seed: int) -> "State": ...
    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class FamilyBots(Generic[ObsT, ActionT]):
    """How the bot levels play a family's games (engine.players.levels): Greedy's move,
    Easy's and Normal's (``easy(observation, rng, temperament)``), the arena's frozen
    yardstick's (``normal_v1``, Normal's own where it has not changed), Hard's move with the
    figures of its search (``hard(observation, rng, settings, share, temperament)``,
    ``share`` of the game's budget), whether Hard searches a position with a share
    (``searches(observation, settings, share)``; else it answers at once, which says
    nothing of how long its searches take), and a bot seat's temperament
    (``temperament(seed, seat, level)``, None where the family's bots have none), and how
    they learn a move policy by self-play (``learning``, None where they learn none).
    Each is imported at its first call, so mypy takes the hooks' types on trust here."""

    greedy: Callable[[ObsT], ActionT]
    easy: Callable[[ObsT, random.Random, Temperament | None], ActionT]
    normal: Callable[[ObsT, random.Random, Temperament | None], ActionT]
    normal_v1: Callable[[ObsT, random.Random, Temperament | None], ActionT]
    hard: Callable[[ObsT, random.Random, HardSettings[Any], float, Temperament | None],
                   tuple[ActionT, Mapping[ActionT, Fared]]]
    searches: Callable[[ObsT, HardSettings[Any], float], bool]
    temperament: Callable[[int, int, str], Temperament | None]
    learning: Learning[ObsT] | None


@dataclass(frozen=True, slots=True)
class Family(Generic[RulesT, StateT, ObsT, ActionT, StepT]):
    """What the games that play alike share, over the family's own rules, states,
    observations, actions and steps (``RulesT``, ``StateT``, ``ObsT``, ``ActionT``,
    ``StepT``): mypy checks that the functions wired into a family agree on them."""

    name: str
    actions: tuple[type, ...]  # the family's action types; any other is refused
    initial_state: Callable[[RulesT, int, int], StateT]
    chance_action: Callable[[StateT], ActionT | None]
    legal_actions: Callable[[StateT, int], Sequence[ActionT]]
    verify: Callable[[StateT, ActionT], None]
    apply: Callable[[StateT, ActionT], StateT]
    observe: Callable[[StateT, int], ObsT]
    outcome: Callable[[StateT], Outcome | None]
    seats_to_act: Callable[[StateT], tuple[int, ...]]  # in the order they are asked
    # what a selection could make, legal or not (several where cards act as several values)
    moves_of_cards: Callable[[StateT, int, Sequence[str]], Sequence[ActionT]]
    event_of: Callable[[StateT, ActionT], StepT]  # the step an action makes in a state
    seen_by: Callable[[StepT, int], StepT | Concealed]  # what a seat may see of a step
    presenter: Callable[[Sequence[str], Sequence[str | None]], Presenter]  # names, temperaments
    view: type[Mapping[str, Any]]  # the TypedDict its presenter's view is (engine.core.schema)
    bots: FamilyBots[ObsT, ActionT]
    # a logged start, from its JSON; None where the family's games are always dealt
    read_start: Callable[[Any], StartPosition] | None
    setup: Callable[..., StateT]  # a position set up by hand (``engine.setup``): own arguments
    parse_action: Callable[[str, int | None], ActionT]  # its notation, where no rules name a game
    rankings: Callable[[StateT], tuple[tuple[int, ...], ...]]  # each seat's places, 0 best
    ranked: str  # what a ranking ranks: "rounds" or "games"


AnyFamily = Family[Any, Any, Any, Any, Any]
"""A family of any game: the catalogue holds several, each checked where it is made."""


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
    family: AnyFamily
    explain: Explainer[Any, Any]  # each module's checked below, under TYPE_CHECKING
    hard_budget: int  # moves Hard simulates per decision; 0 where its family sets its own
    counts: Callable[[Any], "CountsGame | None"] | None  # Hard's quick playouts, where modelled
    on_table: bool  # the app's lobby offers it (its phone table is done)
    tutorial: Mapping[str, Any]  # its guided first trick, a scenario (engine.scenario)
    playouts: Callable[[Any], "Model | None"] | None = None  # Hard's, where not in counts


class BotsModule(Protocol[ObsContra, ActionT]):
    """What a family's bots module defines, by these names (``families/<family>/bots.py``):
    mypy checks each family's module against it (below), since the catalogue imports
    the module only at a bot's first move."""

    def greedy(self, observation: ObsContra) -> ActionT: ...
    def easy(self, observation: ObsContra, rng: random.Random,
             temperament: Temperament | None = None) -> ActionT: ...
    def normal(self, observation: ObsContra, rng: random.Random,
               temperament: Temperament | None = None) -> ActionT: ...
    def hard(self, observation: ObsContra, rng: random.Random, settings: HardSettings[Any],
             share: float, temperament: Temperament | None = None
             ) -> tuple[ActionT, Mapping[ActionT, Fared]]: ...
    def searches(self, observation: ObsContra, settings: HardSettings[Any],
                 share: float) -> bool: ...


class LearningModule(Protocol[ObsContra]):
    """What the bots module of a family that learns a move policy adds (``Learning``)."""

    def learned(self, observation: ObsContra) -> Any: ...
    def lesson(self, observation: ObsContra, rng: random.Random,
               settings: HardSettings[Any], share: float) -> Lesson | None: ...
    def policy(self, rules: Any) -> str | None: ...
    def keep_weights(self, rules: Any, weights: Sequence[float], trained: Mapping[str, Any],
                     out: Path | None) -> Path: ...


if TYPE_CHECKING:  # what the catalogue imports at first use, checked where it is named
    from engine.families.climbing.bots import levels as climbing_bots
    from engine.families.climbing.bots import matchstick_playout, playout
    from engine.families.climbing.words import hints as climbing_hints
    from engine.families.climbing.words import matchstick_hints
    from engine.families.corporation.bots import levels as corporation_bots
    from engine.families.corporation.words import hints as corporation_hints

    _CLIMBING_HOOKS: BotsModule[ClimbObservation, CardAction] = climbing_bots
    _CLIMBING_LEARNS: LearningModule[ClimbObservation] = climbing_bots
    _CLIMBING_FROZEN: Callable[[ClimbObservation, random.Random, Temperament | None],
                               CardAction] = climbing_bots.normal_v1
    _CORPORATION_HOOKS: BotsModule[CorpObservation, CorpAction] = corporation_bots
    _TYCOON_EXPLAINS: Explainer[ClimbObservation, CardAction] = climbing_hints.explain_tycoon
    _PRESIDENT_EXPLAINS: Explainer[ClimbObservation, CardAction] = (
        climbing_hints.explain_president)
    _MATCHSTICK_EXPLAINS: Explainer[ClimbObservation, CardAction] = matchstick_hints.explain
    _CORPORATION_EXPLAINS: Explainer[CorpObservation, CorpAction] = corporation_hints.explain
    _TYCOON_COUNTS: Callable[[tycoon.TycoonRules], CountsGame | None] = playout.tycoon_counts
    _PRESIDENT_COUNTS: Callable[[president.PresidentRules], CountsGame | None] = (
        playout.president_counts)
    _MATCHSTICK_PLAYOUTS: Callable[[matchstick.MatchstickRules], Model | None] = (
        matchstick_playout.matchstick_model)


def lazy_bots(module: str, temperament: str, learns: bool, frozen_normal: bool = False
              ) -> FamilyBots[Any, Any]:
    """A family's bot hooks, each imported from ``module`` at its first call by the names
    of ``BotsModule`` (``learned``, ``lesson``, ``policy`` and ``keep_weights`` where it
    ``learns``; ``normal_v1`` where Normal changed since it was ``frozen_normal``), and its
    seats' temperaments by ``temperament`` of engine.core.temperament."""
    learning = Learning(play=on_first_use(module, "learned"),
                        lesson=on_first_use(module, "lesson"),
                        digest=on_first_use(module, "policy"),
                        keep=on_first_use(module, "keep_weights")) if learns else None
    return FamilyBots(greedy=on_first_use(module, "greedy"), easy=on_first_use(module, "easy"),
                      normal=on_first_use(module, "normal"), hard=on_first_use(module, "hard"),
                      normal_v1=on_first_use(module, "normal_v1" if frozen_normal else "normal"),
                      searches=on_first_use(module, "searches"), learning=learning,
                      temperament=on_first_use(TEMPERAMENT, temperament))


CLIMBING: Family[ClimbingRules, ClimbState, ClimbObservation, CardAction,
                 climbing_state.Step] = Family(
    name="climbing", actions=climbing_state.ACTIONS, initial_state=climbing.initial_state,
    chance_action=climbing.chance_action, legal_actions=climbing.legal_actions,
    verify=climbing.verify, apply=climbing.apply, observe=climbing.observe,
    outcome=climbing.outcome, seats_to_act=climbing.seats_to_act,
    moves_of_cards=climbing.moves_of_cards, event_of=climbing_state.event_of,
    seen_by=climbing_state.seen_by, presenter=ClimbPresenter, view=ClimbView,
    bots=lazy_bots(CLIMBING_BOTS, temperament="none", learns=True, frozen_normal=True),
    read_start=climbing_positions.Start.from_json, setup=climbing_positions.setup,
    parse_action=parse_card_action, rankings=climbing.rankings, ranked="rounds")

CORPORATION: Family[CorporationRules, CorpState, CorpObservation, CorpAction, CorpAction] = Family(
    name="corporation", actions=corporation_rules.ACTIONS,
    initial_state=corporation.initial_state, chance_action=corporation.chance_action,
    legal_actions=corporation.legal_actions, verify=corporation.verify,
    apply=corporation.apply, observe=corporation.observe, outcome=corporation.outcome,
    seats_to_act=corporation.seats_to_act, moves_of_cards=corporation.moves_of_cards,
    event_of=corporation.event_of, seen_by=corporation.seen_by, presenter=CorpPresenter,
    view=CorpView, bots=lazy_bots(CORPORATION_BOTS, temperament="draw", learns=False),
    read_start=None, setup=corporation.setup, parse_action=corporation_rules.parse_action,
    rankings=corporation.rankings, ranked="games")

GAMES: dict[str, Game] = {game.name: game for game in (
    Game(name="tycoon", title=pN_("game", "Tycoon"),
         description=N_("Daifugō, 2 low and Ace high: play higher sets, start revolutions, "
                        "and go out first to rule."),
         rules=tycoon.TycoonRules, presets=tycoon_presets.PRESETS,
         preset_titles=tycoon_presets.PRESET_TITLES, players=(3, 4, 5), default_players=4,
         help=tycoon_presets.RULES_HELP, notation_help=CARD_NOTATION, family=CLIMBING,
         explain=on_first_use("engine.families.climbing.words.hints", "explain_tycoon"),
         hard_budget=40000, counts=on_first_use(PLAYOUT, "tycoon_counts"),
         on_table=True, tutorial=tycoon_presets.TUTORIAL),
    Game(name="president", title=pN_("game", "President"),
         description=N_("Climb from Beggar to President: 3 low, 2 high, Jokers trump."),
         rules=president.PresidentRules, presets=president.PRESETS,
         preset_titles=president.PRESET_TITLES,
         players=tuple(president.PLAYERS), default_players=5, help=president.RULES_HELP,
         notation_help=CARD_NOTATION, family=CLIMBING,
         explain=on_first_use("engine.families.climbing.words.hints", "explain_president"),
         hard_budget=48000, counts=on_first_use(PLAYOUT, "president_counts"), on_table=True,
         tutorial=president.TUTORIAL),
    Game(name="matchstick", title=pN_("game", "Matchstick Tycoon"),
         description=N_("Seven-segment cards, 0 low to F high, that you turn and extend with "
                        "matchsticks to beat the table."),
         rules=matchstick.MatchstickRules, presets=matchstick.PRESETS,
         preset_titles=matchstick.PRESET_TITLES,
         players=tuple(matchstick.PLAYERS), default_players=4, help=matchstick.RULES_HELP,
         notation_help=matchstick.NOTATION_HELP, family=CLIMBING,
         explain=on_first_use("engine.families.climbing.words.matchstick_hints", "explain"),
         hard_budget=30000, counts=None, on_table=True, tutorial=matchstick.TUTORIAL,
         playouts=on_first_use(MATCHSTICK_PLAYOUT, "matchstick_model")),
    Game(name="corporation", title=pN_("game", "Corporation"),
         description=N_("Everyone picks a card in secret, talks, and all turn over at once: "
                        "match to form Corporations, or stand alone for Profits."),
         rules=CorporationRules, presets=corporation_rules.PRESETS,
         preset_titles=corporation_rules.PRESET_TITLES,
         players=tuple(corporation_rules.PLAYERS), default_players=5,
         help=corporation_rules.RULES_HELP,
         notation_help=corporation_rules.NOTATION_HELP, family=CORPORATION,
         explain=on_first_use("engine.families.corporation.words.hints", "explain"), hard_budget=0,
         counts=None, on_table=True, tutorial=corporation_rules.TUTORIAL),
)}

FAMILIES: tuple[AnyFamily, ...] = (CLIMBING, CORPORATION)

PRESETS: dict[str, Rules] = {name: rules for game in GAMES.values()
                             for name, rules in game.presets.items()}


def game_of(rules: OfAGame) -> Game:
    """The catalogue's entry for the game ``rules`` are of."""
    return GAMES[rules.game]


def family_of(state: State | Observation) -> AnyFamily:
    return GAMES[state.rules.game].family


def make_rules(game: str, preset: str | None = None,
               options: dict[str, Any] | None = None) -> Rules:
    """Rules for ``game`` from a named preset (or the defaults) with options over it."""
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        raise BadOptions(_("unknown game {game}; the games are {games}").format(
            game=shown(game), games=_(", ").join(GAMES)))
    if not isinstance(options or {}, dict):
        raise BadOptions(_("options are given as names and values, like {options}").format(
            options='{"jokers": 0}'))
    base = None
    if preset is not None:
        base = entry.presets.get(preset) if isinstance(preset, str) else None
        if base is None:
            raise BadOptions(_("unknown preset {preset}; the presets of {game} are {presets}"
                               ).format(preset=shown(preset), game=game,
                                        presets=_(", ").join(entry.presets)))
    return entry.rules.from_options({**(base.options() if base else {}), **(options or {})})


def initial_state(rules: Rules, players: int, seed: int) -> State:
    """The game before anything happened: before the first deal, for the card games."""
    state: State = game_of(rules).family.initial_state(rules, players, seed)
    return state


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
    after: State = family.apply(state, action)
    return after


def apply(state: State, action: Action) -> State:
    """``step`` without the check, for actions taken from ``legal_actions``."""
    after: State = family_of(state).apply(state, action)
    return after


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: its own cards and everything public (``seen_by``)."""
    observation: Observation = family_of(state).observe(state, seat)
    return observation


def play_on(state: State, choose: Callable[[Observation], Action | None]) -> State:
    """The game played on from ``state``: chance deals, and the first seat to act moves
    as ``choose`` chooses from its observation, until the game ends or ``choose`` gives
    None (the state it stopped at)."""
    while True:
        deal = chance_action(state)
        if deal is not None:
            state = apply(state, deal)
            continue
        to_act = seats_to_act(state)
        if not to_act:
            return state
        action = choose(observe(state, to_act[0]))
        if action is None:
            return state
        state = apply(state, action)


def outcome(state: State) -> Outcome | None:
    return family_of(state).outcome(state)


def seen_step(before: State, action: Action, seat: int) -> Step | Concealed:
    """What ``seat`` may see of ``action``, taken in ``before``."""
    family = family_of(before)
    return family.seen_by(family.event_of(before, action), seat)


def parse_action(text: str, seat: int | None = None, rules: Rules | None = None) -> Action:
    """Read an action: in the notation of ``rules``' game where they are given, else in
    the first family's notation that reads it (the card games' in card notation, then
    Corporation's). ``seat`` fills in the seat when the text has no ``N:`` prefix.
    Raises ``BadNotation`` with what was wrong, in each family's notation tried.

    >>> str(parse_action("2:commit 5")), str(parse_action("9c 9d", seat=0))
    ('2:commit 5', '0:9c 9d')
    """
    if rules is not None:
        return rules.parse_action(text, seat)
    problems = []
    for family in FAMILIES:
        try:
            action: Action = family.parse_action(text, seat)
            return action
        except BadNotation as problem:
            problems.append(_("as {games}: {problem}").format(games=_games_of(family),
                                                              problem=problem))
    raise BadNotation(_("; ").join(problems))


def setup(rules: Rules, *args: Any, **kwargs: Any) -> State:
    """A position set up by hand in ``rules``' game, with its family's arguments: the
    hands and the seat to act for a card game (``engine.families.climbing.rules.positions.setup``),
    the players and the rounds before for Corporation
    (``engine.families.corporation.rules.machine.setup``). Arguments of another family's
    setup raise a ``TypeError`` that says how this game is set up."""
    from inspect import signature  # here: a setup by hand is rare, and inspect is large

    game = game_of(rules)
    how = signature(game.family.setup)
    try:
        how.bind(rules, *args, **kwargs)
    except TypeError as wrong:
        bare = how.replace(parameters=[parameter.replace(annotation=parameter.empty)
                                       for parameter in how.parameters.values()],
                           return_annotation=how.empty)
        raise TypeError(f"{game.title} is set up as setup{bare} ({wrong})") from None
    state: State = game.family.setup(rules, *args, **kwargs)
    return state


def _games_of(family: AnyFamily) -> str:
    """The titles of a family's games: "Tycoon, President or Matchstick Tycoon"."""
    titles = [p_("game", game.title) for game in GAMES.values() if game.family is family]
    return _("{games} or {last}").format(games=_(", ").join(titles[:-1]), last=titles[-1]
                                         ) if len(titles) > 1 else titles[0]


def _own(state: State, action: Action) -> Action:
    """``action``, if it is an action of the state's game."""
    if not isinstance(action, family_of(state).actions):
        raise IllegalAction(_("{action} is not a {game} action").format(
            action=action, game=p_("game", game_of(state.rules).title)))
    return action

