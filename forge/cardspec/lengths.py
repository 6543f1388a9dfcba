"""Positions and sizes of a layout's parts: lengths that may be a share of their frame.

A part's ``x``, ``y``, ``width``… is a length (``12mm``, ``0.5in``, ``9pt``; a bare number is
millimetres), a percentage of its frame (``50%``: of the frame's width for ``x``, ``width``,
``cx``, ``r`` and a text's ``size``; of its height for ``y``, ``height`` and ``cy``; ``%w`` and
``%h`` name the dimension outright), or a sum of these, as in CSS's ``calc()``: ``100% - 6mm``,
``46% + 15.5%w``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import MM

__all__ = ["Length", "parse_measure"]

_UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
#: one term: a sign (the first may be left out), a number and an optional unit
_TERM = re.compile(r"\s*([+-])?\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt|%w|%h|%)?\s*")


@dataclass(frozen=True)
class Length:
    """``pt`` points plus ``w`` per cent of the frame's width and ``h`` per cent of its height."""

    pt: float = 0.0
    w: float = 0.0
    h: float = 0.0

    def of(self, width: float, height: float) -> float:
        return self.pt + self.w / 100 * width + self.h / 100 * height


def parse_measure(value, axis: str = "x") -> Length:
    """``"100% - 6mm"`` on the x axis → Length(-17.0…, 100, 0). Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a length")
    if isinstance(value, (int, float)):
        return Length(float(value) * MM)
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        raise ValueError("not a length")
    pt, share = 0.0, {"w": 0.0, "h": 0.0}
    pos = 0
    while pos < len(value):
        m = _TERM.match(value, pos)
        if not m or m.end() == pos or (pos and not m.group(1)):
            raise ValueError("not a length")
        sign = -1.0 if m.group(1) == "-" else 1.0
        number = sign * float(m.group(2))
        unit = m.group(3) or "mm"
        if unit.startswith("%"):
            share[unit[1:] or ("w" if axis == "x" else "h")] += number
        else:
            pt += number * _UNITS[unit]
        pos = m.end()
    return Length(pt, share["w"], share["h"])
