"""Render one component of a game, in one language and on one paper, to PDF bytes.

Each distinct card face is drawn once, as a PDF form XObject whose box is the card
with its bleed, and placed on the sheet as often as the card has copies, clipped to
the art rectangle its slot allows. Pages carry MediaBox ⊇ BleedBox ⊇ TrimBox.
Output is deterministic (reportlab's invariant mode).

Every page carries the sheet's label (see kit/label.py): on a sheet of cards, drawn here
beyond the crop marks in the first margin that holds it; on a board or a sheet, handed to
the layout that draws the page.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Iterator

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..errors import ErrorGroup, InputError, SpecError, excerpt
from ..cardspec.loader import resolve_face
from ..cardspec.model import MM, PAPERS, Component, Face, GameSpec, Row
from .art.pen import Pen, ReportlabPen, largest_size
from .cut_band import inside_band
from .fonts import register_fonts
from .gutterfold import FOLD_DASH, Gutterfold, folds, impose_gutterfold
from .i18n import ui
from .imposition import MARK_GAP, MARK_LENGTH, MARK_MIN, NoFit, Slot, impose
from .inks import kit_canvas
from .label import EDGE, INK, KEY, LEADING, MIN_SIZE as LABEL_MIN, SIZE as LABEL_SIZE, draw_label, label_parts
from .registry import SAFE, CardBox, DoesNotFit

__all__ = ["render_component", "Rendered", "cards_of"]

MARK_WIDTH = 0.25
FIT_HINT = "shorten the text, or break a long word with a space or hyphen"
MARK_EDGE = 3 * MM      # crop marks stop at least this far inside the page's edge
LABEL_CLEAR = 0.75 * MM  # between the sheet's label and the crop marks that point at it
SIDES = ("bottom", "top", "left", "right")


@dataclass(frozen=True)
class Rendered:
    data: bytes
    pages: int
    cards: int


def cards_of(comp: Component, lang: str) -> Iterator[Row]:
    """Every physical card of a component in ``lang``, in order: each row repeated ``copies`` times."""
    for row in comp.rows_for(lang):
        for _ in range(row.copies):
            yield row


def _new_canvas(spec: GameSpec, comp: Component, lang: str, pagesize, fonts) -> tuple[Canvas, io.BytesIO]:
    buf = io.BytesIO()
    c = kit_canvas(buf, comp.print.ink_saver, comp.print.colour, pagesize=pagesize, invariant=1,
                   pageCompression=1, initialFontName=fonts["sans"], initialFontSize=10)
    title = spec.titles.get(lang, spec.title)
    c.setTitle(f"{title} — {_comp_title(spec, comp, lang)}")
    c.setAuthor(", ".join(spec.authors))
    c.setCreator(f"forge {__version__}")
    c.setSubject(f"{spec.game} / {comp.name} / {lang}")
    from .print_all import set_viewer_preferences      # here: print_all imports this module
    set_viewer_preferences(c, comp)                    # print at actual size, with the duplex flip
    return c, buf


def _comp_title(spec: GameSpec, comp: Component, lang: str) -> str:
    from ..cardspec.templating import TemplateError, resolve
    try:
        return resolve(comp.title, {}, spec.strings.get(lang, {}))
    except TemplateError:
        return comp.name


class _Problems:
    """The located problems met while drawing: each card row's, once, in order."""

    def __init__(self, lang: str):
        self.lang, self.errors = lang, []

    def draw(self, face: Face, row: Row, pen, box: CardBox, params: dict) -> DoesNotFit | None:
        """Draw one face; when it does not fit, record why at the row's line and return it."""
        try:
            face.draws.draw(pen, box, params, self.lang)
        except DoesNotFit as exc:
            self.add(face, row, exc)
            return exc
        return None

    def add(self, face: Face, row: Row, exc: DoesNotFit) -> None:
        error = SpecError(row.location, f"{exc} (layout '{face.layout}', language {self.lang})", hint=FIT_HINT)
        if all(str(e) != str(error) for e in self.errors):
            self.errors.append(error)


class _Faces:
    """Draws each distinct face once as a form XObject and remembers its name (None for a
    face that does not fit: its problem is recorded at every row that uses it)."""

    def __init__(self, canvas: Canvas, fonts: dict, card: CardBox, spec: GameSpec, lang: str,
                 problems: _Problems, band: bool = False):
        self.c, self.fonts, self.card, self.spec, self.lang = canvas, fonts, card, spec, lang
        self.band = band                   # butted cards: a paper band inside the trim (cut_band.py)
        self.problems = problems
        self.names: dict[tuple, str | None] = {}
        self.failed: dict[tuple, DoesNotFit] = {}

    def form(self, face: Face, row: Row) -> str | None:
        params = resolve_face(face, row, self.lang, self.spec)
        key = (face.layout, repr(sorted(params.items())))
        if key in self.failed:
            self.problems.add(face, row, self.failed[key])
        if key not in self.names:
            name = f"face{len(self.names)}"
            b, card = self.card.bleed, self.card
            self.c.beginForm(name, -b, -b, card.w + b, card.h + b)
            with inside_band(self.c, card, self.band):
                exc = self.problems.draw(face, row, ReportlabPen(self.c, self.fonts), card, params)
            self.c.endForm()
            self.names[key] = None if exc else name
            if exc:
                self.failed[key] = exc
        return self.names[key]


