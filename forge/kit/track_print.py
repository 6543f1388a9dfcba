"""How the score track prints: whole on a page of its own, or in pieces on A4 and Letter.

A board whose front layout takes ``pieces`` (the ``track``) is printed here instead of on a
page of exactly its size (kit/render.py). The layouts draw the W × H sheet as always; this
module only decides where it goes:

* ``pieces: 1``: the whole sheet, on a page :data:`RIM` larger on every side, for paper
  cut to W × H or a print shop: TrimBox exactly the sheet, BleedBox the bleed round it (the
  art runs into it), crop marks outside the bleed and the sheet's label beyond them.
* ``pieces: N`` (2 or more): the sheet cut across its width into N equal strips, imposed
  on the build's paper like cards (kit/imposition.py, a gap of two bleeds between strips),
  each strip with its bleed at least :data:`MARGIN` inside the page, with crop marks and
  the label as on card sheets, and the ``assemble`` line above the fronts. A strip draws
  the whole sheet through a :class:`WindowPen`, clipped to its own window: the text wholly
  outside it is left out, so that it is neither printed nor found by a search. Each cut
  carries a join mark in the sheet's top and bottom margins (the room the layout leaves
  empty): a diamond halved by the cut, and the cut's letter on each side. Laid edge to edge,
  A to A and B to B, the strips make the W × H sheet.

Duplex: each sheet of fronts is followed by its backs. The paper is turned like the board
(landscape for a wide one), so the paper's flip is the board's: every back is upright at
the mirrored slot (:meth:`Imposition.back_slots`, back offset included) and shows the part
of the back that lies behind its front: the same strip for a long-edge flip of a wide sheet,
the mirrored one (N − 1 − i) for a short-edge flip.
"""
from __future__ import annotations

from ..errors import SpecError
from ..cardspec.model import MM, PAPERS
from ..cardspec.resolve import component_title, resolve_face
from .art.pen import ReportlabPen
from .imposition import MARK_GAP, MARK_LENGTH, Imposition, NoFit, impose, mirror_axis
from .label import EDGE, LEADING, MIN_SIZE, SIZE, draw_label, label_parts, label_title
from .registry import CardBox, DoesNotFit
from .sheet import Problems, Rendered, cards_of, marks_and_footer, new_canvas, place, set_boxes, union

__all__ = ["render_in_pieces", "WindowPen", "MARGIN", "RIM"]

MARGIN = 5 * MM          # paper edge → a strip's bleed, at least
RIM = 18 * MM            # the whole sheet's trim → its page's edge: bleed, a crop mark, the label
JOIN = 2.2 * MM          # half the join diamond's diagonal
JOIN_SIZE = 7.0          # pt: the join letters
INK = "#404040"


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


def _imposition(comp, paper: str, pieces: int) -> Imposition:
    """Where the strips go: the whole sheet on its own page, or N strips on the paper."""
    (W, H), bleed = comp.size, comp.print.bleed
    if pieces == 1:
        return Imposition((W + 2 * RIM, H + 2 * RIM), (W, H), bleed, 0.0, 1, 1, (RIM, RIM))
    paper_pt = tuple(v * MM for v in PAPERS[paper])
    try:
        return impose(paper_pt, (W / pieces, H), bleed, MARGIN, "landscape" if W > H else "portrait", "bleed")
    except NoFit as exc:
        raise SpecError(comp.location, f"component '{comp.name}' in {pieces} pieces does not fit on {paper} ({exc})",
                        hint="cut it into more pieces (the layout's 'pieces')") from None


def _join_marks(pen: ReportlabPen, W: float, H: float, pieces: int, band: float, mirrored: bool) -> None:
    """At each cut, in the sheet's top and bottom margins (``band`` wide), a diamond halved
    by the cut and the cut's letter on both sides (the back of a mirrored flip counts the
    cuts from the other end, so that each back letter lies behind its front letter)."""
    pen.style(INK)
    for j in range(1, pieces):
        x = j * W / pieces
        letter = chr(ord("A") + (pieces - j if mirrored else j) - 1)
        for y in (band / 2, H - band / 2):
            pen.polygon([(x - JOIN, y), (x, y + JOIN), (x + JOIN, y), (x, y - JOIN)])
            for side in (-1, 1):
                pen.text(x + side * 2 * JOIN, y - JOIN_SIZE * 0.36, letter, JOIN_SIZE, font="bold", anchor="middle")


