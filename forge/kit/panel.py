"""Panels: a whole page with a heading and wrapped text, for boards and single sheets."""
from __future__ import annotations

from .art.pen import TOP, Pen, mix
from .label import page_label
from .registry import CardBox, Param, layout

__all__ = ["draw_panel"]

INK = "#2b2118"


@layout(
    "panel", kinds=("board", "sheet"),
    heading=Param("text", help="the page's heading"),
    text=Param("text", "", help="text under the heading, wrapped"),
    colour=Param("colour", "#f4ecd8", help="the background"),
)
def draw_panel(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """Background edge to edge, a frame inside the margin, a heading and wrapped text, shrunk
    to fit inside the frame over the sheet's label (text that cannot fit stops the build)."""
    w, h, m = card.w, card.h, card.safe
    pen.style(p["colour"])
    pen.rect(0, 0, w, h)
    pen.style(None, mix(p["colour"], INK, 0.5), 1.5)
    pen.rect(m, m, w - 2 * m, h - 2 * m, r=m / 2)
    size = min(w, h) * 0.07
    pen.style(INK)
    pen.fit_text(w / 2, h - m - size * 1.4, p["heading"], size, w - 4 * m, font="serif")
    top = h - m - size * 2.6 + size * 0.4 * TOP          # the first baseline 2.6 headings down
    bottom = page_label(pen, card, 2 * m, 1.5 * m, w - 2 * m, top - 1.5 * m, p) + 0.5 * m
    body, lines = pen.fit_lines(p["text"], size * 0.4, w - 4 * m, top - bottom, leading=1.35)
    pen.style(INK)
    pen.draw_lines(2 * m, top, lines, body, leading=1.35, anchor="start")
