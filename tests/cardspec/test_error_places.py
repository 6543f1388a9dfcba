"""Each fault reported where the designer fixes it: a bad value of a string at its line in the
strings file, a string key made of a card's field that names no string at that card's row, a
missing image with the closest file name."""
from __future__ import annotations

from pathlib import Path

from ..conftest import run_forge

STRINGS = """\
fr:
  game: {title: Pot}
  cards: {title: Cartes}
  colours: {"1": "#aa0000", "2": "#zz0000", "3": navy}
en:
  game: {title: Pot}
  cards: {title: Cards}
  colours: {"1": "#aa0000", "2": "#zz0000", "3": navy}
"""


def new_game(root: Path) -> Path:
    assert run_forge("new", "pot", cwd=root).returncode == 0
    return root / "cardspecs"


def coloured_by_value(specs: Path, strings: str) -> None:
    spec = specs / "pot.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        '    front: {layout: card, name: "{name}"', '    front: {layout: card, colour: "@colours.{value}", name: "{name}"'),
        encoding="utf-8")
    (specs / "pot" / "strings.yaml").write_text(strings, encoding="utf-8")


def errors(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("cardspecs/")]


def test_a_strings_bad_colour_is_reported_at_its_line_in_each_language(tmp_path):
    specs = new_game(tmp_path)
    coloured_by_value(specs, STRINGS)
    result = run_forge("build", "pot", cwd=tmp_path)
    assert result.returncode == 2
    assert [e.split(" '#zz0000'")[0] for e in errors(result)] == [
        f"cardspecs/pot/strings.yaml:{line}: string 'colours.2': 'colour': not a colour (expected #rrggbb, #rgb or a "
        "CSS colour name such as navy, got string" for line in (4, 8)]


def test_a_string_key_a_card_makes_and_no_string_has_is_reported_at_that_card(tmp_path):
    specs = new_game(tmp_path)
    coloured_by_value(specs, STRINGS.replace('"2": "#zz0000", ', ""))
    result = run_forge("build", "pot", cwd=tmp_path)
    assert result.returncode == 2
    assert {e.split(" (layout")[0] for e in errors(result)} == {
        "cardspecs/pot/cards.csv:3: 'colour': unknown string key 'colours.2' (expected a key of the strings table)"}
    assert "hint: add 'colours.2' to the strings of each language" in result.stderr


def test_a_missing_image_names_the_closest_file(tmp_path):
    specs = new_game(tmp_path)
    csv = specs / "pot" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("deck.,example.png", "deck.,exmaple.png"), encoding="utf-8")
    result = run_forge("build", "pot", cwd=tmp_path)
    assert result.returncode == 2
    assert errors(result)[0] == "cardspecs/pot/cards.csv:2: image not found: exmaple.png"
    assert "  hint: did you mean example.png? (in art/)" in result.stderr.splitlines()
