"""The card spec language: what it accepts, and the located errors for what it refuses."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from forge.errors import ErrorGroup
from forge.cardspec.loader import load_spec
from forge.kit import LAYOUT_TABLE
from forge.cardspec.model import MM

BASE = """\
game: demo
languages: [en, fr]
strings:
  en: {title: Demo, card: "Card {n}"}
  fr: {title: Démo, card: "Carte {n}"}
components:
  deck:
    card: mini
    rows:
      - {n: 1}
      - {n: 2, copies: 3}
    front: {layout: numbered, value: "{n}", title: "@card"}
"""


def write(folder: Path, text: str, name: str = "demo.yaml") -> Path:
    (folder / "cardspecs").mkdir(exist_ok=True)
    path = folder / "cardspecs" / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ErrorGroup) as info:
        load_spec(path, path.parent.parent, LAYOUT_TABLE)
    return [str(e) for e in info.value.errors]


def test_valid_spec_resolves(tmp_path):
    spec = load_spec(write(tmp_path, BASE), tmp_path, LAYOUT_TABLE)
    deck = spec.components["deck"]
    assert deck.card_count == 4
    assert deck.size == pytest.approx((44.45 * MM, 63.5 * MM))
    assert deck.print.bleed == pytest.approx(3 * MM)


def test_unknown_key_lists_allowed_keys(tmp_path):
    path = write(tmp_path, BASE.replace("    card: mini", "    card: mini\n    colour: red"))
    [msg] = errors_of(path)
    assert msg.startswith("cardspecs/demo.yaml:9: unknown key 'colour'") or ":9: unknown key 'colour'" in msg
    for allowed in ("kind", "card", "copies", "rows", "data", "front", "back", "print", "extends"):
        assert allowed in msg


def test_wrong_type_names_expected_type(tmp_path):
    path = write(tmp_path, BASE.replace("    card: mini", "    card: mini\n    copies: three"))
    [msg] = errors_of(path)
    assert ":9: 'copies' has the wrong type (expected a whole number" in msg
    assert "got string 'three'" in msg


def test_yaml_syntax_error_is_located(tmp_path):
    path = write(tmp_path, BASE.replace("    card: mini", "    card: [mini"))
    [msg] = errors_of(path)
    assert "demo.yaml:" in msg and "YAML syntax error" in msg


def test_missing_data_file(tmp_path):
    path = write(tmp_path, BASE.replace("""    rows:
      - {n: 1}
      - {n: 2, copies: 3}""", "    data: demo/nowhere.csv"))
    [msg] = errors_of(path)
    assert ":9: data file not found" in msg and "nowhere.csv" in msg


def test_all_problems_are_reported(tmp_path):
    text = BASE.replace("    card: mini", "    card: mini\n    colour: red\n    copies: x")
    text = text.replace("languages: [en, fr]", "languages: [en, fr]\nfont: big")
    assert len(errors_of(write(tmp_path, text))) == 3


def test_data_file_rows_and_lines(tmp_path):
    (tmp_path / "cardspecs" / "demo").mkdir(parents=True)
    (tmp_path / "cardspecs" / "demo" / "rows.csv").write_text("n,copies\n1,2\n2,x\n")
    path = write(tmp_path, BASE.replace("""    rows:
      - {n: 1}
      - {n: 2, copies: 3}""", "    data: demo/rows.csv"))
    [msg] = errors_of(path)
    assert msg.startswith("cardspecs/demo/rows.csv:3: row 'copies'") or "rows.csv:3: row 'copies'" in msg


def test_missing_translation_is_an_error(tmp_path):
    path = write(tmp_path, BASE.replace('fr: {title: Démo, card: "Carte {n}"}', "fr: {title: Démo}"))
    msgs = errors_of(path)
    assert any("string 'card' has no 'fr' translation" in m for m in msgs)


def test_unknown_field_in_template(tmp_path):
    path = write(tmp_path, BASE.replace('value: "{n}"', 'value: "{rank}"'))
    [msg] = errors_of(path)
    assert "unknown field 'rank'" in msg and "expected one of: copies, n" in msg


def test_unknown_layout_parameter(tmp_path):
    path = write(tmp_path, BASE.replace('title: "@card"}', 'title: "@card", size: 3}'))
    [msg] = errors_of(path)
    assert "unknown key 'size' in layout 'numbered'" in msg and "emblem" in msg


def test_component_extends_merges_and_detects_cycles(tmp_path):
    text = BASE + """\
  big:
    extends: deck
    card: poker
"""
    spec = load_spec(write(tmp_path, text), tmp_path, LAYOUT_TABLE)
    assert spec.components["big"].card_count == 4
    assert spec.components["big"].size == pytest.approx((63.5 * MM, 88.9 * MM))
    cyclic = text.replace("  deck:\n", "  deck:\n    extends: big\n")
    assert any("'extends' makes a cycle" in m for m in errors_of(write(tmp_path, cyclic)))


def test_file_extends_and_cycle(tmp_path):
    write(tmp_path, BASE, "base.yaml")
    child = write(tmp_path, "extends: base.yaml\ngame: child\nprint: {paper: letter}\n", "child.yaml")
    spec = load_spec(child, tmp_path, LAYOUT_TABLE)
    assert spec.game == "child" and spec.components["deck"].print.papers == ("letter",)
    write(tmp_path, "extends: b.yaml\n", "a.yaml")
    write(tmp_path, "extends: a.yaml\n", "b.yaml")
    [msg] = errors_of(tmp_path / "cardspecs" / "a.yaml")
    assert "cycle" in msg and "a.yaml → b.yaml → a.yaml" in msg


def test_lengths_and_presets(tmp_path):
    text = BASE.replace("    card: mini", "    card: {width: 2.5in, height: 90}\n    print: {bleed: 0.125in, margin: 1cm}")
    deck = load_spec(write(tmp_path, text), tmp_path, LAYOUT_TABLE).components["deck"]
    assert deck.size == pytest.approx((180.0, 90 * MM))
    assert deck.print.bleed == pytest.approx(9.0) and deck.print.margin == pytest.approx(10 * MM)


def test_cardspec_doc_example_is_valid(doc_project):
    """The complete worked spec in docs/cardspec.md loads as written."""
    spec = load_spec(doc_project / "cardspecs" / "foxhens.yaml", doc_project, LAYOUT_TABLE)
    assert set(spec.components) == {"deck", "reference", "board", "summary"}
    assert spec.components["deck"].card_count == 16


PER_LANGUAGE = BASE.replace("""    rows:
      - {n: 1}
      - {n: 2, copies: 3}
