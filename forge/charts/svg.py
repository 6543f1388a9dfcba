"""What every chart shares: the ``<svg role="img">`` frame with its ``<title>`` and ``<desc>``
(a screen reader names the picture and reads every figure it shows), and round axis ticks."""
from __future__ import annotations

import math
from html import escape
from typing import Callable

__all__ = ["frame", "share_top", "ticks", "span_ticks", "label_width", "value_axis"]


def frame(width: int | float, height: int | float, uid: str, title: str, desc: str, body: list[str]) -> str:
    return (f'<svg class="chart" viewBox="0 0 {round(width)} {round(height)}" role="img" '
            f'aria-labelledby="{uid}.title {uid}.desc">'
            f'<title id="{uid}.title">{escape(title)}</title><desc id="{uid}.desc">{escape(desc)}</desc>'
            + "".join(body) + "</svg>")


def share_top(highest: float) -> float:
    """The top of a share axis: the next tenth above ``highest`` (at least 10 %)."""
    return max(0.1, math.ceil(highest * 10 - 1e-9) / 10)


def _step(extent: float, steps: int = 4) -> float:
    raw = extent / steps
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw - 1e-12)


def ticks(highest: float) -> list[float]:
    """Round ticks from 0 to at least ``highest`` (at least 1), 2 to 5 steps of 1, 2 or 5 × 10ⁿ."""
    step = _step(max(highest, 1))
    return [step * i for i in range(math.ceil(highest / step - 1e-9) + 1)]


def span_ticks(low: float, high: float) -> list[float]:
    """Round ticks covering ``low`` to ``high`` (0 included), for an axis that may go below 0."""
    low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1e-12:
        high = low + 1
    step = _step(high - low)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    return [round(step * i, 12) for i in range(first, last + 1)]


def label_width(labels: list[str], size: float = 10) -> float:
    """About how wide the longest of ``labels`` is at ``size`` px (0.56 em a character)."""
    return max((len(t) for t in labels), default=0) * size * 0.56


def value_axis(values: list[float], left: float, right: float, head: float, height: float,
               fmt: Callable[[float], str]) -> tuple[Callable[[float], float], list[str]]:
    """A horizontal axis from ``left`` to ``right`` covering ``values`` (and 0) with round ticks,
    each a vertical grid line from ``head`` down to the labels at the foot of a chart
    ``height`` high: the position of a value, and the axis drawn."""
    marks = span_ticks(min(values), max(values))
    low, top = marks[0], marks[-1]

    def x(v: float) -> float:
        return round(left + (right - left) * (v - low) / (top - low), 1)
    return x, [f'<line class="chart-grid" x1="{x(t)}" x2="{x(t)}" y1="{head}" y2="{height - 18}"/>'
               f'<text class="chart-axis" x="{x(t)}" y="{height - 6}" text-anchor="middle">{escape(fmt(t))}</text>'
               for t in marks]
