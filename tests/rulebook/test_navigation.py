"""Finding one's way: the language switcher keeps the reader's place, every heading links to
itself, the editions are announced to browsers and search engines, and the index exists in
each language, crediting every game's authors.

The switcher and the phone widths are measured in headless Chromium (tests/rulebook/chromium.py);
the rest is read from the built pages.
"""
from __future__ import annotations

import pytest
import yaml

from ..conftest import ROOT, run_forge
from .chromium import at_widths, axe_violations, places
from .conftest import PAGES, editions
from .htmltools import NS, by_class, find_all, parse, text_of
from .test_browser import browser, chromium  # noqa: F401  (the fixtures)

LANGS = sorted({lang for _, lang in PAGES})
#: build/index.html speaks English; every other language has index.<lang>.html
INDEXES = {lang: "index.html" if lang == "en" else f"index.{lang}.html" for lang in LANGS}
ALL_PAGES = sorted(INDEXES.values()) + [f"{g}/{l}/rules.html" for g, l in PAGES]
PHONES = (320, 360, 390, 414)


@pytest.fixture(scope="session")
def axe_js():
    from .test_browser import REQUIRED
    found = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
    if not found.is_file():
        if REQUIRED:
            pytest.fail("axe-core is required (FORGE_REQUIRE_TOOLS=1): npm install --prefix .tools axe-core")
        pytest.skip("axe-core not installed")
    return found


@pytest.mark.parametrize("page", ALL_PAGES)
def test_no_page_scrolls_sideways_on_a_phone(site, browser, page):  # noqa: F811
    measured = at_widths(browser, site / page, list(PHONES))
    for width, m in zip(PHONES, measured):
        assert m["viewport"] == width
        assert m["scrollWidth"] <= width, f"{page} at {width} px is {m['scrollWidth']} px wide: {m['wide']}"


@pytest.mark.parametrize("page", ALL_PAGES)
def test_axe_finds_no_accessibility_violation(site, browser, axe_js, page):  # noqa: F811
    assert axe_violations(browser, site / page, axe_js) == []


def _anchors(root) -> list[str]:
    """A few places of a page a reader may be at: a section, a subsection, a figure."""
    main = root.find(f".//{NS}main")
    h2 = [h.get("id") for h in find_all(main, "h2")]
    h3 = [h.get("id") for h in find_all(main, "h3")]
    figures = [f.get("id") for f in by_class(main, "figure", "example")]
    return [h2[len(h2) // 2], h2[-1]] + h3[:1] + figures[-1:]


@pytest.mark.parametrize("game,lang", PAGES)
def test_the_language_switcher_keeps_the_section(site, browser, game, lang):  # noqa: F811
    page = site / game / lang / "rules.html"
    anchors = _anchors(parse(page))
    assert len(anchors) >= 3
    others = [l for g, l in PAGES if g == game and l != lang]
    measured = places(browser, page, 800, anchors)
    assert measured[0]["switcher"] == [f"../{o}/rules.html" for o in others]
    for anchor, m in zip(anchors, measured[1:]):
        assert m["switcher"] == [f"../{o}/rules.html#{anchor}" for o in others], anchor
        for other in others:                     # and the place exists over there
            assert root_ids(site / game / other / "rules.html") >= {anchor}
    # on a phone too (the switcher is in the header, above the contents)
    [_, phone] = places(browser, page, 360, anchors[:1])
    assert phone["switcher"] == [f"../{o}/rules.html#{anchors[0]}" for o in others]


def root_ids(page) -> set[str]:
    return {e.get("id") for e in parse(page).iter() if e.get("id")}


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_heading_links_to_itself_with_a_name(site, game, lang):
    main = parse(site / game / lang / "rules.html").find(f".//{NS}main")
    headings = [h for level in "23456" for h in find_all(main, f"h{level}")]
    assert len(headings) >= 5
    for h in headings:
        [link] = by_class(h, "a", "permalink")
        assert h.get("id") and link.get("href") == f"#{h.get('id')}"
        [name] = by_class(link, "span", "visually-hidden")
        own = text_of(h).replace(text_of(link), "").strip()        # the heading's words, without its link
        assert own and own in text_of(name)
        assert [s.get("aria-hidden") for s in find_all(link, "span") if s is not name] == ["true"]


def test_site_url_makes_alternates_absolute_and_a_bad_one_is_refused(tmp_path, rules_project):
    out = tmp_path / "out"
    done = run_forge("build", "majority", "--site-url", "https://example.org/jeux", "--out", str(out),
                     cwd=rules_project)
    assert done.returncode == 0, done.stderr
    for lang in ("fr", "en"):
        root = parse(out / "majority" / lang / "rules.html")
        links = {(l.get("rel"), l.get("hreflang")): l.get("href") for l in find_all(root, "link")}
        assert links[("alternate", "fr")] == "https://example.org/jeux/majority/fr/rules.html"
        assert links[("alternate", "en")] == "https://example.org/jeux/majority/en/rules.html"
        assert links[("alternate", "x-default")] == "https://example.org/jeux/majority/fr/rules.html"
        assert links[("canonical", None)] == f"https://example.org/jeux/majority/{lang}/rules.html"
    for bad in ("javascript:alert(1)", "example.org/jeux", "https://example.org/?q=1"):
        refused = run_forge("build", "majority", "--site-url", bad, "--out", str(tmp_path / "bad"), cwd=rules_project)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        assert refused.stderr.startswith("--site-url: ") and "hint:" in refused.stderr
        assert not (tmp_path / "bad").exists()


def _authors() -> dict[str, list[str]]:
    specs = (yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "cardspecs").glob("*.yaml")))
    return {s["game"]: s["authors"] for s in specs}


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_exists_in_each_language_with_credits_and_one_order(site, lang):
    root = parse(site / INDEXES[lang])
    assert root.get("lang") == lang
    switcher = root.find(f".//{NS}nav[@class='languages']")
    assert {a.get("hreflang"): a.get("href") for a in find_all(switcher, "a")} == \
        {other: INDEXES[other] for other in LANGS if other != lang}
    alternates = {l.get("hreflang"): l.get("href") for l in find_all(root, "link") if l.get("rel") == "alternate"}
    assert alternates == {**INDEXES, "x-default": "index.html"}
    games = {li.get("id").removeprefix("game-"): li for li in by_class(root, "li", "game")}
    authors = _authors()
    assert set(games) == set(authors)
    for game, li in games.items():
        [credit] = by_class(li, "p", "credits")
        assert all(name in text_of(credit) for name in authors[game]), game
        order = [e.get("lang") for e in find_all(li, "li") if e.get("lang")]
        own = editions(ROOT / "rules_src" / game)
        assert order == [l for l in [lang] if l in own] + [l for l in LANGS if l != lang and l in own], game  # the page's language first
