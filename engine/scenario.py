"""Scenarios: a game's start (a position from the position builder, or the seed's deal)
and a scripted sequence of moves with a caption for each, which a reader steps through
or takes over. The guided first trick of each game is one; a rules post's example
is another.

A scenario is plain JSON, written by people: every field is read with a type and a
range, and a move that cannot be made is refused with the step, the seat and the
engine's own reason ("step 3: Bruno cannot play two 9s here: …").

>>> scenario = read_scenario({"game": "tycoon", "title": "A pair",
...     "position": {"hands": ["5c 5d", "9c 9h", "3s", "4s"], "to_act": 0},
...     "steps": [{"move": "0:5c 5d", "caption": "You lead a pair of 5s."},
...               {"move": "1:9c 9h", "caption": "Bruno beats them with 9s."}]})
>>> [str(step.action) for step in scenario.steps], scenario.players
(['0:5c 5d', '1:9c 9h'], 4)
"""

from dataclasses import dataclass, field
from typing import Any, TypedDict

from engine.catalogue import (
    GAMES,
    Action,
    Rules,
    StartPosition,
    State,
    chance_action,
    family_of,
    game_of,
    make_rules,
    observe,
    step,
)
from engine.core.actions import CHANCE
from engine.core.errors import BadNotation, BadScenario, RulesError
from engine.core.language import _, p_
from engine.core.limits import missing_field, shown
from engine.core.seats import HUMAN, seat_names
from engine.log import GameRecord

__all__ = [
    "MAX_CAPTION", "MAX_STEPS", "MAX_TITLE", "Scenario", "ScenarioJson", "ScriptStep",
    "StartJson", "StepCaptionJson", "read_scenario", "replay_title", "said", "tutorial",
]

# A replay is a scenario of a whole game's moves: the longest game shared so far had about
# 5,000; reading a step costs listing the legal moves (a fraction of a ms).
MAX_STEPS = 20_000
MAX_CAPTION = 400  # characters: a caption is a sentence or two, under the table
MAX_TITLE = 80


class StepCaptionJson(TypedDict):
    """A scripted move in notation, and its caption."""

    move: str
    caption: str


class StartJson(TypedDict, total=False):
    """The position a scenario starts from (a family's own, as its ``StartPosition``
    writes it), or nothing for a deal."""

    position: dict[str, Any]


class ScenarioJson(StartJson):
    """A scenario as it is written out (``Scenario.to_json``): its game, options,
    players and seed, the ``position`` it starts from, its title and introduction, the
    reader's seat and the captioned moves."""

    game: str
    options: dict[str, Any]
    players: int
    seed: int
    title: str
    intro: str
    you: int
    steps: list[StepCaptionJson]


@dataclass(frozen=True, slots=True)
class ScriptStep:
    """A scripted move and the caption shown once it has been made."""

    action: Action
    caption: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """A start, the seat the reader sits in, and the scripted moves from there."""

    record: GameRecord  # the rules, players, seed and start position, no actions yet
    title: str
    intro: str  # the caption before the first step
    you: int
    steps: tuple[ScriptStep, ...]
    # Worked out once (a replay's script is a whole game): the caption on show after
    # each number of moves (a move without one keeps the last), the number of moves
    # after which each later round has been dealt, and the numbers of moves at which a
    # guided reading stops, each with a caption of its own: the start (the intro), and
    # after each move with a caption (a move without one goes on to the next).
    shown_captions: tuple[str, ...] = field(init=False, compare=False)
    round_starts: tuple[int, ...] = field(init=False, compare=False)
    stops: tuple[int, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        shown = [self.intro]
        for scripted in self.steps:
            shown.append(scripted.caption or shown[-1])
        object.__setattr__(self, "shown_captions", tuple(shown))
        object.__setattr__(self, "round_starts", tuple(
            number for number, scripted in enumerate(self.steps, 1)
            if scripted.action.seat == CHANCE))
        object.__setattr__(self, "stops", (0, *(
            number for number, scripted in enumerate(self.steps, 1) if scripted.caption)))

    @property
    def players(self) -> int:
        return self.record.players

    def first_state(self) -> State:
        """The position the script starts from: the start, or the seed's first deal."""
        state = self.record.initial()
        deal = chance_action(state)
        return state if deal is None else step(state, deal)

    def to_json(self) -> ScenarioJson:
        rules = self.record.rules
        start = self.record.start
        position: StartJson = {} if start is None else {"position": start.to_json()}
        return {
            "game": rules.game,
            "options": rules.options(),
            "players": self.players,
            "seed": self.record.seed,
            **position,
            "title": self.title,
            "intro": self.intro,
            "you": self.you,
            "steps": [{"move": str(s.action), "caption": s.caption} for s in self.steps],
        }


def read_scenario(data: Any) -> Scenario:
    """A scenario from its JSON (a dict); raises ``BadScenario`` with what an author must
    fix, naming the seats as the table will (the reader is "You", the others the bots'
    names in seat order)."""
    if not isinstance(data, dict):
        raise BadScenario(_("a scenario is an object with a game, a position and steps"))
    game = data.get("game")
    if not isinstance(game, str):
        raise BadScenario(_("a scenario names its game: {games}").format(
            games=_(", ").join(GAMES)))
    try:
        rules = make_rules(game, data.get("preset"), data.get("options") or {})
    except RulesError as error:
        raise BadScenario(str(error)) from None
    seed = _whole(data, "seed", 0, 0, 2**53)
    title = _text(data, "title", MAX_TITLE)
    intro = _text(data, "intro", MAX_CAPTION)
    start = _start(rules, data.get("position"))
    players = start.players if start is not None else _whole(
        data, "players", game_of(rules).default_players, 0, 99)
    try:
        rules.check_players(players)
    except RulesError as error:
        raise BadScenario(str(error)) from None
    you = _whole(data, "you", 0, 0, players - 1)
    record = GameRecord(rules, players, seed, (), start)
    scenario = Scenario(record, title, intro, you, ())
    try:
        state = scenario.first_state()
    except BadNotation as error:
        raise BadScenario(_("the position cannot be read: {error}").format(error=error)
                          ) from None
    except RulesError as error:
        raise BadScenario(_("the position cannot arise: {error}").format(error=error)
                          ) from None
    names = seat_names([HUMAN if seat == you else "bot" for seat in range(players)])
    return Scenario(record, title, intro, you, _steps(state, data.get("steps", []), names))


def _steps(state: State, raw: Any, names: list[str]) -> tuple[ScriptStep, ...]:
    """Each step read and made in turn from ``state``."""
    if not isinstance(raw, list):
        raise BadScenario(_("steps are a list of moves with captions"))
    if len(raw) > MAX_STEPS:
        raise BadScenario(_("a scenario has at most {most} steps, not {n}").format(
            most=MAX_STEPS, n=len(raw)))
    steps = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("move"), str):
            raise BadScenario(_("step {n}: write it as {step}").format(
                n=number, step='{"move": "1:9c 9d", "caption": "…"}'))
        caption = _text(item, "caption", MAX_CAPTION, _("step {n}'s caption").format(n=number))
        try:
            action = state.rules.parse_action(item["move"])
        except RulesError as error:
            raise BadScenario(_("step {n}: {error}").format(n=number, error=error)) from None
        try:
            state = step(state, action)
        except RulesError as error:
            raise BadScenario(_("step {n}: {who} cannot {move} here: {error}").format(
                n=number, who=_who(action, names), move=_described(state, action),
                error=error)) from None
        steps.append(ScriptStep(action, caption))
    return tuple(steps)


