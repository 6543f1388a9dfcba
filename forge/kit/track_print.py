"""How the score track prints: whole on a page of its own, or in pieces on A4 and Letter.

A board whose front layout takes ``pieces`` (the ``track``) is printed here instead of on a
page of exactly its size (kit/render.py). The layouts draw the W × H sheet as always; this
module only decides where it goes:

* ``pieces: 1``: the whole sheet, on a page :data:`RIM` larger on every side, for paper
  cut to W × H or a print shop: TrimBox exactly the sheet, BleedBox the bleed round it (the
  art runs into it), crop marks outside the bleed and the sheet's label beyond them.
* ``pieces: N`` (2 or more): the sheet cut across its width into N pieces that overlap,
  imposed in a row on the build's paper (as many as fit on a sheet, a gap of two bleeds
  between them, each with its bleed at least :data:`MARGIN` inside the page), with crop
  marks and the label as on card sheets, and the ``assemble`` line above the fronts.

Where the cuts go (kit/track_cuts.py): each layout says which x-ranges of its side a cut
must not cross (:data:`KEEP`: the track's spaces and headings, the back's columns), and the
joins are chosen between them, on both sides, the pieces as even as they allow (so they are
unequal). At a join the left-hand piece carries a **glue tab** (white, a light hatch, the
join's letter and the word *glue*, :func:`_draw_tab`) from the cut to the seam, glued under
the right-hand piece, whose left edge lies on the tab's line: the front shows the join at the
cut, the back at the seam (the tab's end, on top from behind). So the tab's back prints the
back's art, and the right-hand piece's back, where it is glued on the tab, is left blank (but
for a bleed's width before the seam). Each join carries a diamond halved by it and its letter
on each side, in the sheet's top and bottom margins (the room the layouts leave empty): at the
cut on the front, at the seam on the back. A piece draws the whole side through a
:class:`WindowPen`, clipped to what it shows: the text wholly outside is left out, so that it
is neither printed nor found by a search.

Duplex: each sheet of fronts is followed by its backs. The paper is turned like the board
(landscape for a wide one), so the paper's flip is the board's: every back is upright at
the mirrored slot (:meth:`Imposition.back_slots` of a one-piece imposition, back offset
included) and shows the part of the back that lies behind its front: the same x for a
long-edge flip of a wide sheet, the mirrored x (W − x) for a short-edge flip.
"""
from __future__ import annotations

from ..errors import SpecError
from ..cardspec.model import MM, PAPERS
from ..cardspec.resolve import component_title, resolve_face
from .art.pen import ReportlabPen
from .gutterfold import apart
from .i18n import ui
from .imposition import MARK_GAP, MARK_LENGTH, Imposition, Slot, mirror_axis
from .label import EDGE, LEADING, MIN_SIZE, SIZE, draw_label, label_parts, label_title
from .registry import CardBox, DoesNotFit
from .sheet import Problems, Rendered, cards_of, marks_and_footer, new_canvas, place, set_boxes, union
from .track import track_keep
from .track_back import track_back_keep
from .track_cuts import NoCut, Piece, gaps, plan_pieces

__all__ = ["render_in_pieces", "WindowPen", "MARGIN", "RIM", "KEEP"]

MARGIN = 5 * MM          # paper edge → a piece's bleed, at least
RIM = 18 * MM            # the whole sheet's trim → its page's edge: bleed, a crop mark, the label
JOIN = 2.2 * MM          # half the join diamond's diagonal
JOIN_SIZE = 7.0          # pt: the join letters
INK = "#404040"
HATCH = "#c4c4c4"        # the glue tab's hatch
#: layout → the x-ranges of its side a cut must not cross (a layout not named here: none)
KEEP = {"track": track_keep, "track_back": track_back_keep}


