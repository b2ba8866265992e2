"""Motion: plays fly to the middle, a won trick sweeps to its winner, a deal comes out of
the middle; for a player who asks for reduced motion, nothing moves, things only fade.
Every animation the page runs is watched, frame by frame."""

import pytest

from tycoon_page import Table

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