def _place(c: Canvas, slot: Slot, form: str) -> None:
    c.saveState()
    x0, y0, x1, y1 = slot.art
    p = c.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(p, stroke=0, fill=0)
    c.translate(slot.x, slot.y)
    c.doForm(form)
    c.restoreState()


def _union(rects) -> tuple[float, float, float, float]:
    rects = list(rects)
    return (min(r[0] for r in rects), min(r[1] for r in rects),
            max(r[2] for r in rects), max(r[3] for r in rects))


def _set_boxes(c: Canvas, page, trim, bleed) -> None:
    W, H = page
    bleed = (max(0.0, bleed[0]), max(0.0, bleed[1]), min(W, bleed[2]), min(H, bleed[3]))
    c.setBleedBox(tuple(round(v, 3) for v in bleed))
    c.setTrimBox(tuple(round(v, 3) for v in trim))


def _bands(slots: list[Slot], page) -> dict[str, float]:
    """The room between the cards (with their bleed) and each edge of the page."""
    W, H = page
    x0, y0, x1, y1 = _union(s.art for s in slots)
    return {"bottom": y0, "top": H - y1, "left": x0, "right": W - x1}


def _crop_marks(c: Canvas, slots: list[Slot], page, keep: dict[str, float]) -> None:
    """Crop marks at every cut line, from MARK_GAP outside the bleed towards each edge of
    the page, stopping ``keep[side]`` short of it (left out when shorter than MARK_MIN)."""
    W, H = page
    bands = _bands(slots, page)
    xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    for side, edge, sign in (("bottom", bands["bottom"], -1), ("top", H - bands["top"], 1),
                             ("left", bands["left"], -1), ("right", W - bands["right"], 1)):
        length = min(MARK_LENGTH, bands[side] - MARK_GAP - keep[side])
        if length < MARK_MIN:
            continue
        a, b = edge + sign * MARK_GAP, edge + sign * (MARK_GAP + length)
        for v in xs if side in ("bottom", "top") else ys:
            if side in ("bottom", "top"):
                c.line(v, a, v, b)
            else:
                c.line(a, v, b, v)
    c.restoreState()


def _label_place(pen: ReportlabPen, parts: list[str], bands: dict[str, float], page,
                 marks: bool) -> tuple[str, float, list[str]]:
    """Where the sheet's label goes: the first band (bottom, top, left, right) that holds
    it EDGE from the page's edge, on one line or else its two parts on two, leaving room
    for crop marks between it and the cards; its side, size and lines. Raises DoesNotFit."""
    W, H = page
    marks_need = MARK_GAP + (MARK_MIN if marks else 0) + LABEL_CLEAR
    for side in SIDES:
        length = (W if side in ("bottom", "top") else H) - 2 * EDGE
        for lines in ([" · ".join(parts)], parts):
            def fits(size: float, lines=lines, length=length, room=bands[side]) -> bool:
                return (all(pen.text_width(t, size) <= length for t in lines) and
                        EDGE + pen.block_height(len(lines), size, LEADING) + marks_need <= room)
            size = largest_size(fits, LABEL_SIZE, LABEL_MIN)
            if size:
                return side, size, lines
    need = _label_room(marks)
    raise DoesNotFit(f"the label {excerpt(parts[0])} needs {need / MM:.1f} mm between the cards and an edge "
                     f"of the page at {LABEL_MIN:g} pt; the most there is {max(bands.values()) / MM:.1f} mm")


def _label_room(marks: bool) -> float:
    """From the page's edge to the cards' bleed: what a sheet's label needs on two lines at
    its least size, with room for the crop marks that point at it."""
    return EDGE + Pen.block_height(2, LABEL_MIN, LEADING) + MARK_GAP + (MARK_MIN if marks else 0) + LABEL_CLEAR


