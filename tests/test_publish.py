"""Publishing: the Pages workflow builds with the README's command and deploys the folder
that command writes; the built page carries a link preview, and its picture is the PNG
the tags describe."""

import json
import re
import shlex
import struct
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import build_site  # scripts/ is not a package: on the path above
import icons
import serve

ROOT = serve.ROOT
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
SITE_URL = "https://example.github.io/tycoon"


@pytest.fixture(scope="module")
def workflow():
    return yaml.safe_load(WORKFLOW.read_text())


def step_using(steps, action):
    (step,) = [step for step in steps if step.get("uses", "").startswith(action + "@")]
    return step


def expression(text):
    """A GitHub Actions expression, as the workflow writes it."""
    return "${{ " + text + " }}"


def readme_build_command():
    """The first command of the README's Publish section."""
    section = (ROOT / "README.md").read_text().split("\n## Publish\n")[1].split("\n## ")[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "the Publish section shows its command in a sh block"
    return shlex.split(block.group(1).splitlines()[0], comments=True)


def test_the_site_is_published_on_every_push_to_main(workflow):
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers
    assert workflow["concurrency"]["group"] == "pages"


def test_the_workflow_may_read_the_code_and_write_pages_only(workflow):
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_workflow_builds_with_the_readmes_command(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    (build,) = [step for step in steps if "run" in step]
    command = shlex.split(build["run"])
    readme = readme_build_command()
    assert command[:len(readme)] == readme
    pages = step_using(steps, "actions/configure-pages")
    assert command[len(readme):] == [
        "--site-url", expression(f"steps.{pages['id']}.outputs.base_url")]
    setup = [step_using(steps, "actions/checkout"), step_using(steps, "actions/setup-python"),
             step_using(steps, "actions/setup-node"), pages]
    assert all(steps.index(step) < steps.index(build) for step in setup)
    assert setup[1]["with"]["python-version"] == "3.11"


def test_the_folder_the_build_writes_is_deployed_after_the_build(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    (build,) = [step for step in steps if "run" in step]
    upload = step_using(steps, "actions/upload-pages-artifact")
    assert ROOT / upload["with"]["path"] == serve.DIST
    assert steps.index(upload) > steps.index(build)
    deploy_job = workflow["jobs"]["deploy"]
    assert deploy_job["needs"] == "build"
    deploy = step_using(deploy_job["steps"], "actions/deploy-pages")
    assert deploy_job["environment"] == {
        "name": "github-pages", "url": expression(f"steps.{deploy['id']}.outputs.page_url")}


class PageHead(HTMLParser):
    """The page's title and its meta tags, by property or name."""

    def __init__(self, page):
        super().__init__()
        self.title = ""
        self.meta = {}
        self._in_title = False
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta" and "content" in attributes:
            key = attributes.get("property") or attributes.get("name")
            assert key not in self.meta, f"meta {key} twice"
            self.meta[key] = attributes["content"]
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def built_head(dist, site_url=None):
    build_site.write_page(dist, site_url)
    return PageHead((dist / "index.html").read_text())


def test_a_shared_link_shows_the_title_the_description_and_a_large_picture(tmp_path):
    head = built_head(tmp_path)
    meta = head.meta
    assert meta["og:title"] == head.title == "Tycoon Table"
    assert meta["og:description"] == meta["description"]
    assert meta["og:type"] == "website"
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["og:image"] == "icons/preview.png"
    assert (meta["og:image:width"], meta["og:image:height"]) == ("1200", "630")
    assert meta["og:image:alt"]
    assert "og:url" not in meta  # a page that does not know its address names none


def test_with_a_site_url_the_preview_names_the_picture_and_the_page_absolutely(tmp_path):
    meta = built_head(tmp_path, build_site.site_folder_url(SITE_URL)).meta
    assert meta["og:image"] == SITE_URL + "/icons/preview.png"
    assert meta["og:url"] == SITE_URL + "/"


@pytest.mark.parametrize("url", ["example.github.io/tycoon", "ftp://example.com/tycoon/",
                                 "https://example.com/tycoon/?page=1", "/tycoon/"])
def test_a_site_url_is_the_http_address_of_a_folder(url):
    with pytest.raises(ValueError, match="not the http"):
        build_site.site_folder_url(url)


def png_chunks(data):
    """[(kind, body)] of a PNG file, each chunk's CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        at += 12 + length
    return chunks


def test_the_preview_picture_is_the_png_its_tags_describe_and_is_not_precached(tmp_path):
    meta = built_head(tmp_path).meta
    picture = icons.write_preview(tmp_path / build_site.ICONS_FOLDER, build_site.app_name())
    assert picture.relative_to(tmp_path).as_posix() == meta["og:image"]
    chunks = png_chunks(picture.read_bytes())
    kinds = [kind for kind, _ in chunks]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
    width, height, depth, colour_type = struct.unpack(">IIBB", chunks[0][1][:10])
    assert (str(width), str(height)) == (meta["og:image:width"], meta["og:image:height"])
    assert (depth, colour_type) == (8, 2)  # 8-bit RGB
    pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    assert len(pixels) == height * (1 + 3 * width)
    assert picture.stat().st_size < 100_000  # flat colours compress well
    # Only a chat app's crawler fetches it: a first visit does not download it offline.
    assert meta["og:image"] not in dict(build_site.precache_entries(tmp_path))


def test_the_preview_writes_only_letters_it_can_draw():
    with pytest.raises(ValueError, match="no letters"):
        icons.draw_preview("Tycoon Table 2")


def test_pyscript_starts_only_the_plugins_the_page_ships(tmp_path):
    """PyScript's core imports at start-up every plugin that the config of either
    interpreter does not turn off: the page turns off for both those it does not ship."""
    build_site.write_page(tmp_path)
    page = (tmp_path / "index.html").read_text()
    ui_config = json.loads(re.search(r'<script type="mpy"[^>]*config=\'([^\']*)\'', page)[1])
    pyodide_config = json.loads(re.search(r'<py-config type="json" hidden>(.*?)</py-config>',
                                          page)[1])
    off = set(ui_config["plugins"])
    assert set(pyodide_config["plugins"]) == off
    core = next((ROOT / "node_modules/@pyscript/core/dist").glob("core-*.js")).read_text()
    plugins = set(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./\1-[\w-]+\.js"\)', core))
    assert "py-editor" in plugins  # the core's list of plugins was read
    for plugin in plugins:
        assert f"!{plugin}" in off or plugin in build_site.PYSCRIPT_CHUNKS, plugin
