"""Every page of every kit says what it is, legibly and where a printer prints it; crop marks
stay inside the printable page; the calibration sheet's figures and Dalmuti's 6 and 9 read
right. All measured from the PDFs the real command writes.

How the label's size is measured: poppler's ``pdftotext -bbox`` draws each word's box from
the font's descent to its ascent, normalised to one em, so the box's extent across the
line (its height, or its width when the line is turned) is the font size in points;
:func:`test_a_word_box_is_as_thick_as_its_font_size` checks this on text of known sizes.
The label is the block of text (``pdftotext -bbox-layout``) that holds the sheet's number
"n/N" and the print instruction. The Familienbande score track (``track*.pdf``) and the
print-all files are other components' work and are left out here.
"""
from __future__ import annotations

import re

import pytest
from reportlab.pdfgen.canvas import Canvas

from forge.kit.fonts import register_fonts
from forge.cardspec.loader import load_spec
from forge.cardspec.typography import typeset

from ..conftest import GAMES, ROOT, kit, run_forge
from ..pdftools import blocks, card_faces, open_pdf, overlaps, page_image, segments, words

MM = 72 / 25.4
SIDES = {"en": (("fronts", "front"), ("backs", "back")), "fr": (("recto",), ("verso",)),
         "de": (("Vorderseiten", "Vorderseite"), ("Rückseiten", "Rückseite"))}
PRINT = {"en": "Print at 100 % (actual size)", "fr": "Imprimer à 100 % (taille réelle)",
         "de": "Mit 100 % (tatsächliche Größe)"}
ON = {"en": "on", "fr": "sur", "de": "auf"}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
FLIP = {"en": "duplex, long-edge flip", "fr": "recto verso, bord long", "de": "beidseitig, an der langen Kante wenden"}
CALIBRATION = {"en": "Back-offset calibration", "fr": "Calibrage du décalage recto verso"}
LABEL_PT, LABEL_EDGE, MARK_EDGE = 7.0, 5 * MM, 5 * MM       # the issues' figures (crop marks: issue 27)
TOL = 1e-3


def _text(line_words) -> str:
    return " ".join(w.text for w in line_words)


def label_block(page_blocks, n: int, total: int):
    """The block of text holding "n/N" and the print instruction: the label's lines."""
    found = [block for block in page_blocks
             if any(w.text == f"{n}/{total}" for line in block for w in line)
             and any(w.text == "100" for line in block for w in line)]
    assert len(found) == 1, f"{len(found)} labels for sheet {n}/{total}"
    return found[0]


def thickness(block) -> list[float]:
    """Each word's extent across its line: the font size (see the module docstring). A block
    taller than wide reads turned a quarter, and its words' widths are their sizes."""
    ws = [w for line in block for w in line]
    turned = max(w.rect[3] for w in ws) - min(w.rect[1] for w in ws) > max(w.rect[2] for w in ws) - min(w.rect[0] for w in ws)
    return [w.rect[2] - w.rect[0] if turned else w.height for w in ws]


def edge_distance(rect, media) -> float:
    return min(rect[0] - media[0], rect[1] - media[1], media[2] - rect[2], media[3] - rect[3])


def check_page(reader, page_blocks, i: int, n: int, total: int, parts: list[str], lang: str,
               duplex: bool, paper: str) -> list[str]:
    """The problems of page ``i`` (0-based), sheet n of total: a label naming ``parts`` in
    order, its side and the sheet, with the print instruction and the ``paper`` (a4 or letter:
    the file's), at least LABEL_PT and
    LABEL_EDGE from every edge; every stroke (crop marks) MARK_EDGE inside and off the label."""
    page = reader.pages[i]
    media = tuple(float(v) for v in page.mediabox)
    block = label_block(page_blocks, n, total)
    text = " ".join(_text(line) for line in block)
    where = f"page {i + 1} ({text!r})"
    problems = []
    back = duplex and i % 2 == 1
    expected = [(parts[0],), (parts[1],), SIDES[lang][back], (f"{n}/{total}",), (PRINT[lang],),
                (f"{ON[lang]} {PAPER_NAMES[paper]} ",)]
    at = 0
    for options in expected + ([(FLIP[lang],)] if duplex else []):
        hits = [text.find(s, at) for s in options if s in text[at:]]
        if not hits:
            problems.append(f"{where}: {options} missing or out of order")
            break
        at = min(hits) + 1
    if min(thickness(block)) < LABEL_PT - TOL:
        problems.append(f"{where}: set at {min(thickness(block)):.2f} pt")
    near = min(edge_distance(w.rect, media) for line in block for w in line)
    if near < LABEL_EDGE - TOL:
        problems.append(f"{where}: {near / MM:.2f} mm from the edge")
    for x0, y0, x1, y1 in segments(page, reader):
        seg = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        if edge_distance(seg, media) < MARK_EDGE - TOL:
            problems.append(f"{where}: a stroke {edge_distance(seg, media) / MM:.2f} mm from the edge")
        if any(_meets(seg, w.rect) for line in block for w in line):
            problems.append(f"{where}: a stroke crosses the label")
    return problems


