"""The local server compresses text and code when asked to, as a static host does, and
only for a client that takes gzip; everything else goes as it is."""

import gzip
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import serve  # scripts/ is not a package: on the path above


def fetch(url, gzip_ok):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_text_and_code_are_gzipped_for_a_client_that_takes_it(tmp_path):
    page = "<!doctype html><title>t</title>" + "<p>Tycoon</p>" * 200
    (tmp_path / "index.html").write_text(page)
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + bytes(300))
    server = serve.start_server(tmp_path, compress=True)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        encoding, body = fetch(url + "index.html", gzip_ok=True)
        assert encoding == "gzip" and gzip.decompress(body).decode() == page
        assert len(body) < len(page) / 5
        assert fetch(url + "index.html", gzip_ok=False) == (None, page.encode())
        assert fetch(url + "icon.png", gzip_ok=True)[0] is None
    finally:
        server.shutdown()
        server.server_close()


def test_a_client_whose_copy_is_current_is_told_so_compressed_or_not(tmp_path):
    (tmp_path / "app.js").write_text("console.log('tycoon');" * 50)
    for compress in (True, False):
        server = serve.start_server(tmp_path, compress=compress)
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/app.js"
            with urllib.request.urlopen(urllib.request.Request(
                    url, headers={"Accept-Encoding": "gzip"})) as response:
                modified = response.headers["Last-Modified"]
            request = urllib.request.Request(url, headers={
                "Accept-Encoding": "gzip", "If-Modified-Since": modified})
            try:
                urllib.request.urlopen(request)
                raise AssertionError("the file was sent again")
            except urllib.error.HTTPError as answer:
                assert answer.code == 304
            assert [path for path, _size in server.served] == ["/app.js"]  # sent once
            stale = urllib.request.Request(url, headers={
                "Accept-Encoding": "gzip", "If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"})
            with urllib.request.urlopen(stale) as response:
                assert response.status == 200
        finally:
            server.shutdown()
            server.server_close()


def test_the_default_server_sends_files_as_they_are(tmp_path):
    (tmp_path / "index.html").write_text("<p>plain</p>")
    server = serve.start_server(tmp_path)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        assert fetch(url, gzip_ok=True) == (None, b"<p>plain</p>")
    finally:
        server.shutdown()
        server.server_close()


def test_a_file_is_counted_before_its_answer_reaches_the_client(tmp_path, monkeypatch):
    """A test or bench that reads ``served`` once it has a file's headers finds the file
    there, however late the server's thread runs after sending them."""
    (tmp_path / "app.js").write_text("console.log('tycoon');" * 50)
    checked = threading.Event()
    send_headers = serve.SubPathHandler.end_headers

    def end_headers_then_stall(handler):
        send_headers(handler)
        checked.wait(10)  # the server's thread held back once the headers are out

    monkeypatch.setattr(serve.SubPathHandler, "end_headers", end_headers_then_stall)
    for compress in (True, False):
        checked.clear()
        server = serve.start_server(tmp_path, compress=compress)
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/app.js"
            response = urllib.request.urlopen(urllib.request.Request(
                url, headers={"Accept-Encoding": "gzip"}))
            try:
                assert [path for path, _size in server.served] == ["/app.js"]
            finally:
                checked.set()
                response.read()
                response.close()
        finally:
            server.shutdown()
            server.server_close()
