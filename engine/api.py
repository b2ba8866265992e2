"""The engine's JSON face: plain dicts and strings in, plain dicts out.

``Table`` is one game with its seats and bots; it raises ``RulesError`` on bad
input. ``Session`` holds the current table for a front end (the browser
worker, a CLI) and never raises: every answer is an envelope,
``{"ok": True, ...}`` or ``{"ok": False, "error": {"type", "message"}}``, and a
rejected action leaves the game as it was.

Every game goes through the catalogue (engine.catalogue): what a seat may
see of a step, how its view and words are presented, and how its bots play
are its family's.
"""

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import urlencode

from engine.catalogue import (
    GAMES,
    Action,
    Observation,
    OfAGame,
    Rules,
    State,
    apply,
    chance_action,
    family_of,
    game_of,
    make_rules,
    observe,
    outcome,
    seats_to_act,
    seen_step,
    step,
    verify,
)
from engine.core.actions import CHANCE
from engine.core.contract import (
    CardJson,
    Counter,
    Hint,
    Move,
    RuleSet,
    ScriptJson,
    StepJson,
    TableView,
    View,
)
from engine.core.errors import (
    BadLog,
    BadNotation,
    BadOptions,
    BadSeat,
    CannotUndo,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RulesError,
)
from engine.core.limits import check_value, shown
from engine.core.options import option_infos
from engine.core.presenter import THINKING, Presenter, move_text
from engine.core.rng import derive_seed
from engine.core.seats import BOT_NAMES, HUMAN, seat_names
from engine.core.words import ordinal
from engine.links import (
    deal_link,
    embed_fields,
    read_link,
    replay_link,
    scenario_code,
    scenario_link,
)
from engine.log import GameRecord, load_json, read_log
from engine.players.levels import BOTS, Bot, HardBot, levels_json, make_bot
from engine.players.thinking import HardShares, ThinkingTime, check_pace
from engine.scenario import MAX_STEPS, Scenario, ScriptStep, read_scenario, tutorial

__all__ = ["Envelope", "Session", "Table", "games_json"]

T = TypeVar("T")


