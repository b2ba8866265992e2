"""Corporation in Japanese: every word a seat is shown, of its view, its hint, its steps
and its errors, is Japanese; the bots' table talk is kept as what it means, not as
words, and each reader hears it in their own language; and talk typed in Japanese names
its numbers to the bots and the hint."""

import json
import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_catalogues import LATIN_IN_JAPANESE

from engine.api import Session
from engine.core.language import speaking
from engine.core.seats import BOT_NAMES
from engine.families.corporation.bots import levels as corporation_bots
from engine.families.corporation.bots.reading import named_card
from engine.families.corporation.rules.definition import (
    Announce,
    Commit,
    CorporationRules,
    Phrase,
    announced_cards,
    parse_action,
)
from engine.families.corporation.rules.machine import (
    Corporation,
    apply,
    observe,
    setup,
    step,
)
from engine.families.corporation.words.hints import explain
from engine.families.corporation.words.views import CorpPresenter
from engine.log import read_log

NAMES = set(BOT_NAMES)  # a bot keeps its name where the table names it so
# What a view holds as data for the page, not words: ids, kinds and the game's names.
DATA_KEYS = {"act", "kind", "game", "phase", "table", "id", "rank", "suit", "color", "name",
             "columns", "action", "type"}


def shown_texts(value, key=None):
    """Every string a seat is shown in ``value`` (a view, a hint, a step), with its key."""
    if isinstance(value, dict):
        for inner, item in value.items():
            yield from shown_texts(item, inner)
    elif isinstance(value, list):
        for item in value:
            yield from shown_texts(item, key)
    elif isinstance(value, str) and key not in DATA_KEYS:
        yield key, value


def english_in(text):
    """The Latin words of ``text`` a Japanese reader should not meet."""
    return set(re.findall("[A-Za-z]+", text)) - LATIN_IN_JAPANESE - NAMES


def assert_japanese(reply, where):
    for key, text in shown_texts(reply):
        assert not english_in(text), (where, key, text)


LEVELS = st.sampled_from(["easy", "normal", "greedy", "random"])


@given(seed=st.integers(0, 2**32), bots=st.lists(LEVELS, min_size=3, max_size=5),
       top_card=st.sampled_from([0, 10]), announcements=st.sampled_from([0, 1, 3]),
       moves=st.integers(1, 60), rng=st.randoms(use_true_random=False))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_corporation_positions_are_shown_in_japanese(seed, bots, top_card,
                                                            announcements, moves, rng):
    """Random games, the human choosing at random among the moves offered (table talk
    included) and sometimes trying a move that is not allowed: the view, the hint, each
    step and each refusal is in Japanese."""
    session = Session()
    started = session.new_game({"game": "corporation", "seed": seed,
                                "seats": ["human", *bots],
                                "options": {"top_card": top_card,
                                            "announcements": announcements,
                                            "target_score": 25}})
    assert started["ok"], started
    assert session.set_language("ja")["ok"]
    for _move in range(moves):
        view = session.view()
        assert_japanese(view, "view")
        if view["view"]["outcome"] is not None:
            break
        hint = session.hint()
        assert_japanese({**hint, "text": None}, "hint")  # its text is the move's notation
        legal = view["view"]["legal"]
        if rng.random() < 0.15 or not legal:  # a move the rules refuse, or no move at all
            refused = session.act("commit 99" if legal else "say 3で会社を作ろう")
            assert not refused["ok"]
            assert_japanese(refused, "error")
            reply = session.advance()
        else:
            reply = session.act(rng.choice(legal)["act"])
            assert reply["ok"], reply
        assert_japanese(reply, "step")


def test_a_bot_s_talk_is_kept_as_what_it_means():
    """A Normal bot tells its fellow members what it will play: the state keeps the
    phrase and its card, no words; the log writes it in the notation it always had."""
    state = setup(CorporationRules(), 5, corporations=[Corporation(1, (0, 1, 2))])
    said = corporation_bots.normal(observe(state, 0), random.Random(0))
    assert said.phrase is Phrase.PROMISE and said.words == ""
    state = step(state, said)
    assert state.announcements == (Announce(0, phrase=Phrase.PROMISE, card=said.card),)
    assert str(said) == f"0:say I'll play {said.card}"
    assert parse_action(str(said)) == said


