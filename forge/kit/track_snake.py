"""The score track's snake: where each numbered space goes.

Spaces 1 … length−1 are laid as a snake (boustrophedon) in an even number of rows, so the
last space comes back beside the start box (space 0). :func:`plan_grid` picks the row count
that gives the largest spaces in the room it is given; :class:`Grid` answers where each
row, column and turn is. Pure geometry, in points; the drawing is in :mod:`.track`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Grid", "plan_grid", "snake_cells", "arc", "turn_x", "GAP_X", "GAP_Y", "TURN"]

MM = 72 / 25.4
GAP_X = 0.6 * MM         # between spaces in a row
GAP_Y = 2.6 * MM         # between rows
TURN = 4.6 * MM          # room for a turn at each row end


def snake_cells(length: int, rows: int) -> list[tuple[int, int, int]]:
    """``(space, row, column)`` for spaces 1 … length−1 laid in ``rows`` rows, row 0 left
    to right, row 1 right to left, and so on (space 0 is the start box)."""
    cols = math.ceil((length - 1) / rows)
    cells = []
    for n in range(1, length):
        row, k = divmod(n - 1, cols)
        cells.append((n, row, k if row % 2 == 0 else cols - 1 - k))
    return cells


@dataclass(frozen=True)
class Grid:
    """``rows`` rows of ``cols`` spaces at a horizontal pitch ``px``; a space is ``s`` wide,
    rows are ``py`` apart, and the ribbon behind them is ``band`` wide."""

    rows: int
    cols: int
    px: float            # horizontal pitch
    x0: float            # left edge of column 0's slot
    y0: float            # bottom edge of row 0's spaces

    @property
    def s(self) -> float:
        return self.px - GAP_X

    @property
    def py(self) -> float:
        return self.s + GAP_Y

    @property
    def band(self) -> float:
        """The ribbon's width."""
        return self.s + 1.4 * MM

    def cx(self, col: int) -> float:
        return self.x0 + (col + 0.5) * self.px

    def cy(self, row: int) -> float:
        return self.y0 + row * self.py + self.s / 2

    @property
    def left(self) -> float:
        return self.x0 + GAP_X / 2

    @property
    def right(self) -> float:
        return self.x0 + self.cols * self.px - GAP_X / 2

    @property
    def bottom(self) -> float:
        return self.y0 - (self.band - self.s) / 2

    @property
    def top(self) -> float:
        return self.cy(self.rows - 1) + self.band / 2


def plan_grid(length: int, x0: float, x1: float, y0: float, max_h: float) -> Grid:
    """The grid with the largest spaces: an even number of rows (so the end comes back
    to the start), the width shared by the columns, no taller than ``max_h``."""
    best: Grid | None = None
    for rows in (2, 4, 6, 8, 10):
        cols = math.ceil((length - 1) / rows)
        if cols * (rows - 1) >= length - 1 and rows > 2:
            continue                                  # the last row would be empty
        px = min((x1 - x0) / cols, 11 * MM)
        # height of the band: (rows-1)·py + band = rows·px + const
        over = (rows - 1) * (GAP_Y - GAP_X) + 1.4 * MM - GAP_X
        px = min(px, (max_h - over) / rows)
        grid = Grid(rows, cols, px, x0, y0)
        if best is None or grid.px > best.px + 1e-6:
            best = grid
    assert best is not None
    return best


def arc(xe: float, ya: float, yb: float, side: int) -> list[tuple]:
    """A half circle from (xe, ya) to (xe, yb) bulging to ``side`` (+1 right, −1 left)."""
    r = (yb - ya) / 2
    ym, k = ya + r, 0.5523 * r
    return [("C", xe + side * k, ya, xe + side * r, ym - k, xe + side * r, ym),
            ("C", xe + side * r, ym + k, xe + side * k, yb, xe, yb)]


def turn_x(g: Grid, side: int) -> float:
    """Where a turn's half circle starts so its outer edge reaches the turn room's edge."""
    reach = g.py / 2 + g.band / 2
    return g.right + TURN - reach if side > 0 else g.left - TURN + reach