class Table:
    """One game: its record, its current state, who sits where, and the bots."""

    def __init__(self, record: GameRecord, state: State, seats: list[str],
                 names: list[str] | None = None, undo: bool = True,
                 taken_back: Sequence[dict[str, Any]] = (), hard_share: float = 1.0,
                 shares: HardShares | None = None, thinking: ThinkingTime | None = None
                 ) -> None:
        if len(seats) != state.players:
            raise BadOptions(f"{state.players} players need {state.players} seats, "
                             f"not {len(seats)}")
        self.record = record
        self.state = state
        self.seats = seats
        self.names = names or seat_names(seats)
        # Hard's share of its budget at each position, recorded so its choices replay.
        self.shares = shares if shares is not None else HardShares(hard_share)
        self.thinking = thinking  # times Hard here, and sizes the shares of a sized game
        bots = family_of(state).bots
        # Each bot seat's temperament, drawn from the game's seed: a deal seats the same
        # characters on every device.
        self.temperaments = [None if kind == HUMAN else bots.temperament(record.seed, s, kind)
                             for s, kind in enumerate(seats)]
        self.bots: dict[int, Bot] = {s: make_bot(kind, self.shares.first,
                                                 self.temperaments[s])
                                     for s, kind in enumerate(seats)
                                     if kind != HUMAN}
        self._choices: dict[int, Action] = {}  # the bots' moves at ``_choices_at`` moves
        self._choices_at = -1
        self.undo_allowed = undo  # a practice game; off in a scored one
        self.taken_back = list(taken_back)  # each take-back: {"moves", "action"}
        self._rounds: list[int] | None = None  # the round each recorded action was made in
        self.script: Scenario | None = None  # a scenario's moves, while they are followed
        self.script_from = 0  # actions in the record before the script's first step
        self.reveal = False  # every hand shown (a replay its sharer chose to reveal)
        # A reader steps through the script (``next_step``); else it is guided: the others'
        # scripted moves wait for Next at each caption, and the human makes their own.
        self.stepped = False

    @property
    def hard_share(self) -> float:
        """Hard's share of its budget from the game's start."""
        return self.shares.first

    @classmethod
    def create(cls, config: dict[str, Any], thinking: ThinkingTime | None = None) -> "Table":
        """A new game from ``{"game", "preset", "options", "seats", "seed"}``.

        ``seats`` lists "human" or a bot's name per seat; its length is the
        number of players (default: you against the greedy bot). Hard thinks with the
        share of its budget ``hard_budget`` gives (and ``hard_changes``, a link's), or,
        where it gives none and ``thinking`` knows the device, as much as the device
        allows at each position (``ThinkingTime``).
        """
        if not isinstance(config, dict):
            raise BadOptions("a game is configured by an object of settings")
        game = config.get("game", "tycoon")
        rules = make_rules(game, config.get("preset"), config.get("options") or {})
        seats = config.get("seats") or [HUMAN] + ["greedy"] * (
            game_of(rules).default_players - 1)
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadOptions("seats is a list like [\"human\", \"greedy\", \"greedy\"]")
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if type(seed) is not int or seed < 0:
            raise BadOptions("the seed is a whole number, 0 or more")
        undo = config.get("undo", True)
        if type(undo) is not bool:
            raise BadOptions("undo is true (a practice game) or false (a scored game)")
        record = GameRecord(rules, len(seats), seed)
        state = record.initial()
        table = cls(record, state, seats, undo=undo,
                    shares=_shares(config, rules, len(seats), thinking), thinking=thinking)
        deal = chance_action(state)
        if deal is not None:
            table.apply(deal)
        return table

    @classmethod
    def from_scenario(cls, scenario: Scenario, config: dict[str, Any],
                      thinking: ThinkingTime | None = None) -> "Table":
        """A scenario's table: its start (dealt from its seed where it has no position),
        the reader at its seat ``you``, bots elsewhere (``seats`` in ``config``, default
        Normal), and its scripted moves to follow until the reader takes over. Hard's
        share is as in ``create``: a replay's link gives its game's."""
        players = scenario.players
        seats = config.get("seats") or [
            HUMAN if seat == scenario.you else "normal" for seat in range(players)]
        if (not isinstance(seats, list) or len(seats) != players
                or not all(isinstance(s, str) for s in seats)):
            raise BadOptions(f"seats is a list of {players} players, like [\"human\", "
                             "\"normal\", …]")
        undo, reveal = config.get("undo", True), config.get("reveal", False)
        stepped = config.get("stepped", False)
        if type(undo) is not bool or type(reveal) is not bool or type(stepped) is not bool:
            raise BadOptions("undo (a practice game), reveal (every hand shown) and stepped "
                             "(a reader steps through) are true or false")
        record = scenario.record
        table = cls(record, record.initial(), seats, undo=undo,
                    shares=_shares(config, record.rules, players, thinking), thinking=thinking)
        deal = chance_action(table.state)
        if deal is not None:
            table.apply(deal)
        table.script, table.script_from = scenario, len(table.record.actions)
        table.reveal, table.stepped = reveal, stepped
        return table

    @classmethod
    def from_log(cls, log: dict[str, Any] | str, thinking: ThinkingTime | None = None
                 ) -> "Table":
        """A logged game, as it was; a game sized to its device goes on sized to this one
        (``thinking``), its recorded shares kept."""
        data = load_json(log) if isinstance(log, str) else log
        record, state = read_log(data)
        seats = data.get("seats")
        seat_info: list[Any] = seats if isinstance(seats, list) else []
        kinds = [_text(s, "kind") for s in seat_info]
        names = [_text(s, "name") for s in seat_info]
        undo, taken_back = _undo_record(data)
        shares = HardShares.from_json(data, BadLog)
        if len(seat_info) != record.players or None in kinds or None in names:
            # Seats unreadable: all human.
            table = cls(record, state, [HUMAN] * record.players, undo=undo,
                        taken_back=taken_back, shares=shares, thinking=thinking)
        else:
            table = cls(record, state, kinds, names, undo,  # type: ignore[arg-type]
                        taken_back, shares=shares, thinking=thinking)
        table.script, table.script_from, table.reveal, table.stepped = _logged_script(
            data, record)
        return table

    # ------------------------------------------------------------ seats

    @property
    def human(self) -> int:
        """The seat a front end shows: the first human seat (seat 0 if all are bots)."""
        return next((s for s, kind in enumerate(self.seats) if kind == HUMAN), 0)

    def seat(self, seat: object = None) -> int:
        """``seat`` (default: the human's) if it is a seat at this table."""
        if seat is None:
            return self.human
        if type(seat) is not int or not 0 <= seat < self.state.players:
            raise BadSeat(f"there is no seat {shown(seat)} at this table: the seats are 0 to "
                          f"{self.state.players - 1}")
        return seat

    def presenter(self, you: int | None = None) -> Presenter:
        """The game's presenter with the table's names, or speaking to seat ``you`` (named
        "You")."""
        names = self.names if you is None else [
            "You" if s == you else name for s, name in enumerate(self.names)]
        return family_of(self.state).presenter(
            names, [None if t is None else t.word for t in self.temperaments])

    # ------------------------------------------------------------ acting

    def apply(self, action: Action, verified: bool = False) -> None:
        """Take ``action`` (of any seat: a bot's, chance's) if it is legal, and record it;
        raises why not. ``verified``: the table's ``verify`` has passed it already."""
        if self._rounds is not None:
            self._rounds.append(self.state.round_no)
        self.state = apply(self.state, action) if verified else step(self.state, action)
        self.record = self.record.with_action(action)

    def parse(self, text: object, seat: object = None) -> Action:
        if not isinstance(text, str):
            raise BadNotation("an action is text, like \"9c 9d\" or \"pass\"")
        return self.state.rules.parse_action(text, self.seat(seat))

    def check(self, text: object, seat: object = None) -> str:
        """The label of a legal action ("Play three 9s"); raises with the reason if illegal."""
        action = self.parse(text, seat)
        self.verify(action)
        return self.label(action)

    def verify(self, action: Action) -> None:
        """Raise why ``action`` cannot be made at this table now: the rules' reason, or,
        while a scenario's script is followed, that it is not the scripted move."""
        verify(self.state, action)
        scripted = self.scripted()
        if scripted is not None and action != scripted.action:
            raise IllegalAction(self._script_refusal(scripted.action, action.seat))

    def card_moves(self, cards: object, seat: object = None
                   ) -> list[tuple[Action, RulesError | None]]:
        """Every move these cards of the seat's hand could make now (a give in an
        exchange, a play, a commit; a play per value in Matchstick Tycoon), each with
        why it is illegal, or None."""
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise BadNotation("cards are a list of card names, like [\"9c\", \"9d\"]")
        who = self.seat(seat)
        moves: list[tuple[Action, RulesError | None]] = []
        for action in family_of(self.state).moves_of_cards(self.state, who, cards):
            try:
                self.verify(action)
            except RulesError as error:
                moves.append((action, error))
            else:
                moves.append((action, None))
        return moves

    def check_cards(self, cards: object, seat: object = None) -> Action:
        """The first legal move these cards make now; raises why the first cannot be
        played when none can."""
        moves = self.card_moves(cards, seat)
        for action, error in moves:
            if error is None:
                return action
        raise _reason(moves)

    def act(self, text: object, seat: object = None) -> Action:
        action = self.parse(text, seat)
        if action.seat in self.bots:
            raise NotYourTurn(f"seat {action.seat} is played by a bot")
        self.verify(action)
        self.apply(action, verified=True)
        return action

    # ------------------------------------------------------------ a scenario's script

    def scripted(self) -> ScriptStep | None:
        """The script's next move, while the table follows a scenario."""
        if self.script is None:
            return None
        done = len(self.record.actions) - self.script_from
        steps = self.script.steps
        return steps[done] if 0 <= done < len(steps) else None

    def _script_refusal(self, scripted: Action, seat: int) -> str:
        if scripted.seat != seat:
            way_on = "press Next, or Play on to play your own way" if self.stepped else (
                "press Next")
            return f"this example goes on with {self.names[scripted.seat]}'s move first: {way_on}"
        label = self.label(scripted)
        return f"this example asks you to {label[:1].lower()}{label[1:]}"

    def next_step(self) -> Action:
        """Make the script's next move: whoever's it is for a reader stepping through; in
        a guided script, a bot's or chance's (the human makes their own)."""
        scripted = self.scripted()
        if scripted is None:
            raise IllegalAction("the example has no more steps: play on from here")
        seat = scripted.action.seat
        if not self.stepped and seat != CHANCE and seat not in self.bots:
            raise IllegalAction(self._script_refusal(scripted.action, seat))
        self.apply(scripted.action)
        return scripted.action

    def _script_done(self) -> int:
        """How many of the script's moves have been made."""
        assert self.script is not None
        return min(len(self.record.actions) - self.script_from, len(self.script.steps))

    def _guided_stop(self) -> bool:
        """Whether a guided script stands at one of its stops (its start, or just after
        a move with a caption): its caption stays until Next or the human's move."""
        return (self.script is not None and not self.stepped
                and self._script_done() in self.script.stops)

    def take_over(self) -> None:
        """Leave the script: from now on the seats play their own moves, and the hands
        that are not the human's are hidden again."""
        self.script = None
        self.reveal = self.stepped = False
        self._choices_at = -1

    def goto(self, step_number: int) -> None:
        """Show the script after ``step_number`` of its moves (a reader going back, or
        jumping to a round): the game replayed from its start to there."""
        script = self.script
        if script is None:
            raise IllegalAction("this game follows no script: there is nothing to go to")
        if type(step_number) is not int or not 0 <= step_number <= len(script.steps):
            raise IllegalAction(f"the example has steps 0 to {len(script.steps)}")
        done = len(self.record.actions) - self.script_from
        if step_number < done:
            actions = self.record.actions[:self.script_from + step_number]
            self.record = GameRecord(self.record.rules, self.record.players, self.record.seed,
                                     actions, self.record.start)
            self.state = self.record.replay()
            self._rounds = None
            self._choices_at = -1
        for scripted in script.steps[done:step_number]:
            self.apply(scripted.action)

    def script_view(self) -> ScriptJson | None:
        """Where the table is in its scenario: ``title``, the ``caption`` of the last move
        made (the introduction before the first), ``step`` (moves made) of ``steps``,
        whose move is ``next`` (null once every scripted move is made), ``waits``
        (the script's next move waits for the reader's Next), ``back`` (the step Back
        goes to, null at the first) and the ``counter`` a reader is shown ("at" of
        "of"; null for a position with no moves). A reader stepping through counts
        moves, from 0; a guided script counts its captions, from 1 at the start, and
        stops at each for Next."""
        script = self.script
        if script is None:
            return None
        done = self._script_done()
        scripted = self.scripted()
        if self.stepped:
            waits = scripted is not None
            back = done - 1 if done > 0 else None
            # A position with no moves to step through has nothing to count.
            counter: Counter | None = (
                {"at": done, "of": len(script.steps)} if script.steps else None)
        else:
            waits = scripted is not None and self._guided_stop() and (
                scripted.action.seat == CHANCE or scripted.action.seat in self.bots)
            back = max((stop for stop in script.stops if stop < done), default=None)
            counter = {"at": sum(1 for stop in script.stops if stop <= done),
                       "of": len(script.stops)}
        return {"title": script.title, "caption": script.shown_captions[done],
                "step": done, "steps": len(script.steps), "stepped": self.stepped,
                "next": None if scripted is None else scripted.action.seat,
                "waits": waits, "back": back, "counter": counter,
                "rounds": list(script.round_starts)}

    def undo_refusal(self) -> str | None:
        """Why the human's last move cannot be taken back now, or None if it can."""
        if not self.undo_allowed:
            return "taking back a move is off in this game (a scored game)"
        if outcome(self.state) is not None:
            return "the game is over"
        last = self._last_human_move()
        if last is None:
            return "you have no move to take back this round"
        return None

    def _last_human_move(self) -> int | None:
        """Where in the record the human's last move of this round is."""
        actions = self.record.actions
        if self._rounds is None:  # once a table is made from a record: replayed to see
            state, self._rounds = self.record.initial(), []
            for action in actions:
                self._rounds.append(state.round_no)
                state = step(state, action)
        for index in range(len(actions) - 1, -1, -1):
            if self._rounds[index] != self.state.round_no:
                return None
            if actions[index].seat == self.human:
                return index
        return None

    def undo(self) -> None:
        """Take back the human's last move of this round, and every move after it: the
        game is replayed from its record without them (the bots answer the same
        position the same way). The log keeps what was taken back, and when."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise CannotUndo(refusal)
        index = self._last_human_move()
        assert index is not None
        actions = self.record.actions
        self.taken_back.append({"moves": index, "action": str(actions[index])})
        self.record = GameRecord(self.record.rules, self.record.players, self.record.seed,
                                 actions[:index], self.record.start)
        self.state = self.record.replay()
        self._rounds = self._rounds[:index] if self._rounds is not None else None
        self._choices_at = -1

    def pending(self) -> int | None:
        """The seat of the bot or chance due to act, or None (a human's turn, the end, or
        a script waiting for its reader's Next).

        While several seats may act at once (a Corporation round), a bot keeps its
        binding move (its commit) until every human has made theirs, so what the humans
        say reaches the bots that are yet to choose; before that a bot is due only to
        make a move that leaves it still to act (table talk). Bots act one at a time,
        in seat order.
        """
        if self.script is not None and self.stepped:
            return None  # a reader steps through the script, and plays on only by choice
        scripted = self.scripted()
        if scripted is not None and self._guided_stop():
            return None  # a guided script waits at its caption for Next (or the human)
        if scripted is not None:  # a scenario's bots and chance make their scripted moves
            seat = scripted.action.seat
            return seat if seat == CHANCE or seat in self.bots else None
        to_act = seats_to_act(self.state)
        humans_to_act = any(s != CHANCE and s not in self.bots for s in to_act)
        for seat in to_act:
            if seat == CHANCE:
                return seat
            if seat in self.bots and (not humans_to_act or self._keeps_acting(seat)):
                return seat
        return None

    def _keeps_acting(self, seat: int) -> bool:
        """Whether the bot's move now leaves it still to act (it talks before it commits)."""
        return seat in seats_to_act(step(self.state, self._bot_choice(seat)))

    def _bot_choice(self, seat: int) -> Action:
        """The bot's move now. It depends only on the game, the move number, the seat and
        its observation, so a reloaded game goes on exactly as it would have; it is kept
        while the position lasts (``pending`` asks before ``advance`` takes it)."""
        moves = len(self.record.actions)
        if self._choices_at != moves:
            self._choices_at, self._choices = moves, {}
        if seat not in self._choices:
            # The first seat to act uses the position's generator; others asked at the same
            # position (bots talking while a human is to act) each get one of their own.
            first = seats_to_act(self.state)[0] == seat
            rng = random.Random(derive_seed(self.record.seed, "bot", moves,
                                            *(() if first else (seat,))))
            bot, observation = self.bots[seat], observe(self.state, seat)
            if isinstance(bot, HardBot):
                hard = HardBot(self.hard_share_now(), bot.temperament)
                self._choices[seat] = self._timed(observation, hard.share,
                                                  lambda: hard.choose(observation, rng))
            else:
                self._choices[seat] = bot.choose(observation, rng)
        return self._choices[seat]

    def hard_share_now(self) -> float:
        """Hard's share of its budget at this position: the one recorded for it, or, in a
        game sized to its device at a position Hard has not thought at yet, what the
        device allows now, recorded as a change where it differs."""
        moves = len(self.record.actions)
        shares = self.shares
        share = shares.at(moves)
        if shares.sized and self.thinking is not None and moves >= shares.decided:
            sized = self.thinking.share(self.record.rules, self.record.players, share)
            if sized != share:
                shares.changes.append((moves, sized))
                share = sized
            shares.decided = moves + 1
        return share

    def _timed(self, observation: Observation, share: float, think: Callable[[], T]) -> T:
        """Hard's ``think()`` at ``observation``, timed for the device where one is known."""
        if self.thinking is None:
            return think()
        return self.thinking.timed(observation, share, think)

    def advance(self) -> Action | None:
        """Let the bot or chance due to act take one action."""
        actor = self.pending()
        if actor is None:
            return None
        scripted = self.scripted()
        if scripted is not None:
            action: Action | None = scripted.action
        else:
            action = chance_action(self.state) if actor == CHANCE else self._bot_choice(actor)
        assert action is not None
        self.apply(action)
        return action

    def hint(self, seat: object = None) -> Hint:
        """The Hard bot's move for ``seat`` (default: the human) and why, from what that
        seat sees: ``{"text", "kind", "label", "reason", "cards"}``. ``text`` is the move's
        notation for ``act``; ``cards`` are the hand's cards to select (none for a pass).
        The same position always gets the same hint. Raises ``NotYourTurn`` when the seat
        may not act now and ``GameOver`` after the end."""
        who = self.seat(seat)
        if outcome(self.state) is not None:
            raise GameOver("the game is over: there is nothing left to hint")
        observation = observe(self.state, who)
        scripted = self.scripted()
        if not observation.legal or (scripted is not None and scripted.action.seat != who):
            raise NotYourTurn(self.presenter(you=self.human).waiting_text(observation))
        presenter = self.presenter(you=who)
        if scripted is not None:
            action, reason = scripted.action, "it is the move this example shows"
        else:
            rng = random.Random(derive_seed(self.record.seed, "hint", len(self.record.actions)))
            from engine.players.advice import hint  # the search: on first use

            share = self.hard_share_now()
            advice = self._timed(observation, share,
                                 lambda: hint(observation, rng, presenter.names, share))
            action, reason = advice.action, advice.reason
        return {"text": move_text(action), "kind": action.kind,
                "label": presenter.label(action, observation), "reason": reason,
                "cards": [str(c) for c in action.cards]}

    # ------------------------------------------------------------ describing

    def label(self, action: Action) -> str:
        """A move as a button says it: "Play three 9s", "Commit 5"."""
        return str(self.moves_json([action])[0]["label"])

    def moves_json(self, actions: Sequence[Action]) -> list[Move]:
        """Moves of one seat as a view offers them (``act``, ``kind``, ``label``,
        ``cards`` and how they are played), from one observation of that seat."""
        if not actions:
            return []
        seat = actions[0].seat if actions[0].seat >= 0 else self.human
        presenter, observation = self.presenter(), observe(self.state, seat)
        return [presenter.move(action, observation) for action in actions]

    def public_step(self, action: Action, before: State) -> StepJson:
        """An action as the human's seat may see it (``seen_by``): its notation (a deal,
        or a give or commit the seat did not see, without cards), its kind, its seat,
        the cards it showed (as the view draws cards), and its sentence."""
        viewer = self.human
        seen = seen_step(before, action, viewer)
        presenter = self.presenter()
        seen_before = observe(before, viewer)
        seen_after = observe(self.state, viewer)
        text = presenter.narrate(seen, seen_before, seen_after)
        return {"action": str(seen), "kind": seen.kind, "seat": action.seat,
                "cards": [presenter.card(c) for c in seen.cards], "text": text,
                "moves": len(self.record.actions), **presenter.how_played(seen, seen_before),
                **presenter.where_to(seen, seen_before, seen_after)}

    # ------------------------------------------------------------ views

    def view(self, seat: object = None) -> View:
        """What ``seat`` (default: the human) sees, as JSON-ready data."""
        who = self.seat(seat)
        state = self.state
        rules = state.rules
        result = outcome(state)
        presenter = self.presenter()
        observation: Observation = observe(state, who)
        common: TableView = {
            "game": rules.game,
            "title": game_of(rules).title,
            "options": rules.options(),
            "seat": who,
            "round": state.round_no,
            "round_text": presenter.round_text(observation, state.round_no),
            "outcome": None if result is None else {
                **result.to_json(), "text": presenter.outcome_text(result.winners,
                                                                   result.scores),
                "places_text": [ordinal(place) for place in range(1, len(result.ranking) + 1)]},
            "help": {info.name: info.help for info in option_infos(type(rules))},
            "rule_set": _rule_set(rules),
            "undo": self.undo_allowed,  # a practice game: the human may take moves back
            "can_undo": self.undo_allowed and self.undo_refusal() is None,
            "script": self.script_view(),
            "revealed": self._revealed_hands(presenter),
        }
        return {**common, **self._scripted_moves(presenter, presenter.view(observation,
                                                                           self.seats), who)}

    def _revealed_hands(self, presenter: Presenter) -> list[list[CardJson]] | None:
        """Every seat's hand, each as that seat sees it, when the table reveals them."""
        if not self.reveal:
            return None
        return [[presenter.card(card) for card in observe(self.state, seat).hand]
                for seat in range(self.state.players)]

    def _scripted_moves(self, presenter: Presenter, view: Mapping[str, Any],
                        seat: int) -> Mapping[str, Any]:
        """While a script is followed, a seat is offered its scripted move only, and only
        when it is the script's next (in Corporation, where all choose at once, the seat
        may be due while another's scripted move comes first: it waits for that one);
        while the script waits for its reader, no bot is shown thinking."""
        scripted = self.scripted()
        if scripted is None:
            return view
        act = move_text(scripted.action) if scripted.action.seat == seat else None
        legal = [move for move in view["legal"] if move["act"] == act]
        players = view["players"]
        at_next = self.stepped or self._guided_stop()
        if at_next:
            players = [{**player, "status": ""} if player["status"] == THINKING else player
                       for player in players]
        prompt = view["prompt"]
        if view["your_turn"] and not legal:
            prompt = presenter.waiting_for(scripted.action.seat, at_next)
        return {**view, "legal": legal, "your_turn": bool(legal), "players": players,
                "prompt": prompt}

    def deal_link(self) -> str | None:
        """The link that starts this game again: its deal (its seed's), or the scenario it
        follows; None for a game begun from a position whose script was left."""
        if self.script is not None:
            return scenario_link(self.script.to_json())
        if self.record.start is not None:
            return None
        levels = [kind for seat, kind in enumerate(self.seats) if seat != self.human]
        return deal_link({"game": self.record.rules.game, "options": self.record.rules.options(),
                          "seats": [HUMAN, *levels], "seed": self.record.seed,
                          "hard_budget": self.shares.first,
                          "hard_changes": self.shares.changes})

    def again_config(self) -> dict[str, Any] | None:
        """The choices this game was dealt with, for a new deal of them (Play again): the
        game, its options, the seats and undo; None for a scenario or a game begun from a
        position, which have no choices of their own."""
        if self.script is not None or self.record.start is not None:
            return None
        return {"game": self.record.rules.game, "options": self.record.rules.options(),
                "seats": list(self.seats), "undo": self.undo_allowed}

    def replay_link(self, reveal: bool) -> str | None:
        """The link of a replay of every move so far, from the human's seat; None for a
        game begun from a position (its scenario is its link), or one too long for a link
        to replay."""
        if self.record.start is not None or len(self.record.actions) > MAX_STEPS + 1:
            return None
        return replay_link(self.record, self.seats, self.human, reveal, self.shares.first,
                           self.shares.changes)

    def export_log(self) -> dict[str, Any]:
        seats = [{"name": n, "kind": k} for n, k in zip(self.names, self.seats, strict=True)]
        script = None if self.script is None else {"scenario": self.script.to_json(),
                                                    "from": self.script_from,
                                                    "reveal": self.reveal,
                                                    "stepped": self.stepped}
        return {**self.record.to_json(self.state, seats), "undo": self.undo_allowed,
                "taken_back": list(self.taken_back), "script": script,
                **self.shares.to_json()}


def _shares(config: dict[str, Any], rules: Rules, players: int,
            thinking: ThinkingTime | None) -> HardShares:
    """The shares of Hard's budget a new game's bots think with: those its config gives
    (``hard_budget``, with a link's ``hard_changes``), fixed, so they choose alike on a
    replay or a shared deal; else, where ``thinking`` knows the device, what the device
    allows, sized again as the game goes on; else the whole budget. Raises
    ``BadOptions`` for a share that is not a number from 0.05 to 1."""
    if "hard_budget" in config or thinking is None:
        if "hard_sized" in config or "hard_decided" in config:
            raise BadOptions("a new game is given Hard's shares by hard_budget and "
                             "hard_changes only")
        return HardShares.from_json(config, BadOptions)
    if "hard_changes" in config:
        raise BadOptions("hard_changes follow a hard_budget")
    return HardShares(thinking.share(rules, players), sized=True)


def _logged_script(log: dict[str, Any], record: GameRecord
                   ) -> tuple[Scenario | None, int, bool, bool]:
    """The scenario a logged game still follows, where its script began, and whether the
    hands are revealed and a reader steps through; none for a log without one (or from
    an earlier version). Raises ``BadLog`` for a script that cannot be read or is not
    this game's."""
    logged = log.get("script")
    if logged is None:
        return None, 0, False, False
    try:
        scenario = read_scenario(logged["scenario"])
        start = logged["from"]
        reveal, stepped = logged.get("reveal", False), logged.get("stepped", False)
    except (RulesError, KeyError, TypeError, AttributeError) as error:
        raise BadLog(f"the log's scenario cannot be read: {error}") from None
    ours = GameRecord(record.rules, record.players, record.seed, (), record.start)
    if (scenario.record != ours or type(start) is not int or type(reveal) is not bool
            or type(stepped) is not bool or not 0 <= start <= len(record.actions)):
        raise BadLog("the log's scenario is not the game it records")
    return scenario, start, reveal, stepped


def _undo_record(log: dict[str, Any]) -> tuple[bool, list[dict[str, Any]]]:
    """Whether a logged game allows undo (a log of an earlier version, a practice game,
    does), and its take-backs; raises ``BadLog`` for ones that cannot be read."""
    undo = log.get("undo", True)
    taken_back = log.get("taken_back", [])
    if type(undo) is not bool or not isinstance(taken_back, list) or not all(
            isinstance(entry, dict) and type(entry.get("moves")) is int
            and isinstance(entry.get("action"), str) for entry in taken_back):
        raise BadLog("the log's undo and taken-back moves cannot be read")
    return undo, taken_back


def _text(item: Any, key: str) -> str | None:
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def _rule_set(rules: OfAGame) -> RuleSet:
    """The preset a game's rules are (its name and title), or the player's own rules."""
    game = game_of(rules)
    name = next((name for name, preset in game.presets.items() if preset == rules), None)
    if name is None:
        return {"name": "custom", "title": "Your own rules"}
    return {"name": name, "title": game.preset_titles[name]}


def games_json() -> dict[str, Any]:
    """The games, their options with help and lobby words, presets, seat counts and
    rules help; the bots and the levels a lobby offers."""
    return {
        "games": {name: {
            "title": game.title,
            "description": game.description,
            "players": list(game.players),
            "default_players": game.default_players,
            "options": [info.to_json() for info in option_infos(game.rules)],
            "presets": {preset: {"title": game.preset_titles[preset], "options": rules.options()}
                        for preset, rules in game.presets.items()},
            "rules": list(game.help),
            "on_table": game.on_table,
        } for name, game in GAMES.items()},
        "bots": list(BOTS),
        "levels": levels_json(),
        "names": list(BOT_NAMES),  # the other seats' names, in seat order from seat 1
    }


def _error(error: Exception) -> dict[str, Any]:
    if isinstance(error, RulesError):
        return {"ok": False, "error": {"type": type(error).__name__, "message": str(error)}}
    # A fault of the engine's, not of the input: still an answer, never an exception.
    return {"ok": False, "error": {"type": "InternalError",
                                   "message": f"the engine failed ({type(error).__name__}: "
                                              f"{error})"}}


P = ParamSpec("P")
Envelope = dict[str, Any]


def _answers(method: Callable[Concatenate["Session", P], Envelope]
             ) -> Callable[Concatenate["Session", P], Envelope]:
    """Turn anything a ``Session`` method raises into an error envelope (with the current
    view, when a game is in progress and the seat asked for is one); arguments that nest
    too deeply are refused before the method sees them."""

    def answered(self: "Session", /, *args: P.args, **kwargs: P.kwargs) -> Envelope:
        try:
            for given in (*args, *kwargs.values()):
                check_value(given, "what the engine was given")
            return method(self, *args, **kwargs)
        except Exception as error:  # the promise: a Session never raises
            return _error(error)

    answered.__name__, answered.__doc__ = method.__name__, method.__doc__
    return answered


def _reason(moves: list[tuple[Action, RulesError | None]]) -> RulesError:
    """Why a selection makes no legal move: the first move's reason."""
    error = moves[0][1]
    assert error is not None, "only called when every move is illegal"
    return error


class Session:
    """The current table of a front end. Every method returns an envelope, whatever it is
    given."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        """``clock`` (seconds, as ``time.perf_counter``) times Hard on this device, which
        then sizes Hard's share of its budget in the new games that give none."""
        self.table: Table | None = None
        self.thinking = None if clock is None else ThinkingTime(clock)

    def _need_table(self) -> Table:
        if self.table is None:
            raise RulesError("no game is in progress: start one first")
        return self.table

    @_answers
    def games(self) -> Envelope:
        """The games, their options with help text, presets, seat counts and bots."""
        return {"ok": True, **games_json()}

    @_answers
    def new_game(self, config: dict[str, Any]) -> Envelope:
        """A new game from ``config`` (see ``Table.create``); with ``"scenario"`` (a
        scenario's JSON) or ``"tutorial"`` (a game's name: its guided first trick), that
        scenario's table instead (``Table.from_scenario``)."""
        if isinstance(config, dict) and ("scenario" in config or "tutorial" in config):
            scenario = (read_scenario(config["scenario"]) if "scenario" in config
                        else tutorial(config["tutorial"]))
            self.table = Table.from_scenario(scenario, config, self.thinking)
        else:
            self.table = Table.create(config, self.thinking)
        return {"ok": True, "moves": len(self.table.record.actions), "view": self.table.view()}

    @_answers
    def load_log(self, log: dict[str, Any] | str) -> Envelope:
        self.table = Table.from_log(log, self.thinking)
        return {"ok": True, "moves": len(self.table.record.actions), "view": self.table.view()}

    @_answers
    def view(self, seat: int | None = None) -> Envelope:
        return {"ok": True, "view": self._need_table().view(seat)}

    @_answers
    def check(self, text: str, seat: int | None = None) -> Envelope:
        return {"ok": True, "label": self._need_table().check(text, seat)}

    @_answers
    def check_cards(self, cards: Sequence[str], seat: int | None = None) -> Envelope:
        """The move the seat's selected cards make, or why they can't be played:
        ``{"ok", "act", "label", "choices"}`` (``act`` as ``act`` takes it) or an error
        with its ``choices``. ``choices`` are every move the cards could make (one per
        value in Matchstick Tycoon), as the view offers moves, each with ``legal`` and
        its ``reason`` when it is not."""
        table = self._need_table()
        moves = table.card_moves(cards, seat)
        choices = [{**move, "legal": error is None,
                    "reason": None if error is None else str(error)}
                   for move, (_, error) in zip(table.moves_json([a for a, _ in moves]), moves,
                                               strict=True)]
        legal = [choice for choice in choices if choice["legal"]]
        if not legal:
            return {**_error(_reason(moves)), "choices": choices}
        return {"ok": True, "act": legal[0]["act"], "label": legal[0]["label"],
                "choices": choices}

    @_answers
    def act(self, text: str, seat: int | None = None) -> Envelope:
        table = self._need_table()
        before = table.state
        try:
            action = table.act(text, seat)
        except RulesError as error:
            envelope = _error(error)
            envelope["view"] = table.view(seat if type(seat) is int and
                                          0 <= seat < before.players else None)
            return envelope
        return {"ok": True, **table.public_step(action, before), "view": table.view(seat)}

    @_answers
    def advance(self) -> Envelope:
        """One bot or chance step: ``{"ok", "action", "kind", "seat", "cards", "text",
        "moves", "view"}``; ``action`` is None when none is due (a human's turn, the end,
        or a script waiting for Next: a guided one at each caption, a reader's always)."""
        table = self._need_table()
        before = table.state
        action = table.advance()
        if action is None:
            return {"ok": True, "action": None, "kind": None, "seat": None, "cards": [],
                    "text": None, "moves": len(table.record.actions), "view": table.view()}
        return {"ok": True, **table.public_step(action, before), "view": table.view()}

    @_answers
    def next_step(self) -> Envelope:
        """The scenario's next scripted move (a reader's Next; in a guided script, the
        others' moves only): the public step and view."""
        table = self._need_table()
        before = table.state
        action = table.next_step()
        return {"ok": True, **table.public_step(action, before), "view": table.view()}

    @_answers
    def take_over(self) -> Envelope:
        """Leave the scenario's script: the human plays on, the bots choose their own."""
        table = self._need_table()
        table.take_over()
        return {"ok": True, "moves": len(table.record.actions), "view": table.view()}

    @_answers
    def goto(self, step_number: int) -> Envelope:
        """The scenario's (or replay's) position after ``step_number`` of its moves."""
        table = self._need_table()
        table.goto(step_number)
        return {"ok": True, "moves": len(table.record.actions), "view": table.view()}

    @_answers
    def read_link(self, fragment: str) -> Envelope:
        """What a link's fragment opens (see engine.links): ``kind`` ("deal", "replay",
        "scenario" or "none"), the ``config`` to start it with ``new_game``, and
        ``notices`` naming whatever in it was ignored."""
        reading = read_link(fragment)
        return {"ok": True, "kind": reading.kind, "config": reading.config,
                "notices": reading.notices}

    @_answers
    def deal_link(self, config: dict[str, Any]) -> Envelope:
        """The link of a new deal of ``config`` (a lobby's choices; a seed is drawn when
        it has none): ``link``, a fragment, and its ``seed``, for the lobby's next Deal
        to deal those very cards."""
        if not isinstance(config, dict):
            raise BadOptions("a game is configured by an object of settings")
        table = Table.create(config, self.thinking)
        return {"ok": True, "link": table.deal_link(), "seed": table.record.seed}

    @_answers
    def set_pace(self, pace_ms: int) -> Envelope:
        """The bots' pause between steps the player chose (ms; 0 is Instant): it caps how
        long Hard thinks on this device (``think_ms``; null where the session does not
        time Hard) from its next decision on."""
        pace = check_pace(pace_ms)
        if self.thinking is None:
            return {"ok": True, "think_ms": None}
        self.thinking.pace_ms = pace
        return {"ok": True, "think_ms": self.thinking.limit_ms}

    @_answers
    def embed(self, config: dict[str, Any], scenario: str | None = None) -> Envelope:
        """What an author pastes to embed a table of ``config`` (a lobby's choices) or of
        ``scenario`` (its JSON text): ``fields``, the ``data-`` attributes the loader reads
        (as [name, value] pairs), and ``link``, the embedded table's fragment, for a
        preview. A scenario that cannot be played is refused with what to fix."""
        if not isinstance(config, dict) or not (scenario is None or isinstance(scenario, str)):
            raise BadOptions("an embedded table is a game's settings and a scenario's text")
        table = Table.create(config)  # the settings are checked as a new game's
        fields = embed_fields({"game": table.record.rules.game, "seats": table.seats,
                               "options": table.record.rules.options()}, scenario)
        link = [("v", "1"), *fields]
        if scenario is not None:
            link = [("v", "1"), ("scenario", scenario_code(dict(fields)["scenario"]))]
        return {"ok": True, "fields": [list(field) for field in fields],
                "link": urlencode(link)}

    @_answers
    def links(self, reveal: bool = False) -> Envelope:
        """The links of the game in progress: ``deal`` (the same deal again, from its
        start) and ``replay`` (every move so far, seen from the human's seat; every
        hand shown when ``reveal``), null where a game cannot be shared so, and
        ``replay_note`` saying why when the replay is null."""
        table = self._need_table()
        replay = table.replay_link(reveal is True)
        note = None
        if replay is None:
            note = ("A game begun from a position is shared from its start only."
                    if table.record.start is not None else
                    f"This game is too long for a replay link (a link holds at most "
                    f"{MAX_STEPS:,} moves): share its deal instead.")
        return {"ok": True, "deal": table.deal_link(), "replay": replay, "replay_note": note}

    @_answers
    def again(self) -> Envelope:
        """``config``: the choices of the game in progress, for a new deal of them (null
        for a scenario or a game begun from a position)."""
        return {"ok": True, "config": self._need_table().again_config()}

    @_answers
    def hint(self, seat: int | None = None) -> Envelope:
        """The Hard bot's move for the seat (default: the human) and why:
        ``{"ok", "text", "kind", "label", "reason", "cards"}``; refused when it is not that
        seat's turn or the game is over."""
        return {"ok": True, **self._need_table().hint(seat)}

    @_answers
    def export_log(self) -> Envelope:
        return {"ok": True, "log": self._need_table().export_log()}

    @_answers
    def undo(self) -> Envelope:
        """Take back the human's last move of this round (see ``Table.undo``): the view
        of the position before it, and the actions the game now has."""
        table = self._need_table()
        table.undo()
        return {"ok": True, "moves": len(table.record.actions), "view": table.view()}
