"""A symmetric table of changes as coloured cells, rule × rule: each cell the change a pair of
rules makes against the base game, written in the cell and shaded by its size (darker: larger;
warm: more, cool: less), the diagonal left empty. Rows are named in full and numbered; columns
by number, so that the table stays narrow."""
from __future__ import annotations

from html import escape
from typing import Callable

from .svg import frame, label_width

__all__ = ["matrix_chart", "SHADES"]

SHADES = 3         # classes chart-more-1…3 and chart-less-1…3, from light to dark


def shade(value: float, largest: float) -> str:
    """The class of a cell: ``chart-more-k`` or ``chart-less-k`` (k of :data:`SHADES`, by the
    share of the largest change), ``chart-same`` for no change."""
    if not value or not largest:
        return "chart-same"
    k = min(SHADES, 1 + int(abs(value) / largest * SHADES - 1e-9))
    return f"chart-{'more' if value > 0 else 'less'}-{k}"


def matrix_chart(uid: str, title: str, labels: list[str], values: list[list[float | None]], desc: str,
                 fmt: Callable[[float], str]) -> str:
    """``values[i][j]``: the change of the pair (i, j) (None: not measured, the diagonal)."""
    names = [f"{i + 1}. {label}" for i, label in enumerate(labels)]
    cell, head = 34, 20
    left = round(label_width(names)) + 10
    width, height = left + cell * len(labels) + 4, head + cell * len(labels) + 4
    largest = max((abs(v) for row in values for v in row if v is not None), default=0.0)
    body = []
    for j in range(len(labels)):
        body.append(f'<text class="chart-axis" x="{left + cell * j + cell / 2}" y="{head - 6}" '
                    f'text-anchor="middle">{j + 1}</text>')
    for i, name in enumerate(names):
        top = head + cell * i
        body.append(f'<text class="chart-label" x="{left - 6}" y="{top + cell / 2 + 4}" text-anchor="end">{escape(name)}</text>')
        for j, value in enumerate(values[i]):
            x = left + cell * j
            if value is None:
                body.append(f'<rect class="chart-none" x="{x}" y="{top}" width="{cell}" height="{cell}"/>')
                continue
            body.append(f'<rect class="chart-cell {shade(value, largest)}" x="{x}" y="{top}" width="{cell}" '
                        f'height="{cell}" data-pair="{i + 1},{j + 1}" data-value="{value!r}"/>'
                        f'<text class="chart-value" x="{x + cell / 2}" y="{top + cell / 2 + 3.5}" '
                        f'text-anchor="middle">{escape(fmt(value))}</text>')
    return frame(width, height, uid, title, desc, body)
