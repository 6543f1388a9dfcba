"""Ink coverage of every kit, normal against ink-saver (issue 15, item 6).

Coverage of a page is its mean darkness rendered in grey at 100 dpi by poppler's pdftoppm:
0 % white paper, 100 % solid black. Each game is built twice by the real command (English,
A4), ``forge build GAME`` and ``forge build GAME --ink-saver``, and each component's fronts
and backs (pages alternate front, back on a two-sided component) are shown side by side:
mean and highest page.

    python benchmarks/ink_coverage.py [GAME…]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from forge.kit import LAYOUT_TABLE
from forge.cardspec.loader import find_specs, load_spec

ROOT = Path(__file__).resolve().parent.parent
DPI = 100


def page_coverage(pdf: Path, dpi: int = DPI) -> list[float]:
    """Per page of ``pdf``, its mean darkness in % (0 white … 100 black) at ``dpi``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(pdf), f"{tmp}/p"], check=True)
        out = []
        for png in sorted(Path(tmp).glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[1])):
            with Image.open(png) as im:
                hist = im.histogram()
            out.append(100 * (1 - sum(v * n for v, n in enumerate(hist)) / (255 * sum(hist))))
        return out


def sides(comp, pages: list[float]) -> dict[str, list[float]]:
    """The coverage of a component's pages by side."""
    if comp.back is not None and comp.print.duplex != "off":
        return {"fronts": pages[0::2], "backs": pages[1::2]}
    return {"fronts": pages}


def component_pdf(folder: Path, name: str) -> Path:
    for candidate in (f"{name}-a4.pdf", f"{name}.pdf"):
        if (folder / candidate).exists():
            return folder / candidate
    raise FileNotFoundError(folder / name)


def build(game: str, out: Path, *flags: str) -> Path:
    subprocess.run([sys.executable, "-m", "forge", "build", game, "--lang", "en", "--paper", "a4",
                    "--out", str(out), *flags], cwd=ROOT, check=True, capture_output=True)
    return out / game / "en"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    specs = {p.stem: p for p in find_specs(ROOT)}
    print(f"{'game':<15}{'component':<16}{'side':<8}{'normal mean/max':>18}{'ink-saver mean/max':>22}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games or sorted(specs):
            spec = load_spec(specs[game], ROOT, layouts=LAYOUT_TABLE)
            normal = build(game, Path(tmp) / "normal")
            saver = build(game, Path(tmp) / "saver", "--ink-saver")
            for comp in spec.components.values():
                a = sides(comp, page_coverage(component_pdf(normal, comp.name)))
                b = sides(comp, page_coverage(component_pdf(saver, comp.name)))
                for side in a:
                    x, y = a[side], b[side]
                    print(f"{game:<15}{comp.name:<16}{side:<8}"
                          f"{sum(x) / len(x):>10.1f} / {max(x):>4.1f} %"
                          f"{sum(y) / len(y):>14.1f} / {max(y):>4.1f} %")


if __name__ == "__main__":
    main()
