"""A part's ``when:`` comparisons decide what each card prints, read back from the PDF; what
cannot be read stops the build at the spec's line, a value that is no number at its row."""
from __future__ import annotations

from pathlib import Path

from ..conftest import run_forge
from ..pdftools import sheets

SPEC = """\
game: conds
languages: [en]
print: {{paper: [a4], bleed: 3mm}}
layouts:
  card:
    params: {{name: "", type: "", cost: ""}}
    parts:
      name: {{type: text, text: "{{name}}", y: 10%, height: 10%}}
      potion: {{type: text, text: "POTION", y: 30%, height: 10%, when: "{{type}} == potion"}}
      cheap: {{type: text, text: "CHEAP", y: 50%, height: 10%, when: "{when}"}}
components:
  deck:
    card: {{width: 60mm, height: 90mm}}
    data: conds/cards.csv
    print: {{duplex: off}}
    front: {{layout: card, name: "{{name}}", type: "{{type}}", cost: "{{cost}}"}}
"""
ROWS = [("Alpha", "potion", "2"), ("Beta", "ingredient", "5"), ("Gamma", "potion", "7"), ("Delta", "ingredient", "1")]


def build(root: Path, rows=ROWS, when: str = "{cost} < 3 and {type} != potion"):
    (root / "cardspecs" / "conds").mkdir(parents=True)
    (root / "cardspecs" / "conds" / "cards.csv").write_text(
        "name,type,cost\n" + "".join(",".join(r) + "\n" for r in rows), encoding="utf-8")
    (root / "cardspecs" / "conds.yaml").write_text(SPEC.format(when=when), encoding="utf-8")
    return run_forge("build", "conds", "--out", "out", cwd=root)


def test_each_card_prints_the_parts_its_fields_meet(tmp_path):
    assert build(tmp_path).returncode == 0
    [sheet] = sheets(tmp_path / "out" / "conds" / "en" / "deck-a4.pdf")
    printed = {face.words[0].text: {w.text for w in face.words[1:]} for face in sheet.cards}
    assert printed == {"Alpha": {"POTION"}, "Beta": set(), "Gamma": {"POTION"}, "Delta": {"CHEAP"}}


def test_a_condition_that_cannot_be_read_is_an_error_at_its_line(tmp_path):
    result = build(tmp_path, when="{cost} = 3")
    assert result.returncode == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("cardspecs/conds.yaml:10: ") and "'=' is not part of a condition" in first
    assert not (tmp_path / "out").exists()


def test_a_value_that_is_no_number_is_an_error_at_its_row(tmp_path):
    result = build(tmp_path, rows=[*ROWS[:2], ("Omega", "potion", "lots")], when="{cost} < 3")
    assert result.returncode == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("cardspecs/conds/cards.csv:4: ") and "'lots', not a number" in first
