"""What a seat sees of a table, as JSON-ready data: the view of the position, and a
step as the human's seat may see it."""


from engine.catalogue import Action, Observation, OfAGame, State, game_of, observe, outcome
from engine.catalogue import seen_step as seen_by
from engine.core.contract import CardJson, RuleSet, StepJson, TableView, View
from engine.core.language import _, p_
from engine.core.options import option_infos
from engine.core.presenter import Presenter
from engine.core.words import place_words
from engine.play import people, undo
from engine.play import script as scripts
from engine.play.table import Table

__all__ = ["public_step", "table_view"]


def table_view(table: Table, seat: object = None) -> View:
    """What ``seat`` (default: the human) sees, in its words: a person's view speaks to
    them ("You"), and names the phone's owner by their own name."""
    who = table.seat(seat)
    state = table.state
    rules = state.rules
    result = outcome(state)
    presenter = speaking_to(table, who)
    observation: Observation = observe(state, who)
    common: TableView = {
        "game": rules.game,
        "title": p_("game", game_of(rules).title),
        "options": rules.options(),
        "seat": who,
        "round": state.round_no,
        "round_text": presenter.round_text(observation, state.round_no),
        "outcome": None if result is None else {
            **result.to_json(), "text": presenter.outcome_text(result.winners,
                                                               result.scores),
            "places_text": [place_words(place)
                            for place in range(1, len(result.ranking) + 1)]},
        "help": {info.name: _(info.help) for info in option_infos(type(rules))},
        "rule_set": _rule_set(rules),
        "undo": table.undo_allowed,  # a practice game: the human may take moves back
        "can_undo": table.undo_allowed and undo.refusal(table, who) is None,
        "script": scripts.script_view(table),
        "revealed": _revealed_hands(table, presenter),
        "people": people.people_json(table),
        "next_person": people.next_person(table, who),
        "hand_over": people.hand_over(table, who),
        "since": people.since_text(table, who) if len(table.persons) > 1 else None,
    }
    return {**common, **scripts.scripted_view(table, presenter,
                                              presenter.view(observation, table.seats), who)}


def speaking_to(table: Table, seat: int) -> Presenter:
    """The presenter a seat's view and steps speak with: the table's (the owner's words)
    for the owner or a bot's seat, else speaking to that person. A replay of a named
    person's game (a challenger's run, a friend's shared game), while its reader steps
    through it, names that person's seat by their name, as its title does: the reader
    watches, and is "You" only once they play on from it."""
    if seat in table.persons and seat != table.human:
        return table.presenter(seat)
    return table.presenter(watching=_watched(table))


def _watched(table: Table) -> bool:
    """Whether a reader steps through the replay of a named person's game, shown from
    that person's seat (the owner's)."""
    script, owner = table.script, table.human
    return (script is not None and script.stepped and owner < len(table.people)
            and table.people[owner] is not None)


def public_step(table: Table, action: Action, before: State, seat: int | None = None
                ) -> StepJson:
    """``action``, just made from ``before``, as ``seat`` (default: the human's) may see
    it (``seen_by``), in its words: its notation (a deal, or a give or commit the seat did not see,
    without cards), its kind, its seat, the cards it showed (as the view draws cards),
    and its sentence."""
    viewer = table.human if seat is None else seat
    seen = seen_by(before, action, viewer)
    presenter = speaking_to(table, viewer)
    seen_before = observe(before, viewer)
    seen_after = observe(table.state, viewer)
    text = presenter.narrate(seen, seen_before, seen_after)
    return {"action": str(seen), "kind": seen.kind, "seat": action.seat,
            "cards": [presenter.card(c) for c in seen.cards], "text": text,
            "moves": len(table.record.actions), **presenter.how_played(seen, seen_before),
            **presenter.where_to(seen, seen_before, seen_after)}


def _revealed_hands(table: Table, presenter: Presenter) -> list[list[CardJson]] | None:
    """Every seat's hand, each as that seat sees it, when the table reveals them."""
    if table.script is None or not table.script.reveal:
        return None
    return [[presenter.card(card) for card in observe(table.state, seat).hand]
            for seat in range(table.state.players)]


def _rule_set(rules: OfAGame) -> RuleSet:
    """The preset a game's rules are (its name and title), or the player's own rules."""
    game = game_of(rules)
    name = next((name for name, preset in game.presets.items() if preset == rules), None)
    if name is None:
        return {"name": "custom", "title": _("Your own rules")}
    return {"name": name, "title": _(game.preset_titles[name])}
