"""A rulebook page as a player meets it, in real Chromium: the rules on the first phone screen,
the contents folded on a phone (open on a desktop and on paper), a search that works from the
file itself, the section being read marked in the contents, and tap targets of 44 px."""
from __future__ import annotations

import unicodedata

import pytest

from .conftest import PAGES
from .htmltools import NS, parse, text_of
from .test_browser import browser, chromium  # noqa: F401  (fixtures)

#: phones the rules must fit on: (width, height) in CSS px
PHONES = [(360, 640), (390, 844)]
FIRST_HEADING = "document.querySelector('main h2').getBoundingClientRect().top"


@pytest.mark.parametrize("game,lang", PAGES)
def test_the_rules_start_on_the_first_phone_screen(site, browser, game, lang):  # noqa: F811
    page = (site / game / lang / "rules.html").as_uri()
    for width, height in PHONES:
        top = browser.evaluate(page, FIRST_HEADING, width=width, height=height)
        assert top <= height - 48, f"{game}/{lang} at {width} px: the first rules heading starts at {top:.0f} px"


def test_the_contents_fold_on_a_phone_and_open_on_a_desktop_and_in_print(site, browser):  # noqa: F811
    page = (site / "dalmuti" / "en" / "rules.html").as_uri()
    opened = "document.querySelector('.toc details').open"
    assert browser.evaluate(page, opened, width=390, height=844) is False
    assert browser.evaluate(page, opened, width=1280) is True
    printing = f"(() => {{ dispatchEvent(new Event('beforeprint')); return {opened}; }})()"
    assert browser.evaluate(page, printing, width=390, height=844) is True


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


@pytest.mark.parametrize("game,lang,query", [("dalmuti", "fr", "REVOLUTION"), ("familienbande", "en", "generation")])
def test_search_lists_every_section_holding_the_words_accents_and_case_aside(site, browser, game, lang, query):  # noqa: F811
    path = site / game / lang / "rules.html"
    want = []
    for section in parse(path).iter():
        if section.get("data-section") is not None and _fold(query) in _fold(" ".join(text_of(section).split())):
            heads = [h for h in section.iter() if h.tag in (NS + "h2", NS + "h3") and h.get("id")]
            want.append(heads[0].get("id") if heads else "text")          # the lead, under the title
    assert want, f"{query!r} is in no section of {game}/{lang}: the test needs a word the page holds"
    found = browser.evaluate(path.as_uri(), f"""(async () => {{
        const field = document.getElementById('search-field');
        field.value = {query!r};
        field.dispatchEvent(new Event('input'));
        return [...document.querySelectorAll('.search-results a')].map(a => [a.getAttribute('href'), a.querySelector('mark').textContent]);
    }})()""")
    assert [href for href, _ in found] == [f"#{i}" for i in want]
    assert all(_fold(marked) == _fold(query) for _, marked in found)


def test_the_section_being_read_is_marked_in_the_contents(site, browser):  # noqa: F811
    page = (site / "gjdlv" / "fr" / "rules.html").as_uri()
    marked = browser.evaluate(page, """(async () => {
        const frames = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
        const found = [];
        for (const head of [...document.querySelectorAll('main h2[id]')].slice(2, 5)) {
            head.scrollIntoView();
            await frames();
            const current = document.querySelectorAll('.toc [aria-current]');
            found.push([head.id, [...current].map(a => a.getAttribute('href'))]);
        }
        return found;
    })()""", width=1280)
    assert len(marked) == 3
    for heading, current in marked:
        assert current == [f"#{heading}"]


TARGETS = ".masthead a, .toc summary, .toc a, .toc input, .kit a"


@pytest.mark.parametrize("width", [390, 1280])
def test_every_control_outside_the_text_is_a_44_px_target(site, browser, width):  # noqa: F811
    small = browser.evaluate((site / "chatvert" / "fr" / "rules.html").as_uri(), f"""(() => {{
        document.querySelector('.toc details').open = true;
        return [...document.querySelectorAll({TARGETS!r})].filter(e => e.getClientRects().length)
            .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().width, e.getBoundingClientRect().height])
            .filter(([, w, h]) => w < 44 || h < 44);
    }})()""", width=width, height=844)
    assert small == []
