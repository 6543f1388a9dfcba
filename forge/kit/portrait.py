"""Portrait cards: a procedural face, a gender border and the trait strip.

The three trait symbols run down the card's left edge, in the top part, so they stay
visible when another card covers this one shifted to the right (a marriage) or down
(the next generation). The border is blue for men and pink for women. In ink-saver mode,
where the border is left out (kit/inks.py), a band in the same colour between the traits
and the portrait, and the sign ♂ or ♀ under the traits, show the sex instead (the sign also
in greyscale). Each card also carries an invisible tag, ``<game> card 17 f lips lips lock``
(``<game>`` the spec's game id), which tools (and the tests) read back from the PDF.
"""
from __future__ import annotations

import math

from .art.faces import draw_face, features
from .art.pen import Pen, mix
from .art.traits import TRAITS, draw_trait
from .inks import readable
from .registry import CardBox, Param, layout

__all__ = ["draw_portrait", "BORDERS"]

BORDERS = {"m": "#2f6fd0", "f": "#e0609b"}
INK = "#1d1b19"
BAND = 1.2          # pt between the traits and the ink-saver's sex band
KAPPA = 0.5523      # a quarter circle as one cubic Bézier


def _circle(cx: float, cy: float, r: float, turn: int) -> list:
    """A circle as four Béziers from its rightmost point, anticlockwise (``turn`` 1) or
    clockwise (-1)."""
    cmds = [("M", cx + r, cy)]
    for i in range(4):
        a0, a1 = math.radians(90 * i * turn), math.radians(90 * (i + 1) * turn)
        k = KAPPA * r * turn
        cmds.append(("C", cx + r * math.cos(a0) - k * math.sin(a0), cy + r * math.sin(a0) + k * math.cos(a0),
                     cx + r * math.cos(a1) + k * math.sin(a1), cy + r * math.sin(a1) - k * math.cos(a1),
                     cx + r * math.cos(a1), cy + r * math.sin(a1)))
    return cmds + [("Z",)]


def _sex_sign(pen: Pen, gender: str, cx: float, cy: float, r: float) -> None:
    """♂ (a ring with an arrow up and right) or ♀ (a ring over a cross) within ``r`` of
    (cx, cy), filled in the pen's style."""
    ring, t = r * 0.42, r * 0.16
    rc = (cx - r * 0.2, cy - r * 0.2) if gender == "m" else (cx, cy + r * 0.3)
    pen.path(_circle(*rc, ring, 1) + _circle(*rc, ring - t, -1))       # a ring: two circles, opposite ways
    if gender == "m":                                  # the arrow, along the diagonal up and right
        tip = ring + r * 0.86
        shaft = [(ring - t / 2, -t / 2), (tip - r * 0.3, -t / 2), (tip - r * 0.3, t / 2), (ring - t / 2, t / 2)]
        for shape in (shaft, [(tip, 0), (tip - r * 0.34, r * 0.22), (tip - r * 0.34, -r * 0.22)]):
            pen.polygon([(rc[0] + (x - y) * 0.7071, rc[1] + (x + y) * 0.7071) for x, y in shape])
    else:
        pen.rect(rc[0] - t / 2, rc[1] - ring - r * 0.6, t, r * 0.6 + t / 2)
        pen.rect(rc[0] - r * 0.28, rc[1] - ring - r * 0.34, r * 0.56, t)


@layout(
    "portrait", kinds=("deck",),
    card=Param("number", help="the card's number (1–70): it seeds the face", range=(0, 9999)),
    game=Param("text", "", help="the game's id (default: the spec's): it seeds the faces and starts the tag",
               from_spec="game"),
    gender=Param("text", help="m or f", choices=tuple(BORDERS)),
    trait1=Param("text", help="first trait symbol: ears, glasses, nose, lips or lock", choices=tuple(TRAITS)),
    trait2=Param("text", help="second trait symbol", choices=tuple(TRAITS)),
    trait3=Param("text", help="third trait symbol", choices=tuple(TRAITS)),
)
def draw_portrait(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    gender = p["gender"]
    traits = [p["trait1"], p["trait2"], p["trait3"]]
    number = int(p["card"])
    border = BORDERS[gender]
    pen.style(border)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    # the strip of symbols on the left, the portrait beside it
    strip = w * 0.24
    inner = safe * 0.75
    px, py, pw, ph = strip, inner, w - strip - inner, h - 2 * inner
    with pen.saved():
        draw_face(pen, features(p["game"], number, gender, traits), px, py, pw, ph)
    pen.style(None, mix(border, INK, 0.45), 1.2)
    pen.rect(px, py, pw, ph, r=safe * 0.5)
    r = strip * 0.36
    cx = strip / 2 + inner * 0.15
    band = px - (cx + r) - BAND                       # from the traits to the frame
    pen.style(None, saver=readable(border))          # ink-saver: the sex band and sign (the ground is left out)
    pen.rect(px - band, py, band + 0.6, ph, r=band / 2)
    _sex_sign(pen, gender, cx, h - inner - r * 1.1 - 3 * r * 2.35, r)
    for i, trait in enumerate(traits):
        draw_trait(pen, trait, cx, h - inner - r * 1.1 - i * r * 2.35, r)
    pen.style("#ffffff")
    pen.fit_text(cx, inner + r * 0.2, str(number), r * 0.8, strip * 0.8, font="bold")
    pen.tag(px + 2, py + 2, f"{p['game']} card {number} {gender} {' '.join(traits)}")
