"""Every command that writes keeps its writes inside the project, or the folder named by --out:
a lock file that is a symbolic link is refused (its target untouched), forge new never follows a
linked folder out and writes all or nothing, --junit never replaces a device nor a folder, and
--out never names the project's sources. Each refusal is one line, exit 2, nothing written."""
from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from ..conftest import ROOT, run_forge


@pytest.fixture
def small(tmp_path) -> Path:
    """A project of one game (Majority), and a folder outside it."""
    project = tmp_path / "project"
    (project / "cardspecs").mkdir(parents=True)
    shutil.copy(ROOT / "cardspecs" / "majority.yaml", project / "cardspecs")
    shutil.copytree(ROOT / "cardspecs" / "majority", project / "cardspecs" / "majority")
    shutil.copytree(ROOT / "rules_src" / "majority", project / "rules_src" / "majority")
    (tmp_path / "outside").mkdir()
    return project


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_lock_file_linked_out_is_refused_and_its_target_untouched(small):
    target = small.parent / "outside" / "secret.txt"
    target.write_text("SECRET", encoding="utf-8")
    (small / ".build.lock").symlink_to(target)
    for command in (["calibrate"], ["build", "majority"], ["export", "majority"]):
        result = run_forge(*command, cwd=small)
        assert result.returncode == 2, (command, result.stderr)
        assert result.stderr.startswith(".build.lock: cannot create the lock file: it is a symbolic link"), result.stderr
        assert target.read_text(encoding="utf-8") == "SECRET" and not (small / "build").exists()


@pytest.mark.parametrize("folder", ["cardspecs", "rules_src"])
def test_forge_new_does_not_follow_a_linked_folder_out(small, folder):
    before = files(small)
    (small / folder / "g2").symlink_to(small.parent / "outside", target_is_directory=True)
    result = run_forge("new", "g2", cwd=small)
    assert result.returncode == 2 and "would be written outside the project" in result.stderr, result.stderr
    assert files(small.parent / "outside") == []
    assert files(small) == sorted(before + [f"{folder}/g2"])


def test_forge_new_writes_all_or_nothing(small):
    (small / "cardspecs" / "g5").write_text("", encoding="utf-8")       # a file where its folder goes
    before = files(small)
    result = run_forge("new", "g5", cwd=small)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("cardspecs/g5: cannot write it: not a directory"), result.stderr
    assert files(small) == before


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_junit_never_replaces_a_special_file_nor_a_folder(small, kind):
    """A named pipe stands for a device (/dev/full, which a run as root replaced by a regular
    file): a test must not risk the machine's own devices."""
    path = small.parent / "outside" / "target"
    os.mkfifo(path) if kind == "pipe" else path.mkdir()
    mode = path.stat().st_mode
    result = run_forge("check", "rules_src/majority", "--junit", str(path), cwd=small)
    assert result.returncode == 2 and result.stderr.startswith("--junit: "), result.stderr
    assert path.stat().st_mode == mode and (stat.S_ISFIFO(mode) or stat.S_ISDIR(mode))


@pytest.mark.parametrize("out", ["cardspecs", "rules_src", "rules_src/majority/x", "templates"])
def test_out_never_names_the_project_sources(small, out):
    (small / "templates").mkdir()
    before = files(small)
    for command in (["calibrate"], ["build", "majority"]):
        result = run_forge(*command, "--out", out, cwd=small)
        assert result.returncode == 2 and "the project's sources" in result.stderr, result.stderr
        assert files(small) == before
