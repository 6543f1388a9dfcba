"""Figures with their 95 % intervals, one row each: a dot on a band, against a reference (a
dashed line: no advantage, or no change). A study's report draws the first player's advantage
by player count and how often each house ruling comes up with it."""
from __future__ import annotations

from html import escape
from typing import Callable

from .svg import frame, label_width, value_axis

__all__ = ["dot_chart"]


def dot_chart(uid: str, title: str, rows: list[tuple[str, float, float, float]], desc: str,
              axis: Callable[[float], str], reference: float | None = 0.0) -> str:
    """``rows``: ``(label, value, low, high)``; ``axis`` writes a tick; ``reference`` is drawn
    dashed (None: not drawn). Labels too long for the left of a row go above it."""
    wide = label_width([r[0] for r in rows])
    above = wide > 100
    left = 14 if above else max(60, round(wide) + 12)
    right, head, row_h = 14, 8, 34 if above else 22
    width = max(left + 240, round(wide) + 20 if above else 0)
    height = head + row_h * len(rows) + 22
    marks = [v for r in rows for v in r[1:]] + ([reference] if reference is not None else [])
    x, body = value_axis(marks, left, width - right, head, height, axis)
    if reference is not None:
        body.append(f'<line class="chart-fair" x1="{x(reference)}" x2="{x(reference)}" y1="{head}" y2="{height - 18}"/>')
    for i, (label, value, lo, hi) in enumerate(rows):
        mid = head + row_h * i + (row_h * .68 if above else row_h / 2)
        where = f'x="{left}" y="{mid - 8}"' if above else f'x="{left - 6}" y="{mid + 4}" text-anchor="end"'
        body.append(f'<text class="chart-label" {where}>{escape(label)}</text>'
                    f'<rect class="chart-band" x="{x(lo)}" y="{mid - 4}" width="{max(1.0, round(x(hi) - x(lo), 1))}" height="8"/>'
                    f'<circle class="chart-dot" cx="{x(value)}" cy="{mid}" r="3.2"/>')
    return frame(width, height, uid, title, desc, body)
