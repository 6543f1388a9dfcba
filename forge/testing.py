"""forge's test kit for game authors: what any rules engine must hold, tested the same way for
forge's own games and for a publisher's.

For pytest, subclass :class:`GameTests` in a test file of the project::

    from pathlib import Path
    from forge.testing import GameTests

    class TestPotions(GameTests):
        game = "potions"
        project = Path(__file__).resolve().parents[1]     # the folder holding cardspecs/

and pytest runs, with no more code:

- ``test_declaration``: the game's class declares what forge needs, and every expected field
  can be observed;
- ``test_random_games_keep_invariants``: seeded random games, checked after every move: the
  state's own invariants, the cards in play (when the state lists its zones), someone always
  able to act and able to make a move, every listed legal move accepted, the game ending
  within ``MAX_STEPS``, sensible scores and winners, and the same seed giving the same game;
- ``test_every_ruling_is_reached``: each house ruling is reached by a random game or by a
  worked example of the rulebook (a ruling nothing reaches is untested);
- ``test_examples_hold``: every worked example of every edition holds, and every edition has
  the same examples;
- ``test_every_expected_value_is_checked``: each value an example expects, changed, makes the
  example fail at that value's line, in every edition (an ``expect`` the engine does not
  really compare would hide a wrong rulebook).

The functions behind them (:func:`play_random_games`, :func:`rulings_reached`,
:func:`check_rulebook`, :func:`mutation_survivors`) return reports, for a benchmark or a
soak to use with bigger numbers.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping

from .engine import Game, IllegalMove, InvariantError, State
from .engine.declaration import problems_of
from .engine.examples import (EDITION, Example, MoveRefused, check_example, check_paths, example_players,
                              parse_examples, run_example)
from .engine.registry import get_game
from .engine.simulate import policies_of
from .errors import EngineError

__all__ = ["GameTests", "PlayReport", "Violation", "Mutant", "play_random_games", "rulings_reached",
           "check_rulebook", "mutants", "mutation_survivors", "declaration_problems"]

NAMES = [f"P{i}" for i in range(1, 11)]


@dataclass(frozen=True)
class Violation:
    """Something a random game did that no game may do: game ``index`` of the run (seeded
    ``f"{seed}:{index}"``), after ``step`` moves."""

    index: int
    players: int
    step: int
    message: str

    def __str__(self) -> str:
        return f"game {self.index} ({self.players} players), move {self.step}: {self.message}"


@dataclass
class PlayReport:
    games: int = 0
    moves: int = 0
    violations: list[Violation] = field(default_factory=list)
    rulings: Counter = field(default_factory=Counter)        # games reaching each ruling

    def __str__(self) -> str:
        return (f"{self.games:,} games, {self.moves:,} moves, {len(self.violations)} violations, "
                f"rulings reached: {dict(sorted(self.rulings.items())) or 'none'}")


def declaration_problems(game: Game) -> list[str]:
    """What is wrong with the game's declaration (empty when nothing): the checks forge makes
    when it loads an engine, and that every expected field is one the state can observe."""
    out = [f"{attr}: {message}" for attr, message in problems_of(type(game))]
    if out:
        return out
    state = game.new_state(NAMES[:game.min_players], {}, random.Random(0))
    return [f"EXPECT_FIELDS[{key!r}]: the state does not observe it (observe returns NotImplemented)"
            for key in game.EXPECT_FIELDS if state.observe(key, None) is NotImplemented]


def play_random_games(game: Game, games: int = 500, seed: int = 0, players: list[int] | None = None,
                      options: Mapping | None = None, policy: str = "random", until: set[str] | None = None) -> PlayReport:
    """Play ``games`` seeded random games (player counts in turn from ``players``, default every
    count the game allows), checking after every move; return what happened. With ``until``
    (ruling names), stop early once every one of them has been reached."""
    counts = players or list(range(game.min_players, game.max_players + 1))
    choose = policies_of(game)[policy]
    report = PlayReport()
    for i in range(games):
        n = counts[i % len(counts)]
        state = game.new_state(NAMES[:n], dict(options or {}), random.Random(f"{seed}:{i}"))
        moves: list[str] = []
        problem = _play_checked(state, choose, random.Random(f"{seed}:{i}:policy"), moves)
        report.games += 1
        report.moves += state.steps
        report.rulings.update(set(state.rulings))
        if problem:
            report.violations.append(Violation(i, n, state.steps, problem))
        if i == 0 and not problem:               # the same seed gives the same game
            again, replayed = game.new_state(NAMES[:n], dict(options or {}), random.Random(f"{seed}:{i}")), []
            _play_checked(again, choose, random.Random(f"{seed}:{i}:policy"), replayed)
            if (replayed, again.scores(), again.rulings) != (moves, state.scores(), state.rulings):
                report.violations.append(Violation(i, n, state.steps, "the same seed gave another game: its "
                                                   "randomness does not all come from the state's rng"))
        if until is not None and until <= set(report.rulings):
            break
    return report


def _play_checked(state: State, choose, rng: random.Random, moves: list[str]) -> str | None:
    """Play ``state`` to its end through the checked path, writing each move in ``moves``; the
    first problem, or None."""
    game, seats = state.game, range(len(state.players))
    cards = _cards(state)
    try:
        state.check_invariants()
        while not state.is_over():
            if state.steps >= game.MAX_STEPS:
                return f"no end after {game.MAX_STEPS:,} moves (MAX_STEPS)"
            acting = state.to_act()
            if not acting:
                return "the game is not over, but nobody may act"
            for seat in seats:
                if seat not in acting and state.legal_moves(seat):
                    return f"{state.players[seat]} may not act but has legal moves"
            for seat in sorted(acting):
                if seat not in state.to_act():       # an earlier simultaneous move changed the turn
                    continue
                if not state.legal_moves(seat):
                    return f"{state.players[seat]} is to act but has no legal move"
                move = choose(state, seat, rng)
                moves.append(f"{seat}: {move}")
                try:
                    state.apply(seat, move)
                except IllegalMove as exc:
                    return f"{state.players[seat]}'s move {move}, chosen among the legal moves, was refused: {exc}"
                state.check_invariants()
                if cards is not None and _cards(state) != cards:
                    return f"the cards in play changed after {state.players[seat]}: {move}"
                if state.is_over():
                    break
        if state.to_act() or any(state.legal_moves(s) for s in seats):
            return "the game is over, but someone may still act"
        scores, winners = state.scores(), state.winners()
        if len(scores) != len(state.players):
            return f"{len(scores)} scores for {len(state.players)} players"
        if not winners or not set(winners) <= set(seats):
            return f"the winners {winners} are not seats of the game"
    except InvariantError as exc:
        return f"invariant broken: {exc}"
    except EngineError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _cards(state: State) -> Counter | None:
    """Every card of the state's zones, counted (None when the state lists no zones); a zone
    given as a number adds to the cards counted but not named."""
    zones = state.zones()
    if zones is None:
        return None
    out: Counter = Counter()
    for held in zones.values():
        if isinstance(held, int):
            out["(counted)"] += held
        else:
            out.update(held)
    return out


def _editions(game: Game) -> list[Path]:
    folder = game.rules_folder
    return sorted(p for p in folder.glob("*.md") if EDITION.match(p.name)) if folder.is_dir() else []


def rulings_reached(game: Game, report: PlayReport | None = None) -> dict[str, str]:
    """Each ruling → what reaches it ("random games" or "example <id>"), or "" when nothing does."""
    reached = {name: "random games" for name in (report.rulings if report else ())}
    for path in _editions(game):
        for ex in parse_examples(path):
            try:
                state, _ = run_example(ex)
            except (MoveRefused, EngineError, Exception):     # a failing example is test_examples_hold's
                continue
            for name in state.rulings:
                reached.setdefault(name, f"example {ex.id}")
    return {name: reached.get(name, "") for name in game.RULINGS}


def check_rulebook(game: Game) -> list[str]:
    """Every failure of the game's worked examples and every example an edition lacks."""
    editions = _editions(game)
    if not editions:
        return [f"{game.rules_folder}: no rulebook edition (expected <lang>.md files)"]
    report = check_paths(editions)
    return [str(f) for f in report.failures] + [str(m) for m in report.missing]


