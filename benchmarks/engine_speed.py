"""Engine speed: random playouts of Dalmuti (5 players), Majority (6 players) and Familienbande
(3 players, random and greedy), and in the same run RLCard's UNO with random agents as the
reference point.

RLCard is not a forge dependency: if it cannot be imported here, the script installs it
into its own virtual environment (benchmarks/.venv-rlcard, git-ignored) and times UNO
there. Everything runs on one core, one game after another.

    python benchmarks/engine_speed.py [--seconds 5]

Targets: Dalmuti and Chat vert (base rules) ≥ 5 × RLCard UNO steps/s (the env loop with random
agents); Chat vert with all ten added rules is measured beside them.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import venv
from pathlib import Path

from forge.engine import playout
from forge.engine.registry import get_game
from forge.engine.simulate import policies_of

HERE = Path(__file__).resolve().parent
RL_VENV = HERE / ".venv-rlcard"

UNO_SCRIPT = r"""
import json, random, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent
from rlcard.games.uno.game import UnoGame
seconds = float(sys.argv[1])
env = rlcard.make("uno", config={"seed": 0})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
t, steps, games = time.perf_counter(), 0, 0
while time.perf_counter() - t < seconds:
    trajectories, _ = env.run(is_training=False)
    steps += sum((len(tr) - 1) // 2 for tr in trajectories)
    games += 1
env_dt = time.perf_counter() - t
game, rng = UnoGame(), random.Random(0)
game.np_random = np.random.RandomState(0)
t, raw_steps, raw_games = time.perf_counter(), 0, 0
while time.perf_counter() - t < seconds:
    game.init_game()
    while not game.is_over():
        game.step(rng.choice(game.get_legal_actions()))
        raw_steps += 1
    raw_games += 1
raw_dt = time.perf_counter() - t
print(json.dumps({"version": rlcard.__version__, "steps_s": steps / env_dt, "games_s": games / env_dt,
                  "raw_steps_s": raw_steps / raw_dt, "raw_games_s": raw_games / raw_dt}))
"""


def forge_speed(name: str, players: int, seconds: float, policy: str, options: dict | None = None) -> tuple[float, float]:
    """Steps and games per second of ``name``'s playouts, every seat playing ``policy``."""
    game = get_game(name)
    policy = policies_of(get_game(name))[policy]
    names = [f"P{i}" for i in range(players)]
    options = options or {}
    game.new_state(names, options, random.Random(0))     # reads the printed deck before timing
    t, steps, games = time.perf_counter(), 0, 0
    while time.perf_counter() - t < seconds:
        state = game.new_state(names, options, random.Random(games))
        playout(state, policy)
        steps += state.steps
        games += 1
    dt = time.perf_counter() - t
    return steps / dt, games / dt


CHATVERT_RULES = ["tortue", "belette", "velocyclette", "nom-rouge", "chien-rouge", "grand-pere", "croisement",
                  "transfert", "de", "ficelle"]


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = ap.parse_args()
    rows = [("forge Dalmuti, 5 players, random", *forge_speed("dalmuti", 5, args.seconds, "random")),
            ("forge Majority, 6 players, uniform votes", *forge_speed("majority", 6, args.seconds, "uniform")),
            ("forge Familienbande, 3 players, random", *forge_speed("familienbande", 3, args.seconds, "random")),
            ("forge Familienbande, 3 players, greedy", *forge_speed("familienbande", 3, args.seconds, "greedy")),
            ("forge Chat vert, 4 players, base rules", *forge_speed("chatvert", 4, args.seconds, "random")),
            ("forge Chat vert, 4 players, all ten added rules",
             *forge_speed("chatvert", 4, args.seconds, "random", {"rules": CHATVERT_RULES})),
            ("forge GJDLV, 4 players, Simples Règles",
             *forge_speed("gjdlv", 4, args.seconds, "random", {"mode": "simples"})),
            ("forge GJDLV, 4 players, Règles Abondantes",
             *forge_speed("gjdlv", 4, args.seconds, "random", {"mode": "abondantes"}))]
    uno = json.loads(subprocess.run([rlcard_python(), "-c", UNO_SCRIPT, str(args.seconds)], check=True,
                                    capture_output=True, text=True).stdout.strip().splitlines()[-1])
    rows.append((f"RLCard {uno['version']} UNO, random agents (env.run)", uno["steps_s"], uno["games_s"]))
    rows.append((f"RLCard {uno['version']} UNO, bare game loop", uno["raw_steps_s"], uno["raw_games_s"]))
    print(f"{'':45} {'steps/s':>10} {'games/s':>9} {'× UNO steps/s':>14}")
    for label, steps, games in rows:
        print(f"{label:45} {steps:>10,.0f} {games:>9,.0f} {steps / uno['steps_s']:>14.2f}")
    print(f"target: Dalmuti >= 5 × RLCard UNO steps/s; measured {rows[0][1] / uno['steps_s']:.2f} "
          f"(vs UNO's bare game loop: {rows[0][1] / uno['raw_steps_s']:.2f})")
    print(f"target: Chat vert (base rules) >= 5 × RLCard UNO steps/s; measured {rows[4][1] / uno['steps_s']:.2f}")
    print(f"Grand Jeu de la Vie (Abondantes, answer windows) vs UNO steps/s: {rows[7][1] / uno['steps_s']:.2f}")


if __name__ == "__main__":
    main()
