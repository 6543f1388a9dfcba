"""Zone boards: a page of card places, each outlined, named and explained, for a game played
with piles of cards in front of each player and in the middle of the table.

``zone_board`` draws the zones given one per line in ``zones``::

    name | gloss | hint | cards

- *name* (required), bold in the zone's header band, and *gloss* (may be empty), a few
  smaller words after it (e.g. the English sense of a French name);
- *hint*, wrapped inside the card place (a card laid there covers it);
- *cards* (may be omitted), a small picture of what lies there, one letter a card:
  ``x`` face down, ``b`` a black card, ``r`` a red card.

Every zone is 70 × 97 mm: the header band over a dashed card place a little larger than a
poker card (63.5 × 88.9 mm). Zones fill a grid of ``columns`` columns, row by row. The
page also carries the ``heading`` (with ``badge`` in a disc of the board's ``colour``), the
game's ``title``, a seating ``plan`` (five boards round the table, this one, ``seat``,
filled in: 0 the centre, 1–4 the players clockwise from the bottom), a ``note`` and the
sheet's label (game, component, side, sheet n/N and "print at 100 %", see kit/label.py).
When the page has room under the grid (one row of zones on a landscape page), these go
above and below it; otherwise in a column on the left of the grid. Everything stays inside the margin; text that cannot fit stops the
build.
"""
from __future__ import annotations

import math

from .art.pen import Pen, mix
from .art.pips import draw_suit
from .label import page_label
from .registry import CardBox, DoesNotFit, Param, layout

__all__ = ["draw_zone_board", "parse_zones", "ZONE_W", "ZONE_H"]

MM = 72 / 25.4
ZONE_W, ZONE_H = 70 * MM, 97 * MM
SLOT_W, SLOT_H = 65 * MM, 90.5 * MM      # the card place: a poker card with 0.75 mm round it
BAND = 5 * MM
GAP = 4 * MM
EDGE = 1.0                                # points: strokes stay inside the margin
INK = "#26211f"
SOFT = "#6d6560"
PAPER = "#ffffff"
CARD_RED, CARD_BLACK = "#c0182b", "#1b1c20"
LABEL_H = 20 * MM                         # the most the sheet's label may take, wrapped


def parse_zones(text: str) -> list[tuple[str, str, str, str]]:
    """``name | gloss | hint | cards`` lines → (name, gloss, hint, cards); raises DoesNotFit."""
    zones = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split("|")] + ["", "", ""]
        if not parts[0] or len(parts) > 7:
            raise DoesNotFit(f"a zone is written 'name | gloss | hint | cards', got {line[:60]!r}")
        if set(parts[3]) - set("xbr"):
            raise DoesNotFit(f"the cards of zone {parts[0]!r} are letters x, b or r, got {parts[3]!r}")
        zones.append(tuple(parts[:4]))
    if not zones:
        raise DoesNotFit("a zone board needs at least one zone")
    return zones


def _mini_cards(pen: Pen, cx: float, y: float, cards: str, h: float) -> None:
    """Small cards side by side, overlapping, centred on cx, bottom at y."""
    w = h * 0.7
    step = w * 0.62
    left = cx - (w + step * (len(cards) - 1)) / 2
    for i, kind in enumerate(cards):
        x = left + i * step
        if kind == "x":
            pen.style(mix(SOFT, PAPER, 0.55), SOFT, 0.6)
            pen.rect(x, y, w, h, r=w * 0.12)
            pen.style(None, PAPER, 0.6)
            pen.rect(x + w * 0.15, y + h * 0.12, w * 0.7, h * 0.76, r=w * 0.08)
        else:
            pen.style(PAPER, SOFT, 0.6)
            pen.rect(x, y, w, h, r=w * 0.12)
            draw_suit(pen, "♥" if kind == "r" else "♠", x + w / 2, y + h / 2, w * 0.28)


def _dashed_rect(pen: Pen, x: float, y: float, w: float, h: float) -> None:
    for x0, y0, x1, y1 in ((x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h), (x, y + h, x, y)):
        pen.dashed(x0, y0, x1, y1, dash=2.2 * MM)


