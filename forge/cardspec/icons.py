"""A spec's own icons (``icons:``): images of the project named for running text.

::

    icons:
      coin: art/coin.png
      potion: art/potion.webp

Each name may then be written ``{coin}`` in any text part (:mod:`.markup`), where it is drawn
as tall as the line, as wide as the image's proportions make it. The names are words, and not
those of forge's own emblems and symbols; the files are checked as any image of a card is.
"""
from __future__ import annotations

import re

from ..errors import InputError, Location, describe, excerpt
from ..inputs import resolve_inside
from .checks import Problems
from .images import check_image, pdf_image
from .model import GameSpec
from .vocabulary import EMBLEM_NAMES, SYMBOL_NAMES
from .yamlload import LocDict

__all__ = ["read_icons"]

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,39}$")


def read_icons(raw, at: Location, spec: GameSpec, pb: Problems) -> dict:
    """name → (ImageInfo, PdfImage, where) of the spec's ``icons:`` (``raw``, or None, written
    at ``at``): each decoded, when drawn, at the pixels the text parts showing it need
    (:func:`.parts.check_resolution`)."""
    if raw is None:
        return {}
    if not isinstance(raw, LocDict):
        pb.add(at, f"'icons' has the wrong type (expected a mapping of "
               f"name → image file, got {describe(raw)})", hint="e.g. icons: {coin: art/coin.png}")
        return {}
    out = {}
    for name, file in raw.items():
        where = raw.at(name)
        if not isinstance(name, str) or not NAME.match(name):
            pb.add(where, f"icon name {excerpt(name)} is not a word (expected letters, digits, - or _)",
                   hint="the name is written {name} in the text")
        elif name in EMBLEM_NAMES or name in SYMBOL_NAMES:
            pb.add(where, f"icon '{name}' is one of forge's own icons", hint="choose another name for the project's image")
        else:
            try:
                path = resolve_inside(spec.root, spec.folder, file, where, f"icon '{name}'")
                info = check_image(path, where)
                out[name] = (info, pdf_image(info, where), where)
            except InputError as exc:
                pb.error(exc)
    return out

