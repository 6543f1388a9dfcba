"""A publisher's repository made in a temp folder: a Majority rulebook in French and English,
each edition with one worked example that holds and one that does not, the figure texts its
pages need and the printed kit the engine plays (cardspecs/majority*), in a git repository."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import ROOT

#: four players vote A, two vote B: A wins, its voters stay in (the rules: the majority counts)
HOLDS = """```example {#majority-first-vote}
game: majority
given:
  reference_pile: 1
  on_table: {reference: ocean, A: wave, B: blue, C: fork}
  votes: {Alice: A, Bruno: A, Chloé: A, Driss: A, Emma: B, Farid: B}
expect:
  winners: [A]
  still_in: [Alice, Bruno, Chloé, Driss]
  reference_pile: 2
```"""
#: the same vote, with B written as the winner: wrong
WRONG = HOLDS.replace("majority-first-vote", "majority-wrong-winner").replace("winners: [A]", "winners: [B]")
WRONG_LINE = "  winners: [B]"


def edition(title: str, examples: str = HOLDS + "\n\n" + WRONG) -> str:
    return f"# Majority\n\n{title}\n\n## Voting {{#voting}}\n\n{examples}\n"


def line_of(path: Path, text: str, after: str = "") -> int:
    """The 1-based line of ``path`` that is ``text`` (the first after a line holding ``after``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines[start:], start + 1) if line == text)


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", *args], cwd=repo,
                   check=True, capture_output=True)


@pytest.fixture
def publisher(tmp_path) -> Path:
    repo = tmp_path / "publisher"
    rules = repo / "rules_src" / "majority"
    rules.mkdir(parents=True)
    (rules / "fr.md").write_text(edition("Un jeu de mots."), encoding="utf-8")
    (rules / "en.md").write_text(edition("A word game."), encoding="utf-8")
    shutil.copy(ROOT / "rules_src" / "majority" / "figures.yaml", rules)
    (repo / "cardspecs").mkdir()
    shutil.copy(ROOT / "cardspecs" / "majority.yaml", repo / "cardspecs")
    shutil.copytree(ROOT / "cardspecs" / "majority", repo / "cardspecs" / "majority")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "rules")
    return repo


def run(repo: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """``python ARGS`` in ``repo``, forge importable from this checkout, as on a developer's machine
    (pytest prints its short summary in full when ``CI`` or ``BUILD_NUMBER`` is set)."""
    local = {k: v for k, v in os.environ.items() if k not in ("CI", "BUILD_NUMBER", "PYTEST_ADDOPTS")}
    environ = {**local, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "TERM": "dumb", **env}
    return subprocess.run([sys.executable, *args], cwd=repo, env=environ, capture_output=True, text=True,
                          timeout=600)


def readme_blocks(heading: str) -> list[str]:
    """The fenced blocks of the README section ``heading`` (a ``### `` title), in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").split(f"\n### {heading}\n")[1]
    section = text.split("\n## ")[0].split("\n### ")[0]
    return [block.split("\n", 1)[1] for block in section.split("```")[1::2]]
