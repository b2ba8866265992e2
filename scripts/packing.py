"""A first visit's three big files, packed with xz beside themselves.

Pyodide's wasm, the standard library's zip and the engine's wheel are 4.9 MB as a gzip
host sends them and 3.6 MB packed with xz (LZMA2), whose dictionary spans a whole file
(gzip's spans 32 KB); the zips are stored uncompressed, so that one stream packs all
their files together. A first visit's engine worker fetches ``<file>.xz`` and unpacks it
as it arrives (web/worker/packed.mjs, with the ``xz-decompress`` package, pinned in
package.json). The service worker precaches the files themselves, as the first visit
unpacked them, so a later start reads them as they are: nothing is unpacked twice.
"""

import json
import lzma
from pathlib import Path

# {path on the site: its type}, the type the unpacked response is given (the browser
# compiles wasm as it arrives only from a response typed so).
PACKED = {"vendor/pyodide/pyodide.asm.wasm": "application/wasm",
          "vendor/pyodide/engine_stdlib.zip": "application/zip",
          "engine.whl": "application/zip"}
SUFFIX = ".xz"
# The one line of web/worker/packed.mjs that the build replaces with ``PACKED``.
PACKED_LINE = "const PACKED = {};"
DECODER_PACKAGE = "xz-decompress"
DECODER_BUILD = "dist/package/xz-decompress.min.js"
# The decoder as an ES module, for the engine's module worker.
DECODER = "vendor/xz/xz-decompress.mjs"


def dictionary_size(size: int) -> int:
    """The smallest dictionary LZMA2 can name (2^n or 2^n + 2^(n-1) bytes, 4 KiB at
    least) that holds ``size`` bytes: a match may reach back to the file's start, and the
    decoder allocates no more than the file needs."""
    n = 12
    while True:
        for candidate in (1 << n, (1 << n) + (1 << (n - 1))):
            if candidate >= size:
                return candidate
        n += 1


def packed(data: bytes) -> bytes:
    """``data`` as xz at the strongest preset, with a CRC32 check (xz-embedded, the
    decoder, checks CRC32 and CRC64)."""
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME,
                "dict_size": dictionary_size(len(data))}]
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32,
                         filters=filters)


def pack(dist: Path) -> None:
    """``<file>.xz`` beside each of the ``PACKED`` files in ``dist``."""
    for path in PACKED:
        file = dist / path
        file.with_name(file.name + SUFFIX).write_bytes(packed(file.read_bytes()))


def packed_paths() -> frozenset[str]:
    return frozenset(path + SUFFIX for path in PACKED)


def write_decoder(dist: Path, node_modules: Path) -> None:
    """The decoder's CommonJS build, wrapped as an ES module (it has none of its own)."""
    package = node_modules / DECODER_PACKAGE
    version = json.loads((package / "package.json").read_text())["version"]
    source = (package / DECODER_BUILD).read_text()
    out = dist / DECODER
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        f"// {DECODER_PACKAGE} {version} ({DECODER_BUILD}), as an ES module (scripts/packing.py)\n"
        "const module = { exports: {} }, exports = module.exports, require = () => ({});\n"
        f"{source.rstrip()}\n"
        "export const { XzReadableStream } = module.exports;\n")


def check_suffix(text: str, constant: str, source: str) -> None:
    """The JavaScript ``source`` names the packed forms' suffix as this module does."""
    if f'const {constant} = "{SUFFIX}";' not in text:
        raise SystemExit(f"{source} must name the packed files' suffix: "
                         f'const {constant} = "{SUFFIX}";')


def write_packed_list(worker_module: Path) -> None:
    """``PACKED`` into web/worker/packed.mjs, in place of its empty line."""
    text = worker_module.read_text()
    if text.count(PACKED_LINE) != 1:
        raise SystemExit(f"{worker_module} must hold the line {PACKED_LINE!r} once")
    check_suffix(text, "SUFFIX", str(worker_module))
    worker_module.write_text(text.replace(
        PACKED_LINE, f"const PACKED = {json.dumps(PACKED, separators=(',', ':'))};"))
