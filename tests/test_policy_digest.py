"""The learned weights a game's bots play with, named in its log and links by their digest:
a log or link made with other weights opens all the same, its recorded moves replay
exactly, and the player is told the bots may play on differently; a log or link from
before weights were recorded opens as it always did.

The tests give Tycoon weights of their own (``ours``), whatever the package ships."""

import json

import pytest

from engine import links
from engine.api import Session
from engine.catalogue import make_rules
from engine.core.errors import BadOptions
from engine.families.climbing.bots import learned
from engine.links import embed_fields, read_link
from engine.log import policy_of

SEATS = ["human", "easy", "easy", "easy"]
OTHER = "0123456789ab"  # a digest no weights here have


@pytest.fixture
def ours(tmp_path, monkeypatch):
    """The digest of the Tycoon weights this engine's bots play with in a test: a file of
    its own, in place of the package's."""
    monkeypatch.setattr(learned, "WEIGHTS", tmp_path)
    path = learned.keep_weights(make_rules("tycoon"), [0.25] * len(learned.FEATURES),
                                {"for": "a test"}, None)  # and forgets the weights read
    yield learned.weights_digest(path.read_text(encoding="utf-8"))
    learned._shipped.cache_clear()  # the package's weights are read again after the test


def played(moves: int, game: str = "tycoon") -> Session:
    """A game with a human and Easy bots, ``moves`` actions in (the human takes the last
    move it is offered)."""
    session = Session()
    seats = ["human"] + ["easy"] * 4 if game in ("president", "corporation") else SEATS
    assert session.new_game({"game": game, "seed": 5, "seats": seats})["ok"]
    for _ in range(moves):
        answer = session.advance()
        if answer["action"] is None:
            if not answer["view"]["legal"]:
                break
            session.act(answer["view"]["legal"][-1]["act"])
    return session


def with_policy(link: str, digest: str) -> str:
    """``link`` as a version whose bots' weights have ``digest`` writes it."""
    if "&policy=" in link:
        start = link.index("&policy=") + len("&policy=")
        return link[:start] + digest + link[start + 12:]
    moves = link.find("&seat=")
    return (link + f"&policy={digest}" if moves < 0
            else link[:moves] + f"&policy={digest}" + link[moves:])


# ---------------------------------------------------------------- logs


def test_a_log_names_the_digest_of_the_weights_its_bots_play_with(ours):
    log = played(12).export_log()["log"]
    assert log["policy"] == ours == policy_of(make_rules("tycoon"))


def test_a_game_whose_bots_learn_nothing_logs_no_digest():
    session = played(3, "corporation")
    assert session.export_log()["log"]["policy"] is None
    assert "policy=" not in session.links()["deal"]


def test_a_log_made_with_the_same_weights_opens_without_a_caution(ours):
    log = played(20).export_log()["log"]
    loaded = Session().load_log(json.dumps(log))
    assert loaded["ok"] and loaded["caution"] is None


@pytest.mark.parametrize(("recorded", "learned_words"), [
    (OTHER, "whose bots learned other weights"),
    (None, "whose bots had learned no weights"),
])
def test_a_log_made_with_other_weights_replays_its_moves_and_says_the_bots_may_differ(
        ours, recorded, learned_words):
    session = played(30)
    log = session.export_log()["log"]
    loaded = Session()
    reply = loaded.load_log({**log, "policy": recorded})
    assert reply["ok"]
    assert reply["caution"] == (
        f"This game was saved by a version {learned_words}: its moves so far replay as they "
        "were played, but the bots may play on differently here.")
    # The recorded moves are the game's, whatever the weights.
    assert loaded.table.record == session.table.record
    assert loaded.table.state == session.table.state
    # Saved again here, the log names the weights its bots now play with.
    assert loaded.export_log()["log"] == log


def test_a_log_from_before_digests_were_recorded_loads_as_it_always_did(ours):
    session = played(30)
    log = session.export_log()["log"]
    del log["policy"]
    loaded = Session()
    reply = loaded.load_log(log)
    assert reply["ok"] and reply["caution"] is None
    assert loaded.table.state == session.table.state
    assert loaded.export_log()["log"]["policy"] == ours


