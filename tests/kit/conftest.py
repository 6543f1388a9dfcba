"""Kits built once per test session by the real command (Dalmuti's is in tests/conftest.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from forge.cache import FOLDER

from ..conftest import ROOT, build_game, run_forge, shared, warm_project


@pytest.fixture(scope="session")
def familienbande_build(tmp_path_factory) -> Path:
    """The Familienbande kit built once."""
    return build_game(tmp_path_factory, "familienbande")


@pytest.fixture(scope="session")
def majority_build(tmp_path_factory) -> Path:
    """The Majority kit built once."""
    return build_game(tmp_path_factory, "majority")


@pytest.fixture(scope="session")
def chatvert_build(tmp_path_factory) -> Path:
    """The Chat vert kit built once."""
    return build_game(tmp_path_factory, "chatvert")


@pytest.fixture(scope="session")
def gjdlv_build(tmp_path_factory) -> Path:
    """The Grand Jeu de la Vie kit built once by the real command, in a scratch project holding
    cardspecs/ and the rules data (no rulebook, which has its own tests)."""
    def make(project: Path) -> None:
        shutil.copytree(ROOT / "cardspecs", project / "cardspecs")
        shutil.copytree(ROOT / "rules_src", project / "rules_src",
                        ignore=shutil.ignore_patterns("*.md", "figures.yaml", "po"))
        shutil.copytree(warm_project(tmp_path_factory) / FOLDER, project / FOLDER)
        result = run_forge("build", "gjdlv", "--out", "build", cwd=project)
        assert result.returncode == 0, result.stderr
        assert "warning" not in (result.stdout + result.stderr).lower(), result.stdout + result.stderr
    return shared(tmp_path_factory, "gjdlv-project", make) / "build"
