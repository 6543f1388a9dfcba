"""The fonts forge prints with: TrueType files shipped inside the package.

No system font is ever looked up. DejaVu covers French, the suit signs ♠♥♦♣ and
much more; reportlab embeds a subset of each font used.

Three fonts are named in card specs (``sans``, ``bold``, ``serif``); styled text
(:mod:`forge.cardspec.markup`) also sets their bold and italic faces, and a spec may bring its
own TrueType files (``fonts:``, :mod:`forge.cardspec.fonts`), registered as ``file:PATH``. The
italic faces and a spec's fonts are read from their files the first time a card uses them.
"""
from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..cardspec.fonts import BUILTIN_FILES, FONT_DIR

__all__ = ["FONT_DIR", "register_fonts"]

#: logical name → reportlab name (the files: forge.cardspec.fonts.BUILTIN_FILES)
_NAMES = {"sans": "ForgeSans", "bold": "ForgeSans-Bold", "serif": "ForgeSerif-Bold", "italic": "ForgeSans-Oblique",
          "bold-italic": "ForgeSans-BoldOblique", "serif-italic": "ForgeSerif-BoldItalic"}
#: the fonts every build registers; the others when first asked for
_EAGER = ("sans", "bold", "serif")


class _Registered(dict):
    """Logical → reportlab name; a font not registered yet is registered when first asked for."""

    def __missing__(self, logical: str) -> str:
        if logical.startswith("file:"):                    # a spec's own font file (checked when loaded)
            path = logical[len("file:"):]
            name = "ForgeUser-" + hashlib.sha1(path.encode()).hexdigest()[:12]
        elif logical in _NAMES:
            name, path = _NAMES[logical], str(FONT_DIR / BUILTIN_FILES[logical])
        else:
            raise KeyError(logical)
        pdfmetrics.registerFont(TTFont(name, path))
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
