"""Rank emblems: one flat vector icon per rank of a court, from the sovereign down to the peasant,
and the jester.

Every emblem draws through a :class:`~forge.kit.art.pen.Pen` (no backend calls, no
text) in a 100 × 100 box, ``(0, 0)`` bottom-left to ``(100, 100)`` top-right, with a
dark outline and a small shared palette.  The silhouettes differ strongly so the
ranks stay tell-apart at card size and in greyscale print.

==========  ==================================  ==========================
name        figure                              subject
==========  ==================================  ==========================
crown       sovereign                           royal crown with jewels
mitre       archbishop                          mitre with a cross
seal        earl marshal                        wax seal with ribbons
coronet     baroness                            pearl tiara
abbess      abbess                              veiled nun with a cross
sword       knight                              shield and sword
needle      seamstress                          spool of thread and needle
trowel      mason                               trowel over bricks
pot         cook                                steaming pot with ladle
crook       shepherdess                         crook and sheep
pick        stonecutter                         pickaxe over a rock
bowl        peasant                             beggar's bowl and a coin
jester      jester                              three-pointed jester's hat
==========  ==================================  ==========================

Use :func:`draw_emblem` to place one in a square, or call ``EMBLEMS[name](pen)``
directly inside your own 0…100 transform.
"""
from __future__ import annotations

import math
from typing import Callable

from ...cardspec.vocabulary import EMBLEM_NAMES
from .pen import Pen

__all__ = ["EMBLEMS", "draw_emblem", "INK", "LINE"]

#: Outline colour and width shared by every emblem.
INK = "#2b2118"
LINE = 2.5

GOLD = "#e8b93c"
GOLD_DARK = "#b7842b"
RED = "#b8322c"
RED_DARK = "#86231f"
BLUE = "#3d62a8"
GREEN = "#4e8a45"
CREAM = "#f6efdc"
PEARL = "#fbf8f0"
STEEL = "#c3cad3"
IRON = "#4b4f58"
WOOD = "#9c6a3b"
WOOD_LIGHT = "#c89660"
BRICK = "#bb5a3c"
STONE = "#9d978c"
SKIN = "#f0c9a0"
VEIL = "#2f2a3a"


# -- helpers -------------------------------------------------------------------
def _ink(pen: Pen, fill: str | None) -> None:
    """Fill with ``fill`` and outline in the shared ink."""
    pen.style(fill, INK, LINE)


def _tube(pen: Pen, cmds, width: float, colour: str) -> None:
    """Stroke an open path as an outlined band ``width`` wide."""
    pen.style(None, INK, width + 2 * LINE)
    pen.path(cmds)
    pen.style(None, colour, width)
    pen.path(cmds)


def _line(pen: Pen, cmds, width: float = LINE, colour: str = INK) -> None:
    pen.style(None, colour, width)
    pen.path(cmds)


def _bezier(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                 for a, b, c, d in zip(p0, p1, p2, p3))


def _star(cx: float, cy: float, r: float, inner: float, n: int = 5) -> list[tuple[float, float]]:
    return [(cx + (r if i % 2 == 0 else inner) * math.sin(math.pi * i / n),
             cy + (r if i % 2 == 0 else inner) * math.cos(math.pi * i / n)) for i in range(2 * n)]


# -- the emblems -----------------------------------------------------------------
def _crown(pen: Pen) -> None:
    _ink(pen, GOLD)
    pen.polygon([(20, 30), (8, 74), (32, 54), (50, 86), (68, 54), (92, 74), (80, 30)])
    pen.rect(17, 12, 66, 20, 3)
    for x, y in ((8, 78), (50, 90), (92, 78)):
        pen.circle(x, y, 5.5)
    _ink(pen, RED)
    pen.polygon([(50, 62), (56, 50), (50, 38), (44, 50)])
    pen.circle(50, 22, 5.5)
    _ink(pen, BLUE)
    pen.ellipse(31, 22, 5, 4)
    pen.ellipse(69, 22, 5, 4)


