"""forge's test kit (forge.testing), run for every game an engine is found for in this project,
and shown failing on engines broken on purpose.

A game added to the project (an installed engine or cardspecs/<game>/engine.py) gets these
tests with no test edited: a class per discovered game is made below.
"""
from __future__ import annotations

import shutil
import pytest

from forge.engine.registry import game_names, get_game, refresh
from forge.testing import GameTests, check_rulebook, mutation_survivors, play_random_games

from .conftest import ROOT

for _name in game_names(ROOT):
    globals()[f"TestGame_{_name}"] = type(f"TestGame_{_name}", (GameTests,), {"game": _name, "project": ROOT})


def test_every_game_of_the_project_is_tested():
    """The classes above cover forge's five games (and any game added since)."""
    tested = {cls.game for name, cls in globals().items() if name.startswith("TestGame_")}
    assert tested == set(game_names(ROOT)) >= {"dalmuti", "majority", "familienbande", "gjdlv", "chatvert"}


# -- the kit catches what it is for: a small game, then broken copies of it -----------------------

ENGINE = '''
from forge.engine import API_VERSION, Field, Game, IllegalMove, InvariantError, MoveError, State


class Take(State):
    """Players take 1 or 2 tokens from a pile in turn; whoever takes the last one wins."""

    def __init__(self, game, players, rng, options):
        super().__init__(game, players, rng)
        self.pile = int(options.get("pile", 7 + rng.randrange(5)))
        self.total, self.taken, self.turn, self.last = self.pile, [0] * len(players), 0, None

    def to_act(self):
        return frozenset() if self.pile == 0 else frozenset([self.turn])

    def legal_moves(self, seat):
        return [n for n in (1, 2) if n <= self.pile] if seat in self.to_act() else []

    def perform(self, seat, move):
        if move == 2 and self.pile == 2:
            self.rule("nim.two-at-the-end")
        self.pile -= move
        self.taken[seat] += move
        self.last, self.turn = seat, (seat + 1) % len(self.players)

    def is_over(self):
        return self.pile == 0

    def scores(self):
        return [int(s == self.last) for s in range(len(self.players))]

    def check_invariants(self):
        if self.pile + sum(self.taken) != self.total:
            raise InvariantError("tokens lost")

    def observe(self, key, want=None):
        return {"pile": lambda: self.pile, "over": self.is_over}.get(key, lambda: NotImplemented)()


class Nim(Game):
    name = "nim"
    api_version = API_VERSION
    min_players = 2
    max_players = 3
    RULINGS = {"nim.two-at-the-end": "Taking the last two tokens at once is allowed."}
    GIVEN_FIELDS = {"pile": Field("int", "tokens in the pile", range=(0, 50))}
    EXPECT_FIELDS = {"pile": Field("int", "tokens left"), "over": Field("bool", "whether the game is over")}

    def new_state(self, players, options=None, rng=None):
        self.check_players(players)
        return Take(self, players, rng, options or {})

    def parse_move(self, text):
        if text in ("take 1", "take 2"):
            return int(text[-1])
        raise MoveError(f"not a move: {text!r}")
'''

RULES = """\
# Nim

```example {#nim-take}
game: nim
given: {pile: 5}
moves: ["Alice: take 2", "Bruno: take 1"]
expect:
  pile: 2
  over: false
```
"""


@pytest.fixture
def nim(tmp_path):
    """A project with the small game, its kit and a one-example rulebook; yields a function
    that rewrites the engine with a change and returns the game."""
    shutil.copytree(ROOT / "cardspecs" / "dalmuti", tmp_path / "cardspecs" / "nim")
    shutil.copy(ROOT / "cardspecs" / "dalmuti.yaml", tmp_path / "cardspecs" / "nim.yaml")
    (tmp_path / "rules_src" / "nim").mkdir(parents=True)
    (tmp_path / "rules_src" / "nim" / "en.md").write_text(RULES, encoding="utf-8")

    def engine(old: str = "", new: str = ""):
        (tmp_path / "cardspecs" / "nim" / "engine.py").write_text(ENGINE.replace(old, new), encoding="utf-8")
        refresh(tmp_path)
        return get_game("nim", tmp_path)
    yield engine
    refresh(tmp_path)


def test_the_kit_passes_a_sound_game(nim):
    game = nim()
    assert not play_random_games(game, 200).violations
    assert not check_rulebook(game)
    assert mutation_survivors(game.rules_folder / "en.md") == (2, [])


@pytest.mark.parametrize("old, new, caught", [
    ("self.pile -= move", "self.pile -= move\n        self.total += move % 2", "invariant broken: tokens lost"),
    ("if seat in self.to_act() else []", "if self.pile else []", "may not act but has legal moves"),
    ("    def is_over(self):", "    def check_move(self, seat, move):\n        if move == 2:\n            raise IllegalMove('no')\n\n"
     "    def is_over(self):", "chosen among the legal moves, was refused"),
    ("frozenset() if self.pile == 0 else frozenset([self.turn])", "frozenset([self.turn])",
     "the game is over, but someone may still act"),
    ("    max_players = 3", "    max_players = 3\n    MAX_STEPS = 3", "no end after 3 moves"),
    ("7 + rng.randrange(5)", "7 + __import__('random').randrange(1000)", "the same seed gave another game"),
])
def test_random_games_catch_a_broken_rule(nim, old, new, caught):
    game = nim(old, new)
    violations = play_random_games(game, 200).violations
    assert violations and caught in str(violations[0]), violations[:1]


def test_an_expected_value_the_engine_does_not_compare_survives_mutation(nim):
    game = nim('"over": self.is_over', '"over": lambda: want')
    tried, survivors = mutation_survivors(game.rules_folder / "en.md")
    assert tried == 2 and len(survivors) == 1
    assert "rules_src/nim/en.md:9: example nim-take: over: False → True still holds" in survivors[0]


def test_a_ruling_nothing_reaches_fails_the_ruling_test(nim):
    game = nim("if move == 2 and self.pile == 2:", "if move == 2 and self.pile == 99:")
    tests = type("Tests", (GameTests,), {"game": "nim", "project": game.project, "ruling_games": 50})()
    with pytest.raises(AssertionError, match="reach: nim.two-at-the-end"):
        tests.test_every_ruling_is_reached()


def test_an_example_that_does_not_hold_is_reported_at_its_line(nim):
    game = nim("self.pile -= move", "self.pile -= 1")
    problems = check_rulebook(game)
    assert problems and "rules_src/nim/en.md:8: example nim-take: pile expected 2, got 3" in problems[0]
