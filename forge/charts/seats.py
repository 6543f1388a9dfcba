"""Wins by seat: for one player count, the share of games each seat won, with its 95 %
confidence band (Wilson score interval over the games played: :func:`forge.engine.stats.wilson`)
and the equal share ``1/n`` as a dashed line, so a seat whose band misses the line is favoured
or handicapped."""
from __future__ import annotations

from html import escape
from typing import Callable

from ..engine.stats import wilson
from .svg import frame, share_top

__all__ = ["seat_chart"]


def seat_chart(uid: str, title: str, shares: list[float], games: int, pct: Callable[[float], str],
               axis: Callable[[float], str], seat_word: str, fair_word: str) -> str:
    """One player count's wins by seat. ``pct`` writes a share, ``axis`` an axis tick (a
    whole percentage); ``seat_word`` names a seat ('Seat {n}'), ``fair_word`` the equal share
    ('equal share: {p}')."""
    n = len(shares)
    bands = [wilson(s, games) for s in shares]
    top = share_top(max([hi for _, hi in bands] + [1 / n]))
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
    return frame(width, height, uid, title, desc, body)
