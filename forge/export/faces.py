"""The distinct faces of a deck, drawn as the print kit draws them, rasterised to pixels.

Each distinct face is drawn once by kit/sheet.py's ``Faces`` (the form XObjects the printed
sheets place) onto a page of its own, the card with its bleed, in one PDF held in memory; then
pypdfium2 (PDFium, installed with pip: no system tool at run time) rasterises each page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from PIL import Image

from ..cardspec.model import Component, GameSpec, Row
from ..errors import ErrorGroup, InputError
from ..kit.fonts import register_fonts
from ..kit.registry import SAFE, CardBox, DoesNotFit
from ..kit.sheet import Faces, Problems, new_canvas

__all__ = ["DeckFaces", "deck_faces", "pixels"]

#: the plain card in the hidden slot of a deck whose backs differ (the back layout, untitled colours)
PLAIN = {"colour": "#5f6368", "accent": "#dadce0", "emblem": "", "pattern": "lattice"}


@dataclass(frozen=True)
class DeckFaces:
    """A deck's faces in one language: ``pdf`` holds one page per distinct face, the card with
    its ``bleed`` round its ``size`` (points). ``rows`` are the rows that print cards, as
    (number in the component's rows, 1-based; row); ``fronts`` and ``backs`` give each its
    face's page (``backs`` None: the deck has no back). ``hidden`` is the page shown for a card
    others hold: the back when every card has the same, else a plain card with the game's title."""

    comp: Component
    pdf: bytes
    size: tuple[float, float]
    bleed: float
    rows: list[tuple[int, Row]]
    fronts: list[int]
    backs: list[int] | None
    hidden: int

    @property
    def common_back(self) -> int | None:
        """The page of the one back every card has, or None."""
        return self.backs[0] if self.backs and len(set(self.backs)) == 1 else None

    def images(self, dpi: float, bleed: bool, pages: set[int] | None = None) -> Iterator[tuple[int, Image.Image]]:
        """(page, its RGB image at ``dpi``) for every page, or each of ``pages``, in order: the
        card with its bleed, or cropped to its trim. One is rendered at a time, so that a caller
        that keeps none holds one card's pixels (a 60-megapixel card at most: 240 MB) at once."""
        import pypdfium2 as pdfium
        import pypdfium2.raw as raw
        k = dpi / 72
        (w, h), b = self.size, self.bleed
        full = (round((w + 2 * b) * k), round((h + 2 * b) * k))
        size, offset = (full, 0) if bleed else ((round(w * k), round(h * k)), round(b * k))

        def render(page) -> Image.Image:
            bitmap = pdfium.PdfBitmap.new_native(*size, raw.FPDFBitmap_BGR, rev_byteorder=True)
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, *size)
            raw.FPDF_RenderPageBitmap(bitmap, page, -offset, -offset, *full, 0, raw.FPDF_REVERSE_BYTE_ORDER)
            image = bitmap.to_pil().convert("RGB")
            bitmap.close()
            page.close()
            return image
        doc = pdfium.PdfDocument(self.pdf)
        try:
            for n in range(len(doc)):
                if pages is None or n in pages:
                    yield n, render(doc[n])               # not kept here: the caller drops it
        finally:
            doc.close()


def pixels(comp: Component, dpi: float, bleed: bool) -> tuple[int, int]:
    """A card's size in pixels at ``dpi``, with its bleed or trimmed (as :meth:`DeckFaces.images`)."""
    b = comp.print.bleed if bleed else 0.0
    return round((comp.size[0] + 2 * b) * dpi / 72), round((comp.size[1] + 2 * b) * dpi / 72)


def deck_faces(spec: GameSpec, comp: Component, lang: str) -> DeckFaces:
    """Draw each distinct face of deck ``comp`` in ``lang`` once. Raises :class:`ErrorGroup`
    with every row whose face does not fit, as a build does."""
    fonts = register_fonts()
    problems = Problems(lang)
    b = comp.print.bleed
    card = CardBox(comp.size[0], comp.size[1], b, SAFE)
    c, buf = new_canvas(spec, comp, lang, (card.w + 2 * b, card.h + 2 * b), fonts)
    faces = Faces(c, fonts, card, spec, lang, problems)
    pages: dict[str, int] = {}

    def page(name: str | None) -> int:
        if name is not None and name not in pages:
            pages[name] = len(pages)
            c.translate(b, b)
            c.doForm(name)
            c.showPage()
        return pages.get(name, -1)

    rows = [(n, row) for n, row in enumerate(comp.rows_for(lang), 1) if row.copies > 0]
    try:
        fronts = [page(faces.form(comp.front, row)) for _, row in rows]
        backs = [page(faces.form(comp.back, row)) for _, row in rows] if comp.back else None
    except InputError as exc:
        problems.errors.append(exc)
    if problems.errors:
        raise ErrorGroup(problems.errors)
    hidden = backs[0] if backs and len(set(backs)) == 1 else _plain(c, spec, card, lang, len(pages))
    c.save()
    return DeckFaces(comp, buf.getvalue(), comp.size, b, rows, fronts, backs, hidden)


def _plain(c, spec: GameSpec, card: CardBox, lang: str, number: int) -> int:
    """Draw the plain card (the back layout in grey, the game's title if it fits) as page ``number``."""
    from ..kit.art.pen import ReportlabPen
    from ..kit.back import draw_back
    c.translate(card.bleed, card.bleed)
    title = spec.titles.get(lang, spec.title)
    for params in ({**PLAIN, "title": title}, {**PLAIN, "title": ""}):
        try:
            c.saveState()
            draw_back(ReportlabPen(c, register_fonts()), card, params, lang)
            break
        except DoesNotFit:
            continue
        finally:
            c.restoreState()
    c.showPage()
    return number
