"""A score track for trait markers: a 297 × 155 mm sheet printed on both sides.

Front (``track``)
-----------------
* **The track** fills the lower part of the sheet: spaces 1 … length−1 laid as a snake
  (boustrophedon) in an even number of rows, so the last space comes back beside the
  start. For the default length of 120 that is 4 rows of 30 places (119 spaces and, at the
  end of the top row, the way back into the start). Each space is a rounded square about
  8 mm wide: the width left over once the start box and the turns are taken from the
  printable width (7.8 mm spaces at an 8.4 mm pitch, rows 10.4 mm apart, with an 8 mm
  margin; 8.0 mm at a 5 mm margin), numbered in 8 pt. Every 5th space
  is tinted with a bold number; every 10th is dark with a light bold number and a thicker
  outline. A tan ribbon runs behind the spaces and turns round at the row ends, with an
  arrow at each turn, one from the start into space 1 and one from the last space back
  into the start.
* **Space 0 is the start box**, at the left end as tall as the whole track: the ``start``
  label, a large 0 and five marker places, one ringed disc per trait with its symbol.
* **The first generation** sits in the upper right: three card places at true poker size
  (63 × 88 mm) side by side, 10 mm apart, under the ``first_generation`` label, set at
  the right end of a rule over the three (clear of where the sheet is cut). With an
  8 mm margin the sheet has room for them at full height above the track (139 mm printable:
  about 41 mm of track, a 4 mm gap, 88 mm of card and a 5 mm label). On a smaller sheet or
  with a wider margin the places are cut off at the bottom rather than shrunk.
* **The upper left column** holds the ``title``, a legend of the generation rows (a
  small pyramid of card rectangles: 3, 4, 5, 6, 7 places for generations 1–5, headed by
  the ``generation`` word) and, just above the last space, the ``lap`` line.

The track length is the ``length`` parameter (120 by default): a child in generation g
moves each of its symbols' markers g points, so a marker can pass the last space; the
``lap`` line says what to do then. Row count and space size follow from the length.

Where a cut may go: :func:`track_keep` gives the x-ranges a cut across the sheet must not
cross (every column of spaces, the start box and turns, the left column, the heading), for
:mod:`.track_print`, which cuts the sheet between them (and between the back's,
:func:`.track_back.track_back_keep`) to print it in pieces.

The snake's geometry is in :mod:`.track_snake`, the back (``track_back``) in
:mod:`.track_back`, and how the sheet is printed (whole, or in pieces on A4 and Letter) in
:mod:`.track_print` (where the cuts go: :mod:`.track_cuts`).
"""
from __future__ import annotations

from dataclasses import dataclass

from .art.pen import Pen, mix
from .art.traits import TRAIT_COLOURS, draw_trait
from .registry import CardBox, Param, layout
from .track_snake import GAP_X, TURN, Grid, arc, plan_grid, snake_cells, turn_x

__all__ = ["draw_track", "track_keep", "plan_front", "Front", "draw_title", "wrap_fit", "GENERATION_SIZES"]

MM = 72 / 25.4
CARD_W, CARD_H = 63 * MM, 88 * MM
CARD_GAP = 10 * MM       # between the first generation's card places
TRAITS = ("ears", "glasses", "nose", "lips", "lock")
#: places per generation: 3 cards in generation 1, then g + 2 descendants in generation g
GENERATION_SIZES = (3, 4, 5, 6, 7)

PAPER = "#f4e8d2"        # the sheet
LIGHT = "#fcf7ee"        # plain spaces, panels
INK = "#3b2a20"          # text and outlines
SOFT = mix(INK, PAPER, 0.55)
RIBBON = "#d5b08a"       # the band behind the track
FIVE = "#ebcd9d"         # every 5th space
TEN = "#7a4a2e"          # every 10th space, the start box
ACCENT = "#6d2f3e"       # title and headings (a wine red, far from the lips' red)

START_W = 18 * MM        # the start box
EDGE = 0.8               # points: half the widest outline, kept inside the safe margin


# -- the track ---------------------------------------------------------------------

