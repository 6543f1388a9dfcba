"""A spec's own TrueType fonts (forge/cardspec/fonts.py), read back from the PDF: each face
embedded and subset and used where the text asks for it (PDFium names each character's font);
a character the font lacks is a located warning; a bad font file, a missing face or an unknown
font name a located error."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from ..conftest import ROOT, run_forge
from ..pdftools import chars

SPEC = """\
game: own
languages: [en]
print: {{paper: [a4]}}
fonts:
  fancy: own/Fancy.ttf
  body: {{regular: own/Body.ttf, bold: own/Body-Bold.ttf}}
layouts:
  card:
    params: {{name: "", text: ""}}
    parts:
      name: {{type: text, text: "{{name}}", font: {name_font}, y: 5%, height: 15%}}
      text: {{type: text, text: "{{text}}", font: body, wrap: true, y: 30%, height: 60%}}
components:
  deck:
    card: poker
    data: own/cards.csv
    print: {{duplex: off}}
    front: {{layout: card, name: "{{name}}", text: "{{text}}"}}
"""
#: the project's font files, copies of faces forge's own text never takes here (its default is sans)
FILES = {"Fancy.ttf": "DejaVuSans-BoldOblique.ttf", "Body.ttf": "DejaVuSans-Oblique.ttf",
         "Body-Bold.ttf": "DejaVuSerif-Bold.ttf"}


def project(root: Path, rows: str = "Fox,**Brew:** gain two.\n", name_font: str = "fancy") -> Path:
    folder = root / "cardspecs" / "own"
    folder.mkdir(parents=True)
    for name, source in FILES.items():
        shutil.copy(ROOT / "forge" / "fonts" / source, folder / name)
    (folder / "cards.csv").write_text("name,text\n" + rows, encoding="utf-8")
    (root / "cardspecs" / "own.yaml").write_text(SPEC.format(name_font=name_font), encoding="utf-8")
    return root


def build(root: Path, *extra: str):
    return run_forge("build", "own", "--out", "out", *extra, cwd=root)


def test_each_text_is_set_in_the_face_it_names(tmp_path):
    root = project(tmp_path)
    assert build(root).returncode == 0
    pdf = root / "out" / "own" / "en" / "deck-a4.pdf"
    text = chars(pdf)
    said = "".join(c.char for c in text)

    def font_of(word: str) -> set[str]:
        start = said.index(word)
        return {c.font for c in text[start:start + len(word)]}
    assert font_of("Fox") == {"DejaVuSans-BoldOblique"}                  # fancy: its one face
    assert font_of("Brew:") == {"DejaVuSerif-Bold"}                      # body, bold: Body-Bold.ttf
    assert font_of("gain") == {"DejaVuSans-Oblique"}                     # body, regular: Body.ttf
    fonts = [f.get_object() for page in PdfReader(pdf).pages for form in page["/Resources"]["/XObject"].values()
             for f in form.get_object()["/Resources"]["/Font"].values()]
    embedded = {f["/BaseFont"] for f in fonts if "/FontFile2" in f["/FontDescriptor"]}
    assert {"DejaVuSans-BoldOblique", "DejaVuSerif-Bold", "DejaVuSans-Oblique"} <= {b.split("+")[1] for b in embedded}
    assert all(b.lstrip("/")[6] == "+" for b in embedded)                # subset: a tag before the name


def test_a_character_the_font_lacks_is_a_warning_at_its_row(tmp_path):
    root = project(tmp_path, rows="Fox,gain two.\nRenard 漢,gain one.\n")
    result = build(root)
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert warnings == ["cardspecs/own/cards.csv:3: warning: part 'name': the font 'fancy' (regular) has no glyph "
                        "for '漢' (U+6F22): it would print as an empty box"]
    assert build(project(tmp_path / "again", rows="Renard 漢,x\n"), "--strict").returncode == 2


@pytest.mark.parametrize("change,said,line", [
    (lambda root: (root / "cardspecs/own/Fancy.ttf").write_bytes(b"OTTO" + bytes(200)),
     "font 'fancy' (regular): an OpenType font with PostScript (CFF) outlines", 5),
    (lambda root: (root / "cardspecs/own/Fancy.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(200)),
     "font 'Fancy.ttf' cannot be used", 5),
    (lambda root: (root / "cardspecs/own/Fancy.ttf").unlink(), "font 'fancy' (regular): cannot read", 5),
    (lambda root: (root / "cardspecs/own/cards.csv").write_text("name,text\nFox,*gain* two.\n"),
     "the font 'body' has no italic face", None),
])
def test_a_bad_font_is_one_located_error_and_nothing_is_written(tmp_path, change, said, line):
    root = project(tmp_path)
    change(root)
    result = build(root)
    assert result.returncode == 2 and not (root / "out").exists()
    [first] = [line_ for line_ in result.stderr.splitlines() if line_.startswith("cardspecs/")][:1]
    where = f"cardspecs/own.yaml:{line}: " if line else "cardspecs/own/cards.csv:2: "
    assert first.startswith(where) and said in first, result.stderr


def test_an_unknown_font_name_is_an_error_at_the_part(tmp_path):
    result = build(project(tmp_path, name_font="fancey"))
    assert result.returncode == 2
    assert result.stderr.startswith("cardspecs/own.yaml:11: part 'name': unknown font 'fancey' (expected one of: "
                                    "sans, bold, serif, fancy, body)")
