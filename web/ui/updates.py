"""The updates of the service worker that makes the site work offline.

engine.js registers it once the engine is up (with or without the UI). A new version
installs in the background and waits; the page offers "Update",
and only a tap on it lets the new version take over (then the page reloads and
restores the saved game): a game in progress never has its code swapped.
"""

import js
from pyscript.ffi import to_js

from dom import by_id, listen


async def offer_updates():
    registration = await js.tycoonEngine.serviceWorker
    if registration is None:  # an embedded table, or a browser without service workers
        return
    container = js.navigator.serviceWorker

    def offer(worker):
        by_id("update").hidden = False

        def update(event):
            listen(container, "controllerchange", lambda event: js.location.reload())
            worker.postMessage(to_js({"type": "skip-waiting"}))

        listen(by_id("update-button"), "click", update)

    def watch(worker):
        def on_state(event):
            if worker.state == "installed" and container.controller:
                offer(worker)

        listen(worker, "statechange", on_state)

    if registration.waiting and container.controller:
        offer(registration.waiting)
    listen(registration, "updatefound", lambda event: watch(registration.installing))
