"""Portrait cards: a procedural face, a gender border and the trait strip.

The three trait symbols run down the card's left edge, in the top part, so they stay
visible when another card covers this one shifted to the right (a marriage) or down
(the next generation). The border is blue for men and pink for women. Each card also
carries an invisible tag, ``<game> card 17 f lips lips lock`` (``<game>`` the spec's game
id), which tools (and the tests) read back from the PDF.
"""
from __future__ import annotations

from .art.faces import draw_face, features
from .art.pen import Pen, mix
from .art.traits import TRAITS, draw_trait
from .registry import CardBox, Param, layout

__all__ = ["draw_portrait", "BORDERS"]

BORDERS = {"m": "#2f6fd0", "f": "#e0609b"}
INK = "#1d1b19"


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
    for i, trait in enumerate(traits):
        draw_trait(pen, trait, cx, h - inner - r * 1.1 - i * r * 2.35, r)
    pen.style("#ffffff")
    pen.fit_text(cx, inner + r * 0.2, str(number), r * 0.8, strip * 0.8, font="bold")
    pen.tag(px + 2, py + 2, f"{p['game']} card {number} {gender} {' '.join(traits)}")
