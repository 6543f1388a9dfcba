"""examples/ohhell, a sixth game written as a publisher would, outside forge: in a copy of its
folder, forge builds its kit, checks its rulebook (also as GitHub annotations), simulates its
engine, and its own tests run under pytest with forge's plugin and test kit."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ..conftest import ROOT
from .conftest import run

EXAMPLE = ROOT / "examples" / "ohhell"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("publisher") / "ohhell"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("build", ".forge-cache", ".pytest_cache",
                                                                 "__pycache__"))
    return copy


def _examples(edition: Path) -> int:
    return sum(line.startswith("```example {#") for line in edition.read_text(encoding="utf-8").splitlines())


def test_it_touches_no_file_of_forge():
    """Its engine imports forge's public API only; its folder holds the whole project."""
    engine = EXAMPLE / "cardspecs" / "ohhell" / "engine"
    imports = {m for p in engine.glob("*.py") for m in re.findall(r"^(?:from|import) (forge[\w.]*)",
                                                                     p.read_text(encoding="utf-8"), re.M)}
    assert imports == {"forge.engine"}
    assert {p.name for p in EXAMPLE.iterdir()} >= {"cardspecs", "rules_src", "tests", "README.md"}


def test_forge_check_plays_every_example_of_both_editions(project):
    fr, en = (project / "rules_src" / "ohhell" / f"{lang}.md" for lang in ("fr", "en"))
    assert _examples(fr) == _examples(en) >= 10
    result = run(project, "-m", "forge", "check")
    assert result.returncode == 0, result.stdout + result.stderr
    n = _examples(fr) + _examples(en)
    assert f"{n} examples checked: {n} hold, 0 fail; sections: 0 stale, 0 untranslated" in result.stdout


def test_forge_check_annotates_for_github(project):
    result = run(project, "-m", "forge", "check", "--format", "github")
    assert result.returncode == 0 and "::error" not in result.stdout, result.stdout + result.stderr


def test_forge_simulate_plays_its_engine(project):
    result = run(project, "-m", "forge", "simulate", "ohhell", "--players", "4", "--games", "300", "--seed", "1",
                 "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 300 and len(data["win_rate_by_seat"]) == 4
    assert abs(sum(data["win_rate_by_seat"]) - 1) < 1e-9


def test_forge_build_makes_its_kit_and_rulebooks(project, tmp_path):
    result = run(project, "-m", "forge", "build", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    for lang in ("fr", "en"):
        made = {p.name for p in (tmp_path / "out" / "ohhell" / lang).iterdir()}
        assert {"cards-a4.pdf", "cards-letter.pdf", "print-all-a4.pdf", "rules.html"} <= made
    assert (tmp_path / "out" / "index.html").is_file()


def test_its_own_tests_pass_with_the_plugin_and_the_test_kit(project):
    result = run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", result.stdout)[1])
    examples = sum(_examples(project / "rules_src" / "ohhell" / f"{lang}.md") for lang in ("fr", "en"))
    assert passed >= examples + 5          # every example, the kit's five tests, the game's own
