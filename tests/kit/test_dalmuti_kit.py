"""The Dalmuti print kit, measured from the PDFs the real command writes."""
from __future__ import annotations

import subprocess
from collections import Counter

import pytest

from ..conftest import run_forge
from ..pdftools import box, boxes_nested, card_faces, open_pdf, placements, segments

PDFS = [f"{lang}/cards-{paper}.pdf" for lang in ("fr", "en") for paper in ("a4", "letter")]
JESTER = {"fr": "Bouffon", "en": "Jester"}
TOL = 0.01


def _fronts(path):
    """For every front page (duplex: the odd ones), the words of each card."""
    return [list(face.words) for faces in card_faces(path)[::2] for face in faces]


@pytest.mark.parametrize("name", PDFS)
def test_each_rank_n_on_n_fronts_and_two_jesters(dalmuti_build, name):
    lang = name.split("/")[0]
    cards = _fronts(dalmuti_build / "dalmuti" / name)
    assert len(cards) == 80
    # the rank is the tallest word of a card
    ranks = Counter(max(ws, key=lambda w: w.height).text for ws in cards)
    assert {str(n): ranks[str(n)] for n in range(1, 13)} == {str(n): n for n in range(1, 13)}
    jesters = [ws for ws in cards if any(w.text == JESTER[lang] for w in ws)]
    assert len(jesters) == 2
    assert sum(ranks.values()) - sum(range(1, 13)) == 2


@pytest.mark.parametrize("name", PDFS + ["fr/reference-a4.pdf", "en/reference-letter.pdf"])
def test_every_page_has_nested_boxes(dalmuti_build, name):
    reader = open_pdf(dalmuti_build / "dalmuti" / name)
    assert all(boxes_nested(page) for page in reader.pages)


def test_fonts_all_embedded(dalmuti_build):
    for pdf in sorted((dalmuti_build / "dalmuti").rglob("*.pdf")):
        out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows, f"no fonts listed in {pdf}"
        for row in rows:
            assert row.split()[-5] == "yes", f"{pdf}: not embedded: {row}"


def test_qpdf_check_passes(dalmuti_build):
    for pdf in sorted((dalmuti_build / "dalmuti").rglob("*.pdf")):
        result = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def _mirror(rect, page_box, landscape, flip):
    """Where turning the sheet over brings a rectangle: over the long edge, a portrait sheet's
    columns (a landscape sheet's rows) are mirrored; over the short edge, the other way."""
    W, H = page_box[2], page_box[3]
    x0, y0, x1, y1 = rect
    columns = (flip == "long-edge") != landscape
    return (W - x1, y0, W - x0, y1) if columns else (x0, H - y1, x1, H - y0)


def registration(path, offset=(0.0, 0.0), flip="long-edge"):
    reader = open_pdf(path)
    checked = 0
    for i in range(0, len(reader.pages), 2):
        front, back = reader.pages[i], reader.pages[i + 1]
        media = box(front, "/MediaBox")
        landscape = media[2] > media[3]
        fronts = [p.rect for p in placements(front, reader)]
        backs = [p.rect for p in placements(back, reader)]
        assert len(fronts) == len(backs)
        for rect in fronts:
            x0, y0, x1, y1 = _mirror(rect, media, landscape, flip)
            want = (x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1])
            assert any(all(abs(a - b) <= TOL for a, b in zip(want, got)) for got in backs), \
                f"page {i + 2}: no back at {want}"
            checked += 1
    return checked


@pytest.mark.parametrize("name", PDFS)
def test_duplex_backs_mirror_fronts(dalmuti_build, name):
    assert registration(dalmuti_build / "dalmuti" / name) == 80


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_offset_is_applied(project, tmp_path, flip, paper):
    spec = project / "cardspecs" / "dalmuti.yaml"
    spec.write_text(spec.read_text().replace("  duplex: long-edge", f"  duplex: {flip}\n  back_offset: [1.5mm, -2mm]"))
    out = tmp_path / "out"
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", paper, "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    mm = 72 / 25.4
    assert registration(out / "dalmuti" / "en" / f"cards-{paper}.pdf", (1.5 * mm, -2 * mm), flip) == 80


@pytest.mark.parametrize("name", ["fr/cards-a4.pdf", "en/cards-letter.pdf"])
def test_crop_marks_outside_the_bleed_at_every_cut(dalmuti_build, name):
    reader = open_pdf(dalmuti_build / "dalmuti" / name)
    for page in reader.pages:
        bx0, by0, bx1, by1 = box(page, "/BleedBox")
        marks = segments(page, reader)
        assert marks
        for x0, y0, x1, y1 in marks:
            # no mark enters the bleed area
            assert max(x0, x1) <= bx0 or min(x0, x1) >= bx1 or max(y0, y1) <= by0 or min(y0, y1) >= by1
        rects = [p.rect for p in placements(page, reader)]
        bleed = box(page, "/TrimBox")[0] - bx0
        cuts_x = {round(v, 2) for r in rects for v in (r[0] + bleed, r[2] - bleed)}
        marked_x = {round(x0, 2) for x0, y0, x1, y1 in marks if abs(x0 - x1) < 1e-6}
        assert cuts_x <= marked_x


