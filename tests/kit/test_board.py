"""Boards on custom page sizes, built from the worked spec of docs/cardspec.md."""
from __future__ import annotations

import pytest

from ..conftest import run_forge
from ..pdftools import box, open_pdf, words

MM = 72 / 25.4


def test_board_pages_are_exactly_the_custom_size(doc_project, tmp_path):
    out = tmp_path / "out"
    result = run_forge("build", "foxhens", "--out", str(out), cwd=doc_project)
    assert result.returncode == 0, result.stderr
    for lang, heading in (("en", "Farmyard"), ("fr", "Basse-cour")):
        path = out / "foxhens" / lang / "board.pdf"
        reader = open_pdf(path)
        assert len(reader.pages) == 2                              # front and back
        for page in reader.pages:
            media = box(page, "/MediaBox")
            assert media == pytest.approx((0, 0, 841.89, 439.37), abs=0.005)
            assert media == pytest.approx((0, 0, 297 * MM, 155 * MM), abs=1e-4)
            assert box(page, "/TrimBox") == pytest.approx(media)
            assert box(page, "/BleedBox") == pytest.approx(media)
        assert all(any(w.text == heading.split()[0] for w in ws) for ws in words(path))


def test_doc_deck_counts_and_reference(doc_project, tmp_path):
    out = tmp_path / "out"
    assert run_forge("build", "--lang", "fr", "--paper", "a4", "--out", str(out), cwd=doc_project).returncode == 0
    cards = open_pdf(out / "foxhens" / "fr" / "deck-a4.pdf")
    assert len(cards.pages) == 4            # 16 cards: 2 sheets of 9, each with its backs
    text = " ".join(w.text for w in words(out / "foxhens" / "fr" / "reference-a4.pdf")[0])
    for name in ("Renard", "Poule", "Poussin", "×"):
        assert name in text


@pytest.mark.parametrize("paper, size", [("a4", (595.2756, 841.8898)), ("letter", (612, 792))])
def test_sheet_takes_the_paper_size(doc_project, tmp_path, paper, size):
    out = tmp_path / "out"
    assert run_forge("build", "foxhens", "--lang", "fr", "--paper", paper, "--out", str(out),
                     cwd=doc_project).returncode == 0
    reader = open_pdf(out / "foxhens" / "fr" / f"summary-{paper}.pdf")
    assert len(reader.pages) == 1                                  # duplex: off
    assert box(reader.pages[0], "/MediaBox") == pytest.approx((0, 0, *size), abs=1e-3)
    assert "Résumé" in [w.text for w in words(out / "foxhens" / "fr" / f"summary-{paper}.pdf")[0]]
