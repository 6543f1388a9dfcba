"""The back of the score track (``track_back``): a reference sheet.

The title with the five trait symbols, three columns (a turn's
actions, scoring, end of game) whose paragraphs are wrapped and shrunk together until the
longest column fits, and a strip with the hand penalty for 1 … 7 cards,
n(n+1)/2 = 1, 3, 6, 10, 15, 21, 28, labelled with ``penalty_label`` (``{n}`` the cards,
``{p}`` the points, ``{s}`` an "s" when n > 1). The strip's cells are set so that the two
gutters between the columns run on through it, clear of its labels: where the sheet may be
cut when it is printed in pieces (:func:`track_back_keep` gives the x-ranges a cut must not
cross, for :mod:`.track_print`).

The front, its palette and its text helpers are in :mod:`.track`.
"""
from __future__ import annotations

from ..errors import excerpt
from .art.pen import MIN_SIZE, DoesNotFit, Pen, largest_size, mix
from .art.traits import draw_trait
from .registry import CardBox, Param, layout
from .track import ACCENT, CARD_H, CARD_W, EDGE, INK, LIGHT, MM, PAPER, TRAITS, draw_title, wrap_fit

__all__ = ["draw_track_back", "track_back_keep", "hand_penalty"]

STRIP_H = 24 * MM        # the hand penalty strip along the bottom
PAD = 3 * MM             # inside it
GUTTER = 5 * MM          # between the columns
TRAIT_R = 3.6 * MM       # the trait symbols in the header
TRAITS_W = 5 * 2 * TRAIT_R + 4 * 2 * MM


def hand_penalty(n: int) -> int:
    """Points lost for ``n`` cards left in hand: 1 + 2 + … + n."""
    return n * (n + 1) // 2


def _layout_paras(pen: Pen, paras: list[str], size: float, width: float) -> tuple[list[list[str]], float, float]:
    """Wrap each paragraph beside its bullet; return the lines, the height and the widest line."""
    indent = size * 1.1
    wrapped = [pen.wrap(para, size, width - indent) for para in paras]
    lines = sum(len(w) for w in wrapped)
    height = lines * size * 1.28 + max(0, len(paras) - 1) * size * 0.55
    widest = max((pen.text_width(line, size) for w in wrapped for line in w), default=0) + indent
    return wrapped, height, widest


def _paragraphs(text: str) -> list[str]:
    return [para.strip() for para in text.split("\n") if para.strip()]


def _common_size(pen: Pen, columns: list[list[str]], width: float, height: float, size: float = 10.5) -> float:
    """The largest size ≤ ``size`` at which every column fits its box. Raises DoesNotFit."""
    def fits(sz: float) -> bool:
        return all(hgt <= height and widest <= width
                   for _, hgt, widest in (_layout_paras(pen, paras, sz, width) for paras in columns))

    best = largest_size(fits, size)
    if best is None:
        longest = max(columns, key=lambda paras: _layout_paras(pen, paras, MIN_SIZE, width)[1])
        raise DoesNotFit(f"the column {excerpt(' '.join(longest))} does not fit its "
                         f"{width / MM:.0f} × {height / MM:.0f} mm box even at {MIN_SIZE:g} pt")
    return best


def _draw_column(pen: Pen, x: float, y: float, w: float, h: float, heading: str,
                 paras: list[str], size: float) -> None:
    """A panel with a heading band and bulleted paragraphs."""
    pen.style(LIGHT, mix(INK, PAPER, 0.5), 0.8)
    pen.rect(x, y, w, h, r=2.5 * MM)
    band = 9 * MM
    pen.style(ACCENT)
    pen.path([("M", x, y + h - band), ("L", x, y + h - 2.5 * MM),
              ("C", x, y + h - 1.1 * MM, x + 1.1 * MM, y + h, x + 2.5 * MM, y + h),
              ("L", x + w - 2.5 * MM, y + h),
              ("C", x + w - 1.1 * MM, y + h, x + w, y + h - 1.1 * MM, x + w, y + h - 2.5 * MM),
              ("L", x + w, y + h - band), ("Z",)])
    pen.style(LIGHT)
    pen.fit_text(x + w / 2, y + h - band / 2 - 4, heading, 11.5, w - 6 * MM, font="bold", min_size=6)
    pad = 3.5 * MM
    wrapped, _, _ = _layout_paras(pen, paras, size, w - 2 * pad)
    ty = y + h - band - pad - size * 0.8
    indent = size * 1.1
    for lines in wrapped:
        pen.style(ACCENT)
        d = size * 0.26
        bx, by = x + pad + d, ty + size * 0.33
        pen.polygon([(bx - d, by), (bx, by + d), (bx + d, by), (bx, by - d)])
        pen.style(INK)
        for line in lines:
            pen.text(x + pad + indent, ty, line, size)
            ty -= size * 1.28
        ty -= size * 0.55


