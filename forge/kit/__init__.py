"""Print-and-play kits: layouts, imposition and PDF rendering.

Importing this package registers every layout (one module per component kind); the card spec
loader checks faces against them when it is handed :data:`LAYOUT_TABLE`
(``load_spec(path, root, LAYOUT_TABLE)``).
"""
from ..cardspec.vocabulary import LayoutTable
from . import (back, board, cat_back, colour_card, numbered, panel, playing_card, portrait, reference,  # noqa: F401
               rule_card, signs, tokens, track, track_back, vote, word)  # (register layouts)
from .declared import DECLARED  # forge/kit/layouts/*.yaml, registered after the Python layouts
from .parts import draw_parts
from .registry import LAYOUTS

__all__ = ["LAYOUTS", "LAYOUT_TABLE"]

#: forge's layouts, as a card spec's faces are checked against them and drawn by them
LAYOUT_TABLE = LayoutTable(LAYOUTS, DECLARED, draw_parts)
