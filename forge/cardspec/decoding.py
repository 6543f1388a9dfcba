"""An image file's pixels as a PDF stores them, decoded at the size they print, in bounded memory.

:func:`verify` reads a file through without keeping its pixels (a PNG's chunk checksums, a
JPEG decoded at 1/8 of its size; a WebP's container was read when it was opened) and gives its
content digest. :func:`decode` gives its pixels at a wanted size:

- a JPEG is decoded directly at 1/2, 1/4 or 1/8 of its size when that is enough (Pillow's
  ``draft``); one that is stored at its own size, in RGB or grey, is stored as the file's own
  bytes (no loss); one that is scaled is stored as a JPEG again (:data:`JPEG_QUALITY`);
- a PNG or a WebP is decoded whole, then scaled (Lanczos) and converted to what a PDF holds
  (8-bit RGB or grey, with an alpha channel or not; 16 bits scaled down, not clipped) band by
  band: only the decoded image and the result are ever whole;
- an image whose EXIF block says it is shown turned or mirrored (a phone's photo taken upright,
  :func:`orientation`) is turned as a viewer shows it, once scaled: sizes are the shown ones.

:data:`KEPT` holds the pixels decoded last, and only those: one image's at a time.
Decoding errors are Pillow's (:data:`DECODE_ERRORS`); the caller locates them.
"""
from __future__ import annotations

import hashlib
import io
import math
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FORMATS", "DECODE_ERRORS", "JPEG_QUALITY", "Pixels", "KEPT", "no_pillow_limit", "orientation", "verify",
           "decode"]

#: what Pillow calls the formats forge accepts
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP"}
#: what Pillow raises for a file it cannot decode
DECODE_ERRORS = (OSError, ValueError, SyntaxError, EOFError)
#: a scaled JPEG is stored in the PDF as a JPEG again, at this quality (Pillow's scale: 95 is
#: close to lossless; a photo takes a quarter of the room a lossless copy takes)
JPEG_QUALITY = 95
#: pixels of the decoded image read at once while it is scaled and converted
BAND_PIXELS = 2 ** 21


class no_pillow_limit:
    """Pillow's own bomb check warns, then raises, past its limit; forge checks the header's
    size against its documented limit itself, so silence Pillow's (only while opening)."""

    def __enter__(self):
        from PIL import Image
        self.saved, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None
        self.w = warnings.catch_warnings()
        self.w.__enter__()
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        # Pillow warns of damaged metadata (a truncated EXIF block) that forge never reads:
        # the pixels are what counts, and a damaged image is refused when they are decoded
        warnings.filterwarnings("ignore", category=UserWarning, module=r"PIL\.")

    def __exit__(self, *exc):
        from PIL import Image
        Image.MAX_IMAGE_PIXELS = self.saved
        self.w.__exit__(*exc)


@dataclass(frozen=True, eq=False)
class Pixels:
    """Decoded pixels as a PDF stores them: ``mode`` RGB or L, 8 bits, row by row, with the
    alpha channel (an L Pixels) or None — or, for a JPEG, its encoded bytes (``jpeg``, ``data``
    empty). A reportlab image source too (what the alpha's soft mask is made from)."""

    mode: str
    size: tuple[int, int]
    data: bytes | bytearray            # reportlab compresses it; an alpha's it also hashes: bytes
    alpha: Pixels | None = None
    jpeg: bytes | None = None

    def jpeg_fh(self):
        return io.BytesIO(self.jpeg) if self.jpeg else None

    def getSize(self) -> tuple[int, int]:
        return self.size

    def getRGBData(self):
        return self.data

    def image(self):
        """The pixels as a Pillow image (RGB, RGBA or L)."""
        from PIL import Image
        if self.jpeg:
            return Image.open(io.BytesIO(self.jpeg))
        img = Image.frombytes(self.mode, self.size, self.data)
        if self.alpha:
            img.putalpha(Image.frombytes("L", self.size, self.alpha.data))
        return img


class Kept:
    """The result decoded last, by key: one image's pixels are kept at a time (for the next
    PDF that stores them), dropped before another is decoded; one decode at a time."""

    def __init__(self):
        self.key, self.value, self.lock = None, None, threading.Lock()

    def get(self, key: tuple, make):
        with self.lock:
            if key != self.key:
                self.key = self.value = None
                self.value, self.key = make(), key
            return self.value


KEPT = Kept()


