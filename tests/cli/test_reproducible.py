"""Two builds of the same sources are the same files, byte for byte: every game, both
languages, both papers, the rulebooks and the index, each built into a fresh folder from
nothing kept — once in one process with no cache, once on every core (the run's shared
project, :func:`tests.conftest.warm_project`, whose first build filled its cache)."""
from __future__ import annotations

import shutil

from ..conftest import ROOT, run_forge, tree_digest, warm_project


def test_two_builds_into_fresh_folders_are_byte_identical(tmp_path, tmp_path_factory):
    for name in ("cardspecs", "rules_src", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    result = run_forge("build", "--out", "one", cwd=tmp_path, env={"FORGE_NO_CACHE": "1", "FORGE_WORKERS": "1"})
    assert result.returncode == 0, result.stderr
    one, every_core = tree_digest(tmp_path / "one"), tree_digest(warm_project(tmp_path_factory) / "build")
    for game in (p.name for p in (ROOT / "rules_src").iterdir() if p.is_dir()):
        assert {f"{game}/fr/rules.html", f"{game}/en/print-all-letter.pdf"} <= set(one)
    assert "index.html" in one
    assert one == every_core
