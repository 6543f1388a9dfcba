"""Crop marks out of a printer's clip zone, score markers a player can read, corner indices
inside the safe zone: measured from the PDFs the real command writes, never from the code
that drew them.

* Crop marks. A card is a form XObject whose box is its trim with the bleed round it
  (tests/pdftools.placements): its trim is that box less the bleed it starts with. A crop
  mark is a straight stroke drawn on the page (tests/pdftools.segments) along one of the
  sheet's cut lines and outside every card with its bleed. On every page of every PDF of
  the five games (both languages, both papers, print-all files and the track's pieces
  included), normal and gutterfold: every stroke drawn on the page lies at least
  :data:`EDGE` from every edge of the paper (the strip many printers clip), and every cut
  line of a sheet of cards has a mark at least :data:`MARK_MIN` long (enough to lay a ruler
  on); at both ends on a normal sheet (a gutterfold sheet fills the paper, and a cut whose
  end has no room for a mark has one at its other end).
* Familienbande's score markers: every word at least :data:`TEXT_PT` (poppler's word box
  is one em thick: tests/kit/test_sheet_labels.py checks it) and :data:`SAFE` inside its
  marker's cut; the markers' block in the middle of its page, as a full sheet of cards is.
* Corner indices: on every front of Le Grand Jeu de la Vie's playing cards and of Dalmuti's
  numbered cards, the words in the top-left and bottom-right corners (the indices a fanned
  hand shows) lie :data:`SAFE` inside the trim, a print shop's safe zone.
"""
from __future__ import annotations

import pytest

from forge.cache import FOLDER

from ..conftest import GAMES, kit, run_forge, shared, sources, warm_project
from ..pdftools import box, card_faces, open_pdf, placements, segments, sheets

MM = 72 / 25.4
EDGE = 5 * MM            # the figure: nothing nearer the paper's edge
MARK_MIN = 1.5 * MM      # a mark shorter than this cannot guide a ruler
TEXT_PT = 6.0            # the least a marker's words are set at
SAFE = 3 * MM            # text this far inside a cut, at least
TOL = 0.01
CUT_TOL = 0.05           # pt: a mark along a cut, to the rounding of the page's numbers


@pytest.fixture(scope="module")
def gutterfold_builds(tmp_path_factory):
    """Every game built once with ``--gutterfold`` (both languages, both papers), in a copy of the
    project whose cache is warm."""
    def make(project):
        sources(project, warm_project(tmp_path_factory) / FOLDER)
        result = run_forge("build", "--gutterfold", "--out", "build", cwd=project)
        assert result.returncode == 0, result.stderr
    return shared(tmp_path_factory, "gutterfold-all", make) / "build"


def _out(request, game: str, mode: str):
    return kit(request, game) if mode == "normal" else request.getfixturevalue("gutterfold_builds")


def _pdfs(out, game: str):
    paths = sorted((out / game).rglob("*.pdf"))
    assert paths, f"no PDF of {game} in {out}"
    return paths


def _edge_distance(seg, media) -> float:
    x0, y0, x1, y1 = seg
    return min(min(x0, x1) - media[0], min(y0, y1) - media[1], media[2] - max(x0, x1), media[3] - max(y0, y1))


def _trims(page, reader) -> list[tuple[tuple, tuple]]:
    """Each card on the page: (its trim, its box with the bleed), read from its form's box."""
    xobjects = page["/Resources"].get("/XObject", {})
    out = []
    for pl in placements(page, reader):
        bleed = -float(xobjects[pl.name].get_object()["/BBox"][0])
        x0, y0, x1, y1 = pl.rect
        out.append(((x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed), pl.rect))
    return out


def _enters(seg, rect) -> bool:
    """The segment runs into the inside of ``rect`` (touching its edge does not count)."""
    x0, y0, x1, y1 = min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]), max(seg[1], seg[3])
    return x1 > rect[0] + TOL and x0 < rect[2] - TOL and y1 > rect[1] + TOL and y0 < rect[3] - TOL


def _cuts(cards) -> tuple[list[float], list[float]]:
    """The x of every upright cut line of ``cards`` and the y of every level one."""
    return ([v for trim, _ in cards for v in (trim[0], trim[2])],
            [v for trim, _ in cards for v in (trim[1], trim[3])])


def _on(v: float, values) -> bool:
    return any(abs(v - u) < CUT_TOL for u in values)


def crop_marks(page, reader, cards) -> list[tuple[float, float, float, float]]:
    """The strokes along a cut line of ``cards`` and outside every card with its bleed."""
    xs, ys = _cuts(cards)
    out = []
    for s in segments(page, reader):
        along = (abs(s[0] - s[2]) < TOL and _on(s[0], xs)) or (abs(s[1] - s[3]) < TOL and _on(s[1], ys))
        if along and not any(_enters(s, art) for _, art in cards):
            out.append(s)
    return out


def _ends(marks, v: float, upright: bool, block) -> set[str]:
    """Where the marks along the cut ``v`` lie: before the block of cards (left of it or under
    it), after it, or both."""
    lo, hi = (block[1], block[3]) if upright else (block[0], block[2])
    out = set()
    for s in marks:
        across, along = ((s[0], s[2]), (s[1], s[3])) if upright else ((s[1], s[3]), (s[0], s[2]))
        if abs(across[0] - across[1]) < TOL and abs(across[0] - v) < CUT_TOL:
            a, b = along
            out |= {"before"} if max(a, b) <= lo + TOL else {"after"} if min(a, b) >= hi - TOL else set()
    return out


