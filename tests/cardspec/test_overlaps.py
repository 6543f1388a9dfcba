"""Parts of a declared layout that would print over each other are a located warning
(forge/cardspec/overlaps.py): two text boxes that meet, a text box reaching a corner index."""
from __future__ import annotations

from pathlib import Path

from ..conftest import run_forge

SPEC = """\
game: lap
languages: [en]
print: {{paper: [a4]}}
layouts:
  card:
    params: {{name: "", text: ""}}
    parts:
      name: {{type: text, text: "{{name}}", x: 35%, width: 30%, y: 5%, height: 15%}}
      text: {{type: text, text: "{{text}}", wrap: true, frame: safe, y: {text_y}, height: {text_h}}}
      value: {{type: corners, text: "7", size: 12pt}}
components:
  deck:
    card: poker
    rows: [{{name: Fox, text: "Runs."}}]
    front: {{layout: card, name: "{{name}}", text: "{{text}}"}}
"""


def build(root: Path, text_y: str, text_h: str, *extra: str):
    (root / "cardspecs").mkdir()
    (root / "cardspecs" / "lap.yaml").write_text(SPEC.format(text_y=text_y, text_h=text_h), encoding="utf-8")
    return run_forge("build", "lap", "--out", "out", *extra, cwd=root)


def test_boxes_apart_give_no_warning(tmp_path):
    result = build(tmp_path, "30%", "60% - 8mm")
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr


def test_a_text_box_over_another_and_over_a_corner_is_warned_at_its_line(tmp_path):
    result = build(tmp_path, "10%", "90%")
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert warnings[0].startswith("cardspecs/lap.yaml:8: warning: layout 'card': text parts 'name' and 'text' "
                                  "overlap on 63.5 × 88.9 mm cards")
    assert warnings[1].startswith("cardspecs/lap.yaml:9: warning: layout 'card': text part 'text' (")
    assert "reaches the corner index 'value' on 63.5 × 88.9 mm cards" in warnings[1]
    assert len(warnings) == 2


def test_strict_makes_an_overlap_an_error(tmp_path):
    result = build(tmp_path, "10%", "90%", "--strict")
    assert result.returncode == 2 and not (tmp_path / "out").exists()
