"""Two builds of the same sources are the same files, byte for byte: every game, both
languages, both papers, the rulebooks and the index, built twice into fresh folders with no
cache — once in one process, once on every core (forge/workers.py)."""
from __future__ import annotations

import shutil

from ..conftest import ROOT, run_forge, tree_digest


def test_two_builds_into_fresh_folders_are_byte_identical(tmp_path):
    for name in ("cardspecs", "rules_src", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    trees = []
    for out, workers in (("one", "1"), ("two", "2")):
        result = run_forge("build", "--out", out, cwd=tmp_path, env={"FORGE_NO_CACHE": "1", "FORGE_WORKERS": workers})
        assert result.returncode == 0, result.stderr
        trees.append(tree_digest(tmp_path / out))
    for game in (p.name for p in (ROOT / "rules_src").iterdir() if p.is_dir()):
        assert {f"{game}/fr/rules.html", f"{game}/en/print-all-letter.pdf"} <= set(trees[0])
    assert "index.html" in trees[0]
    assert trees[0] == trees[1]
