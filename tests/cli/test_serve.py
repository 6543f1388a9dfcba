"""``forge serve``: the build folder on 127.0.0.1, files as on disk (HTML pages with a reload
script added on the way, never on disk), nothing outside the folder, and an open page that
reloads in headless Chromium after a rebuild."""
from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from functools import partial
from html import unescape
from pathlib import Path

import pytest

from forge.serve import RELOAD

from ..conftest import run_forge
from ..rulebook.test_browser import chromium  # noqa: F401  (the fixture)
from .live import serving, small_project


@pytest.fixture(scope="module")
def served(tmp_path_factory, warm_cache):
    """``forge serve --port 0`` over a project of one game, built and watched; (project, port, process)."""
    project = small_project(tmp_path_factory.mktemp("serve"), ["dalmuti"], warm_cache)
    with serving(project) as (port, forge):
        yield project, port, forge


def get(port: int, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """A request sent as written (no normalisation of ``..`` by the client)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.putrequest(method, path, skip_accept_encoding=True)
    conn.endheaders()
    response = conn.getresponse()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()


def reload_script(page: bytes) -> bytes:
    """The script forge serve added to ``page`` (the text between its markers)."""
    start = page.index(RELOAD[:40].encode())
    return page[start:page.index(b"</script>", start) + len(b"</script>")]


def test_files_as_on_disk_pages_with_the_reload_script(served):
    project, port, _ = served
    build = project / "build"
    for path in ("/", "/index.html", "/dalmuti/en/rules.html", "/dalmuti/fr/rules.html"):
        status, headers, body = get(port, path)
        disk = build / path.lstrip("/")
        disk = disk / "index.html" if path.endswith("/") else disk
        assert status == 200 and headers["content-type"] == "text/html; charset=utf-8", path
        assert RELOAD[:40].encode() not in disk.read_bytes(), f"{disk} carries the reload script"
        script = reload_script(body)
        assert body.replace(script, b"") == disk.read_bytes(), path
        assert body.index(script) == body.rindex(b"</body>") - len(script)
    types = {"/assets/rulebook.css": "text/css; charset=utf-8", "/dalmuti/en/cards-a4.pdf": "application/pdf",
             "/calibration-a4.pdf": "application/pdf"}
    svg = next((build / "dalmuti" / "en" / "cards").glob("*.svg")).relative_to(build)
    types[f"/{svg}"] = "image/svg+xml"
    for path, kind in types.items():
        status, headers, body = get(port, path)
        assert (status, headers["content-type"]) == (200, kind), path
        assert body == (build / path.lstrip("/")).read_bytes()
        assert headers["cache-control"] == "no-store"
    status, headers, _ = get(port, "/dalmuti/en")
    assert status == 301 and headers["location"] == "/dalmuti/en/"
    status, headers, body = get(port, "/dalmuti/en/rules.html", "HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 1000


def test_nothing_outside_the_build_folder(served):
    project, port, _ = served
    (project / "secret.txt").write_text("not for the web\n")
    (project / "build" / "leak.txt").symlink_to(project / "secret.txt")      # a link out of the folder
    for path in ("/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
                 "/dalmuti/../../secret.txt", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/leak.txt", "//etc/passwd"):
        status, _, body = get(port, path)
        assert status in (403, 404), path
        assert b"not for the web" not in body and b"root:" not in body, path


def test_the_server_listens_on_localhost_only(served):
    _, port, _ = served
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:     # this machine's address outward
        try:
            probe.connect(("192.0.2.1", 9))                               # (no packet is sent)
        except OSError:
            pytest.skip("no network interface but loopback")
        address = probe.getsockname()[0]
    assert not address.startswith("127.")
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((address, port), timeout=3).close()
    socket.create_connection(("127.0.0.1", port), timeout=3).close()


def test_an_open_page_reloads_after_a_rebuild(served, chromium):  # noqa: F811
    project, port, forge = served
    page = project / "build" / "dalmuti" / "en" / "rules.html"
    title = unescape(re.search(r"<title>(.*?)</title>", page.read_text(encoding="utf-8"))[1])
    # Chromium's helper processes may still write into the profile as it is removed
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                    "--disable-background-networking", "--disable-component-update",
                                    f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                    f"http://127.0.0.1:{port}/dalmuti/en/rules.html"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            titles = partial(tab_titles, Path(profile))
            assert wait_for(lambda: titles() == [title]), titles()

            source = project / "rules_src" / "dalmuti" / "en.md"
            text = source.read_text(encoding="utf-8")
            assert text.count("\n# The Great Dalmuti\n") == 1
            saved = time.monotonic()
            source.write_text(text.replace("\n# The Great Dalmuti\n", "\n# The Greatest Dalmuti\n"), encoding="utf-8")
            forge.expect(r"^rebuilt the rulebook of dalmuti in \d+\.\d s \(rules_src/dalmuti/en\.md\)$")
            assert wait_for(lambda: titles() == [title.replace("The Great", "The Greatest")]), titles()
            print(f"saved → page reloaded with the new title in Chromium: {time.monotonic() - saved:.1f} s")
        finally:
            browser.terminate()
            browser.wait(30)
    assert RELOAD[:40].encode() not in page.read_bytes() and "The Greatest Dalmuti" in page.read_text(encoding="utf-8")


def test_the_server_queues_a_burst_of_connections(served):
    # a listening socket's Send-Q, as ss shows it, is its backlog: socketserver's default is 5,
    # and a sixth connection at once waits a second for its SYN to be sent again
    _, port, _ = served
    shown = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True, check=True).stdout
    [listening] = shown.splitlines()
    assert int(listening.split()[2]) >= 128


def test_a_build_from_another_terminal_is_a_new_version(served):
    """The version the pages poll is the output folder's: ``forge build`` run beside the
    server changes it too (pages served with --no-watch reload that way)."""
    project, port, _ = served
    before = get(port, "/.forge/version")
    assert before[0] == 200 and before[1]["content-type"] == "text/plain; charset=utf-8"
    assert get(port, "/.forge/version")[2] == before[2]
    assert f'let built = "{before[2].decode()}"'.encode() in get(port, "/dalmuti/en/rules.html")[2]
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", cwd=project)
    assert result.returncode == 0, result.stderr
    assert get(port, "/.forge/version")[2] != before[2]


def test_a_pages_question_is_held_until_a_build_is_published(served):
    """An open page asks ``/.forge/version?since=V``: the server answers at once when the
    folder's version is not V, and otherwise holds the question until a build is published."""
    project, port, _ = served
    now = get(port, "/.forge/version")[2]
    assert get(port, "/.forge/version?since=older")[2] == now
    answers: list[bytes] = []

    def ask() -> None:                  # as the page does: again when the hold (20 s) ran out
        while not answers or answers[-1] == now:
            answers.append(get(port, f"/.forge/version?since={now.decode()}")[2])
    asking = threading.Thread(target=ask)
    asking.start()
    asking.join(1.5)
    assert asking.is_alive() and not answers               # held: nothing was published
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", "--ink-saver", cwd=project)
    assert result.returncode == 0, result.stderr
    asking.join(10)
    assert not asking.is_alive() and answers[-1] == get(port, "/.forge/version")[2] != now


def tab_titles(profile: Path) -> list[str]:
    """The titles of the pages open in the Chromium of ``profile`` (its DevTools HTTP list)."""
    port = (profile / "DevToolsActivePort").read_text().split()[0]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as answer:
        return [tab["title"] for tab in json.load(answer) if tab["type"] == "page"]


def wait_for(condition, timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except (OSError, IndexError):         # DevTools not listening yet
            pass
        time.sleep(0.2)
    return False


def test_a_port_in_use_is_one_line_exit_2(tmp_path):
    project = small_project(tmp_path, ["dalmuti"])
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_forge("serve", "--port", str(port), "--no-watch", cwd=project)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"--port: port {port} is in use"
    assert result.stderr.splitlines()[1].startswith("  hint: ") and len(result.stderr.splitlines()) == 2
    assert not (project / "build").exists()
