"""Where a two-sided sheet printed in pieces (the score track) is cut, and how its pieces overlap.

Pure geometry, in points, along the sheet's width as seen from its front (the back's own x
turned into the front's for a flip that mirrors the width). Each side's layout says which
x-ranges a cut must not cross: its numbered spaces, headings, columns of text
(:func:`.track.track_keep`, :func:`.track_back.track_back_keep`). A join between two pieces is

* a **cut** on the front: the right-hand piece's left edge, where the front shows the join,
  between two kept ranges of the front;
* a **glue tab** on the left-hand piece, from the cut to the **seam**, glued under the
  right-hand piece. Seen from the back, the tab lies on top: its end, the seam, is where the
  back shows the join, and it falls between two kept ranges of the back, at least
  :data:`CLEAR` from each. A tab is :data:`TAB_MIN` to :data:`TAB_MAX` wide, its seam in the
  middle of the room the back and those widths leave.

:func:`plan_pieces` picks, among the joins both sides allow, the ones that make the widest
piece (tab included) the narrowest.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cardspec.model import MM

__all__ = ["Piece", "plan_pieces", "gaps", "TAB_MIN", "TAB_MAX", "CLEAR", "NoCut"]

TAB_MIN, TAB_MAX = 6 * MM, 12 * MM
CLEAR = 1 * MM           # a seam's least distance to anything the back keeps whole
STEP = 1 * MM            # cuts tried across a wide free range of the front

Ranges = list[tuple[float, float]]


class NoCut(ValueError):
    """No set of joins keeps every kept range of both sides whole."""


@dataclass(frozen=True)
class Piece:
    """One piece, its x-ranges in the sheet's x (front view)."""

    left: float          # its left edge: the previous join's cut (0 for the first)
    right: float         # its right edge: its tab's end, the next join's seam (the sheet's width for the last)
    tab: float           # where its glue tab begins: the next join's cut (``right`` for the last: no tab)
    shows: float         # where its back begins to show: the previous join's seam (0 for the first)


def gaps(keep: Ranges, lo: float, hi: float) -> Ranges:
    """The free ranges between the kept ranges (merged), inside ``lo`` … ``hi``."""
    merged: Ranges = []
    for a, b in sorted(keep):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return [(a, b) for (_, a), (b, _) in zip(merged, merged[1:]) if lo < a and b < hi and b > a]


def _cuts(front: Ranges) -> list[float]:
    """Where the front may be cut: the middle of each free range, and every STEP across a wide one."""
    out = []
    for a, b in front:
        out.append((a + b) / 2)
        x = a + STEP
        while x < b - STEP:
            out.append(x)
            x += STEP
    return sorted(set(out))


def _seam(cut: float, back: Ranges) -> float | None:
    """The seam of a tab from ``cut``: in the middle of the widest room a free range of the
    back (less CLEAR at each end) and the tab's widths leave, or None."""
    best = None
    for a, b in back:
        lo, hi = max(a + CLEAR, cut + TAB_MIN), min(b - CLEAR, cut + TAB_MAX)
        if hi >= lo and (best is None or hi - lo > best[1] - best[0]):
            best = (lo, hi)
    return None if best is None else (best[0] + best[1]) / 2


def plan_pieces(width: float, count: int, front: Ranges, back: Ranges) -> list[Piece]:
    """``count`` pieces across ``width``, cut where ``front`` and ``back`` (free ranges, in
    the front's x) allow, the widest piece as narrow as can be. Raises NoCut."""
    if count <= 1:
        return [Piece(0.0, width, width, 0.0)]
    joins = [(x, s) for x in _cuts(front) if (s := _seam(x, back)) is not None]
    # best[k][j]: the narrowest widest piece left of join j when it is the (k + 1)th join, and the join before
    best: list[list[tuple[float, int] | None]] = [[(s, -1) for _, s in joins]]
    for _ in range(count - 2):
        row: list[tuple[float, int] | None] = []
        for x, s in joins:
            options = [(max(prev[0], s - joins[i][0]), i) for i, prev in enumerate(best[-1])
                       if prev is not None and joins[i][1] + TAB_MAX <= x]
            row.append(min(options) if options else None)
        best.append(row)
    ends = [(max(b[0], width - joins[j][0]), j) for j, b in enumerate(best[-1]) if b is not None]
    if not ends:
        raise NoCut(f"no {count - 1} joins keep every space, heading and column whole on both sides")
    chosen, j = [], min(ends)[1]
    for k in range(count - 2, -1, -1):
        chosen.append(joins[j])
        j = best[k][j][1]
    chosen.reverse()
    cuts = [0.0] + [x for x, _ in chosen]
    seams = [0.0] + [s for _, s in chosen] + [width]
    return [Piece(cuts[i], seams[i + 1], chosen[i][0] if i < len(chosen) else width, seams[i])
            for i in range(count)]
