"""The lobby the build writes from the engine's list of games (scripts/lobby.py): a tile
for every game on the table, each game's choices named after it (so each keeps its own),
the bots' levels in words rather than a list a phone cuts short, and only markup the
page's policy allows."""

import sys
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from engine.core.seats import HUMAN, MAX_NAME
from lobby import games_json, lobby_html, lobby_tiles, options_title  # scripts/, above

GAMES = games_json()
OFFERED = [name for name, entry in GAMES["games"].items() if entry["on_table"]]


class Elements(HTMLParser):
    """Every start tag: its name, its attributes, and the game's part it lies in."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None], str | None]] = []
        self.stack: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        within = self.stack[-1][1] if self.stack else None
        game = named.get("data-game") if "choices" in (named.get("class") or "") else within
        self.found.append((tag, named, game))
        if tag not in ("input", "br", "path", "rect", "circle", "line", "img"):
            self.stack.append((tag, game))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def elements(markup: str) -> list[tuple[str, dict[str, str | None], str | None]]:
    parser = Elements()
    parser.feed(markup)
    return parser.found


def test_every_game_on_the_table_has_a_tile_that_deals_it_and_opens_its_options():
    found = elements(lobby_tiles(GAMES))
    assert [a["data-deal"] for tag, a, _ in found if "data-deal" in a] == OFFERED
    assert [a["data-options"] for tag, a, _ in found if "data-options" in a] == OFFERED
    assert [a["data-rules"] for tag, a, _ in found if "data-rules" in a] == OFFERED
    assert [tag for tag, a, _ in found if a.get("class") == "tile-picture"] == ["svg"] * len(
        OFFERED)


def test_each_games_choices_are_named_after_it():
    found = elements(lobby_html(GAMES))
    fields = [(a, game) for tag, a, game in found if tag in ("input", "select")
              and a.get("name") != "game"]
    assert {game for _, game in fields} == set(OFFERED)
    for attributes, game in fields:
        assert (attributes["name"] or "").startswith(f"{game}."), (attributes, game)
    for game in OFFERED:
        names = {a["name"] for a, within in fields if within == game}
        assert {f"{game}.players", f"{game}.bots", f"{game}.scored", f"{game}.bot.1"} <= names


def test_the_bots_levels_are_rows_of_words_not_a_list():
    found = elements(lobby_html(GAMES))
    for game in OFFERED:
        levels = [a["value"] for tag, a, within in found
                  if within == game and a.get("name") == f"{game}.bots"]
        assert levels == [level["name"] for level in GAMES["levels"]]
        assert all(tag == "input" for tag, a, within in found
                   if a.get("name") == f"{game}.bots")


def test_the_sheets_heading_names_each_game_once():
    titles = [a["data-game"] for tag, a, _ in elements(options_title(GAMES))
              if tag == "span"]
    assert titles == OFFERED


def test_no_markup_the_pages_policy_refuses():
    for markup in (lobby_tiles(GAMES), lobby_html(GAMES), options_title(GAMES)):
        for tag, attributes, _ in elements(markup):
            assert "style" not in attributes, tag
            assert not any(name.startswith("on") for name in attributes), tag


class Groups(HTMLParser):
    """Each option's field with the group it is folded in (None: none), and each group's
    details: its attributes and its summary's text."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str | None, str | None]] = []
        self.groups: list[tuple[dict[str, str | None], str]] = []
        self.details: list[dict[str, str | None]] = []  # every details the parser is in
        self.summary: list[str] | None = None  # a group's summary's text, while in it

    def group(self) -> str | None:
        return next((d["data-group"] for d in reversed(self.details) if "data-group" in d), None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "details":
            self.details.append(named)
        elif tag == "summary" and "data-group" in self.details[-1]:
            self.summary = []
        elif "data-option" in named:
            self.fields.append((named["name"], self.group()))

    def handle_data(self, data: str) -> None:
        if self.summary is not None:
            self.summary.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary" and self.summary is not None:
            self.groups.append((self.details[-1], "".join(self.summary)))
            self.summary = None
        elif tag == "details":
            self.details.pop()


def test_a_groups_options_are_folded_closed_under_its_title_and_the_others_not():
    parser = Groups()
    parser.feed(lobby_html(GAMES))
    for game in OFFERED:
        for option in GAMES["games"][game]["options"]:
            field = f"{game}.{option['name']}"
            assert {group for name, group in parser.fields if name == field} == {
                option["group"]}, field
    # The house rules: a group for Tycoon and one for President, closed, named (the page
    # adds what is changed).
    house_rules = [(details, summary) for details, summary in parser.groups
                   if details["data-group"] == "House rules"]
    assert len(house_rules) == 2
    for details, summary in house_rules:
        assert "open" not in details and summary == "House rules"


def test_who_plays_each_seat_you_a_bot_or_a_friend_with_a_name():
    """Seat 1 is you (with your name for your friends); every other seat of the most
    players is a bot ("Same as all" or a level) or a friend, whose name field takes what
    the engine takes; over them, how many
    friends play, from "Just me" (chosen) to a table of friends only."""
    markup = lobby_html(GAMES)
    found = elements(markup)
    for game in OFFERED:
        most = max(GAMES["games"][game]["players"])
        within = [(tag, a) for tag, a, g in found if g == game]
        seats = [a["name"] for tag, a in within if tag == "select"
                 and (a.get("name") or "").startswith(f"{game}.bot.")]
        assert seats == [f"{game}.bot.{seat}" for seat in range(1, most)]
        yours, *names = [a for tag, a in within if tag == "input" and a.get("type") == "text"]
        assert yours["name"] == f"{game}.name.0" and yours["maxlength"] == str(MAX_NAME)
        assert f'<label for="{yours["id"]}" class="sr-only">Your name</label>' in markup
        assert [a["name"] for a in names] == [f"{game}.name.{seat}" for seat in range(1, most)]
        for name in names:
            assert name["maxlength"] == str(MAX_NAME) and name["placeholder"] == "Friend's name"
            assert f'<label for="{name["id"]}" class="sr-only">Name for seat' in markup
    seat = markup[markup.index('name="tycoon.bot.1"'):]
    seat = seat[:seat.index("</select>")]
    assert seat.count("<option") == len(GAMES["levels"]) + 2
    assert '<option value="" selected>Same as all</option>' in seat
    assert f'<option value="{HUMAN}">A friend</option>' in seat
    friends = markup[markup.index('name="tycoon.friends"'):]
    friends = friends[:friends.index("</select>")]
    assert friends.count("<option") == max(GAMES["games"]["tycoon"]["players"])
    assert '<option value="1" selected>Just me</option><option value="2">1 friend</option>' \
        '<option value="3">2 friends</option>' in friends


def test_only_the_seats_and_counts_of_the_chosen_players_show_before_any_script():
    markup = lobby_html(GAMES)
    entry = GAMES["games"]["tycoon"]
    fewest = min(entry["players"])
    hidden = (f'.choices[data-game="tycoon"]:has(input[name="tycoon.players"]'
              f':is([value="{fewest}"]):checked)')
    assert f'{hidden} .seat-bot[data-seat="{fewest}"]' in markup
    assert f'{hidden} .friends option[value="{fewest + 1}"]' in markup
    assert f'{hidden} .friends option[value="{fewest}"]' not in markup
