"""Fixtures of the rulebook tests: the real rulebooks built once, and scratch projects."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ..conftest import ROOT, run_forge


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """A full build (every game, both languages) by the real command."""
    out = tmp_path_factory.mktemp("site")
    result = run_forge("build", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def rules_project(tmp_path) -> Path:
    """A scratch copy of the project's rulebooks, card specs and templates."""
    for name in ("cardspecs", "rules_src", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


PAGES = [(g, l) for g in ("dalmuti", "majority") for l in ("fr", "en")]