def verify(path: Path) -> str:
    """The file's content digest, once its pixels are known to decode (Pillow's error if
    not), found without keeping them."""
    from PIL import Image
    with open(path, "rb") as fh, no_pillow_limit():
        digest = hashlib.file_digest(fh, "sha256").hexdigest()[:32]
        fh.seek(0)
        img = Image.open(fh, formats=list(FORMATS))
        if img.format == "PNG":
            img.verify()
        elif img.format != "WEBP":                    # decoding a WebP takes 4 times its pixels
            img.draft(None, (max(1, img.width // 8), max(1, img.height // 8)))
            img.load()
    return digest


#: EXIF orientation → the turn that shows the image as a viewer does (Pillow's exif_transpose)
TURNS = {2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE", 6: "ROTATE_270",
         7: "TRANSVERSE", 8: "ROTATE_90"}


def orientation(img) -> int:
    """The EXIF orientation of an opened image (1 to 8; 1: as stored), read from the metadata
    met before its pixels (never by decoding them); 1 when there is none or it is damaged."""
    from PIL import Image
    raw = img.info.get("exif")
    if not raw:
        return 1
    try:
        exif = Image.Exif()
        exif.load(raw)
        value = exif.get(0x0112, 1)
    except DECODE_ERRORS + (KeyError, IndexError, TypeError):
        return 1
    return value if value in TURNS else 1


def decode(path: Path, want: tuple[int, int]) -> Pixels:
    """The file's pixels at ``want`` (its shown size: turned by its EXIF orientation) as a PDF
    stores them; a JPEG decoded directly at the smallest of 1/8, 1/4, 1/2 or all of its size
    that is at least ``want``."""
    from PIL import Image
    with open(path, "rb") as fh, no_pillow_limit():
        img = Image.open(fh, formats=list(FORMATS))
        turn = orientation(img)
        stored = want[::-1] if turn >= 5 else want       # 5–8 swap width and height
        jpeg = img.format in ("JPEG", "MPO")             # MPO: a phone's JPEG with a second picture
        if jpeg and img.size == stored and img.mode in ("RGB", "L") and turn == 1:
            fh.seek(0)
            return Pixels(img.mode, want, b"", jpeg=fh.read())        # as it is: no loss
        if img.size != stored:
            img.draft(None, stored)                      # nothing for a PNG or a WebP
        img.load()
        pixels = _pdf_pixels(img, stored)
    if turn != 1:
        pixels = _of_image(pixels.image().transpose(getattr(Image.Transpose, TURNS[turn])))
    return _as_jpeg(pixels) if jpeg else pixels


def _of_image(img) -> Pixels:
    """A Pillow image in RGB, RGBA or L as :class:`Pixels`."""
    if img.mode != "RGBA":
        return Pixels(img.mode, img.size, img.tobytes())
    return Pixels("RGB", img.size, img.convert("RGB").tobytes(), Pixels("L", img.size, img.getchannel("A").tobytes()))


def _as_jpeg(pixels: Pixels) -> Pixels:
    """A JPEG's pixels encoded as a JPEG again (:data:`JPEG_QUALITY`), as the PDF stores them."""
    out = io.BytesIO()
    pixels.image().save(out, "JPEG", quality=JPEG_QUALITY)
    return Pixels(pixels.mode, pixels.size, b"", jpeg=out.getvalue())


def _pdf_pixels(img, want: tuple[int, int]) -> Pixels:
    """``img`` (decoded) scaled to ``want`` (Lanczos) and converted (:func:`_for_pdf`), band by
    band: each band of the result is made from the rows of ``img`` that Lanczos reads for it (3
    lobes: 3 source rows a result row each way), so that the result is that of scaling the whole
    image (to a unit of rounding), and only ``img`` and the result are ever whole."""
    from PIL import Image
    (w, h), (tw, th) = img.size, want
    top = _top(img)
    mode = _for_pdf(img.crop((0, 0, 1, 1)), top).mode                # RGB, RGBA or L
    channels = "L" if mode == "L" else "RGB"
    data = bytearray(tw * th * len(channels))
    alpha = bytearray(tw * th) if mode == "RGBA" else None
    ratio = h / th                                                   # source rows a result row
    reach = 3 * ratio + 2 if want != img.size else 0
    rows = max(1, int(BAND_PIXELS / w / ratio))                      # result rows a band
    for r0 in range(0, th, rows):
        r1 = min(th, r0 + rows)
        s0, s1 = max(0, math.floor(r0 * ratio - reach)), min(h, math.ceil(r1 * ratio + reach))
        band = _for_pdf(img.crop((0, s0, w, s1)), top)
        if want != img.size:
            band = band.resize((tw, r1 - r0), Image.LANCZOS, box=(0, r0 * ratio - s0, w, r1 * ratio - s0))
        data[r0 * tw * len(channels):r1 * tw * len(channels)] = band.tobytes("raw", channels)
        if alpha is not None:
            alpha[r0 * tw:r1 * tw] = band.tobytes("raw", "A")
    return Pixels(channels, want, data, Pixels("L", want, bytes(alpha)) if alpha is not None else None)


def _for_pdf(img, top: int):
    """8-bit RGB, RGBA or L from any mode Pillow opens; 16 (or 32) bits of grey scaled from
    0–``top`` (:func:`_top` of the whole image), not clipped."""
    mode = img.mode
    if mode in ("RGB", "RGBA", "L"):
        return img
    if mode.startswith("I"):
        wide = img if mode == "I" else img.convert("I")
        return wide.point(lambda v: v * (255 / top)).convert("L")
    if mode == "P":
        return img.convert("RGBA" if "transparency" in img.info else "RGB")
    if mode in ("LA", "PA", "RGBa", "La"):
        return img.convert("RGBA")
    return img.convert("RGB")                                # CMYK, YCbCr, LAB, 1…


def _top(img) -> int:
    """The top of a grey image's range: 16 bits, or 32 bits with a value above 255: 65535; else 255."""
    return 65535 if img.mode != "I" or img.getextrema()[1] > 255 else 255
