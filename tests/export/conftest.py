"""Shared for the export tests: the Dalmuti deck's rows as its data file gives them."""
from __future__ import annotations

import csv

from ..conftest import ROOT

MM = 300 / 25.4                  # pixels per millimetre at 300 dpi
POKER = (63.5, 88.9)             # the Dalmuti card (card: poker), in mm
BLEED = 3.0                      # cardspecs/dalmuti.yaml: bleed: 3mm


def dalmuti_rows() -> list[dict]:
    with open(ROOT / "cardspecs" / "dalmuti" / "deck.csv", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))
