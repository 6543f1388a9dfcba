"""Text too long for its card stops the build, located at each offending row: every row is
reported, not only the first, with no traceback and nothing written."""
from __future__ import annotations

from pathlib import Path

from ..conftest import run_forge

LONG = "W" * 60                              # one unbreakable word, far wider than a poker card

SPEC = """\
game: longwords
title: Long words
authors: [Test]
languages: [en]
print: {paper: [a4]}
components:
  cards:
    kind: deck
    card: poker
    data: longwords/cards.csv
    front: {layout: numbered, value: "{value}", title: "{name}"}
"""
TOKENS = """\
  tokens:
    kind: deck
    card: poker
    data: longwords/tokens.yaml
    front: {layout: numbered, value: "{value}", title: "Token", caption: "{name}"}
"""


def write_game(root: Path, tokens: bool) -> None:
    """A game whose cards.csv has long names on lines 3 and 5; with ``tokens``, also a
    tokens.yaml whose rows at lines 2 and 4 carry long captions."""
    folder = root / "cardspecs" / "longwords"
    folder.mkdir(parents=True)
    (root / "cardspecs" / "longwords.yaml").write_text(SPEC + (TOKENS if tokens else ""), encoding="utf-8")
    (folder / "cards.csv").write_text(f"value,name\n1,Short\n2,{LONG}\n3,Fine\n4,{LONG[:50]}\n",
                                      encoding="utf-8")
    (folder / "tokens.yaml").write_text(f"- {{value: 1, name: Fine}}\n- {{value: 2, name: {LONG}}}\n"
                                        f"- {{value: 3, name: ok}}\n- {{value: 4, name: X{LONG}}}\n",
                                        encoding="utf-8")


def located(stderr: str) -> list[str]:
    """The locations of the error lines, in order."""
    return [line.split(": ", 1)[0] for line in stderr.splitlines() if line.startswith("cardspecs/")]


def test_every_row_too_long_for_its_card_is_reported_at_its_line(tmp_path):
    write_game(tmp_path, tokens=False)
    result = run_forge("build", "--out", str(tmp_path / "build"), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert located(result.stderr) == ["cardspecs/longwords/cards.csv:3", "cardspecs/longwords/cards.csv:5"]
    assert "'WWWW" in result.stderr and "hint:" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "build").exists()


def test_rows_of_two_files_are_all_reported(tmp_path):
    """Two components, each from its own file: the build reports both files' rows."""
    write_game(tmp_path, tokens=True)
    result = run_forge("build", "--out", str(tmp_path / "build"), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert located(result.stderr) == ["cardspecs/longwords/cards.csv:3", "cardspecs/longwords/cards.csv:5",
                                      "cardspecs/longwords/tokens.yaml:2", "cardspecs/longwords/tokens.yaml:4"]
    assert "Traceback" not in result.stderr and not (tmp_path / "build").exists()