def _meets(seg, rect) -> bool:
    """The segment's box (a thin one: zero width or height) and ``rect`` share a point."""
    return seg[0] <= rect[2] and rect[0] <= seg[2] and seg[1] <= rect[3] and rect[1] <= seg[3]


def _title(spec, key: str, lang: str) -> str:
    """A title written as ``@key`` in the spec, read from its strings."""
    return typeset(spec.strings[lang][key[1:]] if key.startswith("@") else key, lang)     # as printed: l’aide


def kit_pdfs(out, game):
    return sorted(p for p in (out / game).rglob("*.pdf") if not p.name.startswith(("track", "print-all")))


@pytest.mark.parametrize("game", GAMES)
def test_every_page_says_game_component_side_sheet_and_how_to_print(request, game):
    out = kit(request, game)
    spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT)
    problems, pages = [], 0
    pdfs = kit_pdfs(out, game)
    assert len(pdfs) == len(spec.languages) * 2 * sum(not name.startswith("track") for name in spec.components)  # 2 papers
    for path in pdfs:
        lang = path.parent.name
        comp = spec.components[re.sub(r"-(a4|letter)$", "", path.stem)]
        duplex = comp.print.duplex != "off" and comp.back is not None
        reader, found = open_pdf(path), blocks(path)
        total = len(reader.pages) // (2 if duplex else 1)
        parts = [spec.titles[lang], _title(spec, comp.title, lang)]
        for i in range(len(reader.pages)):
            problems += [f"{path.relative_to(out)} {p}"
                         for p in check_page(reader, found[i], i, i // (2 if duplex else 1) + 1, total, parts, lang, duplex,
                                             path.stem.rsplit("-", 1)[1])]
            pages += 1
    assert pages and not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])


@pytest.fixture(scope="module")
def calibration(tmp_path_factory):
    out = tmp_path_factory.mktemp("calibration")
    for paper in ("a4", "letter"):
        assert run_forge("calibrate", "--paper", paper, "--out", str(out)).returncode == 0
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_is_labelled_in_both_languages(calibration, paper):
    path = calibration / f"calibration-{paper}.pdf"
    reader, found = open_pdf(path), blocks(path)
    assert len(reader.pages) == 2
    problems = []
    for i in range(2):
        for lang in ("en", "fr"):
            problems += check_page(reader, found[i], i, 1, 1, ["forge", CALIBRATION[lang]], lang, duplex=True,
                                   paper=paper)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_figures_do_not_touch_and_every_mm_is_numbered(calibration, paper):
    """Poppler's word boxes never share area (before, "-54321+12345" ran together), and each of
    the ten −5…+5 mm scales numbers every mm: 0 once, 1 to 5 on each side."""
    path = calibration / f"calibration-{paper}.pdf"
    for page in words(path):
        for k, a in enumerate(page):
            for b in page[k + 1:]:
                assert not overlaps(a.rect, b.rect), (a, b)
    back = [w.text for w in words(path)[1]]
    assert {d: back.count(d) for d in "012345"} == {"0": 10, **{d: 20 for d in "12345"}}


def test_a_word_box_is_as_thick_as_its_font_size(tmp_path):
    """What the label test measures: poppler's box height for upright text, width for text
    turned a quarter, equals the size the text was set at (with the fonts forge embeds)."""
    fonts, path = register_fonts(), tmp_path / "sizes.pdf"
    c = Canvas(str(path), pagesize=(400, 400), initialFontName=fonts["sans"])
    for k, size in enumerate((5.5, 7.0, 7.5, 12.0)):
        c.setFont(fonts["sans"], size)
        c.drawString(20, 40 + 60 * k, "Imprimer à 100 % · gjpq")
        c.saveState()
        c.translate(300 + 20 * k, 40)
        c.rotate(90)
        c.drawString(0, 0, "Print · 1/5")
        c.restoreState()
    c.save()
    [page] = blocks(path)
    sizes = sorted(round(t, 3) for block in page for t in thickness(block))
    assert set(sizes) == {5.5, 7.0, 7.5, 12.0}


