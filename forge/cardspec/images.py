"""Raster images on cards: checked before they are decoded, decoded at the size they print,
one at a time, placed by fit mode.

A layout part may show an image file of the project (PNG, JPEG or WebP). Before any pixel is
decoded, :func:`check_image` makes sure that the path stays inside the project, that the file
is at most ``image_bytes`` long, that Pillow knows its format from its header, and that the
size the header announces is at most ``image_pixels`` pixels: a 30000 × 30000 "pixel bomb" is
refused from its first bytes. :func:`pdf_image` reads the rest through without keeping a pixel
(:func:`.decoding.verify`): a damaged file is a located error when the spec loads (one that
only a full decode finds: when it is drawn).

An image is decoded when a PDF first stores it, at :data:`PRINT_DPI` (600 dpi, twice the
:data:`DPI_WARN` a print needs) of the largest size it is drawn at (the parts record each place
as the spec loads: :meth:`PdfImage.printed_at`), never above its own pixels: a 60-megapixel 4:3
image covering a poker card is stored at 2835 × 2126, a small one as it is (the resolution
warning counts the file's pixels). How, and in how much memory: :mod:`.decoding`.

Memory: one image is decoded at a time, and only the last one's pixels are kept (for the next
PDF that stores it). The worst case within the limits is 60 million pixels that all print (on a
board): Pillow holds a PNG in 4 bytes a pixel (240 MB), the stored copy takes 3 or 4 more; a
WebP's decoder alone takes 0.9 GB. README ("Limits and safety") gives the peaks measured
(benchmarks/images.py).

:class:`PdfImage` is not a reportlab ImageReader: ``Canvas.drawImage`` names it by ``str()``
(content digest and pixel size: stored once per PDF however many cards show it) rather than by
hashing its pixels at each drawing, and reads them (``getSize``, ``getRGBData``, ``mode``,
``_dataA``, ``jpeg_fh``) only when the PDF first stores it.

:func:`placement` computes where an image goes in its box for the fit modes ``cover`` (fill the
box, cut what overflows), ``contain`` (all of it, inside the box) and ``stretch``; the effective
resolution at print size follows from it (:func:`dpi`).
"""
from __future__ import annotations

import difflib
import math
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import DataFileError, LimitError, Location
from ..limits import limit
from .decoding import DECODE_ERRORS, FORMATS, KEPT, Pixels, decode, no_pillow_limit, orientation, verify

#: the file names a missing image's hint looks among
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")

__all__ = ["ImageInfo", "PdfImage", "check_image", "pdf_image", "placement", "dpi", "FORMATS", "FITS",
           "DPI_WARN", "PRINT_DPI"]

FITS = ("cover", "contain", "stretch")
#: below this effective resolution at print size, the build warns (``--strict``: an error)
DPI_WARN = 300
#: an image is decoded at this resolution of the largest size it is drawn at (or at its own
#: pixels, when it has fewer)
PRINT_DPI = 600


@dataclass(frozen=True)
class ImageInfo:
    path: Path
    width: int          # pixels, as the image is shown: turned by its EXIF orientation
    height: int
    format: str
    mode: str
    orientation: int = 1    # EXIF: 1 as stored; 2–8 turned or mirrored (5–8: width and height swapped)


def check_image(path: Path, where: Location) -> ImageInfo:
    """Read ``path``'s header only; a located error when it is missing, too big, of another
    format or announces more pixels than the limit. The result is cached per file version."""
    try:
        st = path.stat()
    except OSError:
        raise DataFileError(where, f"image not found: {path.name}", hint=_near(path)) from None
    found = _checked(path, st.st_size, st.st_mtime_ns)
    if isinstance(found, _Refusal):
        raise found.at(where)
    return found


@dataclass(frozen=True)
class _Refusal:
    """Why an image cannot be used (cached like a good image, located by each caller)."""

    cls: type
    message: str
    hint: str

    def at(self, where: Location) -> Exception:
        """The error, located at ``where``."""
        return self.cls(where, self.message, hint=self.hint)


@lru_cache(maxsize=512)
def _checked(path: Path, size: int, mtime: int) -> ImageInfo | _Refusal:
    from PIL import Image, UnidentifiedImageError
    again = "export it again as PNG or JPEG"
    if not path.is_file():
        return _Refusal(DataFileError, f"not a file: {path.name} (expected a PNG, JPEG or WebP image)", again)
    if size > limit("image_bytes"):
        return _Refusal(LimitError, f"image {path.name} is {size / 2 ** 20:.1f} MiB (expected at most "
                        f"{limit('image_bytes') / 2 ** 20:g} MiB)", "save it at print size: 300 dpi is enough")
    try:
        with open(path, "rb") as fh, no_pillow_limit():
            img = Image.open(fh, formats=list(FORMATS))         # reads the header, decodes nothing
            turn = orientation(img)
            w, h = (img.height, img.width) if turn >= 5 else (img.width, img.height)
            info = ImageInfo(path, w, h, img.format, img.mode, turn)
    except UnidentifiedImageError:
        return _Refusal(DataFileError, f"{path.name} is not a PNG, JPEG or WebP image (or it is damaged)", again)
    except DECODE_ERRORS as exc:
        return _Refusal(DataFileError, f"image {path.name} cannot be read ({str(exc)[:80]})", again)
    if info.width * info.height > limit("image_pixels"):
        return _Refusal(LimitError, f"image {path.name} is {info.width} × {info.height} pixels (expected at most "
                        f"{limit('image_pixels') / 1e6:g} million)",
                        "save it at print size: a poker card at 300 dpi is 750 × 1050 pixels")
    return info


