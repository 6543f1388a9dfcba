"""Print speed: forge against bare reportlab on the same plain numbered deck.

Renders a deck of 80 and of 800 numbered poker cards with backs (duplex, A4, 3 × 3,
bleed and crop marks) twice in one run:

* through forge (spec benchmarks/numbered.yaml → load_spec → render_component);
* with bare reportlab calls drawing the same things card by card.

Prints the best of several runs for each, forge / bare, and the peak memory.
If protograf is installed it is reported too (it is not a forge dependency).

    python benchmarks/print_speed.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from forge.kit.fonts import register_fonts
from forge.kit.imposition import impose
from forge.kit.render import render_component
from forge.kit import LAYOUT_TABLE
from forge.cardspec.loader import load_spec
from forge.cardspec.model import MM, PAPERS

HERE = Path(__file__).resolve().parent
SIZES = (80, 800)


def make_project(n: int, folder: Path) -> Path:
    (folder / "cardspecs" / "bench").mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "numbered.yaml", folder / "cardspecs" / "bench.yaml")
    rows = "\n".join(str(i) for i in range(1, n + 1))
    (folder / "cardspecs" / "bench" / "cards.csv").write_text(f"n\n{rows}\n")
    return folder / "cardspecs" / "bench.yaml"


def forge_render(spec_path: Path) -> bytes:
    spec = load_spec(spec_path, layouts=LAYOUT_TABLE)
    return render_component(spec, spec.components["cards"], "en", "a4").data


def bare_render(n: int) -> bytes:
    """The same deck with plain reportlab calls: every card drawn where it goes."""
    fonts = register_fonts()
    card = (63.5 * MM, 88.9 * MM)
    bleed = 3 * MM
    imp = impose(tuple(v * MM for v in PAPERS["a4"]), card, bleed, 5 * MM)
    W, H = imp.page
    w, h = card
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=imp.page, invariant=1, pageCompression=1, initialFontName=fonts["sans"])
    per = imp.per_sheet
    for start in range(0, n, per):
        count = min(per, n - start)
        for side in ("front", "back"):
            for i, s in enumerate(imp.slots(count)):
                x = s.x if side == "front" else W - s.x - w
                c.saveState()
                c.translate(x, s.y)
                if side == "front":
                    c.setFillColorRGB(0.9, 0.91, 0.96)
                    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
                    c.setStrokeColorRGB(0.22, 0.29, 0.67)
                    c.roundRect(5, 5, w - 10, h - 10, 7, stroke=1, fill=0)
                    c.setFillColorRGB(0.15, 0.2, 0.45)
                    label = str(start + i + 1)
                    c.setFont(fonts["bold"], 21)
                    c.drawString(12, h - 30, label)
                    c.drawCentredString(w / 2, h * 0.73, label)
                    c.setFillColorRGB(0.6, 0.65, 0.85)
                    c.circle(w / 2, h / 2, w * 0.27, stroke=1, fill=1)
                    c.setFillColorRGB(0.1, 0.1, 0.1)
                    c.setFont(fonts["serif"], 15)
                    c.drawCentredString(w / 2, h * 0.24, f"Card {label}")
                    c.translate(w, h)
                    c.rotate(180)
                    c.setFont(fonts["bold"], 21)
                    c.drawString(12, h - 30, label)
                else:
                    c.setFillColorRGB(0.15, 0.2, 0.22)
                    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
                    c.setStrokeColorRGB(0.4, 0.45, 0.5)
                    for k in range(-12, 12):
                        c.line(k * w / 6, -bleed, k * w / 6 + h, h + bleed)
                        c.line(k * w / 6, h + bleed, k * w / 6 + h, -bleed)
                    c.circle(w / 2, h / 2, w * 0.3, stroke=1, fill=1)
                    c.setFont(fonts["serif"], 12)
                    c.drawCentredString(w / 2, h / 2 - 20, "Bench")
                c.restoreState()
            c.setLineWidth(0.25)
            for xv in sorted({v for s in imp.slots(count) for v in (s.x, s.x + w)}):
                c.line(xv, 5, xv, 15)
                c.line(xv, H - 15, xv, H - 5)
            c.showPage()
    c.save()
    return buf.getvalue()


def timed(fn, *args, repeat: int) -> tuple[float, float, int]:
    """Best wall time (s), peak traced memory (MiB) and output size over ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        data = fn(*args)
        best = min(best, time.perf_counter() - t)
    tracemalloc.start()
    fn(*args)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return best, peak, len(data)


def protograf_time(n: int, repeat: int, folder: Path) -> float | None:
    """Best time of protograf on the same deck, or None when it is not installed."""
    import protograf_deck
    if not protograf_deck.available():
        return None
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        protograf_deck.render(n, str(folder))
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    register_fonts()
    sys.path.insert(0, str(HERE))
    print(f"{'cards':>6} {'forge s':>9} {'bare s':>9} {'forge/bare':>10} {'forge MiB':>10} {'bare MiB':>9}"
          f" {'forge KiB':>10} {'bare KiB':>9} {'protograf s':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in SIZES:
            spec_path = make_project(n, Path(tmp) / str(n))
            f_t, f_m, f_b = timed(forge_render, spec_path, repeat=args.repeat)
            b_t, b_m, b_b = timed(bare_render, n, repeat=args.repeat)
            p_t = protograf_time(n, args.repeat, Path(tmp) / "protograf")
            p_col = f"{p_t:>12.3f}" if p_t is not None else f"{'-':>12}"
            print(f"{n:>6} {f_t:>9.3f} {b_t:>9.3f} {f_t / b_t:>10.2f} {f_m:>10.1f} {b_m:>9.1f}"
                  f" {f_b / 1024:>10.0f} {b_b / 1024:>9.0f} {p_col}")
    print("target: forge/bare <= 2.0 on 800 cards")
    print("protograf: timed in a subprocess (it allows one document per process), start-up included"
          if p_t is not None else "protograf: not installed, not timed (pip install protograf to compare)")


if __name__ == "__main__":
    main()
