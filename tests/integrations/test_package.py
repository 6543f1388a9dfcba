"""forge as a user installs it by name: the wheel this checkout builds, installed outside it,
runs as the README says (``forge --version``, ``forge docs``, ``forge new`` then ``forge build``
in a folder far from any checkout); its name and version are the ones the README, the
changelog, the pre-commit snippet and the GitHub Actions workflow pin, and the hook and the
workflow run the same check."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from ..conftest import ROOT
from .conftest import readme_blocks

_PROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("\n[project]\n")[1].split("\n[")[0]
NAME, VERSION = (re.search(rf'^{key} = "([^"]+)"', _PROJECT, re.M)[1] for key in ("name", "version"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the wheel, the folder it is installed into), built with no build isolation (hatchling is
    a test dependency) and installed without its dependencies, which this environment has."""
    work = tmp_path_factory.mktemp("package")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(work / "dist"), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    [wheel] = (work / "dist").glob("*.whl")
    site = work / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site),
                           str(wheel)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return wheel, site


def forge(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The installed ``forge`` command, run in ``cwd``: the package comes from ``site`` only (not
    from this checkout: no PYTHONPATH to it, and the working folder is elsewhere)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "FORGE_"))}
    env.update(PYTHONPATH=str(site), COLUMNS="200", TERM="dumb")
    return subprocess.run([str(site / "bin" / "forge"), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def test_the_wheel_is_named_as_the_readme_says_and_holds_the_references(installed):
    wheel, _ = installed
    assert wheel.name.startswith(f"{NAME.replace('-', '_')}-{VERSION}-")
    names = zipfile.ZipFile(wheel).namelist()
    for inside in ("forge/_docs/cardspec.md", "forge/_docs/engines.md", "forge/_templates/rulebook.css",
                   "forge/fonts/DejaVuSans-Oblique.ttf", f"{NAME.replace('-', '_')}-{VERSION}.dist-info/licenses/LICENSE"):
        assert inside in names, inside


def test_the_installed_command_runs_from_the_wheel_not_the_checkout(installed, tmp_path):
    _, site = installed
    assert forge(site, tmp_path, "--version").stdout.strip() == f"forge {VERSION}"
    shown = forge(site, tmp_path, "docs", "cardspec", "--path").stdout.strip()
    assert Path(shown) == site / "forge" / "_docs" / "cardspec.md"
    assert forge(site, tmp_path, "docs", "cardspec").stdout.startswith("# The card spec language")


def test_a_new_game_builds_with_the_installed_package_alone(installed, tmp_path):
    _, site = installed
    assert forge(site, tmp_path, "new", "potions").returncode == 0
    result = forge(site, tmp_path, "build", "potions")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "build" / "potions" / "en" / "cards-a4.pdf").is_file()
    assert (tmp_path / "build" / "potions" / "fr" / "rules.html").is_file()


def test_readme_changelog_and_module_agree_on_the_release():
    from forge import __version__
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert __version__ == VERSION
    assert f"pip install {NAME}=={VERSION}" in readme
    assert re.search(rf"^## {re.escape(VERSION)} — \d{{4}}-\d\d-\d\d$", (ROOT / "CHANGELOG.md").read_text(), re.M)


def test_the_hook_and_the_workflow_install_the_release_and_run_the_same_check():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    config = yaml.safe_load(readme_blocks("pre-commit")[0])
    [repo] = config["repos"]
    workflow = yaml.safe_load(readme_blocks("GitHub Actions")[1])
    runs = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "run" in step]
    assert repo["rev"] == f"v{VERSION}" and f"pip install {NAME}=={VERSION}" in runs
    [check] = [shlex.split(run) for run in runs if run.startswith("forge check")]
    assert shlex.split(hook["entry"]) == check[:3] == ["forge", "check", "--strict"]


def test_a_repository_without_the_kit_gets_one_error_naming_it(publisher):
    import shutil

    from .conftest import run
    shutil.rmtree(publisher / "cardspecs")
    result = run(publisher, "-m", "forge", "check", "--strict")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith("cardspecs/majority.yaml: ") and "no card spec for majority" in lines[0]
    assert "copy cardspecs/majority.yaml and its data folder cardspecs/majority/" in lines[1]
    assert len(lines) == 2, result.stderr                      # once, however many examples need it
