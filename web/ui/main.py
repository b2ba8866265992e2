"""The UI's entry point, as PyScript runs it (with top-level await): the page
(``page``, and every other module of the UI, ships compiled to MicroPython's
bytecode, so nothing but these lines is compiled in the browser). Each step starts
in a task of its own, so PyScript's own start, the UI's imports and the page's start
never hold the main thread together."""

from dom import next_task

await next_task()  # noqa: F704 - PyScript runs this module with top-level await
import startup  # noqa: E402 - after PyScript's start has let the browser go
from page import Page  # noqa: E402

await next_task()  # noqa: F704
page = Page()
await startup.start(page)  # noqa: F704
await page.connect_engine()  # noqa: F704