# -- Dalmuti: the 6 and the 9 are underlined ----------------------------------------------

def ink_runs(img, box) -> list[tuple[int, int, int]]:
    """Rows of ``img`` inside ``box`` (pixels: left, top, right, bottom) that hold ink, as runs
    (first row, last row, widest ink in the run in pixels), top to bottom."""
    crop = img.crop(box)
    lo, hi = crop.getextrema()
    dark = crop.point(lambda v: 255 if v < (lo + hi) / 2 else 0)
    w, h = dark.size
    px = dark.load()
    runs, start, widest = [], None, 0
    for y in range(h + 1):
        row = [x for x in range(w) if y < h and px[x, y]]
        if row:
            start = y if start is None else start
            widest = max(widest, row[-1] - row[0] + 1)
        elif start is not None:
            runs.append((start, y - 1, widest))
            start, widest = None, 0
    return runs


def test_dalmuti_6_and_9_carry_an_underline_in_both_corners(dalmuti_build):
    """In each corner index's box (upright and turned), the 6s and 9s show two bands of ink:
    the figure and, on the side of its foot, a thin bar at least half its width; the 5, 7 and
    8 show one band."""
    path = dalmuti_build / "dalmuti" / "en" / "cards-a4.pdf"
    k = 300 / 72
    seen = set()
    for i, faces in enumerate(card_faces(path)[::2]):                     # the fronts
        cards = [f for f in faces if max(f.words, key=lambda w: w.height).text in ("5", "6", "7", "8", "9")]
        if not cards:
            continue
        img, height = page_image(path, 2 * i, 300), float(open_pdf(path).pages[2 * i].mediabox.height)
        for face in cards:
            rank = max(face.words, key=lambda w: w.height)
            same = sorted((w for w in face.words if w.text == rank.text), key=lambda w: -w.height)
            # under the big rank, the two indices (the caption "5 in the deck" is smaller), upright one first
            corners = sorted(same[1:3], key=lambda w: -w.centre[1])
            assert corners[0].height == pytest.approx(corners[1].height), (i, rank.text)
            for upright, w in zip((True, False), corners):
                x0, y0, x1, y1 = w.rect
                runs = ink_runs(img, (round(x0 * k), round((height - y1) * k), round(x1 * k), round((height - y0) * k)))
                assert len(runs) == (2 if rank.text in "69" else 1), (i, rank.text, upright, runs)
                if len(runs) == 2:
                    figure, bar = runs if upright else runs[::-1]       # the bar at the figure's foot
                    assert bar[1] - bar[0] + 1 <= 0.12 * w.height * k, (rank.text, runs)    # thin
                    assert bar[2] >= 0.5 * figure[2], (rank.text, runs)                     # under all of it
                seen.add((rank.text, upright))
    assert seen == {(r, u) for r in "56789" for u in (True, False)}


def test_a_sheet_with_no_room_for_its_label_stops_the_build_at_the_component(tmp_path):
    """A card filling the paper but 5 mm round it leaves the label nowhere to go: the build
    stops at the component's line, rather than print an unlabelled sheet, and says what fits."""
    (tmp_path / "cardspecs").mkdir()
    (tmp_path / "cardspecs" / "big.yaml").write_text(
        "game: big\ntitle: Big\nauthors: [Test]\nlanguages: [en]\nprint: {paper: [a4], margin: 0mm, bleed: 0mm}\n"
        "components:\n  cards:\n    kind: deck\n    card: {width: 200mm, height: 287mm}\n"
        "    rows: [{value: 1}]\n    front: {layout: numbered, value: \"{value}\"}\n", encoding="utf-8")
    result = run_forge("build", "--out", str(tmp_path / "build"), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("cardspecs/big.yaml:8: component 'cards' does not fit on a4 (a 200.0 × 287.0 mm "
                                    "card with 0.0 mm bleed does not fit on 210.0 × 297.0 mm paper with 0.0 mm "
                                    "margins and the sheet's label; the largest card that fits is 210.0 × 283.6 mm)")
    assert "Traceback" not in result.stderr and not (tmp_path / "build").exists()
