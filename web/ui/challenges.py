"""A challenge (duplicate play, issue 67): a friend's finished deal, played from the same
seat against the same bots, then compared. The engine writes and reads the links, replays
each run and gives its words (place, title, points); this page asks, shows and keeps.

Opening one: ``offer`` reads it (a link whose moves do not replay is refused, like any
broken link) and asks "Mia challenges you: Tycoon, 4 players", never how Mia did; Play
deals its ``config``, and the link is kept (``store.CHALLENGE_KEY``) with the game, so a
reload mid-game still compares at its end. At the end, the results show each run beside
yours (a standings table), a replay of each run ("Watch how Mia played"), and the way to
send it on; a game of one's own offers "Challenge a friend" instead. Sending goes
through the share dialog (``share``), under the player's name, asked once and kept
with the settings.

An embedded table (a blog post's, ``page.slot``) given a challenge link plays it and
compares, as the app does: a post's author who embeds their challenge means its readers
to take it up where they read it, and to see how they did. Its link is kept under the
table's own name, as its game is (the app's challenge in progress is left alone); it
offers no way to send one on, since a link made in a frame opens the frame, not the app
(the facade's "Open in the full app" does that)."""

import lobby
import store
from cover import shared
from dom import by_id, escape, listen, show_notice, spawn
from engine_client import stopped
from language import _

DIALOG = "challenge"


