"""The fonts forge prints with: TrueType files shipped inside the package.

No system font is ever looked up. DejaVu covers French, the suit signs ♠♥♦♣ and
much more; reportlab embeds a subset of each font used.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

__all__ = ["FONT_DIR", "register_fonts"]

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

#: logical name → (reportlab name, file)
_FONTS = {
    "sans": ("ForgeSans", "DejaVuSans.ttf"),
    "bold": ("ForgeSans-Bold", "DejaVuSans-Bold.ttf"),
    "serif": ("ForgeSerif-Bold", "DejaVuSerif-Bold.ttf"),
}
_registered: dict[str, str] | None = None


def register_fonts() -> dict[str, str]:
    """Register the bundled fonts with reportlab (once); return logical → reportlab name."""
    global _registered
    if _registered is None:
        for name, filename in _FONTS.values():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
        _registered = {logical: name for logical, (name, _) in _FONTS.items()}
    return _registered
