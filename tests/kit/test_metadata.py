"""Every PDF of the whole build says what it is: title, author, subject, language (/Lang),
keywords with the game and, for a game whose spec declares one, its licence; every one asks
for actual size and its duplex flip, the calibration sheets included (PDF 1.7 like the rest)."""
from __future__ import annotations

import pikepdf
import pytest

from ..conftest import warm_project

GAMES_WITH_A_LICENCE = {"gjdlv": "CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/)"}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    """Every PDF of the run's shared whole build (read only)."""
    return sorted((warm_project(tmp_path_factory) / "build").rglob("*.pdf"))


def test_every_pdf_says_its_language_game_and_licence(pdfs):
    kit_files = [p for p in pdfs if p.parent.name in ("fr", "en")]
    assert len(kit_files) > 100
    for path in kit_files:
        with pikepdf.open(path) as pdf:
            info, root = pdf.docinfo, pdf.Root
            game, lang = path.parent.parent.name, path.parent.name
            assert str(root.Lang) == lang, path
            assert all(str(info.get(key, "")).strip() for key in ("/Title", "/Author", "/Subject")), path
            keywords = str(info.Keywords)
            assert keywords.startswith(f"{game}, ") and f", {lang}" in keywords, path
            if game in GAMES_WITH_A_LICENCE:
                assert keywords.endswith(f"licence: {GAMES_WITH_A_LICENCE[game]}"), path
            else:
                assert "licence" not in keywords, path


def test_every_pdf_asks_for_actual_size_the_calibration_sheets_too(pdfs):
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            prefs = pdf.Root.ViewerPreferences
            assert str(prefs.PrintScaling) == "/None", path
            assert str(prefs.Duplex) in ("/DuplexFlipLongEdge", "/DuplexFlipShortEdge", "/Simplex"), path
            assert pdf.pdf_version == "1.7", path
    calibration = [p for p in pdfs if p.name.startswith("calibration-")]
    assert len(calibration) == 2
