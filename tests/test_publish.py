"""Publishing a folder as one transaction (forge/publish.py): a process killed at each step of
the scheme, the fallback switch, hard links, symlinks, the lock."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from forge import publish
from forge.errors import OutputError
from forge.publish import OutputFolder

from .conftest import tree_digest
from .killing import leftovers

OLD = {f"f{i}.txt": f"old {i}" for i in range(5)} | {"other.txt": "kept"}
NEW = {f"f{i}.txt": f"new {i}" for i in range(5)}

# publish NEW into ./out, the process killing itself (SIGKILL) at the step named by argv[1]
KILLED = """
import os, signal, sys
from pathlib import Path
from forge import publish

def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

step = sys.argv[1]
if step == "before deleting the old build":
    publish.shutil.rmtree = die
if step == "between the two renames":
    publish._exchange = lambda a, b: False
    rename = os.rename
    def rename_then_die(a, b):
        rename(a, b)
        die()
    publish.os.rename = rename_then_die

def files():
    for i in range(5):
        if step == "while writing" and i == 3:
            die()
        yield Path(f"f{i}.txt"), f"new {i}".encode()

with publish.OutputFolder(Path("out"), Path("project")) as folder:
    folder.publish(files())
"""


def contents(folder: Path) -> dict[str, str]:
    return {p: (folder / p).read_text() for p in tree_digest(folder)}


def publish_new(out: Path, root: Path) -> publish.Published:
    with OutputFolder(out, root) as folder:
        return folder.publish((Path(name), text.encode()) for name, text in NEW.items())


@pytest.fixture
def out(tmp_path) -> Path:
    """A folder holding a previous build, OLD."""
    (tmp_path / "project").mkdir()
    for name, text in OLD.items():
        (tmp_path / "out" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "out" / name).write_text(text)
    return tmp_path / "out"


@pytest.mark.parametrize("step, seen", [("while writing", OLD), ("before deleting the old build", OLD | NEW),
                                        ("between the two renames", None)])
def test_killed_at_each_step_then_the_next_build_cleans_up(out, step, seen):
    result = subprocess.run([sys.executable, "-c", KILLED, step], cwd=out.parent, capture_output=True)
    assert result.returncode == -9, result.stderr
    assert leftovers(out)                                 # the killed build left something
    if seen is None:                                      # the fallback caught half way: no out/
        assert not out.exists() and any(n.startswith(".out.old-") for n in leftovers(out))
    else:
        assert contents(out) == seen
    assert publish_new(out, out.parent / "project") == publish.Published(written=5, kept=1)
    assert contents(out) == OLD | NEW
    assert leftovers(out) == []


def test_fallback_switch_without_exchange(out, monkeypatch):
    monkeypatch.setattr(publish, "_exchange", lambda a, b: False)
    publish_new(out, out.parent / "project")
    assert contents(out) == OLD | NEW and leftovers(out) == []


def test_first_build_and_exchange_swap_whole_folders(tmp_path):
    out = tmp_path / "out"
    assert publish_new(out, tmp_path / "project") == publish.Published(written=5, kept=0)
    assert contents(out) == NEW
    assert out.stat().st_mode & 0o777 == 0o777 & ~publish._umask(), "a new folder gets the usual mode, not mkdtemp's"
    (out / "f0.txt").write_text("changed")
    publish_new(out, tmp_path / "project")
    assert contents(out) == NEW and leftovers(out) == []


def test_previous_files_are_never_written_through(out):
    os.link(out / "f0.txt", out.parent / "elsewhere.txt")      # the user's own link to a built file
    publish_new(out, out.parent / "project")
    assert (out.parent / "elsewhere.txt").read_text() == "old 0"
    assert (out / "f0.txt").read_text() == "new 0"


def test_symlinks_and_folders_are_carried_over(out):
    (out / "sub").mkdir(mode=0o750)
    (out / "sub" / "deep.txt").write_text("deep")
    (out / "link").symlink_to("sub")
    publish_new(out, out.parent / "project")
    assert os.readlink(out / "link") == "sub" and (out / "link" / "deep.txt").read_text() == "deep"
    assert (out / "sub").stat().st_mode & 0o777 == 0o750


def test_one_build_at_a_time(out):
    root = out.parent / "project"
    with OutputFolder(out, root):
        with pytest.raises(OutputError, match=rf"another forge build \(process {os.getpid()}\) is building into"):
            with OutputFolder(out, root):
                pass
        assert (out.parent / ".out.lock").exists()
    assert not (out.parent / ".out.lock").exists()
    publish_new(out, root)
    assert contents(out) == OLD | NEW


def test_a_symlinked_output_folder_stays_a_symlink(out):
    (out.parent / "link").symlink_to("out")
    publish_new(out.parent / "link", out.parent / "project")
    assert (out.parent / "link").is_symlink() and contents(out) == OLD | NEW
