"""One tab plays a game at a time (the app's own, or an embedded table's, by its save's
name): the tab that plays it holds it (a Web Lock, web/tabs.mjs), from its start or its
deal for as long as it is open; a tab with no game in progress lets it go. A tab
opened while another holds the game waits, says so and offers Play here; playing here
takes the game from the other tab, which is told at once, stops, and offers to take it
back. Taking it reads the save as the other tab left it, so nothing played is lost;
where a browser has no Web Locks, the save's revisions still refuse a tab that fell
behind (web/worker/saves.mjs), and its page is told the same.
"""

from pyscript.js_modules import tab_lock

from dom import by_id, guarded, listen


class Tabs:
    def __init__(self, slot, on_play_here, on_taken):
        """``on_play_here()`` when the player asks to play here; ``on_taken()`` when another
        tab takes the game from this one."""
        self.slot = slot or ""
        self.held = False
        self.taken = guarded(lambda: self.on_taken(on_taken))  # kept: called at any time
        listen(by_id("elsewhere-play"), "click", lambda event: on_play_here())

    def on_taken(self, then):
        self.held = False
        then()

    async def hold(self, steal=False):
        """Hold the game in this tab: whether it does (it did, no other tab holds it, or
        it was taken from that tab, with ``steal``)."""
        if not self.held:
            self.held = await tab_lock.hold(self.slot, steal, self.taken) == "held"
        return self.held

    def release(self):
        """Let the game go: this tab has none in progress, and another tab may play."""
        self.held = False
        tab_lock.release(self.slot)

    def show(self, text):
        by_id("elsewhere-text").textContent = text
        by_id("elsewhere").hidden = False

    def hide(self):
        by_id("elsewhere").hidden = True
