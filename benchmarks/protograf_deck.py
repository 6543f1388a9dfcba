"""The print_speed.py numbered deck, drawn with protograf (optional, for comparison).

Same deck as forge's benchmarks/numbered.yaml and print_speed.bare_render: n poker
cards (63.5 × 88.9 mm) on portrait A4, 3 × 3 per sheet, centred like forge's
imposition. Front: light fill with a 3 mm bleed (protograf's Card ``bleed``), a
rounded frame, the number in both corners and large in the middle, a disc, and the
title "Card n"; the number comes from a Data() column ``n``, as forge reads it from
cards.csv. Back: a dark panel (drawn 3 mm over the edge: CardBack has no bleed
option), a disc and "Bench". protograf puts each sheet of backs on the page after
its fronts, mirrored left to right, i.e. long-edge duplex like forge.

protograf keeps the document in module globals, refuses a second Create() in one
process (it calls sys.exit) and parses sys.argv in Create(), so render() runs the
script in a fresh subprocess of the same interpreter: its time includes starting
Python and importing protograf (roughly 0.5 s).
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

MM_W, MM_H, BLEED = 63.5, 88.9, 3.0  # card and bleed, mm
COLS, ROWS = 3, 3
A4 = (210.0, 297.0)


def available() -> bool:
    """True if protograf can be imported (by this interpreter, which render() reuses)."""
    try:
        return importlib.util.find_spec("protograf") is not None
    except (ImportError, ValueError):
        return False


def render(n: int, out_dir: str) -> str:
    """Build the n-card deck (fronts and backs) with protograf; return the PDF's path."""
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(os.path.abspath(out_dir), f"protograf_{n}.pdf")
    subprocess.run([sys.executable, os.path.abspath(__file__), str(n), path],
                   cwd=out_dir, check=True, stdout=subprocess.DEVNULL)
    if not os.path.exists(path):
        raise RuntimeError(f"protograf did not write {path}")
    return path


def _build(n: int, path: str) -> None:
    """The protograf script itself; only ever runs in a fresh process."""
    sys.argv = sys.argv[:1]  # Create() parses the command line
    from protograf import Create, Data, Deck, Card, CardBack, Save, T, circle, rectangle, text

    w, h = MM_W, MM_H
    Create(filename=os.path.basename(path), paper="A4", units="mm",
           margin_left=(A4[0] - COLS * w) / 2, margin_right=(A4[0] - COLS * w) / 2,
           margin_top=(A4[1] - ROWS * h) / 2, margin_bottom=(A4[1] - ROWS * h) / 2)
    Data(source=[{"n": i} for i in range(1, n + 1)])
    Deck(cards=n, width=w, height=h, fill="#E6E8F5", stroke=None, rows=ROWS, cols=COLS)
    ink = "#263373"
    Card("*",
         rectangle(x=1.8, y=1.8, width=w - 3.6, height=h - 3.6, rounding=2.5,
                   stroke="#3949AB", stroke_width=1, fill=None),
         text(x=4.2, y=10.5, font_size=21, font_name="Helvetica-Bold", stroke=ink, align="left",
              text=T("{{n}}")),
         text(x=w / 2, y=h * 0.27, font_size=21, font_name="Helvetica-Bold", stroke=ink,
              align="centre", text=T("{{n}}")),
         circle(cx=w / 2, cy=h / 2, radius=w * 0.27, stroke="#3949AB", fill="#99A6D9"),
         text(x=w / 2, y=h * 0.76, font_size=15, font_name="Times-Roman", stroke="#1A1A1A",
              align="centre", text=T("Card {{n}}")),
         text(x=w - 4.2, y=h - 10.5, font_size=21, font_name="Helvetica-Bold", stroke=ink, align="right",
              rotation=180, text=T("{{n}}")),
         bleed_fill="#E6E8F5", bleed=BLEED)
    CardBack("*",
             rectangle(x=-BLEED, y=-BLEED, width=w + 2 * BLEED, height=h + 2 * BLEED,
                       fill="#263238", stroke=None),
             circle(cx=w / 2, cy=h / 2, radius=w * 0.3, stroke="#66737F", fill="#263238"),
             text(x=w / 2, y=h / 2 + 7, font_size=12, font_name="Times-Roman",
                  stroke="#90A4AE", align="centre", text="Bench"))
    Save(directory=os.path.dirname(path))


if __name__ == "__main__":
    _build(int(sys.argv[1]), sys.argv[2])
