"""forge check: the worked examples of rules_src hold, and a wrong one is caught and located."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from forge.engine.examples import check_paths, parse_examples

from ..conftest import ROOT, run_forge

SEED_EXAMPLES = {
    "dalmuti": {"dalmuti-deck", "dalmuti-jester-alone", "dalmuti-jester-in-a-set", "dalmuti-trick",
                "dalmuti-exchange", "dalmuti-revolution", "dalmuti-greater-revolution",
                "dalmuti-scoring-five", "dalmuti-climbing-bonus", "dalmuti-bonus-after-revolution",
                "dalmuti-session-tie"},
    "majority": {"majority-first-vote", "majority-two-left", "majority-no-majority", "majority-score-wins",
                 "majority-score-loses", "majority-tie-three", "majority-tie-with-score",
                 "majority-tie-score-two-left", "majority-shared-win", "majority-tie-four"},
}


def _blocks(folder) -> int:
    """Example blocks written in the rules sources below ``folder``, counted by their fences."""
    return sum(line.startswith("```example {#") for p in sorted(folder.rglob("*.md"))
               for line in p.read_text(encoding="utf-8").splitlines())


def test_forge_check_passes_on_rules_src():
    result = run_forge("check")
    assert result.returncode == 0, result.stdout + result.stderr
    n = _blocks(ROOT / "rules_src")
    assert n >= 36 and f"{n} examples checked: {n} hold, 0 fail" in result.stdout


@pytest.mark.parametrize("game", sorted(SEED_EXAMPLES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_seed_example_is_in_both_editions(game, lang):
    ids = {e.id for e in parse_examples(ROOT / "rules_src" / game / f"{lang}.md")}
    assert ids == SEED_EXAMPLES[game]


@pytest.fixture
def rules(tmp_path) -> Path:
    """A copy of the project (its rules and the printed kits their engines play)."""
    shutil.copytree(ROOT / "rules_src", tmp_path / "rules_src")
    shutil.copytree(ROOT / "cardspecs", tmp_path / "cardspecs")
    return tmp_path / "rules_src"


def test_seed_deck_statement_fails(rules):
    """The seed says "80 numbered cards from 1 to 12 plus 2 jokers": 1 + … + 12 is 78."""
    en = rules / "dalmuti" / "en.md"
    text = en.read_text()
    en.write_text(text.replace("deck: {numbered: 78, jesters: 2, total: 80}",
                               "deck: {numbered: 80, jesters: 2, total: 82}"))
    result = run_forge("check", str(rules))
    assert result.returncode == 1
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip().startswith("deck:"))
    assert f"rules_src/dalmuti/en.md:{line}: example dalmuti-deck: deck expected" in result.stderr


def _numbers_in_expect(text: str):
    """(offset, length, line, block start, block end) of every number inside an expect: section."""
    lines = text.splitlines(keepends=True)
    offset, in_block, in_expect, start = 0, False, False, 0
    for n, line in enumerate(lines, 1):
        if line.startswith("```example"):
            in_block, in_expect, start = True, False, n
        elif line.startswith("```") and in_block:
            in_block = False
        elif in_block and re.match(r"^\w", line):
            in_expect = line.startswith("expect:")
        elif in_block and in_expect:
            for m in re.finditer(r"(?<![\w.-])\d+(?![\w.])", line):
                yield offset + m.start(), len(m.group()), n, start
        offset += len(line)


def test_changed_number_exits_1_naming_file_and_line(rules):
    path = rules / "majority" / "en.md"
    text = path.read_text()
    off, length, line, _ = next(_numbers_in_expect(text))
    path.write_text(text[:off] + "99" + text[off + length:])
    result = run_forge("check", str(rules))
    assert result.returncode == 1
    assert re.search(rf"rules_src/majority/en\.md:{line}: example majority-\S+: \w+ expected", result.stderr)


def test_an_edition_lacking_an_example_fails_naming_the_id(rules):
    en = rules / "majority" / "en.md"
    text = en.read_text()
    start = text.index("```example {#majority-no-majority}")
    end = text.index("```\n", start + 10) + 4
    en.write_text(text[:start] + text[end:])
    result = run_forge("check", str(rules))
    assert result.returncode == 1
    assert "rules_src/majority/en.md:1: example majority-no-majority is missing from this edition" in result.stderr


def test_junit_report(rules, tmp_path):
    fr = rules / "dalmuti" / "fr.md"
    fr.write_text(fr.read_text().replace("scores: {Alice: 4,", "scores: {Alice: 5,"))
    junit = tmp_path / "report.xml"
    result = run_forge("check", str(rules), "--junit", str(junit))
    assert result.returncode == 1
    suite = ET.parse(junit).getroot()
    assert suite.get("tests") == str(_blocks(rules)) and suite.get("failures") == "1"
    [failed] = [c for c in suite.iter("testcase") if c.find("failure") is not None]
    assert failed.get("name") == "dalmuti-scoring-five"


def test_unreadable_example_exits_2(rules):
    en = rules / "dalmuti" / "en.md"
    en.write_text(en.read_text().replace("game: dalmuti\nexpect:", "game: dalmuti\n  expect: [", 1))
    result = run_forge("check", str(rules))
    assert result.returncode == 2
    assert "rules_src/dalmuti/en.md:" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("game", sorted(SEED_EXAMPLES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_engine_ruling_is_written_in_the_rulebook(game, lang):
    from forge.engine.registry import get_game
    text = (ROOT / "rules_src" / game / f"{lang}.md").read_text()
    for name in get_game(game).RULINGS:
        assert f"`{name}`" in text, f"{name} is not written in {game}/{lang}.md"
