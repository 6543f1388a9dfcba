"""Where a repeated motif goes: the points of a staggered grid over a card and its bleed."""
from __future__ import annotations

from typing import Iterator

from ..registry import CardBox

__all__ = ["staggered"]


def staggered(card: CardBox, step: float, rise: float = 0.9) -> Iterator[tuple[float, float, int]]:
    """(x, y, row) of every point of a grid ``step`` apart in a row and ``step × rise`` between
    rows, every other row shifted by half a step, covering the card past its bleed. The step is
    at least 1 pt, so a degenerate card never makes an endless grid."""
    step = max(step, 1.0)
    b = card.bleed
    row, y = 0, -b
    while y < card.h + b + step:
        x = -b + (step / 2 if row % 2 else 0)
        while x < card.w + b + step:
            yield x, y, row
            x += step
        y += step * rise
        row += 1