def _mitre(pen: Pen) -> None:
    _ink(pen, GOLD)
    for x in (34, 58):
        pen.polygon([(x, 30), (x - 2, 4), (x + 3, 9), (x + 8, 4), (x + 8, 30)])
    _ink(pen, CREAM)
    pen.path((("M", 22, 26), ("L", 78, 26), ("L", 78, 52), ("C", 78, 70, 66, 84, 50, 97),
              ("C", 34, 84, 22, 70, 22, 52), ("Z",)))
    _ink(pen, GOLD)
    pen.rect(22, 22, 56, 14, 2)
    _ink(pen, RED)
    pen.polygon([(46, 44), (54, 44), (54, 60), (63, 60), (63, 68), (54, 68), (54, 82),
                 (46, 82), (46, 68), (37, 68), (37, 60), (46, 60)])


def _seal(pen: Pen) -> None:
    _ink(pen, GOLD)
    pen.polygon([(42, 48), (22, 8), (30, 12), (34, 4), (54, 44)])
    pen.polygon([(58, 48), (78, 8), (70, 12), (66, 4), (46, 44)])
    _ink(pen, RED)
    n = 90
    pen.polygon([(50 + (33 + 2.2 * math.cos(13 * a)) * math.cos(a),
                  60 + (33 + 2.2 * math.cos(13 * a)) * math.sin(a))
                 for a in (2 * math.pi * i / n for i in range(n))])
    _ink(pen, RED_DARK)
    pen.circle(50, 60, 22)
    _ink(pen, GOLD)
    pen.polygon(_star(50, 60, 15, 6.5))


def _coronet(pen: Pen) -> None:
    top_l = ((8, 34), (20, 42), (30, 64), (50, 70))
    top_r = ((50, 70), (70, 64), (80, 42), (92, 34))
    _ink(pen, GOLD)
    pen.path((("M", *top_l[0]), ("C", *top_l[1], *top_l[2], *top_l[3]),
              ("C", *top_r[1], *top_r[2], *top_r[3]),
              ("C", 72, 14, 28, 14, 8, 34), ("Z",)))
    pen.rect(47, 68, 6, 10)
    _ink(pen, PEARL)
    for t in (0.25, 0.5, 0.75):
        pen.circle(*_bezier(*top_l, t), 4.5)
        pen.circle(*_bezier(*top_r, 1 - t), 4.5)
    pen.circle(8, 34, 4.5)
    pen.circle(92, 34, 4.5)
    pen.circle(50, 82, 7.5)
    _ink(pen, BLUE)
    pen.path((("M", 50, 58), ("C", 59, 44, 59, 32, 50, 32), ("C", 41, 32, 41, 44, 50, 58), ("Z",)))
    _ink(pen, RED)
    pen.circle(31, 35, 4.5)
    pen.circle(69, 35, 4.5)


def _abbess(pen: Pen) -> None:
    _ink(pen, VEIL)
    pen.path((("M", 14, 6), ("C", 14, 50, 20, 92, 50, 94), ("C", 80, 92, 86, 50, 86, 6), ("Z",)))
    _ink(pen, CREAM)
    pen.path((("M", 26, 6), ("L", 30, 40), ("C", 28, 66, 36, 80, 50, 80), ("C", 64, 80, 72, 66, 70, 40),
              ("L", 74, 6), ("Z",)))
    _ink(pen, SKIN)
    pen.ellipse(50, 58, 13, 16)
    _ink(pen, GOLD)
    pen.polygon([(47, 10), (53, 10), (53, 24), (59, 24), (59, 30), (53, 30), (53, 36),
                 (47, 36), (47, 30), (41, 30), (41, 24), (47, 24)])


def _sword(pen: Pen) -> None:
    _ink(pen, BLUE)
    pen.path((("M", 18, 76), ("L", 82, 76), ("L", 82, 50), ("C", 82, 30, 68, 18, 50, 8),
              ("C", 32, 18, 18, 30, 18, 50), ("Z",)))
    _ink(pen, STEEL)
    pen.polygon([(45, 74), (55, 74), (55, 18), (50, 8), (45, 18)])
    _line(pen, (("M", 50, 70), ("L", 50, 20)), 1.5)
    _ink(pen, WOOD)
    pen.rect(45.5, 80, 9, 12, 2)
    _ink(pen, GOLD)
    pen.rect(28, 73, 44, 8, 4)
    pen.circle(50, 93, 4.5)


