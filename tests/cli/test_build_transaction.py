"""A build is all or nothing, run as a user runs it: write errors, partial builds, what killed
builds leave, two builds at once, kill -9 at random moments (forge/publish.py)."""
from __future__ import annotations

import os
import random
import re
import shutil

import pytest

from ..conftest import run_forge, tree_digest
from ..killing import kill_build, leftovers, variant, which_build

try:
    import fcntl
except ImportError:
    fcntl = None

ARGS = ("dalmuti", "--lang", "en", "--paper", "a4")     # 17 files, about a second


def build(project, *args):
    return run_forge("build", *(args or ARGS), cwd=project)


def error_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]


def test_write_error_one_line_exit_2_previous_build_whole(book_project):
    out = book_project / "build"
    assert build(book_project).returncode == 0
    css = out / "assets" / "rulebook.css"            # the last file written
    css.unlink()
    (css / "mine").mkdir(parents=True)
    (css / "mine" / "notes.txt").write_text("keep me")
    before = tree_digest(out)
    variant(book_project, True)                       # every PDF of the new build differs
    result = build(book_project)
    assert result.returncode == 2
    assert error_lines(result) == ["build/assets/rulebook.css: cannot write: a folder is in the way; "
                                   "nothing was published, build/ keeps its previous build"], result.stderr
    assert "hint: remove or rename that folder" in result.stderr and "Traceback" not in result.stderr
    assert tree_digest(out) == before
    assert leftovers(out) == []


def test_partial_build_keeps_other_games_files(book_project):
    out = book_project / "build"
    out.mkdir()
    (out / ".gitkeep").write_text("")
    assert build(book_project, "dalmuti", "majority", "--lang", "en", "--paper", "a4").returncode == 0
    (out / "start.html").symlink_to("majority/en/rules.html")
    before = tree_digest(out)
    variant(book_project, True)
    result = build(book_project)
    assert result.returncode == 0, result.stderr
    after = tree_digest(out)
    changed = {path for path in before if after.get(path) != before[path]}
    assert set(after) == set(before)
    assert {"dalmuti/en/cards-a4.pdf", "dalmuti/en/reference-a4.pdf"} <= changed
    assert all(path.startswith("dalmuti/") for path in changed)
    assert os.readlink(out / "start.html") == "majority/en/rules.html"
    written, kept = map(int, re.search(r"published build/: (\d+) files written, (\d+) kept from the previous "
                                       r"build", result.stdout).groups())
    assert written == len(changed)                  # the files that changed, and those only, written
    assert written + kept == len(after)


def test_next_build_removes_what_killed_builds_left(book_project):
    out = book_project / "build"
    assert build(book_project).returncode == 0
    clean = tree_digest(out)
    for folder in (".build.staging-k1l2/dalmuti", ".build.old-4242/dalmuti/en"):
        (book_project / folder).mkdir(parents=True)
        (book_project / folder / "cards.pdf").write_bytes(b"half a file")
    (out / "dalmuti" / "en" / ".cards.pdf.x1y2z3.part").write_bytes(b"half a file")
    (book_project / ".build.lock").write_text("4242")
    assert leftovers(out) == [".build.lock", ".build.old-4242", ".build.staging-k1l2",
                              "dalmuti/en/.cards.pdf.x1y2z3.part"]
    assert build(book_project).returncode == 0
    assert leftovers(out) == []
    assert tree_digest(out) == clean


def test_previous_build_caught_between_renames_is_put_back(book_project):
    """The fallback switch renames build/ away, then the new folder in: a build killed in
    between leaves no build/; the next one restores the previous build before its own."""
    out = book_project / "build"
    assert build(book_project, "majority", "--lang", "en", "--paper", "a4").returncode == 0
    before = tree_digest(out)
    out.rename(book_project / ".build.old-4242")
    (book_project / ".build.staging-k1l2").mkdir()
    assert build(book_project).returncode == 0
    after = tree_digest(out)
    assert {path: after[path] for path in before if path.startswith("majority/")} == \
           {path: digest for path, digest in before.items() if path.startswith("majority/")}
    assert "dalmuti/en/cards-a4.pdf" in after and leftovers(out) == []


@pytest.mark.skipif(fcntl is None, reason="needs fcntl.flock")
def test_second_build_while_one_runs_is_refused(book_project):
    out = book_project / "build"
    assert build(book_project).returncode == 0
    before = tree_digest(out)
    variant(book_project, True)
    with open(book_project / ".build.lock", "w") as lock:     # a build running: it holds the lock
        lock.write("4242")
        lock.flush()
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = build(book_project)
    assert result.returncode == 2
    assert error_lines(result) == ["build/: another forge build (process 4242) is building into this folder; "
                                   "nothing was written"], result.stderr
    assert tree_digest(out) == before
    assert build(book_project).returncode == 0 and tree_digest(out) != before
    assert leftovers(out) == []


@pytest.mark.parametrize("target, why", [(".", "it is the project folder"), ("..", "it holds the project"),
                                         ("other", "it holds cardspecs/"), ("file.txt", "it is a file")])
def test_folders_that_are_not_build_folders_are_refused(book_project, target, why):
    shutil.copytree(book_project / "cardspecs", book_project / "other" / "cardspecs")
    (book_project / "file.txt").write_text("mine")
    before = tree_digest(book_project)
    result = build(book_project, *ARGS, "--out", target)
    assert result.returncode == 2
    assert len(error_lines(result)) == 1 and f"cannot build into this folder: {why}" in result.stderr
    assert tree_digest(book_project) == before and not list(book_project.parent.glob(".*.lock"))


def test_calibrate_publishes_like_a_build(book_project):
    out = book_project / "build"
    assert build(book_project).returncode == 0
    before = tree_digest(out)
    assert run_forge("calibrate", cwd=book_project).returncode == 0
    assert tree_digest(out) == {**before, "calibration-a4.pdf": tree_digest(out)["calibration-a4.pdf"]}
    (out / "calibration-letter.pdf").mkdir()
    result = run_forge("calibrate", "--paper", "letter", cwd=book_project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert error_lines(result) == ["build/calibration-letter.pdf: cannot write: a folder is in the way; "
                                   "nothing was published, build/ keeps its previous build"]


def test_kill_9_at_random_moments_leaves_one_whole_build(book_project):
    """Half the kills at any moment of the build, half just after it starts writing."""
    out, rng = book_project / "build", random.Random(1995)
    builds = {}
    for name, on in (("shipped", False), ("variant", True)):
        variant(book_project, on)
        assert build(book_project).returncode == 0
        builds[name] = tree_digest(out)
    assert builds["shipped"]["dalmuti/en/cards-a4.pdf"] != builds["variant"]["dalmuti/en/cards-a4.pdf"]
    current = "variant"
    for kill in range(4):
        target = "shipped" if current == "variant" else "variant"
        variant(book_project, target == "variant")
        writing = kill % 2 == 1
        kill_build(book_project, list(ARGS), out, rng.uniform(0, 0.02) if writing else rng.uniform(0, 1.2), writing)
        assert which_build(out, builds) in (current, target)
        assert build(book_project).returncode == 0
        assert which_build(out, builds) == target and leftovers(out) == []
        current = target