ENGLISH = {Phrase.PROMISE: "I'll play {card}", Phrase.INVITE: "Join my Corporation on {card}"}
JAPANESE = {Phrase.PROMISE: "{card}を出します", Phrase.INVITE: "{card}で会社を作ろう"}


def test_a_bot_s_talk_reads_in_each_reader_s_language():
    session = Session()
    session.new_game({"game": "corporation", "seed": 3,
                      "seats": ["human", "normal", "normal", "normal", "normal"]})
    talk = None
    while talk is None:
        reply = session.advance()
        assert reply["action"] is not None, "no bot talked before the human's turn"
        if reply["kind"] == "announce":
            talk = parse_action(reply["action"])
    english = ENGLISH[talk.phrase].format(card=talk.card)
    speaker = session.view()["view"]["players"][talk.seat]["name"]
    assert reply["text"] == f'{speaker} says "{english}"'
    assert session.view()["view"]["announcements"][-1] == {"seat": talk.seat,
                                                           "text": english}
    assert session.set_language("ja")["ok"]
    view = session.view()["view"]
    assert view["announcements"][-1] == {
        "seat": talk.seat, "text": JAPANESE[talk.phrase].format(card=talk.card)}
    # The page offers the phrases in the reader's words; what it sends back is notation.
    offered = [move for move in view["legal"] if move["kind"] == "announce"]
    assert offered
    for move in offered:
        phrase = parse_action(move["act"], 0)
        assert phrase.words == "" and move["act"] == f"say {phrase.text}"
        assert move["said"] == "「" + JAPANESE[phrase.phrase].format(card=phrase.card) + "」"
    log = session.export_log()["log"]
    assert str(talk) in log["actions"]
    assert not any(re.search("[\u3040-\u30ff]", action) for action in log["actions"])


def test_an_old_log_with_a_bot_s_english_sentence_replays_and_speaks_japanese():
    pinned = json.loads((Path(__file__).parent / "before_people" / "links_and_logs.json")
                        .read_text(encoding="utf-8"))["logs"]["corporation"]
    record, _state = read_log(pinned)
    spoken = [action for action in record.actions if isinstance(action, Announce)]
    assert spoken and all(action.phrase is not None for action in spoken)
    session = Session()
    assert session.load_log(pinned)["ok"]
    session.set_language("ja")
    history = session.view()["view"]["history"]
    assert history and all("Revealed" not in line for line in history)
    assert session.export_log()["log"]["actions"] == pinned["actions"]


def test_announced_cards_reads_numbers_in_japanese_text():
    assert announced_cards("3で会社を作ろう") == (3,)
    assert announced_cards("\uff15を出します") == (5,)  # a full-width 5
    assert announced_cards("\uff11\uff10か12で。123や²は数えない") == (10, 12)
    assert announced_cards("7と8、どっちにする") == (7, 8)
    assert announced_cards("I'll play 5, not 15.") == (5, 15)
    assert announced_cards(Announce(0, phrase=Phrase.INVITE, card=4)) == (4,)
    assert announced_cards(Announce(0, "3で会社を作ろう")) == (3,)


def test_the_bots_and_the_hint_hear_japanese_talk():
    state = setup(CorporationRules(), 5, corporations=[Corporation(3, (0, 2))])
    state = apply(state, Announce(2, "一緒に4で会社を続けよう"))
    assert named_card(state.announcements, 2, (1, 2, 4, 5)) == 4
    names = ["You", *BOT_NAMES[:4]]
    seen = observe(state, 0)
    with speaking("ja"):
        why = explain(seen, Commit(0, 4), names, {})
        label = CorpPresenter(names).label(state.announcements[0], seen)
    assert "4と言いました" in why and not english_in(why)
    assert label == "「一緒に4で会社を続けよう」と言う"  # a player's own words stay theirs
    with speaking("en"):
        assert explain(seen, Commit(0, 4), names, {}).startswith(
            f"Commit 4: {names[2]} said 4, so if every member of Corporation 3 plays 4")
