"""The four colours of a deck of coloured cards (kit/colour_card.py), each with its own mark,
so that the deck plays in greyscale and for colour-blind players: yellow sun, red heart, blue
drop, green leaf.

The marks differ in outline (a rayed disc, two lobes over a point, a point over a round
base, a tilted almond on a stem) and the colours in lightness (greys of about 194, 142, 98
and 65 of 255, yellow to blue), so either alone tells the four apart.
Each mark is drawn centred on (cx, cy) within radius ``r`` with the pen's current style.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from .pen import Pen
from .symbols import SYMBOLS

__all__ = ["Suit", "SUITS", "draw_mark"]


def _sun(pen: Pen, cx: float, cy: float, r: float) -> None:
    """Twelve pointed rays around a disc."""
    rays = []
    for i in range(24):
        rr = r if i % 2 == 0 else r * 0.66
        a = math.radians(90 + 15 * i)
        rays.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pen.polygon(rays)
    pen.circle(cx, cy, r * 0.56)


def _leaf(pen: Pen, cx: float, cy: float, r: float) -> None:
    """An almond-shaped leaf on a short stem, leaning right."""
    with pen.saved():
        pen.translate(cx, cy)
        pen.rotate(-35)
        pen.path([("M", 0, -r * 0.7),
                  ("C", r * 0.78, -r * 0.42, r * 0.72, r * 0.48, 0, r),
                  ("C", -r * 0.72, r * 0.48, -r * 0.78, -r * 0.42, 0, -r * 0.7), ("Z",)])
        pen.polygon([(-r * 0.09, -r * 0.66), (r * 0.09, -r * 0.66), (r * 0.07, -r), (-r * 0.07, -r)])


@dataclass(frozen=True)
class Suit:
    """A colour of the deck: its ink and the mark that stands for it."""

    colour: str
    mark: Callable[[Pen, float, float, float], None]


SUITS: dict[str, Suit] = {
    "yellow": Suit("#f4c430", _sun),
    "red": Suit("#d0342c", SYMBOLS["heart"]),
    "blue": Suit("#1a4590", SYMBOLS["drop"]),
    "green": Suit("#4cb866", _leaf),
}


def draw_mark(pen: Pen, suit: str, cx: float, cy: float, r: float) -> None:
    """The mark of colour ``suit`` (yellow, red, blue, green) with the pen's current style."""
    SUITS[suit].mark(pen, cx, cy, r)