class WindowPen(ReportlabPen):
    """A pen that leaves out the text lying wholly left or right of ``x0`` … ``x1``.

    Text drawn after a translate, rotate or scale is always kept: where it lands is not
    worked out."""

    def __init__(self, canvas, fonts: dict[str, str], x0: float, x1: float):
        super().__init__(canvas, fonts)
        self.x0, self.x1 = x0, x1
        self._moved = [False]

    def _push(self) -> None:
        super()._push()
        self._moved.append(self._moved[-1])

    def _pop(self) -> None:
        super()._pop()
        self._moved.pop()

    def translate(self, x: float, y: float) -> None:
        self._moved[-1] = True
        super().translate(x, y)

    def rotate(self, degrees: float) -> None:
        self._moved[-1] = True
        super().rotate(degrees)

    def scale(self, sx: float, sy: float | None = None) -> None:
        self._moved[-1] = True
        super().scale(sx, sy)

    def text(self, x, y, s, size, font="sans", anchor="start") -> None:
        """The words of ``s`` that reach into the window, each where it stands in ``s``
        (glyphs advance by their widths alone: no kerning moves them)."""
        if self._moved[-1]:
            return super().text(x, y, s, size, font, anchor)
        left = x - self.text_width(s, size, font) * {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor]
        at = 0
        for word in s.split(" "):
            wx, width = left + self.text_width(s[:at], size, font), self.text_width(word, size, font)
            if word and wx < self.x1 and wx + width > self.x0:
                super().text(wx, y, word, size, font)
            at += len(word) + 1


def _plan(comp, faces: list, params: list[dict], mirrored: bool, count: int, pen: ReportlabPen) -> list[Piece]:
    """The pieces: where each side's layout lets the sheet be cut (the back's x turned into the
    front's when the flip mirrors it), or the whole sheet."""
    W, box = comp.size[0], CardBox(*comp.size, comp.print.bleed, comp.print.margin)
    free = []
    for side, (face, p) in enumerate(zip(faces, params)):
        keep = KEEP.get(face.layout)
        if keep is None:
            free.append([(0.0, W)])
            continue
        ranges = keep(pen, box, p)
        if side == 1 and mirrored:
            ranges = [(W - b, W - a) for a, b in ranges]
        free.append(gaps(ranges, 0.0, W))
    try:
        return plan_pieces(W, count, free[0], free[1] if len(free) > 1 else [(0.0, W)])
    except NoCut as exc:
        raise SpecError(comp.location, f"component '{comp.name}' cannot be cut in {count} pieces: {exc}",
                        hint="try fewer pieces (the layout's 'pieces')") from None


def _sheets(comp, paper: str, pieces: list[Piece]) -> tuple[tuple[float, float], list[list[tuple[int, Slot]]]]:
    """The page and, per sheet, its pieces (their numbers) and slots: the whole sheet on a page
    RIM larger, or the pieces in a row on the paper (turned like the board), as many as fit."""
    (W, H), b = comp.size, comp.print.bleed
    if len(pieces) == 1:
        return (W + 2 * RIM, H + 2 * RIM), [[(0, Slot(RIM, RIM, W, H, (RIM - b, RIM - b, RIM + W + b, RIM + H + b)))]]
    short, long = sorted(v * MM for v in PAPERS[paper])
    page = (long, short) if W > H else (short, long)
    room = page[0] - 2 * MARGIN
    rows: list[list[int]] = [[]]
    for i, piece in enumerate(pieces):
        need = piece.right - piece.left + 2 * b
        if need > room or H + 2 * b > page[1] - 2 * MARGIN:
            raise SpecError(comp.location, f"component '{comp.name}': a piece {need / MM:.0f} × "
                            f"{(H + 2 * b) / MM:.0f} mm with its bleed does not fit on {paper} with "
                            f"{MARGIN / MM:.0f} mm margins",
                            hint="cut it into more pieces (the layout's 'pieces')")
        if sum(pieces[j].right - pieces[j].left + 2 * b for j in rows[-1]) + need > room:
            rows.append([])
        rows[-1].append(i)
    sheets = []
    for row in rows:
        x = (page[0] - sum(pieces[i].right - pieces[i].left + 2 * b for i in row)) / 2 + b
        y = (page[1] - H) / 2
        sheet = []
        for i in row:
            w = pieces[i].right - pieces[i].left
            sheet.append((i, Slot(x, y, w, H, (x - b, y - b, x + w + b, y + H + b))))
            x += w + 2 * b
        sheets.append(sheet)
    return page, sheets


