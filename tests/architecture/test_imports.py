"""forge's import structure holds: its layers, no circle at any depth, each game apart and on
the public engine API only, and no private name taken from another module. The contracts are
in .importlinter, checked by import-linter; a broken one fails here with its import chain."""
from __future__ import annotations

import shutil
import subprocess
import sys

from ..conftest import ROOT


def _lint(cwd) -> subprocess.CompletedProcess:
    """``lint-imports`` in ``cwd``, its packages (forge, the contract type in tests/) read from there."""
    return subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); "
                           "from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
                           "--config", ".importlinter", "--no-cache"], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_every_import_contract_is_kept():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "Contracts: 5 kept, 0 broken." in result.stdout


def test_a_new_circle_breaks_the_contracts_with_its_chain(tmp_path):
    """forge copied, with one import that runs up (the card spec reading the build): the
    layers and the circle contracts fail, naming the importing line."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "forge", copy / "forge", ignore=shutil.ignore_patterns("__pycache__", "fonts"))
    shutil.copytree(ROOT / "tests" / "architecture", copy / "tests" / "architecture")
    (copy / "tests" / "__init__.py").write_text("")
    shutil.copy(ROOT / ".importlinter", copy / ".importlinter")
    model = copy / "forge" / "cardspec" / "model.py"
    model.write_text(model.read_text(encoding="utf-8") + "\n\ndef _up():\n    from ..build import plan\n",
                     encoding="utf-8")
    result = _lint(copy)
    assert result.returncode == 1
    assert "forge.cardspec is not allowed to import forge.build" in result.stdout
    assert "forge.cardspec.model -> forge.build" in result.stdout
    assert "No cycles are allowed in forge." in result.stdout
