"""Ink-saver and CMYK builds (issue 15, items 6 and 8), read from the PDFs the command writes:
backs at most 15 % ink in ink-saver mode, the same page boxes and text positions as a normal
build, the normal build as dark as before; a CMYK build draws with k/K only, keeps its boxes
and passes ``qpdf --check``."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from ..conftest import run_forge
from ..pdftools import box, page_image, words

GAMES = ("dalmuti", "familienbande", "majority")
DECKS = {"dalmuti": ["cards"], "familienbande": ["portraits", "tiles"], "majority": ["votes", "points", "words"]}
DARK = {"cards", "portraits", "votes"}          # decks whose backs are dark (58-66 % ink) in a normal build
BOXES = ("/MediaBox", "/TrimBox", "/BleedBox")


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """The three games built in English on A4: normal, --ink-saver, --cmyk."""
    out = {}
    for mode, flags in (("normal", ()), ("ink", ("--ink-saver",)), ("cmyk", ("--cmyk",))):
        out[mode] = tmp_path_factory.mktemp(mode)
        result = run_forge("build", *GAMES, "--lang", "en", "--paper", "a4", "--out", str(out[mode]), *flags)
        assert result.returncode == 0, result.stderr
    return out


def pdfs(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*.pdf"))


def coverage(path: Path, page: int) -> float:
    """Mean darkness of a page at 100 dpi, in % (0 white … 100 black)."""
    return 100 * (1 - ImageStat.Stat(page_image(path, page, 100)).mean[0] / 255)


def operators(path: Path) -> set[bytes]:
    """Every operator of the pages' content streams and of the forms they draw."""
    reader, ops = PdfReader(path), set()
    for page in reader.pages:
        streams = [page.get_contents()]
        streams += [x.get_object() for x in page["/Resources"].get("/XObject", {}).values()]
        for stream in streams:
            ops.update(op for _, op in ContentStream(stream, reader).operations)
    return ops


@pytest.mark.parametrize("game", GAMES)
def test_backs_take_at_most_15_percent_ink(builds, game):
    for deck in DECKS[game]:
        normal, ink = (builds[m] / game / "en" / f"{deck}-a4.pdf" for m in ("normal", "ink"))
        for back in range(1, len(PdfReader(ink).pages), 2):
            assert coverage(ink, back) <= 15, (deck, back)
        if deck in DARK:                                  # the normal build is unchanged: still dark
            assert coverage(normal, 1) >= 50, deck


def test_same_files_boxes_and_text_positions(builds):
    normal, ink, cmyk = builds["normal"], builds["ink"], builds["cmyk"]
    assert pdfs(normal) == pdfs(ink) == pdfs(cmyk)         # a build mode: the same file names
    for name in pdfs(normal):
        pages = [PdfReader(folder / name).pages for folder in (normal, ink, cmyk)]
        assert len(pages[0]) == len(pages[1]) == len(pages[2]), name
        for a, b, c in zip(*pages):
            for key in BOXES:
                assert box(a, key) == box(b, key) == box(c, key), (name, key)
        here = [[(w.text, tuple(round(v, 2) for v in w.rect)) for w in page] for page in words(normal / name)]
        assert here == [[(w.text, tuple(round(v, 2) for v in w.rect)) for w in page] for page in words(ink / name)]


def test_normal_build_draws_in_rgb(builds):
    ops = operators(builds["normal"] / "dalmuti" / "en" / "cards-a4.pdf")
    assert b"rg" in ops and b"k" not in ops


def test_cmyk_build_draws_in_cmyk_and_passes_qpdf(builds):
    for name in pdfs(builds["cmyk"]):
        path = builds["cmyk"] / name
        ops = operators(path)
        assert b"k" in ops and not ops & {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"}, name
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