def _marks_and_footer(c: Canvas, fonts: dict, slots: list[Slot], page, parts: list[str], marks: bool = True) -> None:
    """The sheet's label in the first band that holds it (turned to read upwards in a side
    band), and crop marks at every cut line, shortened to stay clear of the label and
    MARK_EDGE inside the page."""
    W, H = page
    pen = ReportlabPen(c, fonts)
    bands = _bands(slots, page)
    side, size, lines = _label_place(pen, parts, bands, page, marks)
    depth = pen.block_height(len(lines), size, LEADING)
    x, y, turn = {"bottom": (W / 2, EDGE + depth, 0), "top": (W / 2, H - EDGE, 0),
                  "left": (EDGE, H / 2, 90), "right": (W - EDGE - depth, H / 2, 90)}[side]
    with pen.saved():
        pen.translate(x, y)
        pen.rotate(turn)
        draw_label(pen, 0, 0, lines, size)
    if marks:
        keep = {s: EDGE + depth + LABEL_CLEAR if s == side else MARK_EDGE for s in SIDES}
        _crop_marks(c, slots, page, keep)


def render_component(spec: GameSpec, comp: Component, lang: str, paper: str) -> Rendered:
    """Lay out every card of ``comp`` on ``paper`` sheets and return the PDF.

    Raises :class:`ErrorGroup` with every problem of the component: each card row whose
    text does not fit is reported at its data line, not only the first."""
    fonts = register_fonts()
    problems = _Problems(lang)
    try:
        render = _render_deck if comp.kind == "deck" else _render_pages
        rendered = render(spec, comp, lang, paper, fonts, problems)
    except InputError as exc:
        problems.errors.append(exc)
    if problems.errors:
        raise ErrorGroup(problems.errors)
    return rendered


def _render_deck(spec, comp, lang, paper, fonts, problems: _Problems) -> Rendered:
    ps = comp.print
    paper_pt = tuple(v * MM for v in PAPERS[paper])
    fold = folds(comp)
    try:
        args = (paper_pt, comp.size, ps.bleed, ps.margin, ps.orientation, ps.spacing)
        imp = impose_gutterfold(*args, foot=_label_room(ps.crop_marks)) if fold else impose(*args)
    except NoFit as exc:
        raise SpecError(comp.location, f"component '{comp.name}' does not fit on {paper} ({exc})",
                        hint="use a smaller card, a smaller margin or bleed, or orientation: auto"
                             + (", or layout: duplex" if fold else "")) from None
    c, buf = _new_canvas(spec, comp, lang, imp.page, fonts)
    card = CardBox(comp.size[0], comp.size[1], ps.bleed, SAFE)
    faces = _Faces(c, fonts, card, spec, lang, problems, band=imp.gap == 0 and imp.per_sheet > 1)
    cards = list(cards_of(comp, lang))
    duplex = ps.duplex != "off" and comp.back is not None and not fold
    sheets = [cards[i:i + imp.per_sheet] for i in range(0, len(cards), imp.per_sheet)]
    game, component = spec.titles.get(lang, spec.title), _comp_title(spec, comp, lang)
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
                        _place(c, slot, form)
                used += slots
            if fold:
                _fold_line(c, fonts, imp, lang)
            parts = label_parts(lang, game, component, side, n, len(sheets), flip)
            try:
                _marks_and_footer(c, fonts, used, imp.page, parts, ps.crop_marks)
            except DoesNotFit as exc:
                raise SpecError(comp.location, f"the sheet's label does not fit: {exc}",
                                hint="shorten the game's or the component's title, or leave more room "
                                     "round the cards (print: margin)") from None
            _set_boxes(c, imp.page, _union((s.x, s.y, s.x + s.w, s.y + s.h) for s in used),
                       _union(s.art for s in used))
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


def _render_pages(spec, comp, lang, paper, fonts, problems: _Problems) -> Rendered:
    """Boards and sheets: the layout draws the whole page; one page per card and side."""
    if comp.kind == "board" and "pieces" in comp.front.draws.params:
        from .track_print import render_in_pieces       # here: track_print imports this module
        return render_in_pieces(spec, comp, lang, paper, fonts, problems)
    if comp.kind == "board":
        W, H = comp.size
    else:                      # a sheet: the paper, turned when its print settings ask for landscape
        W, H = sorted((v * MM for v in PAPERS[paper]), reverse=comp.print.orientation == "landscape")
    c, buf = _new_canvas(spec, comp, lang, (W, H), fonts)
    box = CardBox(W, H, 0.0, comp.print.margin)
    duplex = comp.print.duplex != "off" and comp.back is not None
    game, component = spec.titles.get(lang, spec.title), _comp_title(spec, comp, lang)
    rows = list(cards_of(comp, lang))
    sides = [("front", comp.front), ("back", comp.back)] if duplex else [("front", comp.front)]
    for n, row in enumerate(rows, 1):
        for side, face in sides:
            label = label_parts(lang, game, component, side, n, len(rows), comp.print.duplex if duplex else None)
            params = {**resolve_face(face, row, lang, spec), KEY: label}
            problems.draw(face, row, ReportlabPen(c, fonts), box, params)
            _set_boxes(c, (W, H), (0, 0, W, H), (0, 0, W, H))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(rows) * len(sides), comp.count(lang))
