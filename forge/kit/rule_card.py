"""Rule cards: one added rule a card, its name in a band, its text, and the words it makes a
player say in a speech bubble from a cat, large.

The same layout draws blank rule cards to write on (``lines: true``): the band, the text
and the bubble each get lines to write on where their text is empty. Text is shrunk to fit
its part of the card, not below :data:`MIN_BODY` (:data:`MIN_PHRASE` in the bubble): text that
still does not fit stops the build at the card's row.
"""
from __future__ import annotations

from .art.cat import draw_cat
from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_rule_card", "MIN_BODY", "MIN_PHRASE"]

MIN_BODY = 6.0        # pt: the rule's text
MIN_PHRASE = 8.0      # pt: the words to say, read out at a glance
LEADING = 1.25
PAPER = "#fbf7ee"
INK = "#1f2329"


def _write_lines(pen: Pen, x0: float, x1: float, top: float, bottom: float, gap: float, colour: str) -> None:
    """Lines to write on, ``gap`` apart, from under ``top`` down to ``bottom``."""
    pen.style(None, colour, 0.6)
    y = top - gap
    while y >= bottom - 1e-6 and gap > 0:
        pen.line(x0, y, x1, y)
        y -= gap


def _bubble(pen: Pen, x0: float, y0: float, x1: float, y1: float, tip: tuple[float, float], stroke: str) -> None:
    """A rounded speech bubble with its tail pointing at ``tip``."""
    r = min((y1 - y0) * 0.3, (x1 - x0) * 0.2)
    pen.style("#ffffff", stroke, 1.4)
    pen.rect(x0, y0, x1 - x0, y1 - y0, r=r)
    low = min(y0 + r * 0.8, tip[1] - 2)
    tail = [(x0 + 1.2, low), tip, (x0 + 1.2, max(low + (y1 - y0) * 0.3, tip[1] + 4))]
    pen.polygon(tail)
    pen.style("#ffffff")                                   # hide the bubble's edge under the tail
    pen.polygon([(x0 + 2.2, tail[0][1] + 1.2), (x0 + 2.2, tail[2][1] - 1.2), (tip[0] + 3, tip[1])])


@layout(
    "rule_card", kinds=("deck",),
    title=Param("text", "", help="the rule's name, in the band"),
    text=Param("text", "", help="the rule, wrapped"),
    phrases=Param("text", "", help="what the rule makes a player say, one per line, in a speech bubble"),
    say=Param("text", "", help="a small label in the bubble (e.g. 'Say:')"),
    lines=Param("bool", False, help="lines to write on where the title, text or phrases are empty"),
    tag=Param("text", "", help="invisible text that tools read back from the PDF (e.g. the rule's id)"),
    colour=Param("colour", "#2e6b4f", help="the band and the bubble's outline"),
)
def draw_rule_card(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """Band with the title; the bubble and its cat at the bottom (when there is something to
    say, or lines to write it on); the text centred in the room between."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour, lines = p["colour"], p["lines"]
    faint = mix(colour, PAPER, 0.55)
    pen.style(PAPER)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    band = h * 0.17
    pen.style(colour)
    pen.rect(-b, h - band, w + 2 * b, band + b)
    inner = w - 2 * safe
    if p["title"]:
        size, title = pen.fit_lines(p["title"], band * 0.3, inner, band - safe - band * 0.12, font="bold",
                                    leading=1.1, min_size=MIN_BODY)
        top = h - safe - (band - safe - band * 0.12 - pen.block_height(len(title), size, 1.1)) / 2
        pen.style("#ffffff")
        pen.draw_lines(w / 2, top, title, size, leading=1.1, font="bold")
    elif lines:
        _write_lines(pen, safe, w - safe, h - safe, h - band + band * 0.3, band * 0.45, mix(colour, "#ffffff", 0.6))
    bottom = safe
    if p["phrases"] or lines:
        bottom = _say(pen, card, p, colour) + safe * 0.8
    room = h - band - safe * 0.8 - bottom
    if p["text"]:
        size, text = pen.fit_lines(p["text"], 11.5, inner, room, leading=LEADING, min_size=MIN_BODY)
        pen.style(INK)
        pen.draw_lines(w / 2, bottom + (room + pen.block_height(len(text), size, LEADING)) / 2, text, size,
                       leading=LEADING)
    elif lines:
        _write_lines(pen, safe, w - safe, bottom + room, bottom, min(room / 6, 20.0), faint)
    if p["tag"]:
        pen.tag(safe, h - band, p["tag"])


def _say(pen: Pen, card: CardBox, p: dict, colour: str) -> float:
    """The cat in the bottom-left corner and its bubble, sized to the phrases; the bubble's top."""
    w, h, safe = card.w, card.h, card.safe
    cat = min(w * 0.24, h * 0.18)
    draw_cat(pen, safe - cat * 0.1, safe, cat, "#4cb866", mix(colour, INK, 0.5))
    x0, x1 = safe + cat * 1.0, w - safe
    pad = min(w, h) * 0.04
    label = min(w, h) * 0.045 if p["say"] else 0.0
    width = x1 - x0 - 2 * pad
    if p["phrases"]:
        size, said = pen.fit_lines(p["phrases"], 15.0, width, h * 0.3, font="bold", leading=1.15,
                                   min_size=MIN_PHRASE)
        body = pen.block_height(len(said), size, 1.15)
    else:
        size, said, body = 0.0, [], cat * 0.45
    y0 = safe
    y1 = max(y0 + body + 2 * pad + label * 1.3, safe + cat * 0.9)
    _bubble(pen, x0, y0, x1, y1, (safe + cat * 0.64, safe + cat * 0.56), colour)
    top = y1 - pad
    if label:
        pen.style(mix(colour, INK, 0.3))
        pen.fit_text(x0 + pad, top - label * 0.93, p["say"], label, width, anchor="start")
        top -= label * 1.3
    middle = (top + y0 + pad) / 2
    if said:
        pen.style(INK)
        pen.draw_lines((x0 + x1) / 2, middle + body / 2, said, size, leading=1.15, font="bold")
    else:
        _write_lines(pen, x0 + pad, x1 - pad, top, y0 + pad, max((top - y0 - pad) / 2, 1.0),
                     mix(colour, "#ffffff", 0.4))
    return y1