def _chevron(pen: Pen, x: float, y: float, size: float, angle: float) -> None:
    """A notched arrowhead centred on (x, y) pointing at ``angle`` degrees."""
    with pen.saved():
        pen.translate(x, y)
        pen.rotate(angle)
        pen.polygon([(size * 0.5, 0), (-size * 0.45, size * 0.5), (-size * 0.2, 0),
                     (-size * 0.45, -size * 0.5)])


def _draw_ribbon(pen: Pen, g: Grid, length: int, start_edge: float) -> None:
    """The band behind the spaces, its turns, and the arrows showing the way."""
    cmds: list[tuple] = [("M", start_edge - 2, g.cy(0))]
    last_row = g.rows - 1
    for row in range(g.rows):
        side = 1 if row % 2 == 0 else -1
        if row == last_row:
            if side < 0:
                cmds.append(("L", start_edge - 2, g.cy(row)))
            else:
                last_col = (length - 2) % g.cols
                cmds.append(("L", g.cx(last_col), g.cy(row)))
            break
        xe = turn_x(g, side)
        cmds.append(("L", xe, g.cy(row)))
        cmds += arc(xe, g.cy(row), g.cy(row + 1), side)
    pen.style(None, RIBBON, g.band)
    pen.path(cmds)
    # arrows: out of the start, at every turn, back into the start
    pen.style(TEN)
    size = min(g.band * 0.5, TURN * 0.8)
    _chevron(pen, (start_edge + g.left) / 2, g.cy(0), size, 0)
    for row in range(last_row):
        side = 1 if row % 2 == 0 else -1
        x = g.right + TURN * 0.42 if side > 0 else g.left - TURN * 0.42
        _chevron(pen, x, (g.cy(row) + g.cy(row + 1)) / 2, size, 90)
    if last_row % 2 == 1:
        _chevron(pen, (start_edge + g.left) / 2, g.cy(last_row), size, 180)


def _draw_space(pen: Pen, n: int, x: float, y: float, s: float) -> None:
    """One numbered space with its lower-left corner at (x, y)."""
    size = s * 0.37
    if n % 10 == 0:
        pen.style(TEN, INK, 1.5)
        ink, font = LIGHT, "bold"
    elif n % 5 == 0:
        pen.style(FIVE, INK, 0.9)
        ink, font = INK, "bold"
    else:
        pen.style(LIGHT, SOFT, 0.5)
        ink, font = INK, "sans"
    pen.rect(x, y, s, s, r=s * 0.2)
    pen.style(ink)
    pen.fit_text(x + s / 2, y + s / 2 - size * 0.36, str(n), size, s * 0.86, font=font)


def _draw_start(pen: Pen, x: float, y: float, w: float, h: float, label: str) -> None:
    """Space 0: the start box with its label, a big 0 and a ringed place per marker."""
    pen.style(TEN, INK, 1.5)
    pen.rect(x, y, w, h, r=2.2 * MM)
    pen.style(LIGHT)
    top = y + h - 2.2 * MM
    label_size = pen.fit_text(x + w / 2, top - 7, label, 8, w - 2 * MM, font="bold", min_size=5)
    zero = min(w * 0.32, 12)
    pen.text(x + w / 2, y + 2 * MM, "0", zero, font="bold", anchor="middle")
    # five places in a 2-1-2 pattern between the label and the 0
    area_top = top - label_size - 1.2 * MM
    area_bottom = y + 2 * MM + zero * 0.8 + 1.2 * MM
    step_y = (area_top - area_bottom) / 3
    r = min(step_y * 0.4, w * 0.165)
    cx, dx = x + w / 2, w * 0.235
    spots = [(cx - dx, 2.5), (cx + dx, 2.5), (cx, 1.5), (cx - dx, 0.5), (cx + dx, 0.5)]
    for trait, (px, k) in zip(TRAITS, spots):
        py = area_bottom + k * step_y
        pen.style(TRAIT_COLOURS[trait], LIGHT, 0.8)
        pen.circle(px, py, r * 1.2)
        draw_trait(pen, trait, px, py, r)


