"""The site's engine wheel holds no catalogue: the build moves each out of it, beside it
on the site (``engine-locale/<language>.json``, precached), where the engine's worker
fetches one only for the language the page asks for (tests/test_engine_worker.py). The
rest of the wheel, and its reproducibility, are as they were."""

import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import build_site  # scripts/ is not a package: on the path above
from engine.core.language import LOCALE

DATE = (1980, 1, 1, 0, 0, 0)  # the wheel's one date (REPRODUCIBLE_EPOCH)
INFO = "tycoon_table_engine-0.1.0.dist-info"


def a_wheel(folder: Path) -> dict[str, bytes]:
    """A wheel as build_engine_wheel makes it (compiled modules, the catalogue and the
    bots' weights as package data, its RECORD last), in ``folder``; its members."""
    members = {
        "engine/__init__.pyc": b"\xcb\x0d\x0d\x0a module",
        "engine/core/locale/ja.json": (LOCALE / "ja.json").read_bytes(),
        "engine/families/climbing/bots/weights/tycoon.json": b'{"weights": []}',
        f"{INFO}/METADATA": b"Name: tycoon-table-engine\n",
    }
    record = "".join(f"{name},sha256=x,{len(data)}\n" for name, data in members.items())
    members[f"{INFO}/RECORD"] = (record + f"{INFO}/RECORD,,\n").encode()
    with zipfile.ZipFile(folder / build_site.ENGINE_WHEEL, "w", zipfile.ZIP_STORED) as wheel:
        for name, data in members.items():
            wheel.writestr(zipfile.ZipInfo(name, date_time=DATE), data)
    return members


def test_the_site_s_wheel_holds_no_catalogue_and_the_site_holds_it_beside(tmp_path):
    members = a_wheel(tmp_path)
    assert build_site.move_catalogues_out(tmp_path) == ["engine/core/locale/ja.json"]
    wheel = zipfile.ZipFile(tmp_path / build_site.ENGINE_WHEEL)
    kept = [name for name in members if not name.startswith("engine/core/locale/")]
    assert wheel.namelist() == kept  # in their order
    assert all(info.date_time == DATE and info.compress_type == zipfile.ZIP_STORED
               for info in wheel.infolist())
    for name in kept[:-1]:
        assert wheel.read(name) == members[name]
    assert "locale" not in wheel.read(f"{INFO}/RECORD").decode()
    assert wheel.read(f"{INFO}/RECORD").decode().splitlines() == [
        line for line in members[f"{INFO}/RECORD"].decode().splitlines()
        if not line.startswith("engine/core/locale/")]
    site_catalogue = tmp_path / build_site.ENGINE_LOCALE / "ja.json"
    assert site_catalogue.read_bytes() == (LOCALE / "ja.json").read_bytes()
    # Precached, so that a switch of language works offline.
    assert f"{build_site.ENGINE_LOCALE}/ja.json" in dict(build_site.precache_entries(tmp_path))


def test_the_wheel_without_its_catalogues_is_the_same_at_every_build(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
        a_wheel(folder)
        build_site.move_catalogues_out(folder)
    wheels = [(folder / build_site.ENGINE_WHEEL).read_bytes() for folder in (first, second)]
    assert wheels[0] == wheels[1]


def test_the_cpython_package_keeps_its_catalogues():
    """pip, the tests and the terminal read them where the package keeps them."""
    pyproject = (build_site.ROOT / "pyproject.toml").read_text()
    assert '"engine.core" = ["locale/*.json"]' in pyproject
    assert (LOCALE / "ja.json").is_file()
