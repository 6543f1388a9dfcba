"""The pre-commit hook of .pre-commit-hooks.yaml, as a publisher uses it: their
.pre-commit-config.yaml names forge's repository (here a snapshot of this working tree, in a
temp git repository) and a rev, `pre-commit install`, then `git commit`. The real pre-commit
installs forge into its own environment (language: python: pip, as for any publisher) and
runs `forge check` on the changed rules sources; a commit with a failing example is refused."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ..conftest import ROOT
from .conftest import WRONG_LINE, git, line_of, readme_blocks

HOOK = "forge-check"


@pytest.fixture(scope="module")
def forge_repo(tmp_path_factory) -> tuple[Path, str]:
    """This working tree (its tracked and new files) committed in a repository of its own: (path, rev)."""
    snap = tmp_path_factory.mktemp("forge-repo")
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split("\0")
    for rel in filter(None, files):
        if (ROOT / rel).is_file():
            (snap / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, snap / rel)
    git(snap, "init", "-q")
    git(snap, "add", "-A")
    git(snap, "commit", "-qm", "snapshot")
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=snap, check=True, capture_output=True, text=True)
    return snap, rev.stdout.strip()


def commit(repo: Path, home: Path, message: str) -> subprocess.CompletedProcess:
    """`git commit -a`, the installed pre-commit hook running (git shows its output on stderr);
    forge is not importable from this checkout (no PYTHONPATH): the hook runs the forge
    pre-commit installed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PRE_COMMIT_HOME=str(home), GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="T", GIT_COMMITTER_EMAIL="t@example.org", TERM="dumb")
    return subprocess.run(["git", "commit", "-qam", message], cwd=repo, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=900)


def head(repo: Path) -> str:
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True).stdout


def test_the_hook_definition_is_the_documented_one():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert {k: hook[k] for k in ("id", "entry", "language", "files", "pass_filenames")} == {
        "id": HOOK, "entry": "forge check --strict", "language": "python", "files": r"^rules_src/.*\.(md|yaml)$",
        "pass_filenames": True}


def test_commits_are_checked_by_the_hook(publisher, forge_repo, tmp_path):
    snap, rev = forge_repo
    (publisher / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {snap}\n    rev: {rev}\n    hooks:\n      - id: {HOOK}\n")
    (publisher / "README.md").write_text("Our games.\n")
    git(publisher, "add", "-A")
    home = tmp_path / "pre-commit-home"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=publisher, env=env, check=True,
                   capture_output=True)
    rules = publisher / "rules_src" / "majority"
    en, fr, figures = rules / "en.md", rules / "fr.md", rules / "figures.yaml"

    # en.md corrected: only en.md is passed, its examples hold (fr.md's wrong one is not played)
    en.write_text(en.read_text().replace("winners: [B]", "winners: [A]"))
    done = commit(publisher, home, "en: the right winner")
    assert done.returncode == 0, done.stdout
    assert "Passed" in done.stdout

    # fr.md changed, its wrong example still there: refused, located at its field
    before = head(publisher)
    fr.write_text(fr.read_text().replace("Un jeu de mots.", "Un jeu d'associations."))
    refused = commit(publisher, home, "fr: wording")
    line = line_of(fr, WRONG_LINE)
    assert refused.returncode == 1 and head(publisher) == before
    assert "Failed" in refused.stdout and f"- hook id: {HOOK}" in refused.stdout
    assert (f"rules_src/majority/fr.md:{line}: example majority-wrong-winner: winners expected [B], got [A]"
            in refused.stdout.splitlines()), refused.stdout
    shown = readme_blocks("pre-commit")[1]                          # the README shows this run
    assert shown.strip() in refused.stdout, refused.stdout
    git(publisher, "checkout", "--", str(fr))

    # only figures.yaml changed: it stands for its folder, so fr.md's wrong example is played
    figures.write_text(figures.read_text() + "# reviewed\n")
    refused = commit(publisher, home, "figures: reviewed")
    assert refused.returncode == 1 and head(publisher) == before
    assert f"rules_src/majority/fr.md:{line}: example majority-wrong-winner" in refused.stdout
    git(publisher, "checkout", "--", str(figures))

    # a file outside rules_src/ does not run the hook
    (publisher / "README.md").write_text("Our games, checked.\n")
    skipped = commit(publisher, home, "readme")
    assert skipped.returncode == 0 and "(no files to check)Skipped" in skipped.stdout, skipped.stdout
