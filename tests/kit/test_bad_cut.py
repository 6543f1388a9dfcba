"""Neighbours survive a bad cut (issue 15, item 3): where cards are butted on a sheet and share a
cut line, both sides of the line carry the same colour for at least 1 mm, so a cut 0.5 mm off
shows no sliver of the neighbour's colour.

Measured from the PDFs the real command writes: each card's trim rectangle is read from the
sheet (its form's box less the bleed, see ``tests/pdftools.py``); two cards whose trims meet
edge to edge share a cut line. Every page of every deck of every kit (fronts and backs, both
papers, one language: see :func:`deck_pdfs`) is rendered in colour at 150 dpi (0.17 mm a
pixel) by poppler (strips along the cuts), and along every shared cut,
every 0.5 mm (2 mm clear of the corners, where four cards meet), the pixels 1 mm either side
of the line are compared: their colour distance (Euclidean, RGB 0-255) stays under MAX_DIFF.
"""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

from ..conftest import GAMES, kit
from ..pdftools import sheets

MM = 72 / 25.4
DPI = 150
MAX_DIFF = 24.0          # a difference the eye cannot tell at a cut's edge (antialiasing, JPEG-free)
REACH = 1 * MM           # how far either side of the cut is sampled
STEP, CLEAR = 0.5 * MM, 2 * MM


def shared_cuts(trims) -> list[tuple[str, float, float, float]]:
    """The shared cut lines of a sheet: ("x", x, y0, y1) for a vertical cut between two cards
    side by side, ("y", y, x0, x1) for a horizontal one, each over the span both cards share."""
    cuts = []
    for a in trims:
        for b in trims:
            if abs(a[2] - b[0]) < 0.01:                       # b right of a
                lo, hi = max(a[1], b[1]), min(a[3], b[3])
                if hi - lo > 2 * CLEAR:
                    cuts.append(("x", a[2], lo, hi))
            if abs(a[1] - b[3]) < 0.01:                       # b below a
                lo, hi = max(a[0], b[0]), min(a[2], b[2])
                if hi - lo > 2 * CLEAR:
                    cuts.append(("y", a[1], lo, hi))
    return cuts


def _strips(pdf: Path, axis: str, at: float, height: float, pages: int, tmp: str):
    """Every page's strip 1.5 × REACH either side of the cut at ``at`` (poppler renders only the
    strip, so a whole kit is measured in seconds); origin at the strip's top-left."""
    k, half = DPI / 72, 1.5 * REACH
    start = int((at - half) * k) if axis == "x" else int((height - at - half) * k)
    size = int(2 * half * k) + 2
    crop = ["-x", str(start), "-y", "0", "-W", str(size), "-H", "100000"] if axis == "x" else \
           ["-x", "0", "-y", str(start), "-W", "100000", "-H", str(size)]
    stem = f"{tmp}/{axis}{at:.3f}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", *crop, str(pdf), stem], check=True)
    files = sorted(Path(tmp).glob(f"{axis}{at:.3f}-*.png"))
    assert len(files) == pages
    return [Image.open(f).convert("RGB") for f in files], start


def measure(pdf: Path) -> list[tuple[int, str, float, float]]:
    """For each page and shared cut of ``pdf``: (page, where, worst colour distance across the
    cut, share of samples over MAX_DIFF)."""
    k = DPI / 72
    pages = sheets(pdf)
    cuts = {}                                       # (axis, at) → [(page, lo, hi)]
    for i, sheet in enumerate(pages):
        for axis, at, lo, hi in shared_cuts([card.trim for card in sheet.cards]):
            cuts.setdefault((axis, round(at, 3)), []).append((i, lo, hi))
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for (axis, at), where in sorted(cuts.items()):
            height = pages[0].media[3] - pages[0].media[1]
            strips, start = _strips(pdf, axis, at, height, len(pages), tmp)
            for i, lo, hi in where:
                img, diffs, t = strips[i].load(), [], lo + CLEAR
                while t <= hi - CLEAR:
                    if axis == "x":
                        row = int((height - t) * k)
                        p = img[int((at - REACH) * k) - start, row]
                        q = img[int((at + REACH) * k) - start, row]
                    else:
                        col = int(t * k)
                        p = img[col, int((height - at - REACH) * k) - start]
                        q = img[col, int((height - at + REACH) * k) - start]
                    diffs.append(sum((u - v) ** 2 for u, v in zip(p, q)) ** 0.5)
                    t += STEP
                bad = sum(d > MAX_DIFF for d in diffs) / len(diffs)
                out.append((i, f"{axis}={at / MM:.2f} mm", max(diffs), bad))
    return out


def deck_pdfs(build: Path) -> list[Path]:
    """Every component PDF of a kit whose pages are imposed cards (print-all files repeat them),
    in one language per game: what meets at a cut (backgrounds, frames, bleed) is drawn by the
    layouts, which every language shares; only the words inside the cards differ."""
    games: dict[str, str] = {}                       # game → its first language built
    for folder in build.glob("*/*/"):
        games[folder.parent.name] = min(games.get(folder.parent.name, folder.name), folder.name)
    return sorted(p for game, lang in games.items() for p in (build / game / lang).glob("*.pdf")
                  if not p.name.startswith("print-all") and any(s.cards for s in sheets(p)))


@pytest.mark.parametrize("game", GAMES)
def test_both_sides_of_every_shared_cut_match(game, request):
    build = kit(request, game)
    problems, cuts = [], 0
    for pdf in deck_pdfs(build):
        for page, where, worst, bad in measure(pdf):
            cuts += 1
            if worst > MAX_DIFF:
                problems.append(f"{pdf.relative_to(build)} page {page + 1}, cut at {where}: "
                                f"colour distance up to {worst:.0f} ({bad:.0%} of the line)")
    if not cuts:
        pytest.skip(f"{game}: no sheet butts its cards (each card has its own bleed)")
    assert not problems, f"{len(problems)} of {cuts} shared cuts differ:\n" + "\n".join(problems[:30])


if __name__ == "__main__":        # the figures for a report: python -m tests.kit.test_bad_cut BUILD
    import sys
    for pdf in deck_pdfs(Path(sys.argv[1])):
        rows = measure(pdf)
        if rows:
            worst = max(r[2] for r in rows)
            over = sum(r[2] > MAX_DIFF for r in rows)
            print(f"{pdf.relative_to(sys.argv[1])}: {len(rows)} shared cuts, {over} differ, worst {worst:.0f}")
