"""What every printed sheet of the kit is made of, whoever lays it out (a component's own PDF,
kit/render.py; a board in pieces, kit/track_print.py; print-all's shared sheets, kit/print_all.py;
a deck's faces for export, forge/export/faces.py).

* The canvas (:func:`new_canvas`): deterministic, titled ``<game> — <component>``, asking the
  print dialog for actual size and the component's duplex flip (:func:`set_viewer_preferences`).
* The faces (:class:`Faces`): each distinct card face drawn once, as a PDF form XObject whose box
  is the card with its bleed, and placed in its slot as often as it is printed (:func:`place`),
  clipped to the art rectangle the slot allows; in ink-saver mode each face carries a cut
  outline on its trim (kit/inks.py). A face that does not fit is recorded, at its card's data
  line, by :class:`Problems`.
* The sheet's label (kit/label.py) in the first band round the cards that holds it, and crop
  marks at every cut line clear of it (:func:`marks_and_footer`).
* The page boxes: MediaBox ⊇ BleedBox ⊇ TrimBox (:func:`set_boxes`).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Iterator

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..errors import SpecError, excerpt
from ..cardspec.model import MM, Component, Face, GameSpec, Row
from ..cardspec.resolve import component_title, resolve_face
from .art.pen import Pen, ReportlabPen, largest_size
from .cut_band import inside_band
from .gutterfold import apart, folds
from .imposition import MARK_GAP, MARK_LENGTH, MARK_MIN, Slot
from .inks import kit_canvas
from .label import EDGE, LEADING, MIN_SIZE as LABEL_MIN, SIZE as LABEL_SIZE, draw_label
from .registry import CardBox, DoesNotFit

__all__ = ["Rendered", "cards_of", "DUPLEX", "flip_of", "set_viewer_preferences", "new_canvas", "Problems", "Faces",
           "place", "union", "set_boxes", "label_room", "marks_and_footer", "cut_lines", "keywords", "MARK_WIDTH",
           "FIT_HINT"]

MARK_WIDTH = 0.25
FIT_HINT = "shorten the text, or break a long word with a space or hyphen"
MARK_EDGE = 5 * MM      # crop marks stop at least this far inside the page's edge (a printer's clip zone)
CUT_WIDTH = 0.3          # pt: a rounded cut line (print: corner_radius)
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


#: a component's (or a whole file's) flip → the PDF's /Duplex viewer preference
DUPLEX = {"long-edge": "/DuplexFlipLongEdge", "short-edge": "/DuplexFlipShortEdge", "off": "/Simplex"}


def flip_of(comp: Component) -> str:
    """How a component prints: ``long-edge`` or ``short-edge`` (two-sided), ``off`` (one side,
    a gutterfold deck's too: its backs are beside its fronts; and a board or sheet whose back
    prints apart, a page of its own)."""
    return comp.print.duplex if comp.back is not None and not folds(comp) and not apart(comp) else "off"


def set_viewer_preferences(canvas, flip: str) -> None:
    """Ask the print dialog for actual size and the duplex ``flip`` (long-edge, short-edge or
    off; PDF 1.6 and 1.7 keys: the file says PDF 1.7). A PDF/X-4 file (kit/pdfx.py) is PDF 1.6:
    actual size only."""
    canvas.setViewerPreference("PrintScaling", "None")
    if getattr(canvas, "pdfx", False):
        canvas._doc._pdfVersion = (1, 6)
        return
    canvas.setViewerPreference("Duplex", DUPLEX[flip][1:])
    canvas._doc._pdfVersion = max(canvas._doc._pdfVersion, (1, 7))


def new_canvas(spec: GameSpec, comp: Component, lang: str, pagesize, fonts) -> tuple[Canvas, io.BytesIO]:
    """A canvas for ``comp``'s pages in ``lang`` (its ink and colour mode, its title and flip),
    and the buffer it saves to."""
    buf = io.BytesIO()
    c = kit_canvas(buf, comp.print.ink_saver, comp.print.colour, pagesize=pagesize, invariant=1,
                   pageCompression=1, initialFontName=fonts["sans"], initialFontSize=10, lang=lang)
    title = spec.titles.get(lang, spec.title)
    c.setTitle(f"{title} — {component_title(spec, comp, lang)}")
    c.setAuthor(", ".join(spec.authors))
    c.setCreator(f"forge {__version__}")
    c.setSubject(f"{spec.game} / {comp.name} / {lang}")
    c.setKeywords(keywords(spec, comp.name, lang))
    set_viewer_preferences(c, flip_of(comp))           # print at actual size, with the duplex flip
    return c, buf


def keywords(spec: GameSpec, what: str, lang: str) -> str:
    """A PDF's keywords: the game, the component (or file), the language and the licence."""
    return ", ".join(v for v in (spec.game, what, lang, spec.licence and f"licence: {spec.licence}") if v)


