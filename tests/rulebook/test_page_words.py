"""templates/i18n/<lang>.yaml: every key the pages use is declared once and present in each
language; a bad file is a located error, and the previous build is left alone."""
from __future__ import annotations

import re

import pytest

from forge.rulebook.sanitize import PAGE_IDS, RESERVED_CLASSES
from forge.rulebook.ui import OPTIONAL, UI_KEYS

from ..conftest import ROOT, run_forge, tree_digest
from .conftest import previous_build

#: how the file is broken: (a line of en.yaml, what replaces it, the message); the error is
#: at the line holding the first line of the replacement, or at line 1 for a whole file
BROKEN = {
    "tab": ("languages: Languages", "\tlanguages: Languages", "YAML syntax error"),
    "missing-key": ("skip: Skip to the text", "", "missing key 'skip'"),
    "unknown-key": ("skip: Skip to the text", "sitaution: Situation\nskip: Skip", "unknown key 'sitaution'"),
    "not-text": ('turn: "Turn {n}"', "turn: [1, 2]", "'turn' must be text (got list)"),
    "unquoted-no": ('"no": "no"', '"no": no', "'no' must be text (got boolean False)"),
    "empty": (None, "", "the page words file is empty"),
    "only-comments": (None, "# nothing yet", "the page words file is empty"),
    "a-list": (None, "- language: English", "expected a mapping of key: text, got list"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_page_words_file_is_a_located_error(rules_project, case):
    old, new, message = BROKEN[case]
    path = rules_project / "templates" / "i18n" / "en.yaml"
    text = path.read_text(encoding="utf-8")
    if old is None:
        path.write_text(new, encoding="utf-8")
        line = 1
    else:
        path.write_text(text.replace(old + "\n", new + "\n" if new else ""), encoding="utf-8")
        line = text.split("\n").index(old) + 1 if new else 1
    out, before = previous_build(rules_project)
    result = run_forge("build", "dalmuti", "--out", "out", cwd=rules_project)
    assert result.returncode == 2, result.stderr
    assert f"templates/i18n/en.yaml:{line}: {message}" in result.stderr
    assert "hint:" in result.stderr and "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert tree_digest(out) == before


def _used_words() -> set[str]:
    """Every page word named in the templates and in forge/rulebook's Python."""
    used = set()
    for path in (ROOT / "templates").glob("*.j2"):
        used |= set(re.findall(r"\bui\.(\w+)", path.read_text(encoding="utf-8")))
    for path in (ROOT / "forge" / "rulebook").rglob("*.py"):
        for inside in re.findall(r"\b(?:ui|load_ui\([^)]*\))\[([^\]]+)\]", path.read_text(encoding="utf-8")):
            used |= set(re.findall(r"[\"'](\w+)[\"']", inside))
    return used


def test_every_page_word_used_is_declared_and_every_declared_one_is_used():
    used = _used_words()
    assert {"skip", "yes", "no", "language", "pair"} <= used          # the scan finds them
    assert used <= set(UI_KEYS)
    dynamic = {"stale"}           # ui[state], the states of a section ("untranslated" is also said by name)
    assert set(UI_KEYS) - used == dynamic
    assert set(OPTIONAL) - used == {"partial"}                        # ui.get(state): a section partly shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_language_has_exactly_the_declared_words(lang):
    import yaml
    data = yaml.safe_load((ROOT / "templates" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert {k for k in data if not k.startswith("name.")} == set(UI_KEYS) | set(OPTIONAL)


def test_forge_reserves_the_classes_and_ids_of_its_templates():
    classes, page_ids = set(), set()
    for path in (ROOT / "templates").glob("*.j2"):
        text = re.sub(r"\{[{%].*?[%}]\}", " ", path.read_text(encoding="utf-8"))   # the literal parts only
        for value in re.findall(r'class="([^"]*)"', text):
            classes |= set(value.split())
        if path.name in ("rulebook.html.j2", "figure.html.j2", "about.html.j2"):
            page_ids |= set(re.findall(r'id="([^"]*)"', text))
    classes |= set(re.findall(r"\.([a-z][a-z0-9-]*)", (ROOT / "templates" / "rulebook.css").read_text(encoding="utf-8")))
    for path in (ROOT / "forge" / "rulebook").rglob("*.py"):
        classes |= set(re.findall(r'el\.set\("class", "([^"]+)"\)', path.read_text(encoding="utf-8")))
    assert "checked-value" in classes and "example" in classes
    assert classes <= RESERVED_CLASSES
    assert page_ids == set(PAGE_IDS) | {"example- "}      # example-<id>: see forge.rulebook.render.page_ids


def test_the_german_catalog_translates_every_page_word():
    """templates/i18n/de.po (read by Babel, as Poedit would show it): an entry for every key, each
    translated and none fuzzy."""
    from babel.messages.pofile import read_po
    catalog = read_po((ROOT / "templates" / "i18n" / "de.po").open("rb"), locale="de")
    keys = {m.context.removeprefix("ui:"): m for m in catalog if m.id}
    assert {k for k in keys if not k.startswith("name.")} == set(UI_KEYS) | set(OPTIONAL)
    assert all(m.string and not m.fuzzy for m in keys.values())
