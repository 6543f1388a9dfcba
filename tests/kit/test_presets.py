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
