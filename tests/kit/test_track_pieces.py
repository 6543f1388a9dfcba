"""Familienbande's score track as printed, read back from the PDFs (pypdf boxes, poppler's
words and renders): the whole 297 × 155 mm sheet with bleed and crop marks (track-cut.pdf),
and the home version in pieces on A4 and Letter that assemble to exactly that sheet.

Every expected figure is the print convention itself (297 × 155 mm, 3 mm bleed, 5 mm from
the paper's edge, crop marks 3 mm inside it, labels of 7 pt or more), never read from forge.
"""
from __future__ import annotations

import subprocess
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


def render(pdf: Path, page: int, rect, dpi: int = 254) -> Image.Image:
    """The ``rect`` of page ``page`` (0-based) in greyscale, rendered at ``dpi`` and averaged
    down to one pixel a millimetre."""
    height = float(box(open_pdf(pdf).pages[page], "/MediaBox")[3])
    k = dpi / 72
    x0, y0, x1, y1 = rect
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
            "-x", str(round(x0 * k)), "-y", str(round((height - y1) * k)),
            "-W", str(round((x1 - x0) * k)), "-H", str(round((y1 - y0) * k)), str(pdf)]
    pgm = subprocess.run(args, check=True, capture_output=True).stdout
    image = Image.open(BytesIO(pgm))
    return image.resize((round((x1 - x0) / MM), round((y1 - y0) / MM)), Image.Resampling.BOX)


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


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pieces_assemble_to_exactly_the_whole_sheet(kit, lang, paper):
    """Front pieces and back pieces: as tall as the sheet, their widths adding up to its width
    (0.01 pt), and laid edge to edge in print order they show what the whole sheet shows
    (rendered at a millimetre a pixel, against track-cut.pdf)."""
    pdf, whole = kit / lang / f"track-{paper}.pdf", kit / lang / "track-cut.pdf"
    per_page = pieces(pdf)
    for side in (0, 1):                                             # fronts on odd pages, backs on even
        cut = box(open_pdf(whole).pages[side], "/TrimBox")
        found = [(i, trim(art)) for i in range(side, len(per_page), 2) for art in per_page[i]]
        assert len(found) == 3                                       # the seed's track: three pieces
        assert all(t[3] - t[1] == pytest.approx(SHEET[1], abs=EXACT) for _, t in found)
        assert sum(t[2] - t[0] for _, t in found) == pytest.approx(SHEET[0], abs=EXACT)
        x = cut[0]
        for i, t in found:
            piece = render(pdf, i, t)
            sheet = render(whole, side, (x, cut[1], x + t[2] - t[0], cut[3]))
            x += t[2] - t[0]
            assert piece.size == sheet.size
            differ = ImageStat.Stat(ImageChops.difference(piece, sheet)).mean[0]
            assert differ < ALIKE, f"page {i + 1}: the piece at {t} differs from the sheet there by {differ:.2f}"


def test_a_piece_half_a_millimetre_off_would_be_caught(kit):
    """The comparison above sees an error of 0.5 mm: a piece against the sheet 0.5 mm aside."""
    pdf, whole = kit / "en" / "track-a4.pdf", kit / "en" / "track-cut.pdf"
    cut = box(open_pdf(whole).pages[0], "/TrimBox")
    t = trim(pieces(pdf)[0][1])                                      # the second piece
    aside = (cut[0] + t[2] - t[0] + 0.5 * MM, cut[1], cut[0] + 2 * (t[2] - t[0]) + 0.5 * MM, cut[3])
    differ = ImageStat.Stat(ImageChops.difference(render(pdf, 0, t), render(whole, 0, aside))).mean[0]
    assert differ > 2 * ALIKE


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
            assert not any(overlaps(mark, art) for art in arts), f"page {n}: a mark runs into the bleed"
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