@dataclass(frozen=True)
class Mutant:
    """An example with one expected value changed: the line of that value, and the change."""

    example: Example
    line: int
    change: str


def mutants(ex: Example) -> Iterator[Mutant]:
    """The example with each of its expected values changed in turn, to another value of the
    same kind (a number + 1, a flag flipped, another player, one word fewer or more)."""
    game = get_game(ex.data["game"], _project(ex.path))
    players = example_players(ex, game)
    expect = ex.data["expect"]
    for path, line, value in _leaves(expect, ()):
        fld = game.EXPECT_FIELDS.get(path[0])
        changed = _changed(value, players, fld)
        if changed is None or changed == value:
            continue
        data = copy.deepcopy(ex.data)
        target = data["expect"]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = changed
        yield Mutant(Example(ex.id, ex.path, ex.line, data, ex.source), line,
                     f"{'.'.join(map(str, path))}: {value!r} → {changed!r}")


def _project(path: Path) -> Path:
    from .engine.registry import project_of
    return project_of(path)


def _leaves(node, path: tuple) -> Iterator[tuple[tuple, int, object]]:
    """(path, line, value) of every scalar inside an expect mapping; an empty list is a leaf."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        line = node.at(key).line if hasattr(node, "at") else 0
        if isinstance(value, dict) and value:
            yield from _leaves(value, path + (key,))
        elif isinstance(value, list) and value:
            yield from _leaves(value, path + (key,))
        else:
            yield path + (key,), line, value


def _changed(value, players: list[str], fld):
    """Another value of the same kind as ``value``."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        top = fld.range[1] if fld is not None and fld.range else None
        return value - 1 if top is not None and value + 1 > top else value + 1
    if isinstance(value, float):
        return value + 0.25
    if isinstance(value, list):                  # an empty list: one name more
        return [players[0]]
    if value is None:
        return "?"
    text = str(value)
    choices = list(fld.choices) if fld is not None and fld.kind == "choice" else []
    if text in choices and len(choices) > 1:
        return choices[(choices.index(text) + 1) % len(choices)]
    if text in players:
        return players[(players.index(text) + 1) % len(players)]
    words = text.split()
    if len(words) > 1:
        return " ".join(words[:-1])
    return f"{text} {text}" if text else "?"