def _zone(pen: Pen, x: float, y: float, zone: tuple[str, str, str, str], colour: str) -> None:
    """One zone with its lower-left corner at (x, y)."""
    name, gloss, hint, cards = zone
    pen.style(mix(colour, PAPER, 0.95), colour, 1.4)
    pen.rect(x, y, ZONE_W, ZONE_H, r=3 * MM)
    with pen.saved():                                  # the header band: the outline's top, tinted
        pen.clip_rect(x, y + ZONE_H - BAND, ZONE_W, BAND)
        pen.style(mix(colour, PAPER, 0.78))
        pen.rect(x + 0.7, y + 0.7, ZONE_W - 1.4, ZONE_H - 1.4, r=3 * MM - 0.7)
    # the name (and gloss) on one line, shrunk together if need be
    room = ZONE_W - 4 * MM
    big, small = 10.5, 7.5
    sep = "  " if gloss else ""
    label_w = pen.text_width(name, big, "bold") + pen.text_width(sep + gloss, small)
    k = min(1.0, room / label_w)
    if big * k < 5:
        raise DoesNotFit(f"the zone name {name!r} and its gloss do not fit the zone's {room / MM:.0f} mm band")
    baseline = y + ZONE_H - BAND / 2 - big * k * 0.36
    left = x + ZONE_W / 2 - label_w * k / 2
    pen.style(INK)
    pen.text(left, baseline, name, big * k, font="bold")
    if gloss:
        pen.style(SOFT)
        pen.text(left + pen.text_width(name, big * k, "bold"), baseline, sep + gloss, small * k)
    # the card place, the picture of what lies there, the hint
    sx, sy = x + (ZONE_W - SLOT_W) / 2, y + (ZONE_H - BAND - SLOT_H) / 2
    pen.style(None, mix(colour, PAPER, 0.35), 0.8)
    _dashed_rect(pen, sx, sy, SLOT_W, SLOT_H)
    if cards:
        _mini_cards(pen, x + ZONE_W / 2, sy + SLOT_H / 2 + 2 * MM, cards, 14 * MM)
    if hint:
        width, height = SLOT_W - 8 * MM, SLOT_H * 0.45
        size, lines = pen.fit_lines(hint, 8.5, width, height, leading=1.3)
        pen.style(SOFT)
        pen.draw_lines(x + ZONE_W / 2, sy + SLOT_H / 2 - 2 * MM, lines, size, leading=1.3)


def _plan(pen: Pen, cx: float, cy: float, size: float, seat: int, colour: str) -> None:
    """The table seen from above: the centre board and the four players' boards round it,
    numbered clockwise from the bottom, the board ``seat`` filled in its colour."""
    unit = size / 3.4
    boards = [(0, 0, 1.3, 0.95, 0)]                                   # (x, y, w, h, seat)
    for n, (dx, dy) in enumerate(((0, -1), (-1, 0), (0, 1), (1, 0)), 1):
        w, h = (1.3, 0.9) if dy else (0.9, 1.3)
        boards.append((dx * 1.15, dy * 1.0, w, h, n))
    for bx, by, bw, bh, n in boards:
        mine = n == seat
        pen.style(colour if mine else mix(SOFT, PAPER, 0.8), INK if mine else SOFT, 0.8)
        pen.rect(cx + (bx - bw / 2) * unit, cy + (by - bh / 2) * unit, bw * unit, bh * unit, r=unit * 0.08)
        if n:
            pen.style(PAPER if mine else INK)
            pen.text(cx + bx * unit, cy + by * unit - unit * 0.16, str(n), unit * 0.45, font="bold", anchor="middle")
    _turn_arrow(pen, cx, cy, unit * 0.3, PAPER if seat == 0 else SOFT)


