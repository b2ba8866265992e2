"""The page's DOM helpers: elements by id, text that is never markup, event handlers
whose failures are shown, and notices."""

import asyncio

import js
from pyscript import document
from pyscript.ffi import create_proxy

from language import _


def by_id(name):
    return document.getElementById(name)


def escape(value):
    """Any value as text inside HTML: markup in it is shown, never run."""
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def spawn(coroutine):
    """Run a coroutine from an event handler; a failure is shown, never silent."""

    async def guarded():
        try:
            await coroutine
        except Exception as error:  # everything reaches the player
            report(error)

    # MicroPython's scheduler holds the task until it ends: no reference to keep.
    asyncio.create_task(guarded())  # noqa: RUF006


async def next_task():
    """Let the browser paint and answer input before going on: a new task (a timer),
    not a microtask, so a long piece of work never holds the main thread in one go."""
    await js.Promise.new(create_proxy(lambda resolve, reject: js.setTimeout(resolve, 0)))


def report(error):
    js.console.error("Tycoon Table: " + str(error))
    show_notice(_("Something went wrong: {error}").format(error=str(error)))


def show_notice(text):
    by_id("notice-text").textContent = text
    by_id("notice").hidden = False


def guarded(handler):
    """``handler`` as the browser may call it: a failure is shown, never silent."""
    def call(*args):
        try:
            handler(*args)
        except Exception as error:  # a handler must never fail silently
            report(error)

    return create_proxy(call)


def listen(element, event, handler):
    element.addEventListener(event, guarded(handler))


def size_watcher(handler):
    """A ResizeObserver that calls ``handler()`` after the browser's own layout whenever
    an element it observes changes size, and once when first observed: sizes read then
    are ready, where read right after a change they make the browser lay the whole page
    out at once, inside the UI's task."""
    return js.ResizeObserver.new(guarded(lambda entries, observer: handler()))


def toggle_class(element, name, on):
    if on:
        element.classList.add(name)
    else:
        element.classList.remove(name)
