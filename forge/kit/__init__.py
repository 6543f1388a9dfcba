"""Print-and-play kits: layouts, imposition and PDF rendering.

Importing this package registers every layout (one module per component kind).
"""
from . import (back, cat_back, colour_card, numbered, panel, portrait, reference, rule_card, signs,  # noqa: F401
               tokens, track, vote, word)  # (register layouts)
from .registry import LAYOUTS

__all__ = ["LAYOUTS"]
