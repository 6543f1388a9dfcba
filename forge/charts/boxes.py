"""Spreads as boxes, one row each: the lowest and the highest value (a line), the middle half
(a box from the first to the third quartile) and the median (a bar). The rulebooks' appendix
draws game lengths by player count with it, a study's report also scores by seat."""
from __future__ import annotations

from html import escape
from typing import Callable

from .svg import frame, label_width, value_axis

__all__ = ["box_chart"]


def box_chart(uid: str, title: str, rows: list[tuple[str, dict]], desc: str, num: Callable[[float], str]) -> str:
    """``rows``: ``(label, spread)``, a spread having ``min``, ``max``, ``median`` and
    ``quartiles`` (the first and third); ``desc`` says every row's figures in words, ``num``
    writes an axis tick."""
    left = max(78, round(label_width([label for label, _ in rows])) + 12)
    right, head, row_h = 12, 8, 26
    width, height = left + 242, head + row_h * len(rows) + 22
    x, body = value_axis([v for _, s in rows for v in (s["min"], s["max"])], left, width - right, head, height, num)
    for i, (label, spread) in enumerate(rows):
        mid = head + row_h * i + row_h / 2
        q1, q3 = spread["quartiles"]
        body.append(f'<text class="chart-label" x="{left - 6}" y="{mid + 4}" text-anchor="end">{escape(label)}</text>'
                    f'<line class="chart-range" x1="{x(spread["min"])}" x2="{x(spread["max"])}" y1="{mid}" y2="{mid}"/>'
                    f'<rect class="chart-box" x="{x(q1)}" y="{mid - 7}" width="{max(1.0, round(x(q3) - x(q1), 1))}" height="14"/>'
                    f'<line class="chart-median" x1="{x(spread["median"])}" x2="{x(spread["median"])}" '
                    f'y1="{mid - 9}" y2="{mid + 9}"/>')
    return frame(width, height, uid, title, desc, body)
