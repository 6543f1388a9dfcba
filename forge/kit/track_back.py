"""The back of the score track (``track_back``): a reference sheet.

The title with the five trait symbols, three columns (a turn's
actions, scoring, end of game) whose paragraphs are wrapped and shrunk together until the
longest column fits, and a strip with the hand penalty for 1 … 7 cards,
n(n+1)/2 = 1, 3, 6, 10, 15, 21, 28, labelled with ``penalty_label`` (``{n}`` the cards,
``{p}`` the points, ``{s}`` an "s" when n > 1).

The front, its palette and its text helpers are in :mod:`.track`.
"""
from __future__ import annotations

from ..errors import excerpt
from .art.pen import MIN_SIZE, DoesNotFit, Pen, largest_size, mix
from .art.traits import draw_trait
from .registry import CardBox, Param, layout
from .track import ACCENT, CARD_H, CARD_W, EDGE, INK, LIGHT, MM, PAPER, TRAITS, draw_title, wrap_fit

__all__ = ["draw_track_back", "hand_penalty"]


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


def _mini_fan(pen: Pen, cx: float, y: float, n: int, ch: float) -> None:
    """``n`` small cards fanned out, centred on cx, bottom at y."""
    cw = ch * CARD_W / CARD_H
    step = cw * 0.42
    left = cx - (cw + (n - 1) * step) / 2
    for i in range(n):
        pen.style(LIGHT, INK, 0.5)
        pen.rect(left + i * step, y, cw, ch, r=cw * 0.15)
    pen.style(mix(ACCENT, LIGHT, 0.35))
    pen.rect(left + (n - 1) * step + cw * 0.2, y + ch * 0.2, cw * 0.6, ch * 0.6, r=cw * 0.1)


def _penalty_text(template: str, n: int) -> str:
    return (template.replace("{n}", str(n)).replace("{p}", str(hand_penalty(n)))
            .replace("{s}", "s" if n > 1 else ""))


def _draw_penalties(pen: Pen, x: float, y: float, w: float, h: float, heading: str, label: str) -> None:
    """The hand penalty strip: a heading, then 1 … 7 cards each with its cost."""
    pen.style(LIGHT, mix(INK, PAPER, 0.5), 0.8)
    pen.rect(x, y, w, h, r=2.5 * MM)
    pad = 3 * MM
    head_w = w * 0.2
    size, lines = wrap_fit(pen, heading, 10.5, head_w - 2 * pad, h - 2 * pad, 3, font="bold", leading=1.2,
                            min_size=6)
    pen.style(ACCENT)
    pen.draw_lines(x + pad, y + h / 2 + pen.block_height(len(lines), size, 1.2) / 2, lines, size, 1.2,
                   font="bold", anchor="start")
    cell_w = (w - head_w - pad) / 7
    texts = [_penalty_text(label, n) for n in range(1, 8)]
    lsize = largest_size(lambda sz: all(pen.text_width(t, sz, "bold") <= cell_w - 2 * MM for t in texts), 9.0)
    if lsize is None:
        raise DoesNotFit(f"the penalty label {excerpt(texts[-1])} is wider than its "
                         f"{(cell_w - 2 * MM) / MM:.1f} mm cell even at {MIN_SIZE:g} pt")
    fan_h = h - 2 * pad - lsize * 1.6
    for n, text in enumerate(texts, 1):
        cx = x + head_w + (n - 0.5) * cell_w
        if n > 1:
            pen.style(None, mix(INK, PAPER, 0.75), 0.5)
            pen.line(cx - cell_w / 2, y + pad, cx - cell_w / 2, y + h - pad)
        _mini_fan(pen, cx, y + pad + lsize * 1.6, n, min(fan_h, 9 * MM))
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
    r = 3.6 * MM
    traits_w = 5 * 2 * r + 4 * 2 * MM
    rule_y = draw_title(pen, m, h - m, p["title"], w - 2 * m - traits_w - 6 * MM)
    for i, trait in enumerate(TRAITS):
        tx = w - m - traits_w + r + i * (2 * r + 2 * MM)
        draw_trait(pen, trait, tx, h - m - r - 0.5 * MM, r)
    pen.style(None, mix(ACCENT, PAPER, 0.4), 0.8)
    pen.line(m, rule_y, w - m, rule_y)
    # the penalty strip along the bottom
    strip_h = 24 * MM
    _draw_penalties(pen, m, m, w - 2 * m, strip_h, p["penalty_heading"], p["penalty_label"])
    # three columns between
    gutter = 5 * MM
    col_w = (w - 2 * m - 2 * gutter) / 3
    col_y = m + strip_h + 4 * MM
    col_h = rule_y - 3 * MM - col_y
    columns = [(p["heading_turn"], _paragraphs(p["turn"])),
               (p["heading_scoring"], _paragraphs(p["scoring"])),
               (p["heading_end"], _paragraphs(p["end"]))]
    body_h = col_h - 9 * MM - 2 * 3.5 * MM
    size = _common_size(pen, [paras for _, paras in columns], col_w - 2 * 3.5 * MM, body_h)
    for i, (heading, paras) in enumerate(columns):
        _draw_column(pen, m + i * (col_w + gutter), col_y, col_w, col_h, heading, paras, size)
