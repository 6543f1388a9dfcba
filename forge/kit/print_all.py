"""One file to print: ``<game>/<lang>/print-all-<paper>.pdf``, every component of a kit in
print order, built from the component PDFs of the same run.

* **Order.** Components in the spec's order. A deck's full sheets are its own PDF's pages,
  fronts and backs interleaved; the cards of its last, partly filled sheet go to *shared
  sheets*: the leftovers of every deck imposed alike (same card size, bleed, margin,
  spacing, duplex flip) are laid out together, their backs registered as on any sheet, and
  printed after the last of those decks. A deck whose leftovers went to a shared sheet is
  rendered again with the cards of its full sheets only, so that their labels count the
  sheets of it the file holds ("sheet 7/7"; its own PDF says "sheet 7/8"). A gutterfold deck
  (kit/gutterfold.py: each page one-sided, its backs beside its fronts) keeps all its own
  sheets, last one included. Boards and sheets follow as in their own PDFs (a back printed
  apart for a one-sided printer: a page of its own after its front, labelled ``track 1
  back``); pages of another size than the paper (the 297 × 155 mm track for cut paper) are
  left out.
* **Duplex.** The file asks for the flip of most of its two-sided pages (the first in spec
  order on a tie); a back meant for the other flip is turned 180°, which is what the other
  flip does. One-sided pages of a two-sided file are each followed by a blank back (labelled),
  so every sheet stays one page pair. With no two-sided page the file is simplex: so is every
  kit built ``--gutterfold`` (folded decks, boards' backs apart).
* **Navigation.** A bookmark per component, at the first page holding its cards; page labels
  ``<component> <sheet> <side>`` (``votes 2 backs``, as in ``votes-<paper>.pdf``), ``shared
  <n> <side>`` on shared sheets (whose printed label names their components and says "shared
  sheet <n>/<the file's shared sheets>"); viewer preferences PrintScaling /None and Duplex, as
  in every component PDF (:func:`~forge.kit.sheet.set_viewer_preferences`).

pikepdf (libqpdf) joins the pages: each page and its fonts and forms copied as they are
(objects shared by a component's pages copied once, their streams not decoded), so a kit's
sheets draw exactly what the component's do; a turned back only gets its content wrapped in
``q -1 0 0 -1 W H cm … Q`` and its trim and bleed boxes turned (never /Rotate). Only the
shared sheets and blank backs are drawn here, with reportlab and the pieces every sheet is
made of (kit/sheet.py), and the renumbered decks by the renderer (kit/render.py). The file is
PDF 1.7, every stream compressed (as read, or as drawn); no date is written and its /ID is made
from its content: the same inputs give the same bytes.
"""
from __future__ import annotations

import hashlib
import io
import re
import zlib
from dataclasses import dataclass, replace

from pikepdf import Array, Dictionary, Name, ObjectStreamMode, OutlineItem, Pdf, Stream, StreamDecodeLevel, String

from .. import __version__
from ..errors import ErrorGroup, SpecError
from ..cardspec.model import MM, PAPERS, Component, GameSpec
from ..cardspec.resolve import component_title
from .art.pen import ReportlabPen
from .fonts import register_fonts
from .gutterfold import apart, folds
from .i18n import ui
from .imposition import impose
from .inks import kit_canvas
from .label import EDGE, LEADING, MIN_SIZE, SIZE, draw_label, label_parts, label_title
from .registry import SAFE, CardBox, DoesNotFit
from .render import render_component
from .sheet import (DUPLEX, Faces, Problems, Rendered, cards_of, cut_lines, flip_of, keywords, label_room,
                    marks_and_footer, new_canvas, place, set_boxes, union)

__all__ = ["print_all", "print_all_name"]

#: the page label of a shared sheet ("shared 2 backs"), by language (English otherwise)
SHARED = {"en": "shared", "fr": "commune", "de": "gemeinsam"}
#: the name of an embedded font subset: a six-letter tag, "+", the font's name
SUBSET = re.compile(r"^/?[A-Z]{6}\+")


def print_all_name(paper: str) -> str:
    return f"print-all-{paper}.pdf"


@dataclass
class _Page:
    """One page of the file: page ``index`` of ``source`` (None: a blank back, drawn later)."""

    source: Pdf | None
    index: int
    label: str
    turn: bool = False             # a back printed with the other flip: turned 180°
    blank_of: tuple = ()           # a blank back: (MediaBox, TrimBox, BleedBox, label lines) of its front


