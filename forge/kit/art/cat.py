"""A sitting cat and a paw print, flat vector art for cat backs and rule cards.

Both draw through a :class:`~forge.kit.art.pen.Pen` in a 100 × 100 box scaled into the
caller's square; the cat faces the viewer, tail curled round to its right.
"""
from __future__ import annotations

from .pen import Pen

__all__ = ["draw_cat", "draw_paw"]

EYES = "#e8e35a"
PINK = "#e9a0a8"


def draw_cat(pen: Pen, x: float, y: float, size: float, body: str, ink: str) -> None:
    """The cat in the square of side ``size`` whose bottom-left corner is (x, y)."""
    with pen.saved():
        pen.translate(x, y)
        pen.scale(size / 100)
        line = 2.4
        # the tail, a band behind the body
        tail = [("M", 64, 9), ("C", 88, 4, 97, 22, 90, 38), ("C", 86, 47, 80, 50, 77, 46)]
        pen.style(None, ink, 9 + 2 * line)
        pen.path(tail)
        pen.style(None, body, 9)
        pen.path(tail)
        pen.style(body, ink, line)
        pen.path([("M", 27, 5), ("C", 20, 28, 28, 50, 41, 57), ("L", 59, 57),          # the body
                  ("C", 72, 50, 80, 28, 73, 5), ("C", 60, 1, 40, 1, 27, 5), ("Z",)])
        for sx in (1, -1):                                                           # ears
            pen.style(body, ink, line)
            pen.polygon([(50 - sx * 18, 68), (50 - sx * 19, 95), (50 - sx * 3, 80)])
            pen.style(PINK)
            pen.polygon([(50 - sx * 15.5, 72), (50 - sx * 16.5, 89), (50 - sx * 7, 79)])
        pen.style(body, ink, line)
        pen.ellipse(50, 67, 20, 16)                                                 # the head
        pen.ellipse(42, 6, 7, 4)                                                    # front paws
        pen.ellipse(58, 6, 7, 4)
        for ex in (42.5, 57.5):                                                     # eyes, slit pupils
            pen.style(EYES, ink, 1.4)
            pen.ellipse(ex, 69, 4, 5)
            pen.style(ink)
            pen.ellipse(ex, 69, 1.1, 4)
        pen.style(PINK, ink, 1.0)
        pen.polygon([(47.5, 62), (52.5, 62), (50, 59)])                               # the nose
        pen.style(None, ink, 1.1)
        pen.path([("M", 50, 59), ("C", 50, 56, 46, 55, 45, 57)])                        # the mouth
        pen.path([("M", 50, 59), ("C", 50, 56, 54, 55, 55, 57)])
        for sx in (1, -1):                                                           # whiskers
            pen.line(50 - sx * 7, 61, 50 - sx * 24, 64)
            pen.line(50 - sx * 7, 59, 50 - sx * 23, 56)


def draw_paw(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A paw print centred on (cx, cy), about ``r`` across each way, in the pen's style."""
    pen.ellipse(cx, cy - r * 0.3, r * 0.48, r * 0.4)
    for dx, dy, rr in ((-0.62, 0.2, 0.2), (-0.24, 0.55, 0.21), (0.24, 0.55, 0.21), (0.62, 0.2, 0.2)):
        pen.ellipse(cx + dx * r, cy + dy * r, rr * r, rr * r * 1.2)
