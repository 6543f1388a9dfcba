"""Checked examples are really checked: change any number an example expects and forge check
fails at that number's line. Each rulebook's numbers are tried one by one (at least 20 for
Familienbande), on a copy of its English edition."""
from __future__ import annotations

import re
import shutil

import pytest

from forge.engine.examples import check_file

from ..conftest import ROOT

#: a whole number inside an example's expect mapping: "nose: 8", "[3, 4]", "Alice: -10"
NUMBER = re.compile(r'(?<![\w.#-])(-?\d+)(?![\w.])(?!"?\s*:)')     # a value, not a key: 2: 4, "2": 4


def _expect_numbers(lines: list[str]) -> list[tuple[int, re.Match]]:
    """(line index, match) of every number written inside an example's ``expect:`` mapping."""
    out, inside, in_expect = [], False, False
    for i, line in enumerate(lines):
        if line.startswith("```example"):
            inside, in_expect = True, False
        elif inside and line.startswith("```"):
            inside = False
        elif inside:
            if re.match(r"^\w+:", line):
                in_expect = line.startswith("expect:")
            if in_expect:
                body = line.split(":", 1)[1] if line.startswith("expect:") else line
                offset = len(line) - len(body)
                out += [(i, m, offset) for m in NUMBER.finditer(body)]
    return out


@pytest.mark.parametrize("game,least", [("familienbande", 20), ("dalmuti", 10), ("chatvert", 30),
                                       ("gjdlv", 30)])
def test_every_expected_number_is_checked_at_its_line(tmp_path, monkeypatch, game, least):
    source = ROOT / "rules_src" / game / "en.md"
    if not source.exists():
        pytest.skip(f"{game} has no English rulebook yet")
    shutil.copytree(ROOT / "cardspecs", tmp_path / "cardspecs")
    monkeypatch.chdir(tmp_path)
    lines = source.read_text(encoding="utf-8").split("\n")
    numbers = _expect_numbers(lines)
    assert len(numbers) >= least, f"only {len(numbers)} expected numbers in {source}"
    target = tmp_path / "rules_src" / game / "en.md"
    target.parent.mkdir(parents=True)
    for data in (ROOT / "rules_src" / game).glob("*.yaml"):     # figures, Chat vert's added rules
        shutil.copy(data, target.parent)
    for i, m, offset in numbers:
        changed = list(lines)
        start, end = offset + m.start(1), offset + m.end(1)
        changed[i] = changed[i][:start] + str(int(m.group(1)) + 1) + changed[i][end:]
        target.write_text("\n".join(changed), encoding="utf-8")
        _, failures = check_file(target)
        assert failures, f"line {i + 1}: {changed[i]!r} still holds"
        assert any(f.location.line == i + 1 for f in failures), \
            f"line {i + 1} changed, failures at {[f.location.line for f in failures]}"
