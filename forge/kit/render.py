"""Render one component of a game, in one language and on one paper, to PDF bytes.

Each distinct card face is drawn once, as a PDF form XObject whose box is the card
with its bleed, and placed on the sheet as often as the card has copies, clipped to
the art rectangle its slot allows. Pages carry MediaBox ⊇ BleedBox ⊇ TrimBox.
Output is deterministic (reportlab's invariant mode).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Iterator

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..errors import ErrorGroup, InputError, SpecError
from ..spec.loader import resolve_face
from ..spec.model import MM, PAPERS, Component, Face, GameSpec, Row
from .art.pen import ReportlabPen
from .fonts import register_fonts
from .i18n import ui
from .imposition import MARK_GAP, MARK_LENGTH, MARK_MIN, NoFit, Slot, impose
from .registry import LAYOUTS, CardBox, DoesNotFit

__all__ = ["render_component", "Rendered", "cards_of"]

MARK_WIDTH = 0.25
SAFE = 3 * MM
FIT_HINT = "shorten the text, or break a long word with a space or hyphen"
FOOTER_MIN = 3.5        # pt: the sheet's label, in the margin, is the only text set smaller than 5 pt


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
    c = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=1,
               initialFontName=fonts["sans"], initialFontSize=10)
    title = spec.titles.get(lang, spec.title)
    c.setTitle(f"{title} — {_comp_title(spec, comp, lang)}")
    c.setAuthor(", ".join(spec.authors))
    c.setCreator(f"forge {__version__}")
    c.setSubject(f"{spec.game} / {comp.name} / {lang}")
    return c, buf


def _comp_title(spec: GameSpec, comp: Component, lang: str) -> str:
    from ..spec.templating import TemplateError, resolve
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
            LAYOUTS[face.layout].draw(pen, box, params, self.lang)
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
                 problems: _Problems):
        self.c, self.fonts, self.card, self.spec, self.lang = canvas, fonts, card, spec, lang
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


def _marks_and_footer(c: Canvas, fonts: dict, slots: list[Slot], page, lines: list[str]) -> None:
    """Crop marks at every cut line, outside the bleed; the sheet's label between them."""
    W, H = page
    bx0, by0, bx1, by1 = _union(s.art for s in slots)
    xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    for lo, hi, cuts, vertical in ((by0, H - by1, xs, True), (bx0, W - bx1, ys, False)):
        # lo: room below/left of the block, hi: above/right
        for room, sign, edge in ((lo, -1, by0 if vertical else bx0), (hi, 1, by1 if vertical else bx1)):
            length = min(MARK_LENGTH, room - MARK_GAP - 1 * MM)
            if length < MARK_MIN:
                continue
            a, b = edge + sign * MARK_GAP, edge + sign * (MARK_GAP + length)
            for v in cuts:
                if vertical:
                    c.line(v, a, v, b)
                else:
                    c.line(a, v, b, v)
    c.restoreState()
    _footer(c, fonts, xs, (by0, H - by1), page, lines)


def _footer(c: Canvas, fonts: dict, mark_xs: list[float], bands, page, lines: list[str]) -> None:
    """The sheet's label: two small lines in the bottom band (the top one if the bottom is
    too narrow), between the crop marks nearest the middle, at least 5 mm from the edge;
    shrunk to fit, down to FOOTER_MIN (then :class:`DoesNotFit`)."""
    W, H = page
    size, leading = 5.5, 7.0
    need = 2 * leading + 6 * MM
    below, above = bands
    if below >= need:
        y = min(below / 2, 9 * MM) + leading / 2
    elif above >= need:
        y = H - min(above / 2, 9 * MM) + leading / 2
    else:
        return
    edges = [4 * MM] + [x for x in mark_xs if 4 * MM < x < W - 4 * MM] + [W - 4 * MM]
    gaps = [(lo, hi) for lo, hi in zip(edges, edges[1:]) if hi - lo > 20 * MM]
    if not gaps:
        return
    lo, hi = min(gaps, key=lambda g: abs((g[0] + g[1]) / 2 - W / 2))
    c.saveState()
    pen = ReportlabPen(c, fonts)
    size = min(pen.fit_size(t, size, hi - lo - 3 * MM, min_size=FOOTER_MIN) for t in lines)
    pen.style("#404040")
    for t in lines:
        pen.text((lo + hi) / 2, y, t, size, anchor="middle")
        y -= leading
    c.restoreState()


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
    try:
        imp = impose(paper_pt, comp.size, ps.bleed, ps.margin, ps.orientation, ps.spacing)
    except NoFit as exc:
        raise SpecError(comp.location, f"component '{comp.name}' does not fit on {paper} ({exc})",
                        hint="use a smaller card, a smaller margin or bleed, or orientation: auto") from None
    c, buf = _new_canvas(spec, comp, lang, imp.page, fonts)
    card = CardBox(comp.size[0], comp.size[1], ps.bleed, SAFE)
    faces = _Faces(c, fonts, card, spec, lang, problems)
    cards = list(cards_of(comp, lang))
    duplex = ps.duplex != "off" and comp.back is not None
    sheets = [cards[i:i + imp.per_sheet] for i in range(0, len(cards), imp.per_sheet)]
    title = f"{spec.titles.get(lang, spec.title)} · {_comp_title(spec, comp, lang)}"
    hint = (ui(lang, "print_hint", edge=ui(lang, "long" if ps.duplex == "long-edge" else "short"))
            if duplex else ui(lang, "print_hint_simplex"))
    for n, sheet in enumerate(sheets, 1):
        sides = [("fronts", comp.front, imp.slots(len(sheet)))]
        if duplex:
            sides.append(("backs", comp.back, imp.back_slots(ps.duplex, ps.back_offset, len(sheet))))
        for side, face, used in sides:
            for row, slot in zip(sheet, used):
                form = faces.form(face, row)
                if form:
                    _place(c, slot, form)
            label = f"{title} · {ui(lang, side)} · {ui(lang, 'sheet', n=n, total=len(sheets))}"
            if ps.crop_marks:
                try:
                    _marks_and_footer(c, fonts, used, imp.page, [label, hint])
                except DoesNotFit as exc:
                    raise SpecError(comp.location, f"the sheet's label does not fit between the crop marks: {exc}",
                                    hint="shorten the game's or the component's title") from None
            _set_boxes(c, imp.page, _union((s.x, s.y, s.x + s.w, s.y + s.h) for s in used),
                       _union(s.art for s in used))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(sheets) * (2 if duplex else 1), len(cards))


def _render_pages(spec, comp, lang, paper, fonts, problems: _Problems) -> Rendered:
    """Boards and sheets: the layout draws the whole page; one page per card and side."""
    if comp.kind == "board":
        W, H = comp.size
    else:                      # a sheet: the paper, turned when its print settings ask for landscape
        W, H = sorted((v * MM for v in PAPERS[paper]), reverse=comp.print.orientation == "landscape")
    c, buf = _new_canvas(spec, comp, lang, (W, H), fonts)
    box = CardBox(W, H, 0.0, comp.print.margin)
    pages = 0
    duplex = comp.print.duplex != "off" and comp.back is not None
    for row in cards_of(comp, lang):
        for face in (comp.front, comp.back) if duplex else (comp.front,):
            problems.draw(face, row, ReportlabPen(c, fonts), box, resolve_face(face, row, lang, spec))
            _set_boxes(c, (W, H), (0, 0, W, H), (0, 0, W, H))
            c.showPage()
            pages += 1
    c.save()
    return Rendered(buf.getvalue(), pages, comp.count(lang))