def _back_slot(slot: Slot, page, comp) -> Slot:
    """Where the back of ``slot`` goes: mirrored for the flip, shifted by the back offset."""
    one = Imposition(page, (slot.w, slot.h), comp.print.bleed, 0.0, 1, 1, (slot.x, slot.y))
    return one.back_slots(comp.print.duplex, comp.print.back_offset)[0]


def _join_marks(pen: ReportlabPen, joins: list[tuple[float, str]], H: float, band: float) -> None:
    """At each join ``(x, letter)``, in the sheet's top and bottom margins (``band`` wide), a
    diamond halved by the join and its letter on both sides."""
    pen.style(INK)
    for x, letter in joins:
        for y in (band / 2, H - band / 2):
            pen.polygon([(x - JOIN, y), (x, y + JOIN), (x + JOIN, y), (x, y - JOIN)])
            for side in (-1, 1):
                pen.text(x + side * 2 * JOIN, y - JOIN_SIZE * 0.36, letter, JOIN_SIZE, font="bold", anchor="middle")


def _draw_tab(pen: ReportlabPen, x0: float, x1: float, H: float, bleed: float, letter: str, word: str) -> None:
    """The glue tab from ``x0`` (the line the next piece's edge goes on) to ``x1`` (its end):
    white with a light hatch into the bleed, and down its middle the join's letter three
    times with the word ``word`` between, turned to read upwards."""
    top, bottom = H + bleed, -bleed
    with pen.saved():
        pen.clip_rect(x0, bottom, x1 + bleed - x0, top - bottom)
        pen.style("#ffffff", saver="#ffffff")                   # the same in ink-saver mode
        pen.rect(x0, bottom, x1 + bleed - x0, top - bottom)
        pen.style(None, HATCH, 0.5, saver=HATCH)
        d, step = -(top - bottom), 2.5 * MM
        while d < x1 + bleed - x0:
            pen.line(x0 + d, bottom, x0 + d + (top - bottom), top)
            d += step
    pen.style(None, INK, 0.6)
    pen.line(x0 + 0.3, bottom, x0 + 0.3, top)                   # on the tab, by the art's edge
    cx = (x0 + x1) / 2
    size = pen.fit_size(word, 7.5, H / 6 - 2 * MM, min_size=5)
    for k in range(1, 6):
        y = H * k / 6
        text, font, fsize = (letter, "bold", 9.0) if k % 2 else (word, "sans", size)
        width = pen.text_width(text, fsize, font)
        with pen.saved():
            pen.translate(cx, y)
            if k % 2 == 0:
                pen.rotate(90)
            pen.style("#ffffff", saver="#ffffff")
            pen.rect(-width / 2 - 0.8 * MM, -fsize * 0.45, width + 1.6 * MM, fsize * 1.1)
            pen.style(INK)
            pen.text(0, -fsize * 0.36, text, fsize, font=font, anchor="middle")


def _assemble(pen: ReportlabPen, page, top_of_pieces: float, text: str) -> None:
    """The ``assemble`` line in the band above the pieces, clear of the crop marks."""
    W, H = page
    top = H - EDGE
    room = H - top_of_pieces - MARK_GAP - MARK_LENGTH - 1 * MM - EDGE
    size, lines = pen.fit_lines(text, SIZE, W - 2 * EDGE, room, leading=LEADING, min_size=MIN_SIZE)
    draw_label(pen, W / 2, top, lines, size)


