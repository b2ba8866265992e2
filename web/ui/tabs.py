"""One tab plays a game at a time (the app's own, or an embedded table's, by its save's
name): the tab holds it (a Web Lock, web/tabs.mjs) for as long as it is open. A tab
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
        self.taken = guarded(lambda: on_taken())  # kept: the lock calls it at any time
        listen(by_id("elsewhere-play"), "click", lambda event: on_play_here())

    async def hold(self, steal=False):
        """Hold the game in this tab: whether it does (no other tab holds it, or it was
        taken from that tab, with ``steal``)."""
        return await tab_lock.hold(self.slot, steal, self.taken) == "held"

    def show(self, text):
        by_id("elsewhere-text").textContent = text
        by_id("elsewhere").hidden = False

    def hide(self):
        by_id("elsewhere").hidden = True
