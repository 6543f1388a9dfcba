"""A distribution as bars: how many games lasted each number of moves (or had each value),
the values grouped into at most :data:`MAX_BARS` bins of equal whole width, each bar's height the
share of games in its bin."""
from __future__ import annotations

import math
from html import escape
from typing import Callable

from .svg import frame, share_top, ticks

__all__ = ["histogram_chart", "bins", "MAX_BARS"]

MAX_BARS = 30


def bins(histogram: list[list[int]]) -> list[tuple[int, int, int]]:
    """``[[value, count], …]`` (increasing values) grouped into bins ``(first, last, count)``
    of equal whole width, at most :data:`MAX_BARS`, the first starting at the lowest value."""
    low, high = histogram[0][0], histogram[-1][0]
    width = max(1, math.ceil((high - low + 1) / MAX_BARS))
    found: dict[int, int] = {}
    for value, count in histogram:
        start = low + (value - low) // width * width
        found[start] = found.get(start, 0) + count
    return [(start, start + width - 1, found.get(start, 0)) for start in range(low, high + 1, width)]


def histogram_chart(uid: str, title: str, histogram: list[list[int]], desc: str,
                    num: Callable[[float], str], pct: Callable[[float], str]) -> str:
    """``histogram``: ``[[value, count], …]``; ``desc`` says the figures in words; ``num``
    writes a value tick, ``pct`` a share tick."""
    grouped = bins(histogram)
    games = sum(c for *_, c in grouped)
    left, right, head, foot, width, height = 40, 8, 8, 20, 300, 130
    plot_w, plot_h = width - left - right, height - head - foot
    top = share_top(max(c for *_, c in grouped) / games)
    low, high = grouped[0][0], grouped[-1][1] + 1

    def x(v: float) -> float:
        return round(left + plot_w * (v - low) / (high - low), 1)

    def y(v: float) -> float:
        return round(head + plot_h * (1 - v / top), 1)

    body = []
    for tick in (0, top / 2, top):
        body.append(f'<line class="chart-grid" x1="{left}" x2="{width - right}" y1="{y(tick)}" y2="{y(tick)}"/>'
                    f'<text class="chart-axis" x="{left - 4}" y="{y(tick) + 3}" text-anchor="end">{escape(pct(tick))}</text>')
    for first, last, count in grouped:
        share = count / games
        body.append(f'<rect class="chart-bar" x="{x(first)}" y="{y(share)}" width="{max(0.5, round(x(last + 1) - x(first) - 0.6, 1))}" '
                    f'height="{round(y(0) - y(share), 1)}" data-values="{first}-{last}" data-count="{count}"/>')
    marks = ticks(max(1, high - 1 - low))
    step = marks[1] - marks[0]
    value = math.ceil(low / step) * step          # round values, from the first in range
    while value < high:
        body.append(f'<text class="chart-axis" x="{round(x(value + .5), 1)}" y="{height - 6}" '
                    f'text-anchor="middle">{escape(num(value))}</text>')
        value += step
    return frame(width, height, uid, title, desc, body)
