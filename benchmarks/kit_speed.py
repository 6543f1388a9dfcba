"""Kit build time: each game's whole kit, built as a user builds it, and the cost of a card.

1. ``forge build GAME`` in a new process for every game (both languages, both papers,
   rulebooks included), best of ``--repeat`` runs: seconds, PDFs written, pages.
2. In this process, one deck on A4 in French, side by side: the Majority word deck, where
   every face is different and every word is measured (412 faces), against the Dalmuti deck,
   where 13 faces are drawn once and placed 80 times. Milliseconds per card and peak memory.

    python benchmarks/kit_speed.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from pypdf import PdfReader

from forge.kit.render import render_component
from forge.kit import LAYOUT_TABLE
from forge.cardspec.loader import load_spec

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("dalmuti", "familienbande", "majority")


def build_once(game: str) -> tuple[float, int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "forge", "build", game, "--out", tmp], cwd=ROOT,
                       check=True, capture_output=True)
        seconds = time.perf_counter() - t0
        pdfs = sorted(Path(tmp).rglob("*.pdf"))
        return seconds, len(pdfs), sum(len(PdfReader(p).pages) for p in pdfs)


def deck_once(game: str, component: str, measure_memory: bool = False) -> tuple[float, int, int]:
    """Seconds to render the deck (untraced), its cards, and the peak memory when asked
    (traced in a separate run: tracing slows the rendering down several times)."""
    spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT, layouts=LAYOUT_TABLE)
    comp = spec.components[component]
    if measure_memory:
        tracemalloc.start()
    t0 = time.perf_counter()
    rendered = render_component(spec, comp, "fr", "a4")
    seconds = time.perf_counter() - t0
    peak = 0
    if measure_memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return seconds, rendered.cards, peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    print(f"forge build GAME, new process, best of {args.repeat}")
    print(f"{'game':<15}{'seconds':>9}{'PDFs':>7}{'pages':>8}")
    for game in GAMES:
        runs = [build_once(game) for _ in range(args.repeat)]
        seconds = min(r[0] for r in runs)
        print(f"{game:<15}{seconds:>9.2f}{runs[0][1]:>7}{runs[0][2]:>8}")

    print(f"\none deck, fr, A4, in process, best of {args.repeat}")
    print(f"{'deck':<22}{'cards':>6}{'seconds':>9}{'ms/card':>9}{'peak MiB':>10}")
    for game, component in (("majority", "words"), ("dalmuti", "cards")):
        runs = [deck_once(game, component) for _ in range(args.repeat)]
        seconds, cards = min(r[0] for r in runs), runs[0][1]
        peak = deck_once(game, component, measure_memory=True)[2]
        print(f"{game + '/' + component:<22}{cards:>6}{seconds:>9.3f}{1000 * seconds / cards:>9.2f}"
              f"{peak / 2**20:>10.1f}")


if __name__ == "__main__":
    main()
