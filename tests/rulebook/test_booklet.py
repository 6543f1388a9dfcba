"""``forge build --booklet``: each rulebook printed as an A4 booklet by Chromium, read back
with poppler. The booklets of two games are built once (the four take about a minute and a
half; every edition's figures are also checked on the printed page, in test_browser.py).

Needs Chromium (required under FORGE_REQUIRE_TOOLS=1, as in test_browser.py).
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from forge.cache import FOLDER

from ..conftest import ROOT, run_forge, tree_digest
from .conftest import PAGES, edition_text
from .htmltools import find_all, parse
from .printed import Contents, Printed, figure_pages, heading_pages, norm, toc_numbers
from .test_browser import chromium  # noqa: F401  (the fixture: Chromium found, or skip / fail)

GAMES = ("dalmuti", "gjdlv")      # the split figures (Dalmuti), the longest rulebook (gjdlv)
BOOKLETS = [(g, l) for g, l in PAGES if g in GAMES]
A4 = (595.3, 841.9)


@pytest.fixture(scope="session")
def booklets(tmp_path_factory, chromium, warm_cache) -> Path:  # noqa: F811
    """A project of the two games, built whole (its index too) with their booklets; its cache
    a copy of the run's warm cache, so that only the booklets are new."""
    project = tmp_path_factory.mktemp("booklets")
    shutil.copytree(warm_cache, project / FOLDER)
    shutil.copytree(ROOT / "templates", project / "templates")
    (project / "cardspecs").mkdir()
    for game in GAMES:
        shutil.copy(ROOT / "cardspecs" / f"{game}.yaml", project / "cardspecs")
        shutil.copytree(ROOT / "cardspecs" / game, project / "cardspecs" / game)
        shutil.copytree(ROOT / "rules_src" / game, project / "rules_src" / game)
    result = run_forge("build", "--booklet", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    return project / "out"


@pytest.fixture(scope="session")
def printed(booklets) -> dict[tuple[str, str], Printed]:
    return {(g, l): Printed.read(booklets / g / l / "rules-a4.pdf") for g, l in BOOKLETS}


def test_the_booklets_of_the_games_built_are_written_and_linked(booklets):
    assert sorted(p.relative_to(booklets).as_posix() for p in booklets.rglob("rules-a4.pdf")) == \
        sorted(f"{g}/{l}/rules-a4.pdf" for g, l in BOOKLETS)
    for g, l in BOOKLETS:
        links = [a.get("href") for a in find_all(parse(booklets / g / l / "rules.html"), "a")]
        assert links.count("rules-a4.pdf") == 1
    for index in ("index.html", "index.fr.html"):            # and the index, each edition's
        links = [a.get("href") for a in find_all(parse(booklets / index), "a")]
        assert sorted(h for h in links if h.endswith("rules-a4.pdf")) == \
            sorted(f"{g}/{l}/rules-a4.pdf" for g, l in BOOKLETS), index


@pytest.mark.parametrize("game,lang", BOOKLETS)
def test_every_page_is_a4_and_numbered_n_of_N(booklets, printed, game, lang):
    reader = PdfReader(booklets / game / lang / "rules-a4.pdf")
    count = len(reader.pages)
    assert count >= 10
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - A4[0]) < 1.5 and abs(float(page.mediabox.height) - A4[1]) < 1.5
    assert printed[game, lang].footers == [f"{n} / {count}" for n in range(1, count + 1)]
    for n, lines in enumerate(printed[game, lang].lines):
        assert lines, f"page {n + 1} is blank"


@pytest.mark.parametrize("game,lang", BOOKLETS)
def test_the_printed_contents_give_the_page_where_each_heading_is(booklets, printed, game, lang):
    contents = Contents.read(booklets / game / lang / "rules.html")
    assert len(contents.entries) >= 15
    found = heading_pages(printed[game, lang], contents)
    toc = toc_numbers(printed[game, lang], contents, A4[0])
    assert [text for text, _ in toc] == [norm(text) for _, text in contents.entries]
    assert [number for _, number in toc] == [found[hid][0] for hid, _ in contents.entries]
    assert len({page for page, _ in found.values()}) >= 8           # the headings are spread over the booklet
    alone = [text for hid, text in contents.entries if found[hid][1] == 0]
    assert alone == [], "headings alone at the foot of their page"


