"""Styled text on cards (forge/cardspec/markup.py, forge/kit/rich_text.py), read back from the
PDF: each run in its font and colour (PDFium), every word whole and inside its box
(``pdftotext -bbox``), inline icons on their line, and markup errors at their cell."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from ..conftest import run_forge
from ..pdftools import _walk, chars, placements, sheets, within

MM = 72 / 25.4
#: the text part's box on the card, mm from the trim's top left corner: x, y, width, height
BOX = (5.0, 45.0, 50.0, 35.0)

SPEC = """\
game: sty
languages: [en]
print: {paper: [a4], bleed: 3mm}
icons:
  coin: sty/coin.png
layouts:
  styled:
    params: {text: "", value: ""}
    parts:
      text: {type: text, text: "{text}", x: 5mm, y: 45mm, width: 50mm, height: 35mm, wrap: true,
             size: 12pt, align: left, valign: top}
      index: {type: corners, text: "{value}", font: bold, size: 12pt}
components:
  deck:
    card: {width: 60mm, height: 90mm}
    data: sty/cards.csv
    print: {duplex: off}
    front: {layout: styled, text: "{text}", value: "{value}"}
"""
STORM = "<color #b03a2e>**Storm:**</color> every player discards *two* cards, then draws one. "
ROWS = [
    ("**Brew:** gain 2 {coin} and a {star}.", "**7**"),
    (STORM * 5, "8"),
    ("First line.<br>*Second line.*", "9"),
]
PLAIN = ["Brew: gain 2 and a .", (STORM * 5).replace("<color #b03a2e>**Storm:**</color>", "Storm:")
         .replace("*two*", "two"), "First line. Second line."]


def project(root: Path, rows: list[tuple[str, str]]) -> Path:
    folder = root / "cardspecs" / "sty"
    folder.mkdir(parents=True)
    coin = Image.new("RGBA", (200, 100), (0, 0, 0, 0))            # twice as wide as tall
    ImageDraw.Draw(coin).ellipse((0, 0, 199, 99), fill=(212, 160, 23, 255))
    coin.save(folder / "coin.png")
    (folder / "cards.csv").write_text("text,value\n" + "".join(f'"{t}",{v}\n' for t, v in rows), encoding="utf-8")
    (root / "cardspecs" / "sty.yaml").write_text(SPEC, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    root = project(tmp_path_factory.mktemp("styled"), ROWS)
    result = run_forge("build", "sty", "--out", "out", cwd=root)
    assert result.returncode == 0, result.stderr
    return root / "out" / "sty" / "en" / "deck-a4.pdf"


def _box(trim) -> tuple[float, float, float, float]:
    x, y, w, h = (v * MM for v in BOX)
    return trim[0] + x, trim[3] - y - h, trim[0] + x + w, trim[3] - y


def test_each_run_prints_in_its_face_and_colour(deck):
    text = chars(deck)
    said = "".join(c.char for c in text)

    def run(word: str):
        start = said.index(word)
        return {(c.font, c.colour) for c in text[start:start + len(word)]}

    assert run("Brew:") == {("DejaVuSans-Bold", (0, 0, 0))}
    assert run("gain") == {("DejaVuSans", (0, 0, 0))}
    assert run("Storm:") == {("DejaVuSans-Bold", (0xb0, 0x3a, 0x2e))}
    assert run("two") == {("DejaVuSans-Oblique", (0, 0, 0))}
    assert run("Second") == {("DejaVuSans-Oblique", (0, 0, 0))}


def test_every_word_is_printed_whole_inside_its_box(deck):
    [sheet] = sheets(deck)
    assert len(sheet.cards) == len(ROWS)
    for face, plain, (_, value) in zip(sheet.cards, PLAIN, ROWS):
        box = _box(face.trim)
        inside = sorted((w for w in face.words if within(w.rect, box)),       # in reading order
                        key=lambda w: (-round(w.centre[1]), w.rect[0]))
        outside = [w.text for w in face.words if not within(w.rect, box)]
        assert outside == [value.strip("*")] * 2                  # the corner index, twice
        assert " ".join(w.text for w in inside).split() == plain.split()


def test_a_long_styled_text_is_shrunk_to_its_box(deck):
    [sheet] = sheets(deck)
    heights = [max(w.height for w in face.words if within(w.rect, _box(face.trim))) for face in sheet.cards]
    assert heights[1] < 0.75 * heights[0]                         # 12 pt asked; it fits smaller


def test_an_icon_sits_on_its_line_between_its_words(deck):
    reader = PdfReader(deck)
    page = reader.pages[0]
    [sheet] = sheets(deck)
    first = sheet.cards[0]
    form = page["/Resources"]["/XObject"][first.form].get_object()
    images = form["/Resources"]["/XObject"]
    [(x, y, w, h)] = [(ctm[4], ctm[5], ctm[0], ctm[3]) for operands, op, ctm in _walk(page, reader, form)
                      if op == b"Do" and images[operands[0]].get_object()["/Subtype"] == "/Image"]
    [placed] = [p for p in placements(page, reader) if p.name == first.form]
    x0, y0 = (float(v) for v in form["/BBox"][:2])                 # the form's corner on the page
    left, bottom = placed.rect[0] + x - x0, placed.rect[1] + y - y0
    two = next(word for word in first.words if word.text == "2")
    after = next(word for word in first.words if word.text == "and")
    assert w == pytest.approx(2 * h, rel=1e-3)                     # the image's proportions kept
    assert two.rect[2] < left and left + w < after.rect[0]        # between "2" and "and"
    assert two.rect[1] <= bottom + h / 2 <= two.rect[3]           # its middle on the line
    assert h == pytest.approx(two.height, rel=0.35)               # as tall as the line


def test_markup_that_cannot_be_read_stops_the_build_at_its_cell(tmp_path):
    root = project(tmp_path, [ROWS[0], ("**Storm: never closed", "8")])
    result = run_forge("build", "sty", "--out", "out", cwd=root)
    assert result.returncode == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("cardspecs/sty/cards.csv:3: ")
    assert "column 'text'" in first and "never closed" in first
    assert "Traceback" not in result.stderr and not (root / "out").exists()


@pytest.mark.parametrize("icons,said", [
    ("{star: sty/coin.png}", "icon 'star' is one of forge's own icons"),
    ("{coin: ../../outside.png}", "outside"),
    ("{coin: sty/nowhere.png}", "nowhere.png"),
    ("[sty/coin.png]", "'icons' has the wrong type"),
])
def test_a_bad_icon_is_one_located_error(tmp_path, icons, said):
    root = project(tmp_path, [("plain", "1")])
    spec = root / "cardspecs" / "sty.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("icons:\n  coin: sty/coin.png", f"icons: {icons}"),
                    encoding="utf-8")
    result = run_forge("build", "sty", "--out", "out", cwd=root)
    assert result.returncode == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("cardspecs/")]
    assert len(errors) == 1 and errors[0].startswith("cardspecs/sty.yaml:4: ") and said in errors[0], result.stderr
    assert not (root / "out").exists()


def test_black_text_overprints_in_cmyk_only(tmp_path):
    """In a CMYK build the black text is set to overprint (op and OPM 1 in its graphics state), so
    a shift of the plates leaves no white edge round it; an RGB build has no overprint."""
    from pypdf import PdfReader
    root = project(tmp_path, ROWS[:1])
    for mode, expected in (("--cmyk", True), (None, False)):
        out = tmp_path / f"out-{mode}"
        assert run_forge("build", "sty", "--out", str(out), *([mode] if mode else []), cwd=root).returncode == 0
        page = PdfReader(out / "sty" / "en" / "deck-a4.pdf").pages[0]
        states = [s.get_object() for form in page["/Resources"]["/XObject"].values()
                  for s in form.get_object()["/Resources"].get("/ExtGState", {}).values()]
        assert any(bool(s.get("/op", False)) for s in states) is expected, mode     # each gs it names is there
        assert any(s.get("/OPM") == 1 for s in states) is expected, mode


def test_a_large_icon_is_stored_at_600_dpi_of_its_text_size(tmp_path):
    # a 2000 × 1000 icon in 12 pt text: 12 pt is 1/6 inch, 100 pixels at 600 dpi
    root = project(tmp_path, ROWS[:1])
    big = Image.new("RGBA", (2000, 1000), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse((0, 0, 1999, 999), fill=(212, 160, 23, 255))
    big.save(root / "cardspecs" / "sty" / "coin.png")
    assert run_forge("build", "sty", "--out", "out", cwd=root).returncode == 0
    [stored] = [i.image for i in PdfReader(root / "out" / "sty" / "en" / "deck-a4.pdf").pages[0].images]
    assert 95 <= stored.size[1] <= 101 and stored.size[0] == pytest.approx(2 * stored.size[1], abs=1)