def _fan_width(n: int, ch: float) -> float:
    """The width of ``n`` small cards ``ch`` high fanned out."""
    cw = ch * CARD_W / CARD_H
    return cw + (n - 1) * cw * 0.42


def _mini_fan(pen: Pen, cx: float, y: float, n: int, ch: float) -> None:
    """``n`` small cards fanned out, centred on cx, bottom at y."""
    cw = ch * CARD_W / CARD_H
    step = cw * 0.42
    left = cx - _fan_width(n, ch) / 2
    for i in range(n):
        pen.style(LIGHT, INK, 0.5)
        pen.rect(left + i * step, y, cw, ch, r=cw * 0.15)
    pen.style(mix(ACCENT, LIGHT, 0.35))
    pen.rect(left + (n - 1) * step + cw * 0.2, y + ch * 0.2, cw * 0.6, ch * 0.6, r=cw * 0.1)


def _penalty_text(template: str, n: int) -> str:
    return (template.replace("{n}", str(n)).replace("{p}", str(hand_penalty(n)))
            .replace("{s}", "s" if n > 1 else ""))


def _penalty_cells(pen: Pen, x: float, w: float, label: str) -> tuple[list[float], list[str], float]:
    """The penalty strip's cells from ``x``, ``w`` wide: the edges of the cells for 1 … 7
    cards (8 x), their labels and the labels' common size. Raises DoesNotFit.

    The lines between cells 1 and 2 and between cells 4 and 5 fall in the middles of the two
    gutters between the columns above: cells 2–4 share the way between them, cell 1 is as
    wide, cells 5–7 share what is left, and the heading what is left before cell 1. The ways
    between the columns run on through the strip, clear of the labels: the sheet may be cut
    there (:func:`track_back_keep`)."""
    g1 = x + _column_width(w) + GUTTER / 2                  # the strip is as wide as the columns
    g2 = g1 + _column_width(w) + GUTTER
    mid, end = (g2 - g1) / 3, (x + w - PAD - g2) / 3
    edges = [g1 - mid, g1, g1 + mid, g1 + 2 * mid, g2, g2 + end, g2 + 2 * end, g2 + 3 * end]
    room = min(b - a for a, b in zip(edges, edges[1:])) - 2 * MM
    texts = [_penalty_text(label, n) for n in range(1, 8)]
    lsize = largest_size(lambda sz: all(pen.text_width(t, sz, "bold") <= room for t in texts), 9.0)
    if lsize is None:
        raise DoesNotFit(f"the penalty label {excerpt(texts[-1])} is wider than its "
                         f"{room / MM:.1f} mm cell even at {MIN_SIZE:g} pt")
    return edges, texts, lsize


def _fan_height(lsize: float) -> float:
    """The height of the penalty strip's small fanned cards, under labels ``lsize`` high."""
    return min(STRIP_H - 2 * PAD - lsize * 1.6, 9 * MM)


def _draw_penalties(pen: Pen, x: float, y: float, w: float, h: float, heading: str, label: str) -> None:
    """The hand penalty strip: a heading, then 1 … 7 cards each with its cost."""
    pen.style(LIGHT, mix(INK, PAPER, 0.5), 0.8)
    pen.rect(x, y, w, h, r=2.5 * MM)
    pad = PAD
    edges, texts, lsize = _penalty_cells(pen, x, w, label)
    head_w = edges[0] - x
    size, lines = wrap_fit(pen, heading, 10.5, head_w - 2 * pad, h - 2 * pad, 3, font="bold", leading=1.2,
                            min_size=6)
    pen.style(ACCENT)
    pen.draw_lines(x + pad, y + h / 2 + pen.block_height(len(lines), size, 1.2) / 2, lines, size, 1.2,
                   font="bold", anchor="start")
    for n, text in enumerate(texts, 1):
        cx = (edges[n - 1] + edges[n]) / 2
        if n > 1:
            pen.style(None, mix(INK, PAPER, 0.75), 0.5)
            pen.line(edges[n - 1], y + pad, edges[n - 1], y + h - pad)
        _mini_fan(pen, cx, y + pad + lsize * 1.6, n, _fan_height(lsize))
        pen.style(INK)
        pen.text(cx, y + pad + lsize * 0.25, text, lsize, font="bold", anchor="middle")


