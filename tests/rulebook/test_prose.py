"""The paragraph above a worked example names only the players and words that example shows
(forge/rulebook/prose.py): every page of the project, and a paragraph edited to name more."""
from __future__ import annotations

import pytest

from forge.engine.examples import parse_examples
from forge.rulebook.prose import check_prose

from ..conftest import ROOT, run_forge
from .conftest import PAGES


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_paragraph_above_an_example_names_what_it_shows(game, lang):
    path = ROOT / "rules_src" / game / f"{lang}.md"
    assert [str(e) for e in check_prose(path, parse_examples(path))] == []


def _edit(path, old: str, new: str) -> int:
    """Replace ``old`` (once) by ``new``; the file line where it was."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def _paragraph_start(path, line: int) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    while line > 1 and lines[line - 2].strip():
        line -= 1
    return line


@pytest.mark.parametrize("old,new,said", [
    ("*blue* (B)", "*sky* (B)", "the word sky"),                 # a word set as a card's, not in the block
    ("Emma and Farid vote B;", "Emma and Hugo vote B;", "the player Hugo"),   # a player of another example
], ids=["word", "player"])
def test_check_locates_a_paragraph_naming_what_its_example_lacks(rules_project, old, new, said):
    en = rules_project / "rules_src" / "majority" / "en.md"
    line = _paragraph_start(en, _edit(en, old, new))
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 1, result.stdout + result.stderr
    [error] = [l for l in result.stderr.splitlines() if "paragraph introducing" in l]
    assert error.startswith(f"rules_src/majority/en.md:{line}: the paragraph introducing example "
                            f"majority-first-vote names {said}, which the example does not show"), error
