"""Read what a written PDF actually contains, independently of the code that wrote it.

* ``placements(page)``: every form XObject drawn on the page, as the rectangle its
  bounding box covers on the page (content stream parsed, ``cm``/``q``/``Q`` tracked).
* ``segments(page)``: straight stroked segments drawn directly on the page (crop marks).
* ``words(path)``: words with their page rectangles, from poppler's ``pdftotext -bbox``;
  ``blocks(path)``: the same words grouped in blocks of lines as poppler lays them out.
* ``page_image(path, page, dpi)``: a page rendered in grey by poppler's ``pdftoppm``.
* ``card_faces(path)``: per page, every card drawn: its trim rectangle, the form drawn
  and the words inside it; ``sheets(path)`` adds the page's boxes and all its words.
* ``within(inner, outer)``, ``overlaps(a, b)``: rectangle tests.
"""
from __future__ import annotations

import html
import io
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

Rect = tuple[float, float, float, float]


def _mul(a, b):
    """Matrix product a × b of PDF matrices [a b c d e f]."""
    return [
        a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _walk(page, reader, content=None):
    """Yield (operands, operator, current transformation matrix) for the page's content (or for
    ``content``, e.g. a form XObject drawn on it)."""
    ctm, stack = [1, 0, 0, 1, 0, 0], []
    for operands, op in ContentStream(page.get_contents() if content is None else content, reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        else:
            yield operands, op, ctm


@dataclass(frozen=True)
class Placement:
    name: str
    rect: Rect          # the form's BBox on the page


def placements(page, reader) -> list[Placement]:
    xobjects = page["/Resources"].get("/XObject", {})
    out = []
    for operands, op, ctm in _walk(page, reader):
        if op != b"Do":
            continue
        xo = xobjects[operands[0]].get_object()
        if xo.get("/Subtype") != "/Form":
            continue
        m = _mul([float(v) for v in xo.get("/Matrix", [1, 0, 0, 1, 0, 0])], ctm)
        x0, y0, x1, y1 = (float(v) for v in xo["/BBox"])
        pts = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append(Placement(str(operands[0]), (min(xs), min(ys), max(xs), max(ys))))
    return out


def segments(page, reader) -> list[tuple[float, float, float, float]]:
    """Stroked straight segments drawn at page level (outside forms), in page coordinates."""
    out, path, cur = [], [], None
    for operands, op, ctm in _walk(page, reader):
        if op == b"m":
            cur = _apply(ctm, *(float(v) for v in operands))
        elif op == b"l" and cur is not None:
            nxt = _apply(ctm, *(float(v) for v in operands))
            path.append((*cur, *nxt))
            cur = nxt
        elif op in (b"S", b"s"):
            out.extend(path)
            path, cur = [], None
        elif op in (b"n", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"):
            path, cur = [], None
    return out


@dataclass(frozen=True)
class Word:
    text: str
    rect: Rect          # PDF coordinates (origin bottom-left)

    @property
    def height(self) -> float:
        return self.rect[3] - self.rect[1]

    @property
    def centre(self) -> tuple[float, float]:
        return (self.rect[0] + self.rect[2]) / 2, (self.rect[1] + self.rect[3]) / 2


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


_BLOCK = re.compile(r'<block [^>]*>(.*?)</block>', re.S)
_LINE = re.compile(r'<line [^>]*>(.*?)</line>', re.S)


def _word_list(body: str, height: float) -> list[Word]:
    return [Word(html.unescape(t), (float(x0), height - float(y1), float(x1), height - float(y0)))
            for x0, y0, x1, y1, t in _WORD.findall(body)]


def words(path: Path) -> list[list[Word]]:
    """Words of every page, read by poppler."""
    xml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return [_word_list(body, float(h)) for w, h, body in _PAGE.findall(xml)]


def blocks(path: Path) -> list[list[list[list[Word]]]]:
    """Per page, poppler's blocks of text (``pdftotext -bbox-layout``), each a list of lines,
    each line a list of words."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return [[[_word_list(line, float(h)) for line in _LINE.findall(block)] for block in _BLOCK.findall(body)]
            for w, h, body in _PAGE.findall(xml)]


def page_image(path: Path, page: int, dpi: int) -> Image.Image:
    """Page ``page`` (0-based) as poppler prints it in grey at ``dpi``."""
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page + 1), "-l", str(page + 1), "-singlefile", str(path)]
    return Image.open(io.BytesIO(subprocess.run(args, capture_output=True, check=True).stdout)).convert("L")


def inside(point, rect: Rect) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


def box(page, name: str) -> Rect:
    return tuple(float(v) for v in page[name])


def boxes_nested(page) -> bool:
    """MediaBox ⊇ BleedBox ⊇ TrimBox, with a real bleed between the last two."""
    if "/TrimBox" not in page or "/BleedBox" not in page:
        return False
    m, b, t = box(page, "/MediaBox"), box(page, "/BleedBox"), box(page, "/TrimBox")
    nested = all(o[0] <= i[0] and o[1] <= i[1] and o[2] >= i[2] and o[3] >= i[3] for o, i in ((m, b), (b, t)))
    return nested and t[0] > b[0] and t[3] < b[3]


def open_pdf(path: Path) -> PdfReader:
    return PdfReader(str(path))


@dataclass(frozen=True)
class CardFace:
    page: int                 # 0-based page index
    form: str                 # the form XObject drawn: the same name is the same drawing
    trim: Rect                # the card's cut rectangle on the page
    words: tuple[Word, ...]   # the words whose centre lies on the card

    def text(self, min_height: float = 0.0) -> str:
        """The card's words of at least ``min_height``, in reading order: lines top to
        bottom, a line ending in a hyphen joined to the next without a space."""
        ws = sorted((w for w in self.words if w.height >= min_height),
                    key=lambda w: (-round(w.centre[1]), w.rect[0]))
        out = ""
        for w in ws:
            out += w.text if not out or out.endswith("-") else " " + w.text
        return out

    @property
    def tallest(self) -> float:
        return max((w.height for w in self.words), default=0.0)


@dataclass(frozen=True)
class Sheet:
    """One page of an imposed deck as printed."""

    media: Rect                      # the paper
    block: Rect                      # the BleedBox: every card with its bleed
    cards: tuple[CardFace, ...]      # in the order they were placed
    words: tuple[Word, ...]          # every word on the page, on a card or not


def sheets(path: Path) -> list[Sheet]:
    """Every page of an imposed deck (see :class:`Sheet`)."""
    reader = open_pdf(path)
    page_words = words(path)
    out = []
    for i, page in enumerate(reader.pages):
        bleed = box(page, "/TrimBox")[0] - box(page, "/BleedBox")[0]
        faces = []
        for pl in placements(page, reader):
            x0, y0, x1, y1 = pl.rect
            trim = (x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed)
            faces.append(CardFace(i, pl.name, trim, tuple(w for w in page_words[i] if inside(w.centre, trim))))
        out.append(Sheet(box(page, "/MediaBox"), box(page, "/BleedBox"), tuple(faces), tuple(page_words[i])))
    return out


def card_faces(path: Path) -> list[list[CardFace]]:
    """For every page of an imposed deck, the cards on it (see :class:`CardFace`)."""
    return [list(sheet.cards) for sheet in sheets(path)]


def within(inner: Rect, outer: Rect, tol: float = 0.01) -> bool:
    """``inner`` lies inside ``outer`` (edges may touch, to ``tol``)."""
    return (outer[0] - tol <= inner[0] and outer[1] - tol <= inner[1]
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def overlaps(a: Rect, b: Rect) -> bool:
    """The two rectangles share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class Char:
    """One character of a page as PDFium reads it: its font's name (no subset tag), fill
    colour (0–255), box (PDF coordinates) and font size (points, whichever way it is turned)."""

    char: str
    font: str
    colour: tuple[int, int, int]
    rect: Rect
    size: float = 0.0


def chars(path: Path, page: int = 0) -> list[Char]:
    """The characters drawn on a page, in the order PDFium reads them (spaces and line ends
    left out)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        text = pdf[page].get_textpage()
        name, flags = ctypes.create_string_buffer(256), ctypes.c_int()
        out = []
        for i in range(text.count_chars()):
            ch = chr(pdfium_c.FPDFText_GetUnicode(text, i))
            if ch.isspace():
                continue
            pdfium_c.FPDFText_GetFontInfo(text, i, name, 256, ctypes.byref(flags))
            rgba = [ctypes.c_uint() for _ in range(4)]
            pdfium_c.FPDFText_GetFillColor(text, i, *(ctypes.byref(c) for c in rgba))
            edges = [ctypes.c_double() for _ in range(4)]                  # left, right, bottom, top
            pdfium_c.FPDFText_GetCharBox(text, i, *(ctypes.byref(e) for e in edges))
            left, right, bottom, top = (e.value for e in edges)
            out.append(Char(ch, name.value.decode().split("+")[-1], tuple(c.value for c in rgba[:3]),
                            (left, bottom, right, top), pdfium_c.FPDFText_GetFontSize(text, i)))
        return out
    finally:
        pdf.close()
