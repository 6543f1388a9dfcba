"""Figures whose situation is a tree (Familienbande's family), measured in real Chromium: a
row per generation, each couple touching, a line from each family to its parents, every
portrait captioned with its number in legible type, the generations turned down drawn face
down; on a phone (390 px) the largest figure under 1,000 px tall and nothing wider than the
screen; the move's cards as large as the hands'."""
from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest

from forge.engine import Shown
from forge.engine.examples import parse_examples
from forge.engine.registry import get_game
from forge.errors import Location
from forge.games.familienbande.cards import parse_entry
from forge.games.familienbande.figure import figure, tree_order, turned_down
from forge.rulebook.figures import Row, Unit, place

from ..conftest import ROOT, run_forge, sources
from .htmltools import parse
from .test_browser import browser, chromium  # noqa: F401  (fixtures)

LANGS = ("en", "fr")
PHONE, DESKTOP = 390, 1280

#: per figure: its height, whether anything sticks out, the tree's rows (each card: its alt,
#: caption, caption type size, box, whether face down and drawn), the hands' and moves' card
#: widths, and the links of each row as the page draws them (path, box of the band)
MEASURE = """JSON.stringify([...document.querySelectorAll('figure.example.tree-figure')].map(f => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const card = c => { const img = c.querySelector('img.card'), cap = c.querySelector('.caption');
    return {alt: img.alt, caption: cap ? cap.textContent : null, size: cap ? parseFloat(getComputedStyle(cap).fontSize) : 0,
            box: box(img), capbox: cap ? box(cap) : null, down: img.classList.contains('face-down'),
            drawn: img.complete && img.naturalWidth > 0, src: img.getAttribute('src')}; };
  const rows = [];
  let band = null;                         // the lines above a row come before it
  for (const el of f.querySelector('.tree').children) {
    if (el.matches('svg.links')) band = [el.getAttribute('viewBox'), el.querySelector('path').getAttribute('d'), box(el)];
    else if (el.matches('p.tree-head')) { rows.push({head: el.textContent, units: [], band: band}); band = null; }
    else if (el.matches('.unit')) rows[rows.length - 1].units.push([...el.querySelectorAll('.captioned')].map(card));
  }
  const widths = sel => [...f.querySelectorAll(sel)].map(i => i.getBoundingClientRect().width);
  return {id: f.dataset.example, height: f.getBoundingClientRect().height, box: box(f),
          overflow: f.scrollWidth > f.clientWidth, rows: rows,
          hands: widths('.hands img.card'), moves: widths('.moves img.card')};
}).concat([{page: document.documentElement.scrollWidth, window: window.innerWidth}]))"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict:
    """Familienbande's rulebook built by the real command in a copy of the project."""
    project = sources(tmp_path_factory.mktemp("tree-figures"))
    result = run_forge("build", "familienbande", "--out", "build", cwd=project)
    assert result.returncode == 0, result.stderr
    return {lang: project / "build" / "familienbande" / lang / "rules.html" for lang in LANGS}


def measure(browser, page, width: int) -> tuple[list[dict], dict]:  # noqa: F811
    found = json.loads(browser.evaluate(page.as_uri(), MEASURE, width=width, height=900))
    return found[:-1], found[-1]


def tables() -> dict[str, dict[int, list[str]]]:
    """Each Familienbande example's table, by example id."""
    found = {}
    for ex in parse_examples(ROOT / "rules_src" / "familienbande" / "en.md"):
        table = (ex.data.get("given") or {}).get("table")
        if table:
            found[ex.id] = {int(g): list(r) for g, r in table.items()}
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_familienbande_figure_fits_a_phone(pages, browser, lang):  # noqa: F811
    """At 390 px: each figure under 1,000 px tall (the largest, the last round's, was 1,573),
    nothing in it or in the page wider than the screen, no card outside its figure."""
    figs, page = measure(browser, pages[lang], PHONE)
    assert page == {"page": PHONE, "window": PHONE}
    assert {f["id"] for f in figs} == set(tables())
    assert [(f["id"], round(f["height"])) for f in figs if f["height"] >= 1000] == []
    assert [f["id"] for f in figs if f["overflow"]] == []
    for f in figs:
        left, _, right, _ = f["box"]
        boxes = [c["box"] for r in f["rows"] for u in r["units"] for c in u]
        assert all(left <= b[0] and b[2] <= right for b in boxes), f["id"]


