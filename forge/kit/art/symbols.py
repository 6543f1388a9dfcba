"""Simple filled shapes that tell sets apart without colour (vote sets, markers…).

Each symbol is drawn centred on (cx, cy) within radius ``r`` with the pen's current style;
the shapes differ in outline so a greyscale print or a colour-blind player tells them apart.
"""
from __future__ import annotations

import math
from typing import Callable

from ...cardspec.vocabulary import SYMBOL_NAMES
from .pen import Pen

__all__ = ["SYMBOLS", "draw_symbol"]


def _regular(cx: float, cy: float, r: float, n: int, turn: float = 90.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(turn + 360 * i / n)), cy + r * math.sin(math.radians(turn + 360 * i / n)))
            for i in range(n)]


def _star(cx, cy, r, points=5, inner=0.45):
    out = []
    for i in range(2 * points):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(90 + 180 * i / points)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _heart(pen: Pen, cx, cy, r):
    pen.path([("M", cx, cy - r * 0.9),
              ("C", cx - r * 1.3, cy - r * 0.1, cx - r * 0.9, cy + r * 1.0, cx, cy + r * 0.45),
              ("C", cx + r * 0.9, cy + r * 1.0, cx + r * 1.3, cy - r * 0.1, cx, cy - r * 0.9), ("Z",)])


def _moon(pen: Pen, cx, cy, r):
    """A broad crescent opening to the right (its horns at x = cx + 0.35 r)."""
    x = cx + r * 0.35
    pen.path([("M", x, cy + r),
              ("C", cx - r * 1.15, cy + r, cx - r * 1.15, cy - r, x, cy - r),
              ("C", cx + r * 0.05, cy - r * 0.45, cx + r * 0.05, cy + r * 0.45, x, cy + r), ("Z",)])


def _drop(pen: Pen, cx, cy, r):
    pen.path([("M", cx, cy + r),
              ("C", cx + r * 0.2, cy + r * 0.4, cx + r * 0.75, cy, cx + r * 0.75, cy - r * 0.35),
              ("C", cx + r * 0.75, cy - r * 0.8, cx + r * 0.4, cy - r, cx, cy - r),
              ("C", cx - r * 0.4, cy - r, cx - r * 0.75, cy - r * 0.8, cx - r * 0.75, cy - r * 0.35),
              ("C", cx - r * 0.75, cy, cx - r * 0.2, cy + r * 0.4, cx, cy + r), ("Z",)])


def _cross(pen: Pen, cx, cy, r):
    t = r * 0.36
    pen.polygon([(cx - t, cy + r), (cx + t, cy + r), (cx + t, cy + t), (cx + r, cy + t), (cx + r, cy - t),
                 (cx + t, cy - t), (cx + t, cy - r), (cx - t, cy - r), (cx - t, cy - t), (cx - r, cy - t),
                 (cx - r, cy + t), (cx - t, cy + t)])


SYMBOLS: dict[str, Callable[[Pen, float, float, float], None]] = {
    "circle": lambda pen, cx, cy, r: pen.circle(cx, cy, r * 0.85),
    "square": lambda pen, cx, cy, r: pen.rect(cx - r * 0.75, cy - r * 0.75, r * 1.5, r * 1.5),
    "triangle": lambda pen, cx, cy, r: pen.polygon(_regular(cx, cy - r * 0.15, r * 1.05, 3)),
    "diamond": lambda pen, cx, cy, r: pen.polygon(_regular(cx, cy, r, 4)),
    "star": lambda pen, cx, cy, r: pen.polygon(_star(cx, cy, r * 1.05)),
    "hexagon": lambda pen, cx, cy, r: pen.polygon(_regular(cx, cy, r * 0.92, 6, 0)),
    "cross": _cross,
    "heart": _heart,
    "moon": _moon,
    "drop": _drop,
}
assert tuple(SYMBOLS) == SYMBOL_NAMES           # the names a card spec is checked against


def draw_symbol(pen: Pen, name: str, cx: float, cy: float, r: float) -> None:
    SYMBOLS[name](pen, cx, cy, r)
