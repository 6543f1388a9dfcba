"""The fonts forge prints with: TrueType files shipped inside the package.

No system font is ever looked up. DejaVu covers French, the suit signs ♠♥♦♣ and
much more; reportlab embeds a subset of each font used.

Three fonts are named in card specs (``sans``, ``bold``, ``serif``); styled text
(:mod:`forge.cardspec.markup`) also sets their bold and italic faces, :func:`styled`. The
italic faces are read from their files the first time a card uses them.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

__all__ = ["FONT_DIR", "register_fonts", "styled"]

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

#: logical name → (reportlab name, file)
_FONTS = {
    "sans": ("ForgeSans", "DejaVuSans.ttf"),
    "bold": ("ForgeSans-Bold", "DejaVuSans-Bold.ttf"),
    "serif": ("ForgeSerif-Bold", "DejaVuSerif-Bold.ttf"),
    "italic": ("ForgeSans-Oblique", "DejaVuSans-Oblique.ttf"),
    "bold-italic": ("ForgeSans-BoldOblique", "DejaVuSans-BoldOblique.ttf"),
    "serif-italic": ("ForgeSerif-BoldItalic", "DejaVuSerif-BoldItalic.ttf"),
}
#: the fonts every build registers; the others when first asked for
_EAGER = ("sans", "bold", "serif")

#: a spec's font → its face for (bold, italic); the serif is a bold one already
_STYLED = {
    "sans": {(False, False): "sans", (True, False): "bold", (False, True): "italic", (True, True): "bold-italic"},
    "bold": {(False, False): "bold", (True, False): "bold", (False, True): "bold-italic", (True, True): "bold-italic"},
    "serif": {(False, False): "serif", (True, False): "serif", (False, True): "serif-italic",
              (True, True): "serif-italic"},
}


def styled(font: str, bold: bool, italic: bool) -> str:
    """The logical font that sets ``font`` in bold and/or italic."""
    return _STYLED[font][bold, italic] if font in _STYLED else font


class _Registered(dict):
    """Logical → reportlab name; a font not registered yet is registered when first asked for."""

    def __missing__(self, logical: str) -> str:
        if logical not in _FONTS:
            raise KeyError(logical)
        name, filename = _FONTS[logical]
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
        self[logical] = name
        return name


_registered: _Registered | None = None


def register_fonts() -> dict[str, str]:
    """Register the bundled fonts with reportlab (once); return logical → reportlab name."""
    global _registered
    if _registered is None:
        _registered = _Registered()
        for logical in _EAGER:
            _registered[logical]                  # asking registers it
    return _registered
