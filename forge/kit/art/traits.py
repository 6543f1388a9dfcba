"""Five trait symbols: ears, glasses, nose, lips and lock of hair.

Each is a white disc with a dark rim and a pictogram in the trait's colour, outlined in ink.
The pictograms differ in *shape* (an ear's C, two lenses, a nose's wedge, a mouth, a curl),
so they read in greyscale and for colour-blind players; the colour only helps.
Drawn centred on (cx, cy) with radius r.
"""
from __future__ import annotations

from typing import Callable

from .pen import Pen

__all__ = ["TRAITS", "TRAIT_COLOURS", "draw_trait"]

INK = "#1d1b19"
TRAIT_COLOURS = {"ears": "#1e6fd9", "glasses": "#f2c200", "nose": "#2f9e44", "lips": "#d62839", "lock": "#f08c00"}


def _ears(pen: Pen, cx, cy, r):
    pen.path([("M", cx - r * 0.05, cy + r * 0.62),
              ("C", cx + r * 0.62, cy + r * 0.78, cx + r * 0.72, cy - r * 0.05, cx + r * 0.3, cy - r * 0.32),
              ("C", cx + r * 0.1, cy - r * 0.48, cx + r * 0.2, cy - r * 0.72, cx - r * 0.12, cy - r * 0.7),
              ("C", cx - r * 0.3, cy - r * 0.68, cx - r * 0.3, cy - r * 0.45, cx - r * 0.18, cy - r * 0.4),
              ("C", cx + r * 0.05, cy - r * 0.25, cx + r * 0.05, cy + r * 0.05, cx - r * 0.12, cy + r * 0.1),
              ("C", cx - r * 0.4, cy + r * 0.22, cx - r * 0.45, cy + r * 0.55, cx - r * 0.05, cy + r * 0.62), ("Z",)])


def _glasses(pen: Pen, cx, cy, r):
    fill = pen.fill
    for dx in (-0.38, 0.38):
        pen.style(fill, INK, r * 0.1)
        pen.circle(cx + dx * r, cy - r * 0.05, r * 0.3)
        pen.style("#ffffff", INK, r * 0.06)
        pen.circle(cx + dx * r, cy - r * 0.05, r * 0.15)
    pen.style(None, INK, r * 0.1)
    pen.path([("M", cx - r * 0.1, cy + r * 0.05), ("C", cx - r * 0.05, cy + r * 0.15, cx + r * 0.05, cy + r * 0.15, cx + r * 0.1, cy + r * 0.05)])
    pen.style(fill, INK, r * 0.08)


def _nose(pen: Pen, cx, cy, r):
    pen.path([("M", cx - r * 0.05, cy + r * 0.7),
              ("C", cx + r * 0.1, cy + r * 0.3, cx + r * 0.45, cy - r * 0.2, cx + r * 0.42, cy - r * 0.42),
              ("C", cx + r * 0.4, cy - r * 0.62, cx + r * 0.05, cy - r * 0.6, cx - r * 0.2, cy - r * 0.5),
              ("C", cx - r * 0.45, cy - r * 0.4, cx - r * 0.35, cy - r * 0.2, cx - r * 0.12, cy - r * 0.25),
              ("C", cx - r * 0.1, cy + r * 0.1, cx - r * 0.2, cy + r * 0.45, cx - r * 0.05, cy + r * 0.7), ("Z",)])


def _lips(pen: Pen, cx, cy, r):
    pen.path([("M", cx - r * 0.7, cy),
              ("C", cx - r * 0.45, cy + r * 0.42, cx - r * 0.2, cy + r * 0.4, cx, cy + r * 0.2),
              ("C", cx + r * 0.2, cy + r * 0.4, cx + r * 0.45, cy + r * 0.42, cx + r * 0.7, cy),
              ("C", cx + r * 0.4, cy - r * 0.5, cx - r * 0.4, cy - r * 0.5, cx - r * 0.7, cy), ("Z",)])
    fill = pen.fill
    pen.style(None, INK, r * 0.06)
    pen.line(cx - r * 0.62, cy + r * 0.02, cx + r * 0.62, cy + r * 0.02)
    pen.style(fill, INK, r * 0.08)


def _lock(pen: Pen, cx, cy, r):
    pen.path([("M", cx - r * 0.15, cy + r * 0.72),
              ("C", cx + r * 0.6, cy + r * 0.55, cx + r * 0.55, cy - r * 0.1, cx + r * 0.15, cy - r * 0.2),
              ("C", cx - r * 0.2, cy - r * 0.28, cx - r * 0.25, cy - r * 0.62, cx + r * 0.1, cy - r * 0.72),
              ("C", cx - r * 0.55, cy - r * 0.7, cx - r * 0.55, cy - r * 0.05, cx - r * 0.05, cy + r * 0.02),
              ("C", cx + r * 0.25, cy + r * 0.1, cx + r * 0.2, cy + r * 0.45, cx - r * 0.15, cy + r * 0.72), ("Z",)])


TRAITS: dict[str, Callable[[Pen, float, float, float], None]] = {
    "ears": _ears, "glasses": _glasses, "nose": _nose, "lips": _lips, "lock": _lock,
}


def draw_trait(pen: Pen, trait: str, cx: float, cy: float, r: float, disc: bool = True) -> None:
    """The trait's symbol, on a white disc with a dark rim unless ``disc`` is False."""
    with pen.saved():
        if disc:
            pen.style("#ffffff", INK, r * 0.1)
            pen.circle(cx, cy, r)
        pen.style(TRAIT_COLOURS[trait], INK, r * 0.08)
        TRAITS[trait](pen, cx, cy, r)