def _who(action: Action, names: list[str]) -> str:
    return names[action.seat] if 0 <= action.seat < len(names) else _("seat {n}").format(
        n=action.seat)


def _described(state: State, action: Action) -> str:
    """The move as its button would say it, in lower case ("play two 9s"); its notation
    when it cannot be described (a card the seat does not hold)."""
    if not 0 <= action.seat < state.players:
        return _("make the move {move}").format(move=action)
    presenter = family_of(state).presenter(
        [_("seat {n}").format(n=s) for s in range(state.players)], ())
    try:
        label = presenter.label(action, observe(state, action.seat))
    except (RulesError, LookupError, ValueError):
        return _("make the move {move}").format(move=action)
    return label[:1].lower() + label[1:]


def _start(rules: Rules, raw: Any) -> StartPosition | None:
    if raw is None:
        return None
    reader = game_of(rules).family.read_start
    if reader is None:
        raise BadScenario(_("a {game} scenario starts from the game's first round: leave "
                            "the position out").format(game=p_("game", game_of(rules).title)))
    if not isinstance(raw, dict):
        raise BadScenario(_("the position is an object with hands and the seat to act"))
    try:
        return reader(raw)
    except RulesError as error:
        raise BadScenario(_("the position cannot be read: {error}").format(error=error)
                          ) from None
    except (KeyError, TypeError, ValueError) as error:
        missing = missing_field(error)
        raise BadScenario(_("the position garbles a field") if missing is None else _(
            "the position has no {field} field").format(field=missing)) from None


def _whole(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise BadScenario(_("{key} is a whole number from {low} to {high}, not {value}").format(
            key=key, low=low, high=high, value=shown(value)))
    return value


def _text(data: dict[str, Any], key: str, longest: int, what: str | None = None) -> str:
    value = data.get(key, "")
    what = what or _("the {key}").format(key=key)
    if not isinstance(value, str):
        raise BadScenario(_("{what} is text, not {kind}").format(what=what,
                                                                 kind=type(value).__name__))
    if len(value) > longest:
        raise BadScenario(_("{what} is at most {most} characters").format(what=what,
                                                                         most=longest))
    return value


def tutorial(game: object) -> Scenario:
    """The guided first trick of ``game`` (a game's name): its catalogue entry's scenario."""
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        raise BadScenario(_("there is no guided trick of {game}: the games are {games}"
                            ).format(game=shown(game), games=_(", ").join(GAMES)))
    return read_scenario(entry.tutorial)


def replay_title(name: str | None, game: str) -> str:
    """The title of a replay of a game of ``game`` (a game's title), played by ``name``
    (a person's own name, where the replay gives one): "Mia's game of Tycoon", "A game of
    Tycoon". In English, as a scenario keeps its words (``said`` says it)."""
    return f"{name}'s game of {game}" if name else f"A game of {game}"


def said(text: str) -> str:
    """A scenario's words (its title, introduction or a caption) in the language in
    force: a guided trick's or a shipped scenario's from the catalogue, a replay's title
    (``replay_title``) made again in its words; an author's own as they wrote them."""
    whose, of, game = text.rpartition(" game of ")
    titles = {entry.title for entry in GAMES.values()}
    if of and game in titles and (whose == "A" or whose.endswith("'s")):
        if whose == "A":
            return _("A game of {game}").format(game=p_("game", game))
        return _("{name}'s game of {game}").format(name=whose.removesuffix("'s"),
                                                   game=p_("game", game))
    return _(text) if text else text
