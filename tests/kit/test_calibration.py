"""The back-offset calibration sheet reads at print size and says what to do with its
readings; the readings go into a build from the command line as well as from a spec.
Measured from the PDFs the real commands write."""
from __future__ import annotations

import subprocess

import pytest

from ..conftest import run_forge
from ..pdftools import chars, words

MIN_PT = 7.0            # the issue's least size for the scales' figures (and every word)
TOL = 0.01


@pytest.fixture(scope="module")
def calibration(tmp_path_factory):
    out = tmp_path_factory.mktemp("calibration")
    for paper in ("a4", "letter"):
        result = run_forge("calibrate", "--paper", paper, "--out", str(out))
        assert result.returncode == 0, result.stderr
    return out


def _text(path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_figure_and_word_is_at_least_7_pt(calibration, paper):
    """The font size PDFium reads for each character (upright or turned a quarter, as the
    vertical scales' figures are)."""
    path = calibration / f"calibration-{paper}.pdf"
    figures = [w for w in words(path)[1] if len(w.text) == 1 and w.text.isdigit()]
    assert len(figures) == 110                         # ten scales of eleven figures, no other
    small = [(c.char, round(c.size, 2)) for page in (0, 1) for c in chars(path, page) if c.size < MIN_PT - TOL]
    assert not small


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_back_says_what_to_do_with_uneven_readings_and_without_the_sources(calibration, paper):
    text = " ".join(_text(calibration / f"calibration-{paper}.pdf", 2).split())
    for words_ in ("The five readings agree", "Les cinq lectures concordent",   # even readings or not
                   "A kit downloaded as PDFs", "Un kit téléchargé en PDF"):      # without the sources
        assert words_ in text
    assert text.count("forge build --back-offset dx,dy") == 2                    # the build option
    assert text.count("print: back_offset: [dx, dy]") == 2                       # and the spec key


def test_the_build_option_shifts_every_back_over_the_spec(project, tmp_path):
    """The spec asks for one offset, the command line for another: the command line's is printed
    (the registration of each back against its front, as measured for the spec key)."""
    from .test_dalmuti_kit import registration
    spec = project / "cardspecs" / "dalmuti.yaml"
    spec.write_text(spec.read_text().replace("  duplex: long-edge", "  duplex: long-edge\n  back_offset: [3mm, 3mm]"))
    out = tmp_path / "out"
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", "--back-offset", "1.5mm,-2",
                       "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    mm = 72 / 25.4
    assert registration(out / "dalmuti" / "en" / "cards-a4.pdf", (1.5 * mm, -2 * mm), "long-edge") == 80


@pytest.mark.parametrize("value", ["1mm", "1mm,2mm,3mm", "30mm,0", "left,0", ""])
def test_a_bad_back_offset_is_one_line_and_exit_2(tmp_path, value):
    out = tmp_path / "out"
    result = run_forge("build", "dalmuti", "--back-offset", value, "--out", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines[0].startswith("--back-offset: not a back offset"), result.stderr
    assert "hint:" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()
