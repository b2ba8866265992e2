"""axe-core (WCAG 2.2 AA and best practices, and no text whose contrast axe cannot judge
for its background) on the screens not checked elsewhere: the lobby with its rules,
settings and statistics open, and the exchange at the start of a second round. (Every
table mid-trick is checked in test_table_layout, the results in the games' own tests,
the menu, the keys and the statistics' reset in theirs.)"""

import json

from playwright.sync_api import expect

from engine.api import Session
from tycoon_page import Table


def at_the_exchange() -> dict[str, object]:
    """A saved Tycoon game at the human's give in round 2's exchange."""
    for seed in range(40):
        session = Session()
        assert session.new_game({"game": "tycoon", "seed": seed, "options": {"rounds": 2},
                                 "seats": ["human", "easy", "easy", "easy"]})["ok"]
        while True:
            view = session.view()["view"]
            if view["outcome"] is not None:
                break
            if view["your_turn"] and view["phase"] == "give":
                return dict(session.export_log()["log"])
            if session.advance()["action"] is None:
                session.act(view["legal"][0]["act"])
    raise AssertionError("the human gave no cards in 40 games")


def test_the_lobby_with_every_panel_open(table: Table):
    table.open()
    page = table.page
    for panel in ("#rules", "#settings", "#stats"):
        page.click(f"{panel} summary")
    assert table.accessibility_violations() == []
    table.open_options("tycoon")
    page.click(".option-help summary >> visible=true >> nth=0")
    assert table.accessibility_violations() == []


def test_the_exchange(table: Table):
    table.store_before_opening(save=json.dumps(at_the_exchange()))
    table.open()
    table.wait_for_engine()
    table.page.tap("#resume")
    table.wait_for_my_turn()
    expect(table.page.locator("#turn")).to_contain_text("to give to")
    table.tap_card(0)
    assert table.accessibility_violations() == []
