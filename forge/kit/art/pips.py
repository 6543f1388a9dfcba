"""The French-suited deck: the four suit signs as vector paths, where the pips of A–10 go,
and the court figures of J, Q and K.

Suits
-----
♠ spade, ♣ club, ♥ heart, ♦ diamond, each drawn centred on (cx, cy) within radius ``r``.
The four outlines differ (a point over a stem, three lobes over a stem, two lobes over a
point, a lozenge), so the suits read in greyscale; red pips also carry a thin white inline,
so red and black differ in greyscale too. Nothing is set in a font: the signs look the same
in the PDF and in the rulebook's SVG.

Pips
----
:data:`PIP_LAYOUTS` gives the pips of each number card in the layout of a common deck, as
(column, row): column −1, 0 or 1, row from −1 (bottom) to 1 (top). A pip below the middle is
drawn upside down, as on a real card.

Court figures
-------------
:func:`draw_court` draws a framed, double-ended bust: the top half a figure, the bottom half
the same turned (so the card reads both ways). The King wears a crown and a beard, the Queen
a pearl coronet and long hair, the Jack a cap with a feather (the crown and the coronet are
the rank emblems of :mod:`.emblems`); the robe is red for a red suit, slate for a black one, with a medallion
carrying the suit sign. Simple shapes of our own, after no deck.
"""
from __future__ import annotations

from .emblems import EMBLEMS
from .pen import Pen, mix
from .symbols import SYMBOLS

__all__ = ["SUIT_SIGNS", "RED", "BLACK", "suit_colour", "draw_suit", "PIP_LAYOUTS", "draw_court", "COURTS"]

RED = "#c0182b"
BLACK = "#1b1c20"
WHITE = "#ffffff"
GOLD = "#d9a62e"
SKIN = "#f1cfae"
INK = "#2a2321"
SUIT_SIGNS = ("♠", "♣", "♥", "♦")
COURTS = ("J", "Q", "K")


def suit_colour(suit: str) -> str:
    return RED if suit in ("♥", "♦") else BLACK


# -- the suit signs -----------------------------------------------------------------

def _spade(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A heart upside down, on a flared stem."""
    top, lobe = cy + r, cy - r * 0.3
    pen.path([("M", cx, top),
              ("C", cx + r * 0.25, top - r * 0.45, cx + r * 0.95, lobe + r * 0.45, cx + r * 0.9, lobe),
              ("C", cx + r * 0.86, lobe - r * 0.5, cx + r * 0.2, lobe - r * 0.55, cx + r * 0.06, lobe - r * 0.1),
              ("C", cx + r * 0.1, cy - r * 0.7, cx + r * 0.3, cy - r * 0.95, cx + r * 0.45, cy - r),
              ("L", cx - r * 0.45, cy - r),
              ("C", cx - r * 0.3, cy - r * 0.95, cx - r * 0.1, cy - r * 0.7, cx - r * 0.06, lobe - r * 0.1),
              ("C", cx - r * 0.2, lobe - r * 0.55, cx - r * 0.86, lobe - r * 0.5, cx - r * 0.9, lobe),
              ("C", cx - r * 0.95, lobe + r * 0.45, cx - r * 0.25, top - r * 0.45, cx, top), ("Z",)])


def _club(pen: Pen, cx: float, cy: float, r: float) -> None:
    """Three round lobes over a flared stem."""
    lobe = r * 0.42
    pen.circle(cx, cy + r - lobe, lobe)
    pen.circle(cx - r * 0.5, cy - r * 0.08, lobe)
    pen.circle(cx + r * 0.5, cy - r * 0.08, lobe)
    pen.path([("M", cx - r * 0.12, cy + r * 0.2), ("L", cx + r * 0.12, cy + r * 0.2),
              ("C", cx + r * 0.1, cy - r * 0.6, cx + r * 0.3, cy - r * 0.92, cx + r * 0.45, cy - r),
              ("L", cx - r * 0.45, cy - r),
              ("C", cx - r * 0.3, cy - r * 0.92, cx - r * 0.1, cy - r * 0.6, cx - r * 0.12, cy + r * 0.2), ("Z",)])


def _heart(pen: Pen, cx: float, cy: float, r: float) -> None:
    SYMBOLS["heart"](pen, cx, cy + r * 0.05, r * 1.02)


def _diamond(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A lozenge, narrower than it is tall, its sides slightly curved in."""
    x, k = r * 0.78, 0.18
    pen.path([("M", cx, cy + r), ("C", cx + x * k, cy + r * (1 - k * 2), cx + x * (1 - k), cy + r * k, cx + x, cy),
              ("C", cx + x * (1 - k), cy - r * k, cx + x * k, cy - r * (1 - k * 2), cx, cy - r),
              ("C", cx - x * k, cy - r * (1 - k * 2), cx - x * (1 - k), cy - r * k, cx - x, cy),
              ("C", cx - x * (1 - k), cy + r * k, cx - x * k, cy + r * (1 - k * 2), cx, cy + r), ("Z",)])


_SHAPES = {"♠": _spade, "♣": _club, "♥": _heart, "♦": _diamond}


def draw_suit(pen: Pen, suit: str, cx: float, cy: float, r: float, turned: bool = False,
              colour: str | None = None) -> None:
    """The suit sign in its colour, a red one with a white inline (or plain, in ``colour``);
    ``turned``: upside down."""
    with pen.saved():
        pen.translate(cx, cy)
        if turned:
            pen.rotate(180)
        pen.style(colour or suit_colour(suit))
        _SHAPES[suit](pen, 0, 0, r)
        if colour is None and suit_colour(suit) == RED:
            pen.style(None, WHITE, max(r * 0.07, 0.25))
            _SHAPES[suit](pen, 0, 0, r * 0.74)


# -- pips of the number cards ---------------------------------------------------------

_SIDES = ((-1, 1), (1, 1), (-1, -1), (1, -1))
_SIX = _SIDES + ((-1, 0), (1, 0))
_EIGHT_SIDES = tuple((x, y) for x in (-1, 1) for y in (1, 1 / 3, -1 / 3, -1))

#: rank → the pips as (column −1/0/1, row −1…1)
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "A": ((0, 0),),
    "2": ((0, 1), (0, -1)),
    "3": ((0, 1), (0, 0), (0, -1)),
    "4": _SIDES,
    "5": _SIDES + ((0, 0),),
    "6": _SIX,
    "7": _SIX + ((0, 0.5),),
    "8": _SIX + ((0, 0.5), (0, -0.5)),
    "9": _EIGHT_SIDES + ((0, 0),),
    "10": _EIGHT_SIDES + ((0, 2 / 3), (0, -2 / 3)),
}