def test_a_log_whose_digest_is_garbled_still_opens_with_the_caution(ours):
    log = played(8).export_log()["log"]
    reply = Session().load_log({**log, "policy": {"not": "a digest"}})
    assert reply["ok"] and "learned other weights" in reply["caution"]


# ---------------------------------------------------------------- links


def test_deal_and_replay_links_name_the_digest_of_the_weights_the_bots_play_with(ours):
    links = played(25).links()
    assert links["deal"].endswith(f"&policy={ours}")  # last of the deal's parts
    assert f"&policy={ours}&seat=" in links["replay"]
    assert Session().deal_link({"game": "tycoon", "seats": SEATS})["link"].endswith(
        f"&policy={ours}")
    for link in links.values():
        if link is not None:
            reading = read_link(link)
            assert reading.notices == [] and reading.caution is None


def test_a_link_of_a_game_without_weights_names_none():
    link = Session().deal_link({"game": "corporation", "seats": ["human"] + ["easy"] * 4})
    assert "policy" not in link["link"]


def test_a_deal_link_made_with_other_weights_deals_the_same_cards_and_says_so(ours):
    session = played(1)
    link = with_policy(session.links()["deal"], OTHER)
    reading = Session().read_link(link)
    assert reading["kind"] == "deal" and reading["notices"] == []
    assert reading["caution"] == ("This deal was shared from a version whose bots learned "
                                  "other weights: they may play it differently here.")
    same = read_link(session.links()["deal"])
    assert reading["config"] == same.config
    opened = Session()
    assert opened.new_game(reading["config"])["ok"]
    assert opened.table.record.actions[:1] == session.table.record.actions[:1]  # the deal


def test_a_replay_link_made_with_other_weights_replays_its_moves_exactly_and_says_so(ours):
    session = played(40)
    link = with_policy(session.links()["replay"], OTHER)
    reading = Session().read_link(link)
    assert reading["kind"] == "replay" and reading["notices"] == []
    assert reading["caution"] == (
        "This replay was shared from a version whose bots learned other weights: its moves "
        "replay exactly as they were played, but if you play on, the bots may play "
        "differently here.")
    viewer = Session()
    script = viewer.new_game(reading["config"])["view"]["script"]
    assert viewer.goto(script["steps"])["ok"]
    assert viewer.table.record == session.table.record
    assert viewer.table.state == session.table.state


def test_a_link_from_a_version_without_weights_opens_as_it_always_did(ours):
    """A link without a digest records none (one from before links recorded weights, or an
    embedded table's), so nothing is compared."""
    link = played(10).links()["replay"].replace(f"&policy={ours}", "")
    reading = read_link(link)
    assert reading.kind == "replay" and reading.notices == [] and reading.caution is None


@pytest.mark.parametrize("written", [
    "zz", "0123456789AB", "0123456789abc", "0123456789a", "", "<b>0123456789</b>",
    "".join(chr(0xFF10 + digit) for digit in range(10)) + "ab",  # full-width digits
])
def test_a_malformed_digest_in_a_link_is_ignored_with_a_notice(ours, written):
    session = played(10)
    for kind in ("deal", "replay"):
        reading = read_link(with_policy(session.links()[kind], "PLACE").replace(
            "PLACE", written))
        assert reading.kind == kind and reading.caution is None
        assert reading.notices == [
            f"policy={written if len(written) <= 24 else written[:21] + '…'} was ignored: "
            "it is the digest of the bots' learned weights, 12 hex digits"]


def test_a_link_that_cannot_be_played_opens_nothing_and_cautions_nothing(ours, monkeypatch):
    def refused(config, scenario=None):
        raise BadOptions("no table is free")

    link = with_policy(played(10).links()["deal"], OTHER)
    monkeypatch.setattr(links.GameConfig, "read", refused)
    reading = read_link(link)
    assert reading.kind == "none" and reading.caution is None
    assert reading.notices == ["the link's deal cannot be played: no table is free"]


def test_an_embedded_tables_fields_name_no_digest(ours):
    """A page keeps its embedded table through every version's weights, and each reader's
    bots play with their own: no caution for every reader once the weights change."""
    fields = embed_fields({"game": "tycoon", "seats": SEATS}, None)
    assert "policy" not in dict(fields)
