"""``forge export --png``: one PNG per card face of a deck, named after its row.

In ``<game>/<lang>/png/<component>/``: ``<NNN>-front.png`` for each row of the component's
data that prints cards (NNN its number among the rows, from 001; a row's copies are one
image), and ``<NNN>-back.png`` beside it, or one ``back.png`` when every card has the same back.
"""
from __future__ import annotations

import io
from typing import Iterator

from PIL import Image

from .faces import DeckFaces

__all__ = ["png_files", "encode"]


def encode(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes (deterministic: no time stamp), with its resolution (a ``pHYs``
    chunk) when ``dpi`` is given, so that an image program opens it at its printed size."""
    buf = io.BytesIO()
    image.save(buf, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def png_files(faces: DeckFaces, dpi: float, bleed: bool) -> Iterator[tuple[str, bytes]]:
    """(file name, PNG bytes) of every face of the deck at ``dpi``, with its bleed or trimmed;
    each distinct face is rasterised and encoded once, one after the other (only its PNG kept)."""
    data: dict[int, bytes] = {}
    for page, image in faces.images(dpi, bleed, set(faces.fronts) | set(faces.backs or ())):
        data[page] = encode(image, dpi)
        del image                                      # dropped before the next face is drawn
    digits = max(3, len(str(faces.rows[-1][0]))) if faces.rows else 3
    for (n, _), page in zip(faces.rows, faces.fronts):
        yield f"{n:0{digits}d}-front.png", data[page]
    if faces.common_back is not None:
        yield "back.png", data[faces.common_back]
    elif faces.backs:
        for (n, _), page in zip(faces.rows, faces.backs):
            yield f"{n:0{digits}d}-back.png", data[page]
