"""Familienbande's score track as printed, read back from the PDFs (pypdf boxes, poppler's
words and renders): the whole 297 × 155 mm sheet with bleed and crop marks (track-cut.pdf),
and the home version in pieces on A4 and Letter that, each glued on the previous one's tab,
assemble to exactly that sheet on both sides, no number, heading or line split by a join.

Every expected figure is the print convention itself (297 × 155 mm, 3 mm bleed, 5 mm from
the paper's edge, crop marks 3 mm inside it, labels of 7 pt or more), never read from forge.
"""
from __future__ import annotations

import functools
import subprocess
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from ..pdftools import Word, box, open_pdf, overlaps, placements, segments, within, words

MM = 72 / 25.4
SHEET = (297 * MM, 155 * MM)                 # the track's cut size
BLEED = 3 * MM
PAPER = {"a4": (297 * MM, 210 * MM), "letter": (11 * 72, 8.5 * 72)}    # landscape
EXACT = 0.01                                 # pt
ALIKE = 1.5          # mean grey difference (0-255) of two renders of the same thing, 1 px a mm
FINE = 508           # dpi of the renders laid together: 20 px a millimetre
GLUE = {"fr": "colle", "en": "glue"}
#: what the label of each track page must say (game · component · side · sheet n/N, how to print)
GAME = "Familienbande"
COMPONENT = {("fr", "track"): "Piste de score", ("en", "track"): "Score track",
             ("fr", "track-cut"): "Piste de score, feuille entière 297 × 155 mm",
             ("en", "track-cut"): "Score track, whole sheet 297 × 155 mm"}
SIDES = {"fr": ("recto", "verso"), "en": ("front", "back")}
SHEET_WORD = {"fr": "feuille", "en": "sheet"}
ACTUAL_SIZE = {"fr": "Imprimer à 100 % (taille réelle)", "en": "Print at 100 % (actual size)"}
FILES = [("track-a4.pdf", "a4", 2), ("track-letter.pdf", "letter", 2), ("track-cut.pdf", None, 1)]


@pytest.fixture(scope="module")
def kit(familienbande_build) -> Path:
    return familienbande_build / "familienbande"


