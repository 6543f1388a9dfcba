"""Render one component of a game, in one language and on one paper, to PDF bytes.

A deck's cards are imposed on sheets (kit/imposition.py, or kit/gutterfold.py): each distinct
card face is drawn once and placed as often as the card has copies, with the crop marks and
the sheet's label round the cards (kit/sheet.py). A board or a sheet is drawn whole by its
layout, one page per card and side, the label handed to it (a board cut in ``pieces``:
kit/track_print.py); laid out for a one-sided printer, its back's page says so (kit/gutterfold.py).
Pages carry MediaBox ⊇ BleedBox ⊇ TrimBox. Output is deterministic
(reportlab's invariant mode).
"""
from __future__ import annotations

from ..errors import ErrorGroup, InputError, SpecError
from ..cardspec.model import MM, PAPERS, Component, GameSpec
from ..cardspec.resolve import component_title, resolve_face
from .art.pen import ReportlabPen
from .fonts import register_fonts
from .gutterfold import FOLD_DASH, Gutterfold, apart, folds, impose_gutterfold
from .i18n import ui
from .imposition import NoFit, impose
from .label import INK, KEY, MIN_SIZE as LABEL_MIN, label_parts, label_title
from .registry import SAFE, CardBox, DoesNotFit
from .sheet import (MARK_WIDTH, Faces, Problems, Rendered, cards_of, cut_lines, label_room, marks_and_footer,
                    new_canvas, place, set_boxes, union)
from .track_print import render_in_pieces

__all__ = ["render_component"]


def render_component(spec: GameSpec, comp: Component, lang: str, paper: str) -> Rendered:
    """Lay out every card of ``comp`` on ``paper`` sheets and return the PDF.

    Raises :class:`ErrorGroup` with every problem of the component: each card row whose
    text does not fit is reported at its data line, not only the first."""
    fonts = register_fonts()
    problems = Problems(lang)
    try:
        render = _render_deck if comp.kind == "deck" else _render_pages
        rendered = render(spec, comp, lang, paper, fonts, problems)
    except InputError as exc:
        problems.errors.append(exc)
    if problems.errors:
        raise ErrorGroup(problems.errors)
    return rendered


def _render_deck(spec, comp, lang, paper, fonts, problems: Problems) -> Rendered:
    ps = comp.print
    paper_pt = tuple(v * MM for v in PAPERS[paper])
    fold = folds(comp)
    cards = list(cards_of(comp, lang))
    try:
        args = (paper_pt, comp.size, ps.bleed, ps.margin, ps.orientation, ps.spacing)
        foot = label_room(ps.crop_marks)
        imp = impose_gutterfold(*args, foot=foot) if fold else impose(*args, foot=foot, count=len(cards))
    except NoFit as exc:
        raise SpecError(comp.location, f"component '{comp.name}' does not fit on {paper} ({exc})",
                        hint="use a smaller card, a smaller margin or bleed, orientation: auto, or only the "
                             "papers it fits (print: {paper: [a4]})" + (", or layout: duplex" if fold else "")) from None
    if ps.corner_radius > min(comp.size) / 2:
        raise SpecError(comp.location, f"component '{comp.name}': corner_radius {ps.corner_radius / MM:.1f} mm is "
                        f"more than half the card's shorter side ({min(comp.size) / MM:.1f} mm)",
                        hint="a card's corners are usually rounded 3 mm (poker cards: 3.5 mm)")
    c, buf = new_canvas(spec, comp, lang, imp.page, fonts)
    card = CardBox(comp.size[0], comp.size[1], ps.bleed, SAFE)
    faces = Faces(c, fonts, card, spec, lang, problems, band=imp.gap == 0 and imp.per_sheet > 1)
    duplex = ps.duplex != "off" and comp.back is not None and not fold
    sheets = [cards[i:i + imp.per_sheet] for i in range(0, len(cards), imp.per_sheet)]
    game, component = label_title(spec, lang), component_title(spec, comp, lang)
    flip = "gutterfold" if fold else ps.duplex if duplex else None
    for n, sheet in enumerate(sheets, 1):
        fronts = (comp.front, imp.slots(len(sheet)))
        if fold:         # one page: fronts and their backs, mirrored about the fold line
            pages = [("fronts_backs", [fronts, (comp.back, imp.back_slots(len(sheet)))])]
        else:
            pages = [("fronts", [fronts])]
            if duplex:
                pages.append(("backs", [(comp.back, imp.back_slots(ps.duplex, ps.back_offset, len(sheet)))]))
        for side, placed in pages:
            used = []
            for face, slots in placed:
                for row, slot in zip(sheet, slots):
                    form = faces.form(face, row)
                    if form:
                        place(c, slot, form)
                used += slots
            if fold:
                _fold_line(c, fonts, imp, lang)
            if ps.corner_radius and side in ("fronts", "fronts_backs"):
                cut_lines(c, placed[0][1], ps.corner_radius)
            parts = label_parts(lang, game, component, side, n, len(sheets), flip, imp.page)
            try:
                marks_and_footer(c, fonts, used, imp.page, parts, ps.crop_marks)
            except DoesNotFit as exc:
                raise SpecError(comp.location, f"the sheet's label does not fit on {paper}: {exc}",
                                hint="shorten the game's or the component's title") from None
            set_boxes(c, imp.page, union((s.x, s.y, s.x + s.w, s.y + s.h) for s in used),
                       union(s.art for s in used))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(sheets) * (2 if duplex else 1), len(cards))


