"""Print-and-play kits: layouts, imposition and PDF rendering.

Importing this package registers every layout (one module per component kind).
"""
from . import (back, board, cat_back, colour_card, numbered, panel, playing_card, portrait, reference,  # noqa: F401
               rule_card, signs, tokens, track, track_back, vote, word)  # (register layouts)
from . import declared  # noqa: F401,E402  (forge/kit/layouts/*.yaml, after the Python layouts)
from .registry import LAYOUTS

__all__ = ["LAYOUTS"]
