"""The sheet's label: every printed page says what it is and how to print it.

The label names the game (with its licence, when the spec declares one), the component, the
side and the sheet ("Fox & Hens · Cards · fronts · sheet 2/9"), then how to print it and on
which paper ("Print at 100 % (actual size) on A4 · duplex, long-edge flip"; a board's back
printed apart for a one-sided printer: "… · single-sided · back of sheet 1: print on its
reverse (long-edge flip) or glue on"), in the build language. It is set at
:data:`SIZE` pt, never under :data:`MIN_SIZE`, and kept at least :data:`EDGE` from every edge
of the page, out of the strip many printers cannot print.

Sheets of cards get it from kit/render.py, between the card block and the page's edge.
Layouts that draw a whole page (kinds board and sheet) find its two parts in their
parameters under :data:`KEY` and print it with :func:`page_label`.
"""
from __future__ import annotations

from ..cardspec.model import MM, PAPERS
from .art.pen import Pen
from .i18n import ui
from .registry import CardBox

__all__ = ["SIZE", "MIN_SIZE", "LEADING", "EDGE", "KEY", "label_title", "paper_name", "label_parts", "draw_label",
           "page_label"]

SIZE = 7.5              # pt
MIN_SIZE = 7.0          # pt: never smaller
LEADING = 1.25
EDGE = 5.2 * MM         # from the page's edge to the label's glyphs: 5 mm and a little over
INK = "#404040"
KEY = "sheet_label"     # the parameter that carries the label to a whole-page layout


def label_title(spec, lang: str) -> str:
    """The game as its sheets' labels name it: its title, with its licence's short name when the
    spec declares one (``licence: CC BY-NC 4.0 (https://…)`` → ``… (CC BY-NC 4.0)``)."""
    title = spec.titles.get(lang, spec.title)
    return f"{title} ({spec.licence.split(' (')[0]})" if spec.licence else title


def paper_name(page: tuple[float, float]) -> str:
    """A page size as a label names it: A4 or Letter (either way up), else its size in mm (a
    board's own page)."""
    w, h = sorted(page)
    for name, (pw, ph) in PAPERS.items():
        if abs(w - pw * MM) < 1 and abs(h - ph * MM) < 1:
            return {"a4": "A4", "letter": "Letter"}.get(name, name)
    return f"{w / MM:.0f} × {h / MM:.0f} mm"


def label_parts(lang: str, game: str, component: str, side: str, n: int, total: int,
                flip: str | None, page: tuple[float, float], apart: bool = False, sheet: str = "sheet") -> list[str]:
    """What the page is and how to print it, on which paper (``page``: its size, points);
    ``side`` a ui word (fronts, backs, front, back, fronts_backs), ``flip`` the duplex flip
    (long-edge, short-edge), gutterfold, or None for one side. ``apart``: a board's or sheet's
    front or back printed single-sided (kit/gutterfold.py, :func:`~forge.kit.gutterfold.apart`),
    the back's label saying whose back it is and how to put it there (``flip``). ``sheet``: the
    ui word numbering the sheet, ``sheet`` or ``shared_sheet`` (print-all's shared sheets)."""
    paper = paper_name(page)
    what = f"{game} · {component} · {ui(lang, side)} · {ui(lang, sheet, n=n, total=total)}"
    edge = ui(lang, "long" if flip == "long-edge" else "short")
    if flip == "gutterfold":
        how = ui(lang, "print_hint_gutterfold", paper=paper)
    elif apart:
        how = ui(lang, f"print_hint_apart_{side}", paper=paper, n=n, edge=edge)
    else:
        how = ui(lang, "print_hint", edge=edge, paper=paper) if flip else ui(lang, "print_hint_simplex", paper=paper)
    return [what, how]


def draw_label(pen: Pen, x: float, top: float, lines: list[str], size: float, anchor: str = "middle") -> float:
    """The label's lines hanging from ``top``, centred on ``x``; return their bottom."""
    pen.style(INK)
    return pen.draw_lines(x, top, lines, size, LEADING, anchor=anchor)


def page_label(pen: Pen, page: CardBox, x0: float, bottom: float, x1: float, height: float, p: dict) -> float:
    """The label given to a whole-page layout (``p[KEY]``), wrapped into the strip from
    ``x0`` to ``x1`` over ``bottom`` (kept EDGE inside the page), at most ``height`` tall;
    return its top (``bottom`` when there is no label, as in a rulebook figure). Raises
    :class:`DoesNotFit` when it does not fit at MIN_SIZE."""
    parts = p.get(KEY)
    if not parts:
        return bottom
    x0, x1, bottom = max(x0, EDGE), min(x1, page.w - EDGE), max(bottom, EDGE)
    size, lines = pen.fit_lines("\n".join(parts), SIZE, x1 - x0, height, leading=LEADING, min_size=MIN_SIZE)
    top = bottom + pen.block_height(len(lines), size, LEADING)
    draw_label(pen, (x0 + x1) / 2, top, lines, size)
    return top