def _assemble(pen: ReportlabPen, imp: Imposition, text: str) -> None:
    """The ``assemble`` line in the band above the strips, clear of the crop marks."""
    W, H = imp.page
    top = H - EDGE
    room = H - imp.bleed_block()[3] - MARK_GAP - MARK_LENGTH - 1 * MM - EDGE
    size, lines = pen.fit_lines(text, SIZE, W - 2 * EDGE, room, leading=LEADING, min_size=MIN_SIZE)
    draw_label(pen, W / 2, top, lines, size)


def render_in_pieces(spec, comp, lang: str, paper: str, fonts: dict, problems: Problems) -> Rendered:
    """The board ``comp`` as its front layout's ``pieces`` asks (see the module docstring)."""
    (W, H), bleed = comp.size, comp.print.bleed
    rows = list(cards_of(comp, lang))
    front = resolve_face(comp.front, rows[0], lang, spec)
    pieces = max(1, int(round(float(front["pieces"]))))
    imp = _imposition(comp, paper, pieces)
    c, buf = new_canvas(spec, comp, lang, imp.page, fonts)
    duplex = comp.print.duplex != "off" and comp.back is not None
    mirrored = mirror_axis(comp.print.duplex, W > H) == "x"       # the back's strips run the other way
    strips = [(r, i) for r in range(len(rows)) for i in range(pieces)]
    sheets = [strips[k:k + imp.per_sheet] for k in range(0, len(strips), imp.per_sheet)]
    game, component = label_title(spec, lang), component_title(spec, comp, lang)
    box, w = CardBox(W, H, bleed, comp.print.margin), W / pieces
    forms: dict[tuple, str] = {}

    def strip(side: str, face, r: int, i: int) -> str:
        """The form of strip ``i`` of row ``r``'s ``side``, drawn once: its trim from (0, 0)."""
        if (side, r, i) not in forms:
            forms[side, r, i] = name = f"{side}{r}-{i}"
            x0 = i * w
            c.beginForm(name, -bleed, -bleed, w + bleed, H + bleed)
            c.translate(-x0, 0)
            pen = WindowPen(c, fonts, x0 - bleed, x0 + w + bleed)
            problems.draw(face, rows[r], pen, box, resolve_face(face, rows[r], lang, spec))
            _join_marks(pen, W, H, pieces, comp.print.margin, side == "back" and mirrored)
            c.endForm()
        return forms[side, r, i]

    for n, sheet in enumerate(sheets, 1):
        sides = [("front", comp.front, imp.slots(len(sheet)))]
        if duplex:
            sides.append(("back", comp.back, imp.back_slots(comp.print.duplex, comp.print.back_offset, len(sheet))))
        for side, face, slots in sides:
            for (r, i), slot in zip(sheet, slots):
                place(c, slot, strip(side, face, r, pieces - 1 - i if side == "back" and mirrored else i))
            parts = label_parts(lang, game, component, side, n, len(sheets), comp.print.duplex if duplex else None,
                                imp.page)
            try:
                marks_and_footer(c, fonts, slots, imp.page, parts, comp.print.crop_marks)
                if side == "front" and pieces > 1 and front["assemble"].strip():
                    _assemble(ReportlabPen(c, fonts), imp, front["assemble"])
            except DoesNotFit as exc:
                raise SpecError(comp.location, f"the sheet's label does not fit on {paper}: {exc}",
                                hint="shorten the game's or the component's title, or the 'assemble' line") from None
            set_boxes(c, imp.page, union((s.x, s.y, s.x + s.w, s.y + s.h) for s in slots),
                       union(s.art for s in slots))
            c.showPage()
    c.save()
    return Rendered(buf.getvalue(), len(sheets) * (2 if duplex else 1), comp.count(lang))