def render_in_pieces(spec, comp, lang: str, paper: str, fonts: dict, problems: Problems) -> Rendered:
    """The board ``comp`` as its front layout's ``pieces`` asks (see the module docstring)."""
    (W, H), bleed = comp.size, comp.print.bleed
    rows = list(cards_of(comp, lang))
    duplex = comp.print.duplex != "off" and comp.back is not None
    mirrored = mirror_axis(comp.print.duplex, W > H) == "x"       # the back's x runs the other way
    faces = [comp.front, comp.back] if duplex else [comp.front]
    params = [resolve_face(face, rows[0], lang, spec) for face in faces]
    count = max(1, int(round(float(params[0]["pieces"]))))
    c, buf = new_canvas(spec, comp, lang, (W, H), fonts)
    pieces = _plan(comp, faces, params, mirrored, count, ReportlabPen(c, fonts))
    page, sheets = _sheets(comp, paper, pieces)
    c.setPageSize(page)
    letters = [chr(ord("A") + j) for j in range(count - 1)]
    cuts = [(p.tab, letter) for p, letter in zip(pieces, letters)]
    seams = [(W - p.right if mirrored else p.right, letter) for p, letter in zip(pieces, letters)]
    box = CardBox(W, H, bleed, comp.print.margin)
    forms: dict[tuple, str] = {}

    def form(side: str, face, r: int, i: int) -> str:
        """Piece ``i`` of row ``r``'s ``side``, drawn once: its trim from (0, 0)."""
        if (side, r, i) not in forms:
            forms[side, r, i] = name = f"{side}{r}-{i}"
            p = pieces[i]
            if side == "front":
                origin, shown = p.left, (p.left - bleed, p.tab if p.tab < p.right else W + bleed)
            else:                                                   # what it shows, in the back's own x
                origin, shown = (W - p.right, (W - p.right - bleed, W - p.shows + bleed)) if mirrored else \
                    (p.left, (p.shows - bleed, p.right + bleed))
            c.beginForm(name, -bleed, -bleed, p.right - p.left + bleed, H + bleed)
            c.saveState()
            c.translate(-origin, 0)
            pen = WindowPen(c, fonts, *shown)
            pen.clip_rect(shown[0], -bleed, shown[1] - shown[0], H + 2 * bleed)
            problems.draw(face, rows[r], pen, box, resolve_face(face, rows[r], lang, spec))
            _join_marks(pen, cuts if side == "front" else seams, H, comp.print.margin)
            c.restoreState()
            if side == "front" and p.tab < p.right:
                _draw_tab(ReportlabPen(c, fonts), p.tab - p.left, p.right - p.left, H, bleed, letters[i],
                          ui(lang, "glue"))
            c.endForm()
        return forms[side, r, i]

    runs = [[(r, i, slot) for i, slot in sheet] for r in range(len(rows)) for sheet in sheets]
    for n, run in enumerate(runs, 1):
        sides = [("front", comp.front, [slot for _, _, slot in run])]
        if duplex:
            sides.append(("back", comp.back, [_back_slot(slot, page, comp) for _, _, slot in run]))
        for side, face, slots in sides:
            for (r, i, _), slot in zip(run, slots):
                place(c, slot, form(side, face, r, i))
            parts = label_parts(lang, label_title(spec, lang), component_title(spec, comp, lang), side, n, len(runs),
                                comp.print.duplex if duplex else None, page, apart=apart(comp))
            try:
                marks_and_footer(c, fonts, slots, page, parts, comp.print.crop_marks)
                if side == "front" and count > 1 and params[0]["assemble"].strip():
                    _assemble(ReportlabPen(c, fonts), page, max(s.art[3] for s in slots), params[0]["assemble"])
            except DoesNotFit as exc:
                raise SpecError(comp.location, f"the sheet's label does not fit on {paper}: {exc}",
                                hint="shorten the game's or the component's title, or the 'assemble' line") from None
            set_boxes(c, page, union((s.x, s.y, s.x + s.w, s.y + s.h) for s in slots), union(s.art for s in slots))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(runs) * (2 if duplex else 1), comp.count(lang))
