"""Shared fixtures: the project root, running the real ``forge`` command, built kits."""
from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from forge.cache import FOLDER

from .forkserver import ForkServer

ROOT = Path(__file__).resolve().parent.parent

# A test run started in the background of a non-interactive shell inherits SIGINT ignored, and
# so would the forge processes it starts: Ctrl-C (SIGINT) could not stop the forge watch and
# forge serve that the tests interrupt. Caught here, SIGINT is reset for every process started.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
#: every game of the project, one card spec each in cardspecs/: the kit tests run for each, so a
#: game added there is tested with no test edited (its engine: tests/test_testing.py)
GAMES = tuple(sorted(p.stem for p in (ROOT / "cardspecs").glob("*.yaml")))


def run_forge(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run the forge command line in a separate process, as a user would (``env``: variables
    set on top of this one's).

    The process is forked from one that has loaded forge already (tests/forkserver.py), which
    spares each run Python's start-up and forge's imports. A run whose environment differs
    from the server's in more than the variables read as it runs (:data:`RUN_TIME`; say,
    PYTHONPATH, read when Python starts) is started as ``python -m forge``, as is every run
    under ``FORGE_TEST_FORK=0``."""
    env = {**os.environ, **RUN_ENV, **(env or {})}
    server_env = {**os.environ, **RUN_ENV} if not _SERVER else _SERVER[0].env
    same = all(env.get(k) == server_env.get(k) for k in {*env, *server_env} if not k.startswith(RUN_TIME))
    if not same or os.environ.get("FORGE_TEST_FORK") == "0":
        return subprocess.run([sys.executable, "-m", "forge", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)
    return forkserver().run(list(args), cwd, env, timeout=600)


#: the variables read as a run goes, not when Python starts: forge's own, and pytest's name of
#: the test running (``PYTEST_CURRENT_TEST``, new for each test) — the fork server's runs get them
RUN_TIME = ("FORGE_", "PYTEST_")

#: what every run of forge sees on top of the test run's environment: no terminal
RUN_ENV = {"COLUMNS": "200", "TERM": "dumb"}


def forkserver() -> ForkServer:
    """This test process's fork server (tests/forkserver.py), started when first asked."""
    if not _SERVER:
        _SERVER.append(ForkServer({**os.environ, **RUN_ENV}))
        atexit.register(_SERVER[0].close)
    return _SERVER[0]


_SERVER: list[ForkServer] = []


def tree_digest(folder: Path) -> dict[str, str]:
    """Path → sha256 of every file under ``folder`` (to prove nothing changed)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def shared(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder ``make`` fills once per test run: under pytest-xdist the first worker to ask
    makes it and the others wait for it (a lock beside the workers' own temp folders), so a
    session's build is not made once per worker. Tests only read it."""
    if name in _MADE:
        return _MADE[name]
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        folder = tmp_path_factory.mktemp(name)
        make(folder)
        _MADE[name] = folder
        return folder
    from filelock import FileLock
    root = tmp_path_factory.getbasetemp().parent          # shared by the run's workers
    folder, done = root / name, root / f"{name}.done"
    with FileLock(str(root / f"{name}.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    _MADE[name] = folder
    return folder


_MADE: dict[str, Path] = {}          # what this process made or found, by name


def kit(request, game: str) -> Path:
    """``game``'s kit built once per run: by its own session fixture ``<game>_build`` when it
    has one, else by :func:`build_game`."""
    try:
        return request.getfixturevalue(f"{game}_build")
    except pytest.FixtureLookupError:
        return build_game(request.getfixturevalue("tmp_path_factory"), game)


def build_game(tmp_path_factory, game: str) -> Path:
    """``game``'s kit and rulebooks built by the real command (both languages, both papers) in a
    copy of the project whose cache is warm (:func:`warm_project`); the output folder."""
    def make(project: Path) -> None:
        sources(project, warm_project(tmp_path_factory) / FOLDER)
        result = run_forge("build", game, "--out", "build", cwd=project)
        assert result.returncode == 0, result.stderr
    return shared(tmp_path_factory, f"kit-{game}", make) / "build"


def sources(project: Path, cache: Path | None = None) -> Path:
    """``project`` holding a copy of the repository's cardspecs/, rules_src/ and templates/, and
    of the cache ``cache``."""
    for name in ("cardspecs", "rules_src", "templates"):
        shutil.copytree(ROOT / name, project / name)
    if cache is not None:
        shutil.copytree(cache, project / FOLDER)
    return project


def warm_project(tmp_path_factory) -> Path:
    """A copy of the project checked (``forge check``) and built whole (``forge build``) once
    per run: its build/ is every game's kit and rulebook, and its cache (.forge-cache) holds
    the about boxes' simulations, Chat vert's rule study and every file the build rendered
    (forge/incremental.py). The cache's keys name what they depend on relative to the project,
    so every copy of it reads them, and a test that changes an input renders what it changes,
    as a user's edit would (tests/test_cache.py, tests/cli/test_incremental.py). Read only."""
    def make(folder: Path) -> None:
        sources(folder)
        assert run_forge("check", cwd=folder).returncode == 0          # the rule study
        result = run_forge("build", cwd=folder)                       # the about boxes, every file
        assert result.returncode == 0, result.stderr
    return shared(tmp_path_factory, "warm-project", make)


@pytest.fixture(scope="session")
def dalmuti_build(tmp_path_factory) -> Path:
    """The Dalmuti kit built once."""
    return build_game(tmp_path_factory, "dalmuti")


@pytest.fixture(scope="session")
def warm_cache(tmp_path_factory) -> Path:
    """The warm cache of :func:`warm_project`, for scratch projects to copy."""
    return warm_project(tmp_path_factory) / FOLDER


@pytest.fixture
def project(tmp_path, warm_cache) -> Path:
    """A scratch project holding a copy of the real cardspecs/ (and the rules data a kit prints:
    Chat vert's added rules), without rulebooks, its cache warm (``warm_cache``)."""
    shutil.copytree(ROOT / "cardspecs", tmp_path / "cardspecs")
    shutil.copytree(ROOT / "rules_src", tmp_path / "rules_src", ignore=shutil.ignore_patterns("*.md", "figures.yaml", "po"))
    shutil.copytree(warm_cache, tmp_path / FOLDER)
    return tmp_path


@pytest.fixture
def built_project(tmp_path, tmp_path_factory) -> Path:
    """``project`` with its whole build in build/, built once per run and copied: a test that
    spoils an input then proves the build it keeps is left as it was."""
    def make(folder: Path) -> None:
        shutil.copytree(ROOT / "cardspecs", folder / "cardspecs")
        shutil.copytree(ROOT / "rules_src", folder / "rules_src", ignore=shutil.ignore_patterns("*.md", "figures.yaml", "po"))
        shutil.copytree(warm_project(tmp_path_factory) / FOLDER, folder / FOLDER)
        result = run_forge("build", "--out", str(folder / "build"), cwd=folder)
        assert result.returncode == 0, result.stderr
    shutil.copytree(shared(tmp_path_factory, "built-project", make), tmp_path, dirs_exist_ok=True)
    return tmp_path


def doc_files(doc: Path) -> dict[str, str]:
    """The files of the worked spec in a Markdown doc: fenced yaml/csv blocks whose first
    line is a comment naming a path under cardspecs/."""
    text = doc.read_text(encoding="utf-8")
    files = {}
    for fence in ("```yaml\n", "```csv\n"):
        for block in text.split(fence)[1:]:
            body = block.split("```")[0]
            first, rest = body.split("\n", 1)
            if first.startswith("# cardspecs/"):
                files[first[2:].strip()] = body if fence == "```yaml\n" else rest
    return files


@pytest.fixture
def doc_project(tmp_path) -> Path:
    """A project made of the complete worked spec in docs/cardspec.md, written out as files."""
    for rel, body in doc_files(ROOT / "docs" / "cardspec.md").items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    return tmp_path