def _needle(pen: Pen) -> None:
    _ink(pen, WOOD_LIGHT)
    pen.rect(16, 12, 48, 10, 3)
    pen.rect(16, 62, 48, 10, 3)
    _ink(pen, RED)
    pen.rect(22, 22, 36, 40)
    for y in (30, 38, 46, 54):
        _line(pen, (("M", 22, y), ("L", 58, y)), 1.2, RED_DARK)
    with pen.saved():
        pen.translate(56, 46)
        pen.rotate(128)
        _ink(pen, STEEL)
        pen.path((("M", -50, 0), ("L", -8, 3), ("L", 34, 3.5), ("C", 40, 3.5, 40, -3.5, 34, -3.5),
                  ("L", -8, -3), ("Z",)))
        pen.style(INK, None)
        pen.rect(26, -1.1, 8, 2.2, 1.1)
    _tube(pen, (("M", 58, 60), ("C", 80, 74, 78, 98, 52, 90), ("C", 42, 87, 38, 80, 35, 73),
                ("C", 31, 76, 22, 78, 12, 86)), 2.2, RED)


def _trowel(pen: Pen) -> None:
    _ink(pen, BRICK)
    for row, xs in enumerate(((6, 36, 64), (6, 22, 50, 78), (36, 64))):
        for i, x in enumerate(xs):
            end = xs[i + 1] if i + 1 < len(xs) else 94
            pen.rect(x, 6 + 14 * row, end - x, 14)
    with pen.saved():
        pen.translate(58, 62)
        pen.rotate(-40)
        _ink(pen, STEEL)
        pen.path((("M", 0, -40), ("C", 8, -28, 18, -10, 19, 0), ("L", -19, 0),
                  ("C", -18, -10, -8, -28, 0, -40), ("Z",)))
        _line(pen, (("M", 0, -32), ("L", 0, -2)), 1.5)
        _tube(pen, (("M", 0, 0), ("L", 0, 8), ("L", 4, 12)), 3, STEEL)
        _ink(pen, WOOD)
        pen.rect(-1, 12, 10, 28, 5)
        _ink(pen, GOLD)
        pen.rect(-1.5, 12, 11, 5, 1.5)


def _pot(pen: Pen) -> None:
    for x in (36, 50, 64):
        _tube(pen, (("M", x, 68), ("C", x - 8, 73, x + 8, 80, x, 85), ("C", x - 6, 89, x + 4, 92, x, 94)),
              3, CREAM)
    _tube(pen, (("M", 58, 60), ("L", 86, 92)), 5, WOOD)
    _ink(pen, IRON)
    for x in (26, 70):
        pen.rect(x, 6, 5, 12, 2)
    pen.path((("M", 16, 60), ("C", 14, 28, 30, 12, 50, 12), ("C", 70, 12, 86, 28, 84, 60), ("Z",)))
    pen.ellipse(12, 48, 7, 4)
    pen.ellipse(88, 48, 7, 4)
    pen.rect(10, 58, 80, 9, 4)
    _line(pen, (("M", 24, 30), ("C", 30, 22, 40, 19, 48, 19)), 2.5, "#7d8390")


def _crook(pen: Pen) -> None:
    _tube(pen, (("M", 72, 9), ("L", 72, 70), ("C", 72, 96, 94, 96, 92, 76), ("C", 91, 70, 86, 68, 84, 72)),
          6, WOOD)
    fluff = [(24, 42, 10), (38, 47, 11), (52, 42, 10), (55, 30, 9), (42, 24, 10), (28, 27, 10), (40, 35, 12)]
    pen.style("#ffffff", INK, 2 * LINE)
    for x, y, r in fluff:
        pen.circle(x, y, r)
    _ink(pen, VEIL)
    for x in (28, 36, 44, 52):
        pen.rect(x, 4, 5, 18, 2)
    pen.style("#ffffff", None)
    for x, y, r in fluff:
        pen.circle(x, y, r)
    _ink(pen, VEIL)
    pen.ellipse(20, 50, 6, 3)
    pen.ellipse(12, 42, 9, 7.5)
    pen.style("#ffffff", None)
    pen.circle(10, 44, 1.8)


