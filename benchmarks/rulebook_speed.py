"""How long the four rulebooks take to build, and where the time goes.

Run from the project root: ``python benchmarks/rulebook_speed.py [--repeat N]``. Prints, side
by side in one run, the best time of: loading and checking the rules sources (every example
replayed), rendering the four pages with their figures, and the whole `forge build` of both
games (PDFs included) in a fresh process, for comparison.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    import os
    os.chdir(ROOT)
    from forge.build import load_games
    from forge.rulebook.pages import Rulebooks
    specs = load_games(ROOT)
    books = Rulebooks(ROOT, specs)
    out = Path(tempfile.mkdtemp())
    games = books.games()

    def render():
        files = []
        for rules in games:
            for lang in rules.editions:
                files += books.page(rules, lang, out, [])
        return files

    pages = sum(1 for f in render() if f.path.name == "rules.html")
    load = best(lambda: Rulebooks(ROOT, specs).games(), args.repeat)
    draw = best(render, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        def cli():
            subprocess.run([sys.executable, "-m", "forge", "build", "dalmuti", "majority", "--out", tmp],
                           check=True, capture_output=True)
        whole = best(cli, max(1, args.repeat // 2))
    print(f"{'step':<52} {'best of ' + str(args.repeat):>12}")
    print(f"{'read sources, replay every example (2 games)':<52} {load:>10.3f} s")
    print(f"{'render ' + str(pages) + ' pages with figures and card SVGs':<52} {draw:>10.3f} s")
    print(f"{'rulebooks in all (the two lines above)':<52} {load + draw:>10.3f} s")
    print(f"{'forge build dalmuti majority (new process, PDFs too)':<52} {whole:>10.3f} s")


if __name__ == "__main__":
    main()
