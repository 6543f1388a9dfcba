"""``forge serve``'s card gallery (forge/gallery.py): every face of every deck with its row and
line, drawn by the kit's layouts; a saved cell redraws its card only, in an open page in
headless Chromium; a bad edit shows its located lines over the last good cards."""
from __future__ import annotations

import re
import time
import urllib.request

import pytest

from ..conftest import run_forge
from ..rulebook.browser import BrowserError
from ..rulebook.test_browser import browser, chromium  # noqa: F401  (the fixtures)
from .live import serving

PAGE = "/.forge/cards/mygame/en/"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``forge serve --port 0`` over a game made by ``forge new``: (project, port, process)."""
    project = tmp_path_factory.mktemp("gallery")
    assert run_forge("new", "mygame", cwd=project).returncode == 0
    with serving(project, "mygame") as (port, forge):
        yield project, port, forge


def fetch(port: int, path: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
        return answer.headers["Content-Type"], answer.read()


def wait_for(check, timeout: float = 20.0):
    """``check()``'s first true value, looked at every 50 ms (a page reloading in between is looked at again)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = check()
        except BrowserError:                     # the page is reloading
            found = None
        if found:
            return found
        time.sleep(0.05)
    return check()


def test_every_face_is_shown_with_its_row_and_line(served):
    project, port, _ = served
    kind, page = fetch(port, PAGE)
    text = page.decode()
    assert kind == "text/html; charset=utf-8"
    rows = re.findall(r"<p class=where>(.*?)</p>", text)
    assert rows == ["row 1 · 2 copies · cardspecs/mygame/cards.csv:2", "row 2 · 2 copies · cardspecs/mygame/cards.csv:3",
                    "row 3 · cardspecs/mygame/cards.csv:4"]
    images = re.findall(r'<img loading=lazy src="([^"]+)" alt="(front|back) of row (\d)"', text)
    assert [(side, n) for _, side, n in images] == [(s, str(n)) for n in (1, 2, 3) for s in ("front", "back")]
    for src, side, n in images:
        kind, svg = fetch(port, src)
        assert kind == "image/svg+xml" and svg.startswith(b"<svg")
        if side == "front":
            assert ["Lighthouse", "Harbour", "Storm"][int(n) - 1].encode() in svg
    assert len({src for src, side, _ in images if side == "back"}) == 1          # one back, drawn once


def test_a_saved_cell_redraws_its_card_in_the_open_page(served, browser):  # noqa: F811
    project, port, forge = served
    csv = project / "cardspecs" / "mygame" / "cards.csv"
    with browser.tab(f"http://127.0.0.1:{port}{PAGE}", 1200, 900) as tab:
        sources = "[...document.querySelectorAll('img')].map(i => i.getAttribute('src'))"
        before = tab.evaluate(sources)
        saved = time.monotonic()
        csv.write_text(csv.read_text(encoding="utf-8").replace("Draw two cards.", "Draw three cards."), encoding="utf-8")
        after = wait_for(lambda: (now := tab.evaluate(sources)) != before and now)
        seconds = time.monotonic() - saved
        assert [i for i, (a, b) in enumerate(zip(before, after)) if a != b] == [2]      # row 2's front only
        drawn = wait_for(lambda: tab.evaluate("document.images[2].complete && document.images[2].naturalWidth > 0"))
        assert drawn and b"three" in fetch(port, after[2])[1]
        print(f"saved → the card's new image in the open page: {seconds:.2f} s")


def test_a_bad_edit_shows_its_lines_over_the_last_good_cards(served, browser, tmp_path):  # noqa: F811
    project, port, forge = served
    csv = project / "cardspecs" / "mygame" / "cards.csv"
    good = csv.read_text(encoding="utf-8")
    with browser.tab(f"http://127.0.0.1:{port}{PAGE}", 1200, 900) as tab:
        before = tab.evaluate("document.images.length")
        csv.write_text(good.replace("Look at the top card", "**Look at the top card"), encoding="utf-8")
        forge.expect(r"^not rebuilt: ", stream="err")
        shown = wait_for(lambda: tab.evaluate("(document.getElementById('forge-problems') || {}).textContent"))
        assert "cardspecs/mygame/cards.csv:2: part 'text', 'text': column 'text': ** (bold) opened" in shown
        assert tab.evaluate("document.getElementById('forge-problems').getAttribute('role')") == "alert"
        assert tab.evaluate("document.images.length") == before                  # the last good cards stay
        (tmp_path / "overlay.png").write_bytes(tab.screenshot())
        csv.write_text(good, encoding="utf-8")
        assert wait_for(lambda: tab.evaluate("document.getElementById('forge-problems') === null "
                                             "&& document.images.length > 0"))