def _turn_arrow(pen: Pen, cx: float, cy: float, r: float, colour: str) -> None:
    """Three quarters of a circle with an arrowhead: turns go clockwise."""
    pen.style(None, colour, max(r * 0.16, 0.6))
    pen.polyline([(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                  for a in range(120, -151, -15)])
    tx, ty = cx + r * math.cos(math.radians(-150)), cy + r * math.sin(math.radians(-150))
    ux, uy = math.sin(math.radians(-150)), -math.cos(math.radians(-150))      # the way round, clockwise
    head = r * 0.45
    pen.style(colour)
    pen.polygon([(tx + ux * head, ty + uy * head), (tx - uy * head * 0.6, ty + ux * head * 0.6),
                 (tx + uy * head * 0.6, ty - ux * head * 0.6)])


def _text_block(pen: Pen, x: float, top: float, width: float, height: float, text: str, size: float,
                font: str = "sans", anchor: str = "start", colour: str = INK) -> float:
    """``text`` (paragraphs on new lines) wrapped and shrunk into width × height under
    ``top``; return the bottom of what was drawn."""
    if not text.strip():
        return top
    size, lines = pen.fit_lines(text, size, width, height, font, leading=1.3)
    pen.style(colour)
    return pen.draw_lines(x + (width / 2 if anchor == "middle" else 0), top, lines, size, 1.3, font, anchor)


def _heading(pen: Pen, x: float, top: float, width: float, p: dict) -> float:
    """The badge disc, the heading and the title, centred in ``width``; return the bottom."""
    cx = x + width / 2
    r = min(width * 0.22, 10 * MM)
    if p["badge"]:
        pen.style(p["colour"], INK, 1.0)
        pen.circle(cx, top - r, r)
        pen.style(PAPER)
        pen.fit_text(cx, top - r - r * 0.38, p["badge"], r * 1.1, r * 1.5, font="bold")
        top -= 2 * r + 2 * MM
    top = _text_block(pen, x, top, width, 12 * MM, p["heading"], 16, "bold", "middle")
    if not p["title"]:
        return top
    pen.style(SOFT)
    size = pen.fit_text(cx, top - 1.5 * MM - 11 * 0.93, p["title"], 11, width, font="serif", min_size=7)
    return top - 1.5 * MM - size * 1.2


@layout(
    "zone_board", kinds=("sheet", "board"),
    heading=Param("text", help="the board's name, e.g. the player's"),
    zones=Param("text", help="one zone a line: 'name | gloss | hint | cards' (see forge/kit/board.py)"),
    columns=Param("number", 3, help="zones in a row", range=(1, 6)),
    title=Param("text", "", help="the game's name"),
    colour=Param("colour", "#5a5f66", help="the board's colour"),
    badge=Param("text", "", help="a short mark in a disc by the heading, e.g. the player's number"),
    seat=Param("number", 0, help="the board filled in on the plan: 0 the centre, 1–4 the players", range=(0, 4)),
    plan=Param("text", "", help="the caption of the seating plan (no plan when empty)"),
    note=Param("text", "", help="paragraphs on the free part of the page, separated by new lines"),
)
def draw_zone_board(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A page of zones with its heading, plan, note and label (see the module's docstring)."""
    zones = parse_zones(p["zones"])
    cols = min(int(p["columns"]), len(zones))
    rows = math.ceil(len(zones) / cols)
    m = card.safe + EDGE
    x0, y0, x1, y1 = m, m, card.w - m, card.h - m
    grid_w, grid_h = cols * ZONE_W + (cols - 1) * GAP, rows * ZONE_H + (rows - 1) * GAP
    if grid_w > x1 - x0 or grid_h > y1 - y0:
        raise DoesNotFit(f"{len(zones)} zones in {cols} columns need {grid_w / MM:.0f} × {grid_h / MM:.0f} mm, "
                         f"the page has {(x1 - x0) / MM:.0f} × {(y1 - y0) / MM:.0f} mm inside its margin")
    stacked = (y1 - y0) - grid_h >= 80 * MM
    if stacked:                                        # heading above the grid, the rest below
        gx, gy = (x0 + x1 - grid_w) / 2, y1 - 24 * MM - grid_h
        _heading_line(pen, x0, y1, x1 - x0, p)
        label_top = page_label(pen, card, x0, y0, x1, LABEL_H, p)
        bottom_top = gy - 6 * MM
        plan_size = min(bottom_top - label_top - 4 * MM, 62 * MM) if p["plan"] else 0
        if plan_size:
            _plan_with_caption(pen, gx, bottom_top, plan_size, p)
        nx = gx + (plan_size + 10 * MM if plan_size else 0)
        _text_block(pen, nx, bottom_top, gx + grid_w - nx, bottom_top - label_top - 3 * MM, p["note"], 10)
    else:                                              # a column on the left of the grid
        side = x1 - x0 - grid_w - 6 * MM
        if side < 35 * MM:
            raise DoesNotFit(f"the column beside the zones is {side / MM:.0f} mm wide, under 35 mm")
        gx, gy = x1 - grid_w, (y0 + y1 - grid_h) / 2
        top = _heading(pen, x0, y1, side, p) - 5 * MM
        label_top = page_label(pen, card, x0, y0, x0 + side, LABEL_H, p)
        if p["plan"]:
            plan_size = min(side, 48 * MM)
            top = _plan_with_caption(pen, x0 + (side - plan_size) / 2, top, plan_size, p) - 5 * MM
        _text_block(pen, x0, top, side, top - label_top - 4 * MM, p["note"], 9)
    for i, zone in enumerate(zones):
        row, col = divmod(i, cols)
        _zone(pen, gx + col * (ZONE_W + GAP), gy + grid_h - (row + 1) * ZONE_H - row * GAP, zone, p["colour"])


def _heading_line(pen: Pen, x: float, top: float, width: float, p: dict) -> None:
    """The title and heading side by side across the top of a stacked board."""
    pen.style(p["colour"])
    pen.rect(x, top - 18 * MM, width, 18 * MM, r=3 * MM)
    pen.style(PAPER)
    size = pen.fit_size(p["title"], 20, width * 0.6, "serif", min_size=8)
    pen.text(x + 6 * MM, top - 9 * MM - size * 0.36, p["title"], size, font="serif")
    pen.fit_text(x + width - 6 * MM, top - 9 * MM - 5, p["heading"], 14, width * 0.35, font="bold", anchor="end")


def _plan_with_caption(pen: Pen, x: float, top: float, size: float, p: dict) -> float:
    """The seating plan in a size × size square hanging from ``top``, its caption under it;
    return the caption's bottom."""
    caption_h = 9 * MM
    square = size - caption_h
    _plan(pen, x + size / 2, top - square / 2, square, int(p["seat"]), p["colour"])
    return _text_block(pen, x, top - square - 1 * MM, size, caption_h, p["plan"], 8, anchor="middle", colour=SOFT)
