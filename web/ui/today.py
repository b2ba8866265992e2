"""Today's deal (issue 67): one deal a day per game, the same for every player on that
date (the engine forms it: ``todays_deal``), against Normal bots. Each lobby tile offers
it ("Today's deal"), and once played shows the player's result ("Today: 1st of 4"),
which opens the day's result with "Share my result" and "Play it again". The first play
of a day counts (a replay never changes it), and statistics keep a streak of days played.

The date is the device's own. At a game's end the engine says whether it was the day's
deal of today, or of yesterday (a game dealt before midnight and finished after), and
gives its result (place, moves, the line shared, with no card) and, under the player's
name, its challenge link.
"""

import asyncio

import js

import lobby
import store
from cover import shared
from dom import by_id, listen, show_notice, spawn
from engine_client import stopped
from language import _, n_

DIALOG = "today"
DAY_MS = 86_400_000


def local_date(days_back=0):
    """The device's date (``days_back`` days before), as the engine reads one
    ("2026-12-07")."""
    now = js.Date.new()
    then = js.Date.new(now.getFullYear(), now.getMonth(), now.getDate() - days_back)
    year, month, day = int(then.getFullYear()), int(then.getMonth()) + 1, int(then.getDate())
    return f"{year:04d}-{month:02d}-{day:02d}"


