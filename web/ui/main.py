"""The UI's entry point, as PyScript runs it (with top-level await): the page
(``page``, and every other module of the UI, ships compiled to MicroPython's
bytecode, so nothing but these lines is compiled in the browser)."""

from page import Page

page = Page()
await page.start()  # noqa: F704 - PyScript runs this module with top-level await
await page.connect_engine()  # noqa: F704 - PyScript runs this module with top-level await