def _draw_card_places(pen: Pen, x: float, top: float, bottom: float, gap: float, label: str) -> None:
    """Three true-size card places hanging from ``top``; cut off at ``bottom`` if need be."""
    label_size = 10.0
    block_w = 3 * CARD_W + 2 * gap
    card_top = top - label_size * 1.45
    if label:
        used, left = _heading(pen, x, label)
        right = left + pen.text_width(label, used, "bold")
        pen.style(ACCENT)
        pen.text(left, top - label_size * 0.85, label, used, font="bold")
        pen.style(None, mix(ACCENT, PAPER, 0.4), 0.8)
        mid_y = top - label_size * 0.85 + used * 0.33
        for x0, x1 in ((x + 2 * MM, left - 3 * MM), (right + 3 * MM, x + block_w - 2 * MM)):
            if x1 > x0:
                pen.line(x0, mid_y, x1, mid_y)
    card_h = min(CARD_H, card_top - bottom)
    with pen.saved():
        pen.clip_rect(x - 2, card_top - card_h, block_w + 4, card_h + 2)
        for i in range(3):
            cx = x + i * (CARD_W + gap)
            _draw_card_place(pen, cx, card_top - CARD_H)


def _heading(pen: Pen, x: float, label: str) -> tuple[float, float]:
    """The first generation's heading over the card places from ``x``: its size (10 pt, shrunk
    to the block less 20 mm, not under 6 pt) and its left end, ending 2 mm short of the block's
    right edge (clear of the ways between the card places where the sheet may be cut)."""
    block_w = 3 * CARD_W + 2 * CARD_GAP
    size = pen.fit_size(label, 10.0, block_w - 20 * MM, "bold", min_size=6)
    return size, x + block_w - 2 * MM - pen.text_width(label, size, "bold")


def _draw_card_place(pen: Pen, x: float, y: float) -> None:
    """An empty poker card place: a light outline with a faint bust and a number strip."""
    pen.style(mix(LIGHT, PAPER, 0.35), mix(INK, PAPER, 0.45), 0.9)
    pen.rect(x, y, CARD_W, CARD_H, r=3 * MM)
    inner = mix(LIGHT, PAPER, 0.6)
    pen.style(None, mix(INK, PAPER, 0.75), 0.5)
    pen.rect(x + 2.5 * MM, y + 2.5 * MM, CARD_W - 5 * MM, CARD_H - 5 * MM, r=2 * MM)
    # a faint head-and-shoulders, the portrait's place
    bust = mix(PAPER, INK, 0.13)
    cx, cy = x + CARD_W / 2, y + CARD_H * 0.52
    pen.style(bust)
    pen.circle(cx, cy + 9 * MM, 9 * MM)
    pen.path([("M", cx - 20 * MM, cy - 22 * MM),
              ("C", cx - 20 * MM, cy - 6 * MM, cx - 10 * MM, cy - 2 * MM, cx, cy - 2 * MM),
              ("C", cx + 10 * MM, cy - 2 * MM, cx + 20 * MM, cy - 6 * MM, cx + 20 * MM, cy - 22 * MM),
              ("Z",)])
    # where a portrait's three trait symbols run down the left side
    pen.style(inner, mix(INK, PAPER, 0.7), 0.5)
    for k in range(3):
        pen.circle(x + 8 * MM, y + CARD_H - 11 * MM - k * 11 * MM, 3.6 * MM)


