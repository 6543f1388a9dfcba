"""The built pages in real tools: the Nu HTML checker (vnu.jar) and headless Chromium.

Both are installed by ``.ci/run`` (Chromium from Debian, vnu-jar from npm into .tools/),
which sets FORGE_REQUIRE_TOOLS=1 so that CI fails, rather than skips, if one is missing.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from ..conftest import ROOT
from .conftest import PAGES, edition_text
from .printed import Contents, Printed, figure_pages, heading_pages

REQUIRED = os.environ.get("FORGE_REQUIRE_TOOLS") == "1"


def _tool(path: str | None, what: str) -> str:
    if path:
        return path
    if REQUIRED:
        pytest.fail(f"{what} is required (FORGE_REQUIRE_TOOLS=1) but was not found")
    pytest.skip(f"{what} not installed")


@pytest.fixture(scope="session")
def vnu() -> list[str]:
    jar = os.environ.get("FORGE_VNU_JAR") or str(ROOT / ".tools" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar")
    found = jar if Path(jar).is_file() and shutil.which("java") else None
    return ["java", "-jar", _tool(found, "the Nu HTML checker (java + vnu.jar: npm install --prefix .tools vnu-jar)")]


@pytest.fixture(scope="session")
def chromium() -> str:
    found = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
    return _tool(found, "Chromium (apt-get install chromium)")


@pytest.fixture(scope="session")
def browser(chromium):
    """One headless Chromium for the page probes of this test process (tests/rulebook/browser.py)."""
    from .browser import Browser
    started = Browser(chromium)
    yield started
    started.close()


def run_chromium(chromium: str, url: str, *args: str) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args, url],
            capture_output=True, text=True, timeout=120)


def test_nu_checker_finds_nothing(site, vnu):
    pages = [str(site / "index.html")] + [str(site / g / l / "rules.html") for g, l in PAGES]
    svgs = sorted(str(p) for p in site.glob("*/*/cards/*.svg"))
    assert len(svgs) >= 40
    messages = []
    for args in (pages, ["--css", str(site / "assets" / "rulebook.css")], ["--svg", *svgs]):
        result = subprocess.run([*vnu, "--format", "json", *args], capture_output=True, text=True, timeout=300)
        messages += json.loads(result.stderr or '{"messages": []}')["messages"]
    assert messages == [], "\n".join(f"{m.get('url')}:{m.get('lastLine')}: {m['type']}: {m['message']}" for m in messages)


@pytest.mark.parametrize("game,lang", PAGES)
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_chromium_renders_the_page_without_console_errors(site, browser, game, lang, width):
    from PIL import Image, ImageStat
    with browser.tab((site / game / lang / "rules.html").as_uri(), width, 2000) as tab:
        shot, console = tab.screenshot(), tab.console
    assert console == []
    with Image.open(io.BytesIO(shot)) as im:
        assert im.size == (width, 2000)
        spread = ImageStat.Stat(im.convert("L")).stddev[0]
        assert spread > 20, "the screenshot is blank"


@pytest.fixture(scope="module")
def printed_pages(site, browser, tmp_path_factory):
    """Each page printed by Chromium once (its print preview), shared by the print tests:
    (game, lang) → the PDF."""
    folder, done = tmp_path_factory.mktemp("printed"), {}

    def pdf(game: str, lang: str) -> Path:
        if (game, lang) not in done:
            done[game, lang] = folder / f"{game}-{lang}.pdf"
            with browser.tab((site / game / lang / "rules.html").as_uri()) as tab:
                done[game, lang].write_bytes(tab.pdf())
        return done[game, lang]
    return pdf


@pytest.mark.parametrize("game,lang", PAGES)
def test_print_preview_is_an_a4_booklet_with_whole_figures(site, printed_pages, game, lang):
    from pypdf import PdfReader
    pdf = printed_pages(game, lang)
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 4
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - 595.3) < 1.5 and abs(h - 841.9) < 1.5       # @page size: A4
    title = {"fr": "Résultat", "en": "Outcome", "de": "Ergebnis"}[lang]
    figures_total = 0
    for n in range(1, len(reader.pages) + 1):
        text = subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
                              capture_output=True, text=True).stdout
        starts = text.count("✓")
        ends = sum(line.strip() == title for line in text.splitlines())
        assert starts == ends, f"page {n}: {starts} figures start, {ends} end (a figure is split)"
        figures_total += starts
    written = edition_text(game, lang).count("```example {#")
    assert figures_total == written
    # each figure starts on the page where the paragraph that introduces it ends
    figures = figure_pages(Printed.read(pdf), site / game / lang / "rules.html")
    assert len(figures) == written
    assert [f"paragraph ends p. {p}, figure starts p. {f}: …{end}" for end, p, f in figures if p != f] == []


@pytest.mark.parametrize("game,lang", PAGES)
def test_no_printed_heading_is_stranded_at_a_page_foot(site, printed_pages, game, lang):
    """Each heading of the printed page has at least two lines of its text under it on its page."""
    pdf = printed_pages(game, lang)
    contents = Contents.read(site / game / lang / "rules.html")
    found = heading_pages(Printed.read(pdf), contents)
    assert [f"p. {found[hid][0]}: {text}" for hid, text in contents.entries if found[hid][1] < 2] == []