""", """    data: demo/cards-{lang}.csv
""")


def test_data_per_language(tmp_path):
    (tmp_path / "cardspecs" / "demo").mkdir(parents=True)
    (tmp_path / "cardspecs" / "demo" / "cards-en.csv").write_text("n,copies\n1,1\n2,1\n3,2\n", encoding="utf-8")
    (tmp_path / "cardspecs" / "demo" / "cards-fr.csv").write_text("n\nun\n", encoding="utf-8")
    spec = load_spec(write(tmp_path, PER_LANGUAGE), tmp_path, LAYOUT_TABLE)
    deck = spec.components["deck"]
    assert [r.fields["n"] for r in deck.rows_for("en")] == ["1", "2", "3"]
    assert [r.fields["n"] for r in deck.rows_for("fr")] == ["un"]
    assert (deck.count("en"), deck.count("fr")) == (4, 1)


def test_data_per_language_names_the_missing_file(tmp_path):
    (tmp_path / "cardspecs" / "demo").mkdir(parents=True)
    (tmp_path / "cardspecs" / "demo" / "cards-en.csv").write_text("n\n1\n", encoding="utf-8")
    [msg] = errors_of(write(tmp_path, PER_LANGUAGE))
    assert ":9: data file not found" in msg and "cards-fr.csv" in msg


def test_a_spec_loads_as_data_without_the_print_kit(tmp_path):
    """Given no layouts (a rules engine reading its kit), load_spec reads components, rows,
    strings and titles without importing forge.kit, and leaves the faces as written."""
    text = BASE.replace("languages:", 'title: "@title"\nlanguages:').replace('value: "{n}"', 'value: "{rank}"')
    path = write(tmp_path, text)                   # its face names an unknown field: not checked here
    code = ("import sys; from pathlib import Path; from forge.cardspec.loader import load_spec\n"
            f"spec = load_spec(Path({str(path)!r}), Path({str(tmp_path)!r}))\n"
            "deck = spec.components['deck']\n"
            "print(deck.count('en'), spec.titles['fr'], deck.front.layout, deck.front.draws,"
            " any(m.startswith('forge.kit') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["4", "Démo", "numbered", "None", "False"]


def test_the_reference_documents_every_layout_and_its_parameters():
    """docs/cardspec.md has a row per registered layout naming each of its parameters."""
    import forge.kit  # noqa: F401  (registers the layouts)
    from forge.kit.registry import LAYOUTS
    doc = (Path(__file__).resolve().parents[2] / "docs" / "cardspec.md").read_text(encoding="utf-8")
    doc = doc.split("### Layouts of your own")[0]
    rows = {line.split("|")[1].strip(" `"): line for line in doc.splitlines() if line.startswith("| `")}
    assert set(rows) == set(LAYOUTS)
    for name, lay in LAYOUTS.items():
        missing = [p for p in lay.params if f"`{p}`" not in rows[name]]
        assert missing == [], name


def _own_layouts_doc() -> str:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "cardspec.md").read_text(encoding="utf-8")
    return doc.split("### Layouts of your own")[1].split("\n## ")[0]


def test_the_reference_documents_every_part_and_its_properties():
    """docs/cardspec.md, "Layouts of your own", has a row per part type naming each property."""
    from forge.cardspec.part_types import PART_TYPES
    table = "| part | draws |" + _own_layouts_doc().split("| part | draws |")[1].split("\n\n")[0]
    rows = {line.split("|")[1].strip(" `"): line for line in table.splitlines() if line.startswith("| `")}
    assert set(rows) == set(PART_TYPES)
    common = table.splitlines()[0]
    for name, props in PART_TYPES.items():
        missing = [p for p in props if f"`{p}`" not in rows[name] and f"`{p}`" not in common]
        assert missing == [], name


def test_the_documented_layouts_of_your_own_are_valid():
    """The example of "Layouts of your own" declares its layouts without a problem."""
    import yaml as pyyaml

    from forge.cardspec.checks import Problems
    from forge.cardspec.layouts import read_layouts
    from forge.cardspec.yamlload import parse_yaml
    block = _own_layouts_doc().split("```yaml\n")[1].split("```")[0]
    assert pyyaml.safe_load(block)["layouts"]
    raw = parse_yaml(block, "doc.yaml")
    pb = Problems()
    layouts = read_layouts(raw["layouts"], raw.at("layouts"), pb, LAYOUT_TABLE)
    assert pb.errors == []
    assert set(layouts) == {"hero", "villain"}
    villain = {part.name: part for part in layouts["villain"].parts}
    assert list(villain) == ["ground", "art", "band", "name", "value", "mark"]       # text removed, mark added
    assert villain["band"].templates["fill"] == "#8b0000"