@pytest.mark.parametrize("width", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_portrait_of_a_tree_is_captioned_legibly_and_none_overlaps(pages, browser, width):  # noqa: F811
    """Each card of a tree shows its number (the alt text's first word) in type of 12 px or
    more, on the card; the cards are 38 to 56 px wide; no two cards of a row overlap, the two
    of a couple touch."""
    figs, _ = measure(browser, pages["en"], width)
    for f in figs:
        for r in f["rows"]:
            cards = [c for u in r["units"] for c in u]
            for c in cards:
                assert c["caption"] == re.match(r"\d+", c["alt"])[0], (f["id"], c)
                assert c["size"] >= 12, (f["id"], c)
                assert 38 <= c["box"][2] - c["box"][0] <= 56, (f["id"], c)
                cap, box = c["capbox"], c["box"]
                assert box[0] <= cap[0] and cap[2] <= box[2] and box[1] <= cap[1] and cap[3] <= box[3] + 1
            lefts = sorted(c["box"] for c in cards)
            assert all(a[2] <= b[0] + .5 for a, b in pairwise(lefts)), (f["id"], r["head"])
            for unit in r["units"]:
                assert all(abs(a["box"][2] - b["box"][0]) < 1 for a, b in pairwise(unit)), (f["id"], unit)


def test_turned_down_generations_are_drawn_face_down(pages, browser):  # noqa: F811
    """The cards of the generations the rules turn down (their next one is full) are drawn as
    the portraits' back, said "…, face down"; every other card of the tree shows its face."""
    expected = {}
    for ex_id, table in tables().items():
        rows = tree_order(table)
        down = turned_down(rows)
        expected[ex_id] = [(gen in down, [[c for c in parse_entry(t, gen)[:2] if c is not None] for t in rows[gen]])
                                        for gen in sorted(rows)]
    for lang, said in (("en", ", face down"), ("fr", ", face cachée")):
        figs, _ = measure(browser, pages[lang], PHONE)
        assert any(down for f in figs for down, _ in expected[f["id"]])
        for f in figs:
            drawn = [[[int(c["caption"]) for c in u] for u in r["units"]] for r in f["rows"]]
            assert drawn == [units for _, units in expected[f["id"]]], f["id"]
            for (down, _), r in zip(expected[f["id"]], f["rows"]):
                for c in (c for u in r["units"] for c in u):
                    assert c["drawn"] and c["down"] == down and c["alt"].endswith(said) == down, (f["id"], c)
                    assert ("-back-" in c["src"]) == down, (f["id"], c)


@pytest.mark.parametrize("width", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_each_family_is_linked_to_its_parents_couple(pages, browser, width):  # noqa: F811
    """Each row under the first has a band of lines whose ends, drawn on the page, fall on the
    centre of the parents' couple above and of each child's unit below (within 2 px)."""
    def centre(unit):
        return (unit[0]["box"][0] + unit[-1]["box"][2]) / 2

    figs, _ = measure(browser, pages["en"], width)
    for f in figs:
        for above, row in pairwise(f["rows"]):
            assert row["band"], (f["id"], row["head"])
            view, path, (left, _, right, _) = row["band"]
            scale = (right - left) / float(view.split()[2])
            segments = re.findall(r"M([\d.]+) ([\d.]+)([VH])([\d.]+)", path)
            ups = {round(left + float(x) * scale) for x, y, d, _ in segments if d == "V" and float(y) == 0}
            downs = {round(left + float(x) * scale) for x, y, d, _ in segments if d == "V" and float(y) > 0}
            assert all(any(abs(x - centre(u)) <= 2 for u in above["units"]) for x in ups), (f["id"], row["head"])
            assert all(any(abs(x - centre(u)) <= 2 for x in downs) for u in row["units"]), (f["id"], row["head"])


def test_the_moves_cards_are_as_large_as_the_hands(pages, browser):  # noqa: F811
    for width in (PHONE, DESKTOP):
        figs, _ = measure(browser, pages["en"], width)
        both = [f for f in figs if f["hands"] and f["moves"]]
        assert both
        for f in both:
            assert max(f["hands"]) - min(f["moves"]) < 1 and max(f["moves"]) - min(f["hands"]) < 1, f["id"]


def test_the_pages_with_trees_are_well_formed(pages):
    for page in pages.values():
        parse(page)


def test_families_are_centred_under_their_parents_as_far_as_the_row_allows():
    """:func:`place`: one column per card; a family starts under its parents' centre less half
    its width, never before the units already placed; the lines join their centres."""
    def row(*units):
        return Row("", "", [Unit([None] * n, parent) for n, parent in units])
    rows = [row((1, None), (2, None), (1, None)), row((1, 1), (2, 1), (1, 0)), row((1, 1), (1, 1))]
    assert place(rows, Location.of("test")) == 4
    # row 2: 0's child under it, then 1's family as near its centre (2) as the child leaves room;
    # row 3: the couple's two children centred under it
    assert [[u.column for u in r.units] for r in rows] == [[0, 1, 3], [1, 2, 0], [2, 3]]
    assert rows[1].links == "M0.5 0V.5M0.5 .5H0.5M0.5 .5V1" + "M2 0V.5M1.5 .5H3M1.5 .5V1M3 .5V1"
    assert rows[2].links == "M3 0V.5M2.5 .5H3.5M2.5 .5V1M3.5 .5V1"
    with pytest.raises(Exception, match="parent is not one of the 1 units"):
        place([row((1, None)), row((1, 3))], Location.of("test"))


def test_the_familienbande_figure_gives_units_and_parents():
    game = get_game("familienbande")
    table = {1: ["17+52", "31", "64"], 2: ["13 of 17+52", "22+45 of 17+52", "59 of 17+52", "44 of 17+52"],
             3: ["40 of 22+45"]}
    situation, _ = figure(game, {"table": table}, [])
    rows = [s for s in situation if s.units]
    assert [s.key for s in rows] == ["row_down", "row", "row"]
    assert [[[c.caption for c in u.cards] for u in s.units] for s in rows] == \
        [[["17", "52"], ["31"], ["64"]], [["13"], ["22", "45"], ["59"], ["44"]], [["40"]]]
    assert [[u.parent for u in s.units] for s in rows] == [[None] * 3, [0] * 4, [1]]
    assert all(c.face_down for u in rows[0].units for c in u.cards)
    assert not any(c.face_down for s in rows[1:] for u in s.units for c in u.cards)
    assert isinstance(rows[0].units[0], Shown)
