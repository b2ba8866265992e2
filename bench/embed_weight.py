"""The weight of an embedded table before its Play is pressed: every byte a reader's
browser fetches from the app's site for a post that embeds one table through the loader
(the loader itself, the frame's page, its style, its start script), the site served
with gzip as a static host serves it. Until Play, no runtime may be among them.

    python bench/embed_weight.py

Prints each file fetched, the total, and ``embed_kb=<number>`` last (target: under 100).
"""

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402 - scripts/ is not a package
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

RUNTIME = ("pyodide", "micropython", ".wasm", "pyscript", "engine.whl", ".py")


def post(site_url: str, game: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<title>A post</title><link rel="icon" href="data:,">'
            f'<script src="{site_url}embed.js" defer></script></head>'
            f'<body><h1>A post</h1><div class="tycoon-table" data-game="{game}"></div>'
            f"</body></html>")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tycoon")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site_folder, host_folder = Path(folder) / "dist", Path(folder) / "host"
        build_site.build(site_folder)
        host_folder.mkdir()
        site = serve.start_server(site_folder, compress=True)
        site_origin = f"http://127.0.0.1:{site.server_address[1]}"
        (host_folder / "post.html").write_text(post(site_origin + "/", args.game))
        host = serve.start_server(host_folder)
        fetched: list[Request] = []
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**PHONE)
            page = context.new_page()
            page.on("requestfinished", lambda request: fetched.append(request))
            page.goto(f"http://127.0.0.1:{host.server_address[1]}/post.html")
            frame = page.frame_locator("iframe")
            frame.locator("#facade-play").wait_for()
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1000)  # anything late would count too
            sizes = []
            for request in fetched:
                if not request.url.startswith(site_origin):
                    continue
                measured = request.sizes()
                sizes.append((request.url.removeprefix(site_origin),
                              measured["responseBodySize"] + measured["responseHeadersSize"]))
            browser.close()
        site.shutdown()
        host.shutdown()
    runtime = [url for url, _ in sizes if any(part in url for part in RUNTIME)]
    if runtime:
        raise SystemExit(f"a runtime was fetched before Play: {runtime}")
    for url, size in sizes:
        print(f"{size:>8,}  {url}")
    total = sum(size for _, size in sizes)
    print(f"{total:>8,}  in all, {len(sizes)} files")
    print(f"embed_kb={total / 1024:.1f}")


if __name__ == "__main__":
    main()
