"""A language written right to left: a test language (a few units of Dalmuti and a few page
words in Hebrew, tests/i18n/rtl/) built from its catalogs."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from forge.cache import FOLDER

from ..conftest import run_forge, sources, warm_project
from ..rulebook.chromium import axe_violations
from ..rulebook.htmltools import find_all, parse
from ..rulebook.test_browser import browser, chromium  # noqa: F401  (the fixtures)
from ..rulebook.test_navigation import axe_js  # noqa: F401  (the fixture)

DATA = Path(__file__).parent / "rtl"


@pytest.fixture(scope="module")
def hebrew(tmp_path_factory) -> Path:
    """The Hebrew edition of Dalmuti, built: its rulebook page and its kit."""
    project = sources(tmp_path_factory.mktemp("hebrew"), warm_project(tmp_path_factory) / FOLDER)
    shutil.copy(DATA / "dalmuti-he.po", project / "rules_src" / "dalmuti" / "po" / "he.po")
    shutil.copy(DATA / "pages-he.po", project / "templates" / "i18n" / "he.po")
    done = run_forge("build", "dalmuti", "--lang", "he", cwd=project)
    assert done.returncode == 0, done.stderr
    return project / "build" / "dalmuti" / "he"


LAYOUT = """(() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right}; };
  const cards = document.querySelector('figure.example .cards');
  const imgs = [...cards.querySelectorAll('img.card')];
  const kept = document.querySelector('main p[lang="fr"]');
  return {dir: getComputedStyle(document.body).direction, toc: box(document.querySelector('nav.toc')),
          main: box(document.querySelector('main')), cards: getComputedStyle(cards).direction,
          first: box(imgs[0]), second: box(imgs[1]), kept: kept && getComputedStyle(kept).direction};
})()"""


def test_the_page_is_mirrored_and_its_cards_stay_left_to_right(hebrew, browser):  # noqa: F811
    root = parse(hebrew / "rules.html")
    assert (root.get("lang"), root.get("dir")) == ("he", "rtl")
    m = browser.evaluate((hebrew / "rules.html").as_uri(), LAYOUT, width=1280)
    assert m["dir"] == "rtl"
    assert m["toc"]["left"] >= m["main"]["right"]             # the contents on the right, the text on their left
    assert m["cards"] == "ltr" and m["first"]["left"] < m["second"]["left"]   # a hand reads from the left
    assert m["kept"] == "ltr"                                  # a paragraph shown in French runs left to right
    kept = [p for p in find_all(root, "p") if p.get("lang") == "fr"]
    assert kept and all(p.get("dir") == "ltr" for p in kept)


def test_the_right_to_left_page_has_no_accessibility_violation(hebrew, browser, axe_js):  # noqa: F811
    assert axe_violations(browser, hebrew / "rules.html", axe_js) == []


def test_a_hebrew_card_title_is_drawn_from_the_right_in_a_font_that_has_its_letters(hebrew):
    """Read back by poppler, which gives right-to-left text in reading order: the title in its
    order, printed with glyphs (a font without Hebrew would print boxes, and pdftotext nothing)."""
    text = subprocess.run(["pdftotext", "-raw", "-f", "1", "-l", "1", str(hebrew / "cards-a4.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "דלמוטי" in text and "ארכיבישוף" in text
    assert "יטומלד" not in text                                   # not drawn in reading order from the left
