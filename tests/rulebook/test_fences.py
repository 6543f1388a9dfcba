"""Code fences in rulebook text, read the way Markdown reads them: closed ones render as code,
examples shown inside a longer fence are not run, an unclosed one is a located error."""
from __future__ import annotations

import pytest

from ..conftest import run_forge, tree_digest
from .conftest import insert_after, previous_build
from .htmltools import NS, find_all, ids, parse, text_of

COMPONENTS = "## Components {#components}"


def _build_en(project):
    result = run_forge("build", "dalmuti", "--lang", "en", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    return parse(project / "out" / "dalmuti" / "en" / "rules.html")


@pytest.mark.parametrize("where", ["before-a-later-fence", "at-the-end"])
def test_an_unclosed_fence_in_a_translation_is_a_located_error(rules_project, where):
    """Today the fence swallows every later heading and the build succeeds."""
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    if where == "at-the-end":
        text = en.read_text(encoding="utf-8")
        line = text.count("\n") + 2
        en.write_text(text + "\n```\nthe rest is not code\n", encoding="utf-8")
        said = "is never closed"
    else:
        line = insert_after(en, "Life is unfair, and this game makes no secret of it. Around the table a small, very",
                            "```\nplay 9 9 J")
        said = "is not closed before line"
    out, before = previous_build(rules_project)
    for args in (["check"], ["build", "dalmuti", "--out", "out"]):
        result = run_forge(*args, cwd=rules_project)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert f"rules_src/dalmuti/en.md:{line}: the code fence ``` opened here {said}" in result.stderr
        assert "hint: close it with a line holding only ```" in result.stderr
        assert "Traceback" not in result.stderr
    assert tree_digest(out) == before


def test_a_closed_python_fence_renders_as_a_code_block(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    insert_after(en, COMPONENTS, "```python\nfor card in deck:\n    print(card)\n```")
    root = _build_en(rules_project)
    blocks = [pre for pre in find_all(root, "pre") if "print(card)" in text_of(pre)]
    assert len(blocks) == 1, "one <pre> block"
    code = blocks[0].find(f"{NS}code")
    assert code is not None and code.get("class") == "language-python"
    assert "".join(code.itertext()) == "for card in deck:\n    print(card)\n"
    assert not [c for c in find_all(root, "code") if "python" in text_of(c)], "not inline code"


def test_an_example_shown_in_a_markdown_fence_is_code_and_not_run(rules_project):
    """Its expectation is false and its id is in no other edition: were it run, check would fail."""
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    shown = ("````markdown\n```example {#shown-only}\ngame: dalmuti\nexpect:\n  deck: {numbered: 80, total: 82}\n```\n"
             "## Setup {#setup}\n````")
    insert_after(en, COMPONENTS, shown)
    result = run_forge("check", "--strict", cwd=rules_project)
    assert result.returncode == 0, result.stderr
    assert "shown-only" not in result.stderr
    root = _build_en(rules_project)
    assert "example-shown-only" not in ids(root)
    assert ids(root).count("setup") == 1, "a heading inside a fence is not a heading"
    code = [c for c in find_all(root, "code") if c.get("class") == "language-markdown"]
    assert len(code) == 1
    assert "".join(code[0].itertext()) == "\n".join(shown.split("\n")[1:-1]) + "\n"


def test_a_duplicate_example_id_in_one_file_is_a_located_error(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    text = en.read_text(encoding="utf-8")
    first = text.split("\n").index("```example {#dalmuti-deck}") + 1
    block = text[text.index("```example {#dalmuti-deck}"):]
    block = block[:block.index("\n```\n") + 4]
    line = insert_after(en, "## Setting up the first game {#setup}", block.strip())
    out, before = previous_build(rules_project)
    for args in (["check"], ["build", "dalmuti", "--out", "out"]):
        result = run_forge(*args, cwd=rules_project)
        assert result.returncode == 2, (args, result.stderr)
        assert (f"rules_src/dalmuti/en.md:{line}: example id 'dalmuti-deck' is used twice in this file "
                f"(first at line {first})") in result.stderr
        assert "hint:" in result.stderr and "Traceback" not in result.stderr
    assert tree_digest(out) == before


def test_an_example_fence_without_an_id_is_a_located_error(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    line = insert_after(en, COMPONENTS, "```example\ngame: dalmuti\nexpect: {deck: {total: 80}}\n```")
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 2
    assert f"rules_src/dalmuti/en.md:{line}: an example block needs an id" in result.stderr
    assert "Traceback" not in result.stderr
