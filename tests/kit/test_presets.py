"""Card presets on both papers, built by the real command: every card printed, each sheet's
label inside the page in a band of its own, the cards inside the margins."""
from __future__ import annotations

import pytest

from ..conftest import run_forge
from ..pdftools import sheets

MM = 72 / 25.4


@pytest.mark.parametrize("preset", ["euro", "mini-euro", "square"])
def test_a_preset_builds_on_a4_and_letter_with_its_label(tmp_path, preset):
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    spec = tmp_path / "cardspecs" / "mygame.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("    card: poker ", f"    card: {preset} "), encoding="utf-8")
    result = run_forge("build", "mygame", "--lang", "en", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for paper in ("a4", "letter"):
        fronts = sheets(tmp_path / "build" / "mygame" / "en" / f"cards-{paper}.pdf")[0::2]     # duplex: fronts, backs
        assert sum(len(s.cards) for s in fronts) == 5
        for sheet in fronts:
            W, H = sheet.media[2], sheet.media[3]
            x0, y0, x1, y1 = sheet.block
            assert min(x0, y0, W - x1, H - y1) >= 5 * MM - 0.01                  # the margin
            label = [w for w in sheet.words if not any(w in card.words for card in sheet.cards)]
            assert " ".join(w.text for w in label).startswith("Mygame · Cards · fronts · sheet 1/1")
            for w in label:                                                      # in a band, 5 mm in
                assert min(w.rect[0], w.rect[1], W - w.rect[2], H - w.rect[3]) >= 5 * MM
                assert w.rect[3] <= y0 or w.rect[1] >= y1 or w.rect[2] <= x0 or w.rect[0] >= x1


def _outlines(page, reader) -> list[tuple[float, float, float, float]]:
    """The stroked paths drawn on a page itself (not in a card's form) that have curves: their boxes."""
    from ..pdftools import _walk
    out, points, curved = [], [], False
    for operands, op, ctm in _walk(page, reader):
        if op in (b"m", b"l", b"c"):
            values = [float(v) for v in operands]
            points += list(zip(values[0::2], values[1::2]))
            curved |= op == b"c"
        elif op in (b"S", b"s", b"n", b"f", b"B"):
            if op in (b"S", b"s") and curved:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                out.append((min(xs), min(ys), max(xs), max(ys)))
            points, curved = [], False
    return out


def test_rounded_corners_draw_a_cut_line_round_each_front(tmp_path):
    from pypdf import PdfReader
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    spec = tmp_path / "cardspecs" / "mygame.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("  paper: [a4, letter]\n",
                                                             "  paper: [a4]\n  corner_radius: 3mm\n"), encoding="utf-8")
    assert run_forge("build", "mygame", "--lang", "en", cwd=tmp_path).returncode == 0
    pdf = tmp_path / "build" / "mygame" / "en" / "cards-a4.pdf"
    reader = PdfReader(pdf)
    fronts, backs = sheets(pdf)[:2]
    lines = _outlines(reader.pages[0], reader)
    assert [v for box in sorted(lines) for v in box] == pytest.approx(
        [v for box in sorted(card.trim for card in fronts.cards) for v in box], abs=0.01)
    assert _outlines(reader.pages[1], reader) == []                # the backs: cut from the front
    spec.write_text(spec.read_text(encoding="utf-8").replace("corner_radius: 3mm", "corner_radius: 40mm"),
                    encoding="utf-8")
    refused = run_forge("build", "mygame", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.startswith("cardspecs/mygame.yaml:")
    assert "'corner_radius'" in refused.stderr.splitlines()[0] and "15" in refused.stderr.splitlines()[0]
