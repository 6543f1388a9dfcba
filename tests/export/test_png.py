"""forge export --png: one PNG per card face, measured with Pillow and against the printed PDF."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from ..conftest import run_forge, tree_digest
from ..pdftools import page_image, sheets, words
from .conftest import BLEED, MM, POKER, dalmuti_rows


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Dalmuti in English exported trimmed (the default) and with its bleed."""
    out = {}
    for mode in ("--trim", "--bleed"):
        folder = tmp_path_factory.mktemp(mode.strip("-"))
        result = run_forge("export", "dalmuti", "--png", mode, "--lang", "en", "--out", str(folder))
        assert result.returncode == 0, result.stderr
        out[mode] = (folder, result.stdout)
    return out


def test_one_png_per_row_and_one_back(exported):
    folder = exported["--trim"][0] / "dalmuti" / "en" / "png" / "cards"
    rows = dalmuti_rows()
    expected = {f"{n:03d}-front.png" for n in range(1, len(rows) + 1)} | {"back.png"}
    assert {p.name for p in folder.iterdir()} == expected


@pytest.mark.parametrize("mode", ["--trim", "--bleed"])
def test_pixel_size_at_300_dpi_and_rgb(exported, mode):
    extra = 2 * BLEED if mode == "--bleed" else 0
    size = (round((POKER[0] + extra) * MM), round((POKER[1] + extra) * MM))
    folder = exported[mode][0] / "dalmuti" / "en" / "png" / "cards"
    for path in sorted(folder.glob("*.png")):
        with Image.open(path) as image:
            assert (image.size, image.mode) == (size, "RGB"), path.name
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01), path.name   # opens at print size
    assert size == ((821, 1121) if mode == "--bleed" else (750, 1050))


def test_bleed_carries_the_face_background(exported):
    """The art runs into the bleed: a pixel there is the colour just inside the cut, not paper white."""
    bleed_px = round(BLEED * MM)
    with Image.open(exported["--bleed"][0] / "dalmuti" / "en" / "png" / "cards" / "005-front.png") as image:
        y = image.height // 2
        outside, inside = image.getpixel((bleed_px // 2, y)), image.getpixel((bleed_px + 3, y))
    assert outside == inside and outside != (255, 255, 255)


def test_png_is_the_printed_drawing(exported, dalmuti_build):
    """The first card of the English A4 sheet, as poppler prints it at 300 dpi and cropped to
    its trim, is the PNG of row 1 (and not that of row 2)."""
    pdf = dalmuti_build / "dalmuti" / "en" / "cards-a4.pdf"
    first = sheets(pdf)[0]
    page = page_image(pdf, 0, 300)
    x0, y0, x1, y1 = first.cards[0].trim
    k = 300 / 72
    top = page.height - round(y1 * k)
    printed = page.crop((round(x0 * k), top, round(x0 * k) + 750, top + 1050))
    folder = exported["--trim"][0] / "dalmuti" / "en" / "png" / "cards"

    def difference(name: str) -> float:
        with Image.open(folder / name) as png:
            inner = (40, 40, 710, 1010)        # off the edges: the printed sheet's cut band
            return ImageStat.Stat(ImageChops.difference(png.convert("L").crop(inner), printed.crop(inner))).mean[0]
    same, other = difference("001-front.png"), difference("002-front.png")
    assert same < 2.0 and other > 5 * same, (same, other)


def test_summary_gives_time_per_card(exported):
    assert "ms per card" in exported["--trim"][1]
    assert f"{sum(int(r['copies']) for r in dalmuti_rows())}" in exported["--trim"][1]


@pytest.mark.parametrize("args, message", [
    (["chess", "--png"], "GAME: unknown game 'chess'"),
    (["dalmuti", "--png", "--dpi", "0"], "--dpi: 0 dpi is out of range (expected 50 to 1200)"),
    (["dalmuti", "--png", "--dpi", "5000"], "--dpi: 5000 dpi is out of range (expected 50 to 1200)"),
    (["dalmuti"], "nothing to export (expected --png, --tts or both)"),
    (["dalmuti", "--tts", "--url-base", "ftp://x"], "--url-base: not a site address: 'ftp://x'"),
    (["dalmuti", "--tts", "--url-base", "https://x.org/\x01a"], "--url-base: not a site address: 'https://x.org/\\x01a' (a control"),
    (["dalmuti", "--tts", "--url-base", "https://x.org/\na"], "--url-base: not a site address: 'https://x.org/\\na' (a control"),
    (["dalmuti", "--png", "--lang", "it"], "--lang: game 'dalmuti' has no language 'it'"),
])
def test_bad_input_one_line_exit_2_nothing_written(exported, args, message):
    folder = exported["--trim"][0]
    before = tree_digest(folder)
    result = run_forge("export", *args, "--out", str(folder))
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert "hint:" in result.stderr
    assert tree_digest(folder) == before


def test_a_word_too_long_is_located_at_its_row(project):
    words = project / "cardspecs" / "majority" / "words-en.csv"
    lines = words.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace("bear", "b" * 120)
    words.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_forge("export", "majority", "--png", "--lang", "en", cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cardspecs/majority/words-en.csv:3:" in result.stderr
    assert not (project / "build").exists()


def test_a_second_export_drops_the_rows_since_removed(project):
    out = project / "build" / "dalmuti" / "en" / "png" / "cards"
    assert run_forge("export", "dalmuti", "--png", "--lang", "en", "--dpi", "50", cwd=project).returncode == 0
    rows = dalmuti_rows()
    assert (out / f"{len(rows):03d}-front.png").exists()
    deck = project / "cardspecs" / "dalmuti" / "deck.csv"
    deck.write_text("".join(deck.read_text(encoding="utf-8").splitlines(keepends=True)[:-1]), encoding="utf-8")
    result = run_forge("export", "dalmuti", "--png", "--lang", "en", "--dpi", "50", cwd=project)
    assert result.returncode == 0, result.stderr
    assert {p.name for p in out.iterdir()} == {f"{n:03d}-front.png" for n in range(1, len(rows))} | {"back.png"}


def test_a_row_with_no_copies_prints_nothing_and_keeps_its_number(tmp_path):
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    csv = tmp_path / "cardspecs" / "mygame" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("example.png,2,2", "example.png,2,0"), encoding="utf-8")
    assert run_forge("build", "mygame", "--lang", "en", cwd=tmp_path).returncode == 0
    printed = [w.text for page in words(tmp_path / "build" / "mygame" / "en" / "cards-a4.pdf") for w in page]
    assert printed.count("Lighthouse") == 2 and printed.count("Harbour") == 0 and printed.count("Storm") == 1
    assert run_forge("export", "mygame", "--png", "--lang", "en", cwd=tmp_path).returncode == 0
    folder = tmp_path / "build" / "mygame" / "en" / "png" / "cards"
    assert sorted(p.name for p in folder.iterdir()) == ["001-front.png", "003-front.png", "back.png"]
