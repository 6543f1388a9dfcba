"""Raster images on cards: checked before they are decoded, decoded once, placed by fit mode.

A layout part may show an image file of the project (PNG, JPEG or WebP). Before any pixel is
decoded, :func:`check_image` makes sure that the path stays inside the project, that the file
is at most ``image_bytes`` long, that Pillow knows its format from its header, and that the
size the header announces is at most ``image_pixels`` pixels: a 30000 × 30000 "pixel bomb" is
refused from its first bytes. A file that is damaged further on fails when it is decoded, and
that is a located error too.

Decoded images are converted to what a PDF holds: 8-bit RGB (or grey) with an optional alpha
channel. Palette images (P), grey with alpha (LA), CMYK and 16-bit images (I;16) are converted,
16-bit ones scaled down rather than clipped. Each image is decoded once per run and stored once
per PDF however many cards show it (reportlab names an image after its content).

:func:`placement` computes where an image goes in its box for the fit modes ``cover`` (fill the
box, cut what overflows), ``contain`` (all of it, inside the box) and ``stretch``; the effective
resolution at print size follows from it (:func:`dpi`).
"""
from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import DataFileError, LimitError, Location
from ..limits import limit

#: the file names a missing image's hint looks among
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")

__all__ = ["ImageInfo", "check_image", "pdf_image", "placement", "dpi", "FORMATS", "FITS", "DPI_WARN"]

#: what Pillow calls the formats forge accepts
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP"}
FITS = ("cover", "contain", "stretch")
#: below this effective resolution at print size, the build warns (``--strict``: an error)
DPI_WARN = 300


@dataclass(frozen=True)
class ImageInfo:
    path: Path
    width: int          # pixels
    height: int
    format: str
    mode: str


def check_image(path: Path, where: Location) -> ImageInfo:
    """Read ``path``'s header only; a located error when it is missing, too big, of another
    format or announces more pixels than the limit. The result is cached per file version."""
    try:
        st = path.stat()
    except OSError:
        raise DataFileError(where, f"image not found: {path.name}", hint=_near(path)) from None
    found = _checked(path, st.st_size, st.st_mtime_ns)
    if isinstance(found, _Refusal):
        raise found.cls(where, found.message, hint=found.hint)
    return found


@dataclass(frozen=True)
class _Refusal:
    """Why an image cannot be used (cached like a good image, located by each caller)."""

    cls: type
    message: str
    hint: str


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
        with open(path, "rb") as fh, _no_pillow_limit():
            img = Image.open(fh, formats=list(FORMATS))         # reads the header, decodes nothing
            info = ImageInfo(path, img.width, img.height, img.format, img.mode)
    except UnidentifiedImageError:
        return _Refusal(DataFileError, f"{path.name} is not a PNG, JPEG or WebP image (or it is damaged)", again)
    except (OSError, ValueError, SyntaxError) as exc:
        return _Refusal(DataFileError, f"image {path.name} cannot be read ({str(exc)[:80]})", again)
    if info.width * info.height > limit("image_pixels"):
        return _Refusal(LimitError, f"image {path.name} is {info.width} × {info.height} pixels (expected at most "
                        f"{limit('image_pixels') / 1e6:g} million)",
                        "save it at print size: a poker card at 300 dpi is 750 × 1050 pixels")
    return info


class _no_pillow_limit:
    """Pillow's own bomb check warns, then raises, past its limit; forge checks the header's
    size against its documented limit itself, so silence Pillow's (only while opening)."""

    def __enter__(self):
        import warnings

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


def pdf_image(info: ImageInfo, where: Location):
    """The image decoded and converted for a PDF, as a reportlab ImageReader (cached per file
    version); a damaged file is a located error."""
    st = os.stat(info.path)
    found = _decoded(info.path, st.st_size, st.st_mtime_ns)
    if isinstance(found, _Refusal):
        raise found.cls(where, found.message, hint=found.hint)
    return found


@lru_cache(maxsize=64)
def _decoded(path: Path, size: int, mtime: int):
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    try:
        with open(path, "rb") as fh, _no_pillow_limit():
            img = Image.open(fh, formats=list(FORMATS))
            img.load()
    except (OSError, ValueError, SyntaxError) as exc:
        return _Refusal(DataFileError, f"image {path.name} is damaged ({str(exc)[:80]})",
                        "export it again as PNG or JPEG")
    return ImageReader(_for_pdf(img))


def _for_pdf(img):
    """8-bit RGB, RGBA, L or LA from any mode Pillow opens."""
    mode = img.mode
    if mode in ("RGB", "RGBA", "L"):
        return img
    if mode.startswith("I"):                                 # 16 (or 32) bits of grey: scale, don't clip
        wide = img if mode == "I" else img.convert("I")
        top = 65535 if mode != "I" or wide.getextrema()[1] > 255 else 255
        return wide.point(lambda v: v * (255 / top)).convert("L")
    if mode == "P":
        return img.convert("RGBA" if "transparency" in img.info else "RGB")
    if mode in ("LA", "PA", "RGBa", "La"):
        return img.convert("RGBA")
    return img.convert("RGB")                                # CMYK, YCbCr, LAB, 1…


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
