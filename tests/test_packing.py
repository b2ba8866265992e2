"""A first visit's big files packed with xz beside themselves (scripts/packing.py): what
the engine's worker unpacks must be the file, byte for byte, for the service worker takes
the unpacked copy for the file's revision; and the decoder's dictionary stays small."""

import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import packing  # scripts/ is not a package: on the path above

NODE_MODULES = Path(__file__).resolve().parent.parent / "node_modules"


# Every dictionary size LZMA2 can name from 4 KiB up: 2^n and 2^n + 2^(n-1).
NAMEABLE = sorted({1 << n for n in range(12, 32)} | {3 << (n - 1) for n in range(12, 32)})


@given(st.integers(min_value=0, max_value=1 << 30))
def test_the_dictionary_is_the_smallest_lzma2_can_name_that_holds_the_file(size):
    assert packing.dictionary_size(size) == min(d for d in NAMEABLE if d >= size)


@given(st.binary(max_size=5000))
def test_a_packed_file_unpacks_to_itself(data):
    assert lzma.decompress(packing.packed(data)) == data


def test_packing_writes_each_big_file_xz_beside_it_in_one_stream(
        tmp_path):
    for number, path in enumerate(packing.PACKED):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(os.urandom(1000) * (number + 2))
    packing.pack(tmp_path)
    for path in packing.PACKED:
        xz = tmp_path / (path + packing.SUFFIX)
        assert lzma.decompress(xz.read_bytes()) == (tmp_path / path).read_bytes()
        # The repeats cost next to nothing: one stream spans the whole file.
        assert xz.stat().st_size < 1300
    assert packing.packed_paths() == {path + ".xz" for path in packing.PACKED}


def test_the_packed_list_is_written_into_the_worker_once(tmp_path):
    module = tmp_path / "packed.mjs"
    module.write_text(f'// the list\n{packing.PACKED_LINE}  // filled\nconst SUFFIX = ".xz";\n')
    packing.write_packed_list(module)
    text = module.read_text()
    assert packing.PACKED_LINE not in text
    assert '"vendor/pyodide/pyodide.asm.wasm":"application/wasm"' in text
    module.write_text('no list here\nconst SUFFIX = ".xz";\n')
    with pytest.raises(SystemExit, match="must hold the line"):
        packing.write_packed_list(module)
    module.write_text(f'{packing.PACKED_LINE}\nconst SUFFIX = ".gz";\n')
    with pytest.raises(SystemExit, match="suffix"):
        packing.write_packed_list(module)


# Unpacks argv[2] with the decoder module at argv[1], as the engine's worker does, to stdout.
UNPACK = """
const { XzReadableStream } = await import(process.argv[1]);
const { readFileSync } = await import("node:fs");
const packed = new Blob([readFileSync(process.argv[2])]).stream();
const bytes = await new Response(new XzReadableStream(packed)).arrayBuffer();
process.stdout.write(new Uint8Array(bytes));
"""


def test_the_decoder_as_the_worker_imports_it_unpacks_what_the_build_packs(tmp_path):
    """In Node, the decoder's module as built (an ES module, its licence kept) unpacks a
    file of the engine's own sources to those bytes."""
    packing.write_decoder(tmp_path, NODE_MODULES)
    decoder = tmp_path / packing.DECODER
    assert "License: MIT" in decoder.read_text()
    data = b"".join(p.read_bytes() for p in sorted(Path(packing.__file__).parent.parent
                                                   .joinpath("engine").rglob("*.py")))
    (tmp_path / "data.xz").write_bytes(packing.packed(data))
    unpacked = subprocess.run(["node", "--input-type=module", "-e", UNPACK, "--",
                               decoder.as_uri(), str(tmp_path / "data.xz")],
                              check=True, capture_output=True).stdout
    assert unpacked == data