def _fold_line(c: Canvas, fonts: dict, imp: Gutterfold, lang: str) -> None:
    """The dashed fold line across the block of cards, broken in its middle by the word "fold"
    (reading upwards along an upright fold), in the gutter's bare paper."""
    pen = ReportlabPen(c, fonts)
    x0, y0, x1, y1 = imp.fold_line()
    length, word = max(x1 - x0, y1 - y0), ui(lang, "fold")
    gap = pen.text_width(word, LABEL_MIN) / 2 + 1 * MM        # the line stops 1 mm short of the word
    with pen.saved():
        pen.translate((x0 + x1) / 2, (y0 + y1) / 2)
        pen.rotate(90 if imp.fold == "x" else 0)
        pen.style(None, INK, MARK_WIDTH)
        pen.dashed(-length / 2, 0, -gap, 0, FOLD_DASH)
        pen.dashed(gap, 0, length / 2, 0, FOLD_DASH)
        pen.style(INK)
        pen.text(0, -LABEL_MIN * 0.35, word, LABEL_MIN, anchor="middle")


def _render_pages(spec, comp, lang, paper, fonts, problems: Problems) -> Rendered:
    """Boards and sheets: the layout draws the whole page; one page per card and side."""
    if comp.kind == "board" and "pieces" in comp.front.draws.params:
        return render_in_pieces(spec, comp, lang, paper, fonts, problems)
    if comp.kind == "board":
        W, H = comp.size
    else:                      # a sheet: the paper, turned when its print settings ask for landscape
        W, H = sorted((v * MM for v in PAPERS[paper]), reverse=comp.print.orientation == "landscape")
    c, buf = new_canvas(spec, comp, lang, (W, H), fonts)
    box = CardBox(W, H, 0.0, comp.print.margin)
    duplex = comp.print.duplex != "off" and comp.back is not None
    game, component = label_title(spec, lang), component_title(spec, comp, lang)
    rows = list(cards_of(comp, lang))
    sides = [("front", comp.front), ("back", comp.back)] if duplex else [("front", comp.front)]
    for n, row in enumerate(rows, 1):
        for side, face in sides:
            label = label_parts(lang, game, component, side, n, len(rows), comp.print.duplex if duplex else None,
                                (W, H), apart=apart(comp))
            params = {**resolve_face(face, row, lang, spec), KEY: label}
            problems.draw(face, row, ReportlabPen(c, fonts), box, params)
            set_boxes(c, (W, H), (0, 0, W, H), (0, 0, W, H))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(rows) * len(sides), comp.count(lang))