# -- court figures --------------------------------------------------------------------

def _jack_cap(pen: Pen) -> None:
    """A soft cap with a band and a feather, in the emblems' 0…100 box."""
    pen.style(mix(GOLD, WHITE, 0.55), INK, 2.5)
    pen.path([("M", 70, 40), ("C", 82, 70, 92, 86, 96, 98), ("C", 84, 86, 70, 66, 60, 42), ("Z",)])
    pen.style("#4a6fa5", INK, 2.5)
    pen.path([("M", 10, 34), ("C", 8, 62, 32, 78, 54, 76), ("C", 80, 74, 94, 56, 90, 34), ("Z",)])
    pen.style(GOLD, INK, 2.5)
    pen.rect(8, 22, 84, 14, 4)


_HEADWEAR = {"K": EMBLEMS["crown"], "Q": EMBLEMS["coronet"], "J": _jack_cap}
_HAIR = {"K": "#8a8278", "Q": "#6b3f22", "J": "#a0652c"}
ROBES = {RED: RED, BLACK: "#2f3b55"}                          # black suits: a slate robe


def _bust(pen: Pen, rank: str, suit: str, w: float, h: float) -> None:
    """One half of the figure in a box w × h, its bottom edge on the card's middle line."""
    robe = ROBES[suit_colour(suit)]
    hair = _HAIR[rank]
    line = max(w * 0.012, 0.4)
    hx, hy, hr = w / 2, h * 0.52, min(w * 0.18, h * 0.165)        # the head
    neck = h * 0.34                                              # where the robe meets the neck
    if rank == "Q":                                              # long hair behind the head
        pen.style(hair, INK, line)
        low = neck - h * 0.06
        pen.path([("M", hx - hr * 1.2, low),
                  ("C", hx - hr * 1.5, hy + hr * 1.3, hx + hr * 1.5, hy + hr * 1.3, hx + hr * 1.2, low), ("Z",)])
    pen.style(robe, INK, line)                                   # shoulders and robe
    pen.path([("M", w * 0.04, 0), ("L", w * 0.06, h * 0.16),
              ("C", w * 0.08, neck - h * 0.04, w * 0.2, neck, hx - hr * 0.7, neck),
              ("L", hx + hr * 0.7, neck), ("C", w * 0.8, neck, w * 0.92, neck - h * 0.04, w * 0.94, h * 0.16),
              ("L", w * 0.96, 0), ("Z",)])
    pen.style(mix(GOLD, WHITE, 0.75), INK, line)                 # the tunic in the neckline
    pen.polygon([(hx - hr * 0.75, neck), (hx + hr * 0.75, neck), (hx, h * 0.06)])
    pen.style(GOLD, INK, line)                                   # the gold trim of the neckline
    for side in (-1, 1):
        pen.polygon([(hx + side * hr * 0.75, neck), (hx + side * hr * 1.15, neck), (hx, 0),
                     (hx, h * 0.06)])
    pen.style(SKIN, INK, line)                                   # neck and head
    pen.rect(hx - hr * 0.32, neck - hr * 0.2, hr * 0.64, hy - neck, r=hr * 0.1)
    pen.ellipse(hx, hy, hr * 0.86, hr)
    if rank == "K":                                              # a beard round the chin
        pen.style(hair, INK, line)
        pen.path([("M", hx - hr * 0.86, hy), ("C", hx - hr * 0.9, hy - hr * 1.5, hx + hr * 0.9, hy - hr * 1.5,
                                               hx + hr * 0.86, hy),
                  ("C", hx + hr * 0.5, hy - hr * 0.55, hx - hr * 0.5, hy - hr * 0.55, hx - hr * 0.86, hy), ("Z",)])
    pen.style(INK)                                               # eyes, nose, mouth
    for side in (-1, 1):
        pen.circle(hx + side * hr * 0.34, hy + hr * 0.12, hr * 0.09)
    pen.style(None, INK, line)
    pen.polyline([(hx, hy + hr * 0.05), (hx - hr * 0.1, hy - hr * 0.25), (hx + hr * 0.02, hy - hr * 0.27)])
    pen.style(None, RED if rank == "Q" else INK, line * 1.4)
    pen.line(hx - hr * 0.2, hy - hr * 0.5, hx + hr * 0.2, hy - hr * 0.5)
    if rank != "Q":                                              # short hair over the brow
        pen.style(hair, INK, line)
        pen.path([("M", hx - hr * 0.9, hy + hr * 0.2), ("C", hx - hr * 0.9, hy + hr * 1.0, hx + hr * 0.9,
                                                        hy + hr * 1.0, hx + hr * 0.9, hy + hr * 0.2),
                  ("C", hx + hr * 0.5, hy + hr * 0.55, hx - hr * 0.5, hy + hr * 0.55, hx - hr * 0.9, hy + hr * 0.2),
                  ("Z",)])
    size = hr * 2.1                                              # the headwear, on the head
    with pen.saved():
        pen.translate(hx - size / 2, hy + hr * 0.6)
        pen.scale(size / 100)
        _HEADWEAR[rank](pen)
    m = min(w * 0.1, h * 0.1)                                    # a medallion with the suit sign
    pen.style(GOLD, INK, line)
    pen.circle(w * 0.24, h * 0.15, m)
    pen.style(WHITE)
    pen.circle(w * 0.24, h * 0.15, m * 0.78)
    draw_suit(pen, suit, w * 0.24, h * 0.15, m * 0.55)


def draw_court(pen: Pen, rank: str, suit: str, x: float, y: float, w: float, h: float) -> None:
    """The framed double-ended figure of ``rank`` (J, Q, K) of ``suit`` in the box (x, y, w, h)."""
    ground = mix(suit_colour(suit), WHITE, 0.9)
    pen.style(ground, suit_colour(suit), max(w * 0.02, 0.6))
    pen.rect(x, y, w, h, r=w * 0.04)
    with pen.saved():
        pen.clip_rect(x, y, w, h)
        for turned in (False, True):
            with pen.saved():
                if turned:
                    pen.translate(x + w, y + h / 2)
                    pen.rotate(180)
                else:
                    pen.translate(x, y + h / 2)
                _bust(pen, rank, suit, w, h / 2)
    pen.style(None, suit_colour(suit), max(w * 0.012, 0.4))
    pen.line(x, y + h / 2, x + w, y + h / 2)
    pen.rect(x, y, w, h, r=w * 0.04)
    for (px, py, turned) in ((x + w * 0.86, y + h * 0.93, False), (x + w * 0.14, y + h * 0.07, True)):
        draw_suit(pen, suit, px, py, min(w, h) * 0.06, turned)
