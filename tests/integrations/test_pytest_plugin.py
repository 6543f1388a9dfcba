"""The pytest plugin in a publisher's repository: the real pytest collects each worked example
as a test named by its id; a failing one reports its file:line and field, no traceback; a
malformed block is a collection error at its line. Run with ``-p forge.pytest_plugin`` (the
installed entry point is tested on its own, from pyproject.toml)."""
from __future__ import annotations

import pytest

from ..conftest import ROOT
from .conftest import WRONG_LINE, line_of, readme_blocks, run

PLUGIN = ("-p", "forge.pytest_plugin", "-p", "no:cacheprovider")
NO_AUTOLOAD = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def pytest_run(repo, *args, **env):
    return run(repo, "-m", "pytest", *PLUGIN, "-v", *args, **{**NO_AUTOLOAD, **env})


def test_each_example_is_a_test_named_by_its_id(publisher):
    result = pytest_run(publisher, COLUMNS="80")
    out = result.stdout
    assert result.returncode == 1, out + result.stderr
    for lang in ("en", "fr"):
        assert f"rules_src/majority/{lang}.md::majority-first-vote PASSED" in out
        assert f"rules_src/majority/{lang}.md::majority-wrong-winner FAILED" in out
        line = line_of(publisher / "rules_src/majority" / f"{lang}.md", WRONG_LINE)
        assert (f"rules_src/majority/{lang}.md:{line}: example majority-wrong-winner: winners expected [B], "
                "got [A]") in out.splitlines()
    assert "2 failed, 2 passed" in out
    assert readme_blocks("pytest plugin")[1] in out          # the README shows this run's output
    assert "Traceback" not in out and "forge/engine" not in out and ".py:" not in out


def test_a_malformed_block_is_a_collection_error_at_its_line(publisher):
    en = publisher / "rules_src/majority/en.md"
    en.write_text(en.read_text().replace("  reference_pile: 2\n", "  reference_pile: [2\n", 1))
    result = pytest_run(publisher)
    assert result.returncode == 2, result.stdout
    lines = result.stdout.splitlines()
    assert "ERROR rules_src/majority/en.md" in lines
    line = line_of(en, "  reference_pile: [2")
    assert any(t.startswith(f"rules_src/majority/en.md:{line}: YAML syntax error") for t in lines), result.stdout
    assert any(t.startswith("  hint: ") for t in lines) and "Traceback" not in result.stdout


def test_a_move_that_is_not_a_move_fails_located_without_traceback(publisher):
    fr = publisher / "rules_src/majority/fr.md"
    text = fr.read_text()
    fr.write_text(text.replace("expect:\n  winners: [A]", "refused: [\"Zoé: vote A\"]\nexpect:\n  winners: [A]", 1))
    result = pytest_run(publisher, "rules_src/majority/fr.md")
    line = line_of(fr, 'refused: ["Zoé: vote A"]')
    assert "rules_src/majority/fr.md::majority-first-vote FAILED" in result.stdout
    assert any(t.startswith(f"rules_src/majority/fr.md:{line}: example majority-first-vote: ")
               for t in result.stdout.splitlines()), result.stdout
    assert "Traceback" not in result.stdout


def test_forge_examples_false_turns_it_off_and_true_reaches_nested_rules(publisher):
    (publisher / "pytest.ini").write_text("[pytest]\nforge_examples = false\n")
    assert "no tests ran" in pytest_run(publisher).stdout
    (publisher / "games").mkdir()
    (publisher / "rules_src").rename(publisher / "games" / "rules_src")
    (publisher / "pytest.ini").write_text("[pytest]\n")
    assert "no tests ran" in pytest_run(publisher).stdout           # auto: only <rootdir>/rules_src/
    result = pytest_run(publisher, "--forge-examples")
    assert "games/rules_src/majority/en.md::majority-first-vote PASSED" in result.stdout
    (publisher / "pytest.ini").write_text("[pytest]\nforge_examples = true\n")
    assert "2 failed, 2 passed" in pytest_run(publisher).stdout
    (publisher / "pytest.ini").write_text("[pytest]\nforge_examples = maybe\n")
    result = pytest_run(publisher)
    assert result.returncode == 4 and "forge_examples: unknown value 'maybe' (expected one of: auto, true, false)" \
        in result.stderr


def test_forges_own_suite_collects_no_rulebook(publisher):
    """forge's own rules_src/ sits at its rootdir, but testpaths = tests keeps its run as it was."""
    result = run(ROOT, "-m", "pytest", *PLUGIN, "-o", "addopts=", "--collect-only", "-q", **NO_AUTOLOAD)  # no xdist
    ids = [t for t in result.stdout.splitlines() if "::" in t]
    assert len(ids) > 500 and not [t for t in ids if not t.startswith("tests/")]


def test_the_entry_point_is_declared_and_loads_the_plugin(publisher, tmp_path):
    """pyproject.toml declares the pytest11 entry point; a distribution carrying it (as pip
    installs it) makes a plain `pytest` collect the examples, without -p."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["pytest11"]
    assert declared == {"forge": "forge.pytest_plugin"}
    site = tmp_path / "site"
    dist = site / "forge_probe-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: forge-probe\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[pytest11]\n" + "".join(f"{k} = {v}\n" for k, v in declared.items()))
    result = run(publisher, "-m", "pytest", "-p", "no:cacheprovider", "-v", PYTHONPATH=f"{ROOT}:{site}")
    assert "rules_src/majority/en.md::majority-first-vote PASSED" in result.stdout, result.stdout + result.stderr
    assert "2 failed, 2 passed" in result.stdout
