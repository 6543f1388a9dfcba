"""forge's own declared layouts: ``forge/kit/layouts/<name>.yaml``, each a layout of positioned
parts (:mod:`forge.cardspec.part_types`, drawn by :mod:`forge.kit.parts`) registered like the
Python ones, and that a spec's own layouts may extend."""
from __future__ import annotations

from pathlib import Path

from ..cardspec.checks import Problems
from ..cardspec.layouts import build_layout
from ..cardspec.yamlload import load_yaml
from .parts import draw_parts
from .registry import LAYOUTS

__all__ = ["DECLARED", "FOLDER"]

FOLDER = Path(__file__).resolve().parent / "layouts"
#: name → the layout as written (a spec's ``extends:`` merges over it)
DECLARED = {}


def _register() -> None:
    for path in sorted(FOLDER.glob("*.yaml")):
        raw = load_yaml(path, f"forge/kit/layouts/{path.name}")
        pb = Problems()
        lay = build_layout(path.stem, raw, pb, draw_parts)
        if pb.errors or lay is None:                 # forge's own files: a bug, not bad input
            raise AssertionError("; ".join(str(e) for e in pb.errors))
        DECLARED[path.stem] = raw
        LAYOUTS[path.stem] = lay


_register()