@layout(
    "track_back", kinds=("board",),
    title=Param("text", "", help="the game's name (default: the spec's title)", from_spec="title"),
    heading_turn=Param("text", "Votre tour", help="heading of the first column"),
    turn=Param("text", "", help="a turn's actions, one paragraph each, separated by new lines"),
    heading_scoring=Param("text", "Points", help="heading of the second column"),
    scoring=Param("text", "", help="how children score, paragraphs separated by new lines"),
    heading_end=Param("text", "Fin de partie", help="heading of the third column"),
    end=Param("text", "", help="the end of the game, paragraphs separated by new lines"),
    penalty_heading=Param("text", "Cartes en main en fin de partie",
                          help="heading of the hand penalty strip"),
    penalty_label=Param("text", "{n} carte{s} : −{p}",
                        help="one penalty: {n} cards, {p} points, {s} an 's' when n > 1"),
)
def draw_track_back(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """The reverse: title and trait symbols, three columns of rules, the hand penalty strip."""
    w, h, m = card.w, card.h, card.safe + EDGE
    pen.style(PAPER)
    pen.rect(-card.bleed, -card.bleed, w + 2 * card.bleed, h + 2 * card.bleed)
    # header: title on the left, the five traits on the right
    rule_y = draw_title(pen, m, h - m, p["title"], w - 2 * m - TRAITS_W - 6 * MM)
    for i, trait in enumerate(TRAITS):
        tx = w - m - TRAITS_W + TRAIT_R + i * (2 * TRAIT_R + 2 * MM)
        draw_trait(pen, trait, tx, h - m - TRAIT_R - 0.5 * MM, TRAIT_R)
    pen.style(None, mix(ACCENT, PAPER, 0.4), 0.8)
    pen.line(m, rule_y, w - m, rule_y)
    # the penalty strip along the bottom
    _draw_penalties(pen, m, m, w - 2 * m, STRIP_H, p["penalty_heading"], p["penalty_label"])
    # three columns between
    col_y = m + STRIP_H + 4 * MM
    col_h = rule_y - 3 * MM - col_y
    columns = [(p["heading_turn"], _paragraphs(p["turn"])),
               (p["heading_scoring"], _paragraphs(p["scoring"])),
               (p["heading_end"], _paragraphs(p["end"]))]
    body_h = col_h - 9 * MM - 2 * 3.5 * MM
    col_w = _column_width(w - 2 * m)
    size = _common_size(pen, [paras for _, paras in columns], col_w - 2 * 3.5 * MM, body_h)
    for i, (heading, paras) in enumerate(columns):
        _draw_column(pen, m + i * (col_w + GUTTER), col_y, col_w, col_h, heading, paras, size)


def _column_width(inner: float) -> float:
    """The width of each of the three columns side by side in ``inner``."""
    return (inner - 2 * GUTTER) / 3


def track_back_keep(pen: Pen, card: CardBox, p: dict) -> list[tuple[float, float]]:
    """The x-ranges of the back that a cut across the sheet must not cross (kit/track_print.py
    cuts between them): the title and the trait symbols, each column of rules, and in the
    penalty strip its heading and each number of cards' fan and label, 1 mm either side."""
    w, m = card.w, card.safe + EDGE
    title = pen.fit_size(p["title"], 22.0, w - 2 * m - TRAITS_W - 6 * MM, "serif", min_size=8.0)
    keep = [(m, m + pen.text_width(p["title"], title, "serif")), (w - m - TRAITS_W, w - m)]
    col_w = _column_width(w - 2 * m)
    keep += [(m + i * (col_w + GUTTER), m + i * (col_w + GUTTER) + col_w) for i in range(3)]
    edges, texts, lsize = _penalty_cells(pen, m, w - 2 * m, p["penalty_label"])
    keep.append((m, edges[0]))
    for n, text in enumerate(texts, 1):
        cx = (edges[n - 1] + edges[n]) / 2
        half = max(pen.text_width(text, lsize, "bold"), _fan_width(n, _fan_height(lsize))) / 2 + 1 * MM
        keep.append((cx - half, cx + half))
    return keep
