"""Where forge finds rules engines, and what it says when one cannot be used.

A project's own engine (cardspecs/<game>/engine.py) and an installed one (an entry point of
group forge.games, here a package put on PYTHONPATH with its dist-info) are found the same way
as forge's five games; a broken engine is one located line naming it, exit 2, never "unknown
game", and --debug adds the traceback.
"""
from __future__ import annotations

import os
import shutil

import pytest

from ..conftest import ROOT, run_forge

ENGINE = '''\
import random
from forge.engine import API_VERSION, Field, Game, MoveError, State


class Turn(State):
    def __init__(self, game, players, rng):
        super().__init__(game, players, rng)
        self.left = 3

    def to_act(self):
        return frozenset([3 - self.left]) if self.left else frozenset()

    def legal_moves(self, seat):
        return ["tap"] if seat in self.to_act() else []

    def perform(self, seat, move):
        self.left -= 1

    def is_over(self):
        return not self.left

    def scores(self):
        return [0, 0, 0]

    def check_invariants(self):
        pass

    def observe(self, key, want=None):
        return self.left if key == "left" else NotImplemented


class Potions(Game):
    name = "potions"
    api_version = API_VERSION
    min_players = 3
    max_players = 3
    EXPECT_FIELDS = {"left": Field("int", "taps left")}

    def new_state(self, players, options=None, rng=None):
        return Turn(self, players, rng or random.Random(0))

    def parse_move(self, text):
        if text != "tap":
            raise MoveError("not a move")
        return "tap"
'''

RULES = """\
# Potions

```example {#potions-tap}
game: potions
moves: ["Alice: tap"]
expect:
  left: 2
```
"""


@pytest.fixture
def project(tmp_path):
    """A project with a game 'potions' (kit and rulebook), no engine yet."""
    shutil.copytree(ROOT / "cardspecs" / "dalmuti", tmp_path / "cardspecs" / "potions")
    shutil.copy(ROOT / "cardspecs" / "dalmuti.yaml", tmp_path / "cardspecs" / "potions.yaml")
    (tmp_path / "rules_src" / "potions").mkdir(parents=True)
    (tmp_path / "rules_src" / "potions" / "en.md").write_text(RULES, encoding="utf-8")
    return tmp_path


def _own(project, code: str) -> None:
    (project / "cardspecs" / "potions" / "engine.py").write_text(code, encoding="utf-8")


def _installed(tmp_path, module: str, code: str, entry: str, dist: str = "potions-engine") -> dict:
    """A package on PYTHONPATH declaring ``entry`` in group forge.games (as pip installs one)."""
    site = tmp_path / "site"
    (site / f"{dist.replace('-', '_')}-1.0.dist-info").mkdir(parents=True)
    (site / f"{module}.py").write_text(code, encoding="utf-8")
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[forge.games]\n{entry}\n", encoding="utf-8")
    return {"PYTHONPATH": str(site)}


def _forge(*args, cwd, env=None):
    old = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    try:
        return run_forge(*args, cwd=cwd)
    finally:
        for k, v in old.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)


