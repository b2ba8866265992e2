"""The build's part in the pages' Content Security Policy (docs/SECURITY.md): PyScript's
one use of Function() at start-up is patched away, or the build stops; each page's
inline <style> is hashed into its policy, and anything else inline stops the build;
and the embed loader refuses links by the engine's own limit."""

import base64
import hashlib
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import build_site  # scripts/ is not a package: on the path above

PYSCRIPT = build_site.NODE_MODULES / "@pyscript" / "core" / "dist"
POLICY = "default-src 'none'; style-src 'self'; object-src 'none'"
PAGE = f"""<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
</head><body>{{}}</body></html>"""


def policy(page: str) -> str:
    found = build_site.POLICY_META.search(page)
    assert found is not None
    return found.group(1)


def sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_pyscript_reads_the_worker_hooks_only_when_a_worker_asks():
    (core,) = PYSCRIPT.glob("core-*.js")
    shipped = core.read_text()
    patched = build_site.lazy_worker_hooks(shipped)
    assert build_site.PYSCRIPT_EAGER_HOOKS.search(patched) is None
    assert len(patched) > len(shipped)
    assert re.search(r"Object\.defineProperty\(this,[\w$]+,\{get:\(\)=>", patched)


def test_a_pyscript_that_no_longer_reads_them_so_stops_the_build():
    with pytest.raises(SystemExit, match="'unsafe-eval'"):
        build_site.lazy_worker_hooks("export const nothing = 1;")


def test_each_inline_style_is_hashed_into_the_policy():
    styles = [".a { color: red; }", '#b:has(input[name="c"]) { display: none; }']
    page = PAGE.format("".join(f"<style>{style}</style>" for style in styles)
                       + '<script type="application/json">{"data": 1}</script>'
                       + '<script src="web/engine.js" defer></script>')
    assert policy(build_site.with_style_hashes(page)) == (
        "default-src 'none'; style-src 'self'"
        + "".join(f" 'sha256-{sha256(style)}'" for style in styles) + "; object-src 'none'")


@pytest.mark.parametrize("inline", [
    "<script>alert(1)</script>",
    '<form onsubmit="return false"></form>',
    '<p style="color: red">red</p>',
])
def test_anything_else_inline_stops_the_build(inline):
    with pytest.raises(SystemExit, match="runs nothing inline"):
        build_site.with_style_hashes(PAGE.format(inline))


def test_the_pages_policy_allows_no_eval_and_nothing_inline():
    source = policy((build_site.ROOT / "index.html").read_text())
    directives = dict(directive.strip().split(" ", 1) for directive in source.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'none'"
    assert "unsafe-inline" not in source and "'unsafe-eval'" not in source


def test_the_embed_loader_refuses_links_by_the_engines_limit():
    build_site.check_embed_link_limit()  # raises SystemExit if they differ