def pdf_image(info: ImageInfo, where: Location) -> PdfImage:
    """The image as a PDF draws it: one :class:`PdfImage` per file version, the file checked
    now (a damaged one is a located error), its pixels decoded when a PDF first stores it."""
    st = os.stat(info.path)
    version = (st.st_size, st.st_mtime_ns)
    with _LOCK:
        image = _IMAGES.get(info.path)
        if image is None or image.version != version:
            image = _IMAGES[info.path] = PdfImage(info, version, where)
    if image.refusal is not None:
        raise image.refusal.at(where)
    return image


class PdfImage:
    """A project image as a reportlab canvas draws it (``drawImage``): named by its content and
    pixel size, decoded when a PDF first stores it at the pixels its largest place needs
    (:meth:`printed_at`)."""

    def __init__(self, info: ImageInfo, version: tuple[int, int], where: Location):
        self.info, self.version, self.where = info, version, where
        self.lowest: float | None = None          # the lowest resolution it is drawn at (of its own pixels)
        try:
            self.digest, self.refusal = verify(info.path), None
        except DECODE_ERRORS as exc:
            self.digest, self.refusal = "", _damaged(info.path, exc)

    def printed_at(self, res: float) -> None:
        """Record a place that draws the image at ``res`` of its own pixels per inch."""
        self.lowest = res if self.lowest is None else min(self.lowest, res)

    @property
    def pixels(self) -> tuple[int, int]:
        """The size it is decoded at: PRINT_DPI where it is drawn largest, never more than it has
        (all it has when no place was recorded)."""
        w, h = self.info.width, self.info.height
        if self.lowest is None or self.lowest <= PRINT_DPI:
            return w, h
        scale = PRINT_DPI / self.lowest
        return max(1, math.ceil(w * scale)), max(1, math.ceil(h * scale))

    def __str__(self) -> str:
        """What ``drawImage`` names the image after: the same content at the same size, once a PDF."""
        w, h = self.pixels
        return f"forge-image:{self.digest}:{w}x{h}"

    def decoded(self) -> Pixels:
        """The pixels at :attr:`pixels`; a located error (at the image's first place) when the
        file cannot be decoded."""
        return self._kept(self.pixels)

    def _kept(self, want: tuple[int, int]) -> Pixels:
        """The pixels at ``want``, decoded unless they are the ones :data:`.decoding.KEPT` holds."""
        def make() -> Pixels | _Refusal:
            try:
                return decode(self.info.path, want)
            except DECODE_ERRORS as exc:
                return _damaged(self.info.path, exc)
        found = KEPT.get((self.info.path, self.version, want), make)
        if isinstance(found, _Refusal):
            raise found.at(self.where)
        return found

    def preview(self, longest: int):
        """The image as a Pillow image (RGB, RGBA or L) at most ``longest`` pixels on its
        longer side, decoded at that size (a web page's picture of a card)."""
        w, h = self.info.width, self.info.height
        scale = min(1.0, longest / max(w, h))
        return self._kept((max(1, round(w * scale)), max(1, round(h * scale)))).image()

    # -- reportlab's image source (PDFImageXObject), answered by the decoded pixels -----------
    def jpeg_fh(self):
        return self.decoded().jpeg_fh()

    def getSize(self) -> tuple[int, int]:
        return self.pixels

    def getRGBData(self):
        return self.decoded().data

    def getTransparent(self):
        return None

    @property
    def mode(self) -> str:
        return self.decoded().mode

    @property
    def _dataA(self):                  # the name reportlab reads: the alpha channel's source, or None
        return self.decoded().alpha


_LOCK = threading.Lock()
_IMAGES: dict[Path, PdfImage] = {}       # by path: the latest version's, with its recorded places


def _damaged(path: Path, exc: Exception) -> _Refusal:
    return _Refusal(DataFileError, f"image {path.name} is damaged ({str(exc)[:80]})", "export it again as PNG or JPEG")


def placement(fit: str, box: tuple[float, float, float, float], px: tuple[int, int],
              align: tuple[float, float] = (0.5, 0.5)) -> tuple[float, float, float, float]:
    """Where an image of ``px`` pixels is drawn for ``box`` (x, y, w, h): its (x, y, w, h).
    ``cover`` overflows the box (the caller clips), ``contain`` sits inside it; ``align`` puts
    the image's spare room (0: left or bottom, 1: right or top)."""
    x, y, w, h = box
    iw, ih = px
    if fit == "stretch":
        return x, y, w, h
    scale = (max if fit == "cover" else min)(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    return x + (w - dw) * align[0], y + (h - dh) * align[1], dw, dh


def dpi(drawn: tuple[float, float, float, float], px: tuple[int, int]) -> float:
    """Pixels per inch of an image of ``px`` pixels drawn ``drawn`` (x, y, w, h in points):
    the lower of the two directions."""
    return min(px[0] / (drawn[2] / 72), px[1] / (drawn[3] / 72))


def _near(path: Path) -> str:
    """The hint for a missing image: the closest name in its folder, or what the folder holds."""
    try:
        names = sorted(p.name for p in path.parent.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)[:500]
    except OSError:
        return f"no folder {path.parent.name}/ there; paths are relative to the spec's folder"
    close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]}? (in {path.parent.name}/)"
    shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
    return f"{path.parent.name}/ holds {shown or 'no image'}; paths are relative to the spec's folder"