def _draw_generations(pen: Pen, x: float, y: float, w: float, h: float, word: str) -> None:
    """A panel with the generation word and one row of small card places per generation."""
    pen.style(LIGHT, mix(INK, PAPER, 0.55), 0.8)
    pen.rect(x, y, w, h, r=2.5 * MM)
    pad = 2.5 * MM
    head = 9.0
    pen.style(ACCENT)
    head = pen.fit_text(x + w / 2, y + h - pad - head * 0.8, word, head, w - 2 * pad, font="bold", min_size=5)
    rows_top = y + h - pad - head * 1.35
    pitch = (rows_top - (y + pad)) / len(GENERATION_SIZES)
    ch = min(pitch * 0.8, 8 * MM)
    cw = ch * CARD_W / CARD_H
    cgap = cw * 0.28
    most = max(GENERATION_SIZES)
    label_w = 7 * MM
    room = w - 2 * pad - 2 * label_w
    if most * cw + (most - 1) * cgap > room:
        cw = room / (most + (most - 1) * 0.28)
        ch, cgap = cw * CARD_H / CARD_W, cw * 0.28
    size = min(ch * 0.62, 8.5)
    for g, count in enumerate(GENERATION_SIZES, 1):
        cy = rows_top - (g - 0.5) * pitch
        pen.style(INK)
        pen.text(x + pad + label_w / 2, cy - size * 0.36, str(g), size, font="bold", anchor="middle")
        pen.style(SOFT)
        pen.text(x + w - pad - label_w / 2, cy - size * 0.36, f"×{count}", size * 0.9, anchor="middle")
        row_w = count * cw + (count - 1) * cgap
        left = x + w / 2 - row_w / 2
        for i in range(count):
            if g == 1:
                pen.style(ACCENT, INK, 0.6)
            else:
                pen.style(LIGHT, mix(INK, PAPER, 0.35), 0.6)
            pen.rect(left + i * (cw + cgap), cy - ch / 2, cw, ch, r=cw * 0.14)
        if g > 1:
            pen.style(None, mix(INK, PAPER, 0.7), 0.4)
            prev = rows_top - (g - 1.5) * pitch - ch / 2
            pen.line(x + w / 2, prev, x + w / 2, cy + ch / 2)


def draw_title(pen: Pen, x: float, top: float, text: str, max_w: float, size: float = 22.0) -> float:
    """The title, left-aligned under ``top``, shrunk to ``max_w`` (not under 8 pt); return
    the rule's height under it."""
    size = pen.fit_size(text, size, max_w, "serif", min_size=8.0)
    pen.style(ACCENT)
    baseline = top - size * 0.95
    pen.text(x, baseline, text, size, font="serif")
    return baseline - size * 0.4


def _loop_icon(pen: Pen, x: float, y: float, r: float) -> None:
    """A small circular arrow: go round again."""
    pen.style(None, ACCENT, r * 0.35)
    k = 0.5523 * r
    pen.path([("M", x + r, y), ("C", x + r, y + k, x + k, y + r, x, y + r),
              ("C", x - k, y + r, x - r, y + k, x - r, y),
              ("C", x - r, y - k, x - k, y - r, x, y - r)])
    pen.style(ACCENT)
    pen.polygon([(x - r * 0.2, y - r * 1.55), (x + r * 0.7, y - r), (x - r * 0.2, y - r * 0.45)])


def wrap_fit(pen: Pen, text: str, size: float, width: float, height: float, max_lines: int,
              font: str = "sans", leading: float = 1.25, min_size: float = 5.0) -> tuple[float, list[str]]:
    """The largest size ≤ ``size`` at which ``text`` wraps to at most ``max_lines`` lines
    fitting ``width`` × ``height``, wrapped as evenly as that number of lines allows (no
    lone last word). Raises DoesNotFit."""
    size, lines = pen.fit_lines(text, size, width, height, font, leading, min_size, max_lines)
    lo, hi = width / max(1, len(lines)), width
    for _ in range(12):                       # the narrowest width giving as few lines
        mid = (lo + hi) / 2
        if len(pen.wrap(text, size, mid, font)) <= len(lines):
            hi = mid
        else:
            lo = mid
    return size, pen.wrap(text, size, hi, font)


@dataclass(frozen=True)
class Front:
    """Where the front's parts go, in points from the sheet's lower-left corner."""

    m: float             # the safe margin and half the widest outline: nothing drawn nearer the edge
    length: int          # spaces 0 … length − 1
    grid: Grid           # the snake of spaces 1 … length − 1
    cards_x: float       # the left edge of the first generation's three card places
    upper: float         # the upper part (card places, legend, lap line) stands on this line
    col_w: float         # the left column's width, from m


def plan_front(card: CardBox, p: dict) -> Front:
    """Where :func:`draw_track` puts the track, the card places and the left column."""
    w, h, m = card.w, card.h, card.safe + EDGE
    length = max(10, int(round(float(p["length"]))))
    cells_x0 = m + START_W + 1.5 * MM + TURN
    cells_x1 = w - m - TURN
    grid = plan_grid(length, cells_x0, cells_x1, m + 0.7 * MM, (h - 2 * m) * 0.34)
    cards_x = w - m - (3 * CARD_W + 2 * CARD_GAP)
    return Front(m, length, grid, cards_x, grid.top + 4 * MM, cards_x - 6 * MM - m)


