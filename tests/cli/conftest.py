"""Fixtures of the command-line tests."""
from __future__ import annotations

import shutil

import pytest

from ..conftest import ROOT


@pytest.fixture
def book_project(project):
    """A scratch project that also builds rulebooks."""
    for folder in ("rules_src", "templates"):
        shutil.copytree(ROOT / folder, project / folder, dirs_exist_ok=True)
    return project
