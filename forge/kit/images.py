"""Images on cards are checked, decoded and placed in :mod:`forge.cardspec.images`, where a spec
is checked; the build's resolution threshold is read here by ``forge build``'s image table
(forge/cli/commands.py) until it reads it there."""
from ..cardspec.images import DPI_WARN

__all__ = ["DPI_WARN"]
