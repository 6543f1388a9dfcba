"""Vote cards: one set per player, told apart by colour *and* by a symbol.

The option (A, B, C, or the Score card's word) is drawn large in the middle; the player's
symbol is repeated as a light pattern over the face and drawn solid in the corners, so
sets stay distinct in greyscale and for colour-blind players. In ink-saver mode (kit/inks.py)
the ground is left out and the corner symbols and set numbers are printed in the player's
colour, darkened as need be to read on white.
"""
from __future__ import annotations

from .art.pen import Pen, mix
from .art.symbols import draw_symbol
from .inks import readable
from .registry import CardBox, Param, layout

__all__ = ["draw_vote"]

WHITE = "#ffffff"
INK = "#222222"


@layout(
    "vote", kinds=("deck",),
    option=Param("text", help="what the card votes for: A, B, C or the Score card's word"),
    colour=Param("colour", help="the player's colour"),
    symbol=Param("symbol", help="the player's symbol (circle, square, triangle, diamond, star, hexagon, "
                               "cross, heart, moon, drop)"),
    player=Param("text", "", help="the set's number, printed small"),
    note=Param("text", "", help="a line under the option (e.g. what the Score card does)"),
)
def draw_vote(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = p["colour"]
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    # the pattern: the player's symbol on a staggered grid, a shade lighter than the ground
    pen.style(mix(colour, WHITE, 0.22))
    step = max(w / 5, 1.0)                  # (never 0: a degenerate card must not loop)
    row = 0
    y = -b
    while y < h + b + step:
        x = -b + (step / 2 if row % 2 else 0)
        while x < w + b + step:
            draw_symbol(pen, p["symbol"], x, y, step * 0.22)
            x += step
        y += step * 0.9
        row += 1
    # the white panel with the option
    pw, ph = w - 2 * safe - w * 0.08, h * 0.5
    px, py = (w - pw) / 2, h * 0.25
    pen.style(WHITE, mix(colour, INK, 0.4), 2.0)
    pen.rect(px, py, pw, ph, r=w * 0.08)
    pen.style(mix(colour, INK, 0.45))
    option = p["option"]
    size = ph * 0.62 if len(option) <= 2 else ph * 0.28
    pen.fit_text(w / 2, py + ph / 2 - size * 0.36, option, size, pw * 0.86, font="bold")
    if p["note"]:                                   # under the option, in the panel
        pen.style(INK)
        top, bottom = py + ph / 2 - size * 0.62, py + ph * 0.1
        note, lines = pen.fit_lines(p["note"], w * 0.052, pw * 0.9, top - bottom, leading=1.25)
        pen.draw_lines(w / 2, (top + bottom + pen.block_height(len(lines), note, 1.25)) / 2, lines, note, 1.25)
    # corner symbols in white with a dark rim, and the set number (in ink-saver mode, where the
    # ground is left out, both in the player's colour)
    r = w * 0.075
    for cx, cy in ((safe + r, h - safe - r), (w - safe - r, safe + r)):
        pen.style(WHITE, mix(colour, INK, 0.5), 1.2, saver=readable(colour))
        draw_symbol(pen, p["symbol"], cx, cy, r)
    if p["player"]:
        pen.style(WHITE, saver=readable(colour))
        pen.fit_text(w - safe - r, h - safe - r * 1.35, p["player"], r * 1.6, r * 2.4, font="bold")
        pen.fit_text(safe + r, safe + r * 0.45, p["player"], r * 1.6, r * 2.4, font="bold")
