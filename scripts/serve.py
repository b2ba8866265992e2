"""Set up, build and serve Tycoon Table: one command from a fresh clone.

    python scripts/serve.py                # npm ci, pip install -e '.[test]', build, serve
    python scripts/serve.py --skip-setup   # build and serve only
    python scripts/serve.py --base /games/tycoon/   # serve under a sub-path, as a host would
    python scripts/serve.py --build-only   # set up and build dist/, to publish it

Serves dist/ on http://127.0.0.1:8000 (plain static files, no special headers:
the app needs none). The browser tests import ``start_server`` from here.
"""

import argparse
import email.utils
import gzip
import io
import os
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"  # where the site is built, to be served or published


class SubPathHandler(SimpleHTTPRequestHandler):
    """Serves a folder under a base path (``/games/tycoon/``); anything else is 404."""

    server: "SiteServer"

    def __init__(self, *args: Any, base: str, **kwargs: Any) -> None:
        self.base = base
        super().__init__(*args, **kwargs)

    def send_head(self) -> Any:
        if not self._inside_base():
            self.send_error(404, "outside the site's base path")
            return None
        path = self._file()
        if path is None:
            return super().send_head()  # a folder to redirect or list, or a missing file
        return self._send_file_head(path)

    def _file(self) -> Path | None:
        """The file the request asks for (a folder's ``index.html`` for a folder's path
        ending in ``/``), or None where there is none."""
        asked = self.path.split("?", 1)[0].split("#", 1)[0]
        path = Path(self.translate_path(asked))
        if asked.endswith("/"):
            path = path / "index.html"
        return path if path.is_file() else None

    def _send_file_head(self, path: Path) -> io.BytesIO | BinaryIO:
        """A file's headers, and its body to send: gzipped where the server compresses,
        the client takes gzip and it is text or code, as a static host serves it; as it is
        otherwise; 304 with no body where the client's copy is current."""
        stamp = path.stat().st_mtime_ns
        modified = stamp // 10**9  # HTTP dates are whole seconds
        if self._not_modified_since(modified):
            self.send_response(304)  # the client's copy stands, as a static host answers
            self.end_headers()
            return io.BytesIO(b"")
        kind = self.guess_type(str(path))
        self.send_response(200)
        self.send_header("Content-Type", kind)
        body: io.BytesIO | BinaryIO
        if (self.server.compress and "gzip" in self.headers.get("Accept-Encoding", "")
                and kind.startswith(COMPRESSED_TYPES)):
            cached = self.server.gzipped.get(path)
            if cached is None or cached[0] != stamp:
                cached = (stamp, gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
                self.server.gzipped[path] = cached
            body, size = io.BytesIO(cached[1]), len(cached[1])
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        else:
            body = path.open("rb")
            size = os.fstat(body.fileno()).st_size
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        # Counted before the headers go out: a client that has them finds the file counted.
        self.server.served.append((self.path, size))
        self.end_headers()
        return body

    def _not_modified_since(self, modified: int) -> bool:
        """Whether the client's copy, of the ``If-Modified-Since`` it sent, is as new as
        the file (as ``SimpleHTTPRequestHandler`` judges it)."""
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            return modified <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def _inside_base(self) -> bool:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return path.startswith(self.base) or path + "/" == self.base  # "/games/tycoon" redirects

    def translate_path(self, path: str) -> str:
        inside = path[len(self.base):] if path.startswith(self.base) else ""
        return super().translate_path("/" + inside)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


# What a static host compresses: text and code (images and wheels are compressed already).
COMPRESSED_TYPES = ("text/", "application/javascript", "text/javascript", "application/json",
                    "application/wasm", "application/manifest+json", "image/svg+xml",
                    "application/x-python")


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    verbose = True
    compress = False  # gzip text and code, for clients that take it (bench/lighthouse.py)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.served: list[tuple[str, int]] = []  # (path, bytes) of every file sent
        self.gzipped: dict[Path, tuple[int, bytes]] = {}  # (mtime, gzip) per file sent

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a tab mid-download resets the connection: not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_server(folder: Path, host: str = "127.0.0.1", port: int = 0, base: str = "/",
                 verbose: bool = False, compress: bool = False) -> SiteServer:
    """Serve ``folder`` under ``base`` from a background thread; ``port=0`` picks a free
    port (``server.server_address``); ``compress`` gzips text and code as a static host
    does. Stop it with ``server.shutdown()`` and ``server.server_close()``."""
    if not (base.startswith("/") and base.endswith("/")):
        raise ValueError("the base path starts and ends with /")
    handler = partial(SubPathHandler, directory=str(folder), base=base)
    server = SiteServer((host, port), handler)
    server.verbose = verbose
    server.compress = compress
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server


def set_up(extras: str = "test") -> None:
    """What a fresh machine needs: the pinned runtimes and the engine with its ``extras``
    (its test tools; the checks add the training's, numpy and Ray, which its tests run)."""
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f".[{extras}]"],
                   cwd=ROOT, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-setup", action="store_true", help="skip npm ci and pip install")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/", help="URL path to serve the site under")
    parser.add_argument("--build-only", action="store_true",
                        help=f"build {DIST.name}/ and stop, without serving it (to publish it)")
    parser.add_argument("--site-url", help="the address the site will be published at, for "
                                           "its link preview (see scripts/build_site.py)")
    args = parser.parse_args()
    if not args.skip_setup:
        set_up()
    # A new process: the engine that set_up() has just installed is importable only there.
    build = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out", str(DIST)]
    if args.site_url is not None:
        build += ["--site-url", args.site_url]
    subprocess.run(build, check=True)
    if args.build_only:
        return
    server = start_server(DIST, args.host, args.port, args.base, verbose=True)
    print(f"Tycoon Table: http://{args.host}:{args.port}{args.base}  (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