def named(names):
    """"Mia", "Mia and Ken", "Mia, Ken and Noor"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])


def challenge_title(names, today, game, players):
    """"Mia challenges you: Tycoon, 4 players", or "… you to today's deal: …"."""
    if len(names) == 1:
        title = (_("{names} challenges you to today's deal: {game}, {players} players")
                 if today else _("{names} challenges you: {game}, {players} players"))
    else:
        title = (_("{names} challenge you to today's deal: {game}, {players} players")
                 if today else _("{names} challenge you: {game}, {players} players"))
    return title.format(names=named(names), game=game, players=players)


class Challenges:
    def __init__(self, page):
        self.page = page  # the engine, the lobby, the game and its results
        self.fragment = None  # the link of the challenge the game on show plays
        self.pending = None  # (config, fragment) of a challenge's game about to be dealt
        self.offered = None  # (fragment, reply) of the challenge asked about
        self.read = None  # (fragment, reply): the runs of ``fragment``, read for its results
        self.drawn = None  # the (fragment, moves) the results compare

    @property
    def key(self):
        """Where the challenge is kept: the app's, or an embedded table's own."""
        slot = self.page.slot
        return store.CHALLENGE_KEY if slot is None else store.CHALLENGE_KEY + "/" + slot

    def load(self):
        self.fragment = store.load_challenge(self.key)

    def watch(self):
        listen(by_id(DIALOG), "close", lambda event: self.on_closed())
        listen(by_id("results-challenge"), "click", lambda event: self.send())
        listen(by_id("challenge-watch"), "click", self.on_watch)

    # ------------------------------------------------------------ opening one

    async def offer(self, fragment):
        """Ask the player to play the challenge at ``fragment`` (its runs replayed first:
        one that does not replay opens nothing, with a notice)."""
        page = self.page
        by_id("lobby-status").textContent = _("Reading the challenge…")
        reply = await page.engine.read_challenge(fragment)
        by_id("lobby-status").textContent = ""
        if stopped(reply):
            return
        if not reply["ok"]:
            show_notice(_("This link could not be opened: {why}.").format(
                why=reply["error"]["message"]))
            if page.view is not None and page.screen() != "lobby":
                page.resume_table()
            else:
                page.lobby.update()
            return
        self.offered = (fragment, reply)
        names = [run["name"] for run in reply["runs"]]
        config = reply["config"]
        today = await page.today.said_of(config)
        by_id("challenge-title").textContent = challenge_title(
            names, today, lobby.title(config["game"]), len(config["seats"]))
        said = (_("You get the same cards from the same seat, against the same bots. How "
                  "they did shows once you have played.") if len(names) > 1 else
                _("You get the same cards from the same seat, against the same bots. How "
                  "{name} did shows once you have played.").format(name=names[0]))
        if today:
            said += " " + today
        if reply["caution"]:
            said += " " + reply["caution"]
        by_id("challenge-text").textContent = said
        page.lobby.show()
        page.open_dialog(DIALOG, "challenge")

    def on_closed(self):
        page = self.page
        offered, self.offered = self.offered, None
        if offered is None or by_id(DIALOG).returnValue != "play":
            page.lobby.update()
            return
        fragment, reply = offered
        config = reply["config"]
        self.pending = (config, fragment)
        self.read = offered
        if page.game_in_progress():
            page.lobby.confirm_new_game(config)
        else:
            page.lobby.start_game(config)

    def dealt(self, config):
        """A game of ``config`` has started: it plays the challenge asked for, or none."""
        pending, self.pending = self.pending, None
        if pending is not None and pending[0] is config:
            self.fragment = pending[1]
            store.write(self.key, self.fragment)
        elif self.fragment is not None:
            self.forget()

    def forget(self):
        """The game is done with: its challenge too."""
        self.fragment = None
        self.drawn = None
        store.forget(self.key)

    # ------------------------------------------------------------ the results

    def over_alone(self, view):
        """Whether the game on show is over, and was played by one person from its deal
        (not a replay nor a scenario)."""
        return (view is not None and view["outcome"] is not None
                and view.get("script") is None and not shared(view))

    def can_send(self, view):
        """Whether a challenge can be sent of the game on show: over, played by one
        person from its deal, in the app (not an embedded table)."""
        return self.over_alone(view) and self.page.slot is None

    def render(self, view):
        """The game's results: the runs of its challenge beside yours, and the way to send
        a challenge of it (in the app)."""
        part = by_id("challenge-part")
        line = by_id("results-challenge-line")
        sendable = self.can_send(view)
        line.hidden = not sendable
        if sendable:
            by_id("results-challenge").textContent = (
                _("Send it on") if self.fragment else _("Challenge a friend"))
        if self.fragment is None or not self.over_alone(view):
            part.hidden = True
            return
        if self.drawn != (self.fragment, self.page.moves):
            self.drawn = (self.fragment, self.page.moves)
            spawn(self.compare(view))

    async def compare(self, view):
        fragment = self.fragment
        if self.read is None or self.read[0] != fragment:
            if not self.page.engine_ready:
                self.drawn = None  # drawn once the engine is up
                return
            reply = await self.page.engine.read_challenge(fragment)
            if not reply["ok"]:
                if not stopped(reply):
                    show_notice(_("The challenge cannot be compared: {why}.").format(
                        why=reply["error"]["message"]))
                return
            self.read = (fragment, reply)
        runs = self.read[1]["runs"]
        seat = view["seat"]
        player = view["players"][seat]
        outcome = view["outcome"]
        place = outcome["ranking"].index(seat) + 1
        rows = [(place, 0, _("You"), outcome["places_text"][place - 1], player.get("title"),
                 player.get("points_text") or str(outcome["scores"][seat]))]
        rows += [(run["place"], index + 1, run["name"], run["place_text"], run["title"],
                  run["points_text"]) for index, run in enumerate(runs)]
        rows.sort(key=lambda row: (row[0], row[1]))
        titled = any(row[4] for row in rows)
        by_id("challenge-title-head").hidden = not titled
        by_id("challenge-rows").innerHTML = "".join(
            '<tr' + (' class="you"' if row[1] == 0 else "") + '><th scope="row">'
            + escape(row[2]) + "</th><td>" + escape(row[3]) + "</td>"
            + ("<td>" + escape(row[4] or "") + "</td>" if titled else "")
            + "<td>" + escape(row[5]) + "</td></tr>" for row in rows)
        by_id("challenge-part-title").textContent = (
            _("You and {name}, the same cards").format(name=runs[0]["name"]) if len(runs) == 1
            else _("Standings: {players} players, the same cards").format(players=len(rows)))
        by_id("challenge-watch").innerHTML = "".join(
            '<li><button type="button" data-run="' + str(index) + '">'
            + escape(_("Watch how {name} played").format(name=run["name"])) + "</button></li>"
            for index, run in enumerate(runs) if run["replay"])
        by_id("challenge-part").hidden = False

    def send(self):
        """Share a challenge of the game over: a new one, or the one it played, sent on."""
        page = self.page
        if page.engine_ready and self.can_send(page.view):
            spawn(page.share.open_for_game(challenge=True))

    def on_watch(self, event):
        button = event.target.closest("button[data-run]")
        if button is None or self.read is None:
            return
        run = self.read[1]["runs"][int(button.getAttribute("data-run"))]
        spawn(self.watch_run(run["replay"]))

    async def watch_run(self, fragment):
        """A replay of a run, stepped from its player's seat: the game over gives way to it
        (and its challenge is done with: it was compared)."""
        page = self.page
        reply = await page.engine.read_link(fragment)
        if not reply["ok"] or reply["kind"] != "replay":
            if not stopped(reply):
                show_notice(_("The replay could not be opened: {why}.").format(why=(
                    reply["error"]["message"] if not reply["ok"]
                    else "; ".join(reply["notices"]))))
            return
        page.results.leave()
        page.game.forget()
        page.lobby.start_game(reply["config"])
