"""Numbered cards: a rank drawn large, corner indices, an emblem, a title and a caption.

For any deck of ranked cards. The face is coloured to the bleed; text stays inside the safe
zone. The caption takes as many lines as the room under the title holds, shrinking if need
be; text that cannot fit stops the build.
"""
from __future__ import annotations

from .art.emblems import draw_emblem
from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_numbered", "corner_index", "reads_turned"]

WHITE = "#ffffff"
INK = "#2b2118"
_TURNED = str.maketrans("69", "96")


def reads_turned(value: str) -> bool:
    """A rank that reads as another one upside down: 6 and 9 (and 60, 68, 96…), which
    the corner indices underline, as playing cards do."""
    return value.isdigit() and set(value) <= set("0689") and value[::-1].translate(_TURNED) != value


def corner_index(pen: Pen, card: CardBox, value: str, colour: str, emblem: str) -> None:
    """The rank (and a small emblem) in the top-left corner, and turned in the bottom-right,
    so a fanned hand shows it; underlined when it reads as another rank upside down. The
    rank stays inside the safe zone: a wide one (10, 11, 12) moves its column in from the
    corner rather than cross the safe line."""
    size = min(card.w, card.h) * 0.12
    used = pen.fit_size(value, size, size * 1.5, "bold")
    width = pen.text_width(value, used, "bold")
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(card.w, card.h)
                pen.rotate(180)
            x = card.safe + max(size * 0.55, width / 2)
            top = card.h - card.safe
            pen.style(mix(colour, INK, 0.35))
            pen.text(x, top - size * 0.95, value, used, font="bold", anchor="middle")
            if reads_turned(value):
                pen.rect(x - width / 2, top - size * 0.95 - used * 0.15, width, used * 0.07)
            if emblem:
                draw_emblem(pen, emblem, x - size * 0.42, top - size * 2.05, size * 0.84)   # clear of an underline


@layout(
    "numbered", kinds=("deck",),
    value=Param("text", help="the rank, drawn large"),
    title=Param("text", "", help="the card's name"),
    caption=Param("text", "", help="a line under the title (e.g. how many exist)"),
    colour=Param("colour", "#5c6bc0", help="the card's colour"),
    emblem=Param("emblem", "", help="an emblem drawn in the middle"),
)
def draw_numbered(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A ranked card: big rank, emblem in a medallion, title and caption."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = p["colour"]
    pale, dark = mix(colour, WHITE, 0.82), mix(colour, INK, 0.35)
    # background and frame, the background running into the bleed
    pen.style(pale)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(None, colour, 2.2)
    pen.rect(safe * 0.6, safe * 0.6, w - 1.2 * safe, h - 1.2 * safe, r=safe * 0.8)
    corner_index(pen, card, p["value"], colour, p["emblem"])
    # the rank, large, over the medallion
    cx = w / 2
    big = min(w * 0.34, h * 0.2)
    pen.style(dark)
    pen.fit_text(cx, h * 0.73, p["value"], big, w * 0.5, font="bold")
    # medallion with the emblem
    r = w * 0.27
    cy = h * 0.5
    pen.style(mix(colour, WHITE, 0.55), colour, 2.0)
    pen.circle(cx, cy, r)
    if p["emblem"]:
        draw_emblem(pen, p["emblem"], cx - r * 0.72, cy - r * 0.72, r * 1.44)
    # title and caption
    text_w = w - 2 * safe - 4
    pen.style(INK)
    title_size = pen.fit_text(cx, h * 0.24, p["title"], w * 0.085, text_w, font="serif")
    if p["caption"]:
        # under the title down to the safe edge, between the corner indices
        corner = min(w, h) * 0.12 * 1.2
        top = h * 0.24 - title_size * 0.35
        size, lines = pen.fit_lines(p["caption"], min(title_size * 0.62, w * 0.05),
                                    w - 2 * (safe + corner), top - safe, leading=1.2)
        pen.style(mix(colour, INK, 0.6))
        pen.draw_lines(cx, top, lines, size, leading=1.2)
