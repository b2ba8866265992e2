"""Motion: plays fly to the middle, a won trick sweeps to its winner, a deal comes out of
the middle, and the cards its exchange forces over fly from seat to seat; for a player
who asks for reduced motion, nothing moves, things only fade; at the Instant pace,
nothing is animated. Every animation the page runs is watched, frame by frame."""

import json
import math

import pytest

from engine.api import Session
from tycoon_page import SETTINGS_KEY, Table, stored_settings

# Records, on every frame, each running animation and whether it moves anything
# (a transform, a translation, a scale or a rotation in its keyframes or transition).
WATCH_ANIMATIONS = """(() => {
    const seen = window.__animations = {moving: [], fading: 0};
    const moves = (animation) => {
        if (animation.transitionProperty !== undefined) {
            return /transform|translate|scale|rotate/.test(animation.transitionProperty);
        }
        const frames = animation.effect && animation.effect.getKeyframes
            ? animation.effect.getKeyframes() : [];
        return frames.some(f => ["transform", "translate", "scale", "rotate"].some(p => p in f));
    };
    const watch = () => {
        for (const animation of document.getAnimations()) {
            if (animation.playState !== "running") continue;
            if (moves(animation)) {
                const target = animation.effect && animation.effect.target;
                // The page's own (Web Animations) apart from its style's transitions.
                const kind = animation.constructor.name === "Animation" ? "script" : "style";
                seen.moving.push(kind + ":" + (target ? target.className || target.tagName : "?"));
            } else {
                seen.fading += 1;
            }
        }
        requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
})();"""


def play_a_few_turns(table: Table) -> dict[str, object]:
    """Tycoon with four at Fast pace: the deal, the bots' plays, two turns of the
    player's; what the page animated meanwhile."""
    table.page.add_init_script(WATCH_ANIMATIONS)
    table.open()
    table.choose_game("tycoon", 4, bots="easy", pace="350")
    table.deal()
    for _ in range(2):
        table.wait_for_my_turn()
        if table.results_shown():
            break
        table.take_a_quick_turn()
    table.wait_for_my_turn()
    return dict(table.page.evaluate("window.__animations"))


def test_with_reduced_motion_nothing_moves_things_only_fade(table: Table):
    seen = play_a_few_turns(table)
    assert seen["moving"] == [], seen["moving"][:10]
    assert seen["fading"], "nothing faded in or out either"


@pytest.mark.parametrize("context", ["no-preference"], indirect=True)
def test_plays_deals_and_tricks_move_across_the_table(table: Table):
    seen = play_a_few_turns(table)
    moved = set(seen["moving"])
    assert "script:card" in moved, moved  # the deal, out of the middle into the hand
    assert "script:cards" in moved, moved  # plays arriving in the middle


# Records every card flying across the table (``flying-*``), frame by frame: its kind,
# the card's name where it shows its face, the move count when it set off, whether its
# keyframes move it, and where its middle was when first and last seen, with where each
# seat was then (the exchange's sheet changes its rows as the cards arrive): your hand for
# you; the others' places, or, while the exchange is on show over the felt, their names
# in its rows (the cards fly between those).
WATCH_FLIGHTS = """(() => {
    const flights = window.__flights = [];
    const seats = () => [
        ["0", document.querySelector("#hand")],
        ...(document.querySelector("#exchange:not([hidden])")
            ? [...document.querySelectorAll("#exchange .transfer")].flatMap(row => [
                [row.dataset.from, row.querySelector(".giver")],
                [row.dataset.to, row.querySelector(".receiver")]])
            : [...document.querySelectorAll("#opponents .opponent")].map(
                o => [o.dataset.seat, o])),
        ].filter(([seat, element]) => seat !== "0" || element.id === "hand")
        .map(([seat, element]) => {
            const box = element.getBoundingClientRect();
            return [Number(seat), [box.left + box.width / 2, box.top + box.height / 2]];
        });
    const known = new Map();
    const watch = () => {
        for (const animation of document.getAnimations()) {
            const target = animation.effect && animation.effect.target;
            if (!target || !/flying-/.test(target.className)) continue;
            const box = target.getBoundingClientRect();
            const point = [box.left + box.width / 2, box.top + box.height / 2];
            let flight = known.get(target);
            if (flight === undefined) {
                const name = target.querySelector(".name");
                flight = {kind: target.className, name: name ? name.textContent : null,
                          moves: Number(document.querySelector("#table").dataset.moves),
                          moving: animation.effect.getKeyframes().some(f => "transform" in f),
                          first: point, last: point, element: target};
                flight.first_seats = seats();
                known.set(target, flight);
                flights.push(flight);
            }
            flight.last = point;
            flight.last_seats = seats();
        }
        requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
})();"""


def at_the_end_of_round_one() -> dict[str, object]:
    """A saved four-player Tycoon game whose first round is over: the next deal forces
    the Beggar's 2 best cards to the Tycoon and the Poor Man's best to the Rich Man."""
    session = Session()
    assert session.new_game({"game": "tycoon", "seed": 5, "options": {"rounds": 2},
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    while (view := session.view()["view"])["phase"] != "deal":
        if session.advance()["action"] is None:
            session.act(view["legal"][0]["act"])
    return dict(session.export_log()["log"])


def nearest(point: list[float], seats: list[list]) -> int:
    """The seat whose place (as a flight recorded it) is nearest ``point``."""
    return min(seats, key=lambda place: math.dist(point, place[1]))[0]


@pytest.mark.parametrize(("context", "pace"), [("no-preference", "900"), ("reduce", "900"),
                                               ("no-preference", "0")],
                         ids=["moving", "reduced motion", "instant"], indirect=["context"])
def test_the_cards_the_next_deal_forces_over_fly_from_giver_to_receiver(table: Table,
                                                                        pace: str):
    log = at_the_end_of_round_one()
    deal = Session()
    assert deal.load_log(log)["ok"]
    transfers = deal.advance()["transfers"]  # the deal as the page will be shown it
    page = table.page
    page.add_init_script(WATCH_FLIGHTS)
    table.store_before_opening(save=json.dumps(log),
                               local={SETTINGS_KEY: stored_settings(pace=int(pace))})
    table.open()
    table.wait_for_engine()
    page.tap("#resume")
    page.tap("#results-next")  # round 1's results read: round 2 is dealt
    table.wait_for_my_turn()
    page.wait_for_function("() => __flights.every(f => !f.element.isConnected)")
    dealt_at = len(log["actions"]) + 1
    flights = [flight for flight in page.evaluate(
        "() => __flights.map(({element, ...flight}) => flight)")
        if flight["moves"] == dealt_at]
    if pace == "0":
        assert flights == []
        return
    moving = page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False
    for transfer in transfers:
        giver, receiver = transfer["from"], transfer["to"]
        own = [flight for flight in flights
               if nearest(flight["first"], flight["first_seats"]) == giver]
        assert len(own) == transfer["count"], (transfer, flights)
        seen = 0 in (giver, receiver)  # faces for the two seats involved only
        assert [flight["kind"] for flight in own] == (
            ["flying-card" if seen else "flying-back"] * transfer["count"])
        assert [flight["name"] for flight in own] == (
            [card["name"] for card in transfer["cards"]] if seen else [None] * len(own))
        for flight in own:
            assert flight["moving"] is moving
            assert nearest(flight["last"], flight["last_seats"]) == (
                receiver if moving else giver), flight
    assert len(flights) == sum(transfer["count"] for transfer in transfers)