@pytest.mark.parametrize("game,lang", BOOKLETS)
def test_each_figure_is_on_the_page_where_its_paragraph_ends(booklets, printed, game, lang):
    figures = figure_pages(printed[game, lang], booklets / game / lang / "rules.html")
    written = edition_text(game, lang).count("```example {#")
    assert len(figures) == written >= 9
    moved = [f"paragraph ends p. {p}, figure starts p. {f}: …{end}" for end, p, f in figures if p != f]
    assert moved == []


def test_the_booklet_has_the_headings_as_bookmarks(booklets, printed):
    reader = PdfReader(booklets / "dalmuti" / "fr" / "rules-a4.pdf")
    pages = {}

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                pages[item.title] = reader.get_destination_page_number(item) + 1
    walk(reader.outline)
    contents = Contents.read(booklets / "dalmuti" / "fr" / "rules.html")
    found = heading_pages(printed["dalmuti", "fr"], contents)
    assert {text: pages.get(text) for _, text in contents.entries} == {text: found[hid][0] for hid, text in contents.entries}


def test_a_page_whose_contents_never_settle_is_an_error(tmp_path, chromium):  # noqa: F811
    """A page that pushes its heading one page further whenever it is told the heading's page:
    the numbers change at every print, and the third print gives up with a clear error."""
    from forge.errors import OutputError
    from forge.rulebook.booklet import PASSES, print_booklet
    from forge.rulebook.pages import Output
    out, told = tmp_path / "out", []

    def page(pages):
        told.append(pages.get("end"))
        spacers = '<p style="break-after: page">…</p>' * pages.get("end", 1)     # a page each
        html = (f'<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><a href="#end">end</a>'
                f'{spacers}<h2 id="end">End</h2></body></html>')
        return [Output(out / "g" / "en" / "rules.html", html.encode())]

    with pytest.raises(OutputError, match=f"still change after {PASSES} prints"):
        print_booklet(chromium, page, Output(out / "assets" / "rulebook.css", b""), out)
    assert told == [None, 2, 3]


def _booklet_build(tmp_path: Path) -> subprocess.CompletedProcess:
    """``forge build dalmuti --booklet`` into a folder holding a previous build, which must be
    left as it was."""
    out = tmp_path / "out"
    (out / "dalmuti").mkdir(parents=True)
    (out / "dalmuti" / "keep.txt").write_text("previous build", encoding="utf-8")
    before = tree_digest(out)
    result = run_forge("build", "dalmuti", "--booklet", "--out", str(out))
    assert tree_digest(out) == before
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    return result


def test_a_missing_chromium_named_by_forge_chromium_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setenv("FORGE_CHROMIUM", str(tmp_path / "no-such-chromium"))
    result = _booklet_build(tmp_path)
    assert result.returncode == 2
    first, hint = result.stderr.splitlines()[:2]
    assert first.startswith("FORGE_CHROMIUM: no program '") and "to print the booklets" in first
    assert hint.startswith("  hint: install Chromium") and "FORGE_CHROMIUM=" in hint


def test_no_chromium_on_path_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.delenv("FORGE_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = _booklet_build(tmp_path)
    assert result.returncode == 2
    first, hint = result.stderr.splitlines()[:2]
    assert first.startswith("--booklet: Chromium is needed to print the booklets and was not found")
    assert hint.startswith("  hint: install Chromium")


def test_a_chromium_that_fails_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setenv("FORGE_CHROMIUM", shutil.which("false"))
    result = _booklet_build(tmp_path)
    assert result.returncode == 2
    first, hint = result.stderr.splitlines()[:2]
    assert "printing dalmuti/" in first and "failed (exit status 1" in first and first.endswith("nothing was written")
    assert hint.startswith("  hint: ")


def test_a_build_without_the_option_has_no_booklet_and_no_link(site):
    assert list(site.rglob("rules-a4.pdf")) == []
    for g, l in PAGES:
        assert "rules-a4.pdf" not in (site / g / l / "rules.html").read_text(encoding="utf-8")
