"""Shared fixtures: the project root, running the real ``forge`` command, built kits."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_forge(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run the forge command line in a separate process, as a user would."""
    env = {**os.environ, "COLUMNS": "200", "TERM": "dumb"}
    return subprocess.run([sys.executable, "-m", "forge", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def tree_digest(folder: Path) -> dict[str, str]:
    """Path → sha256 of every file under ``folder`` (to prove nothing changed)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def dalmuti_build(tmp_path_factory) -> Path:
    """The Dalmuti kit built once by the real command (both languages, both papers)."""
    out = tmp_path_factory.mktemp("build")
    result = run_forge("build", "dalmuti", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch project holding a copy of the real cardspecs/."""
    shutil.copytree(ROOT / "cardspecs", tmp_path / "cardspecs")
    return tmp_path
