"""A game in play says its own words in Japanese when its session speaks Japanese, and
its links do not change: today's result, challenges, undo, sharing, a link's notices, the
scenarios' and guided tricks' words, a line of news, and the terminal's ``--lang ja``.
What the engine's other parts say inside them (a move's label, the narration, names) is
theirs to translate; here a text is Japanese but for the Latin letters the catalogue test
allows, the names of the table, and the link notation a notice quotes."""

import builtins
import json
import re
from pathlib import Path

import pytest
from test_catalogues import LATIN_IN_JAPANESE
from test_links_people import with_friends

from engine.api import Session
from engine.catalogue import GAMES
from engine.cli.main import main
from engine.config import todays_deal
from engine.core.language import n_, p_, speaking
from engine.core.seats import BOT_NAMES, HUMAN, YOU
from engine.links import read_link
from engine.play import people, sharing
from engine.play.today import MONTHS
from engine.players.levels import BOTS
from test_challenge import finished, sent

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "scenarios").glob("*.json"))
# Names the table gives (translated, if at all, where the table's names are), the people
# these tests name, and the words of link notation a notice quotes (a link's keys, the
# games' and bots' names, ``human``).
NAMES = {YOU, *BOT_NAMES, "Sam", "Mia", "Player"}
NOTATION = {"v", "game", "preset", "players", "bots", "people", "seed", "hard", "policy",
            "seat", "moves", "runs", "reveal", "scenario", *GAMES, HUMAN,
            *(word for level in BOTS for word in level.split("-"))}


