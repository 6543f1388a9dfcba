"""Engine speed: random playouts of every game forge finds, at every player count it allows,
against RLCard's UNO bare game loop measured in the same run.

For each game (``forge.engine.registry.game_names()``), each player count and each policy
(``random``, then the game's own), the script plays seeded playouts for ``--seconds`` of CPU
time (``time.process_time``) and prints steps/s and games/s. Between two rows it times
RLCard's UNO the same way: ``UnoGame.init_game()``, then ``step(choice(get_legal_actions()))``
until ``is_over()`` (the bare game, not its RL environment), in a worker process of its own,
so that UNO, a game, UNO, … share the machine's load alike. Each row is compared with the
mean of the UNO measurements just before and just after it; the load average is printed
beside. The first row is the floor under every game: the engine's playout loop and random
policy driving a game that does nothing.

RLCard is not a forge dependency: if it cannot be imported here, the script installs it from
PyPI into its own virtual environment (benchmarks/.venv-rlcard, git-ignored). Run it from the
repository's root (the games read their printed kits from cardspecs/):

    python benchmarks/engine_speed.py [--seconds 1.5] [--games dalmuti,majority]

Targets: every game's random playouts ≥ 5 × UNO's bare loop (steps/s, CPU time); Dalmuti ≥
500,000 steps/s (random policy).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import venv
from pathlib import Path

from forge.engine import State, playout, random_policy
from forge.engine.registry import game_names, get_game
from forge.engine.simulate import policies_of

HERE = Path(__file__).resolve().parent
RL_VENV = HERE / ".venv-rlcard"
TARGET_RATIO = 5.0
TARGET_DALMUTI = 500_000

#: the worker timing UNO: reads a number of seconds per line, answers one JSON line each
UNO_WORKER = r"""
import json, random, sys, time
import numpy as np
import rlcard
from rlcard.games.uno.game import UnoGame
game, rng = UnoGame(), random.Random(0)
game.np_random = np.random.RandomState(0)
print(json.dumps({"version": rlcard.__version__, "players": game.num_players}), flush=True)
for line in sys.stdin:
    seconds, steps, games = float(line), 0, 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            steps += 1
        games += 1
    print(json.dumps({"steps": steps, "games": games, "cpu": time.process_time() - t0}), flush=True)