def _pick(pen: Pen) -> None:
    _ink(pen, STONE)
    pen.polygon([(10, 6), (6, 22), (20, 38), (44, 44), (66, 36), (90, 22), (94, 6)])
    _line(pen, (("M", 20, 38), ("L", 34, 22), ("L", 66, 36)), 1.5)
    _line(pen, (("M", 34, 22), ("L", 40, 6)), 1.5)
    _line(pen, (("M", 66, 36), ("L", 74, 18), ("L", 90, 22)), 1.5)
    with pen.saved():
        pen.translate(46, 58)
        pen.rotate(-28)
        _ink(pen, WOOD)
        pen.rect(-4, -40, 8, 72, 3)
        _ink(pen, STEEL)
        pen.path((("M", -44, 14), ("C", -22, 34, 22, 34, 44, 14), ("C", 22, 24, -22, 24, -44, 14), ("Z",)))
        pen.rect(-7, 20, 14, 14, 2)


def _bowl(pen: Pen) -> None:
    _ink(pen, WOOD_LIGHT)
    pen.rect(34, 6, 32, 8, 2)
    pen.path((("M", 8, 54), ("C", 10, 22, 30, 12, 50, 12), ("C", 70, 12, 90, 22, 92, 54), ("Z",)))
    _ink(pen, WOOD)
    pen.ellipse(50, 54, 42, 9)
    _ink(pen, "#d9c29a")
    pen.rect(58, 22, 16, 14, 1)
    _line(pen, (("M", 60, 24), ("L", 72, 24), ("L", 72, 34), ("L", 60, 34), ("Z",)), 1.0)
    _line(pen, (("M", 24, 48), ("L", 28, 40), ("L", 24, 34), ("L", 29, 26)), 1.8)
    _ink(pen, GOLD)
    pen.circle(50, 80, 12)
    _line(pen, (("M", 50, 73), ("L", 50, 87)), 2, GOLD_DARK)
    pen.style(None, GOLD_DARK, 1.8)
    pen.circle(50, 80, 8)


def _jester(pen: Pen) -> None:
    _ink(pen, RED)
    pen.path((("M", 22, 26), ("C", 14, 46, 14, 60, 7, 50), ("C", 12, 80, 34, 72, 42, 26), ("Z",)))
    pen.path((("M", 78, 26), ("C", 86, 46, 86, 60, 93, 50), ("C", 88, 80, 66, 72, 58, 26), ("Z",)))
    _ink(pen, GOLD)
    pen.path((("M", 36, 26), ("C", 36, 60, 46, 80, 66, 86), ("C", 60, 70, 66, 50, 64, 26), ("Z",)))
    _ink(pen, GREEN)
    pen.rect(16, 8, 68, 20, 6)
    _ink(pen, GOLD)
    for x, y in ((8, 44), (92, 44), (71, 86)):
        pen.circle(x, y, 6)
        _line(pen, (("M", x - 3, y - 1), ("L", x + 3, y - 1)), 1.5)
        _ink(pen, GOLD)
    for x in (30, 50, 70):
        pen.polygon([(x, 11), (x + 6, 18), (x, 25), (x - 6, 18)])


#: Emblem name → function drawing it in the 0…100 box.
EMBLEMS: dict[str, Callable[[Pen], None]] = {
    "crown": _crown,
    "mitre": _mitre,
    "seal": _seal,
    "coronet": _coronet,
    "abbess": _abbess,
    "sword": _sword,
    "needle": _needle,
    "trowel": _trowel,
    "pot": _pot,
    "crook": _crook,
    "pick": _pick,
    "bowl": _bowl,
    "jester": _jester,
}
assert tuple(EMBLEMS) == EMBLEM_NAMES           # the names a card spec is checked against


def draw_emblem(pen: Pen, name: str, x: float, y: float, size: float) -> None:
    """Draw emblem ``name`` scaled into the square ``(x, y, size, size)``.

    Unknown names raise :class:`KeyError` listing the known ones.
    """
    try:
        art = EMBLEMS[name]
    except KeyError:
        raise KeyError(f"unknown emblem {name!r}; known: {', '.join(EMBLEMS)}") from None
    with pen.saved():
        pen.translate(x, y)
        pen.scale(size / 100)
        art(pen)
