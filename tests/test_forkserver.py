"""The tests' fork server (tests/forkserver.py) runs forge as ``python -m forge`` does: same
exit status, same output, same program name in usage lines, same working directory and
environment, and a run that hangs is killed at its timeout."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .conftest import ROOT, RUN_ENV, forkserver

COMMANDS = [
    ["--version"],
    ["list"],
    ["no-such-command"],                                   # a usage error: "Usage: python -m forge …"
    ["build", "--paper", "a5"],                            # a bad option's value
    ["check", "rules_src/no-such-game"],                   # a located error, exit 2
    ["simulate", "majority", "--players", "4", "--games", "3", "--seed", "7", "--json"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_forked_run_answers_as_python_m_forge_does(args):
    env = {**os.environ, **RUN_ENV}
    fresh = subprocess.run([sys.executable, "-m", "forge", *args], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
    forked = forkserver().run(args, ROOT, env, timeout=120)
    assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)


def test_a_forked_run_has_its_own_folder_and_environment(tmp_path):
    (tmp_path / "cardspecs").mkdir()
    env = {**os.environ, **RUN_ENV, "FORGE_WORKERS": "1"}
    result = forkserver().run(["list"], tmp_path, env, timeout=60)
    assert result.returncode == 2 and "cardspecs" in result.stderr
    assert os.environ.get("FORGE_WORKERS") != "1"          # the test's own environment is untouched


def test_a_run_past_its_timeout_is_killed():
    with pytest.raises(subprocess.TimeoutExpired):
        forkserver().run(["simulate", "majority", "--players", "4", "--games", "1000000"], ROOT,
                         {**os.environ, **RUN_ENV}, timeout=1)
    assert forkserver().run(["--version"], ROOT, {**os.environ, **RUN_ENV}, timeout=60).returncode == 0
