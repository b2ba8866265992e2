"""The service worker that makes the site work offline, and its updates.

A new version installs in the background and waits; the page offers "Update",
and only a tap on it lets the new version take over (then the page reloads and
restores the saved game): a game in progress never has its code swapped.
"""

import js
from pyscript import document
from pyscript.ffi import to_js

from dom import by_id, listen


async def register_service_worker():
    if not js.Reflect.has(js.navigator, "serviceWorker"):
        return
    container = js.navigator.serviceWorker
    registration = await container.register("service-worker.js")

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
    document.body.dataset.serviceWorker = "registered"
