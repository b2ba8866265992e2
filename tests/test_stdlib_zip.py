"""The build's trimmed standard library (scripts/stdlib_trace.py, which the build runs in
Pyodide): which of the library's files a traced run needs, and the zip of them, compiled,
that Python imports with no source beside it. Here in CPython, on a library of its own."""

import subprocess
import sys
import types
import zipfile
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import stdlib_trace  # scripts/ is not a package: on the path above

LIBRARY = {
    "used.py": '"""A module the app imports."""\n\ndef fails():\n    raise ValueError("here")\n',
    "unused.py": "x = 1\n",
    "tt_pkg/__init__.py": "",
    "tt_pkg/inner/__init__.py": "",
    "tt_pkg/inner/deep.py": "from used import fails\nvalue = 42\n",
    "tt_pkg/other.py": "y = 2\n",
    "dropped.py": "z = 3\n",
}


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "python3XY.zip"
    with zipfile.ZipFile(path, "w") as out:
        for name, text in LIBRARY.items():
            out.writestr(name, text)
    return path


def module(name: str, origin: str) -> types.ModuleType:
    made = types.ModuleType(name)
    made.__spec__ = ModuleSpec(name, None, origin=origin)
    return made


def test_the_files_a_run_imported_with_their_packages_and_no_others(library: Path):
    imported = {
        "used": module("used", f"{library}/used.py"),
        "tt_pkg.inner.deep": module("tt_pkg.inner.deep", f"{library}/tt_pkg/inner/deep.py"),
        "json": module("json", "/usr/lib/python3/json/__init__.py"),  # not the zip's
        "sys": module("sys", "built-in"),
        "os": module("os", "frozen"),
    }
    # Asked for but no longer imported: dropped after use, or never found anywhere.
    asked = ["used", "dropped", "nowhere", "tt_pkg.missing"]
    assert stdlib_trace.modules_from_zip(str(library), imported, asked) == {
        "used.py", "dropped.py", "tt_pkg/__init__.py", "tt_pkg/inner/__init__.py",
        "tt_pkg/inner/deep.py"}


def test_the_trimmed_zip_is_bytecode_python_imports_and_the_same_each_build(
        library: Path, tmp_path: Path):
    members = ["used.py", "tt_pkg/__init__.py", "tt_pkg/inner/__init__.py",
               "tt_pkg/inner/deep.py"]
    made = stdlib_trace.trimmed_stdlib(str(library), members, "/lib/python3XY.zip")
    assert made == stdlib_trace.trimmed_stdlib(str(library), reversed(members),
                                               "/lib/python3XY.zip")
    trimmed = tmp_path / "trimmed.zip"
    trimmed.write_bytes(made)
    names = zipfile.ZipFile(trimmed).namelist()
    assert sorted(names) == sorted(member + "c" for member in members)
    imported = subprocess.run([sys.executable, "-I", "-c", f"""
import sys, traceback
sys.path.insert(0, {str(trimmed)!r})
import tt_pkg.inner.deep, used
assert tt_pkg.inner.deep.value == 42 and used.__doc__ is None  # no docstrings shipped
try:
    tt_pkg.inner.deep.fails()
except ValueError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    print(frame.filename, frame.lineno)
try:
    import unused
except ModuleNotFoundError:
    print("unused is not shipped")
"""], capture_output=True, text=True, check=True).stdout.splitlines()
    # Tracebacks name the library where Pyodide mounts it, with the line.
    assert imported == ["/lib/python3XY.zip/used.py 4", "unused is not shipped"]
