"""A bounded, seeded slice of the fuzz campaign over the newer surfaces (``benchmarks/fuzz.py``
runs the long one): spoiled images, workbooks and rules files, hostile ``forge new`` names and
``forge export`` options (tests/fuzz_surfaces.py) are accepted or refused with located errors —
no traceback, internal error, unlocated error, write outside the project, partial output, bad
value taken or hang; and ``forge export`` and ``forge new``, each killed once while it writes
(as benchmarks/atomicity_commands.py does twenty times), leave a whole output or none."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from forge.scaffold import new_game

from .conftest import run_forge, tree_digest
from .fuzz_surfaces import SURFACES, Bench
from .killing import game_files, kill_forge, kill_new, leftovers, which_build

CASES = int(os.environ.get("FORGE_FUZZ_SURFACE_CASES", 8))       # per surface


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    here = Path.cwd()
    yield Bench(tmp_path_factory.mktemp("surfaces"))
    os.chdir(here)                        # each surface's project was the current folder


@pytest.mark.parametrize("surface", list(SURFACES))
def test_a_spoiled_surface_gives_located_errors_only(bench, surface):
    found = []
    for i in range(CASES):
        what, outcome = SURFACES[surface](bench, random.Random(f"slice:{surface}:{i}"), i)
        if outcome.kind not in ("ok", "located"):
            found.append(f"case {i} ({what}): {outcome.kind}: {outcome.detail}")
    assert not found, "\n".join(found)


def test_a_kill_while_export_writes_leaves_one_whole_export(tmp_path):
    new_game(tmp_path, "tiny")
    out, exports = tmp_path / "exp", {}
    for dpi in ("72", "60"):                       # the previous export last
        assert run_forge("export", "--png", "--dpi", dpi, "--out", "exp", cwd=tmp_path).returncode == 0
        exports[dpi] = tree_digest(out)
    args = ["export", "--png", "--dpi", "72", "--out", "exp"]
    kill_forge(tmp_path, args, out, 0.005, once_writing=True)
    assert which_build(out, exports) in exports
    assert run_forge(*args, cwd=tmp_path).returncode == 0
    assert which_build(out, exports) == "72" and not leftovers(out)


def test_a_kill_while_new_writes_leaves_the_whole_game_or_none(tmp_path):
    reference, project = tmp_path / "reference", tmp_path / "project"
    reference.mkdir()
    project.mkdir()
    new_game(reference, "demo")
    whole = game_files(reference, "demo")
    kill_new(project, "demo", 0.002, once_writing=True)
    found = game_files(project, "demo")
    assert found in ({}, whole), f"torn: has {sorted(found)}, lacks {sorted(whole.keys() - found.keys())}"
    again = run_forge("new", "demo", cwd=project)
    assert again.returncode == (0 if not found else 2), again.stderr
    assert game_files(project, "demo") == whole
