"""What the phone table needs of Matchstick Tycoon, from the engine: how each play turns
and extends its cards (the picker's preview), every value a selection could act as with
why it cannot, and the words on the pass button."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import Session
from engine.catalogue import make_rules
from engine.families.climbing.rules.matchstick import GLYPHS, TURNED


def played_glyph(face: dict[str, object], segments: str) -> frozenset[str]:
    """The glyph a card shows as played: its segments and those added, turned if so."""
    drawn = set(segments) | set(str(face["added"]))
    return frozenset(TURNED[s] for s in drawn) if face["turned"] else frozenset(drawn)


def session_in_play(seed: int, turns: int) -> Session:
    session = Session()
    assert session.new_game({"game": "matchstick", "seed": seed,
                             "seats": ["human", "easy", "easy", "easy"]})["ok"]
    for _ in range(turns):
        view = session.view()["view"]
        if view["outcome"] or view["last_round"]:
            break
        if view["your_turn"]:
            session.act(view["legal"][0]["act"])
        else:
            session.advance()
    while session.advance()["action"] is not None:
        pass
    return session


@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), turns=st.integers(0, 60))
def test_every_offered_play_shows_how_its_cards_make_its_value(seed, turns):
    view = session_in_play(seed, turns).view()["view"]
    for move in view["legal"]:
        if move["kind"] != "play":
            continue
        value = move["value"]
        assert set(value["segments"]) == GLYPHS[value["id"]]
        added = 0
        for face, card in zip(move["faces"], move["cards"], strict=True):
            assert face["id"] == card
            own = "".join(GLYPHS[card])
            assert not set(face["added"]) & set(own)
            assert played_glyph(face, own) == GLYPHS[value["id"]]
            added += len(face["added"])
        assert move["cost"] == added


@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), turns=st.integers(0, 60), data=st.data())
def test_a_selection_lists_every_value_it_could_act_as(seed, turns, data):
    """The choices of a selection: the view's moves for those cards, exactly, and every
    other value the cards fit, with the engine's reason."""
    session = session_in_play(seed, turns)
    view = session.view()["view"]
    if not view["your_turn"] or not view["hand"]:
        return
    ids = [card["id"] for card in view["hand"]]
    size = data.draw(st.integers(1, min(3, len(ids))))
    cards = data.draw(st.permutations(ids))[:size]
    answer = session.check_cards(cards)
    choices = answer["choices"]
    offered = {move["act"] for move in view["legal"]
               if sorted(move["cards"]) == sorted(cards)}
    assert {choice["act"] for choice in choices if choice["legal"]} == offered
    assert answer["ok"] == bool(offered)
    for choice in choices:
        assert choice["legal"] == (choice["reason"] is None)
        if not choice["legal"]:
            assert not session.check(choice["act"])["ok"]
            assert session.check(choice["act"])["error"]["message"] == choice["reason"]


def test_the_pass_button_says_it_takes_a_matchstick():
    view = session_in_play(1, 0).view()["view"]
    assert view["pass_label"] == "Pass, take a matchstick"
    assert {m["label"] for m in view["legal"] if m["kind"] == "pass"} <= {
        "Pass, take a matchstick"}


def test_the_order_weak_to_strong_flips_in_a_revolution():
    """The banner's order comes from the rules: every value or rank a play can have,
    weakest first; a revolution reverses it (the Jokers stay on top)."""
    sticks = make_rules("matchstick")
    assert sticks.strength_order(False) == tuple("0123456789AbCdEF")
    assert sticks.strength_order(True) == tuple("FEdCbA9876543210")
    assert make_rules("matchstick", options={"expansion": 2}).strength_order(False)[-2:] == (
        "G", "H")
    president = make_rules("president")
    assert president.strength_order(True)[:2] == ("2", "A")
    assert president.strength_order(True)[-1] == "Joker"
    assert make_rules("tycoon", options={"jokers": 0}).strength_order(False)[-1] == "A"
    view = session_in_play(1, 0).view()["view"]
    assert view["order"] == list(sticks.strength_order(view["revolution"]))
