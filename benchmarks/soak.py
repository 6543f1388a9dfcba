"""Soak: many random games per engine with the invariants checked after every move.

    python benchmarks/soak.py [--games 100000] [--workers 2] [--game familienbande]

Prints, per engine (all, or those named by ``--game``), games played, moves, invariant
violations (with the first seed that broke), games that did not end, and every ruling
reached. Game ``seed`` of an engine's run takes its player count and policy in turn from the
engine's lists below, so every count meets every policy.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from forge.engine import playout
from forge.engine.registry import get_game
from forge.engine.simulate import policies_of
from forge.errors import InvariantError

#: engine → (player counts, policies, the options of game ``seed``)
RUNS = {
    "dalmuti": (range(4, 9), ("random",), lambda seed: {"climbing_bonus": seed % 2 == 0}),
    "majority": (range(3, 11), ("uniform",), lambda seed: {"variant": seed % 2 == 0}),
    "familienbande": (range(2, 5), ("random", "greedy"), lambda seed: {}),
    # Chat vert: the base game, each added rule alone and all ten, in turn; forgetful, talkative players
    "chatvert": (range(2, 11), ("random",), lambda seed: {"rules": _chatvert_rules(seed), "forget": 0.1,
                                                          "blurt": 0.05}),
    # Le Grand Jeu de la Vie: both modes in turn (--games 200000 plays 100,000 of each), full 9-round games
    "gjdlv": (range(3, 5), ("random",), lambda seed: {"mode": ("simples", "abondantes")[seed // 2 % 2]}),
}


def _chatvert_rules(seed: int) -> list[str]:
    every = list(get_game("chatvert").rulebook().rules)
    pick = seed // 9 % (len(every) + 2)          # 9 player counts, then: base, each rule, all of them
    return [] if pick == 0 else every if pick == len(every) + 1 else [every[pick - 1]]


def chunk(args):
    name, start, stop = args
    sizes, policies, options = RUNS[name]
    sizes, known = list(sizes), policies_of(get_game(name))
    game = get_game(name)
    out = {"games": 0, "steps": 0, "violations": 0, "first_bad": None, "stuck": 0, "rulings": Counter(),
           "max_steps": 0}
    for seed in range(start, stop):
        n = sizes[seed % len(sizes)]
        policy = known[policies[seed // len(sizes) % len(policies)]]
        state = game.new_state([f"P{i}" for i in range(n)], options(seed), random.Random(seed))
        try:
            playout(state, policy, check=True, max_steps=200_000)
        except InvariantError:
            out["violations"] += 1
            out["first_bad"] = out["first_bad"] if out["first_bad"] is not None else seed
        except RuntimeError:
            out["stuck"] += 1
        out["games"] += 1
        out["steps"] += state.steps
        out["max_steps"] = max(out["max_steps"], state.steps)
        out["rulings"] += state.rulings
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--game", action="append", choices=list(RUNS), help="only this engine (repeatable)")
    args = ap.parse_args()
    for name in args.game or RUNS:
        t = time.perf_counter()
        step = 2000
        jobs = [(name, i, min(i + step, args.games)) for i in range(0, args.games, step)]
        total = {"games": 0, "steps": 0, "violations": 0, "stuck": 0, "rulings": Counter(), "max_steps": 0}
        first_bad = None
        with ProcessPoolExecutor(args.workers) as pool:
            for r in pool.map(chunk, jobs):
                for k in ("games", "steps", "violations", "stuck"):
                    total[k] += r[k]
                total["rulings"] += r["rulings"]
                total["max_steps"] = max(total["max_steps"], r["max_steps"])
                first_bad = first_bad if first_bad is not None else r["first_bad"]
        dt = time.perf_counter() - t
        print(f"{name}: {total['games']} games, {total['steps']} moves checked, {total['violations']} invariant "
              f"violations{f' (first seed {first_bad})' if first_bad is not None else ''}, {total['stuck']} did not "
              f"end, longest {total['max_steps']} moves, {dt:.0f} s")
        for ruling, count in sorted(total["rulings"].items()):
            print(f"  {ruling}: {count} uses")


if __name__ == "__main__":
    main()