def day_number(date):
    """Days since 1970 of an ISO date: one more for each day after."""
    return int(js.Date.UTC(int(date[:4]), int(date[5:7]) - 1, int(date[8:10])) // DAY_MS)


def run_of_days(days):
    """How many days in a row end at the last of ``days`` (ISO, in order)."""
    if not days:
        return 0
    run, last = 1, day_number(days[-1])
    for date in reversed(days[:-1]):
        number = day_number(date)
        if number != last - 1:
            break
        run, last = run + 1, number
    return run


def streak(days, date):
    """The days in a row played up to ``date``: alive while the last was that day or
    the day before."""
    if not days or day_number(date) - day_number(days[-1]) > 1:
        return 0
    return run_of_days(days)


def place_words(result):
    """ "1st of 4": the place the engine named, of how many players."""
    return _("{place} of {players}").format(place=result["place_text"],
                                            players=result["players"])


def same_result(said, result):
    """Whether ``said`` is ``result`` (the same day's play), its words aside."""
    return said is not None and all(said.get(key) == result[key] for key in (
        "date", "place", "players", "moves"))


class TodaysDeal:
    def __init__(self, page):
        self.page = page  # the engine, the lobby and the game on show
        self.kept = dict(store.NO_DAYS)  # what store.load_today reads
        self.shown = None  # the game whose day's result the dialog shows
        self.finished = None  # the result of the game on show, as the day's deal

    def load(self):
        self.kept, fell_back = store.load_today()
        if fell_back:
            show_notice(_("Some of your days of today's deal could not be read and were set "
                          "aside."))
        self.render()

    def watch(self):
        for button in js.document.querySelectorAll("[data-today]"):
            listen(button, "click", lambda event: self.open(
                event.currentTarget.getAttribute("data-today")))
        listen(by_id("today-share"), "click", lambda event: self.share(self.shown))
        listen(by_id(DIALOG), "close", lambda event: self.on_closed())
        listen(by_id("results-today"), "click", lambda event: self.share(
            self.finished["game"] if self.finished else None))

    def result(self, game, date=None):
        """``game``'s day's deal result of ``date`` (today), where it was played."""
        kept = self.kept["results"].get(game)
        return kept if kept is not None and kept["date"] == (date or local_date()) else None

    def render(self):
        """Each tile's today's deal: to play, or the player's result of the day."""
        for button in js.document.querySelectorAll("[data-today]"):
            result = self.result(button.getAttribute("data-today"))
            words = button.querySelector(".today-words")
            if result is None:
                words.textContent = _("Today's deal")
                button.removeAttribute("data-played")
            else:
                words.textContent = _("Today: {place}").format(place=place_words(result))
                button.setAttribute("data-played", "true")
        days = self.kept["days"]
        now = streak(days, local_date())
        line = by_id("stats-days")
        line.hidden = not days
        line.textContent = n_(
            "Today's deal: {n} day played · {run} in a row · best {best}",
            "Today's deal: {n} days played · {run} in a row · best {best}", len(days)).format(
                n=len(days), run=now, best=self.kept["best"])

    async def said_of(self, config):
        """What a challenge of ``config`` is to today's deal: None where it is not today's
        deal of its game; else said whether this game is the player's result of the day."""
        reply = await self.page.engine.todays_deal(local_date(), config["game"], None, None)
        if not reply["ok"] or reply["seed"] != config.get("seed"):
            return None
        result = self.result(config["game"])
        if result is None:
            return _("It is today's deal: this game is your result of the day.")
        return _("You have played today's deal ({place}): this game won't change your "
                 "result of the day.").format(place=place_words(result))

    def said_again(self, results):
        """The words of the kept results of the day, as the engine said them again in
        the language now spoken: kept so, and drawn. A result kept or given a link since
        they were sent keeps what it has now (only the words of the same result are
        taken)."""
        kept = self.kept["results"]
        now = {game: dict(result, place_text=results[game]["place_text"],
                          text=results[game]["text"])
               if same_result(results.get(game), result) else result
               for game, result in kept.items()}
        if now == kept:
            return
        self.kept = dict(self.kept, results=now)
        store.write(store.TODAY_KEY, self.kept)
        self.render()

    def reset_days(self):
        """Statistics reset: the days played and the best run start again (each game's
        result of the day stays, so a replay still counts once)."""
        self.kept = dict(self.kept, days=[], best=0)
        store.write(store.TODAY_KEY, self.kept)
        self.render()

    def open(self, game):
        """A tile's today's deal: its result once played today, else the deal."""
        result = self.result(game)
        if result is None:
            spawn(self.deal(game))
            return
        self.shown = game
        by_id("today-title").textContent = _("Today's deal · {title}").format(
            title=lobby.title(game))
        by_id("today-text").textContent = n_(
            "You came {place} in {n} move. Another go is for fun: your result of the day "
            "stays.",
            "You came {place} in {n} moves. Another go is for fun: your result of the day "
            "stays.", result["moves"]).format(place=place_words(result), n=result["moves"])
        self.page.open_dialog(DIALOG, "today")

    def on_closed(self):
        if by_id(DIALOG).returnValue == "again" and self.shown is not None:
            spawn(self.deal(self.shown))
        self.shown = None

    async def deal(self, game):
        """Deal today's deal of ``game`` (once the engine is up), a game in progress
        replaced only once the player says so."""
        page = self.page
        status = by_id("lobby-status")
        while not page.engine_ready:
            status.textContent = _("Dealing as soon as the cards are ready…")
            await asyncio.sleep_ms(100)
        reply = await page.engine.todays_deal(local_date(), game, None, None)
        status.textContent = ""
        if not reply["ok"]:
            if not stopped(reply):
                show_notice(_("Today's deal could not be dealt: {why}.").format(
                    why=reply["error"]["message"]))
            return
        if page.game_in_progress():
            page.lobby.confirm_new_game(reply["config"])
        else:
            page.lobby.start_game(reply["config"])

    def dealt(self):
        """A game has started: no result of the day is on show."""
        self.finished = None
        by_id("results-today").hidden = True

    def ended(self, view):
        """A game over is on show (just ended, or restored): where it is the player's own
        (one person, not a script, not embedded), it may be the day's deal."""
        if (view["outcome"] is not None and view["script"] is None and not shared(view)
                and self.page.slot is None):
            spawn(self.settle(view))

    async def settle(self, view):
        """The game on show has ended: where it was today's deal (or yesterday's), its
        result is kept (a day's first play counts; a replay never changes it), with its
        challenge link under the player's name where one is known."""
        result = await self.result_of(view["game"], local_date())
        if result is None:
            result = await self.result_of(view["game"], local_date(1))
        if result is None:
            return
        self.kept = store.record_day(self.kept, result, run_of_days)
        store.write(store.TODAY_KEY, self.kept)
        self.finished = result
        by_id("results-today").hidden = False
        self.render()

    async def result_of(self, game, date):
        """The finished game's result as the day's deal of ``date``, or None."""
        engine = self.page.engine
        reply = await engine.todays_deal(date, game, None, self.page.settings.get("name") or None)
        if not reply["ok"] and reply["error"]["type"] == "BadName":
            reply = await engine.todays_deal(date, game, None, None)
        return reply["result"] if reply["ok"] else None

    def share(self, game):
        """Share the day's result of ``game``: its line, and the challenge of the first
        play (made now, under a name asked for, while that game is on show), or else a
        link that deals the day's cards."""
        if game is None:
            return
        kept = self.kept["results"].get(game)
        if kept is None:
            return
        if by_id(DIALOG).open:
            by_id(DIALOG).close("share")
        page = self.page
        first = (self.finished is not None and self.finished["game"] == game
                 and self.finished["date"] == kept["date"]
                 and self.finished["moves"] == kept["moves"]
                 and self.finished["place"] == kept["place"])

        async def link_of(name):
            if kept["link"] is not None:
                return {"ok": True, "link": kept["link"]}
            if first:
                reply = await page.engine.todays_deal(kept["date"], game, None, name)
                if not reply["ok"]:
                    return reply
                link = reply["result"]["link"]
                self.kept = dict(self.kept, results=dict(
                    self.kept["results"], **{game: dict(kept, link=link)}))
                store.write(store.TODAY_KEY, self.kept)
                return {"ok": True, "link": link}
            reply = await page.engine.todays_deal(kept["date"], game, None, None)
            if not reply["ok"]:
                return reply
            return await page.engine.deal_link(reply["config"])

        spawn(page.share.open_for_result(kept["text"], link_of,
                                         kept["link"] is None and first))
