"""Word cards: one word per face, as large as it fits; and blank cards to write on.

The word is measured, not trusted: :func:`fit_word` picks the largest size at which it
fits the card's text box, on one line, or on two lines broken at a space or after a
hyphen when that reads larger. Below ``MIN_SIZE`` the card would not be legible across
a table, so the layout refuses to draw it (:class:`DoesNotFit`) and the build names the
word's data line.
"""
from __future__ import annotations

from .art.pen import Pen, mix
from .registry import CardBox, DoesNotFit, Param, layout

__all__ = ["draw_word", "draw_blank", "fit_word", "MIN_SIZE", "MAX_SIZE"]

MAX_SIZE = 34.0     # pt: a short word ("chat", "sun")
MIN_SIZE = 13.0     # pt: the smallest size still read from across the table
MIRROR_MIN = 11.0   # pt: the upside-down copy is about half size, but not below this
COMFORT = 22.0      # pt: a word that fits on one line at this size is not broken
WORD_FONT = "bold"
LEADING = 1.15
PAPER = "#fdfaf3"
INK = "#1f2329"


def _breaks(word: str) -> list[tuple[str, str]]:
    """Every way to put ``word`` on two lines: at a space, or after a hyphen (kept)."""
    out = []
    for i, ch in enumerate(word):
        if ch == " ":
            out.append((word[:i], word[i + 1:]))
        elif ch == "-" and 0 < i < len(word) - 1:
            out.append((word[:i + 1], word[i + 1:]))
    return out


def fit_word(pen: Pen, word: str, width: float, height: float,
             max_size: float = MAX_SIZE, min_size: float = MIN_SIZE) -> tuple[float, list[str]]:
    """The largest size (≤ ``max_size``) and the lines at which ``word`` fits ``width`` × ``height``.

    One line is kept when it fits at ``COMFORT`` size or more; otherwise each two-line
    break is tried too and the larger size wins (one line on a tie). Raises :class:`DoesNotFit` when the best is under ``min_size``."""
    def size_of(lines: list[str]) -> float:
        widest = max(pen.text_width(line, 1.0, WORD_FONT) for line in lines)
        return min(max_size, width / widest if widest > 0 else max_size, height / (len(lines) * LEADING))

    best_size, best_lines = size_of([word]), [word]
    if best_size < COMFORT:                     # a word is broken only when it must shrink
        for lines in ([a, b] for a, b in _breaks(word)):
            size = size_of(lines)
            if size > best_size + 0.01:
                best_size, best_lines = size, lines
    if best_size < min_size:
        raise DoesNotFit(f"the word '{word}' fits its card only at {best_size:.1f} pt "
                         f"(expected at least {min_size:g} pt)")
    return best_size, best_lines


def _ground(pen: Pen, card: CardBox, colour: str) -> tuple[float, float, float, float]:
    """Paper with a coloured border bleeding off the edges; returns the inner panel (x, y, w, h)."""
    w, h, b = card.w, card.h, card.bleed
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    inset = card.safe * 0.7
    pen.style(PAPER, mix(colour, INK, 0.35), 1.2)
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, r=inset)
    return inset, inset, w - 2 * inset, h - 2 * inset


@layout("word", kinds=("deck",),
        word=Param("text", help="the word printed on this face"),
        colour=Param("colour", "#3d6fb6", help="the border; fronts and backs may differ"))
def draw_word(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """The word large in the lower half, and again smaller and upside down in the upper half
    for the players across the table; both inside the safe zone."""
    w, h, safe = card.w, card.h, card.safe
    x0, y0, pw, ph = _ground(pen, card, p["colour"])
    word, colour = p["word"], p["colour"]
    box_w = w - 2 * safe - 0.08 * w              # the safe zone, less a margin off the border
    size, lines = fit_word(pen, word, box_w, h * 0.3)
    # a rule across the middle, with the game's three options as dots
    mid = h * 0.56
    pen.style(None, mix(colour, PAPER, 0.45), 0.8)
    pen.line(x0 + pw * 0.12, mid, x0 + pw * 0.38, mid)
    pen.line(x0 + pw * 0.62, mid, x0 + pw * 0.88, mid)
    pen.style(mix(colour, PAPER, 0.2))
    for k in (-1, 0, 1):
        pen.circle(w / 2 + k * pw * 0.08, mid, pw * 0.022)
    pen.style(INK)
    _word_block(pen, w / 2, h * 0.36, lines, size)
    with pen.saved():                            # the same word, upside down, smaller
        pen.translate(w / 2, h * 0.78)
        pen.rotate(180)
        pen.style(mix(colour, INK, 0.55))
        _word_block(pen, 0, 0, lines, min(size, max(size * 0.55, MIRROR_MIN)))


def _word_block(pen: Pen, x: float, y: float, lines: list[str], size: float) -> None:
    """``lines`` centred on (x, y), the middle of their capitals (about 0.73 em tall in
    DejaVu Sans Bold) on ``y``."""
    top = y + size * LEADING * (len(lines) - 1) / 2 - size * 0.36
    for i, line in enumerate(lines):
        pen.text(x, top - i * size * LEADING, line, size, font=WORD_FONT, anchor="middle")


@layout("blank", kinds=("deck",),
        hint=Param("text", "", help="a small line under the write-in area"),
        colour=Param("colour", "#8d99a6", help="the border"))
def draw_blank(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A card of the word deck's look with a ruled write-in area instead of a word."""
    w, h, safe = card.w, card.h, card.safe
    _ground(pen, card, p["colour"])
    area_w, area_h = w - 2 * safe - 0.1 * w, h * 0.4
    x0, y0 = (w - area_w) / 2, (h - area_h) / 2
    pen.style(None, mix(p["colour"], PAPER, 0.2), 0.8)
    for x1, y1, x2, y2 in ((x0, y0, x0 + area_w, y0), (x0, y0 + area_h, x0 + area_w, y0 + area_h),
                           (x0, y0, x0, y0 + area_h), (x0 + area_w, y0, x0 + area_w, y0 + area_h)):
        pen.dashed(x1, y1, x2, y2)
    pen.style(None, mix(p["colour"], PAPER, 0.45), 0.6)
    for k in (1, 2):                                   # two writing lines
        y = y0 + area_h * k / 3
        pen.line(x0 + area_w * 0.08, y, x0 + area_w * 0.92, y)
    if p["hint"]:
        pen.style(mix(p["colour"], INK, 0.5))
        pen.fit_text(w / 2, y0 - 12, p["hint"], 7.5, area_w)
