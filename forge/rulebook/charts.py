"""The charts of a rulebook's simulation appendix, drawn as inline SVG a screen reader can read.

Two kinds, each an ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that says in the
page's language every figure the picture shows (the tables beside them give the same figures):

- :func:`seat_chart`: for one player count, the share of games each seat won, with its 95 %
  confidence band (Wilson score interval over the games played: :func:`forge.engine.stats.wilson`)
  and the equal share ``1/n`` as a dashed line, so a seat whose band misses the line is favoured
  or handicapped;
- :func:`length_chart`: per player count, how many turns a game lasts: the shortest and the
  longest game (a line), the middle half of the games (a box) and the median (a bar).

Numbers are written by the caller's ``pct`` / ``num`` (the page's decimal mark and percent
sign); the drawing uses only the stylesheet's classes (``chart-*``), so it follows the page's
colours and prints in black and white.
"""
from __future__ import annotations

import math
from html import escape
from typing import Callable

from ..engine.stats import wilson

__all__ = ["seat_chart", "length_chart"]


def _svg(width: int, height: int, uid: str, title: str, desc: str, body: list[str]) -> str:
    return (f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{uid}.title {uid}.desc">'
            f'<title id="{uid}.title">{escape(title)}</title><desc id="{uid}.desc">{escape(desc)}</desc>'
            + "".join(body) + "</svg>")


def _top(highest: float) -> float:
    """The top of a share axis: the next tenth above ``highest`` (at least 10 %)."""
    return max(0.1, math.ceil(highest * 10 - 1e-9) / 10)


def _ticks(highest: float) -> list[float]:
    """Round ticks from 0 to at least ``highest``, 2 to 5 steps of 1, 2 or 5 × 10ⁿ."""
    raw = max(highest, 1) / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [step * i for i in range(math.ceil(highest / step - 1e-9) + 1)]


def seat_chart(uid: str, title: str, shares: list[float], games: int, pct: Callable[[float], str],
               axis: Callable[[float], str], seat_word: str, fair_word: str) -> str:
    """One player count's wins by seat. ``pct`` writes a share, ``axis`` an axis tick (a
    whole percentage); ``seat_word`` names a seat ('Seat {n}'), ``fair_word`` the equal share
    ('equal share: {p}')."""
    n = len(shares)
    bands = [wilson(s, games) for s in shares]
    top = _top(max([hi for _, hi in bands] + [1 / n]))
    left, right, head, foot, width, height = 40, 8, 8, 20, 260, 124
    plot_w, plot_h = width - left - right, height - head - foot

    def y(v: float) -> float:
        return round(head + plot_h * (1 - v / top), 1)

    step = plot_w / n
    body = []
    for tick in (0, top / 2, top):
        body.append(f'<line class="chart-grid" x1="{left}" x2="{width - right}" y1="{y(tick)}" y2="{y(tick)}"/>'
                    f'<text class="chart-axis" x="{left - 4}" y="{y(tick) + 3}" text-anchor="end">{escape(axis(tick))}</text>')
    fair = y(1 / n)
    body.append(f'<line class="chart-fair" x1="{left}" x2="{width - right}" y1="{fair}" y2="{fair}"/>')
    said = []
    for i, (share, (lo, hi)) in enumerate(zip(shares, bands)):
        x = round(left + step * (i + .5), 1)
        body.append(f'<rect class="chart-band" x="{x - 4}" y="{y(hi)}" width="8" height="{round(y(lo) - y(hi), 1)}"/>'
                    f'<circle class="chart-dot" cx="{x}" cy="{y(share)}" r="3.2"/>'
                    f'<text class="chart-axis" x="{x}" y="{height - 8}" text-anchor="middle">{i + 1}</text>')
        said.append(f"{seat_word.replace('{n}', str(i + 1))}: {pct(share)} ({pct(lo)}–{pct(hi)})")
    desc = "; ".join(said) + ". " + fair_word.replace("{p}", pct(1 / n)) + "."
    return _svg(width, height, uid, title, desc, body)


def length_chart(uid: str, title: str, rows: list[dict], label: Callable[[int], str],
                 said: Callable[[dict], str], num: Callable[[float], str]) -> str:
    """Game lengths, one row per player count; each row of ``rows`` has ``players`` and
    ``length`` (``min``, ``max``, ``median``, ``quartiles``: the first and third). ``label``
    names a row ('4 players'), ``said`` says one row's figures in words."""
    left, right, head, row_h = 78, 12, 8, 26
    width, height = 320, head + row_h * len(rows) + 22
    ticks = _ticks(max(r["length"]["max"] for r in rows))
    top = ticks[-1]
    plot_w = width - left - right

    def x(v: float) -> float:
        return round(left + plot_w * v / top, 1)

    body = []
    for tick in ticks:
        body.append(f'<line class="chart-grid" x1="{x(tick)}" x2="{x(tick)}" y1="{head}" y2="{height - 18}"/>'
                    f'<text class="chart-axis" x="{x(tick)}" y="{height - 6}" text-anchor="middle">{escape(num(tick))}</text>')
    for i, r in enumerate(rows):
        length = r["length"]
        mid = head + row_h * i + row_h / 2
        q1, q3 = length["quartiles"]
        body.append(f'<text class="chart-label" x="{left - 6}" y="{mid + 4}" text-anchor="end">{escape(label(r["players"]))}</text>'
                    f'<line class="chart-range" x1="{x(length["min"])}" x2="{x(length["max"])}" y1="{mid}" y2="{mid}"/>'
                    f'<rect class="chart-box" x="{x(q1)}" y="{mid - 7}" width="{max(1.0, round(x(q3) - x(q1), 1))}" height="14"/>'
                    f'<line class="chart-median" x1="{x(length["median"])}" x2="{x(length["median"])}" '
                    f'y1="{mid - 9}" y2="{mid + 9}"/>')
    return _svg(width, height, uid, title, " ".join(said(r) for r in rows), body)
