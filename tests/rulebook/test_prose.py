"""The paragraph above a worked example names only the players and words that example shows
(forge/rulebook/prose.py): every page of the project, and a paragraph edited to name more."""
from __future__ import annotations

import re

import pytest

from forge.engine.examples import parse_examples
from forge.rulebook.prose import check_prose

from ..conftest import ROOT, run_forge
from .conftest import PAGES, edition_text


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_paragraph_above_an_example_names_what_it_shows(game, lang):
    from forge.rulebook.catalogs import prose_of
    from forge.rulebook.staleness import editions_of
    assert [str(e) for e in prose_of(editions_of(ROOT / "rules_src" / game)[lang])] == []


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
    ("*elephant* (B)", "*sky* (B)", "the word sky"),             # a word set as a card's, not in the block
    ("Emma and Farid vote B, thinking", "Emma and Hugo vote B, thinking", "the player Hugo"),   # another example's
], ids=["word", "player"])
def test_check_locates_a_paragraph_naming_what_its_example_lacks(rules_project, old, new, said):
    en = rules_project / "rules_src" / "majority" / "en.md"
    line = _paragraph_start(en, _edit(en, old, new))
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 1, result.stdout + result.stderr
    [error] = [l for l in result.stderr.splitlines() if "paragraph introducing" in l]
    assert error.startswith(f"rules_src/majority/en.md:{line}: the paragraph introducing example "
                            f"majority-first-vote names {said}, which the example does not show"), error


@pytest.mark.parametrize("game,lang", PAGES)
def test_the_editions_speak_to_players(game, lang):
    """No tool talk in the prose (outside code fences and front matter): no "forge", no
    "refused"; a house ruling is named by a link in the text, its id in backticks only at the
    head of its item in the house-rulings list, where every ruling of the engine is explained."""
    from forge.engine.registry import get_game
    text = edition_text(game, lang)
    prose = re.sub(r"```.*?```", "", text.split("\n---\n", 1)[-1], flags=re.S)
    assert re.findall(r"(?i).{0,40}\b(?:forge\b|refus\w*).{0,20}", prose) == []
    rulings = get_game(game, ROOT).RULINGS
    assert [line for line in prose.splitlines() for m in re.finditer(rf"`{game}\.[a-z-]+`", line)
            if not (line.startswith("- ") and m.start() == 2)] == []
    assert [name for name in rulings if not re.search(rf"^- `{re.escape(name)}`", prose, re.M)] == []
