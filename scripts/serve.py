"""Set up, build and serve Tycoon Table: one command from a fresh clone.

    python scripts/serve.py                # npm ci, pip install -e '.[test]', build, serve
    python scripts/serve.py --skip-setup   # build and serve only
    python scripts/serve.py --base /games/tycoon/   # serve under a sub-path, as a host would

Serves dist/ on http://127.0.0.1:8000 (plain static files, no special headers:
the app needs none). The browser tests import ``start_server`` from here.
"""

import argparse
import os
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


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
        body = super().send_head()
        if body is not None and hasattr(body, "fileno"):
            self.server.served.append((self.path, os.fstat(body.fileno()).st_size))
        return body

    def _inside_base(self) -> bool:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return path.startswith(self.base) or path + "/" == self.base  # "/games/tycoon" redirects

    def translate_path(self, path: str) -> str:
        inside = path[len(self.base):] if path.startswith(self.base) else ""
        return super().translate_path("/" + inside)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    verbose = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.served: list[tuple[str, int]] = []  # (path, bytes) of every file sent

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a tab mid-download resets the connection: not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_server(folder: Path, host: str = "127.0.0.1", port: int = 0, base: str = "/",
                 verbose: bool = False) -> SiteServer:
    """Serve ``folder`` under ``base`` from a background thread; ``port=0`` picks a free
    port (``server.server_address``). Stop it with ``server.shutdown()`` and
    ``server.server_close()``."""
    if not (base.startswith("/") and base.endswith("/")):
        raise ValueError("the base path starts and ends with /")
    handler = partial(SubPathHandler, directory=str(folder), base=base)
    server = SiteServer((host, port), handler)
    server.verbose = verbose
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server


def set_up() -> None:
    """What a fresh machine needs: the pinned runtimes and the engine with its test tools."""
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=ROOT,
                   check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-setup", action="store_true", help="skip npm ci and pip install")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/", help="URL path to serve the site under")
    args = parser.parse_args()
    if not args.skip_setup:
        set_up()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], check=True)
    server = start_server(ROOT / "dist", args.host, args.port, args.base, verbose=True)
    print(f"Tycoon Table: http://{args.host}:{args.port}{args.base}  (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