def pieces(pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the art rectangle (trim + bleed) of every piece drawn on it, in order."""
    reader = open_pdf(pdf)
    return [[pl.rect for pl in placements(page, reader)] for page in reader.pages]


def trim(art):
    """A piece's cut rectangle: its art less the bleed on every side."""
    return art[0] + BLEED, art[1] + BLEED, art[2] - BLEED, art[3] - BLEED


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_cut_page_is_exactly_297_by_155_with_3mm_bleed(kit, lang):
    reader = open_pdf(kit / lang / "track-cut.pdf")
    assert len(reader.pages) == 2                                    # front and back of one sheet
    for page in reader.pages:
        media, bleed, cut = box(page, "/MediaBox"), box(page, "/BleedBox"), box(page, "/TrimBox")
        assert cut[2] - cut[0] == pytest.approx(SHEET[0], abs=EXACT)
        assert cut[3] - cut[1] == pytest.approx(SHEET[1], abs=EXACT)
        assert bleed == pytest.approx((cut[0] - BLEED, cut[1] - BLEED, cut[2] + BLEED, cut[3] + BLEED), abs=EXACT)
        assert within(bleed, media) and bleed[0] > media[0] and bleed[3] < media[3]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pieces_sit_on_real_paper_5mm_inside_its_edge(kit, lang, paper):
    pdf = kit / lang / f"track-{paper}.pdf"
    reader = open_pdf(pdf)
    for page, arts in zip(reader.pages, pieces(pdf)):
        media = box(page, "/MediaBox")
        assert media == pytest.approx((0, 0, *PAPER[paper]), abs=EXACT)
        assert arts, "a page without a piece"
        inner = (media[0] + 5 * MM, media[1] + 5 * MM, media[2] - 5 * MM, media[3] - 5 * MM)
        for art in arts:
            assert within(art, inner, tol=0), f"a piece {art} is closer than 5 mm to the edge of {media}"


def test_letter_pages_are_not_the_a4_pages(kit):
    a4, letter = (kit / "en" / f"track-{paper}.pdf" for paper in ("a4", "letter"))
    assert a4.read_bytes() != letter.read_bytes()
    assert box(open_pdf(a4).pages[0], "/MediaBox") != box(open_pdf(letter).pages[0], "/MediaBox")


@dataclass(frozen=True)
class Assembly:
    """The pieces of a track file as a player glues them, measured from the file: each piece's
    trim on its front page and on its back page, the width of its glue tab (the plain grey
    band at the right end of its front, where the next piece goes) and where its left edge
    lies on the assembled sheet (every piece before it, less its tab)."""

    pages: list[int]                 # each piece's front page (0-based); its back is the next page
    fronts: list[tuple]              # trims on the front pages
    backs: list[tuple]               # trims on the back pages
    tabs: list[float]                # pt (0: no tab)
    lefts: list[float]               # sheet x of each piece's left edge

    def shown(self, i: int, side: int) -> tuple[float, float]:
        """The sheet x-range piece ``i`` shows once assembled: the front up to its tab, under
        the next piece; the back from the end of the previous piece's tab, on top from behind."""
        width = self.fronts[i][2] - self.fronts[i][0]
        if side == 0:
            return self.lefts[i], self.lefts[i] + width - self.tabs[i]
        return self.lefts[i] + (self.tabs[i - 1] if i else 0.0), self.lefts[i] + width


@functools.lru_cache(maxsize=16)
def grey(pdf: Path, page: int, rect, colour: bool = False) -> Image.Image:
    """The ``rect`` of page ``page`` (0-based) rendered at FINE dpi, in grey (or in colour), from
    the pixel nearest its top-left corner."""
    height, dpi = float(box(open_pdf(pdf).pages[page], "/MediaBox")[3]), FINE
    k = dpi / 72
    x0, y0, x1, y1 = rect
    args = ["pdftoppm", "-r", str(dpi), "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
            "-x", str(round(x0 * k)), "-y", str(round((height - y1) * k)),
            "-W", str(round((x1 - x0) * k)), "-H", str(round((y1 - y0) * k)), str(pdf)]
    return Image.open(BytesIO(subprocess.run(args if colour else args[:1] + ["-gray"] + args[1:], check=True,
                                             capture_output=True).stdout))


def lay(sheet: Image.Image, pdf: Path, page: int, rect, x: float) -> None:
    """Paste the render of ``rect`` (a trim 155 mm tall) on ``sheet`` (FINE dpi) so that its left
    edge lands at sheet x ``x`` (pt), to the nearest pixel (the render's own rounding included)."""
    k = FINE / 72
    top = float(box(open_pdf(pdf).pages[page], "/MediaBox")[3]) - rect[3]
    dx, dy = round(rect[0] * k) - rect[0] * k, round(top * k) - top * k
    sheet.paste(grey(pdf, page, rect), (round(x * k + dx), round(dy)))


def tab_width(pdf: Path, page: int, trim) -> float:
    """The width of the band at the right end of a piece with no colour in it: its glue tab
    (grey hatch and words on white), as against the tinted sheet (measured at FINE dpi in the
    piece's last 20 mm)."""
    image = grey(pdf, page, (max(trim[0], trim[2] - 20 * MM), *trim[1:]), colour=True).convert("RGB")
    red, _, blue = image.split()
    tint = ImageChops.difference(red, blue)
    columns = 0
    for x in range(image.width - 1, -1, -1):
        if tint.crop((x, 0, x + 1, image.height)).getextrema()[1] > 12:
            break
        columns += 1
    return columns * 72 / FINE


def assembly(pdf: Path) -> Assembly:
    per_page = pieces(pdf)
    pages = [i for i in range(0, len(per_page), 2) for _ in per_page[i]]
    fronts = [trim(art) for i in range(0, len(per_page), 2) for art in per_page[i]]
    backs = [trim(art) for i in range(1, len(per_page), 2) for art in per_page[i]]
    tabs = [tab_width(pdf, page, t) for page, t in zip(pages, fronts)]
    lefts = [0.0]
    for t, tab in zip(fronts, tabs):
        lefts.append(lefts[-1] + t[2] - t[0] - tab)
    return Assembly(pages, fronts, backs, tabs, lefts[:-1])


def composite(pdf: Path, a: Assembly, side: int, moved: dict[int, float] | None = None) -> Image.Image:
    """The pieces' renders laid as glued, seen from ``side``: on the front each piece over the
    one before (on its tab), on the back each under it; piece i moved ``moved[i]`` pt aside."""
    out, moved = blank(), moved or {}
    order = range(len(a.fronts)) if side == 0 else range(len(a.fronts) - 1, -1, -1)
    for i in order:
        lay(out, pdf, a.pages[i] + side, (a.fronts if side == 0 else a.backs)[i], a.lefts[i] + moved.get(i, 0.0))
    return out


def part_differs(pdf: Path, a: Assembly, side: int, sheet: Image.Image, i: int, aside: float = 0.0) -> float:
    """How much what piece ``i`` shows in the composite differs from the sheet there, the piece
    laid ``aside`` pt off and then as well as one pixel either way allows (0.1 mm: the step of
    the tab's measure and of the renders' grid)."""
    step = 72 / FINE
    return min(differ(composite(pdf, a, side, {i: aside + d}), sheet, *a.shown(i, side)) for d in (-step, 0.0, step))


def whole_sheet(pdf: Path, side: int) -> Image.Image:
    """The whole sheet (track-cut.pdf) rendered like the composite."""
    out = blank()
    lay(out, pdf, side, box(open_pdf(pdf).pages[side], "/TrimBox"), 0.0)
    return out


def blank() -> Image.Image:
    return Image.new("L", (round(SHEET[0] * FINE / 72), round(SHEET[1] * FINE / 72)), 255)


def per_mm(image: Image.Image) -> Image.Image:
    return image.resize((round(image.width * 25.4 / FINE), round(image.height * 25.4 / FINE)), Image.Resampling.BOX)


def differ(a: Image.Image, b: Image.Image, x0: float = 0.0, x1: float = SHEET[0]) -> float:
    """The mean grey difference of two sheet renders at a millimetre a pixel, from x0 to x1 (pt),
    inside the sheet's 8 mm margins (where the pieces add the join marks)."""
    a, b = per_mm(a), per_mm(b)
    strip = (round(x0 / MM), 8, round(x1 / MM), a.height - 8)
    return ImageStat.Stat(ImageChops.difference(a.crop(strip), b.crop(strip))).mean[0]


@pytest.fixture(scope="module")
def assemblies(kit) -> dict:
    return {(lang, paper): assembly(kit / lang / f"track-{paper}.pdf")
            for lang in ("fr", "en") for paper in ("a4", "letter")}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_join_splits_a_number_or_a_heading(kit, assemblies, lang, paper):
    """Every word of the whole sheet (track-cut.pdf), front and back (the 110 numbered spaces,
    every heading, every line of rules), is shown whole by exactly one piece at its place once
    the pieces are glued; no word a piece shows runs past what it shows; the only words on the
    pieces and not on the sheet are the join letters."""
    pdf, whole, a = kit / lang / f"track-{paper}.pdf", kit / lang / "track-cut.pdf", assemblies[lang, paper]
    on_pages, on_whole = words(pdf), words(whole)
    assert len(a.fronts) == 3                                       # the seed's track: three pieces
    for side in (0, 1):
        cut = box(open_pdf(whole).pages[side], "/TrimBox")
        sheet = [(w.text, (w.rect[0] - cut[0], w.rect[1] - cut[1], w.rect[2] - cut[0], w.rect[3] - cut[1]))
                 for w in on_whole[side] if within(w.rect, cut)]
        assert len(sheet) > 100 and (side or sum(text.isdigit() for text, _ in sheet) >= 110)
        shown = []
        for i in range(len(a.fronts)):
            t = (a.fronts if side == 0 else a.backs)[i]
            lo, hi = a.shown(i, side)
            for w in on_pages[a.pages[i] + side]:
                x0, y0 = w.rect[0] - t[0] + a.lefts[i], w.rect[1] - t[1]
                x1, y1 = w.rect[2] - t[0] + a.lefts[i], w.rect[3] - t[1]
                if not overlaps(w.rect, t) or x1 <= lo or x0 >= hi:
                    continue                                        # hidden: in a bleed, a tab, under a piece
                assert lo <= x0 and x1 <= hi, f"side {side}, piece {i + 1}: {w.text!r} at {x0 / MM:.1f}–" \
                                              f"{x1 / MM:.1f} mm runs past its edge ({lo / MM:.1f}–{hi / MM:.1f} mm)"
                shown.append((w.text, (x0, y0, x1, y1)))
        for text, rect in sheet:
            found = [s for s in shown if s[0] == text and all(abs(u - v) < 1.0 for u, v in zip(s[1], rect))]
            assert len(found) == 1, f"side {side}: {text!r} at {rect[0] / MM:.1f} mm shown {len(found)} times"
        extra = {text for text, rect in shown} - {text for text, _ in sheet}
        assert extra <= {"A", "B"}, extra


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_glued_pieces_show_exactly_the_whole_sheet(kit, assemblies, lang, paper):
    """Front and back, the pieces' renders laid as glued (each on the previous one's tab) look
    like the whole sheet (track-cut.pdf), over the whole sheet and over each piece's part, at a
    millimetre a pixel; the pieces are as tall as the sheet and, glued, as wide."""
    pdf, whole, a = kit / lang / f"track-{paper}.pdf", kit / lang / "track-cut.pdf", assemblies[lang, paper]
    assert all(t[3] - t[1] == pytest.approx(SHEET[1], abs=EXACT) for t in a.fronts + a.backs)
    assert a.lefts[-1] + a.fronts[-1][2] - a.fronts[-1][0] == pytest.approx(SHEET[0], abs=0.5 * MM)
    for side in (0, 1):
        sheet = whole_sheet(whole, side)
        assert differ(composite(pdf, a, side), sheet) < ALIKE / 2
        for i in range(len(a.fronts)):
            part = part_differs(pdf, a, side, sheet, i)
            assert part < ALIKE, f"side {side}, piece {i + 1} differs from the sheet by {part:.2f}"


def test_a_piece_half_a_millimetre_off_would_be_caught(kit, assemblies):
    """The comparison above sees an error of 0.5 mm: the second piece glued 0.5 mm aside."""
    pdf, whole, a = kit / "en" / "track-a4.pdf", kit / "en" / "track-cut.pdf", assemblies["en", "a4"]
    assert part_differs(pdf, a, 0, whole_sheet(whole, 0), 1, aside=0.5 * MM) > 2 * ALIKE


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_join_has_a_glue_tab_and_no_art_where_the_glue_goes(kit, assemblies, lang, paper):
    """Every piece but the last ends in a glue tab 5 to 15 mm wide, labelled with the word for
    glue; the back of the next piece, where it lies on that tab, is blank paper (bar a 3 mm
    bleed before the tab's end); the last piece has no tab."""
    pdf, a = kit / lang / f"track-{paper}.pdf", assemblies[lang, paper]
    on_pages = words(pdf)
    for i, tab in enumerate(a.tabs[:-1]):
        assert 5 * MM <= tab <= 15 * MM, f"piece {i + 1}: a tab {tab / MM:.1f} mm wide"
        t = a.fronts[i]
        band = (t[2] - tab, t[1], t[2], t[3])
        assert any(w.text == GLUE[lang] and within(w.rect, band) for w in on_pages[a.pages[i]]), f"piece {i + 1}"
        b = a.backs[i + 1]
        glued = grey(pdf, a.pages[i + 1] + 1, (b[0], b[1], b[0] + tab - BLEED - 0.2 * MM, b[3]))
        assert glued.getextrema()[0] >= 250, f"piece {i + 2}: ink on its back where it is glued"
    assert a.tabs[-1] == 0


@pytest.mark.parametrize("name, paper, sheets", FILES)
def test_each_back_lies_behind_its_front_for_a_long_edge_flip(kit, name, paper, sheets):
    """The pages are landscape, like the track: turned over its long (top) edge, a sheet's
    point (x, y) comes to (x, H − y) on the back."""
    pdf = kit / "fr" / name
    per_page, reader = pieces(pdf), open_pdf(pdf)
    assert len(per_page) == 2 * sheets
    for front, back, page in zip(per_page[0::2], per_page[1::2], reader.pages[0::2]):
        W, H = box(page, "/MediaBox")[2:]
        assert W > H and len(back) == len(front)
        for f, b in zip(front, back):
            assert b == pytest.approx((f[0], H - f[3], f[2], H - f[1]), abs=EXACT)


@pytest.mark.parametrize("name, paper, sheets", FILES)
def test_crop_marks_are_outside_the_bleed_and_3mm_inside_the_page(kit, name, paper, sheets):
    pdf = kit / "en" / name
    reader = open_pdf(pdf)
    for n, (page, arts) in enumerate(zip(reader.pages, pieces(pdf)), 1):
        W, H = box(page, "/MediaBox")[2:]
        marks = segments(page, reader)
        for x0, y0, x1, y1 in marks:
            assert min(x0, x1, y0, y1) >= 3 * MM - EXACT and max(x0, x1) <= W - 3 * MM + EXACT, (n, x0, y0, x1, y1)
            assert max(y0, y1) <= H - 3 * MM + EXACT, (n, x0, y0, x1, y1)
            mark = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            inner = [(a[0] + EXACT, a[1] + EXACT, a[2] - EXACT, a[3] - EXACT) for a in arts]
            assert not any(overlaps(mark, art) for art in inner), f"page {n}: a mark runs into the bleed"
        for art in arts:                                             # every cut line is marked
            t = trim(art)
            for x in (t[0], t[2]):
                assert sum(1 for m in marks if abs(m[0] - x) < EXACT and abs(m[2] - x) < EXACT) >= 2, (n, x)
            for y in (t[1], t[3]):
                assert any(abs(m[1] - y) < EXACT and abs(m[3] - y) < EXACT for m in marks), (n, y)


def _margin_words(page_words: list[Word], arts) -> list[Word]:
    """The words printed off the pieces: the label (and the way to join the pieces)."""
    return [w for w in page_words if not any(overlaps(w.rect, art) for art in arts)]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name, paper, sheets", FILES)
def test_every_track_page_is_labelled_legibly_away_from_the_edge(kit, lang, name, paper, sheets):
    pdf = kit / lang / name
    reader = open_pdf(pdf)
    component = COMPONENT[lang, name.removesuffix(f"-{paper}.pdf").removesuffix(".pdf")]
    for i, (page, page_words, arts) in enumerate(zip(reader.pages, words(pdf), pieces(pdf))):
        W, H = box(page, "/MediaBox")[2:]
        label = _margin_words(page_words, arts)
        text = " ".join(w.text for w in label)
        what = f"{GAME} · {component} · {SIDES[lang][i % 2]} · {SHEET_WORD[lang]} {i // 2 + 1}/{sheets}"
        for part in (what, ACTUAL_SIZE[lang]):
            assert part in text, f"page {i + 1} lacks {part!r}: {text!r}"
        for w in label:
            assert w.height >= 7 - EXACT, f"page {i + 1}: {w.text!r} is {w.height:.2f} pt"
            x0, y0, x1, y1 = w.rect
            assert min(x0, y0, W - x1, H - y1) >= 5 * MM, f"page {i + 1}: {w.text!r} at {w.rect} is within 5 mm"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_cut_has_the_same_join_mark_on_both_pieces(kit, lang, paper):
    """The letters A and B stand at the cuts, once on each piece of a join, in the sheet's
    top and bottom margins (its outer 8 mm, where the track draws nothing), on the fronts and
    on the backs."""
    pdf = kit / lang / f"track-{paper}.pdf"
    per_page, page_words = pieces(pdf), words(pdf)
    for side in (0, 1):
        letters = []
        for i in range(side, len(per_page), 2):
            for art in per_page[i]:
                t = trim(art)
                inside = [w for w in page_words[i] if within(w.rect, t) and w.text in ("A", "B")
                          and (w.rect[1] < t[1] + 8 * MM or w.rect[3] > t[3] - 8 * MM)]
                letters.append(sorted((w.text, "left" if w.centre[0] < (t[0] + t[2]) / 2 else "right")
                                      for w in inside))
        assert letters == [[("A", "right")] * 2, [("A", "left")] * 2 + [("B", "right")] * 2,
                           [("B", "left")] * 2]