class _Kit:
    """The pages of one game in one language on one paper, in print order."""

    def __init__(self, spec: GameSpec, lang: str, paper: str, pdfs: dict[str, bytes]):
        self.spec, self.lang, self.paper = spec, lang, paper
        self.comps = [c for c in spec.components.values() if c.name in pdfs]
        self.readers = {c.name: Pdf.open(io.BytesIO(pdfs[c.name])) for c in self.comps}
        self.game = label_title(spec, lang)
        self.pages: list[_Page] = []
        self.first: dict[str, int] = {}            # component → its first page
        self.shared = 0                             # shared sheets so far
        self.shared_total = 0                       # shared sheets in the file
        self.flip = self._file_flip()

    def _on_paper(self, comp: Component) -> list[int]:
        want = sorted(v * MM for v in PAPERS[self.paper])
        sizes = [sorted(_size(p.mediabox)) for p in self.readers[comp.name].pages]
        return [i for i, size in enumerate(sizes) if all(abs(a - b) < 1 for a, b in zip(size, want))]

    def _file_flip(self) -> str:
        """The flip of most two-sided pages (the first in spec order on a tie), or ``off``."""
        pages: dict[str, int] = {}
        for comp in self.comps:
            if flip_of(comp) != "off":
                pages[flip_of(comp)] = pages.get(flip_of(comp), 0) + len(self._on_paper(comp))
        return max(pages, key=pages.get) if pages else "off"

    def add(self, source: Pdf, index: int, flip: str, name: str, what: str, n: int, total: int,
            sheet: str = "sheet") -> None:
        """Add page ``index`` of ``source``, page label ``name`` and its side, ``sheet`` ``n``
        of ``total`` of ``what`` (a ui word: sheet, shared_sheet); a one-sided page of a
        two-sided file gets its blank back."""
        side = "backs" if flip != "off" and index % 2 else "fronts"
        duplex = self.flip != "off"
        self.pages.append(_Page(source, index, f"{name} {ui(self.lang, side)}" if duplex else name,
                                turn=side == "backs" and flip != self.flip))
        if duplex and flip == "off":
            page = source.pages[index]
            lines = label_parts(self.lang, self.game, what, "backs", n, total, self.flip, _size(page.mediabox),
                                sheet=sheet)
            self.pages.append(_Page(None, 0, f"{name} {ui(self.lang, 'backs')}",
                                    blank_of=(_size(page.mediabox), list(page.trimbox), list(page.bleedbox), lines)))

    def own(self, comp: Component, pages) -> None:
        """Add ``pages`` (indexes) of the component's own PDF (a board's back printed apart:
        its own page, labelled ``track 1 back``)."""
        reader, flip = self.readers[comp.name], flip_of(comp)
        sides = 2 if flip != "off" or apart(comp) else 1            # pages a sheet
        for i in pages:
            self.first.setdefault(comp.name, len(self.pages))
            n = i // sides + 1
            name = f"{comp.name} {n} {ui(self.lang, ('front', 'back')[i % 2])}" if apart(comp) else f"{comp.name} {n}"
            self.add(reader, i, flip, name, component_title(self.spec, comp, self.lang), n, len(reader.pages) // sides)

    def build(self) -> list[_Page]:
        full: dict[str, int] = {}                  # deck imposed here → its full sheets
        pools: dict[tuple, list] = {}              # imposition → the leftover cards of its decks
        for comp in self.comps:
            if comp.kind != "deck" or folds(comp):      # a gutterfold deck keeps its own sheets
                continue
            per, cards = _per_sheet(comp, self.paper), list(cards_of(comp, self.lang))
            sides, pages = (1 if flip_of(comp) == "off" else 2), len(self.readers[comp.name].pages)
            if pages != sides * -(-len(cards) // per):                   # the renderer imposed otherwise
                raise RuntimeError(f"print-all: {comp.name} ({self.paper}) has {pages} pages, "
                                   f"expected {sides} × ⌈{len(cards)} / {per}⌉")
            full[comp.name] = len(cards) // per
            pools.setdefault(self._imposition(comp), []).extend((comp, row) for row in cards[full[comp.name] * per:])
        last = {self._imposition(comp): comp.name for comp in self.comps if comp.name in full}
        self.shared_total = sum(-(-len(cards) // _per_sheet(cards[0][0], self.paper)) for cards in pools.values()
                                if len(_components(cards)) > 1)
        for comp in self.comps:
            if comp.name not in full:
                self.own(comp, self._on_paper(comp))
                continue
            key = self._imposition(comp)
            shared = {c.name for c, _ in pools[key]}        # the decks whose leftovers are pooled
            if full[comp.name] and comp.name in shared and len(shared) > 1:
                self._renumber(comp, full[comp.name] * _per_sheet(comp, self.paper))
            self.own(comp, range(full[comp.name] * (1 if flip_of(comp) == "off" else 2)))
            if last[key] == comp.name and pools[key]:
                self._shared(pools[key], key[-1])
        return self.pages

    def _renumber(self, comp: Component, cards: int) -> None:
        """The deck's own sheets for this file, whose last sheet went to a shared one: its PDF
        rendered again with its first ``cards`` cards, so that their labels count the sheets
        the file holds ("sheet 7/7", not the own PDF's "sheet 7/8")."""
        rows, kept = [], cards
        for row in comp.rows_for(self.lang):
            if kept > 0:
                rows.append(replace(row, copies=min(row.copies, kept)))
                kept -= row.copies
        data = render_component(self.spec, replace(comp, rows=rows, lang_rows={}), self.lang, self.paper).data
        self.readers[comp.name] = Pdf.open(io.BytesIO(data))

    def _imposition(self, comp: Component) -> tuple:
        """What decks must share to be imposed together, the flip last: a one-sided deck's
        cards join two-sided ones (their backs left blank) when the file is two-sided."""
        ps, flip = comp.print, flip_of(comp)
        return (comp.size, ps.bleed, ps.margin, ps.orientation, ps.spacing, ps.back_offset, ps.crop_marks,
                ps.ink_saver, ps.colour, self.flip if flip == "off" else flip)

    def _shared(self, cards: list, flip: str) -> None:
        """The shared sheets of one imposition (one deck's leftovers alone: its own last sheet)."""
        on = _components(cards)
        if len(on) == 1:
            pages = len(self.readers[on[0].name].pages)
            self.own(on[0], range(pages - (1 if flip_of(on[0]) == "off" else 2), pages))
            return
        sides = 1 if flip == "off" else 2
        data, sheets = _shared_sheets(self.spec, self.lang, self.paper, cards, flip, self.shared + 1,
                                      self.shared_total)
        reader = Pdf.open(io.BytesIO(data))
        for n, on in enumerate(sheets, 1):
            for comp in on:
                self.first.setdefault(comp.name, len(self.pages))
            self.shared += 1
            what = ", ".join(component_title(self.spec, c, self.lang) for c in on)
            for i in range((n - 1) * sides, n * sides):
                self.add(reader, i, flip, f"{SHARED.get(self.lang, SHARED['en'])} {self.shared}", what, self.shared,
                         self.shared_total, sheet="shared_sheet")


def _per_sheet(comp: Component, paper: str) -> int:
    ps = comp.print
    return impose(tuple(v * MM for v in PAPERS[paper]), comp.size, ps.bleed, ps.margin, ps.orientation,
                  ps.spacing, label_room(ps.crop_marks)).per_sheet


def _shared_sheets(spec: GameSpec, lang: str, paper: str, cards: list, flip: str, first: int,
                   total: int) -> tuple[bytes, list]:
    """The leftover cards of decks imposed alike, laid out together as the renderer lays out a
    deck (same grid, backs, crop marks, boxes; the back of a one-sided card left blank), the
    first one labelled shared sheet ``first`` of the file's ``total``; the components on each
    sheet."""
    fonts = register_fonts()
    comp0 = cards[0][0]
    ps = comp0.print
    imp = impose(tuple(v * MM for v in PAPERS[paper]), comp0.size, ps.bleed, ps.margin, ps.orientation, ps.spacing,
                 label_room(ps.crop_marks), count=len(cards))      # as render.py: a part sheet's grid fits its cards
    c, buf = new_canvas(spec, comp0, lang, imp.page, fonts)
    problems = Problems(lang)
    faces = Faces(c, fonts, CardBox(comp0.size[0], comp0.size[1], ps.bleed, SAFE), spec, lang, problems,
                   band=imp.gap == 0 and imp.per_sheet > 1)     # as render.py: butted cards keep a paper band
    sheets = [cards[i:i + imp.per_sheet] for i in range(0, len(cards), imp.per_sheet)]
    game = label_title(spec, lang)
    for n, sheet in enumerate(sheets, 1):
        sides = [("fronts", imp.slots(len(sheet)))]
        if flip != "off":
            sides.append(("backs", imp.back_slots(flip, ps.back_offset, len(sheet))))
        on = _components(sheet)
        for side, used in sides:
            for (comp, row), slot in zip(sheet, used):
                face = comp.front if side == "fronts" else comp.back if flip_of(comp) != "off" else None
                form = face and faces.form(face, row)
                if form:
                    place(c, slot, form)
            if side == "fronts" and ps.corner_radius:
                cut_lines(c, used, ps.corner_radius)
            names = [", ".join(component_title(spec, cp, lang) for cp in on), "+".join(cp.name for cp in on)]
            _label(c, fonts, used, imp.page, ps.crop_marks, comp0,
                   [label_parts(lang, game, what, side, first + n - 1, total, None if flip == "off" else flip,
                                imp.page, sheet="shared_sheet") for what in names])
            set_boxes(c, imp.page, union((s.x, s.y, s.x + s.w, s.y + s.h) for s in used), union(s.art for s in used))
            c.showPage()
    c.save()
    if problems.errors:
        raise ErrorGroup(problems.errors)
    return buf.getvalue(), [_components(sheet) for sheet in sheets]


def _components(cards: list) -> list[Component]:
    """The components of ``cards``, each once, in order."""
    return list({comp.name: comp for comp, _ in cards}.values())


def _label(c, fonts, used, page, marks: bool, comp: Component, choices: list[list[str]]) -> None:
    """The sheet's label (the first of ``choices`` that fits: the components' titles, else
    their names) and its crop marks, as the renderer draws them."""
    for parts in choices:
        try:
            return marks_and_footer(c, fonts, used, page, parts, marks)
        except DoesNotFit as exc:
            error = exc
    raise ErrorGroup([SpecError(comp.location, f"the label of a shared sheet of print-all does not fit: {error}",
                                hint="shorten the game's or the components' titles")])


def _blank_backs(blanks: list[_Page], colour: str) -> Pdf:
    """The blank backs of one-sided pages: the sheet's label, its boxes, nothing else."""
    fonts = register_fonts()
    buf = io.BytesIO()
    c = kit_canvas(buf, colour=colour, invariant=1, pageCompression=1, initialFontName=fonts["sans"],
                   initialFontSize=SIZE)
    for blank in blanks:
        (W, H), trim, bleed, lines = blank.blank_of
        c.setPageSize((W, H))
        pen = ReportlabPen(c, fonts)
        size = min(SIZE, SIZE * (W - 2 * EDGE) / max(pen.text_width(t, SIZE) for t in lines))
        if size < MIN_SIZE:              # the same words fit beside the front's cards: never met
            raise DoesNotFit(f"the label {lines[0]!r} is wider than the page")
        draw_label(pen, W / 2, EDGE + pen.block_height(len(lines), size, LEADING), lines, size)
        c.setTrimBox(tuple(float(v) for v in trim))
        c.setBleedBox(tuple(float(v) for v in bleed))
        c.showPage()
    c.save()
    return Pdf.open(io.BytesIO(buf.getvalue()))


def _size(box) -> tuple[float, float]:
    """The width and height of a box ([x0 y0 x1 y1])."""
    x0, y0, x1, y1 = (float(v) for v in box)
    return x1 - x0, y1 - y0


def _turn(out: Pdf, page) -> None:
    """Turn a page 180° in place (content and boxes): a back laid out for the other flip. PDF
    reals are read as decimals: the turn and the turned boxes are exact."""
    x0, y0, x1, y1 = page.mediabox
    W, H = x1 - x0, y1 - y0
    page.contents_coalesce()
    content = f"q\n-1 0 0 -1 {W:f} {H:f} cm\n".encode() + page.obj.Contents.read_bytes() + b"\nQ\n"
    page.obj.Contents = out.make_stream(b"")
    page.obj.Contents.write(zlib.compress(content), filter=Name.FlateDecode)
    for name in ("/TrimBox", "/BleedBox"):
        if name in page.obj:
            x0, y0, x1, y1 = page.obj[name]
            page.obj[name] = Array([W - x1, H - y1, W - x0, H - y0])


def print_all(spec: GameSpec, lang: str, paper: str, pdfs: dict[str, bytes]) -> Rendered:
    """The one file to print of ``spec`` in ``lang`` on ``paper``, from its component PDFs
    (component name → bytes, as rendered by :func:`forge.kit.render.render_component`)."""
    kit = _Kit(spec, lang, paper, pdfs)
    pages = kit.build()
    blanks = [p for p in pages if p.source is None]
    if blanks:
        reader = _blank_backs(blanks, kit.comps[0].print.colour)
        for k, p in enumerate(blanks):
            p.source, p.index = reader, k
    w = Pdf.new()
    for p in pages:            # each source's objects are copied once, however many of its pages come
        w.pages.append(p.source.pages[p.index])
        if p.turn:
            _turn(w, w.pages[-1])
    _tag_subsets(w)
    root = w.Root
    root.PageLabels = w.make_indirect(Dictionary(Nums=Array([x for i, p in enumerate(pages)
                                                             for x in (i, Dictionary(P=p.label))])))
    with w.open_outline() as outline:
        for name, at in sorted(kit.first.items(), key=lambda item: item[1]):
            outline.root.append(OutlineItem(component_title(spec, spec.components[name], lang), action=Dictionary(
                S=Name.GoTo, D=Array([w.pages[at].obj, Name.Fit]))))
    root.PageMode = Name.UseOutlines
    root.ViewerPreferences = Dictionary(PrintScaling=Name("/None"), Duplex=Name(DUPLEX[kit.flip]))
    root.Lang = String(lang)
    w.docinfo = w.make_indirect(Dictionary(
        Title=f"{kit.game} — print-all-{paper}", Author=", ".join(spec.authors), Creator=f"forge {__version__}",
        Producer=f"forge {__version__} (reportlab, pikepdf)", Subject=f"{spec.game} / print-all / {lang} / {paper}",
        Keywords=keywords(spec, "print-all", lang)))
    buf = io.BytesIO()
    # streams written as read (reportlab compresses them all, in binary: kit/inks.py): qpdf's
    # compress_streams would decode and compress them again (the join 2.4 × slower)
    w.save(buf, force_version="1.7", compress_streams=False, stream_decode_level=StreamDecodeLevel.none,
           object_stream_mode=ObjectStreamMode.disable, deterministic_id=True)
    cards = sum(c.count(lang) for c in kit.comps if c.name in kit.first)
    return Rendered(buf.getvalue(), len(pages), cards)


def _tag_subsets(w: Pdf) -> None:
    """Give each embedded font subset the tag of its own bytes: reportlab tags every subset of a
    document ``AAAAAA+``, and a file joined from several documents would hold different subsets
    of one font under one name, which a print shop's preflight flags (and a viewer may mix)."""
    seen: set[tuple[int, int]] = set()         # dictionaries by object number (a direct one: (0, 0))

    def once(obj) -> bool:
        """Not seen yet (a direct object: always): each font and form, and each /Font and
        /XObject dictionary the pages and forms share, is looked at once."""
        if not isinstance(obj, (Dictionary, Stream)) or obj.objgen in seen:
            return False
        if obj.objgen != (0, 0):
            seen.add(obj.objgen)
        return True

    def walk(resources) -> None:
        if not once(resources):
            return
        fonts, xobjects = resources.get("/Font"), resources.get("/XObject")
        for font in (fonts.values() if once(fonts) else ()):
            if not once(font):
                continue
            descriptor, base = font.get("/FontDescriptor"), str(font.get("/BaseFont", ""))
            if not isinstance(descriptor, Dictionary) or not SUBSET.match(base):
                continue
            stream = next((descriptor[k] for k in ("/FontFile2", "/FontFile3", "/FontFile") if k in descriptor), None)
            if stream is None:
                continue
            digest = hashlib.sha256(stream.read_bytes()).digest()
            tag = "".join(chr(ord("A") + b % 26) for b in digest[:6])
            font.BaseFont = descriptor.FontName = Name(f"/{tag}+{base.split('+', 1)[1]}")
        for xobject in (xobjects.values() if once(xobjects) else ()):
            if once(xobject):
                walk(xobject.get("/Resources"))
    for page in w.pages:
        walk(page.obj.get("/Resources"))