def foreign(text: str, allowed: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """The Latin words of ``text`` a Japanese reader would not be expected to meet."""
    return set(re.findall("[A-Za-z]+", text)) - LATIN_IN_JAPANESE - NAMES - set(allowed)


def japanese(session: Session) -> Session:
    assert session.set_language("ja")["ok"]
    return session


# ---------------------------------------------------------------- today's deal


@pytest.mark.parametrize("game", ["matchstick", "corporation"])
def test_today_s_result_reads_as_japanese_players_write_it(game):
    session = finished(todays_deal("2026-12-07", game), 4)
    english = session.todays_deal("2026-12-07", game, None, "Sam")["result"]
    result = japanese(session).todays_deal("2026-12-07", game, None, "Sam")["result"]
    title = session.games()["games"][game]["title"]
    assert result["text"] == (f"Tycoon Table・{title}（12月7日）・"  # noqa: RUF001
                              f"{result['players']}人中{result['place']}位・"
                              f"{result['moves']}手")
    assert result["place_text"] == f"{result['place']}位"
    # The result and its challenge are the same in either language: only the words differ.
    assert {key: value for key, value in result.items() if key not in ("text", "place_text")
            } == {key: value for key, value in english.items()
                  if key not in ("text", "place_text")}


def test_a_result_kept_in_one_language_is_said_again_in_the_other():
    session = finished(todays_deal("2026-12-07", "tycoon"), 4)
    english = session.todays_deal("2026-12-07", "tycoon", None, "Sam")["result"]
    kept = {key: value for key, value in english.items() if key != "game"}  # as the page
    said = japanese(session).todays_deal("2026-12-07", "tycoon", None, "Sam")["result"]
    reply = Session().set_language("ja", {"tycoon": kept})
    assert reply["results"] == {"tycoon": {**kept, "place_text": said["place_text"],
                                           "text": said["text"]}}
    assert Session().set_language("en", reply["results"])["results"] == {"tycoon": kept}
    # What the engine cannot read comes back as it was; no results, none.
    odd = {"chess": kept, "tycoon": {**kept, "place": 9}, "president": [1]}
    assert Session().set_language("ja", odd)["results"] == odd
    assert Session().set_language("ja")["results"] == {}
    refused = Session().set_language("ja", ["tycoon"])
    assert refused["error"]["type"] == "BadInput"


def test_a_month_and_a_count_of_moves_are_said_in_japanese():
    with speaking("ja"):
        assert [p_("month", month) for month in MONTHS] == [f"{n}月" for n in range(1, 13)]
        assert n_("{n} move", "{n} moves", 1).format(n=1) == "1手"


# ---------------------------------------------------------------- challenges


def test_a_challenge_s_refusals_are_japanese():
    session = japanese(finished({"game": "tycoon", "seats": ["human", "normal", "normal"],
                                 "seed": 2, "options": {"rounds": 1}}, 1))
    refusals = [session.challenge_link("Aiko"),  # a bot's name at this table
                session.challenge_link("Sam", "#v=1&game=tycoon"),  # not a challenge
                session.challenge_link("Sam", "#" + sent("matchstick")[0])]  # another deal
    reader = japanese(Session())
    refusals.append(reader.read_challenge("#v=1&game=tycoon&seed=1&runs=%%%"))
    unfinished = japanese(Session())
    unfinished.new_game({"game": "tycoon", "seed": 1, "undo": False})
    refusals.append(unfinished.challenge_link("Sam"))
    for refused in refusals:
        assert not refused["ok"], refused
        message = refused["error"]["message"]
        assert not foreign(message, NOTATION), message
        assert re.search("[ぁ-んァ-ヶ一-龯]", message), message


@pytest.mark.parametrize("game", ["tycoon", "corporation"])
def test_a_challenge_read_in_japanese_gives_its_runs_places_in_japanese(game):
    link, _outcome = sent(game)
    english = Session().read_challenge("#" + link)
    read = japanese(Session()).read_challenge("#" + link)
    assert read["config"] == english["config"]  # the deal is the same in any language
    for run, run_in_english in zip(read["runs"], english["runs"], strict=True):
        assert run["place_text"] == f"{run['place']}位"
        assert run["replay"] == run_in_english["replay"]


# ---------------------------------------------------------------- links


def test_a_link_made_in_japanese_is_the_link_made_in_english():
    session = with_friends("tycoon", 7, 30)
    english = session.links(reveal=True)
    assert japanese(session).links(reveal=True) == english
    assert session.deal_link({"game": "president", "seed": 5})["link"] == (
        Session().deal_link({"game": "president", "seed": 5})["link"])
    challenge = finished({"game": "tycoon", "seats": ["human", "normal", "normal"],
                          "seed": 2, "options": {"rounds": 1}}, 1)
    in_english = challenge.challenge_link("Sam")["link"]
    assert japanese(challenge).challenge_link("Sam")["link"] == in_english
    # A link read in Japanese opens the same game as in English.
    for link in (english["deal"], english["replay"], in_english):
        assert japanese(Session()).read_link(link)["config"] == (
            Session().read_link(link)["config"])


def test_a_replay_keeps_its_title_in_english_and_shows_it_in_japanese():
    link, _outcome = sent("tycoon")
    replay = Session().read_challenge("#" + link)["runs"][0]["replay"]
    config = japanese(Session()).read_link(replay)["config"]
    assert config["scenario"]["title"] == "Sam's game of Tycoon"  # the link's data
    viewer = japanese(Session())
    assert viewer.new_game(config)["view"]["script"]["title"] == "Samが遊んだ大富豪"
    unnamed = with_friends("tycoon", 11, 40).links(reveal=False)["replay"]
    unnamed_config = read_link(unnamed).config
    assert "people" in unnamed_config  # a replay of friends: its sharer has no name
    assert viewer.new_game(unnamed_config)["view"]["script"]["title"] == "大富豪の対戦"


def test_a_link_s_notices_and_caution_are_japanese():
    broken = ["#v=1&game=tycoon&players=99&bots=!&seed=-1&hard=3&policy=0&preset=!"
              "&v=1",
              "#v=2&game=tycoon", "#v=!", "#v=1", "#v=1&game=!", "#v=1&scenario=_w",
              "#v=1&game=tycoon&bots=normal,human,normal&runs=&seat=9",
              "#v=1&game=tycoon&moves=!&seat=77",
              "#v=1&game=tycoon&policy=000000000000", "#v=1&game=tycoon&seed=1&seed=2"]
    reader = japanese(Session())
    notices = [notice for link in broken for notice in reader.read_link(link)["notices"]]
    assert len(notices) >= 12
    cautioned = reader.read_link("#v=1&game=tycoon&seed=1&policy=000000000000")["caution"]
    for notice in [*notices, cautioned]:
        assert not foreign(notice, NOTATION), notice


# ---------------------------------------------------------------- scenarios


@pytest.mark.parametrize("config", [{"tutorial": game} for game in GAMES] + [
    {"scenario": json.loads(path.read_text(encoding="utf-8"))} for path in SCENARIOS],
    ids=[*GAMES, *(path.stem for path in SCENARIOS)])
def test_every_word_of_a_shipped_scenario_is_japanese(config):
    english, session = Session(), japanese(Session())
    english.new_game({**config, "stepped": True})
    view = session.new_game({**config, "stepped": True})["view"]
    said = [view["script"]["title"], view["script"]["caption"]]
    for _ in range(view["script"]["steps"]):
        said.append(session.next_step()["view"]["script"]["caption"])
        english.next_step()
    assert len(set(said)) > 2
    for text in said:
        assert re.search("[ぁ-んァ-ヶ一-龯]", text) and not foreign(text), text
    assert english.view()["view"]["script"]["caption"] != said[-1]
    # The game is the same whichever language its words are in.
    assert session.table.record == english.table.record


def test_a_scenario_s_refusals_and_a_script_s_are_japanese():
    session = japanese(Session())
    refused = session.new_game({"scenario": {"game": "tycoon", "steps": "all of them"}})
    assert not foreign(refused["error"]["message"]), refused
    session.new_game({"tutorial": "corporation"})
    not_yet = session.act("commit 2")  # the guided round has Aiko talk first
    assert not_yet["error"]["message"] == (
        "この例題では、先にアイコの手が続きます。「次へ」を押してください")
    assert session.goto(99)["error"]["message"] == "例題の手順は0〜5です"


# ---------------------------------------------------------------- people and sharing


def test_news_undo_and_sharing_join_their_parts_in_japanese():
    table = with_friends("tycoon", 7, 30).table
    started = Session()
    started.new_game({"tutorial": "tycoon"})
    with speaking("ja"):
        news = people.since_text(table, 1)
        note = sharing.links_json(started.table, False)["replay_note"]
    assert news and "; " not in news and not news.endswith(("。", "."))
    assert note == "途中の局面から始めたゲームは、はじめからしか共有できません。"
    refused = japanese(Session())
    refused.new_game({"game": "tycoon", "seats": ["human", "normal", "human", "normal"],
                      "people": [None, None, "Mia", None], "seed": 3, "undo": False})
    assert refused.undo()["error"]["message"] == (
        "このゲームでは手を戻せません（成績に残すゲーム）")  # noqa: RUF001


def test_a_log_that_cannot_be_read_is_refused_in_japanese():
    session = Session()
    session.new_game({"tutorial": "tycoon"})
    log = session.export_log()["log"]
    reader = japanese(Session())
    for broken, refusal in (({"undo": "yes"}, "記録の「1手戻す」の設定と戻した手が読めません"),
                            ({"script": {**log["script"], "from": 99}},
                             "記録の例題が、記録されたゲームと合いません")):
        assert reader.load_log({**log, **broken})["error"]["message"] == refusal


def test_undo_refuses_across_a_hand_over_in_japanese():
    session = japanese(Session())
    session.new_game({"game": "tycoon", "seats": ["human", "normal", "human", "normal"],
                      "people": [None, None, "Mia", None], "seed": 3})
    while session.advance()["action"] is not None:
        pass
    first = session.view()["view"]["next_person"]
    session.act(session.view(first)["view"]["legal"][-1]["act"], first)
    session.advance(first)
    message = session.undo(first)["error"]["message"]
    assert message.startswith("そのあとスマホが") and not foreign(message), message


# ---------------------------------------------------------------- the terminal


def play_in_terminal(monkeypatch, capsys, *args):
    """What ``python -m engine play …`` prints for a player who asks for help, then
    quits."""
    answers = iter(["?", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def test_the_terminal_plays_in_japanese_with_lang_ja(monkeypatch, capsys):
    out = play_in_terminal(monkeypatch, capsys, "tycoon", "--seed", "3", "--lang", "ja")
    assert out.startswith("出すカードを、手札の番号（1 3）かカードの名前（9c 9d, Th。Xは"  # noqa: RUF001
                          "ジョーカー）で入力します。パスは'pass'です。\n"  # noqa: RUF001
                          "'?'でこのヘルプと出せる手をすべて表示、'log'でゲームの記録を保存、"
                          "'q'で終了します。\n")
    assert "=== 第1回戦（全5回戦） ===" in out and "あなたの手札：" in out  # noqa: RUF001
    assert "出せる手：" in out  # noqa: RUF001
    english = play_in_terminal(monkeypatch, capsys, "tycoon", "--seed", "3")
    assert english.startswith("Type the cards to play by their numbers in your hand (1 3) "
                              "or their names (9c 9d, Th; X is a Joker), or 'pass'.\n")
    assert "=== Round 1 of 5 ===" in english and "Your hand: " in english


def test_the_terminal_refuses_in_japanese(capsys):
    assert main(["play", "tycoon", "--lang", "ja", "--option", "zz=1"]) == 2
    assert capsys.readouterr().err.startswith("始められません：大富豪に'zz'というオプション")  # noqa: RUF001