"""

#: variants measured beside the default rules, at a few player counts (game → label, options, counts)
VARIANTS = {
    "gjdlv": [("Règles Abondantes", lambda game: {"mode": "abondantes"}, (3, 4))],
    "chatvert": [("all added rules", lambda game: {"rules": sorted(game.rulebook().rules)}, (4,))],
}


def rlcard_python() -> str:
    """An interpreter that can import rlcard: this one, or the benchmark's own venv."""
    try:
        import rlcard  # noqa: F401
        return sys.executable
    except ImportError:
        pass
    python = RL_VENV / "bin" / "python"
    if not python.exists():
        print(f"installing rlcard into {RL_VENV} …", file=sys.stderr)
        venv.create(RL_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard"], check=True)
    return str(python)


class Uno:
    """RLCard's UNO bare game loop, timed in a worker process on demand."""

    def __init__(self):
        self.proc = subprocess.Popen([rlcard_python(), "-c", UNO_WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        about = json.loads(self.proc.stdout.readline())
        self.label = f"RLCard {about['version']} UNO, {about['players']} players, bare game loop"

    def measure(self, seconds: float) -> tuple[float, float]:
        """Steps and games per CPU second over ``seconds`` of CPU time."""
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        r = json.loads(self.proc.stdout.readline())
        return r["steps"] / r["cpu"], r["games"] / r["cpu"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def forge_speed(game, players: int, policy, options: dict, seconds: float) -> tuple[float, float]:
    """Steps and games per CPU second of seeded playouts, every seat playing ``policy``."""
    names = [f"P{i}" for i in range(1, players + 1)]
    game.new_state(names, options, random.Random(0))          # reads the printed kit before timing
    steps = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = game.new_state(names, options, random.Random(f"0:{games}"))
        playout(state, policy, max_steps=game.MAX_STEPS)
        steps += state.steps
        games += 1
    cpu = time.process_time() - t0
    return steps / cpu, games / cpu


class _Idle(State):
    """A game that does nothing (one seat, five moves, a thousand steps): what the engine's
    playout loop and random policy cost by themselves, the floor under every game's step."""

    MOVES, ONE = [1, 2, 3, 4, 5], frozenset((0,))

    def __init__(self, rng: random.Random):
        super().__init__(None, ["P1"], rng)
        self.left = 1000

    def to_act(self):
        return self.ONE if self.left else frozenset()

    def legal_moves(self, seat):
        return self.MOVES

    def perform(self, seat, move):
        self.left -= 1

    def is_over(self):
        return not self.left


def floor_speed(seconds: float) -> tuple[float, float]:
    """Steps and games per CPU second of :class:`_Idle` played by ``random_policy``."""
    steps = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = _Idle(random.Random(f"0:{games}"))
        playout(state, random_policy)
        steps += state.steps
        games += 1
    cpu = time.process_time() - t0
    return steps / cpu, games / cpu


def rows_of(name: str):
    """(label, players, policy name, options) of every measurement of a game."""
    game = get_game(name)
    for players in range(game.min_players, game.max_players + 1):
        for policy in policies_of(game):
            yield game, f"{name} {players}p {policy}", players, policy, {}
    for label, options, counts in VARIANTS.get(name, ()):
        for players in counts:
            yield game, f"{name} {players}p random, {label}", players, "random", options(game)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per measurement (default 1.5)")
    ap.add_argument("--games", help="comma-separated games to measure (default: every game found)")
    args = ap.parse_args()
    names = args.games.split(",") if args.games else game_names()
    uno = Uno()
    print(f"reference: {uno.label}; CPU time (time.process_time), {args.seconds:g} s per measurement; "
          f"Python {sys.version.split()[0]}; {os.cpu_count()} CPUs")
    print(f"{'':42} {'steps/s':>10} {'games/s':>9} {'UNO steps/s':>12} {'× UNO':>6}  {'load 1/5/15 min':>15}")
    before = uno.measure(args.seconds)
    steps, games = floor_speed(args.seconds)
    after = uno.measure(args.seconds)
    ref = (before[0] + after[0]) / 2
    load = "/".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{'(engine loop alone: a game doing nothing)':42} {steps:>10,.0f} {games:>9,.1f} {ref:>12,.0f} "
          f"{steps / ref:>6.2f}  {load:>15}", flush=True)
    before = after
    results = []
    for name in names:
        for game, label, players, policy, options in rows_of(name):
            steps, games = forge_speed(game, players, policies_of(game)[policy], options, args.seconds)
            after = uno.measure(args.seconds)
            ref = (before[0] + after[0]) / 2
            ratio = steps / ref
            load = "/".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"{label:42} {steps:>10,.0f} {games:>9,.1f} {ref:>12,.0f} {ratio:>6.2f}  {load:>15}", flush=True)
            results.append((name, label, policy, options, steps, ratio))
            before = after
    uno.close()
    print()
    for name in names:
        for which, rows in (("random playouts", [r for r in results if r[0] == name and r[2] == "random" and not r[3]]),
                            ("its own policies", [r for r in results if r[0] == name and r[2] != "random"])):
            if rows:
                worst = min(rows, key=lambda r: r[5])
                met = "met" if worst[5] >= TARGET_RATIO else "NOT met"
                print(f"target {name}, {which}: ≥ {TARGET_RATIO:g} × UNO at every player count: {met} "
                      f"(lowest {worst[5]:.2f}, {worst[1]}; highest {max(r[5] for r in rows):.2f})")
    dalmuti = [r for r in results if r[0] == "dalmuti" and r[2] == "random" and not r[3]]
    if dalmuti:
        low = min(dalmuti, key=lambda r: r[4])
        print(f"target dalmuti random ≥ {TARGET_DALMUTI:,} steps/s: "
              f"{'met' if low[4] >= TARGET_DALMUTI else 'NOT met'} (lowest {low[4]:,.0f}, {low[1]})")


if __name__ == "__main__":
    main()