def mark_problems(path, both_ends: bool) -> tuple[list[str], int]:
    """Every stroke nearer the paper's edge than EDGE, every cut line without a mark (or, with
    ``both_ends``, without one at each end) and every mark under MARK_MIN, on every page of
    ``path``; and how many sheets of cards it has."""
    reader = open_pdf(path)
    problems, sheets_of_cards = [], 0
    for i, page in enumerate(reader.pages):
        media = box(page, "/MediaBox")
        where = f"{path.parent.name}/{path.name} page {i + 1}"
        for s in segments(page, reader):
            if _edge_distance(s, media) < EDGE - TOL:
                problems.append(f"{where}: a stroke {_edge_distance(s, media) / MM:.2f} mm from the edge")
        cards = _trims(page, reader)
        if not cards:
            continue
        sheets_of_cards += 1
        marks = crop_marks(page, reader, cards)
        for s in marks:
            if max(abs(s[2] - s[0]), abs(s[3] - s[1])) < MARK_MIN - TOL:
                problems.append(f"{where}: a crop mark {max(abs(s[2] - s[0]), abs(s[3] - s[1])) / MM:.2f} mm long")
        marked_x = [s[0] for s in marks if abs(s[0] - s[2]) < TOL]
        marked_y = [s[1] for s in marks if abs(s[1] - s[3]) < TOL]
        xs, ys = _cuts(cards)
        for x in sorted({round(x / MM, 1) for x in xs if not _on(x, marked_x)}):
            problems.append(f"{where}: no crop mark at the cut x = {x} mm")
        for y in sorted({round(y / MM, 1) for y in ys if not _on(y, marked_y)}):
            problems.append(f"{where}: no crop mark at the cut y = {y} mm")
        if both_ends:
            block = (min(a[0] for _, a in cards), min(a[1] for _, a in cards),
                     max(a[2] for _, a in cards), max(a[3] for _, a in cards))
            one_end = {f"{'x' if upright else 'y'} = {v / MM:.1f}"
                       for v, upright in [(x, True) for x in xs] + [(y, False) for y in ys]
                       if _on(v, marked_x if upright else marked_y) and len(_ends(marks, v, upright, block)) < 2}
            problems += [f"{where}: the cut {cut} mm marked at one end only" for cut in sorted(one_end)]
    return problems, sheets_of_cards


@pytest.mark.parametrize("mode", ["normal", "gutterfold"])
@pytest.mark.parametrize("game", GAMES)
def test_crop_marks_stay_5mm_inside_the_paper_at_every_cut_line(request, game, mode):
    problems, sheets_of_cards = [], 0
    for path in _pdfs(_out(request, game, mode), game):
        found, n = mark_problems(path, both_ends=mode == "normal")
        problems += found
        sheets_of_cards += n
    assert sheets_of_cards and not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])


# -- Familienbande's score markers ---------------------------------------------------------

@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marker_text_is_6pt_3mm_inside_the_cut_and_the_block_centred(familienbande_build, lang, paper):
    [sheet] = sheets(familienbande_build / "familienbande" / lang / f"markers-{paper}.pdf")
    assert len(sheet.cards) == 5
    for card in sheet.cards:
        x0, y0, x1, y1 = card.trim
        assert len(card.words) >= 3, card.words                         # the label twice, the fold hint
        for w in card.words:
            assert w.height >= TEXT_PT - TOL, (w.text, w.height)
            inset = min(w.rect[0] - x0, w.rect[1] - y0, x1 - w.rect[2], y1 - w.rect[3])
            assert inset >= SAFE - TOL, (w.text, inset / MM)
    # the block in the middle of the page, as on a full sheet: as much room left as right, above as below
    m = sheet.media
    cx0, cy0 = min(c.trim[0] for c in sheet.cards), min(c.trim[1] for c in sheet.cards)
    cx1, cy1 = max(c.trim[2] for c in sheet.cards), max(c.trim[3] for c in sheet.cards)
    assert abs((cx0 - m[0]) - (m[2] - cx1)) < 0.5 * MM and abs((cy0 - m[1]) - (m[3] - cy1)) < 0.5 * MM


# -- Corner indices ------------------------------------------------------------------------

def corner_words(card):
    """The words of a card whose centre lies in its top-left or its bottom-right corner (a
    quarter of its width, a fifth of its height): the indices, upright and turned."""
    x0, y0, x1, y1 = card.trim
    w, h = x1 - x0, y1 - y0
    top_left = [wd for wd in card.words if wd.centre[0] < x0 + w / 4 and wd.centre[1] > y1 - h / 5]
    bottom_right = [wd for wd in card.words if wd.centre[0] > x1 - w / 4 and wd.centre[1] < y0 + h / 5]
    return top_left, bottom_right


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, count", [("gjdlv", 54), ("dalmuti", 80)])
def test_corner_indices_lie_3mm_inside_the_trim(request, game, count, lang, paper):
    path = kit(request, game) / game / lang / f"cards-{paper}.pdf"
    fronts = [card for faces in card_faces(path)[::2] for card in faces]           # duplex: fronts, backs
    assert len(fronts) == count
    problems = []
    for card in fronts:
        top_left, bottom_right = corner_words(card)
        assert top_left and bottom_right, card.words
        x0, y0, x1, y1 = card.trim
        for w in top_left + bottom_right:
            inset = min(w.rect[0] - x0, w.rect[1] - y0, x1 - w.rect[2], y1 - w.rect[3])
            if inset < SAFE - TOL:
                problems.append(f"page {card.page + 1}: {w.text!r} {inset / MM:.2f} mm inside the trim")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:20])
