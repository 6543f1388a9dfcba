"""Gutterfold: each card's front and its back on one side of one sheet, for one-sided printers.

The sheet is printed on one side, folded in two along the dashed fold line (printed side
out), glued, then cut through both layers at the crop marks.

Geometry, checked with a paper model. Folding over a vertical line at ``x = F`` lays the
point ``(F + d, y)`` behind ``(F − d, y)``: the back of a front whose trim is ``[x, x + w]``
is printed at ``[2F − x − w, 2F − x]``, the same height. It is drawn upright, not mirrored:
the fold turns the right half over left to right, so a card turned over the same way (as one
turns a book's page) shows its back the right way up: what a long-edge duplex flip of a
portrait sheet does. A horizontal fold (fronts above, backs below) mirrors rows instead,
``y_back = 2F − y − h``: the back is upright when the card is turned over top to bottom (a
short-edge flip of a portrait sheet).

The fold runs through the middle of the card block, ``bleed + GUTTER_CLEAR`` from the nearest
cut on either side: the fold is on bare paper, never on the art or a cut. The fold (vertical or
horizontal), the orientation and the spacing are those that hold the most cards (ties: a
vertical fold, then a gap between cards, then portrait). A back offset is for duplex printers
and does not apply: nothing shifts between the halves of one side.

A board or a sheet is not folded: with ``layout: gutterfold`` (a one-sided printer) its back
prints *apart* (:func:`apart`), a single-sided page of its own after its front, laid out as for
its duplex flip, to print on the reverse of the front's sheet or to glue on; its file is simplex.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cardspec.model import MM, Component
from .imposition import Imposition, NoFit, Slot, fit_count

__all__ = ["GUTTER_CLEAR", "Gutterfold", "apart", "folds", "impose_gutterfold"]

GUTTER_CLEAR = 2.5 * MM        # bare paper between the fold and the art (bleed edge) on each side
FOLD_DASH = 2.0                # pt drawn, pt left blank, along the fold line


def folds(comp: Component) -> bool:
    """Whether ``comp`` prints gutterfold: a deck with a back that asks for it and prints its
    backs (``duplex`` not off). Boards and sheets print their backs :func:`apart` instead."""
    ps = comp.print
    return comp.kind == "deck" and comp.back is not None and ps.layout == "gutterfold" and ps.duplex != "off"


def apart(comp: Component) -> bool:
    """Whether ``comp``'s back prints apart: a board or sheet with a back it prints (``duplex``
    not off) laid out for a one-sided printer (``layout: gutterfold``): front and back are each a
    single-sided page, the back to print on the reverse of the front's sheet or to glue on."""
    ps = comp.print
    return comp.kind != "deck" and comp.back is not None and ps.layout == "gutterfold" and ps.duplex != "off"


@dataclass(frozen=True)
class Gutterfold:
    """The fronts' grid on one half of the page, its backs mirrored about the fold line."""

    fronts: Imposition
    fold: str               # "x": a vertical fold line at x = at; "y": a horizontal one at y = at
    at: float

    @property
    def page(self) -> tuple[float, float]:
        return self.fronts.page

    @property
    def per_sheet(self) -> int:
        return self.fronts.per_sheet

    @property
    def gap(self) -> float:
        return self.fronts.gap

    def slots(self, count: int | None = None) -> list[Slot]:
        return self.fronts.slots(count)

    def back_slots(self, count: int | None = None) -> list[Slot]:
        """The back of each front slot, in the same order: its mirror about the fold line."""
        F, out = self.at, []
        for s in self.slots(count):
            ax0, ay0, ax1, ay1 = s.art
            if self.fold == "x":
                out.append(Slot(2 * F - s.x - s.w, s.y, s.w, s.h, (2 * F - ax1, ay0, 2 * F - ax0, ay1)))
            else:
                out.append(Slot(s.x, 2 * F - s.y - s.h, s.w, s.h, (ax0, 2 * F - ay1, ax1, 2 * F - ay0)))
        return out

    def fold_line(self) -> tuple[float, float, float, float]:
        """The fold line across the block of cards and their bleed: x0, y0, x1, y1."""
        x0, y0, x1, y1 = self.fronts.bleed_block()
        return (self.at, y0, self.at, y1) if self.fold == "x" else (x0, self.at, x1, self.at)


def impose_gutterfold(paper: tuple[float, float], card: tuple[float, float], bleed: float, margin: float,
                      orientation: str = "auto", spacing: str = "auto", foot: float = 0.0) -> Gutterfold:
    """The gutterfold layout that holds the most cards (see the module docstring), centred on
    the paper less its margins and, under the cards and their bleed, ``foot`` for the sheet's
    label (the room it needs on two lines: these layouts fill the paper)."""
    pw, ph = sorted(paper)
    orients = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    spacings = ["bleed", "butt"] if spacing == "auto" else [spacing]
    gutter = bleed + GUTTER_CLEAR               # from the fold to the nearest cut
    best = None
    for fold in ("x", "y"):
        for sp in spacings:
            gap = 2 * bleed if sp == "bleed" else 0.0
            for o in orients:
                W, H = (pw, ph) if o == "portrait" else (ph, pw)
                area = (margin + bleed, max(margin, foot) + bleed, W - margin - bleed, H - margin - bleed)
                width, height = area[2] - area[0], area[3] - area[1]
                cols = fit_count(width / 2 - gutter if fold == "x" else width, card[0], gap)
                rows = fit_count(height if fold == "x" else height / 2 - gutter, card[1], gap)
                if cols * rows and (best is None or cols * rows > best[0]):
                    best = (cols * rows, fold, (W, H), area, gap, cols, rows)
    if best is None:
        raise NoFit(f"a {card[0] / MM:.1f} × {card[1] / MM:.1f} mm card with {bleed / MM:.1f} mm bleed does not fit "
                    f"twice (front and back, {2 * gutter / MM:.1f} mm apart) on {pw / MM:.0f} × {ph / MM:.0f} mm "
                    f"paper with {margin / MM:.1f} mm margins and the sheet's label")
    _, fold, page, (x0, y0, x1, y1), gap, cols, rows = best
    bw, bh = cols * card[0] + (cols - 1) * gap, rows * card[1] + (rows - 1) * gap
    if fold == "x":                              # fronts on the left half
        at = (x0 + x1) / 2
        origin = (at - gutter - bw, (y0 + y1 - bh) / 2)
    else:                                        # fronts on the top half
        at = (y0 + y1) / 2
        origin = ((x0 + x1 - bw) / 2, at + gutter)
    return Gutterfold(Imposition(page, card, bleed, gap, cols, rows, origin), fold, at)