def mutation_survivors(path: Path) -> tuple[int, list[str]]:
    """(mutants tried, those that still hold or fail elsewhere than at their line) for every
    example of the rules file ``path``."""
    tried, survivors = 0, []
    for ex in parse_examples(path):
        if check_example(ex):
            continue                             # an example that already fails is reported elsewhere
        for m in mutants(ex):
            tried += 1
            failures = check_example(m.example)
            if not failures:
                survivors.append(f"{path}:{m.line}: example {ex.id}: {m.change} still holds")
            elif all(f.location.line != m.line for f in failures):
                survivors.append(f"{path}:{m.line}: example {ex.id}: {m.change} fails at line(s) "
                                 f"{sorted({f.location.line for f in failures})}, not at its own")
    return tried, survivors


class GameTests:
    """Subclass with ``game`` (its id) and ``project`` (the folder holding ``cardspecs/``);
    pytest runs the tests below for that game. ``random_games`` sets how many are played."""

    game: str = ""
    project: Path = Path(".")
    random_games: int = 300          # games checked move by move
    ruling_games: int = 3000         # at most this many to reach the rulings no example reaches
    seed: int = 0

    def engine(self) -> Game:
        return get_game(self.game, Path(self.project))

    def test_declaration(self):
        problems = declaration_problems(self.engine())
        assert not problems, "\n".join(problems)

    def test_random_games_keep_invariants(self):
        report = play_random_games(self.engine(), self.random_games, self.seed)
        assert report.games == self.random_games
        assert not report.violations, "\n".join(map(str, report.violations[:10]))

    def test_every_ruling_is_reached(self):
        game = self.engine()
        by_examples = {name for name, how in rulings_reached(game).items() if how}
        played = play_random_games(game, self.ruling_games, self.seed, until=set(game.RULINGS) - by_examples)
        missing = [name for name, how in rulings_reached(game, played).items() if not how]
        assert not missing, (f"neither {played.games:,} random games nor the rulebook's examples reach: "
                             f"{', '.join(missing)}")

    def test_examples_hold(self):
        problems = check_rulebook(self.engine())
        assert not problems, "\n".join(problems)

    def test_every_expected_value_is_checked(self):
        editions = _editions(self.engine())
        assert editions, "no rulebook edition"
        for path in editions:
            tried, survivors = mutation_survivors(path)
            assert tried, f"{path}: no expected value to change"
            assert not survivors, "\n".join(survivors[:20])