@layout(
    "track", kinds=("board",),
    title=Param("text", "", help="the game's name (default: the spec's title)", from_spec="title"),
    start=Param("text", "Départ", help="the start box's label"),
    generation=Param("text", "Génération", help="the word for a generation, heading the row sizes"),
    first_generation=Param("text", "1re génération : 3 cartes",
                           help="the label over the three places for the first generation"),
    lap=Param("text", "Au-delà de 119 : repartez de 0 et retenez 120",
              help="what to do past the last space, printed near it"),
    length=Param("number", 120, help="spaces on the track, numbered 0 … length − 1", range=(10, 250)),
    pieces=Param("number", 1, range=(1, 6),
                 help="how the sheet prints: 1, whole on a page of its own with bleed and crop marks; "
                      "2 or more, cut into that many pieces on A4 or Letter between the spaces, each "
                      "glued on the previous one's tab"),
    assemble=Param("text", "", help="how to join the pieces, printed above them"),
)
def draw_track(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """The score track (snake of numbered spaces, start box with the five marker places),
    the first generation's three card places, the generation sizes, title and lap line."""
    w, h = card.w, card.h
    f = plan_front(card, p)
    m, grid = f.m, f.grid
    pen.style(PAPER)
    pen.rect(-card.bleed, -card.bleed, w + 2 * card.bleed, h + 2 * card.bleed)
    # the track, lower part
    start_edge = m + START_W
    _draw_ribbon(pen, grid, f.length, start_edge)
    _draw_start(pen, m, grid.bottom, START_W, grid.top - grid.bottom, p["start"])
    for n, row, col in snake_cells(f.length, grid.rows):
        _draw_space(pen, n, grid.x0 + col * grid.px + GAP_X / 2, grid.y0 + row * grid.py, grid.s)
    # the first generation, upper right
    _draw_card_places(pen, f.cards_x, h - m, f.upper, CARD_GAP, p["first_generation"])
    # the left column: title, generation sizes, lap line
    col_x, col_w, upper = m, f.col_w, f.upper
    rule_y = draw_title(pen, col_x, h - m, p["title"], col_w)
    pen.style(None, mix(ACCENT, PAPER, 0.4), 0.8)
    pen.line(col_x, rule_y, col_x + col_w, rule_y)
    lap_size, lap_lines = wrap_fit(pen, p["lap"], 8.0, col_w - 7 * MM, pen.block_height(3, 8.0, 1.25), 3)
    lap_h = pen.block_height(len(lap_lines), lap_size, 1.25)
    if lap_lines:
        _loop_icon(pen, col_x + 2.6 * MM, upper + lap_h / 2, 1.9 * MM)
    pen.style(INK)
    pen.draw_lines(col_x + 6 * MM, upper + lap_h, lap_lines, lap_size, 1.25, anchor="start")
    legend_top = rule_y - 4 * MM
    legend_bottom = upper + lap_h + 4 * MM
    _draw_generations(pen, col_x, legend_bottom, col_w, legend_top - legend_bottom, p["generation"])


def track_keep(pen: Pen, card: CardBox, p: dict) -> list[tuple[float, float]]:
    """The x-ranges of the front that a cut across the sheet must not cross (kit/track_print.py
    cuts between them): the start box and the turns at either end of the track, every column
    of spaces (their outlines included), the left column (title, generation sizes, lap line)
    and the first generation's heading, 1 mm either side. The card places may be cut."""
    f = plan_front(card, p)
    g = f.grid
    keep = [(f.m, g.left), (g.right, card.w - f.m), (f.m, f.m + f.col_w)]
    keep += [(g.x0 + col * g.px + GAP_X / 2 - EDGE, g.x0 + (col + 1) * g.px - GAP_X / 2 + EDGE)
             for col in range(g.cols)]
    if p["first_generation"]:
        size, x0 = _heading(pen, f.cards_x, p["first_generation"])
        keep.append((x0 - 1 * MM, x0 + pen.text_width(p["first_generation"], size, "bold") + 1 * MM))
    return keep