def test_a_projects_own_engine_checks_its_examples(project):
    _own(project, ENGINE)
    result = _forge("check", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "1 examples checked: 1 hold" in result.stdout
    assert not list((project / "cardspecs").rglob("__pycache__"))


def test_an_installed_engine_is_found_through_its_entry_point(project, tmp_path):
    env = _installed(tmp_path, "potions_engine", ENGINE, "potions = potions_engine:Potions")
    result = _forge("simulate", "potions", "--players", "3", "--games", "20", "--json", cwd=project, env=env)
    assert result.returncode == 0, result.stderr
    assert '"game": "potions"' in result.stdout and '"games": 20' in result.stdout


def test_a_game_without_engine_is_unknown_listing_the_others(project):
    result = _forge("check", cwd=project)
    assert result.returncode == 2
    assert "rules_src/potions/en.md:4: example potions-tap: unknown game 'potions' (expected one of: chatvert, " \
           "dalmuti, familienbande, gjdlv, majority)" in result.stderr


@pytest.mark.parametrize("old, new, where, says", [
    ("import random\n", "import random\nimport numpyy\n", "cardspecs/potions/engine.py:2",
     "engine of 'potions' (cardspecs/potions/engine.py) cannot be imported: ModuleNotFoundError: No module named "
     "'numpyy'"),
    ("import random\n", "import random\nBOOM = 1 / 0\n", "cardspecs/potions/engine.py:2",
     "raised while loading: ZeroDivisionError: division by zero"),
    ('EXPECT_FIELDS = {"left": Field("int", "taps left")}', 'EXPECT_FIELDS = {"left": "taps left"}',
     "cardspecs/potions/engine.py:37", "EXPECT_FIELDS['left'] must be a Field(kind, help) (got str: 'taps left')"),
    ('Field("int", "taps left")', 'Field("count", "taps left")', "cardspecs/potions/engine.py:37",
     "raised while loading: ValueError: unknown field kind 'count'"),
    ("api_version = API_VERSION", "api_version = 2", "cardspecs/potions/engine.py:34",
     "was written for engine API 2; this forge speaks version 1"),
    ('name = "potions"', 'name = "potion"', "cardspecs/potions/engine.py:1",
     "defines no Game subclass named 'potions' (expected one: class …(Game): name = \"potions\"; found 'potion')"),
    ("    def parse_move(self, text):", "    def parse_moves(self, text):", "cardspecs/potions/engine.py:32",
     "does not define parse_move()"),
])
def test_a_broken_project_engine_is_one_located_line(project, old, new, where, says):
    """Each at its line: the import, the raise, the field's assignment, the class (a method it lacks)."""
    assert old in ENGINE
    _own(project, ENGINE.replace(old, new))
    result = _forge("check", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]
    assert len(lines) == 1 and lines[0].startswith(f"{where}: ") and says in lines[0], result.stderr
    assert "Traceback" not in result.stderr and "unknown game" not in result.stderr


def test_debug_shows_the_engines_traceback(project):
    _own(project, ENGINE.replace("import random\n", "import random\nimport numpyy\n"))
    result = _forge("--debug", "check", cwd=project)
    assert result.returncode == 2
    assert "Traceback" in result.stderr and "import numpyy" in result.stderr


def test_two_engines_claiming_one_game_are_refused(project, tmp_path):
    _own(project, ENGINE)
    env = _installed(tmp_path, "potions_engine", ENGINE, "potions = potions_engine:Potions")
    result = _forge("simulate", "potions", "--players", "3", "--games", "5", cwd=project, env=env)
    assert result.returncode == 2
    assert "cardspecs/potions/engine.py:1: two engines claim the game 'potions': entry point potions = " \
           "potions_engine:Potions (potions-engine 1.0) and cardspecs/potions/engine.py" in result.stderr


def test_an_installed_engine_that_claims_a_builtin_game_is_refused(project, tmp_path):
    env = _installed(tmp_path, "rival", ENGINE, "dalmuti = rival:Potions", dist="rival")
    result = _forge("simulate", "dalmuti", "--players", "4", "--games", "5", cwd=ROOT, env=env)
    assert result.returncode == 2
    assert "two engines claim the game 'dalmuti'" in result.stderr and "rival 1.0" in result.stderr


@pytest.mark.parametrize("code, entry, says", [
    ("import numpyy\n", "potions = potions_engine:Potions", "potions_engine.py:1: engine of 'potions' (entry point "
     "potions = potions_engine:Potions (potions-engine 1.0)) cannot be imported: ModuleNotFoundError"),
    (ENGINE.replace("api_version = API_VERSION", "api_version = 0"), "potions = potions_engine:Potions",
     "potions_engine.py:34: engine of 'potions' (entry point potions = potions_engine:Potions (potions-engine 1.0)) "
     "was written for engine API 0"),
    (ENGINE, "potions = potions_engine:Turn", "names <class 'potions_engine.Turn'>, which is not a Game subclass"),
    (ENGINE, "potions = potions_engine:Elixir", "names what its module does not define: AttributeError"),
    (ENGINE, "elixir = potions_engine:Potions", "declares name = 'potions', but is registered as 'elixir'"),
])
def test_a_broken_installed_engine_is_one_located_line(project, tmp_path, code, entry, says):
    env = _installed(tmp_path, "potions_engine", code, entry)
    game = entry.split(" = ")[0]
    result = _forge("simulate", game, "--players", "3", "--games", "5", cwd=project, env=env)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]
    assert len(lines) == 1 and says in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_an_engine_leading_out_of_the_project_is_refused(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "elsewhere.py"
    outside.write_text(ENGINE, encoding="utf-8")
    (project / "cardspecs" / "potions" / "engine.py").symlink_to(outside)
    result = _forge("check", cwd=project)
    assert result.returncode == 2
    assert "cardspecs/potions/engine.py: the engine of potions leads out of the project" in result.stderr


def test_an_option_the_game_refuses_at_the_start_is_a_bad_argument(project):
    """An option only a game about to start can judge (here: more taps than players allow) is
    exit 2 at --option, not a failure of the run."""
    _own(project, ENGINE.replace('    EXPECT_FIELDS = {"left": Field("int", "taps left")}',
                                 '    EXPECT_FIELDS = {"left": Field("int", "taps left")}\n'
                                 '    OPTION_FIELDS = {"taps": Field("int", "taps in a game", range=(1, 99))}')
         .replace("        return Turn(self, players, rng or random.Random(0))",
                  "        if (options or {}).get('taps', 3) > len(players):\n"
                  "            raise MoveError(f'at most {len(players)} taps with {len(players)} players')\n"
                  "        return Turn(self, players, rng or random.Random(0))"))
    result = _forge("simulate", "potions", "--players", "3", "--games", "5", "--option", "taps=7", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith("--option: potions cannot start with 3 players and these options: at most 3 "
                                    "taps with 3 players")
