"""Styled text set in a box: the runs of :mod:`forge.cardspec.markup` measured, wrapped, fitted
and drawn with a :class:`~.art.pen.Pen`.

Words are measured once, at 1 pt (the bundled fonts' widths grow with the size, and an icon
is as wide as the line is tall), so a size search wraps the same words at each size it
tries. A word may mix styles (``**Brew:**``) and icons (``{coin}3``); a line never starts with
``: ; ! ?`` or ``»`` (the rule of :meth:`~.art.pen.Pen.wrap`). Text is never cut short: what
fits at no size down to the minimum raises :class:`~.art.pen.DoesNotFit`, as plain text does.

An icon is a square :data:`ICON` × the size tall, centred on the line's middle: one of forge's
emblems (its own colours), a symbol (in the text's colour) or an image of the project's
(``icons:`` in the spec), as wide as its proportions make it.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

from ..cardspec.markup import Run, plain_text
from ..errors import excerpt
from .art.emblems import EMBLEMS, draw_emblem
from .art.pen import DEPTH, TOP, Pen, largest_size
from .art.symbols import draw_symbol
from .registry import DoesNotFit

__all__ = ["Piece", "Setter", "ICON"]

#: an inline icon's height, in sizes
ICON = 0.95
_SPACE = re.compile(r"(\s+)")
_GLUED_AFTER = ":;!?»"
_MM = 72 / 25.4


@dataclass(frozen=True)
class Piece:
    """What is drawn in one go: text in one font and colour, or an icon; ``width`` at 1 pt."""

    text: str
    font: str
    colour: str
    width: float
    icon: str = ""


class Setter:
    """The runs of one text, measured for ``pen`` in the faces of ``family`` ((bold, italic) →
    the kit's font: forge.cardspec.styled) and ``colour``; ``images`` are the project's icon
    images (name → (ImageInfo, PdfImage))."""

    def __init__(self, pen: Pen, runs: Sequence[Run], family: dict, colour: str, images: dict | None = None):
        self.pen, self.family, self.colour, self.images = pen, family, colour, images or {}
        self.font = family[False, False]
        self.runs = tuple(runs)
        self.paragraphs = self._words()

    # -- measuring ---------------------------------------------------------------------------
    def _words(self) -> list[list[tuple[float, list[Piece]]]]:
        """Per paragraph, its words: (the width at 1 pt of the space before it, its pieces)."""
        paragraphs: list[list[tuple[float, list[Piece]]]] = [[]]
        word: list[Piece] = []
        space = 0.0
        for run in self.runs:
            if run.br:
                self._end(paragraphs[-1], space, word)
                paragraphs.append([])
                word, space = [], 0.0
                continue
            if run.icon:
                word.append(self._icon(run))
                continue
            font = self.family.get((run.bold, run.italic), self.font)
            colour = run.colour or self.colour
            for chunk in _SPACE.split(run.text):
                if not chunk:
                    continue
                if chunk.isspace():
                    if word:
                        self._end(paragraphs[-1], space, word)
                        word = []
                        space = self.pen.text_width(" ", 1.0, font)
                    continue
                word.append(Piece(chunk, font, colour, self.pen.text_width(chunk, 1.0, font)))
        self._end(paragraphs[-1], space, word)
        return paragraphs

    def _end(self, paragraph: list, space: float, word: list[Piece]) -> None:
        """Add ``word`` to ``paragraph``; a word starting with : ; ! ? » (or following «) joins
        the word before it, the space between kept."""
        if not word:
            return
        if paragraph and (word[0].text[:1] in _GLUED_AFTER or _text_of(paragraph[-1][1]) == "«"):
            before, pieces = paragraph[-1]
            joint = Piece(" ", pieces[-1].font, pieces[-1].colour, space)
            paragraph[-1] = (before, pieces + [joint] + word)
        else:
            paragraph.append((space if paragraph else 0.0, word))

    def _icon(self, run: Run) -> Piece:
        wide = ICON
        if run.icon in self.images:
            info = self.images[run.icon][0]
            wide = ICON * info.width / info.height
        return Piece("", self.font, run.colour or self.colour, wide, run.icon)

    # -- wrapping and fitting ----------------------------------------------------------------
    def lines(self, width: float) -> list[list[tuple[float, list[Piece]]]]:
        """Greedy wrap at 1 pt into lines at most ``width`` (at 1 pt) wide; a word wider than
        that stands alone on its line."""
        out = []
        for paragraph in self.paragraphs:
            line: list[tuple[float, list[Piece]]] = []
            used = 0.0
            for space, pieces in paragraph:
                w = sum(p.width for p in pieces)
                if line and used + space + w > width:
                    out.append(line)
                    line, used = [(0.0, pieces)], w
                else:
                    line.append((space if line else 0.0, pieces))
                    used += (space if len(line) > 1 else 0.0) + w
            out.append(line)
        return out

    @staticmethod
    def line_width(line) -> float:
        """A line's width at 1 pt."""
        return sum(space + sum(p.width for p in pieces) for space, pieces in line)

    def fit(self, size: float, width: float, height: float, leading: float, min_size: float,
            wrap: bool) -> tuple[float, list]:
        """The largest size ≤ ``size`` (not under ``min_size``) and its lines: wrapped to the
        box (``wrap``), or one line per paragraph shrunk to the width. Raises DoesNotFit."""
        if not wrap:
            lines = self.lines(math.inf)
            widest = max((self.line_width(line) for line in lines), default=0.0)
            fitted = min(size, width / widest) if widest > 0 and width > 0 else (size if widest == 0 else 0.0)
            if fitted >= min_size * (1 - 1e-9) and size >= min_size:
                return fitted, lines
            raise DoesNotFit(f"the text {self._said()} is {_mm(widest * min_size)} mm wide at {min_size:g} pt, "
                             f"wider than its {_mm(max(0.0, width))} mm box")

        def fits(sz: float) -> bool:
            lines = self.lines(width / sz)
            return (width > 0 and Pen.block_height(len(lines), sz, leading) <= height
                    and all(self.line_width(line) * sz <= width for line in lines))

        best = largest_size(fits, size, min_size)
        if best is None:
            raise DoesNotFit(self._why(size, min_size, width, height, leading))
        return best, self.lines(width / best)

    def _said(self) -> str:
        return excerpt(plain_text(self.runs))

    def _why(self, size: float, min_size: float, width: float, height: float, leading: float) -> str:
        if size < min_size:
            return (f"the text {self._said()} would be set at {size:.2f} pt, under the {min_size:g} pt minimum "
                    "(too little room on the card)")
        box = f"{_mm(max(0.0, width))} × {_mm(max(0.0, height))} mm box"
        if width <= 0 or height <= 0:
            return f"the text {self._said()} has no room (its {box})"
        words = [pieces for paragraph in self.paragraphs for _, pieces in paragraph]
        widest = max(words, key=lambda pieces: sum(p.width for p in pieces))
        if sum(p.width for p in widest) * min_size > width:
            return (f"the word {excerpt(_text_of(widest))} is {_mm(sum(p.width for p in widest) * min_size)} mm "
                    f"wide at {min_size:g} pt, wider than its {_mm(width)} mm box")
        held = max(0, math.floor((height / min_size - TOP - DEPTH) / leading + 1e-9) + 1)
        return (f"the text {self._said()} takes {len(self.lines(width / min_size))} lines at {min_size:g} pt, "
                f"its {box} holds {held}")

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, x: float, baseline: float, lines: list, size: float, leading: float, share: float) -> None:
        """Draw ``lines`` at ``size``, the first line's baseline at ``baseline``; ``share`` of
        each line's width lies left of ``x`` (0 start, 0.5 middle, 1 end)."""
        y = baseline
        for line in lines:
            at = x - share * self.line_width(line) * size
            for piece in _merged(line):
                if piece.icon:
                    self._draw_icon(piece, at, y, size)
                elif piece.text.strip():
                    if (self.pen.fill, self.pen.stroke) != (piece.colour, None):
                        self.pen.style(piece.colour)
                    text = piece.text.lstrip(" ")      # a leading space as an offset (SVG text drops it)
                    lead = self.pen.text_width(piece.text[:len(piece.text) - len(text)], size, piece.font)
                    self.pen.text(at + lead, y, text, size, piece.font, "start")
                at += piece.width * size
            y -= size * leading

    def _draw_icon(self, piece: Piece, x: float, baseline: float, size: float) -> None:
        side = ICON * size
        bottom = baseline + (TOP - DEPTH) / 2 * size - side / 2
        if piece.icon in self.images:
            self.pen.image(self.images[piece.icon][1], x, bottom, piece.width * size, side)
        elif piece.icon in EMBLEMS:
            draw_emblem(self.pen, piece.icon, x, bottom, side)
        else:
            self.pen.style(piece.colour)
            draw_symbol(self.pen, piece.icon, x + side / 2, bottom + side / 2, side / 2)


def _text_of(pieces: list[Piece]) -> str:
    return "".join(p.text for p in pieces)


def _merged(line) -> list[Piece]:
    """A line's pieces, its spaces included, neighbours of one font and colour joined (one
    string drawn for each)."""
    out: list[Piece] = []
    for space, pieces in line:
        if space and out:
            last = out[-1]
            if last.icon:
                out.append(Piece(" ", last.font, last.colour, space))
            else:                          # the space ends the text before it: one string drawn
                out[-1] = Piece(last.text + " ", last.font, last.colour, last.width + space)
        for piece in pieces:
            last = out[-1] if out else None
            if last and not last.icon and not piece.icon and (last.font, last.colour) == (piece.font, piece.colour):
                out[-1] = Piece(last.text + piece.text, last.font, last.colour, last.width + piece.width)
            else:
                out.append(piece)
    return out


def _mm(points: float) -> str:
    return f"{points / _MM:.1f}"
