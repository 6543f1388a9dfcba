"""Imposition: where cards go on a sheet, front and back, and where the crop marks go.

Pure geometry, in points, origin at the bottom-left of the page.

* Cards are set in a grid centred on the page. Between two cards there is either a
  gap of two bleeds (each card keeps its full bleed) or no gap at all (cards butt and
  share one cut line); ``spacing: auto`` picks whichever fits more cards, preferring
  the gap on a tie.
* The backs of a duplex sheet mirror the fronts: turning the sheet over its *long*
  edge mirrors the axis along that edge (columns on a portrait page,
  ``x_back = W − x − w``; rows on a landscape page); turning it over the *short* edge
  mirrors the other axis. The back offset ``(dx, dy)`` then shifts every back.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cardspec.model import MM

__all__ = ["Slot", "Imposition", "impose", "fit_count", "mirror_axis", "NoFit"]

MARK_GAP = 0.0           # from the bleed edge to the start of a crop mark: a print shop's mark offset (the bleed)
MARK_LENGTH = 4 * MM     # longest crop mark
MARK_MIN = 1.5 * MM      # shorter than this, marks are left out (too short to lay a ruler on)


class NoFit(ValueError):
    """The card does not fit on the paper with the requested settings."""


@dataclass(frozen=True)
class Slot:
    """A card's trim rectangle and the rectangle its art may fill (trim + allowed bleed)."""

    x: float
    y: float
    w: float
    h: float
    art: tuple[float, float, float, float]    # x0, y0, x1, y1


