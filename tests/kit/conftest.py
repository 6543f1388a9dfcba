"""Kits built once per test session by the real command (Dalmuti's is in tests/conftest.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import build_game


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