class Problems:
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


class Faces:
    """Draws each distinct face once as a form XObject and remembers its name (None for a
    face that does not fit: its problem is recorded at every row that uses it)."""

    def __init__(self, canvas: Canvas, fonts: dict, card: CardBox, spec: GameSpec, lang: str,
                 problems: Problems, band: bool = False):
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
            if getattr(self.c, "ink_saver", None):     # its ground left out: the card's edge (kit/inks.py)
                self.c.cut_outline(card.w, card.h)
            self.c.endForm()
            self.names[key] = None if exc else name
            if exc:
                self.failed[key] = exc
        return self.names[key]


def place(c: Canvas, slot: Slot, form: str) -> None:
    """The face ``form`` in ``slot``, clipped to the art the slot allows."""
    c.saveState()
    x0, y0, x1, y1 = slot.art
    p = c.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(p, stroke=0, fill=0)
    c.translate(slot.x, slot.y)
    c.doForm(form)
    c.restoreState()


def union(rects) -> tuple[float, float, float, float]:
    """The rectangle (x0, y0, x1, y1) holding every one of ``rects``."""
    rects = list(rects)
    return (min(r[0] for r in rects), min(r[1] for r in rects),
            max(r[2] for r in rects), max(r[3] for r in rects))


def set_boxes(c: Canvas, page, trim, bleed) -> None:
    """The page's TrimBox and its BleedBox (kept inside the page)."""
    W, H = page
    bleed = (max(0.0, bleed[0]), max(0.0, bleed[1]), min(W, bleed[2]), min(H, bleed[3]))
    c.setBleedBox(tuple(round(v, 3) for v in bleed))
    c.setTrimBox(tuple(round(v, 3) for v in trim))


def _bands(slots: list[Slot], page) -> dict[str, float]:
    """The room between the cards (with their bleed) and each edge of the page."""
    W, H = page
    x0, y0, x1, y1 = union(s.art for s in slots)
    return {"bottom": y0, "top": H - y1, "left": x0, "right": W - x1}


def cut_lines(c: Canvas, slots: list[Slot], radius: float) -> None:
    """A cut line round each card, its corners rounded to ``radius``: a thin grey outline at
    the trim, for scissors or a corner rounder (the crop marks still show the straight cuts)."""
    c.saveState()
    c.setLineWidth(CUT_WIDTH)
    c.setStrokeColorRGB(0.5, 0.5, 0.5)
    for s in slots:
        c.roundRect(s.x, s.y, s.w, s.h, radius, stroke=1, fill=0)
    c.restoreState()


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
        if length < MARK_MIN - 1e-6:                  # (a band made for the least mark has it to the last bit)
            continue
        a = round(edge + sign * MARK_GAP, 3)            # as the BleedBox is written: never inside it
        b = edge + sign * (MARK_GAP + length)
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
    need = label_room(marks)
    raise DoesNotFit(f"the label {excerpt(parts[0])} needs {need / MM:.1f} mm between the cards and an edge "
                     f"of the page at {LABEL_MIN:g} pt; the most there is {max(bands.values()) / MM:.1f} mm")


def label_room(marks: bool) -> float:
    """From the page's edge to the cards' bleed: what a sheet's label needs on two lines at
    its least size, with room for the crop marks that point at it."""
    return EDGE + Pen.block_height(2, LABEL_MIN, LEADING) + MARK_GAP + (MARK_MIN if marks else 0) + LABEL_CLEAR


def marks_and_footer(c: Canvas, fonts: dict, slots: list[Slot], page, parts: list[str], marks: bool = True) -> None:
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
