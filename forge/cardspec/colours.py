"""Colour values a spec or a data file may write, normalised to the ``#rrggbb`` the layouts draw.

Accepted: ``#rrggbb``, the CSS short form ``#rgb`` (``#08f`` is ``#0088ff``), and the 148 CSS
named colours (``navy``, ``RebeccaPurple``, ``lightgrey``…), case-insensitive; surrounding
spaces are ignored (a spreadsheet cell often ends with one). The names and their values are
Pillow's table of the CSS colour names (``PIL.ImageColor.colormap``).

:func:`mix` blends two colours: a spec writes ``mix(a, b, t%)``, the kit's art mixes its tints.
"""
from __future__ import annotations

import difflib
import re

from PIL.ImageColor import colormap

__all__ = ["parse_colour", "colour_hint", "hex_to_rgb", "mix", "contrast", "NAMED", "EXPECTED"]

NAMED: dict[str, str] = {name.lower(): value.lower() for name, value in colormap.items()}
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
EXPECTED = "#rrggbb, #rgb or a CSS colour name such as navy"


def parse_colour(value: object) -> str | None:
    """``value`` as ``#rrggbb`` (lower case), or None when it is not a colour."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _HEX.match(text):
        digits = text[1:].lower()
        return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits))
    return NAMED.get(text.lower())


def colour_hint(value: object) -> str:
    """The hint for a value that is not a colour: the closest name, for a typo."""
    text = str(value).strip().lower()[:40]
    near = difflib.get_close_matches(text, NAMED, n=1) if text and not text.startswith("#") else []
    if near:
        return f"did you mean '{near[0]}' ({NAMED[near[0]]})?"
    return "write #rrggbb (e.g. #000080) or a CSS colour name (navy, darkred, lightgrey…)"


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``"#ff8000"`` → ``(1.0, 0.502, 0.0)``."""
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (t=0 → a, t=1 → b)."""
    ra, ga, ba = hex_to_rgb(a)
    rb, gb, bb = hex_to_rgb(b)
    return "#%02x%02x%02x" % tuple(round(255 * (x + (y - x) * t)) for x, y in ((ra, rb), (ga, gb), (ba, bb)))


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1 (the same) to 21 (black on white)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