@dataclass(frozen=True)
class Imposition:
    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    gap: float
    cols: int
    rows: int
    origin: tuple[float, float]               # bottom-left of the trim block

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page[0] > self.page[1]

    def trim_block(self) -> tuple[float, float, float, float]:
        x0, y0 = self.origin
        cw, ch = self.card
        return (x0, y0, x0 + self.cols * cw + (self.cols - 1) * self.gap,
                y0 + self.rows * ch + (self.rows - 1) * self.gap)

    def bleed_block(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_block()
        b = self.bleed
        return x0 - b, y0 - b, x1 + b, y1 + b

    def slots(self, count: int | None = None) -> list[Slot]:
        """The first ``count`` front slots (all by default) in reading order: left to right,
        top row first. A card keeps its full bleed on every side without a neighbour."""
        x0, y0 = self.origin
        cw, ch = self.card
        n = self.per_sheet if count is None else min(count, self.per_sheet)
        inner = min(self.bleed, self.gap / 2)       # bleed kept between neighbours
        out = []
        for i in range(n):
            r, c = divmod(i, self.cols)
            x = x0 + c * (cw + self.gap)
            y = y0 + (self.rows - 1 - r) * (ch + self.gap)
            left = self.bleed if c == 0 else inner
            right = self.bleed if c == self.cols - 1 or i + 1 >= n else inner
            bottom = self.bleed if r == self.rows - 1 or i + self.cols >= n else inner
            top = self.bleed if r == 0 else inner
            out.append(Slot(x, y, cw, ch, (x - left, y - bottom, x + cw + right, y + ch + top)))
        return out

    def back_slots(self, flip: str, offset: tuple[float, float] = (0.0, 0.0),
                   count: int | None = None) -> list[Slot]:
        """Back slots, one per front slot in the same order (see the module docstring)."""
        W, H = self.page
        dx, dy = offset
        axis = mirror_axis(flip, self.landscape)
        out = []
        for s in self.slots(count):
            ax0, ay0, ax1, ay1 = s.art
            if axis == "x":
                x, y = W - s.x - s.w, s.y
                art = (W - ax1, ay0, W - ax0, ay1)
            else:
                x, y = s.x, H - s.y - s.h
                art = (ax0, H - ay1, ax1, H - ay0)
            out.append(Slot(x + dx, y + dy, s.w, s.h, (art[0] + dx, art[1] + dy, art[2] + dx, art[3] + dy)))
        return out

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """Distinct x of vertical cuts and y of horizontal cuts (front side)."""
        xs, ys = set(), set()
        for s in self.slots():
            xs.update((round(s.x, 4), round(s.x + s.w, 4)))
            ys.update((round(s.y, 4), round(s.y + s.h, 4)))
        return sorted(xs), sorted(ys)


def mirror_axis(flip: str, landscape: bool) -> str:
    """Which coordinate a duplex flip mirrors: ``"x"`` (columns) or ``"y"`` (rows)."""
    long_edge_vertical = not landscape
    if flip == "long-edge":
        return "x" if long_edge_vertical else "y"
    return "y" if long_edge_vertical else "x"


def fit_count(avail: float, size: float, gap: float) -> int:
    """How many cards ``size`` long fit in a row ``avail`` long, ``gap`` apart."""
    return max(0, int((avail + gap + 1e-6) // (size + gap)))


def impose(paper: tuple[float, float], card: tuple[float, float], bleed: float, margin: float,
           orientation: str = "auto", spacing: str = "auto", foot: float = 0.0,
           count: int | None = None) -> Imposition:
    """The grid that fits the most cards, centred, with ``foot`` free between one edge of the
    page and the cards' bleed for the sheet's label; ties prefer a gap, then portrait.

    When the centred block leaves no band ``foot`` wide, the block moves towards the opposite
    edge (down to the margin) to make one; when even that leaves none, a row or a column
    less. So a card size imposes on any paper it fits, with its label.

    A deck of ``count`` cards that fills less than one sheet gets the grid just big enough for
    it (as many columns as fit, up to ``count``, and the rows they need), centred the same way:
    five small markers sit in the middle of their page, not in a corner of a grid of fifty."""
    pw, ph = sorted(paper)
    pages = {"portrait": (pw, ph), "landscape": (ph, pw)}
    orients = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    gaps = {"bleed": 2 * bleed, "butt": 0.0}
    spacings = ["bleed", "butt"] if spacing == "auto" else [spacing]
    best = None
    for o in orients:
        W, H = pages[o]
        for sp in spacings:
            gap = gaps[sp]
            cols = fit_count(W - 2 * (margin + bleed), card[0], gap)
            rows = fit_count(H - 2 * (margin + bleed), card[1], gap)
            for c, r in sorted({(cols, rows), (cols, rows - 1), (cols - 1, rows)}, key=lambda cr: -cr[0] * cr[1]):
                origin = _origin((W, H), card, gap, bleed, margin, foot, c, r) if c > 0 and r > 0 else None
                if origin is not None:
                    if best is None or c * r > best.per_sheet:
                        best = Imposition((W, H), card, bleed, gap, c, r, origin)
                    break
    if best is None:
        raise NoFit(_no_fit(pw, ph, card, bleed, margin, foot))
    if count is not None and 0 < count < best.per_sheet:
        cols = min(best.cols, count)
        rows = -(-count // cols)
        origin = _origin(best.page, card, best.gap, bleed, margin, foot, cols, rows)
        best = Imposition(best.page, card, bleed, best.gap, cols, rows, origin)
    return best


def _origin(page, card, gap, bleed, margin, foot, cols, rows) -> tuple[float, float] | None:
    """The trim block's bottom-left corner: centred, or moved to free ``foot`` at the bottom
    (or at the left); None when the label has no band."""
    (W, H), (cw, ch) = page, card
    bw, bh = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
    spare_x, spare_y = W - bw - 2 * bleed, H - bh - 2 * bleed
    centred = ((W - bw) / 2, (H - bh) / 2)
    if foot <= 0 or max(spare_x, spare_y) / 2 >= foot - 1e-6:
        return centred
    if spare_y >= foot + margin - 1e-6:
        return centred[0], foot + bleed
    if spare_x >= foot + margin - 1e-6:
        return foot + bleed, centred[1]
    return None


def _no_fit(pw: float, ph: float, card: tuple[float, float], bleed: float, margin: float, foot: float) -> str:
    """Why a card does not fit, and the largest card that would."""
    room_w, room_h = pw - 2 * (margin + bleed), ph - 2 * (margin + bleed)
    label = max(0.0, foot - margin)                 # the label's band takes this from one side more
    largest = max(((room_w, room_h - label), (room_w - label, room_h)), key=lambda s: min(s))
    said = (f"a {card[0] / MM:.1f} × {card[1] / MM:.1f} mm card with {bleed / MM:.1f} mm bleed does not fit on "
            f"{pw / MM:.1f} × {ph / MM:.1f} mm paper with {margin / MM:.1f} mm margins"
            + (" and the sheet's label" if foot else ""))
    if min(largest) <= 0:
        return said
    return said + f"; the largest card that fits is {largest[0] / MM:.1f} × {largest[1] / MM:.1f} mm"
