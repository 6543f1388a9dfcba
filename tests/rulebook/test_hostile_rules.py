"""Hostile rules sources, figure texts and page words: bytes that are not UTF-8 text and YAML
bombs in example blocks and front matter. ``forge check`` and ``forge build`` each refuse
them with located lines, exit 2, no traceback, and the build writes nothing."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..conftest import run_forge

EN = "rules_src/dalmuti/en.md"
FIGURES = "rules_src/dalmuti/figures.yaml"
PAGE_WORDS = "templates/i18n/en.yaml"
LOCATED = re.compile(r"^[^\s:][^:]*:\d+: \S")


def _append(path: Path, data: bytes) -> None:
    with path.open("ab") as fh:
        fh.write(data)


def _example(body: str) -> bytes:
    return f"\n```example {{#hostile}}\n{body}\n```\n".encode()


BOMB = "\n".join(["bomb:", "  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
                 + [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)])

CASES = {
    "latin-1 byte in a rules source": (EN, lambda p: _append(p, b"\nLe caf\xe9.\n"), "not UTF-8"),
    "utf-16 rules source": (EN, lambda p: p.write_bytes(p.read_text(encoding="utf-8").encode("utf-16")), "UTF-16"),
    "escape character in a rules source": (EN, lambda p: _append(p, b"\nred \x1b[31m text\n"), "U+001B"),
    "latin-1 byte in figure texts": (FIGURES, lambda p: _append(p, b"\n# caf\xe9\n"), "not UTF-8"),
    "latin-1 byte in page words": (PAGE_WORDS, lambda p: _append(p, b"\n# caf\xe9\n"), "not UTF-8"),
    "a lone brace in a figure text": (FIGURES, lambda p: p.write_text(p.read_text(encoding="utf-8").replace(
        '"Rank to beat: {value}."', '"Rank to beat: {value."')), "expected '}' before end of string"),
    "self alias in an example": (EN, lambda p: _append(p, _example("game: dalmuti\nx: &a [*a]\nexpect: {}")),
                                 "refers to the value that holds it"),
    "billion laughs in an example": (EN, lambda p: _append(p, _example("game: dalmuti\n" + BOMB)),
                                     "aliases are expanded"),
    "deep nesting in an example": (EN, lambda p: _append(p, _example("game: " + "[" * 500 + "]" * 500)),
                                   "nested more than"),
    "a line of 200,000 characters": (EN, lambda p: _append(p, b"\n" + b"word " * 40_000 + b"\n"),
                                     "a line of 200,000 characters (expected at most 100,000)"),
    "501 worked examples": (EN, lambda p: _append(p, "".join(
        f"\n```example {{#many-{i}}}\ngame: dalmuti\nexpect: {{}}\n```\n" for i in range(501)).encode()),
                            "more than 500 worked examples in one edition"),
    "billion laughs in front matter": (EN, lambda p: p.write_text(p.read_text().replace(
        "translation_of: fr\n", "translation_of: fr\n" + BOMB.replace("bomb:", "x:") + "\n", 1)), "aliases are expanded"),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("command", ["check", "build"])
def test_hostile_rules_input_is_refused_located(rules_project, case, command):
    shown, spoil, fragment = CASES[case]
    spoil(rules_project / shown)
    args = ["check"] if command == "check" else ["build", "dalmuti", "--lang", "en", "--out", "out"]
    result = run_forge(*args, cwd=rules_project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = [l for l in result.stderr.splitlines() if not l.startswith("  hint:") and "problems found" not in l]
    assert lines and all(LOCATED.match(l) for l in lines), result.stderr
    assert any(l.startswith(shown + ":") and fragment in l for l in lines), result.stderr
    assert not (rules_project / "out").exists()


def test_check_finds_a_missing_figure_text_before_a_build_would(rules_project):
    figures = rules_project / FIGURES
    figures.write_text(figures.read_text(encoding="utf-8").replace('    table_rank: "Rank to beat: {value}."\n', ""))
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert re.search(r"^rules_src/dalmuti/en\.md:\d+: no en text for expect 'table_rank'", result.stderr, re.M), \
        result.stderr


def test_figure_texts_that_are_not_a_mapping_are_located_for_a_catalog_language(rules_project):
    """The fuzz campaign: the source language's figure texts written as a text (not section →
    texts) was an internal error when a catalog's language (German) was built."""
    figures = rules_project / FIGURES
    head, rest = figures.read_text(encoding="utf-8").split("\nfr:\n", 1)
    figures.write_text(head + "\nfr: just a string\n" + rest[re.search(r"^\S", rest, re.M).start():], encoding="utf-8")
    result = run_forge("build", "dalmuti", "--lang", "de", "--out", "out", cwd=rules_project)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    line = 1 + head.count("\n") + 1
    assert result.stderr.startswith(f"{FIGURES}:{line}: the figure texts in 'fr' must be a mapping"), result.stderr
    assert not (rules_project / "out").exists()


def test_two_source_editions_beside_a_catalog_are_located_at_the_second(rules_project):
    """The fuzz campaign: en.md's 'translation_of' line deleted, with a German catalog beside it,
    gave an error with no line."""
    en = rules_project / EN
    en.write_text(en.read_text(encoding="utf-8").replace("translation_of: fr\n", "", 1), encoding="utf-8")
    result = run_forge("check", "rules_src/dalmuti", cwd=rules_project)
    assert result.returncode == 2, result.stderr
    assert (f"{EN}:1: a catalog (de.po) translates the source edition, and dalmuti has 2 editions that are not "
            "translations (en.md, fr.md)") in result.stderr, result.stderr
