"""Layouts declared in a spec: parts placed by shares and lengths, extends:, and every mistake
located at its line."""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from ..conftest import run_forge
from ..pdftools import placements, words

SPEC = """\
game: decl
languages: [en]
print: {paper: [a4], duplex: off}
layouts:
  base:
    params: {name: {required: true}, colour: {kind: colour, default: "#204080"}}
    parts:
      ground: {type: rect, frame: bleed, fill: "{colour}"}
      name: {type: text, text: "{name}", colour: "#ffffff", y: 10%, height: 10mm, size: 14pt}
  gold:
    extends: base
    parts:
      ground: {fill: "#c9a227"}
      note: {type: text, text: "{note}", y: 60%, height: 20mm, wrap: true, size: 9pt}
  tally:
    extends: points
    parts:
      ground: {fill: "#006400"}
components:
  deck:
    card: poker
    rows: [{name: Alpha, note: first card}, {name: Beta, note: second card}]
    front: {layout: gold, name: "{name}"}
  marks:
    card: mini
    rows: [{v: 7}]
    front: {layout: tally, value: "{v}", caption: points}
"""


def make(tmp_path: Path, spec: str = SPEC) -> Path:
    (tmp_path / "cardspecs").mkdir()
    (tmp_path / "cardspecs" / "decl.yaml").write_text(spec, encoding="utf-8")
    return tmp_path


def centre_pixel(pdf: Path) -> tuple[int, int, int]:
    """The colour at the first card's centre, rendered by poppler at 72 dpi."""
    reader = PdfReader(pdf)
    x0, y0, x1, y1 = placements(reader.pages[0], reader)[0].rect
    png = subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf)],
                         capture_output=True, check=True).stdout
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.getpixel((round((x0 + x1) / 2), round(img.height - (y0 + y1) / 2)))


def test_a_layout_extends_another_and_forge_s_own(tmp_path):
    root = make(tmp_path)
    result = run_forge("build", "decl", "--out", "out", cwd=root)
    assert result.returncode == 0, result.stderr
    [deck] = (root / "out" / "decl" / "en").glob("deck*.pdf")
    text = " ".join(w.text for page in words(deck) for w in page)
    assert "Alpha" in text and "first card" in text and "second card" in text    # inherited + added parts
    r, g, b = centre_pixel(deck)
    assert abs(r - 0xc9) < 20 and abs(g - 0xa2) < 20 and b < 80                  # the override's gold
    [marks] = (root / "out" / "decl" / "en").glob("marks*.pdf")
    text = [w.text for page in words(marks) for w in page]
    assert text.count("7") == 3 and "points" in text           # forge's points layout: value, two corners


@pytest.mark.parametrize("change,line,message", [
    ('      name: {type: text, text: "{name}", colour: "#ffffff", y: 10%, height: 10mm, size: 14pt}',
     9, "unknown key 'colr' in a text part"),
    ("      ground: {fill: \"#c9a227\"}", 13, "'x' of part 'ground': not a length"),
    ("    extends: base", 11, "'extends' names an unknown layout"),
    ("      note: {type: text", 14, "unknown type 'txt'"),
])
def test_mistakes_are_located(tmp_path, change, line, message):
    bad = {9: change.replace("colour:", "colr:"), 13: '      ground: {fill: "#c9a227", x: 12 parsecs}',
           11: "    extends: bsae", 14: change.replace("type: text", "type: txt")}[line]
    lines = SPEC.splitlines()
    original = lines[line - 1]
    assert original.startswith(change), original
    lines[line - 1] = bad + original[len(change):]
    root = make(tmp_path, "\n".join(lines) + "\n")
    result = run_forge("build", "decl", "--out", "out", cwd=root)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"cardspecs/decl.yaml:{line}:" in result.stderr and message in result.stderr, result.stderr
    assert not (root / "out").exists()


def test_a_cycle_and_a_field_nobody_has_are_reported(tmp_path):
    spec = SPEC.replace("  base:\n", "  base:\n    extends: gold\n").replace('text: "{note}"', 'text: "{nope}"')
    result = run_forge("build", "decl", "--out", "out", cwd=make(tmp_path, spec))
    assert result.returncode == 2
    assert "makes a cycle" in result.stderr


def test_an_unknown_field_in_a_part_is_located_at_the_part(tmp_path):
    result = run_forge("build", "decl", "--out", "out", cwd=make(tmp_path, SPEC.replace('text: "{note}"', 'text: "{nope}"')))
    assert result.returncode == 2
    assert "cardspecs/decl.yaml:14: part 'note', 'text'" in result.stderr and "nope" in result.stderr


def test_text_that_does_not_fit_is_located_at_the_row(tmp_path):
    spec = SPEC.replace("note: second card}", "note: " + "far too long a note " * 40 + "}")
    result = run_forge("build", "decl", "--out", "out", cwd=make(tmp_path, spec))
    assert result.returncode == 2
    assert "cardspecs/decl.yaml:22: the text 'far too long a note" in result.stderr, result.stderr
    assert "(layout 'gold', language en)" in result.stderr


ICONS = """\
game: decl
languages: [en, fr]
strings: {en: {side: {a: Heads, b: Tails}}, fr: {side: {a: Pile, b: Face}}}
print: {paper: [a4], duplex: off}
layouts:
  badge:
    params: {icon: "", side: ""}
    parts:
      mark: {type: icon, icon: "{icon}", x: 25%, y: 25%, width: 50%, height: 50%, colour: "#aa2200"}
      index: {type: corners, text: "@side.{side}", size: 12pt, colour: "#000000"}
components:
  deck:
    card: poker
    rows: [{icon: crown, side: a}, {icon: star, side: b}]
    front: {layout: badge, icon: "{icon}", side: "{side}"}
"""


def test_icons_and_corner_indices_in_each_language(tmp_path):
    root = make(tmp_path, ICONS)
    result = run_forge("build", "decl", "--out", "out", cwd=root)
    assert result.returncode == 0, result.stderr
    for lang, (a, b) in (("en", ("Heads", "Tails")), ("fr", ("Pile", "Face"))):
        [deck] = (root / "out" / "decl" / lang).glob("deck*.pdf")
        text = [w.text for page in words(deck) for w in page]
        assert text.count(a) == 2 and text.count(b) == 2          # top left, and turned bottom right
        reader = PdfReader(deck)
        x0, y0, x1, y1 = placements(reader.pages[0], reader)[1].rect    # the star's card
        png = subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(deck)],
                             capture_output=True, check=True).stdout
        img = Image.open(io.BytesIO(png)).convert("RGB")
        assert img.getpixel((round((x0 + x1) / 2), round(img.height - (y0 + y1) / 2))) == (0xaa, 0x22, 0x00)


def test_an_unknown_icon_is_located_at_its_row(tmp_path):
    result = run_forge("build", "decl", "--out", "out", cwd=make(tmp_path, ICONS.replace("icon: star", "icon: sun")))
    assert result.returncode == 2
    assert "cardspecs/decl.yaml:14: part 'mark', 'icon': unknown icon" in result.stderr, result.stderr
