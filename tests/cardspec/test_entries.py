"""Cards from the entries of a YAML mapping with texts per language (``data: {file, entries, …}``):
one card per entry, in every language, and a located error for whatever the kit would drop."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from forge.errors import ErrorGroup
from forge.cardspec.loader import load_spec
from forge.kit import LAYOUT_TABLE

SPEC = """\
game: demo
languages: [fr, en]
components:
  rules:
    card: poker
    data:
      file: ../shared/rules.yaml
      entries: rules
      text: [title, text]
      texts: [phrases]
      others: [when]
    front: {layout: rule_card, title: "{title}", text: "{text}", phrases: "{phrases}", tag: "{id}"}
"""
RULES = """\
phrases: {base: {fr: Chat vert, en: Chat vert}}
rules:
  owl:
    title: {fr: La chouette, en: The owl}
    text: {fr: Qui pose un 3 dit « Hou »., en: Whoever plays a 3 says “Hoo”.}
    phrases: {hoo: {fr: Hou, en: Hoo}, hush: {fr: Chut, en: Hush}}
    when: {play: {number: 3}}
  mole:
    title: {fr: La taupe, en: The mole}
    text: {fr: Rien à dire., en: Nothing to say.}
"""


def project(tmp_path: Path, spec: str = SPEC, rules: str = RULES) -> Path:
    (tmp_path / "cardspecs").mkdir()
    (tmp_path / "shared").mkdir()
    (tmp_path / "cardspecs" / "demo.yaml").write_text(textwrap.dedent(spec), encoding="utf-8")
    (tmp_path / "shared" / "rules.yaml").write_text(textwrap.dedent(rules), encoding="utf-8")
    return tmp_path / "cardspecs" / "demo.yaml"


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ErrorGroup) as info:
        load_spec(path, path.parent.parent, LAYOUT_TABLE)
    return [str(e) for e in info.value.errors]


def test_one_card_per_entry_in_every_language(tmp_path):
    spec = load_spec(project(tmp_path), tmp_path, LAYOUT_TABLE)
    rules = spec.components["rules"]
    assert not rules.rows
    fr, en = rules.rows_for("fr"), rules.rows_for("en")
    assert [r.fields for r in fr] == [
        {"id": "owl", "title": "La chouette", "text": "Qui pose un 3 dit « Hou ».", "phrases": "Hou\nChut"},
        {"id": "mole", "title": "La taupe", "text": "Rien à dire.", "phrases": ""}]
    assert [r.fields["title"] for r in en] == ["The owl", "The mole"]
    assert [r.fields["phrases"] for r in en] == ["Hoo\nHush", ""]
    assert all(r.location.file.endswith("shared/rules.yaml") for r in fr + en)
    assert [r.location.line for r in fr] == [3, 8]                     # each card at its entry's line
    assert rules.count("fr") == rules.count("en") == 2


def _line(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("case, edit, at, fragment", [
    ("unknown key in an entry", ("    when: {play: {number: 3}}", "    whne: {play: {number: 3}}"),
     "whne:", "unknown key 'whne' in entry 'owl'"),
    ("a title without English", ("title: {fr: La taupe, en: The mole}", "title: {fr: La taupe}"),
     "title: {fr: La taupe}", "'title' of 'mole' has no 'en' text"),
    ("a language not built", ("title: {fr: La taupe, en: The mole}", "title: {fr: La taupe, en: The mole, de: Maulwurf}"),
     "de: Maulwurf", "a language the kit does not build"),
    ("an entry without its text", ("    text: {fr: Rien à dire., en: Nothing to say.}\n", ""),
     "  mole:", "entry 'mole' has no 'text'"),
    ("an empty text", ("{fr: Rien à dire., en: Nothing to say.}", "{fr: Rien à dire., en: '  '}"),
     "en: '  '", "'text' of 'mole' in 'en' is not a text"),
    ("a phrase that is a list", ("hush: {fr: Chut, en: Hush}", "hush: [Chut, Hush]"),
     "hush: [", "'phrases.hush' of 'owl' has the wrong type"),
    ("no such key in the file", ("rules:\n", "regles:\n"), "phrases:", "the file has no 'rules'"),
])
def test_what_the_kit_would_drop_is_a_located_error(tmp_path, case, edit, at, fragment):
    """Each fault is one error, in the rules file at the line that holds ``at``; the entry
    at fault makes no card (no second error from the card's templates)."""
    rules = RULES.replace(*edit)
    assert rules != RULES, case
    [msg] = errors_of(project(tmp_path, rules=rules))
    assert fragment in msg, msg
    file, line = msg.split(":")[:2]
    assert file.endswith("shared/rules.yaml") and int(line) == _line(rules, at), msg


@pytest.mark.parametrize("value, fragment", [
    ("../../outside/rules.yaml", "the path leaves the project"),
    ("/etc/passwd", "absolute paths are not allowed"),
    ("../shared/nowhere.yaml", "data file not found"),
])
def test_the_file_must_be_inside_the_project(tmp_path, value, fragment):
    path = project(tmp_path, spec=SPEC.replace("../shared/rules.yaml", value))
    [msg] = errors_of(path)
    assert msg.startswith(f"{path.parent.name}/demo.yaml:7: ") or ":7: " in msg, msg
    assert fragment in msg, msg


@pytest.mark.parametrize("edit, fragment", [
    (("      others: [when]\n", "      others: [when]\n      sort: title\n"), "unknown key 'sort' in a 'data' mapping"),
    (("      entries: rules\n", ""), "the 'data' mapping needs 'entries'"),
    (("texts: [phrases]", "texts: [title]"), "entry key 'title' is named twice"),
    (("text: [title, text]", "text: [title, id]"), "entry key 'id' cannot be a field"),
    (("others: [when]", "others: 5"), "'others' has the wrong type"),
])
def test_the_data_mapping_itself_is_checked(tmp_path, edit, fragment):
    spec = SPEC.replace(*edit)
    assert spec != SPEC
    msgs = errors_of(project(tmp_path, spec=spec))
    assert any(fragment in m and "demo.yaml:" in m for m in msgs), msgs


def test_rows_and_a_mapping_together_are_refused(tmp_path):
    spec = SPEC.replace("    card: poker\n", "    card: poker\n    rows: [{}]\n")
    assert any("'rows' or 'data', not both" in m for m in errors_of(project(tmp_path, spec=spec)))
