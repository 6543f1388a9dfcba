"""``forge export --tts``: a deck as Tabletop Simulator deck sheets and a saved object.

In ``<game>/<lang>/tts/``, per deck component:

- ``<component>-sheet-<N>.png``: the distinct cards (front and back pair) in a grid of at most
  10 × 7 slots (2 × 2 at least) and 4096 px a side, RGB; the grid's last slot holds the hidden-card image, what
  others see of a card in a hand (the deck's back, or a plain card with the game's title when
  the backs differ). A sheet holds 69 cards; a deck with more has several sheets.
- ``<component>-back.png``: the back every card has (a plain card with the game's title for a
  deck printed without backs); or, when backs differ, ``<component>-back-sheet-<N>.png``, the
  backs in the slots of their fronts.
- ``<component>.json``: a saved object (Saved Objects folder of Tabletop Simulator) holding the
  deck: a ``DeckCustom`` with one ``Card`` per card, copies included, in the kit's order.
"""
from __future__ import annotations

import hashlib
import json
import math
from typing import Callable, Iterator

from PIL import Image

from ..cardspec.model import GameSpec
from ..cardspec.resolve import component_title
from ..cardspec.tabletop import tts_text
from .faces import DeckFaces, pixels
from .png import encode

__all__ = ["tts_files", "COLUMNS", "ROWS", "SIDE", "grid"]

COLUMNS, ROWS, SIDE = 10, 7, 4096      # Tabletop Simulator's largest deck sheet
PER_SHEET = COLUMNS * ROWS - 1         # the last slot is the hidden card's
TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}          # face down, on the table's centre


def grid(slots: int, size: tuple[int, int]) -> tuple[int, int]:
    """Columns and rows of a sheet of ``slots`` slots (the hidden one included) for cards of
    ``size`` pixels: of the grids from 2 × 2 to 10 × 7 that hold them, the one whose cards are
    scaled down least to keep the sheet within SIDE, then the one with fewest empty slots."""
    grids = [(c, max(2, math.ceil(slots / c))) for c in range(2, COLUMNS + 1) if math.ceil(slots / c) <= ROWS]
    return max(grids, key=lambda g: (_cell(size, g), -g[0] * g[1]))


def tts_files(spec: GameSpec, faces: DeckFaces, lang: str, dpi: float,
              url: Callable[[str], str]) -> Iterator[tuple[str, bytes]]:
    """(file name, bytes) of the deck's sheets, back and saved object; ``url(name)`` is the
    address the saved object gives the image ``name``."""
    comp = faces.comp
    pairs = [(f, faces.backs[i] if faces.backs else None) for i, f in enumerate(faces.fronts)]
    slots = list(dict.fromkeys(pairs))                      # distinct (front, back), in order
    sheets = [slots[i:i + PER_SHEET] for i in range(0, len(slots), PER_SHEET)]
    size = pixels(comp, dpi, False)
    shapes = [grid(len(sheet) + 1, size) for sheet in sheets]
    cells = [_cell(size, shape) for shape in shapes]
    images = dict(faces.images(dpi * max(cells)[0] / size[0], False))     # once, at the largest cell

    def fit(page: int, cell: tuple[int, int]) -> Image.Image:
        image = images[page]
        return image if image.size == cell else image.resize(cell, Image.LANCZOS)
    unique = faces.common_back is None and faces.backs is not None
    decks = {}
    for n, (sheet, shape, cell) in enumerate(zip(sheets, shapes, cells), 1):
        face = f"{comp.name}-sheet-{n}.png"
        yield face, encode(_sheet([fit(f, cell) for f, _ in sheet], fit(faces.hidden, cell), shape))
        back = f"{comp.name}-back-sheet-{n}.png" if unique else f"{comp.name}-back.png"
        if unique:
            yield back, encode(_sheet([fit(b, cell) for _, b in sheet], fit(faces.hidden, cell), shape))
        decks[str(n)] = {"FaceURL": url(face), "BackURL": url(back), "NumWidth": shape[0], "NumHeight": shape[1],
                         "BackIsHidden": False, "UniqueBack": unique, "Type": 0}
    if not unique:
        yield f"{comp.name}-back.png", encode(fit(faces.common_back if faces.backs else faces.hidden, cells[0]))
    where = {pair: (1 + i // PER_SHEET, i % PER_SHEET) for i, pair in enumerate(slots)}
    cards = []
    for (n, row), pair in zip(faces.rows, pairs):            # each row's copies: the kit's order
        (deck, slot), name = where[pair], _nickname(spec, comp, row, lang, n)
        for _ in range(row.copies):
            cards.append({"Name": "Card", "Transform": TRANSFORM, "Nickname": name,
                          "Description": tts_text(spec, comp, row, lang, "description"), "GUID": _guid(spec.game, lang, comp.name, len(cards)),
                          "CardID": deck * 100 + slot, "CustomDeck": {str(deck): decks[str(deck)]}})
    yield f"{comp.name}.json", json.dumps(_saved_object(spec, comp, lang, cards, decks), indent=2,
                                          ensure_ascii=False).encode("utf-8")


def _cell(size: tuple[int, int], shape: tuple[int, int]) -> tuple[int, int]:
    """A card's pixels on a sheet of ``shape`` slots: its size at the asked dpi, scaled down
    (never up) until the sheet is at most SIDE a side."""
    (w, h), (columns, rows) = size, shape
    scale = min(1.0, SIDE / (columns * w), SIDE / (rows * h))
    return max(1, min(SIDE // columns, round(w * scale))), max(1, min(SIDE // rows, round(h * scale)))


def _sheet(cards: list[Image.Image], hidden: Image.Image, shape: tuple[int, int]) -> Image.Image:
    """The cards in a grid of ``shape``, row by row from the top left, the hidden card in the last slot."""
    (columns, rows), (w, h) = shape, hidden.size
    sheet = Image.new("RGB", (columns * w, rows * h), "white")
    for i, image in enumerate(cards):
        sheet.paste(image, (i % columns * w, i // columns * h))
    sheet.paste(hidden, ((columns - 1) * w, (rows - 1) * h))
    return sheet


def _nickname(spec: GameSpec, comp, row, lang: str, n: int) -> str:
    """What the table shows for a card: its ``tts: name`` or front's title, name, word or
    value (forge/cardspec/tabletop.py), else the component and row."""
    return tts_text(spec, comp, row, lang, "name") or f"{component_title(spec, comp, lang)} {n}"


def _guid(*parts) -> str:
    """A stable six-hex-digit object id (Tabletop Simulator gives its own on a clash)."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _saved_object(spec: GameSpec, comp, lang: str, cards: list[dict], decks: dict) -> dict:
    """A saved object: a save whose table fields are empty, holding the deck (or the one card)."""
    title = component_title(spec, comp, lang)
    if len(cards) == 1:
        obj = {**cards[0], "Nickname": title}
    else:
        obj = {"Name": "DeckCustom", "Transform": TRANSFORM, "Nickname": title,
               "Description": f"{spec.titles.get(lang, spec.title)} ({lang})", "GUID": _guid(spec.game, lang, comp.name),
               "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": decks, "ContainedObjects": cards}
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [obj]}
