"""Print-and-play kits: layouts, imposition and PDF rendering.

Importing this package registers every layout (one module per component kind).
"""
from . import back, numbered, panel, portrait, reference, signs, tokens, track, vote, word  # noqa: F401  (register layouts)
from .registry import LAYOUTS

__all__ = ["LAYOUTS"]
